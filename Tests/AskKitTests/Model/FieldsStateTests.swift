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

/// Keys in an alert of several fields: where the focus goes, what each field holds, and how
/// the alert ends. Keys are written as text: `\r` Return, `\t` Tab, `\u{19}` Shift-Tab,
/// `↑` `↓` `←` `→` the arrows, `⎋` Esc, `⌃D` Ctrl-D, `⌃U` Ctrl-U, `⌫` Backspace, `⟦…⟧` a
/// bracketed paste; every other character is typed.
struct FieldsStateTests {
    static func events(_ keys: String) -> [InputEvent] {
        var events: [InputEvent] = []
        var pasting = false
        var control = false
        for scalar in keys.unicodeScalars {
            if control {
                events.append(.control(Unicode.Scalar(scalar.value + 0x20)!))
                control = false
                continue
            }
            switch scalar {
            case "\r": events.append(.key(.enter))
            case "\t": events.append(.key(.tab))
            case "\u{19}": events.append(.key(.tab, .shift))
            case "↑": events.append(.key(.up))
            case "↓": events.append(.key(.down))
            case "←": events.append(.key(.left))
            case "→": events.append(.key(.right))
            case "⎋": events.append(.key(.escape))
            case "⌫": events.append(.key(.backspace))
            case "⌃": control = true
            case "⟦": events.append(.pasteBegin); pasting = true
            case "⟧": events.append(.pasteEnd); pasting = false
            default: events.append(pasting ? .pasted(scalar) : .character(scalar))
            }
        }
        return events
    }

    static func spec(_ labels: [String], _ change: (inout PromptSpec) -> Void = { _ in }) -> PromptSpec {
        var spec = PromptSpec(title: "Form")
        spec.body = .fields(labels.map { FieldSpec(label: $0) })
        change(&spec)
        return spec
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let spec: PromptSpec
        let keys: String
        /// Each field's text afterwards.
        let texts: [String]
        let focus: Focus
        /// How it ended, if it did.
        var outcome: Outcome?
        var testDescription: String { name }
    }

    static let three = spec(["A", "B", "C"])
    /// Side by side, Tab and the arrows go Cancel, then OK.
    static let order: [ButtonRole] = [.cancel, .ok]

