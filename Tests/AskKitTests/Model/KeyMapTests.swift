import AskChoices
import AskFields
import AskGauge
import AskModel
import AskRender
import AskSession
import AskLayout
import AskKit
import AskPresentation
import AskText
import AskTextBox
import Testing

/// Key tables: what an event means, by the most specific binding that matches; and every line
/// a table prints (`--help`, README, the man page) does what it says.
struct KeyMapTests {
    /// The keys every alert shares mean the same in each kind of control: said in one place
    /// (`KeyBindings.sharedReaction`) that the fields, the list, the gauge and the text box ask.
    @Test(arguments: [
        (InputEvent.key(.escape), Reaction.finish(.cancelled)), (.control("c"), .interrupt), (.control("z"), .suspend),
        (.control("l"), .redraw),
    ])
    func theSharedKeysAreOneTable(_ event: InputEvent, reaction: Reaction) {
        #expect(KeyBindings.sharedReaction(KeyBindings.action(for: event)) == reaction)
        var fields = PromptState(spec: PromptSpec(title: "T"))
        #expect(fields.handle(event) == reaction)
        var sheet = SheetState(spec: SheetStateTests.spec(SheetStateTests.fruit), loading: false)
        #expect(sheet.handle(event, page: 1) == reaction)
        var plain = SheetState(spec: SheetStateTests.spec(SheetStateTests.fruit), loading: false, namesChoices: true)
        #expect(plain.handle(event, page: 1) == reaction)
    }

    /// Any other action is the control's own.
    @Test(arguments: [Action.activate, .focusNext, .press("a"), .endOfInput, .ignore])
    func otherActionsAreNotShared(_ action: Action) {
        #expect(KeyBindings.sharedReaction(action) == nil)
    }

    static let cases: [(InputEvent, Action)] = [
        (.character("a"), .press("a")),
        (.character(" "), .press(" ")),
        (.key(.enter), .activate),
        (.key(.enter, .alt), .activate),  // a modifier no binding asks for changes nothing
        (.key(.tab), .focusNext),
        (.key(.tab, .shift), .focusPrevious),  // the more specific binding wins
        (.key(.backspace), .edit(.deleteBackward)),
        (.key(.backspace, .alt), .edit(.deleteWordBackward)),
        (.key(.backspace, .control), .edit(.deleteWordBackward)),
        (.key(.delete, .control), .edit(.deleteWordForward)),
        (.key(.left), .arrow(.left)),
        (.key(.left, .shift), .arrow(.left)),
        (.key(.left, .control), .edit(.moveWordLeft)),
        (.key(.right, [.alt, .shift]), .edit(.moveWordRight)),
        (.key(.up, .control), .arrow(.up)),
        (.alt("b"), .edit(.moveWordLeft)),
        (.alt("B"), .edit(.moveWordLeft)),
        (.alt("D"), .edit(.deleteWordForward)),
        (.control("u"), .edit(.deleteToStart)),
        (.control("c"), .interrupt),
        (.key(.function(5)), .ignore),
        (.control("g"), .ignore),
        (.alt("x"), .ignore),
    ]

    @Test(arguments: cases)
    func aFieldsKey(_ event: InputEvent, _ action: Action) {
        #expect(KeyBindings.action(for: event) == action)
    }

    /// Each binding of each printed line, pressed, does what that line's binding says: no line
    /// is shadowed by another, and none is without a key.
    @Test func everyLineDoesWhatItSays() {
        Self.checkEveryLine(of: KeyBindings.fields)
    }

    /// A multi-line field's own lines do what they say in such a field, and the keys it does not
    /// name do as in any field (a more specific binding of any field's still wins).
    @Test func everyMultilineLineDoesWhatItSays() {
        Self.checkEveryLine(of: KeyBindings.multiline)
        for row in KeyBindings.multiline.rows {
            for binding in row.bindings {
                let event = Self.example(of: binding.chord)
                #expect(KeyBindings.action(for: event, multiline: true) == binding.action(event), "\(row.keys)")
            }
        }
        #expect(KeyBindings.action(for: .key(.enter), multiline: true) == .lineBreak)
        #expect(KeyBindings.action(for: .key(.enter)) == .activate)
        #expect(KeyBindings.action(for: .control("d"), multiline: true) == .finishEntry)
        #expect(KeyBindings.action(for: .key(.backspace, .alt), multiline: true) == .edit(.deleteWordBackward))
        #expect(KeyBindings.action(for: .key(.up, .control), multiline: true) == .moveRow(up: true))
        #expect(KeyBindings.action(for: .control("w"), multiline: true) == .edit(.deleteBigWordBackward))
    }

    /// Each binding of each line of `map`, pressed, does what it says.
    static func checkEveryLine<Act: Equatable & Sendable>(of map: KeyMap<Act>) {
        for row in map.rows {
            #expect(!row.bindings.isEmpty, "\(row.keys) has no key")
            for binding in row.bindings {
                let event = example(of: binding.chord)
                #expect(map.action(for: event) == binding.action(event), "\(row.keys): \(event)")
            }
        }
    }

    /// The action sheet's table too; Space and the digits are more specific than typing.
    @Test func everySheetLineDoesWhatItSays() {
        Self.checkEveryLine(of: SheetState.keys)
        #expect(SheetState.keys.action(for: .character(" ")) == .field(.press(" ")))
        #expect(SheetState.keys.action(for: .character("7")) == .field(.press("7")))
        #expect(SheetState.keys.action(for: .key(.home)) == .first)
        #expect(SheetState.keys.action(for: .control("r")) == nil)
    }

    /// A whiptail or dialog list's table too: a character jumps, Space is more specific, and no
    /// key edits a query (there is none).
    @Test func everyListLineDoesWhatItSays() {
        Self.checkEveryLine(of: SheetState.listKeys)
        #expect(SheetState.listKeys.action(for: .character("7")) == .jump("7"))
        #expect(SheetState.listKeys.action(for: .character(" ")) == .field(.press(" ")))
        #expect(SheetState.listKeys.action(for: .control("u")) == nil)
    }

    /// An event a chord answers to.
    static func example(of chord: KeyChord) -> InputEvent {
        switch chord {
        case let .key(key, modifiers): return .key(key, modifiers)
        case let .control(letter): return .control(letter)
        case let .alt(letter): return .alt(letter)
        case .character: return .character("x")
        case .digit: return .character("5")
        case let .scalar(scalar): return .character(scalar)
        }
    }
}
