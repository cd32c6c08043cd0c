import AskChoices
import AskCommandLine
import AskFields
import AskGauge
@testable import AskKit
import AskLayout
import AskModel
import AskRender
import AskSession
import AskPresentation
import AskSystem
import AskText
import AskTextBox
import Glibc
import TestSupport
import Testing

/// Golden screens: a spec and a terminal size in, rows of text out. Underlined blanks (the
/// field) show as `_`.
struct AlertLayoutTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let spec: PromptSpec
        /// `--width`.
        var width: Int?
        let rows: Int
        let columns: Int
        var charset = Charset.utf8
        var typed = ""
        let expected: [String]
        var testDescription: String { name }
    }

    static func spec(_ title: String, _ message: String = "", placeholder: String = "",
                     _ change: (inout PromptSpec) -> Void = { _ in }) -> PromptSpec {
        var spec = PromptSpec(title: title, message: message, placeholder: placeholder)
        change(&spec)
        return spec
    }

    static let cases: [Case] = [
        Case(name: "two buttons side by side, Cancel leading", spec: spec("Account", "Your name", placeholder: "Jane Appleseed"),
             rows: 24, columns: 80, expected: [
                "╭────────────────────────────────╮",
                "│            Account             │",
                "│           Your name            │",
                "│                                │",
                "│ Jane_Appleseed________________ │",  // the placeholder is underlined too
                "│                                │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │       OK       │",
                "╰───────────────┴────────────────╯",
             ]),
        Case(name: "three buttons stack: OK, secondary, Cancel",
             spec: spec("Save changes?", "Your edits will be lost if you don't save them.") {
                 $0.secondaryLabel = "Don't Save"
                 $0.okLabel = "Save"
             },
             rows: 24, columns: 80, expected: [
                "╭─────────────────────────────────────────────────╮",
                "│                  Save changes?                  │",
                "│ Your edits will be lost if you don't save them. │",
                "│                                                 │",
                "│ _______________________________________________ │",
                "│                                                 │",
                "├─────────────────────────────────────────────────┤",
                "│                      Save                       │",
                "├─────────────────────────────────────────────────┤",
                "│                   Don't Save                    │",
                "├─────────────────────────────────────────────────┤",
                "│                     Cancel                      │",
                "╰─────────────────────────────────────────────────╯",
             ]),
        Case(name: "no cancel: one button", spec: spec("Token", placeholder: "paste here") { $0.cancelLabel = nil },
             rows: 24, columns: 80, expected: [
                "╭────────────────────────────────╮",
                "│             Token              │",
                "│                                │",
                "│ paste_here____________________ │",
                "│                                │",
                "├────────────────────────────────┤",
                "│               OK               │",
                "╰────────────────────────────────╯",
             ]),
        Case(name: "destructive", spec: spec("Delete repository?", "Type the name to confirm.") {
                 $0.isDestructive = true
                 $0.okLabel = "Delete"
             },
             rows: 24, columns: 80, expected: [
                "╭────────────────────────────────╮",
                "│       Delete repository?       │",
                "│   Type the name to confirm.    │",
                "│                                │",
                "│ ______________________________ │",
                "│                                │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │    ! Delete    │",
                "╰───────────────┴────────────────╯",
             ]),
        Case(name: "long title cut with an ellipsis",
             spec: spec("A very long title that cannot possibly fit on one line of this box", "Short"),
             rows: 24, columns: 40, expected: [
                "╭─────────────────────────────────────╮",
                "│ A very long title that cannot poss… │",
                "│                Short                │",
                "│                                     │",
                "│ ___________________________________ │",
                "│                                     │",
                "├──────────────────┬──────────────────┤",
                "│      Cancel      │        OK        │",
                "╰──────────────────┴──────────────────╯",
             ]),
        Case(name: "long message on a short terminal: from the left, scrolled, the field and buttons stay",
             spec: spec("Licence", String(repeating: "All work and no play makes Jack a dull boy. ", count: 12)),
             rows: 14, columns: 60, expected: [
                "╭─────────────────────────────────────────────────────────╮",
                "│                         Licence                         │",
                "│ All work and no play makes Jack a dull boy. All         │",
                "│ work and no play makes Jack a dull boy. All work        │",
                "│ and no play makes Jack a dull boy. All work and no      │",
                "│ play makes Jack a dull boy. All work and no play        │",
                "│ makes Jack a dull boy. All work and no play makes       │",
                "│ Jack a dull boy. All work and no play makes Jack a      │",
                "│ dull boy. All work and no play makes Jack a dull   ↓63% │",
                "│ _______________________________________________________ │",
                "├────────────────────────────┬────────────────────────────┤",
                "│           Cancel           │             OK             │",
                "╰────────────────────────────┴────────────────────────────╯",
             ]),
        Case(name: "tiny terminal 20×5: one line", spec: spec("Tiny", "m"), rows: 5, columns: 20, typed: "abc",
             expected: ["Tiny: abc__________"]),
        Case(name: "1×1 terminal: nothing to draw, no crash", spec: spec("Tiny", "m"), rows: 1, columns: 1,
             expected: [""]),
        Case(name: "wide CJK message wraps by columns",
             spec: spec("名前", "お名前を入力してください。全角文字は二列を使います。"), rows: 24, columns: 40, expected: [
                "╭─────────────────────────────────────╮",
                "│                名前                 │",
                "│ お名前を入力してください。全角文字  │",
                "│         は二列を使います。          │",
                "│                                     │",
                "│ ___________________________________ │",
                "│                                     │",
                "├──────────────────┬──────────────────┤",
                "│      Cancel      │        OK        │",
                "╰──────────────────┴──────────────────╯",
             ]),
        Case(name: "no field: a confirmation", spec: spec("Quit?", "Unsaved work will be lost.") {
                 $0.body = .fields([])
                 $0.okLabel = "Quit"
             },
             rows: 24, columns: 80, expected: [
                "╭────────────────────────────────╮",
                "│             Quit?              │",
                "│   Unsaved work will be lost.   │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │      Quit      │",
                "╰───────────────┴────────────────╯",
             ]),
        Case(name: "not UTF-8: ASCII lines, ? for what cannot be shown", spec: spec("Account", "Your name"),
             rows: 24, columns: 80, charset: .ascii, typed: "Zoë", expected: [
                "+--------------------------------+",
                "|            Account             |",
                "|           Your name            |",
                "|                                |",
                "| Zo?___________________________ |",
                "|                                |",
                "+---------------+----------------+",
                "|    Cancel     |       OK       |",
                "+---------------+----------------+",
             ]),
        Case(name: "labels too wide side by side stack", spec: spec("Labels") {
                 $0.okLabel = "An extraordinarily long button label"
                 $0.cancelLabel = "Never mind, go back"
             },
             rows: 24, columns: 50, expected: [
                "╭───────────────────────────────────────────────╮",
                "│                    Labels                     │",
                "│                                               │",
                "│ _____________________________________________ │",
                "│                                               │",
                "├───────────────────────────────────────────────┤",
                "│     An extraordinarily long button label      │",
                "├───────────────────────────────────────────────┤",
                "│              Never mind, go back              │",
                "╰───────────────────────────────────────────────╯",
             ]),
        Case(name: "a label wider than the box is cut", spec: spec("Cut") {
                 $0.okLabel = String(repeating: "Proceed ", count: 8)
                 $0.cancelLabel = nil
             }, width: 30,
             rows: 24, columns: 80, expected: [
                "╭────────────────────────────╮",
                "│            Cut             │",
                "│                            │",
                "│ __________________________ │",
                "│                            │",
                "├────────────────────────────┤",
                "│ Proceed Proceed Proceed P… │",
                "╰────────────────────────────╯",
             ]),
    ]

    static func render(_ spec: PromptSpec, width: Int? = nil, rows: Int, columns: Int, charset: Charset = .utf8, typed: String = "",
                       color: Bool = false, focus: [InputEvent] = []) -> (Screen, AlertLayout) {
        let content = AlertContent(spec: spec, charset: charset, usesColor: color)
        var layout = AlertLayout(content: content, fields: spec.fields, size: TerminalSize(rows: rows, columns: columns), preferredWidth: width)
        var state = PromptState(spec: spec)
        for scalar in typed.unicodeScalars { _ = state.handle(.character(scalar)) }
        for event in focus { _ = state.handle(event) }
        return (layout.render(state), layout)
    }

    @Test(arguments: cases)
    func golden(_ example: Case) {
        let (screen, _) = Self.render(example.spec, width: example.width, rows: example.rows, columns: example.columns,
                                      charset: example.charset, typed: example.typed)
        #expect(screen.goldenLines == example.expected)
        // Never the last column, never more rows than fit below the anchor.
        #expect(screen.width <= max(example.columns - 1, 0))
        #expect(screen.height <= max(example.rows - 1, 1))
    }

    @Test(arguments: [(24, 80), (5, 20), (1, 1), (3, 200), (200, 3), (8, 30), (10, 16), (2, 2)])
    func everySizeFits(rows: Int, columns: Int) {
        for spec in Self.cases.map(\.spec) {
            let (screen, _) = Self.render(spec, rows: rows, columns: columns)
            #expect(screen.width <= max(columns - 1, 0))
            #expect(screen.height <= max(rows - 1, 1))
            // The cursor, where it shows (where typing goes), is inside what is drawn.
            #expect(screen.cursor.map { $0.row < screen.height && $0.column < max(screen.width, 1) } != false,
                    "\(rows)×\(columns): \(screen.goldenLines)")
        }
    }

    /// Found by fuzzing: a CR LF in `--value` was one cell four columns wide.
    @Test(arguments: ["a\r\nb", "\u{1B}\r\n", "e\u{301}\r\n中"])
    func everyRowIsExactlyTheScreenWide(value: String) {
        var spec = Self.spec("Rows")
        spec.editFields { $0[0].value = value }
        for (rows, columns) in [(24, 80), (5, 20), (3, 9)] {
            let (screen, _) = Self.render(spec, rows: rows, columns: columns)
            for row in 0..<screen.height {
                #expect((0..<screen.width).reduce(0) { $0 + screen[row, $1].width } == screen.width)
            }
        }
    }

    @Test func defaultButtonIsBoldAndFocusIsInverse() {
        let spec = Self.spec("Focus")
        var (screen, _) = Self.render(spec, rows: 24, columns: 80)
        // Box-drawing characters take one column each, so a character offset is a column.
        func style(_ text: String) -> Style? {
            for row in 0..<screen.height {
                let line = screen.goldenLines[row]
                if let range = line.firstRange(of: text) { return screen[row, line.distance(from: line.startIndex, to: range.lowerBound)].style }
            }
            return nil
        }
        #expect(style("OK")?.bold == true)
        #expect(style("OK")?.inverse == false)
        #expect(style("Cancel")?.bold == false)
        #expect(screen.cursor != nil)
        (screen, _) = Self.render(spec, rows: 24, columns: 80, focus: [.key(.tab)])
        #expect(style("Cancel")?.inverse == true)
        #expect(screen.cursor == nil)  // hidden: the focused button is drawn in inverse
        (screen, _) = Self.render(spec, rows: 24, columns: 80, focus: [.key(.tab), .key(.tab)])
        #expect(style("OK")?.inverse == true)
        #expect(style("Cancel")?.inverse == false)
    }

    /// A destructive button is told by its sign (`!`, bold red with colour), Cancel becomes
    /// the default (bold); the labels keep the terminal's colours.
    @Test func destructiveHasItsSignAndCancelBecomesTheDefault() {
        var spec = Self.spec("Delete?")
        spec.isDestructive = true
        spec.okLabel = "Delete"
        let (screen, _) = Self.render(spec, rows: 24, columns: 80, color: true)
        let row = screen.goldenLines.firstIndex { $0.contains("Delete ") && $0.contains("Cancel") }!
        let line = screen.goldenLines[row]
        let delete = line.distance(from: line.startIndex, to: line.firstRange(of: "Delete")!.lowerBound)
        let cancel = line.distance(from: line.startIndex, to: line.firstRange(of: "Cancel")!.lowerBound)
        #expect(line.contains("! Delete"))
        #expect(screen[row, delete - 2].style == Style(bold: true, foreground: .red))
        #expect(screen[row, delete].style == Style())
        #expect(screen[row, cancel].style == Style(bold: true))
        // Without colour the sign stays, bold, and the destructive label is underlined.
        let (plain, _) = Self.render(spec, rows: 24, columns: 80, color: false)
        #expect(plain.goldenLines[row].contains("! Delete"))
        #expect(plain[row, delete - 2].style.foreground == nil && plain[row, delete - 2].style.bold)
        #expect(plain[row, delete].style.underline)
        // Focused, with colour: bright white on red, the sign too.
        let (focused, _) = Self.render(spec, rows: 24, columns: 80, color: true, focus: [.key(.tab), .key(.tab)])
        #expect(focused[row, delete].style == Style(foreground: .white, background: .red))
        #expect(focused[row, delete - 2].style == Style(bold: true, foreground: .white, background: .red))
    }

    @Test func theOneLineLayoutShowsAnErrorInsteadOfTheTitle() {
        var spec = PromptSpec(title: "Name")
        spec.editFields { $0[0].validation.isRequired = true }
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: false)
        // Two rows: the line, and the anchor above it (with more, the error gets its own line).
        var layout = AlertLayout(content: content, fields: spec.fields, size: TerminalSize(rows: 2, columns: 40))
        var state = PromptState(spec: spec)
        #expect(layout.isCompact)
        #expect(layout.render(state).lines == ["Name:"])
        _ = state.handle(.key(.enter))
        #expect(layout.render(state).lines[0].hasPrefix("An answer is required:"))
        #expect(layout.render(state, countdown: 7).lines[0].hasSuffix(" 7s"))
    }

    @Test func aConfirmationWithATimeoutHasARowForTheCountdown() {
        var spec = PromptSpec(title: "Continue deploy?")
        spec.body = .fields([])
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: false, timeout: 30)
        var layout = AlertLayout(content: content, fields: spec.fields, size: TerminalSize(rows: 24, columns: 80))
        let state = PromptState(spec: spec)
        #expect(layout.render(state, countdown: 9).lines.contains { $0.hasSuffix("9s │") })
    }
}
