import AskText

/// What a key means to the alert, before it is applied.
package enum Action: Equatable, Sendable {
    case edit(EditCommand)
    /// Return: the focused button, or the default one from the field.
    case activate
    /// Space: activates a focused button; in the field it is typed.
    case press(Unicode.Scalar)
    case cancel
    /// Ctrl-D: cancels on an empty field, deletes forward otherwise.
    case endOfInput
    case interrupt
    case suspend
    case focusNext, focusPrevious
    /// Arrow keys: between buttons when one is focused, through the text otherwise.
    case arrow(Key)
    case redraw
    /// Ctrl-R: show or hide secure text, when `--allow-reveal` allows it.
    case toggleReveal
    /// Return in a multi-line field: a line break (in plain output, on an empty line, the end).
    case lineBreak
    /// Ctrl-D in a multi-line field: what Return does in a one-line field.
    case finishEntry
    /// Up or Down in a multi-line field: to the row above or below.
    case moveRow(up: Bool)
    /// Tab in a field that offers text: take the suggestion shown, or complete a path.
    case complete
    /// Up or Down in a field with a history: an older or a newer answer.
    case recall(older: Bool)
    case ignore
}

/// A key, or a kind of key, that a binding answers to.
package enum KeyChord: Equatable, Sendable {
    /// A named key held with at least these modifiers.
    case key(Key, Modifiers)
    /// Ctrl with a letter (given lowercase).
    case control(Unicode.Scalar)
    /// Alt with a letter, in either case.
    case alt(Unicode.Scalar)
    /// Any printable character typed.
    case character
    /// A digit from 1 to 9 typed.
    case digit
    /// This character typed (Space).
    case scalar(Unicode.Scalar)

    package static func key(_ key: Key) -> KeyChord { .key(key, []) }

    /// Whether `event` is this chord.
    package func matches(_ event: InputEvent) -> Bool {
        switch (self, event) {
        case let (.key(key, needed), .key(pressed, held)): return key == pressed && held.isSuperset(of: needed)
        case let (.control(letter), .control(pressed)): return letter == pressed
        case let (.alt(letter), .alt(pressed)): return Self.lowercased(letter) == Self.lowercased(pressed)
        case (.character, .character): return true
        case let (.digit, .character(scalar)): return ("1"..."9").contains(scalar)
        case let (.scalar(wanted), .character(scalar)): return wanted == scalar
        default: return false
        }
    }

    /// Of two chords that match one event, the more specific one wins: a key with more
    /// modifiers over the same key with fewer, a digit over any character.
    var specificity: Int {
        switch self {
        case let .key(_, modifiers): return 1 + modifiers.rawValue.nonzeroBitCount
        case .control, .alt: return 1
        case .digit, .scalar: return 1
        case .character: return 0
        }
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 0x20)! : scalar
    }
}

/// One binding: a chord, and the action it makes of the event (the character typed, for a
/// binding of any character).
package struct KeyBinding<Act: Sendable>: Sendable {
    package let chord: KeyChord
    package let action: @Sendable (InputEvent) -> Act

    package init(_ chord: KeyChord, _ action: Act) {
        self.chord = chord
        self.action = { _ in action }
    }

    package init(_ chord: KeyChord, _ action: @escaping @Sendable (InputEvent) -> Act) {
        self.chord = chord
        self.action = action
    }
}

/// A line of a control's key table: the keys as people name them, what they do, and the
/// bindings that make it so. `--help`, README and the man page print these lines (`make docs`),
/// and the control acts by the same bindings, so what is said is what is done.
package struct KeyRow<Act: Sendable>: Sendable {
    /// The keys, as they are named: `Ctrl-U / Ctrl-K`.
    package let keys: String
    /// What they do, in a phrase: `delete to the start / to the end`.
    package let does: String
    package let bindings: [KeyBinding<Act>]

    package init(_ keys: String, _ does: String, _ bindings: [KeyBinding<Act>]) {
        self.keys = keys
        self.does = does
        self.bindings = bindings
    }
}

/// A control's key table: events to actions, by the most specific binding that matches.
package struct KeyMap<Act: Sendable>: Sendable {
    package let rows: [KeyRow<Act>]

    package init(_ rows: [KeyRow<Act>]) {
        self.rows = rows
    }

    /// The action of the most specific binding that matches `event` (the first of equals), or
    /// nil when none does.
    package func action(for event: InputEvent) -> Act? {
        var best: KeyBinding<Act>?
        for row in rows {
            for binding in row.bindings where binding.chord.matches(event) {
                if best == nil || binding.chord.specificity > best!.chord.specificity { best = binding }
            }
        }
        return best.map { $0.action(event) }
    }

    /// The same table with its actions made another kind's.
    package func mapped<Other: Sendable>(_ transform: @escaping @Sendable (Act) -> Other) -> [KeyRow<Other>] {
        rows.map { row in
            KeyRow(row.keys, row.does, row.bindings.map { binding in
                KeyBinding(binding.chord) { transform(binding.action($0)) }
            })
        }
    }
}

