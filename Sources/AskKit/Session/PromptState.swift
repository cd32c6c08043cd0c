import CAskSystem

/// Where keyboard input goes.
public enum Focus: Equatable, Sendable {
    case field
    case button(ButtonRole)
}

/// What the session should do after an event.
public enum Reaction: Equatable, Sendable {
    /// Carry on (and draw, if anything changed).
    case proceed
    /// The key did nothing: ring the bell.
    case bell
    /// Draw everything again from scratch (Ctrl-L).
    case redraw
    /// Stop the process (Ctrl-Z), then come back.
    case suspend
    case finish(Outcome)
}

/// A line under the field: an error in red, or a hint.
public struct StatusLine: Equatable, Sendable {
    public var text: String
    public var isError: Bool

    public init(_ text: String, isError: Bool) {
        self.text = text
        self.isError = isError
    }
}

/// The alert's state: the field's editor, the focus and the line under the field. Pure: events
/// in, reactions out; the session does the IO and the layout draws it.
public struct PromptState {
    public let spec: PromptSpec
    public var editor: LineEditor
    public private(set) var focus: Focus
    /// The first grapheme shown in the field (it scrolls to keep the cursor in view).
    public var fieldScroll = 0
    /// An error about the answer; cleared by the next edit.
    public private(set) var status: StatusLine?
    /// Whether the buttons are drawn in a stack (three of them, or two whose labels do not fit
    /// side by side); the layout decides and the session tells the state.
    public var buttonsStacked: Bool
    /// Secure text shown in clear (Ctrl-R with `--allow-reveal`).
    public private(set) var isRevealed = false
    /// With `--repeat`: the first entry, while the second is typed.
    public private(set) var isRepeating = false
    /// Whole seconds left before `--timeout`, once the countdown shows (the session sets it).
    public var countdown: Int?

    private let firstEntry: TextBuffer
    /// A bracketed paste being collected; inserted in one piece when it ends.
    private let paste: SecureBytes
    private var pasteLineBreakPending = false
    private var pasteRefused = false
    /// Some of the paste in progress is already in the field (a long paste goes in a read at a
    /// time, so it never needs a second copy of itself in memory).
    private var pastedAnything = false

    public init(spec: PromptSpec) {
        self.spec = spec
        editor = LineEditor(text: TextBuffer(Self.asPasted(spec.value), secret: spec.isSecure), wordsAreOpaque: spec.isSecure)
        // Locked against swapping only for a secret: a visible answer gains nothing from it.
        firstEntry = TextBuffer(capacity: 64, secret: spec.isSecure)
        paste = SecureBytes(capacity: 64, locked: spec.isSecure)
        focus = spec.hasField ? .field : .button(spec.effectiveDefaultButton)
        buttonsStacked = spec.buttons.count == 3
    }

    /// The buttons in the order they are drawn: leading to trailing side by side (Cancel, then
    /// OK), top to bottom in a stack (OK, secondary, Cancel).
    public var buttonOrder: [ButtonRole] { Self.buttonOrder(of: spec, stacked: buttonsStacked) }

    /// Everything Tab moves through, in order.
    private var focusOrder: [Focus] {
        (spec.hasField ? [Focus.field] : []) + buttonOrder.map(Focus.button)
    }

    /// The hint for the empty field: the repeat label on the second entry.
    public var placeholder: String { isRepeating ? spec.repeatLabel : spec.placeholder }

    /// Whether the field shows the text itself rather than a mask.
    public var showsText: Bool { !spec.isSecure || isRevealed }

    /// `n/N` under the field as `--max-length` nears, or once a paste was cut to fit.
    public var counter: String? {
        // An empty mask hides the length; a counter would tell it.
        if spec.isSecure && spec.mask == "" && !isRevealed { return nil }
        guard let maximum = spec.validation.maximumLength else { return nil }
        let count = editor.text.count
        let near = maximum - max(maximum / 4, 3)
        return count >= near || pasteRefused ? "\(count)/\(maximum)" : nil
    }

