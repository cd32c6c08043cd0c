import AskChoices
import AskFields
import AskGauge
import AskLayout
import AskModel
import AskSession
import AskKit
import AskPresentation
import AskRender
import AskText
import AskTextBox
import TestSupport
import Testing

/// Golden screens of a multi-line field (`--multiline`): its rows, the hint that says how to
/// finish, lines wrapped at the field's width, the rows scrolled to keep the cursor in view
/// (as little as they can), fewer rows on a short terminal, the cursor's line in one line.
/// Underlined blanks show as `_`.
struct MultilineLayoutTests {
    static let notes: PromptSpec = {
        var spec = PromptSpec(title: "Notes", message: "What happened?", placeholder: "Type here")
        spec.editFields { $0[0].isMultiline = true }
        return spec
    }()

    static let report: PromptSpec = {
        var spec = PromptSpec(title: "Report")
        spec.body = .fields([FieldSpec(label: "Title"), FieldSpec(label: "Notes")])
        spec.editFields {
            $0[1].isMultiline = true
            $0[1].lines = 3
        }
        return spec
    }()

    static let key: PromptSpec = {
        var spec = PromptSpec(title: "Key")
        spec.editFields {
            $0[0].isMultiline = true
            $0[0].isSecure = true
            $0[0].lines = 3
        }
        return spec
    }()