/// The key map of text fields, readline-style: one table, so the alert, `--help`, README and
/// the man page agree.
package enum KeyBindings {
    /// The typed character itself.
    package static let typed: @Sendable (InputEvent) -> Action = { event in
        if case let .character(scalar) = event { return .press(scalar) }
        return .ignore
    }

    /// What every control does with the actions every alert shares (Esc, Ctrl-C, Ctrl-Z,
    /// Ctrl-L): the one place that says it; nil for any other action.
    package static func sharedReaction(_ action: Action) -> Reaction? {
        switch action {
        case .cancel: .finish(.cancelled)
        case .interrupt: .interrupt
        case .suspend: .suspend
        case .redraw: .redraw
        default: nil
        }
    }

    /// Where a text that is a stop of the focus has it (`MessageLayout.takesFocus`): Tab and Right
    /// go on to the next stop (1), Shift-Tab round to the last (-1); nil for any other action,
    /// which does nothing there (the keys every alert shares are taken before, and those that
    /// scroll the text before they reach the control).
    package static func stepFromMessage(_ action: Action) -> Int? {
        switch action {
        case .focusNext, .arrow(.right): 1
        case .focusPrevious: -1
        default: nil
        }
    }

    /// What every control does with these keys.
    package static let shared: [KeyRow<Action>] = [
        KeyRow("Ctrl-C", "interrupt: the terminal is restored, then `ask` dies of SIGINT", [KeyBinding(.control("c"), .interrupt)]),
        KeyRow("Ctrl-Z", "suspend (the alert is erased first, and drawn again on `fg`)", [KeyBinding(.control("z"), .suspend)]),
        KeyRow("Ctrl-L", "draw the alert again", [KeyBinding(.control("l"), .redraw)]),
    ]

    /// The rows that move through a line of text and edit it: a field's, and a list's query's
    /// (which binds some of these keys otherwise: `editingBindings(except:)`).
    package static let editing: [KeyRow<Action>] = [
        KeyRow("Left/Right, Ctrl-B/Ctrl-F", "move one character", [
            KeyBinding(.key(.left), .arrow(.left)), KeyBinding(.key(.right), .arrow(.right)),
            KeyBinding(.control("b"), .edit(.moveLeft)), KeyBinding(.control("f"), .edit(.moveRight)),
        ]),
        KeyRow("Home/End, Ctrl-A/Ctrl-E", "move to the start / end", [
            KeyBinding(.key(.home), .edit(.moveToStart)), KeyBinding(.key(.end), .edit(.moveToEnd)),
            KeyBinding(.control("a"), .edit(.moveToStart)), KeyBinding(.control("e"), .edit(.moveToEnd)),
        ]),
        KeyRow("Alt-B/Alt-F, Ctrl-Left/Ctrl-Right", "move one word", [
            KeyBinding(.alt("b"), .edit(.moveWordLeft)), KeyBinding(.alt("f"), .edit(.moveWordRight)),
            KeyBinding(.key(.left, .control), .edit(.moveWordLeft)), KeyBinding(.key(.right, .control), .edit(.moveWordRight)),
            KeyBinding(.key(.left, .alt), .edit(.moveWordLeft)), KeyBinding(.key(.right, .alt), .edit(.moveWordRight)),
        ]),
        KeyRow("Backspace, Delete", "delete one character back / forward", [
            KeyBinding(.key(.backspace), .edit(.deleteBackward)), KeyBinding(.key(.delete), .edit(.deleteForward)),
        ]),
        KeyRow("Ctrl-U / Ctrl-K", "delete to the start / to the end", [
            KeyBinding(.control("u"), .edit(.deleteToStart)), KeyBinding(.control("k"), .edit(.deleteToEnd)),
        ]),
        KeyRow("Ctrl-W", "delete back to the previous space (the shell's `werase`)", [KeyBinding(.control("w"), .edit(.deleteBigWordBackward))]),
        KeyRow("Alt-Backspace / Alt-D", "delete a word back / forward", [
            KeyBinding(.key(.backspace, .alt), .edit(.deleteWordBackward)), KeyBinding(.key(.backspace, .control), .edit(.deleteWordBackward)),
            KeyBinding(.alt("d"), .edit(.deleteWordForward)), KeyBinding(.key(.delete, .control), .edit(.deleteWordForward)),
        ]),
    ]

    /// Every binding of the editing rows but those of the `taken` chords.
    package static func editingBindings(except taken: [KeyChord]) -> [KeyBinding<Action>] {
        editing.flatMap { row in row.bindings.filter { binding in !taken.contains(binding.chord) } }
    }

    package static let fields = KeyMap<Action>([
        KeyRow("typing", "insert at the cursor (Space presses a focused button)", [KeyBinding(.character, typed)]),
        KeyRow("Enter", "accept (the default button); in a field above the last of several, go to the next field",
               [KeyBinding(.key(.enter), .activate)]),
        KeyRow("Esc", "cancel", [KeyBinding(.key(.escape), .cancel)]),
        KeyRow("Ctrl-D", "cancel when the field is empty; otherwise delete forward", [KeyBinding(.control("d"), .endOfInput)]),
        KeyRow("Up / Down", "move to the previous / next field or button, stopping at the ends (on a button, Left/Right move between the buttons only)",
               [KeyBinding(.key(.up), .arrow(.up)), KeyBinding(.key(.down), .arrow(.down))]),
    ] + editing + [
        KeyRow("Tab / Shift-Tab", "move through the fields, then the buttons, and round", [
            KeyBinding(.key(.tab), .focusNext), KeyBinding(.key(.tab, .shift), .focusPrevious),
        ]),
        KeyRow("Ctrl-R", "show or hide secure text (only with `--allow-reveal`)", [KeyBinding(.control("r"), .toggleReveal)]),
    ] + shared)

    /// The keys that do otherwise in a multi-line field (`--multiline`); the rest do as in any
    /// field.
    package static let multiline = KeyMap<Action>([
        KeyRow("Enter", "a line break (in plain output, Enter on an empty line ends the text)", [KeyBinding(.key(.enter), .lineBreak)]),
        KeyRow("Ctrl-D", "finish: what Enter does in a one-line field (accept, or in a field above the last of several, go to the next)",
               [KeyBinding(.control("d"), .finishEntry)]),
        KeyRow("Up / Down", "move to the row above / below, keeping the column (from the first row to the start, from the last to the end)",
               [KeyBinding(.key(.up), .moveRow(up: true)), KeyBinding(.key(.down), .moveRow(up: false))]),
        KeyRow("Home/End, Ctrl-A/Ctrl-E", "move to the start / end of the line", [
            KeyBinding(.key(.home), .edit(.moveToStart)), KeyBinding(.key(.end), .edit(.moveToEnd)),
            KeyBinding(.control("a"), .edit(.moveToStart)), KeyBinding(.control("e"), .edit(.moveToEnd)),
        ]),
        KeyRow("Ctrl-U / Ctrl-K", "delete to the start / to the end of the line", [
            KeyBinding(.control("u"), .edit(.deleteToStart)), KeyBinding(.control("k"), .edit(.deleteToEnd)),
        ]),
        KeyRow("Backspace, Delete", "delete one character back / forward; at the start or end of a line, join it to the one before or after",
               [KeyBinding(.key(.backspace), .edit(.deleteBackward)), KeyBinding(.key(.delete), .edit(.deleteForward))]),
        KeyRow("Tab / Shift-Tab", "leave the field: to the next or previous field or button", [
            KeyBinding(.key(.tab), .focusNext), KeyBinding(.key(.tab, .shift), .focusPrevious),
        ]),
    ])

    /// The keys that do otherwise in a field that offers text: a path field (`--keyboard path`),
    /// one with suggestions (`--suggest`) or a history (`--history`); the rest do as in any field.
    package static let offering = KeyMap<Action>([
        KeyRow("Tab", "take the suggestion shown; in a path field, complete the name as a shell does: the part all matches share, then a list of them under the field, each Tab taking the next (in another field with no suggestion shown, move on)",
               [KeyBinding(.key(.tab), .complete)]),
        KeyRow("Right", "at the end of the text, take the suggestion shown (dim, after the cursor)", [KeyBinding(.key(.right), .arrow(.right))]),
        KeyRow("Up / Down", "with a history: an older / a newer answer; past the newest, the text being typed",
               [KeyBinding(.key(.up), .recall(older: true)), KeyBinding(.key(.down), .recall(older: false))]),
    ])

    /// A field's table when it offers text: its own lines first (see `multilineField`).
    static let offeringField = KeyMap<Action>(offering.rows + fields.rows)

    /// A multi-line field's whole table: its own lines before those of any field, so that of two
    /// equally specific bindings its own wins (a more specific one of any field's still does:
    /// Alt-Backspace deletes a word).
    static let multilineField = KeyMap<Action>(multiline.rows + fields.rows)

    /// What `event` means in a text field (`ignore`: nothing); `multiline`: in a multi-line one;
    /// `offers`: in one that offers text (`offering`).
    package static func action(for event: InputEvent, multiline: Bool = false, offers: Bool = false) -> Action {
        (multiline ? multilineField : offers ? offeringField : fields).action(for: event) ?? .ignore
    }
}
