import AskMemory
import AskModel
import AskText

/// Where keyboard input goes.
package enum Focus: Equatable, Sendable {
    /// A text field, by its place in `PromptSpec.fields`.
    case field(Int)
    case button(ButtonRole)
    /// The text above the fields, when it is a stop of the focus (`MessageLayout.takesFocus`).
    case message

    package var isField: Bool {
        if case .field = self { return true }
        return false
    }
}

/// The alert's state: its fields, the focus, a paste in progress. Pure: events in, reactions
/// out; the session does the IO and the layout draws it.
package struct PromptState {
    /// The alert around the fields: its title, message and buttons.
    package let chrome: AlertChrome
    package private(set) var fields: [FieldState]
    package private(set) var focus: Focus
    /// The field the keys edit: the focused one, or the one last focused while a button is.
    package private(set) var current = 0

    /// A bracketed paste being collected; inserted in one piece when it ends.
    private let paste: SecureBytes
    private var pasteCleaner = PasteCleaner()
    /// Some of the paste in progress is already in the field (a long paste goes in a read at a
    /// time, so it never needs a second copy of itself in memory).
    private var pastedAnything = false
    /// What a path field completes from and a history is read from.
    private let files: FieldFiles

    /// `patterns`: each field's `--pattern` compiled, by the field's place (missing: none).
    /// `linesAtATime`: a multi-line field takes its lines one after another, and an empty line
    /// ends them (plain output, where the lines written cannot be taken back).
    /// `files`: what a path field completes from and a history is read from.
    package init(chrome: AlertChrome, fields specs: [FieldSpec], patterns: [AnswerPattern?] = [], linesAtATime: Bool = false,
                 files: FieldFiles = .none) {
        self.chrome = chrome.showing(.alert)
        self.files = files
        fields = specs.indices.map { index in
            FieldState(spec: specs[index], pattern: index < patterns.count ? patterns[index] : nil, linesAtATime: linesAtATime)
        }
        paste = SecureBytes(capacity: 64, locked: specs.contains { $0.isSecure })
        focus = specs.isEmpty || chrome.startsOnDefaultButton ? .button(chrome.effectiveDefaultButton) : .field(0)
        if chrome.messageLayout.startsWithFocus(defaultButton: chrome.defaultButton) { focus = .message }
        readHistoriesShown()
    }

    /// Field `index` starts again with `value` as its starting text (its `valueFile` read).
    package mutating func fill(field index: Int, with value: String) {
        var spec = fields[index].spec
        spec.value = value
        spec.valueFile = nil
        fields[index] = FieldState(spec: spec, pattern: fields[index].pattern, linesAtATime: fields[index].editor.keepsEarlierLines)
        readHistoriesShown()
    }

    /// A history is read when its field first takes a key, so that a long one costs the first
    /// frame nothing; a field that starts with text reads its own at once (its newest answer the
    /// text begins is drawn as a suggestion).
    private mutating func readHistoriesShown() {
        for index in fields.indices where !fields[index].editor.text.isEmpty {
            fields[index].offers.readHistory(from: files)
        }
    }

    // MARK: - The current field

    /// The field the keys edit (none for a confirmation).
    /// Whether it has a field (none: a confirmation, buttons only).
    package var hasField: Bool { !fields.isEmpty }
    /// Whether any field takes a secret.
    package var hasSecret: Bool { fields.contains { $0.spec.isSecure } }

    package var currentField: FieldState? { hasField ? fields[current] : nil }

    // MARK: - Events

    /// Applies one event. `buttonOrder`: the buttons as the view shows them, leading to trailing
    /// or top to bottom (`ButtonRole.order(of:stacked:)`): Tab and the arrows follow it. (Asked
    /// for only by the keys that move the focus: a paste's million events never make it.)
    /// `rows`: how the view lays out a multi-line field's text (the field and its place), for Up
    /// and Down; nil where there are no rows to move through (plain output).
    package mutating func handle(_ event: InputEvent, buttonOrder: @autoclosure () -> [ButtonRole],
                                 rows: (FieldState, Int) -> TextRows? = { _, _ in nil }) -> Reaction {
        if case let .field(index) = focus { fields[index].offers.readHistory(from: files) }
        switch event {
        case .pasteBegin:
            paste.wipe()
            pasteCleaner = PasteCleaner(keepsLineBreaks: currentField?.spec.isMultiline ?? false)
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
            let action = KeyBindings.action(for: event, multiline: focusIsMultiline, offers: focusOffersText)
            if chrome.closesOnAnyKey && action != .interrupt && action != .suspend { return .finish(.accepted(.ok)) }
            return perform(action, buttonOrder: buttonOrder, rows: rows)
        }
    }

    /// Whether the focus is in a multi-line field (whose keys differ).
    private var focusIsMultiline: Bool {
        if case let .field(index) = focus { return fields[index].spec.isMultiline }
        return false
    }

    /// Whether the focus is in a field that offers text (whose keys differ).
    private var focusOffersText: Bool {
        if case let .field(index) = focus { return fields[index].spec.offersText }
        return false
    }

    private mutating func perform(_ action: Action, buttonOrder: () -> [ButtonRole], rows: (FieldState, Int) -> TextRows?) -> Reaction {
        // The column Up and Down keep is forgotten by any other key.
        if hasField && action != .moveRow(up: true) && action != .moveRow(up: false) { fields[current].rowGoal = nil }
        if let shared = KeyBindings.sharedReaction(action) { return shared }
        if focus == .message {
            guard let step = KeyBindings.stepFromMessage(action) else { return .proceed }
            return moveFocus(by: step, through: everything(buttonOrder()), wrapping: true)
        }
        switch action {
        case let .edit(command):
            guard hasField else { return .bell }
            focus = .field(current)
            guard fields[current].editor.apply(command) else { return .bell }
            fields[current].edited()
            return .proceed
        case .activate:
            if case let .button(role) = focus { return activate(role) }
            return finishEntry()
        case .lineBreak:
            if fields[current].editor.keepsEarlierLines && fields[current].endsLinesAtATime() { return finishEntry() }
            guard fields[current].type("\n") else { return .bell }
            fields[current].edited()
            return .proceed
        case .finishEntry:
            if fields[current].editor.keepsEarlierLines { _ = fields[current].endsLinesAtATime() }
            return finishEntry()
        case let .moveRow(up):
            let field = fields[current]
            guard let moved = rows(field, current)?.moved(from: field.editor.cursor, up: up, goal: field.rowGoal) else { return .bell }
            fields[current].editor.setCursor(moved.position)
            fields[current].rowGoal = moved.goal
            return .proceed
        case let .press(scalar):
            if case let .button(role) = focus, scalar == " " { return activate(role) }
            guard hasField else { return .bell }
            focus = .field(current)
            guard fields[current].type(scalar) else { return .bell }
            fields[current].edited()
            return .proceed
        case .cancel, .interrupt, .suspend, .redraw:
            return .proceed  // (taken above)
        case .endOfInput:
            if !hasField || fields[current].editor.isEmpty { return .finish(.cancelled) }
            focus = .field(current)
            guard fields[current].editor.apply(.deleteForward) else { return .bell }
            fields[current].edited()
            return .proceed
        case .focusNext:
            return moveFocus(by: 1, through: everything(buttonOrder()), wrapping: true)
        case .focusPrevious:
            return moveFocus(by: -1, through: everything(buttonOrder()), wrapping: true)
        case .complete:
            // A suggestion shown is taken; a path is completed; elsewhere Tab moves on.
            if fields[current].takeSuggestion() { return .proceed }
            guard fields[current].spec.keyboard == .path else { return perform(.focusNext, buttonOrder: buttonOrder, rows: rows) }
            return fields[current].completePath(in: files) ? .proceed : .bell
        case let .recall(older):
            guard !fields[current].offers.history.isEmpty || fields[current].spec.historyFile != nil else {
                return perform(.arrow(older ? .up : .down), buttonOrder: buttonOrder, rows: rows)
            }
            return fields[current].recall(older: older) ? .proceed : .bell
        case let .arrow(key):
            switch (focus, key) {
            case (.field, .left): return fields[current].editor.apply(.moveLeft) ? .proceed : .bell
            case (.field, .right):
                if fields[current].takeSuggestion() { return .proceed }
                return fields[current].editor.apply(.moveRight) ? .proceed : .bell
            case (.button, .left), (.button, .right):
                return moveFocus(by: key == .left ? -1 : 1, through: buttonOrder().map(Focus.button), wrapping: false)
            default:
                return moveFocus(by: key == .up ? -1 : 1, through: everything(buttonOrder()), wrapping: false)
            }
        case .toggleReveal:
            guard hasField, fields[current].toggleReveal() else { return .bell }
            return .proceed
        case .ignore:
            return .proceed
        }
    }

    /// What Return does in a one-line field (and Ctrl-D in a multi-line one): a field above the
    /// last goes to the next one (the iOS "Next" key), unless the field asks for its entry
    /// again; the last presses the default button.
    private mutating func finishEntry() -> Reaction {
        if case let .field(index) = focus, index + 1 < fields.count, !fields[index].isRepeating, !chrome.returnAccepts {
            return setFocus(.field(index + 1))
        }
        // (Where the focus starts on the default button, Return in a field is OK, as in dialog.)
        return activate(chrome.startsOnDefaultButton ? .ok : chrome.effectiveDefaultButton)
    }

    /// The message when it is a stop, the fields, top to bottom, then the buttons in `buttonOrder`.
    private func everything(_ buttonOrder: [ButtonRole]) -> [Focus] {
        (chrome.messageLayout.takesFocus ? [.message] : []) + fields.indices.map(Focus.field) + buttonOrder.map(Focus.button)
    }

    /// OK and the secondary check every field first (the first that breaks a rule gets the
    /// focus and its reason), then ask again for each field with `--repeat`.
    private mutating func activate(_ role: ButtonRole) -> Reaction {
        guard role != .cancel else { return .finish(.accepted(.cancel)) }
        guard hasField else { return .finish(.accepted(role)) }
        for index in fields.indices {
            fields[index].expandHome(in: files)
            guard let failure = fields[index].problem() else { continue }
            fields[index].refuse(failure)
            _ = setFocus(.field(index))
            return .bell
        }
        for index in fields.indices {
            switch fields[index].repeatStep() {
            case .done:
                continue
            case .askAgain:
                return setFocus(.field(index))
            case .differ:
                _ = setFocus(.field(index))
                return .bell
            }
        }
        return .finish(.accepted(role))
    }

    /// The time ran out with `--on-timeout accept`: the button the time presses is pressed, as
    /// Return presses it, rules and all. The outcome, or nil when the rules refuse what stands
    /// (the reason is the current field's status, or it was not entered again).
    package mutating func pressAtTimeout() -> Outcome? {
        if case let .finish(outcome) = activate(chrome.timeoutRole) { return outcome }
        return nil
    }

    private mutating func setFocus(_ target: Focus) -> Reaction {
        focus = target
        if case let .field(index) = target { current = index }
        return .proceed
    }

    /// Tab cycles through the fields and every button; the arrows stop at the ends.
    private mutating func moveFocus(by step: Int, through order: [Focus], wrapping: Bool) -> Reaction {
        guard let index = order.firstIndex(of: focus) else { return .bell }
        var next = index + step
        if wrapping {
            next = (next + order.count) % order.count
        } else if next < 0 || next >= order.count {
            return .bell
        }
        return setFocus(order[next])
    }

    // MARK: - Paste

    /// Keeps what the field may hold (see `PasteCleaner`).
    private mutating func collectPasted(_ scalar: Unicode.Scalar) {
        let paste = self.paste
        pasteCleaner.take(scalar) { paste.append($0) }
    }

    /// Whether pasted text is waiting to go into the field.
    package var hasPendingPaste: Bool { !paste.isEmpty }

    /// Inserts what has been pasted so far into the current field (the session calls this after
    /// each read, and the paste's end does). What the field cannot take is refused or cut, and
    /// said: never a silent truncation.
    package mutating func flushPaste() -> Reaction {
        defer { paste.wipe() }
        guard hasField, !paste.isEmpty else { return .proceed }
        pastedAnything = true
        focus = .field(current)
        return fields[current].insert(pasted: paste.bytes) ? .bell : .proceed
    }

    /// How good field `index`'s text is, as whoever rates it says (`FieldSpec.qualityLabel`).
    package mutating func setQuality(_ quality: Int?, ofField index: Int) {
        fields[index].quality = quality
    }

    /// Wipes everything typed: every field, first entries, any paste in progress.
    package mutating func wipe() {
        for index in fields.indices { fields[index].wipe() }
        paste.wipe()
    }
}

extension PromptState {
    /// `--value` as the field takes it: like a paste (see `PasteCleaner`), its line breaks kept
    /// for a multi-line field.
    package static func asPasted(_ value: String, keepingLineBreaks: Bool = false) -> String {
        PasteCleaner.cleaned(value, keepingLineBreaks: keepingLineBreaks)
    }
}