    /// Keys as typed (`InputEvent.typed`): Return, Up and Down as `\r`, `↑`, `↓`.
    static func keys(_ text: String) -> [InputEvent] { InputEvent.typed(text) }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        var spec = MultilineLayoutTests.notes
        var rows = 24
        var columns = 80
        var typed = ""
        let expected: [String]
        /// Where the cursor is: row and column.
        let cursor: (Int, Int)
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "five rows, the placeholder, the hint", expected: [
            "╭────────────────────────────────╮",
            "│             Notes              │",
            "│         What happened?         │",
            "│                                │",
            "│ Type_here_____________________ │",
            "│ ______________________________ │",
            "│ ______________________________ │",
            "│ ______________________________ │",
            "│ ______________________________ │",
            "│ Ctrl-D to finish               │",
            "├───────────────┬────────────────┤",
            "│    Cancel     │       OK       │",
            "╰───────────────┴────────────────╯",
        ], cursor: (4, 2)),
        Case(name: "three lines typed", typed: "one\rtwo\rthree", expected: [
            "╭────────────────────────────────╮",
            "│             Notes              │",
            "│         What happened?         │",
            "│                                │",
            "│ one___________________________ │",
            "│ two___________________________ │",
            "│ three_________________________ │",
            "│ ______________________________ │",
            "│ ______________________________ │",
            "│ Ctrl-D to finish               │",
            "├───────────────┬────────────────┤",
            "│    Cancel     │       OK       │",
            "╰───────────────┴────────────────╯",
        ], cursor: (6, 7)),
        Case(name: "seven lines: scrolled to the last", typed: "1\r2\r3\r4\r5\r6\r7", expected: [
            "╭────────────────────────────────╮",
            "│             Notes              │",
            "│         What happened?         │",
            "│                                │",
            "│ 3_____________________________ │",
            "│ 4_____________________________ │",
            "│ 5_____________________________ │",
            "│ 6_____________________________ │",
            "│ 7_____________________________ │",
            "│ Ctrl-D to finish               │",
            "├───────────────┬────────────────┤",
            "│    Cancel     │       OK       │",
            "╰───────────────┴────────────────╯",
        ], cursor: (8, 3)),
        Case(name: "back up five rows: scrolled one, no more", typed: "1\r2\r3\r4\r5\r6\r7↑↑↑↑↑", expected: [
            "╭────────────────────────────────╮",
            "│             Notes              │",
            "│         What happened?         │",
            "│                                │",
            "│ 2_____________________________ │",
            "│ 3_____________________________ │",
            "│ 4_____________________________ │",
            "│ 5_____________________________ │",
            "│ 6_____________________________ │",
            "│ Ctrl-D to finish               │",
            "├───────────────┬────────────────┤",
            "│    Cancel     │       OK       │",
            "╰───────────────┴────────────────╯",
        ], cursor: (4, 3)),
        Case(name: "a long line wraps at the field's width; wide characters fill theirs", columns: 30,
             typed: "the quick brown fox jumps over the lazy dog\r中文字中文字中文字中文字", expected: [
            "╭───────────────────────────╮",
            "│           Notes           │",
            "│      What happened?       │",
            "│                           │",
            "│ the quick brown fox jumps │",
            "│  over the lazy dog_______ │",
            "│ 中文字中文字中文字中文字_ │",
            "│ _________________________ │",
            "│ _________________________ │",
            "│ Ctrl-D to finish          │",
            "├─────────────┬─────────────┤",
            "│   Cancel    │     OK      │",
            "╰─────────────┴─────────────╯",
        ], cursor: (6, 26)),
        Case(name: "a line that fills the field: the cursor on the row after it", columns: 40,
             typed: "abcdefghijklmnopqrstuvwxyz0123", expected: [
            "╭────────────────────────────────╮",
            "│             Notes              │",
            "│         What happened?         │",
            "│                                │",
            "│ abcdefghijklmnopqrstuvwxyz0123 │",
            "│ ______________________________ │",
            "│ ______________________________ │",
            "│ ______________________________ │",
            "│ ______________________________ │",
            "│ Ctrl-D to finish               │",
            "├───────────────┬────────────────┤",
            "│    Cancel     │       OK       │",
            "╰───────────────┴────────────────╯",
        ], cursor: (5, 2)),
        Case(name: "a short terminal: the message goes, then the field keeps the rows it fits", rows: 9, typed: "1\r2\r3\r4",
             expected: [
            "╭────────────────────────────────╮",
            "│ 2_____________________________ │",
            "│ 3_____________________________ │",
            "│ 4_____________________________ │",
            "│ Ctrl-D to finish               │",
            "├───────────────┬────────────────┤",
            "│    Cancel     │       OK       │",
            "╰───────────────┴────────────────╯",
        ], cursor: (3, 3)),
        Case(name: "in one line: the cursor's line, and the hint under it", rows: 3, columns: 40, typed: "first\rsecond line",
             expected: [
            "Notes: second line_____________________",
            "Ctrl-D to finish",
        ], cursor: (0, 18)),
        Case(name: "--lines 3 beside a one-line field", spec: report, typed: "Crash\rline one\rline two", expected: [
            "╭────────────────────────────────╮",
            "│             Report             │",
            "│                                │",
            "│ Title Crash___________________ │",
            "│                                │",
            "│ Notes line one________________ │",
            "│       line two________________ │",
            "│       ________________________ │",
            "│       Ctrl-D to finish         │",
            "├───────────────┬────────────────┤",
            "│    Cancel     │       OK       │",
            "╰───────────────┴────────────────╯",
        ], cursor: (6, 16)),
        Case(name: "secure: masked, line by line, scrolled", spec: key,
             typed: "-----BEGIN-----\rabcdefghijklmnopqrstuvwxyzABCDEFGHIJ\r-----END-----", expected: [
            "╭────────────────────────────────╮",
            "│              Key               │",
            "│                                │",
            "│ •••••••••••••••••••••••••••••• │",
            "│ ••••••________________________ │",
            "│ •••••••••••••_________________ │",
            "│ Ctrl-D to finish               │",
            "├───────────────┬────────────────┤",
            "│    Cancel     │       OK       │",
            "╰───────────────┴────────────────╯",
        ], cursor: (5, 15)),
    ]

    /// Each key is drawn as it comes (the rows scroll from where the last frame left them), Up
    /// and Down moving through the rows the layout draws.
    @Test(arguments: cases)
    func golden(_ example: Case) {
        let content = AlertContent(spec: example.spec, charset: .utf8, usesColor: false)
        var layout = AlertLayout(content: content, fields: example.spec.fields, size: TerminalSize(rows: example.rows, columns: example.columns))
        var state = PromptState(spec: example.spec)
        var screen = layout.render(state)
        for event in Self.keys(example.typed) {
            _ = state.handle(event, buttonOrder: layout.buttonOrder) { layout.textRows(of: $0, at: $1) }
            screen = layout.render(state)
        }
        #expect(screen.goldenLines == example.expected)
        #expect(screen.cursor.map { [$0.row, $0.column] } == [example.cursor.0, example.cursor.1])
    }

    /// Up and Down go through the rows drawn, by the columns drawn (a wide character is two), the
    /// column kept through a shorter row: the wrapped text above, at 30 columns.
    @Test(arguments: [
        ("↑", 5, 20),  // to the end of the shorter row above
        ("↑↑", 4, 26),  // the column kept from the row below
        ("↑↑↓", 5, 20),
        ("↑↑↓↓", 6, 26),
        ("↑↑↑", 4, 2),  // from the first row: the start
        ("↑↑↑↓", 5, 20),  // the column still kept
    ])
    func upAndDownFollowTheRowsDrawn(keys: String, row: Int, column: Int) {
        let spec = Self.notes
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: false)
        var layout = AlertLayout(content: content, fields: spec.fields, size: TerminalSize(rows: 24, columns: 30))
        var state = PromptState(spec: spec)
        for event in Self.keys("the quick brown fox jumps over the lazy dog\r中文字中文字中文字中文字" + keys) {
            _ = state.handle(event, buttonOrder: layout.buttonOrder) { layout.textRows(of: $0, at: $1) }
        }
        let cursor = layout.render(state).cursor
        #expect(cursor.map { [$0.row, $0.column] } == [row, column])
    }

    /// Typing a character on a row writes that row's cells and nothing else: the rows above and
    /// below, the borders and the buttons stay as they were.
    @Test func typingOnARowRewritesOnlyThatRow() {
        let content = AlertContent(spec: Self.notes, charset: .utf8, usesColor: true)
        var layout = AlertLayout(content: content, fields: Self.notes.fields, size: TerminalSize(rows: 24, columns: 80))
        var state = PromptState(spec: Self.notes)
        for event in Self.keys("one\rtwo") { _ = state.handle(event, buttonOrder: layout.buttonOrder) }
        let before = layout.render(state)
        _ = state.handle(.character("s"), buttonOrder: layout.buttonOrder)
        let after = layout.render(state)
        #expect(Set(ScreenDiff.runs(from: before, to: after).map { $0.row }) == [5])
    }
}
