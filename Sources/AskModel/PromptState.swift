import AskMemory
import AskText

/// Where keyboard input goes.
package enum Focus: Equatable, Sendable {
    case field
    case button(ButtonRole)
}

/// What the session should do after an event.
package enum Reaction: Equatable, Sendable {
    /// Carry on (and draw, if anything changed).
    case proceed
    /// The key did nothing: ring the bell.
    case bell
    /// Draw everything again from scratch (Ctrl-L).
    case redraw
    /// Stop the process (Ctrl-Z), then come back.
    case suspend
    /// Ctrl-C: end as if interrupted by SIGINT (the session knows the signal's number).
    case interrupt
    case finish(Outcome)
}

/// A line under the field: an error in red, or a hint.
package struct StatusLine: Equatable, Sendable {
    package var text: String
    package var isError: Bool

    package init(_ text: String, isError: Bool) {
        self.text = text
        self.isError = isError
    }
}

/// The alert's state: the field's editor, the focus and the line under the field. Pure: events
/// in, reactions out; the session does the IO and the layout draws it.
package struct PromptState {
    package let spec: PromptSpec
    /// `--pattern`, compiled.
    private let pattern: AnswerPattern?
    package var editor: LineEditor
    package private(set) var focus: Focus
    /// An error about the answer; cleared by the next edit.
    package private(set) var status: StatusLine?
    /// Secure text shown in clear (Ctrl-R with `--allow-reveal`).
    package private(set) var isRevealed = false
    /// With `--repeat`: the first entry, while the second is typed.
    package private(set) var isRepeating = false
    /// A key has been refused because the field already held `--max-length` characters.
    package private(set) var refusedAtMaximumLength = false

    private let firstEntry: TextBuffer
    /// A bracketed paste being collected; inserted in one piece when it ends.
    private let paste: SecureBytes
    private var pasteCleaner = PasteCleaner()
    private var pasteRefused = false
    /// Some of the paste in progress is already in the field (a long paste goes in a read at a
    /// time, so it never needs a second copy of itself in memory).
    private var pastedAnything = false

    /// `pattern`: `--pattern` compiled, when the spec has one.
    package init(spec: PromptSpec, pattern: AnswerPattern? = nil) {
        self.spec = spec
        self.pattern = pattern
        editor = LineEditor(text: TextBuffer(Self.asPasted(spec.value), secret: spec.isSecure), wordsAreOpaque: spec.isSecure)
        // Locked against swapping only for a secret: a visible answer gains nothing from it.
        firstEntry = TextBuffer(capacity: 64, secret: spec.isSecure)
        paste = SecureBytes(capacity: 64, locked: spec.isSecure)
        focus = spec.hasField ? .field : .button(spec.effectiveDefaultButton)
    }

    /// The hint for the empty field: the repeat label on the second entry.
    package var placeholder: String { isRepeating ? spec.repeatLabel : spec.placeholder }

    /// Whether the field shows the text itself rather than a mask.
    package var showsText: Bool { !spec.isSecure || isRevealed }

    /// `n/N` under the field as `--max-length` nears, or once a paste was cut to fit.
    package var counter: String? {
        // An empty mask hides the length; a counter would tell it.
        if spec.isSecure && spec.mask == "" && !isRevealed { return nil }
        guard let limit = spec.validation.maximumLength else { return nil }
        let maximum = max(limit, 0)  // a spec built in code may hold anything
        let count = editor.text.count
        let near = maximum - max(maximum / 4, 3)
        return count >= near || pasteRefused ? "\(count)/\(maximum)" : nil
    }

    /// A hint for when there is no error.
    package var hint: String? {
        guard spec.isSecure && spec.allowsReveal else { return nil }
        return isRevealed ? "Ctrl-R hides the text" : "Ctrl-R shows the text"
    }

    /// Applies one event. `buttonOrder`: the buttons as the view shows them, leading to trailing
    /// or top to bottom (`ButtonRole.order(of:stacked:)`): Tab and the arrows follow it.
    package mutating func handle(_ event: InputEvent, buttonOrder: [ButtonRole]) -> Reaction {
        switch event {
        case .pasteBegin:
            paste.wipe()
            pasteCleaner = PasteCleaner()
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
            return perform(action, buttonOrder: buttonOrder)
        }
    }

    private mutating func perform(_ action: Action, buttonOrder: [ButtonRole]) -> Reaction {
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
            return .interrupt
        case .suspend:
            return .suspend
        case .focusNext:
            return moveFocus(by: 1, through: buttonOrder, wrapping: true)
        case .focusPrevious:
            return moveFocus(by: -1, through: buttonOrder, wrapping: true)
        case let .arrow(key):
            if focus == .field {
                switch key {
                case .left: return editor.apply(.moveLeft) ? .proceed : .bell
                case .right: return editor.apply(.moveRight) ? .proceed : .bell
                default: return .bell
                }
            }
            return moveFocus(by: key == .left || key == .up ? -1 : 1, through: buttonOrder, wrapping: false)
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
            refusedAtMaximumLength = true
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
    package func problem() -> ValidationFailure? {
        spec.problem(with: editor.text, pattern: pattern)
    }

    /// Tab cycles through the field and every button; arrows move between buttons only.
    private mutating func moveFocus(by step: Int, through buttonOrder: [ButtonRole], wrapping: Bool) -> Reaction {
        let buttons = buttonOrder.map(Focus.button)
        let order = wrapping && spec.hasField ? [Focus.field] + buttons : buttons
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

    /// Keeps what the field may hold (see `PasteCleaner`).
    private mutating func collectPasted(_ scalar: Unicode.Scalar) {
        let paste = self.paste
        pasteCleaner.take(scalar) { paste.append($0) }
    }

    /// Whether pasted text is waiting to go into the field.
    package var hasPendingPaste: Bool { !paste.isEmpty }

    /// Inserts what has been pasted so far (the session calls this after each read, and the
    /// paste's end does). With a keyboard type it goes through the same filter as typing, one
    /// character at a time; otherwise in one piece. What `--max-length` cannot take is cut, and
    /// the counter and a message say so: never a silent truncation.
    package mutating func flushPaste() -> Reaction {
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
        let maximum = max(spec.validation.maximumLength ?? Int.max, 0)
        let over = editor.text.count - maximum
        if over > 0 {
            let end = editor.cursor
            editor.text.remove(max(end - over, 0)..<end)
            editor.setCursor(max(end - over, 0))
        }
        if over > 0 || (refused && editor.text.count >= maximum) {
            pasteRefused = true
            status = StatusLine(Validation.pasteCutMessage, isError: true)
        }
        return refused || over > 0 ? .bell : .proceed
    }

    /// Wipes everything typed: the field, a first entry, any paste in progress.
    package mutating func wipe() {
        editor.clear()
        firstEntry.wipe()
        paste.wipe()
    }
}

extension PromptState {
    /// `--value` as the field takes it: like a paste (see `PasteCleaner`).
    package static func asPasted(_ value: String) -> String {
        PasteCleaner.cleaned(value)
    }
}
