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
import AskText
import AskTextBox
import TestSupport
import Testing

/// Golden screens on short and narrow terminals: padding gives way before the message, a
/// message that does not fit scrolls (its position in the gutter), and an error is never cut
/// to a stub.
struct ShortTerminalLayoutTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let spec: PromptSpec
        let rows: Int
        let columns: Int
        /// Typed before the screen is taken (`\r` is Enter).
        var typed = ""
        let expected: [String]
        var testDescription: String { name }
    }

    static func spec(_ title: String, _ message: String = "", _ change: (inout PromptSpec) -> Void = { _ in }) -> PromptSpec {
        var spec = PromptSpec(title: title, message: message)
        change(&spec)
        return spec
    }

    /// OpenSSH's host-key question, word for word, as the askpass helper gets it.
    static let hostKeyPrompt = """
        The authenticity of host 'example.com (192.0.2.1)' can't be established.
        ED25519 key fingerprint is SHA256:6zJ0vYcVw0Yv0u9r2l0mB7q3bXfQx5WnE1cGdKpTqHs.
        This key is not known by any other names.
        Are you sure you want to continue connecting (yes/no/[fingerprint])? 
        """

    static let registry = spec("Server Password", "Enter the password for \"me\" on registry.example.com to push the image "
                                   + "and tag it as the latest release of the service.") { $0.editFields { $0[0].isSecure = true } }

    static let cases: [Case] = [
        Case(name: "80×8: the message's first row, the rest below it (↓33%); no blank rows", spec: registry, rows: 8, columns: 80,
             expected: [
            "╭──────────────────────────────────────────────────────────────╮",
            "│                       Server Password                        │",
            "│ Enter the password for \"me\" on registry.example.com to  ↓33% │",
            "│ ____________________________________________________________ │",
            "├──────────────────────────────┬───────────────────────────────┤",
            "│            Cancel            │              OK               │",
            "╰──────────────────────────────┴───────────────────────────────╯",
        ]),
        Case(name: "80×7: the message before the title", spec: registry, rows: 7, columns: 80, expected: [
            "╭──────────────────────────────────────────────────────────────╮",
            "│ Enter the password for \"me\" on registry.example.com to  ↓33% │",
            "│ ____________________________________________________________ │",
            "├──────────────────────────────┬───────────────────────────────┤",
            "│            Cancel            │              OK               │",
            "╰──────────────────────────────┴───────────────────────────────╯",
        ]),
        Case(name: "80×12: the whole message, then the blank rows", spec: registry, rows: 12, columns: 80, expected: [
            "╭──────────────────────────────────────────────────────────────╮",
            "│                       Server Password                        │",
            "│ Enter the password for \"me\" on registry.example.com to push  │",
            "│  the image and tag it as the latest release of the service.  │",
            "│                                                              │",
            "│ ____________________________________________________________ │",
            "│                                                              │",
            "├──────────────────────────────┬───────────────────────────────┤",
            "│            Cancel            │              OK               │",
            "╰──────────────────────────────┴───────────────────────────────╯",
        ]),
        Case(name: "40×10: ssh's host-key question: its last line first, the rest above it",
             spec: Askpass.spec(prompt: hostKeyPrompt, environment: [:]),
             rows: 10, columns: 40, typed: "yes", expected: [
            "╭─────────────────────────────────────╮",
            "│               Confirm               │",
            "│ Are you sure you want to          ↑ │",
            "│ continue connecting                 │",
            "│ (yes/no/[fingerprint])?        100% │",
            "│ yes________________________________ │",
            "├──────────────────┬──────────────────┤",
            "│      Cancel      │        OK        │",
            "╰──────────────────┴──────────────────╯",
        ]),
        Case(name: "80×8 with a pattern: the line for its error stays", spec: spec("Ticket", "The ticket this deploy belongs to, "
                                                                                  + "as printed on the board") {
                 $0.editFields { $0[0].validation.pattern = "[A-Z]+-[0-9]+" }
             },
             rows: 8, columns: 80, typed: "12\r", expected: [
            "╭────────────────────────────────────────────────────────────╮",
            "│ The ticket this deploy belongs to, as printed on the board │",
            "│ 12________________________________________________________ │",
            "│ The answer is not in the expected format                   │",
            "├─────────────────────────────┬──────────────────────────────┤",
            "│           Cancel            │              OK              │",
            "╰─────────────────────────────┴──────────────────────────────╯",
        ]),
        Case(name: "20×6: an error wraps under the one-line form", spec: spec("Ticket") { $0.editFields { $0[0].validation.pattern = "[A-Z]+-[0-9]+" } },
             rows: 6, columns: 20, typed: "12\r", expected: [
            "Ticket: 12_________",
            "The answer is not",
            "in the expected",
            "format",
        ]),
        Case(name: "40×24: a long error wraps in the box", spec: spec("Contact") { $0.editFields { $0[0].keyboard = .email }; $0.editFields { $0[0].validation.maximumLength = 100 } },
             rows: 24, columns: 40, typed: "jane\r", expected: [
            "╭─────────────────────────────────────╮",
            "│               Contact               │",
            "│                                     │",
            "│ jane_______________________________ │",
            "│ Enter an email address, like        │",
            "│ name@example.com                    │",
            "├──────────────────┬──────────────────┤",
            "│      Cancel      │        OK        │",
            "╰──────────────────┴──────────────────╯",
        ]),
        Case(name: "80×24: the box widens for its longest error", spec: spec("Contact") { $0.editFields { $0[0].keyboard = .email } },
             rows: 24, columns: 80, typed: "jane\r", expected: [
            "╭───────────────────────────────────────────────╮",
            "│                    Contact                    │",
            "│                                               │",
            "│ jane_________________________________________ │",
            "│ Enter an email address, like name@example.com │",
            "├───────────────────────┬───────────────────────┤",
            "│        Cancel         │          OK           │",
            "╰───────────────────────┴───────────────────────╯",
        ]),
        Case(name: "30×2: no title: the one line shows the message cut in the middle",
             spec: spec("", "Enter the passphrase for key '/home/jane/.ssh/id_ed25519': "), rows: 2, columns: 30, typed: "ab",
             expected: [
            "Enter …5519\': ab_____________",
        ]),
        Case(name: "14×3: no room for the whole error: cut at its end", spec: spec("T") { $0.editFields { $0[0].validation.pattern = "x" } },
             rows: 3, columns: 14, typed: "1\r", expected: [
            "T: 1_________",
            "The answer i…",
        ]),
    ]

    static func render(_ example: Case) -> Screen {
        let content = AlertContent(spec: example.spec, charset: .utf8, usesColor: false)
        var layout = AlertLayout(content: content, fields: example.spec.fields, size: TerminalSize(rows: example.rows, columns: example.columns),
                                 preferredWidth: nil)
        var state = PromptState(spec: example.spec)
        for scalar in example.typed.unicodeScalars {
            _ = state.handle(scalar == "\r" ? .key(.enter) : .character(scalar))
        }
        return layout.render(state)
    }

    @Test(arguments: cases)
    func golden(_ example: Case) {
        let screen = Self.render(example)
        #expect(screen.goldenLines == example.expected, "\n\(screen.goldenLines.joined(separator: "\n"))")
        #expect(screen.width <= example.columns - 1)
        #expect(screen.height <= max(example.rows - 1, 1))
    }

    static func glyphs(_ text: String) -> [Glyph] { DisplayText.glyphs(text, charset: .utf8) }
    static func text(_ glyphs: [Glyph]) -> String { glyphs.map(\.text).joined() }

    /// One line cut in the middle: both ends show, the end gets the odd column.
    @Test(arguments: [
        ("hello", 10, "hello"), ("hello", 5, "hello"), ("hello world", 7, "hel…rld"), ("hello world", 8, "hel…orld"),
        ("hello", 2, "…o"), ("hello", 1, "…"), ("hello", 0, ""), ("中文字中文", 6, "中…文"), ("中文字中文", 5, "中…文"),
        ("ab中", 3, "a…"), ("Are you sure (yes/no)?", 12, "Are y…s/no)?"),
    ] as [(String, Int, String)])
    func oneLineIsCutInTheMiddle(text: String, width: Int, expected: String) {
        let cut = DisplayText.truncatedInMiddle(Self.glyphs(text), to: width, ellipsis: Charset.utf8.ellipsis)
        #expect(Self.text(cut) == expected)
        #expect(DisplayText.width(cut) <= max(width, 0))
    }
}
