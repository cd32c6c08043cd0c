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
import TestSupport
import Testing

/// A multi-line field (`--multiline`): Return types a line break, Ctrl-D finishes, Up and Down
/// move through the rows, a paste keeps its line breaks, the rules count across lines; in plain
/// output the lines come one after another and an empty one ends them.
struct MultilineFieldTests {
    /// A multi-line field, changed by `change`; `fields`: that many, the multi-line one first.
    static func spec(fields: Int = 1, _ change: (inout FieldSpec) -> Void = { _ in }) -> PromptSpec {
        var spec = PromptSpec()
        spec.body = .fields((0..<fields).map { FieldSpec(label: fields > 1 ? "Field \($0 + 1)" : "") })
        spec.editFields {
            $0[0].isMultiline = true
            change(&$0[0])
        }
        return spec
    }

    /// Keys as typed (`InputEvent.typed`): Return, Tab, Ctrl-A, Ctrl-D, Backspace, Up and Down as
    /// `\r`, `\t`, `\u{1}`, `\u{4}`, `\u{7F}`, `↑`, `↓`.
    static func events(_ keys: String) -> [InputEvent] { InputEvent.typed(keys) }

    /// Rows ten columns wide, a column a character: Up and Down as a drawn field of that width moves.
    static func tenColumns(_ field: FieldState, _ index: Int) -> TextRows? {
        TextRows(text: field.editor.text, width: 10) { _ in 1 }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var spec = MultilineFieldTests.spec()
        var plain = false
        let keys: String
        /// The first field's text and cursor after the keys.
        let text: String
        let cursor: Int
        /// What the last key did.
        let last: Reaction
        var focus = Focus.field(0)
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "Return types a line break", keys: "ab\rcd", text: "ab\ncd", cursor: 5, last: .proceed),
        Case(name: "Ctrl-D accepts, the text as typed", keys: "ab\rcd\r\u{4}", text: "ab\ncd\n", cursor: 6,
             last: .finish(.accepted(.ok))),
        Case(name: "Ctrl-D on an empty field accepts too (as gum write does)", keys: "\u{4}", text: "", cursor: 0,
             last: .finish(.accepted(.ok))),
        Case(name: "Ctrl-D checks the rules", spec: spec { $0.validation.isRequired = true }, keys: "\u{4}", text: "", cursor: 0,
             last: .bell),
        Case(name: "a line break counts toward --max-length", spec: spec { $0.validation.maximumLength = 3 }, keys: "ab\r\r",
             text: "ab\n", cursor: 3, last: .bell),
        Case(name: "an ASCII field takes line breaks", spec: spec { $0.keyboard = .ascii }, keys: "a\ré\rb", text: "a\n\nb",
             cursor: 4, last: .proceed),
        Case(name: "Backspace at a line's start joins the lines", keys: "ab\rcd\u{7F}\u{7F}\u{7F}", text: "ab", cursor: 2,
             last: .proceed),
        Case(name: "Up keeps the column through a shorter line", keys: "abcdef\rxy\rabcd↑↑", text: "abcdef\nxy\nabcd", cursor: 4,
             last: .proceed),
        Case(name: "Down comes back to it", keys: "abcdef\rxy\rabcd↑↑↓↓", text: "abcdef\nxy\nabcd",
             cursor: 14, last: .proceed),
        Case(name: "Up on the first row: the start; again: the bell", keys: "abc↑↑", text: "abc", cursor: 0, last: .bell),
        Case(name: "Down on the last row: the end; again: the bell", keys: "abc\rde\u{1}↓↓", text: "abc\nde", cursor: 6,
             last: .bell),
        Case(name: "an edit forgets the column", keys: "abcdef\rxy\rabcdef↑\u{7F}↓", text: "abcdef\nx\nabcdef", cursor: 10,
             last: .proceed),
        Case(name: "Tab leaves the field", spec: spec(fields: 2), keys: "a\r\t", text: "a\n", cursor: 2, last: .proceed,
             focus: .field(1)),
        Case(name: "Return above another field is a line break still", spec: spec(fields: 2), keys: "a\r", text: "a\n", cursor: 2,
             last: .proceed),
        Case(name: "Ctrl-D above another field goes to it", spec: spec(fields: 2), keys: "a\r\u{4}", text: "a\n", cursor: 2,
             last: .proceed, focus: .field(1)),

