import AskLayout
import AskModel
import AskRender
import AskSession
import AskText

/// A number between bounds, moved with the keys (dialog's `--rangebox`), drawn by `RangeView`:
/// it answers the number for any button but Cancel.
package struct RangeControl: Control {
    package enum Move: Equatable, Sendable {
        case arrow(up: Bool), step(Int), page(Int), first, last, next, previous, press, digit(Unicode.Scalar)
        case common(Action)
    }

    package private(set) var state: RangeState
    package var chrome: AlertChrome { state.chrome }
    package let problem: Never? = nil
    private var plainOrder: [ButtonRole]
    private var saidValue: Int?

    package init(chrome: AlertChrome, spec: RangeSpec) {
        state = RangeState(chrome: chrome, spec: spec)
        plainOrder = Plain.buttonOrder(of: state.chrome)
    }

    package static let keys = KeyMap<Move>([
        KeyRow("Up / Down", "more / less (as dialog: less / more): by 1, or by the focused column's place",
               [KeyBinding(.key(.up), .arrow(up: true)), KeyBinding(.key(.down), .arrow(up: false))]),
        KeyRow("+ / -", "more / less, by the same steps as Up and Down", [KeyBinding(.scalar("+"), .step(1)), KeyBinding(.scalar("-"), .step(-1))]),
        KeyRow("PgUp / PgDn", "less / more by a page", [KeyBinding(.key(.pageUp), .page(-1)), KeyBinding(.key(.pageDown), .page(1))]),
        KeyRow("Home / End", "the lowest / the highest", [KeyBinding(.key(.home), .first), KeyBinding(.key(.end), .last)]),
        KeyRow("Tab, Right / Shift-Tab, Left, Backspace", "the next / the previous button or column of the number",
               [KeyBinding(.key(.tab), .next), KeyBinding(.key(.right), .next), KeyBinding(.key(.tab, .shift), .previous),
                KeyBinding(.key(.left), .previous), KeyBinding(.key(.backspace), .previous)]),
        KeyRow("0-9", "in a column of the number: that digit, when the number stays in bounds",
               [KeyBinding(.character) { event in
                   if case let .character(scalar) = event, ("0"..."9").contains(scalar) { return .digit(scalar) }
                   return .common(.ignore)
               }]),
        KeyRow("Enter, Space", "press the focused button (OK from the number)",
               [KeyBinding(.key(.enter), .press), KeyBinding(.scalar(" "), .press)]),
        KeyRow("Esc", "cancel", [KeyBinding(.key(.escape), .common(.cancel))]),
    ] + KeyMap(KeyBindings.shared).mapped { .common($0) })

    package var initialViewState: Int { 0 }

    package mutating func handle(_ event: InputEvent, in frame: Frame<RangeView>?) -> Reaction {
        let spec = state.spec
        switch Self.keys.action(for: event) {
        case let .arrow(up)?: return state.move(by: (up == spec.upLowers ? -1 : 1) * state.step) ? .proceed : .bell
        case let .step(direction)?: return state.move(by: direction * state.step) ? .proceed : .bell
        case let .page(direction)?: return state.move(by: direction * spec.page) ? .proceed : .bell
        case .first?: return state.set(spec.minimum) ? .proceed : .bell
        case .last?: return state.set(spec.maximum) ? .proceed : .bell
        case .next?, .previous?:
            state.moveFocus(forward: Self.keys.action(for: event) == .next, order: frame?.buttonOrder ?? plainOrder)
            return .proceed
        case .press?: return .finish(.accepted(state.pressed))
        case let .digit(scalar)?: return state.type(scalar) ? .proceed : .bell
        case let .common(action)?: return KeyBindings.sharedReaction(action) ?? .bell
        case nil: return .bell
        }
    }

    /// The number, for any button but Cancel (dialog writes it for OK, Extra and Help).
    package func response(_ outcome: Outcome) -> Response {
        guard outcome.printsAnswer else { return Response(nothing: outcome) }
        return Response(outcome: outcome, answers: [TextBuffer(String(state.value), secret: false)])
    }

    package func keptAnswer(_ outcome: Outcome, content: AlertContent) -> [Glyph]? {
        outcome.printsAnswer ? DisplayText.glyphs(String(state.value), charset: content.charset) : nil
    }

    /// Plain output: the question, the bounds and the keys once, then the number each time it changes.
    package mutating func beginPlain(_ content: AlertContent) -> [UInt8] {
        let spec = state.spec
        var lines = [content.chrome.title, content.chrome.message].filter { !$0.isEmpty }
        lines.append(tr("A number from %d to %d: Up and Down change it, Return answers it, Esc cancels.", String(spec.minimum), String(spec.maximum)))
        saidValue = state.value
        lines.append(String(state.value))
        return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    package mutating func updatePlain(_ content: AlertContent) -> [UInt8] {
        guard saidValue != state.value else { return [] }
        saidValue = state.value
        return Array((String(state.value) + "\r\n").utf8)
    }

    package mutating func endPlain() -> [UInt8] { [] }
}