    static let cases: [Case] = [
        Case(name: "Return moves to the next field; in the last it accepts", spec: three, keys: "a\rb\rc\r",
             texts: ["a", "b", "c"], focus: .field(2), outcome: .accepted(.ok)),
        Case(name: "Tab goes through the fields, then the buttons, and round", spec: three, keys: "\t\t\t\t\t",
             texts: ["", "", ""], focus: .field(0)),
        Case(name: "Shift-Tab from the first field reaches the last button", spec: three, keys: "\u{19}",
             texts: ["", "", ""], focus: .button(.ok)),
        Case(name: "Down and Up move between fields and stop at the ends", spec: three, keys: "↑↓↓x↓↓↓",
             texts: ["", "", "x"], focus: .button(.ok)),
        Case(name: "Up from a button reaches the last field", spec: three, keys: "\t\t\t↑y",
             texts: ["", "", "y"], focus: .field(2)),
        Case(name: "Left and Right edit in a field, move between buttons on them", spec: three, keys: "ac←b\t\t\t→←",
             texts: ["abc", "", ""], focus: .button(.cancel)),
        Case(name: "typing on a button goes to the field last focused", spec: three, keys: "\r\r\tq",
             texts: ["", "", "q"], focus: .field(2)),
        Case(name: "a paste goes into the current field only", spec: three, keys: "\r⟦one\ntwo⟧",
             texts: ["", "one two", ""], focus: .field(1)),
        Case(name: "editing keys work in every field", spec: three, keys: "abc⌃U\rdef⌫\r", texts: ["", "de", ""],
             focus: .field(2)),
        Case(name: "Esc cancels from any field", spec: three, keys: "a\rb⎋", texts: ["a", "b", ""], focus: .field(1),
             outcome: .cancelled),
        Case(name: "Ctrl-D on an empty field cancels", spec: three, keys: "a\r⌃D", texts: ["a", "", ""], focus: .field(1),
             outcome: .cancelled),
        Case(name: "the first field that breaks a rule gets the focus on accept",
             spec: spec(["A", "B", "C"]) { $0.editFields { $0[1].validation.isRequired = true }; $0.editFields { $0[2].validation.minimumLength = 3 } },
             keys: "a\r\rcc\r", texts: ["a", "", "cc"], focus: .field(1)),
        Case(name: "with the first fixed, the next broken one gets it",
             spec: spec(["A", "B", "C"]) { $0.editFields { $0[1].validation.isRequired = true }; $0.editFields { $0[2].validation.minimumLength = 3 } },
             keys: "a\r\rcc\rb\r", texts: ["a", "b", "cc"], focus: .field(2)),
        Case(name: "every rule kept: accepted",
             spec: spec(["A", "B", "C"]) { $0.editFields { $0[1].validation.isRequired = true }; $0.editFields { $0[2].validation.minimumLength = 3 } },
             keys: "a\r\rcc\rb\r\rc\r", texts: ["a", "b", "ccc"], focus: .field(2), outcome: .accepted(.ok)),
        Case(name: "a keyboard type filters its own field only",
             spec: spec(["Port", "Host"]) { $0.editFields { $0[0].keyboard = .number } }, keys: "8a0\rb8", texts: ["80", "b8"],
             focus: .field(1)),
        Case(name: "--repeat on the second field asks for it again after the rules",
             spec: spec(["User", "Password"]) { $0.editFields { $0[1].isSecure = true }; $0.editFields { $0[1].repeatsEntry = true } },
             keys: "u\rpw\r", texts: ["u", ""], focus: .field(1)),
        Case(name: "Return in a field asked again confirms it",
             spec: spec(["Password", "User"]) { $0.editFields { $0[0].repeatsEntry = true } },
             keys: "pw\ru\rpw\r", texts: ["pw", "u"], focus: .field(0), outcome: .accepted(.ok)),
        Case(name: "entries that differ start that field over",
             spec: spec(["User", "Password"]) { $0.editFields { $0[1].repeatsEntry = true } },
             keys: "u\rpw\rpx\r", texts: ["u", ""], focus: .field(1)),
        Case(name: "the values start each field", spec: spec(["A", "B"]) { $0.editFields { $0[0].value = "x" }; $0.editFields { $0[1].value = "y" } },
             keys: "1\r2\r", texts: ["x1", "y2"], focus: .field(1), outcome: .accepted(.ok)),
    ]

    @Test(arguments: cases)
    func keys(_ example: Case) {
        var state = PromptState(spec: example.spec)
        var outcome: Outcome?
        for event in Self.events(example.keys) where outcome == nil {
            if case let .finish(ended) = state.handle(event, buttonOrder: Self.order) { outcome = ended }
        }
        #expect(state.fields.map { $0.editor.text.string } == example.texts)
        #expect(state.focus == example.focus)
        #expect(outcome == example.outcome)
    }

    /// The reason shows under the refused field and goes with its next edit; the other
    /// fields keep theirs.
    @Test func eachFieldHasItsOwnReason() {
        let spec = Self.spec(["A", "B"]) { $0.editFields { $0[0].validation.isRequired = true }; $0.editFields { $0[1].validation.isRequired = true } }
        var state = PromptState(spec: spec)
        for event in Self.events("\r\r") { _ = state.handle(event, buttonOrder: Self.order) }
        #expect(state.fields[0].status?.isError == true && state.fields[1].status == nil)
        for event in Self.events("a\r\r") { _ = state.handle(event, buttonOrder: Self.order) }
        #expect(state.fields[0].status == nil && state.fields[1].status?.isError == true)
        #expect(state.focus == .field(1))
    }

    /// A secret field's buffers are locked; a plain one's are not.
    @Test func onlySecretFieldsAreLocked() {
        let spec = Self.spec(["User", "Password"]) { $0.editFields { $0[1].isSecure = true } }
        #expect(spec.hasSecret)
        #expect(!Self.spec(["User", "Host"]).hasSecret)
        let state = PromptState(spec: spec)
        #expect(state.fields[1].spec.isSecure && !state.fields[0].spec.isSecure)
        #expect(state.fields[1].editor.wordsAreOpaque && !state.fields[0].editor.wordsAreOpaque)
    }
}