        // Plain output: a line at a time, an empty one ends them; the answer has no line break after its last line.
        Case(name: "plain: an empty line accepts, its break dropped", plain: true, keys: "ab\rcd\r\r", text: "ab\ncd", cursor: 5,
             last: .finish(.accepted(.ok))),
        Case(name: "plain: an empty line first accepts an empty text", plain: true, keys: "\r", text: "", cursor: 0,
             last: .finish(.accepted(.ok))),
        Case(name: "plain: Ctrl-D on a line with text", plain: true, keys: "ab\rcd\u{4}", text: "ab\ncd", cursor: 5,
             last: .finish(.accepted(.ok))),
        Case(name: "plain: Ctrl-D on an empty line", plain: true, keys: "ab\r\u{4}", text: "ab", cursor: 2,
             last: .finish(.accepted(.ok))),
        Case(name: "plain: Backspace does not reach the line above", plain: true, keys: "ab\r\u{7F}", text: "ab\n", cursor: 3,
             last: .bell),
        Case(name: "plain: Up and Down have no rows to move through", plain: true, keys: "ab\rcd↑", text: "ab\ncd", cursor: 5,
             last: .bell),
        Case(name: "plain: a refused text keeps its lines, the empty one dropped", spec: spec { $0.validation.minimumLength = 9 },
             plain: true, keys: "ab\rcd\r\r", text: "ab\ncd", cursor: 5, last: .bell),
        Case(name: "plain: an empty line above another field goes to it", spec: spec(fields: 2), plain: true, keys: "ab\r\r",
             text: "ab", cursor: 2, last: .proceed, focus: .field(1)),
    ]

    @Test(arguments: cases)
    func keys(_ example: Case) {
        var state = PromptState(spec: example.spec, linesAtATime: example.plain)
        let order = ButtonRole.order(of: example.spec.framed, stacked: false)
        var last = Reaction.proceed
        for event in Self.events(example.keys) {
            last = state.handle(event, buttonOrder: order, rows: { example.plain ? nil : Self.tenColumns($0, $1) })
        }
        #expect(state.fields[0].editor.text.string == example.text)
        #expect(state.fields[0].editor.cursor == example.cursor)
        #expect(last == example.last)
        #expect(state.focus == example.focus)
    }

    /// A paste keeps its line breaks: CR LF, CR and LF each one; tabs become spaces, other
    /// controls go; a keyboard type filters the rest as typing does.
    @Test(arguments: [
        (KeyboardType.default, "one\r\ntwo\rthree\nfour\n", "one\ntwo\nthree\nfour\n"),
        (.default, "\n\nblank lines first", "\n\nblank lines first"),
        (.default, "a\tb\u{1B}[31mc\u{7}", "a b[31mc"),
        (.ascii, "naïve\r\ncafé", "nave\ncaf"),
    ])
    func aPasteKeepsItsLineBreaks(keyboard: KeyboardType, pasted: String, kept: String) {
        var state = PromptState(spec: Self.spec { $0.keyboard = keyboard })
        _ = state.handle(.pasteBegin)
        for scalar in pasted.unicodeScalars { _ = state.handle(.pasted(scalar)) }
        _ = state.handle(.pasteEnd)
        #expect(state.fields[0].editor.text.string == kept)
        #expect(state.fields[0].editor.cursor == kept.count)
    }

    /// A CR LF split between two reads of a paste is still one line break.
    @Test func aCarriageReturnAndItsLineFeedInTwoReadsAreOneBreak() {
        var state = PromptState(spec: Self.spec())
        _ = state.handle(.pasteBegin)
        for scalar in "a\r".unicodeScalars { _ = state.handle(.pasted(scalar)) }
        _ = state.flushPaste()
        for scalar in "\nb".unicodeScalars { _ = state.handle(.pasted(scalar)) }
        _ = state.handle(.pasteEnd)
        #expect(state.fields[0].editor.text.string == "a\nb")
    }

    /// `--value` keeps its line breaks in a multi-line field (as a paste does), and becomes one
    /// line in any other.
    @Test(arguments: [(true, "one\r\ntwo\n\tthree", "one\ntwo\n three"), (false, "one\r\ntwo\n\tthree", "one two  three")])
    func theStartingText(multiline: Bool, value: String, text: String) {
        var spec = PromptSpec()
        spec.editFields {
            $0[0].isMultiline = multiline
            $0[0].value = value
        }
        #expect(PromptState(spec: spec).fields[0].editor.text.string == text)
    }

    /// The rules count characters across lines, a line break as one, and the pattern sees the
    /// whole text (POSIX: `.` matches a line break, `$` only the text's end).
    static func rules(minimum: Int? = nil, maximum: Int? = nil, required: Bool = false, pattern: String? = nil) -> Validation {
        var rules = Validation()
        rules.minimumLength = minimum
        rules.maximumLength = maximum
        rules.isRequired = required
        rules.pattern = pattern
        return rules
    }

    @Test(arguments: [
        ("a\nb", rules(minimum: 4), ValidationFailure.tooShort(minimum: 4)),
        ("a\nbc", rules(minimum: 4), nil),
        ("ab\ncd", rules(maximum: 4), .tooLong(maximum: 4)),
        ("ab\ncd", rules(maximum: 5), nil),
        ("中\n文", rules(maximum: 2), .tooLong(maximum: 2)),
        ("\n", rules(required: true), nil),
        ("a\nb", rules(pattern: "a.b"), nil),
        ("ab\ncd", rules(pattern: "[a-z]+"), .noMatch),
        ("ab\ncd", rules(pattern: "([a-z]+\n?)+"), nil),
    ] as [(String, Validation, ValidationFailure?)])
    func theRulesCountAcrossLines(text: String, rules: Validation, failure: ValidationFailure?) {
        var field = FieldSpec()
        field.isMultiline = true
        field.validation = rules
        #expect(field.problem(with: TextBuffer(text), pattern: field.compiledPattern) == failure)
    }

    /// The hint under the field says how to finish (in plain output, how the lines end).
    @Test func theHintSaysHowToFinish() {
        #expect(PromptState(spec: Self.spec()).fields[0].hint == .text("Ctrl-D to finish"))
        let revealing = Self.spec {
            $0.isSecure = true
            $0.allowsReveal = true
        }
        #expect(PromptState(spec: revealing).fields[0].hint == .text("Ctrl-D to finish; Ctrl-R shows the text"))
        #expect(PromptState(spec: Self.spec(), linesAtATime: true).fields[0].hint
            == .text("Enter starts a new line; an empty line or Ctrl-D ends the text"))
    }
}
