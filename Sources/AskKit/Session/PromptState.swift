import Glibc

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
    public var status: StatusLine?

    /// A bracketed paste being collected; inserted in one piece when it ends.
    private let paste = SecureBytes(capacity: 64)
    private var isPasting = false
    private var pasteLineBreakPending = false

    public init(spec: PromptSpec) {
        self.spec = spec
        editor = LineEditor(text: TextBuffer(spec.value), wordsAreOpaque: spec.isSecure)
        focus = spec.hasField ? .field : .button(spec.effectiveDefaultButton)
        buttonsStacked = spec.buttons.count == 3
    }

    /// Whether the buttons are drawn in a stack (three of them, or two whose labels do not fit
    /// side by side); the layout decides and the session tells the state.
    public var buttonsStacked: Bool

    /// The buttons in the order they are drawn: leading to trailing side by side (Cancel, then
    /// OK), top to bottom in a stack (OK, secondary, Cancel).
    public var buttonOrder: [ButtonRole] { Self.buttonOrder(of: spec, stacked: buttonsStacked) }

    /// Everything Tab moves through, in order.
    private var focusOrder: [Focus] {
        (spec.hasField ? [Focus.field] : []) + buttonOrder.map(Focus.button)
    }

    public mutating func handle(_ event: InputEvent) -> Reaction {
        switch event {
        case .pasteBegin:
            paste.wipe()
            isPasting = true
            pasteLineBreakPending = false
            return .proceed
        case let .pasted(scalar):
            collectPasted(scalar)
            return .proceed
        case .pasteEnd:
            return finishPaste()
        case .invalid:
            return .bell
        case .unknown:
            return .proceed
        default:
            return perform(KeyBindings.action(for: event))
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
            editor.apply(.insert(scalar))
            return edited()
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
        case .ignore:
            return .proceed
        }
    }

    /// After the text changed: an error about the old text no longer applies.
    private mutating func edited() -> Reaction {
        if status?.isError == true { status = nil }
        return .proceed
    }

    private func activate(_ role: ButtonRole) -> Reaction {
        role == .cancel ? .finish(.cancelled) : .finish(.accepted(role))
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
            if !paste.isEmpty { pasteLineBreakPending = true }
            return
        case 0x09:
            break
        case 0..<0x20, 0x7F...0x9F:
            return
        default:
            break
        }
        if pasteLineBreakPending {
            paste.append(0x20)
            pasteLineBreakPending = false
        }
        paste.append(scalar.value == 0x09 ? " " : scalar)
    }

    private mutating func finishPaste() -> Reaction {
        defer {
            paste.wipe()
            isPasting = false
        }
        guard spec.hasField, !paste.isEmpty else { return .bell }
        focus = .field
        editor.insert(utf8: paste.bytes)
        return edited()
    }

    /// Wipes everything typed: the field and any paste in progress.
    public mutating func wipe() {
        editor.clear()
        paste.wipe()
    }
}

extension PromptState {
    /// The buttons of `spec` in drawing order (see `buttonOrder`).
    public static func buttonOrder(of spec: PromptSpec, stacked: Bool) -> [ButtonRole] {
        let roles = spec.buttons.map(\.role)
        return stacked ? roles : roles.reversed()
    }
}