    /// A hint for when there is no error.
    public var hint: String? {
        guard spec.isSecure && spec.allowsReveal else { return nil }
        return isRevealed ? "Ctrl-R hides the text" : "Ctrl-R shows the text"
    }

    public mutating func handle(_ event: InputEvent) -> Reaction {
        switch event {
        case .pasteBegin:
            paste.wipe()
            pasteLineBreakPending = false
            pastedAnything = false
            return .proceed
        case let .pasted(scalar):
            collectPasted(scalar)
            return .proceed
        case .pasteEnd:
            let reaction = flushPaste()
            defer { pastedAnything = false }
            return pastedAnything ? reaction : .bell
        case .invalid:
            return .bell
        case .unknown, .cursorReport, .terminalKind:
            return .proceed
        default:
            let action = KeyBindings.action(for: event)
            if spec.closesOnAnyKey && action != .interrupt && action != .suspend { return .finish(.accepted(.ok)) }
            return perform(action)
        }
    }

    private mutating func perform(_ action: Action) -> Reaction {
        switch action {
        case let .edit(command):
            guard spec.hasField else { return .bell }
            focus = .field
            return editor.apply(command) ? edited() : .bell
        case .activate:
            if case let .button(role) = focus { return activate(role) }
            return activate(spec.effectiveDefaultButton)
        case let .press(scalar):
            if case let .button(role) = focus, scalar == " " { return activate(role) }
            guard spec.hasField else { return .bell }
            focus = .field
            return type(scalar) ? edited() : .bell
        case .cancel:
            return .finish(.cancelled)
        case .endOfInput:
            if !spec.hasField || editor.isEmpty { return .finish(.cancelled) }
            focus = .field
            return editor.apply(.deleteForward) ? edited() : .bell
        case .interrupt:
            return .finish(.interrupted(signal: SIGINT))
        case .suspend:
            return .suspend
        case .focusNext:
            return moveFocus(by: 1, wrapping: true)
        case .focusPrevious:
            return moveFocus(by: -1, wrapping: true)
        case let .arrow(key):
            if focus == .field {
                switch key {
                case .left: return editor.apply(.moveLeft) ? .proceed : .bell
                case .right: return editor.apply(.moveRight) ? .proceed : .bell
                default: return .bell
                }
            }
            return moveFocus(by: key == .left || key == .up ? -1 : 1, wrapping: false)
        case .redraw:
            return .redraw
        case .toggleReveal:
            guard spec.isSecure && spec.allowsReveal else { return .bell }
            isRevealed.toggle()
            return .proceed
        case .ignore:
            return .proceed
        }
    }

    /// Types one scalar, if the keyboard type and `--max-length` allow it.
    private mutating func type(_ scalar: Unicode.Scalar) -> Bool {
        guard spec.keyboard.accepts(scalar, in: editor.text, at: editor.cursor) else { return false }
        editor.apply(.insert(scalar))
        if let maximum = spec.validation.maximumLength, editor.text.count > maximum {
            editor.apply(.deleteBackward)
            return false
        }
        return true
    }

    /// After the text changed: an error about the old text no longer applies.
    private mutating func edited() -> Reaction {
        if status?.isError == true { status = nil }
        pasteRefused = false
        return .proceed
    }

    /// OK and the secondary check the answer first (and, with `--repeat`, ask again).
    private mutating func activate(_ role: ButtonRole) -> Reaction {
        guard role != .cancel else { return .finish(.cancelled) }
        guard spec.hasField else { return .finish(.accepted(role)) }
        if let failure = problem() {
            refuse(failure)
            return .bell
        }
        guard spec.repeatsEntry else { return .finish(.accepted(role)) }
        if !isRepeating {
            firstEntry.copy(from: editor.text)
            editor.clear()
            isRepeating = true
            focus = .field
            return .proceed
        }
        let same = firstEntry.hasSameBytes(as: editor.text)
        firstEntry.wipe()
        isRepeating = false
        guard same else {
            editor.clear()
            focus = .field
            refuse(.entriesDiffer)
            return .bell
        }
        return .finish(.accepted(role))
    }

