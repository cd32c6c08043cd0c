import AskCommandLine
import AskFields
import AskKit
import AskLayout
import AskModel
import AskText
import TestSupport
import Testing

/// The message as scripts wrote it: the backtitle above the box, a long text scrolled with its
/// position shown, a structured text laid out from the left, dialog's `\Z` emphasis, spaces
/// kept and tabs expanded, three buttons side by side. Golden screens are literals.
struct MessageLayoutTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let spec: PromptSpec
        var rows = 24
        var columns = 80
        /// Keys the message is given before the screen is taken.
        var keys: [InputEvent] = []
        let expected: [String]
        var testDescription: String { name }
    }

    /// The alert a personality makes of `arguments` (after `--whiptail` or `--dialog`).
    static func personality(_ arguments: [String]) -> PromptSpec {
        guard case let .compat(compat)? = try? ArgumentParser(environment: [:], programName: "ask").parse(arguments) else {
            Issue.record("not a box: \(arguments)")
            return PromptSpec()
        }
        return compat.invocation.spec
    }

    /// A notice of `lines` numbered lines (an alert without fields, OK alone).
    static func notice(_ lines: Int, _ word: String = "Line") -> PromptSpec {
        var spec = PromptSpec(title: "Licence", message: (1...lines).map { "\(word) \($0) of the licence" }.joined(separator: "\n"))
        spec.body = .fields([])
        spec.cancelLabel = nil
        return spec
    }

    static let gpgDescription = """
        Please enter the passphrase to unlock the OpenPGP secret key:
        "Alice Example <alice@example.com>"
        255-bit EDDSA key, ID 0123456789ABCDEF,
        created 2024-01-01.
        """

    /// The frame of `spec` at its size, after its keys.
    static func render(_ example: Case) -> Screen {
        let content = AlertContent(spec: example.spec, charset: .utf8, usesColor: true)
        let state = PromptState(spec: example.spec)
        var view = FieldsView.Scroll()
        let frame = Frame<FieldsView>(state, content: content, size: TerminalSize(rows: example.rows, columns: example.columns), view: &view)
        var scroll = MessageScroll()
        for key in example.keys { #expect(frame.scrollMessage(key, state, &scroll), "\(key) scrolls the message") }
        return frame.render(state, view: &view, messageScroll: scroll)
    }

    static let pageDown = InputEvent.key(.pageDown, []), end = InputEvent.key(.end, [])

    static let cases: [Case] = [
        Case(name: "whiptail's --backtitle: the first row, above the box",
             spec: personality(["--whiptail", "--backtitle", "Proxmox VE Helper Scripts", "--title", "Container", "--yesno",
                                "Use the default settings?", "10", "58"]),
             expected: [
                "Proxmox VE Helper Scripts",
                "╭────────────────────────────────╮",
                "│           Container            │",
                "│   Use the default settings?    │",
                "├───────────────┬────────────────┤",
                "│      Yes      │       No       │",
                "╰───────────────┴────────────────╯",
            ]),
        Case(name: "a 60-line text in 30 rows: a page down, the position in the gutter", spec: notice(60), rows: 30,
             keys: [pageDown], expected: [
                "╭────────────────────────────────╮",
                "│            Licence             │",
                "│ Line 24 of the licence       ↑ │",
                "│ Line 25 of the licence         │",
                "│ Line 26 of the licence         │",
                "│ Line 27 of the licence         │",
                "│ Line 28 of the licence         │",
                "│ Line 29 of the licence         │",
                "│ Line 30 of the licence         │",
                "│ Line 31 of the licence         │",
                "│ Line 32 of the licence         │",
                "│ Line 33 of the licence         │",
                "│ Line 34 of the licence         │",
                "│ Line 35 of the licence         │",
                "│ Line 36 of the licence         │",
                "│ Line 37 of the licence         │",
                "│ Line 38 of the licence         │",
                "│ Line 39 of the licence         │",
                "│ Line 40 of the licence         │",
                "│ Line 41 of the licence         │",
                "│ Line 42 of the licence         │",
                "│ Line 43 of the licence         │",
                "│ Line 44 of the licence         │",
                "│ Line 45 of the licence         │",
                "│ Line 46 of the licence         │",
                "│ Line 47 of the licence    ↓78% │",
                "├────────────────────────────────┤",
                "│               OK               │",
                "╰────────────────────────────────╯",
            ]),
        Case(name: "a 60-line text in 20 rows: at its end", spec: notice(60, "Clause"), rows: 20, keys: [end], expected: [
                "╭────────────────────────────────╮",
                "│            Licence             │",
                "│ Clause 47 of the licence     ↑ │",
                "│ Clause 48 of the licence       │",
                "│ Clause 49 of the licence       │",
                "│ Clause 50 of the licence       │",
                "│ Clause 51 of the licence       │",
                "│ Clause 52 of the licence       │",
                "│ Clause 53 of the licence       │",
                "│ Clause 54 of the licence       │",
                "│ Clause 55 of the licence       │",
                "│ Clause 56 of the licence       │",
                "│ Clause 57 of the licence       │",
                "│ Clause 58 of the licence       │",
                "│ Clause 59 of the licence       │",
                "│ Clause 60 of the licence  100% │",
                "├────────────────────────────────┤",
                "│               OK               │",
                "╰────────────────────────────────╯",
            ]),
        Case(name: "gpg's description is laid out from the left",
             spec: PromptSpec(title: "Passphrase", message: gpgDescription, isSecure: true), columns: 60, expected: [
                "╭─────────────────────────────────────────────────────────╮",
                "│                       Passphrase                        │",
                "│ Please enter the passphrase to unlock the OpenPGP       │",
                "│ secret key:                                             │",
                "│ \"Alice Example <alice@example.com>\"                     │",
                "│ 255-bit EDDSA key, ID 0123456789ABCDEF,                 │",
                "│ created 2024-01-01.                                     │",
                "│                                                         │",
                "│ _______________________________________________________ │",
                "│                                                         │",
                "├────────────────────────────┬────────────────────────────┤",
                "│           Cancel           │             OK             │",
                "╰────────────────────────────┴────────────────────────────╯",
            ]),
        Case(name: "dialog's --no-collapse keeps the spaces; a tab goes to the next stop",
             spec: personality(["--dialog", "--no-collapse", "--msgbox", "Disk\tSize\tUsed\\nroot\t10 GB\t 40%\\n  data     2 TB", "12", "40"]),
             expected: [
                "╭────────────────────────────────╮",
                "│ Disk    Size    Used           │",
                "│ root    10 GB    40%           │",
                "│   data     2 TB                │",
                "├────────────────────────────────┤",
                "│               OK               │",
                "╰────────────────────────────────╯",
            ]),
        Case(name: "without --no-collapse dialog makes runs of spaces one, and the text is centred",
             spec: personality(["--dialog", "--msgbox", "Disk\tSize    Used", "12", "40"]), expected: [
                "╭────────────────────────────────╮",
                "│         Disk Size Used         │",
                "├────────────────────────────────┤",
                "│               OK               │",
                "╰────────────────────────────────╯",
            ]),
        Case(name: "three buttons side by side, as dialog draws them",
             spec: personality(["--dialog", "--extra-button", "--help-button", "--yesno", "Install the package?", "10", "50"]),
             expected: [
                "╭───────────────────────────────────────╮",
                "│         Install the package?          │",
                "├─────────┬─────────┬─────────┬─────────┤",
                "│   Yes   │  Extra  │   No    │  Help   │",
                "╰─────────┴─────────┴─────────┴─────────╯",
            ]),
    ]

    @Test(arguments: cases)
    func golden(_ example: Case) {
        let screen = Self.render(example)
        #expect(screen.goldenLines == example.expected, "\n\(screen.goldenLines.map { "\"\($0)\"," }.joined(separator: "\n"))")
    }

    /// The backtitle is bold, at the left of the row above the box, and takes no colour.
    @Test func theBacktitleIsBoldAboveTheBox() {
        let screen = Self.render(Self.cases[0])
        #expect((0..<25).allSatisfy { screen[0, $0].style == Style(bold: true) })
        #expect(screen[1, 0].text == "╭")
    }

    /// pi-hole's warning keeps its emphasis: `\Zb\Z1IMPORTANT:\Zn` is bold (its red is not
    /// text's colour on both of xterm's themes: bold says it), underline and reverse as
    /// written, the rest plain — and every cell passes the contrast rules.
    @Test func dialogsColoursKeepTheirEmphasis() throws {
        let spec = Self.personality(["--dialog", "--colors", "--msgbox", "\\Zb\\Z1IMPORTANT:\\Zn plain \\Zuunder\\ZU \\Zrback\\ZR \\Z4blue\\Z0 end",
                                     "10", "60"])
        let screen = Self.render(Case(name: "colours", spec: spec, expected: []))
        let row = try #require(screen.lines.firstIndex { $0.contains("IMPORTANT:") })
        let line = screen.lines[row]
        func style(of word: String) -> [Style] {
            guard let range = line.firstRange(of: word) else { return [] }
            let start = DisplayWidth.of(line[..<range.lowerBound])
            return (start..<(start + word.count)).map { screen[row, $0].style }
        }
        #expect(line.contains("IMPORTANT: plain under back blue end"), "\(line)")
        #expect(style(of: "IMPORTANT:") == Array(repeating: Style(bold: true), count: 10))
        #expect(style(of: "plain") == Array(repeating: Style(), count: 5))
        #expect(style(of: "under") == Array(repeating: Style(underline: true), count: 5))
        #expect(style(of: "back") == Array(repeating: Style(inverse: true), count: 4))
        #expect(style(of: "blue") == Array(repeating: Style(bold: true), count: 4))
        #expect(style(of: "end") == Array(repeating: Style(), count: 3))
        ContrastTests.checkContrast(of: screen, "dialog --colors")
    }

    /// Wrapping as written: rows break at the last space that fits, spaces inside a row and at
    /// a line's start are kept, a word longer than the row is broken.
    @Test(arguments: [
        ("one two three", 7, ["one two", "three"]), ("one two three", 8, ["one two", "three"]), ("  indented text", 10, ["  indented", "text"]),
        ("a    b", 10, ["a    b"]), ("abcdefghij", 4, ["abcd", "efgh", "ij"]), ("", 5, [""]), ("ab   cd", 3, ["ab", "cd"]),
        ("中文 字", 4, ["中文", "字"]),
    ] as [(String, Int, [String])])
    func wrapsAsWritten(text: String, width: Int, rows: [String]) {
        let glyphs = DisplayText.glyphs(text, charset: .utf8)
        let wrapped = Wrap.rows(glyphs, width: width).map { glyphs[$0].map(\.text).joined() }
        #expect(wrapped == rows)
    }

    /// Which keys scroll the message, by what the control leaves it.
    @Test(arguments: [
        (InputEvent.key(.down, []), MessageKeys.all, MessageScroll.Action?.some(.line(1))),
        (.key(.down, []), .pages, nil), (.key(.down, []), .shifted, nil), (.key(.down, .shift), .shifted, .line(1)),
        (.key(.pageDown, []), .pages, .page(1)), (.key(.pageUp, []), .shifted, nil), (.key(.pageUp, .shift), .shifted, .page(-1)),
        (.key(.home, []), .all, .start), (.key(.home, []), .pages, nil), (.key(.end, .shift), .pages, .end),
        (.key(.down, .control), .all, nil), (.character("j"), .all, nil),
    ] as [(InputEvent, MessageKeys, MessageScroll.Action?)])
    func keysThatScroll(event: InputEvent, keys: MessageKeys, action: MessageScroll.Action?) {
        #expect(MessageScroll.action(for: event, leaving: keys) == action)
    }

    /// A message that fits takes no key: the control keeps its arrows.
    @Test func aMessageThatFitsTakesNoKey() {
        let spec = Self.notice(3)
        let state = PromptState(spec: spec)
        var view = FieldsView.Scroll()
        let frame = Frame<FieldsView>(state, content: AlertContent(spec: spec, charset: .utf8, usesColor: false),
                                      size: TerminalSize(rows: 24, columns: 80), view: &view)
        var scroll = MessageScroll()
        #expect(!frame.scrollMessage(.key(.down, []), state, &scroll))
        #expect(scroll.top == nil)
    }

    /// A structured text: a label on a line of its own, indentation, aligned columns, or more
    /// than a few lines; a short question is not.
    @Test(arguments: [
        ("Are you sure?", false), ("Please enter the passphrase:\n\"Alice\"", true), ("Password:", false),
        ("one\ntwo\nthree\nfour\nfive", true), ("one\ntwo\nthree", false),
    ] as [(String, Bool)])
    func structuredText(text: String, structured: Bool) {
        #expect(MessageText(text, charset: .utf8).isStructured == structured)
    }

    /// whiptail keeps runs of spaces (as newt draws them), and holds a `--scrolltext` text to
    /// the rows its box's height leaves it, a stop of the focus that scrolls only while it has it.
    @Test func whiptailKeepsSpacesAndHoldsScrolltextToItsBox() {
        let spec = Self.personality(["--whiptail", "--scrolltext", "--msgbox", "a    b", "20", "40"])
        #expect(spec.chrome.messageLayout == MessageLayout(keepsSpaces: true, mostRows: 14, mostKeys: .shifted, takesFocus: true))
        #expect(Self.personality(["--whiptail", "--msgbox", "a", "20", "40"]).chrome.messageLayout.mostRows == nil)
        #expect(Self.personality(["--whiptail", "--msgbox", "a", "20", "40"]).chrome.messageLayout.mostKeys == .pages)
        #expect(Self.personality(["--dialog", "--scrolltext", "--msgbox", "a", "20", "40"]).chrome.messageLayout == MessageLayout())
        #expect(Self.personality(["--dialog", "--no-collapse", "--msgbox", "a", "20", "40"]).chrome.messageLayout.keepsSpaces)
        #expect(Self.personality(["--dialog", "--backtitle", "Setup", "--msgbox", "a", "8", "40"]).chrome.backtitle == "Setup")
    }

    /// dialog's `\Z` codes become the emphasis of the spans they begin, taken out of the text.
    @Test func dialogsCodesAreRuns() {
        let chrome = Self.personality(["--dialog", "--colors", "--msgbox", "\\Zb\\Z1IMPORTANT:\\Zn ok \\Zuu\\Zr!\\ZU\\ZR", "8", "40"]).chrome
        #expect(chrome.message == "IMPORTANT: ok u!")
        #expect(chrome.messageEmphasis == [
            EmphasisRun(start: 0, count: 10, emphasis: TextEmphasis(bold: true, color: 1)),
            EmphasisRun(start: 14, count: 1, emphasis: TextEmphasis(underline: true)),
            EmphasisRun(start: 15, count: 1, emphasis: TextEmphasis(underline: true, reverse: true)),
        ])
        #expect(Self.personality(["--dialog", "--msgbox", "\\Zbx", "8", "40"]).chrome.messageEmphasis.isEmpty)
    }
}
