import AskModel

/// A whole number between bounds (dialog's `--rangebox`): where it starts, its bounds, and how
/// far a page moves it.
package struct RangeSpec: Equatable, Sendable {
    package var minimum: Int
    package var maximum: Int
    package var value: Int
    /// How far PgUp and PgDn move the number (dialog's: the range over the bar's columns).
    package var page: Int
    /// Up makes the number smaller and Down larger, as in dialog's range box (else Up larger).
    package var upLowers = false

    /// Bounds the wrong way round are one (the lower), and the value is held to them.
    package init(minimum: Int, maximum: Int, value: Int, page: Int = 1) {
        self.minimum = minimum
        self.maximum = max(maximum, minimum)
        self.value = min(max(value, minimum), self.maximum)
        self.page = max(page, 1)
    }

    /// OK, Cancel and the others, as an alert has them.
    package static let buttonRow = ButtonRow.alert
}

/// The number as it is moved: its value, and what has the focus — a button, or one of the
/// number's digit columns (dialog's way: Tab and the arrows go from the buttons through the
/// columns; a digit typed there replaces that column's digit when the number stays in bounds;
/// Up and Down move it by that column's place, 1 on a button).
package struct RangeState: Equatable, Sendable {
    package enum Focus: Equatable, Sendable {
        case button(ButtonRole)
        /// A column of the number, 0 the leftmost of `width`.
        case digit(Int)
    }

    package let chrome: AlertChrome
    package let spec: RangeSpec
    package private(set) var value: Int
    package var focus: Focus

    package init(chrome: AlertChrome, spec: RangeSpec) {
        self.chrome = chrome.showing(RangeSpec.buttonRow)
        self.spec = spec
        value = spec.value
        focus = .button(self.chrome.effectiveDefaultButton)
    }

    /// The columns the number is written in: those of the wider bound, sign included.
    package var width: Int { max(String(spec.minimum).count, String(spec.maximum).count) }

    /// The number right-aligned in `width` columns.
    package var text: String { String(repeating: " ", count: max(width - String(value).count, 0)) + String(value) }

    /// Moves the number by `step` (held to the bounds); whether it changed.
    package mutating func move(by step: Int) -> Bool { set(value + step) }

    /// Sets the number, held to the bounds; whether it changed.
    @discardableResult
    package mutating func set(_ number: Int) -> Bool {
        let held = min(max(number, spec.minimum), spec.maximum)
        defer { value = held }
        return held != value
    }

    /// The step Up and Down take where the focus is: a digit column's place, else 1.
    package var step: Int {
        guard case let .digit(column) = focus else { return 1 }
        return (0..<max(width - 1 - column, 0)).reduce(1) { product, _ in product * 10 }
    }

    /// Types `digit` in the focused column: the number with that column's digit replaced,
    /// taken when it is a number in bounds (a digit before the number's spaces makes none).
    package mutating func type(_ digit: Unicode.Scalar) -> Bool {
        guard case let .digit(column) = focus, column < width else { return false }
        var characters = Array(text)
        characters[column] = Character(digit)
        let typed = String(characters).drop { $0 == " " }
        guard let number = Int(typed), (spec.minimum...spec.maximum).contains(number) else { return false }
        value = number
        return true
    }

    /// The focus one step on (`forward`) or back, in dialog's order: the buttons as `order`
    /// has them, then the number's columns left to right, round again.
    package mutating func moveFocus(forward: Bool, order: [ButtonRole]) {
        let stops = order.map(Focus.button) + (0..<width).map(Focus.digit)
        let here = stops.firstIndex(of: focus) ?? 0
        focus = stops[(here + (forward ? 1 : stops.count - 1)) % stops.count]
    }

    /// The button Return presses: the focused one, OK from the number.
    package var pressed: ButtonRole {
        if case let .button(role) = focus { return role }
        return .ok
    }
}