    private mutating func refuse(_ failure: ValidationFailure) {
        status = StatusLine(spec.validation.errorMessage ?? failure.message, isError: true)
        focus = .field
    }

    /// The first rule the field's text breaks.
    public func problem() -> ValidationFailure? {
        spec.problem(with: editor.text)
    }

    /// Tab cycles through the field and every button; arrows move between buttons only.
    private mutating func moveFocus(by step: Int, wrapping: Bool) -> Reaction {
        let order = wrapping ? focusOrder : buttonOrder.map(Focus.button)
        guard let index = order.firstIndex(of: focus) else { return .bell }
        var next = index + step
        if wrapping {
            next = (next + order.count) % order.count
        } else if next < 0 || next >= order.count {
            return .bell
        }
        focus = order[next]
        return .proceed
    }

    // MARK: - Paste

    /// Keeps printable text; a line break becomes one space (none at the end), a tab a space,
    /// other controls are dropped, so a paste never submits and never carries an escape.
    private mutating func collectPasted(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x0A, 0x0D:
            if !paste.isEmpty || pastedAnything { pasteLineBreakPending = true }
            return
        case 0..<0x20 where scalar.value != 0x09, 0x7F...0x9F:
            return
        default:
            break
        }
        if pasteLineBreakPending {
            pasteLineBreakPending = false
            paste.append(0x20)
        }
        paste.append(scalar.value == 0x09 ? " " : scalar)
    }

    /// Whether pasted text is waiting to go into the field.
    public var hasPendingPaste: Bool { !paste.isEmpty }

    /// Inserts what has been pasted so far (the session calls this after each read, and the
    /// paste's end does). With a keyboard type it goes through the same filter as typing, one
    /// character at a time; otherwise in one piece. What `--max-length` cannot take is cut, and
    /// the counter and a message say so: never a silent truncation.
    public mutating func flushPaste() -> Reaction {
        defer { paste.wipe() }
        guard spec.hasField, !paste.isEmpty else { return .proceed }
        pastedAnything = true
        focus = .field
        _ = edited()
        var refused = false
        if spec.keyboard == .default {
            editor.insert(utf8: paste.bytes)
        } else {
            for scalar in UTF8Scalars(paste.bytes.bindMemory(to: UInt8.self)) where !type(scalar) {
                refused = true
            }
        }
        let maximum = spec.validation.maximumLength ?? Int.max
        let over = editor.text.count - maximum
        if over > 0 {
            let end = editor.cursor
            editor.text.remove(max(end - over, 0)..<end)
            editor.setCursor(max(end - over, 0))
        }
        if over > 0 || (refused && editor.text.count >= maximum) {
            pasteRefused = true
            status = StatusLine("Pasted text was cut", isError: true)
        }
        return refused || over > 0 ? .bell : .proceed
    }

    /// Wipes everything typed: the field, a first entry, any paste in progress.
    public mutating func wipe() {
        editor.clear()
        firstEntry.wipe()
        paste.wipe()
    }
}

extension PromptState {
    /// `--value` as the field takes it: like a paste, line breaks become one space (none at
    /// the end), a tab a space, and other controls are dropped — typed text never holds any.
    public static func asPasted(_ value: String) -> String {
        var result = ""
        var lineBreak = false
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x0D:
                lineBreak = !result.isEmpty
            case 0x09, 0x20...0x7E, 0xA0...:
                if lineBreak { result += " " }
                lineBreak = false
                result.unicodeScalars.append(scalar.value == 0x09 ? " " : scalar)
            default:
                break
            }
        }
        return result
    }

    /// The buttons of `spec` in drawing order (see `buttonOrder`).
    public static func buttonOrder(of spec: PromptSpec, stacked: Bool) -> [ButtonRole] {
        let roles = spec.buttons.map { $0.role }
        return stacked ? roles : roles.reversed()
    }
}
