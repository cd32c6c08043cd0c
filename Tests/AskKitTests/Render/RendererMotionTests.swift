import AskChoices
import AskFields
import AskGauge
@testable import AskKit
import AskLayout
import AskModel
import AskSession
import AskPresentation
import AskRender
import AskText
import AskTextBox
import TestSupport
import Testing

/// How the renderer moves the cursor and where it erases: short gaps are written as what is
/// there (a blank is one byte), longer ones are jumped; the alert is found from the cursor the
/// terminal carried along on a resize, never from the saved position, and nothing above its
/// first row is ever erased.
struct RendererMotionTests {
    // MARK: - Gaps

    /// A one-row screen with `glyphs` drawn at their columns, in their styles.
    static func row(_ glyphs: [(column: Int, text: String, style: Style)], width: Int = 30) -> Screen {
        var screen = Screen(width: width, height: 1)
        for glyph in glyphs {
            screen.draw([Glyph(glyph.text, width: DisplayWidth.of(glyph.text))], row: 0, column: glyph.column, style: glyph.style)
        }
        return screen
    }

    static let bold = Style(bold: true)

    /// The bytes of the frame that goes from `before` to `after` (both with the cursor hidden).
    static func bytes(from before: Screen, to after: Screen) -> String {
        var renderer = ScreenRenderer()
        _ = renderer.frame(before)
        return String(decoding: renderer.frame(after), as: UTF8.self)
    }

    @Test(arguments: [
        // One blank between two changes is one byte; up to a jump's length, blanks; past it, a jump.
        ([(0, "x", Style.plain), (2, "y", .plain)], "x y"),
        ([(0, "x", Style.plain), (5, "y", .plain)], "x    y"),
        ([(0, "x", Style.plain), (6, "y", .plain)], "x\u{1B}[7Gy"),
        ([(0, "x", Style.plain), (12, "y", .plain)], "x\u{1B}[13Gy"),
        // A blank in another style than the pen: the style change is counted too.
        ([(0, "x", bold), (2, "y", .plain)], "\u{1B}[0;1mx\u{1B}[m y"),
        ([(0, "x", bold), (4, "y", bold)], "\u{1B}[0;1mx\u{1B}[5Gy\u{1B}[m"),
        ([(1, "x", Style.plain)], " x"),
    ] as [([(Int, String, Style)], String)])
    func gapsOnABlankRow(changes: [(Int, String, Style)], expected: String) {
        let after = Self.row(changes.map { (column: $0.0, text: $0.1, style: $0.2) })
        var renderer = ScreenRenderer()
        _ = renderer.frame(Self.row([]))
        // (The blank row's frame wrote nothing: the cursor is at column 0.)
        #expect(String(decoding: renderer.frame(after), as: UTF8.self) == expected)
    }

    @Test(arguments: [
        // Unchanged text between two changes is written again when that is shorter (the first
        // frame left the cursor after the text: a carriage return goes back).
        ("abc", [(0, "X"), (2, "Z")], "\rXbZ"),
        // A wide glyph in the way is jumped over (its cells cannot be written one by one).
        ("a中b", [(0, "X"), (3, "Z")], "\rX\u{1B}[4GZ"),
        // Several scalars in one cell are jumped over too.
        ("ae\u{301}b", [(0, "X"), (2, "Z")], "\rX\u{1B}[3GZ"),
        // Going back to a column near the start: the carriage return and the cells before.
        ("abcdefghij", [(9, "J"), (1, "B")], "\raB\u{1B}[10GJ"),
    ] as [(String, [(Int, String)], String)])
    func gapsOverUnchangedText(before text: String, changes: [(Int, String)], expected: String) {
        var before = Screen(width: 20, height: 1)
        before.draw(DisplayText.glyphs(text, charset: .utf8), row: 0, column: 0)
        var after = before
        for (column, glyph) in changes { after.draw([Glyph(glyph, width: 1)], row: 0, column: column) }
        #expect(Self.bytes(from: before, to: after) == expected)
    }

    /// The message's words keep their spaces in the first frame, so the bytes on the terminal
    /// read as the sentence.
    @Test func aMessageIsWrittenWithItsSpaces() {
        let spec = PromptSpec(title: "Server Password", message: "Enter the password for \"me\" on registry.", isSecure: true)
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: true)
        var layout = AlertLayout(content: content, fields: spec.fields, size: TerminalSize(rows: 24, columns: 80))
        var renderer = ScreenRenderer()
        let first = String(decoding: renderer.frame(layout.render(PromptState(spec: spec))), as: UTF8.self)
        #expect(first.contains("│ Enter the password for \"me\" on registry. │"))
    }

    // MARK: - Erasing and going back

    /// An alert drawn by a renderer into a `VirtualTerminal`, the terminal's answers read back
    /// through a `KeyDecoder` as the session reads them.
    struct Rig {
        let terminal: VirtualTerminal
        var renderer = ScreenRenderer()
        var decoder = KeyDecoder()
        let content: AlertContent
        var state: PromptState
        var size: TerminalSize
        /// Where the field scrolls from, kept from frame to frame as the session keeps it.
        var scroll = AlertLayout.Scroll()
        /// Everything written, as the terminal got it.
        var written: [UInt8] = []

        init(_ spec: PromptSpec = PromptSpec(title: "Server Password", message: "x", isSecure: true), rows: Int = 30,
             columns: Int = 80, linesAbove: Int = 40, prompt: String = "", kind: Int? = 41, answers: Bool = true) {
            terminal = VirtualTerminal(rows: rows, columns: columns)
            terminal.kind = kind
            terminal.answersCursorReports = answers
            terminal.print((1...max(linesAbove, 1)).map(String.init).joined(separator: "\n") + "\n" + prompt)
            content = AlertContent(spec: spec, charset: .utf8, usesColor: true)
            state = PromptState(spec: spec)
            size = TerminalSize(rows: rows, columns: columns)
            draw()
        }

        mutating func write(_ bytes: [UInt8]) {
            written += bytes
            terminal.feed(bytes)
            decoder.expectedCursorReports = renderer.conversation.expectedCursorReports
            decoder.expectsTerminalKind = renderer.conversation.expectsTerminalKind
            for event in decoder.feed(terminal.takeReplies()) where !renderer.take(event) {
                Issue.record("not an answer taken: \(event)")
            }
        }

        mutating func draw(after prefix: [UInt8] = []) {
            var layout = AlertLayout(content: content, fields: state.fields.map(\.spec), size: size)
            layout.scroll = scroll
            let screen = layout.render(state)
            scroll = layout.scroll
            write(prefix + renderer.frame(screen))
        }

        mutating func type(_ text: String) {
            for scalar in text.unicodeScalars { _ = state.handle(.character(scalar)) }
            draw()
        }

        mutating func resize(rows: Int, columns: Int) {
            let old = size
            size = TerminalSize(rows: rows, columns: columns)
            terminal.resize(rows: rows, columns: columns)
            draw(after: renderer.clear(resizedFrom: old, to: size))
        }

        mutating func end() { write(renderer.end()) }

        /// Whether every line printed before the alert is still there, in order, each once.
        var linesAboveKept: Bool {
            let all = terminal.allLines
            guard let first = all.firstIndex(of: "1") else { return false }
            return Array(all[first..<min(first + 40, all.count)]) == (1...40).map(String.init)
        }

        /// The row `offset` rows from the cursor's, or nil off the screen.
        func line(_ offset: Int = 0) -> String? {
            let row = terminal.cursorRow + offset
            return terminal.lines.indices.contains(row) ? terminal.lines[row] : nil
        }

        /// Whether any piece of a box is on the screen or in the scrollback.
        var boxLeft: Bool { terminal.allLines.contains { $0.contains { "╭╮╰╯│─├┤┬┴•".contains($0) } } }
    }

    /// The case that lost the person's lines: a shorter terminal pushes rows above the alert
    /// into its scrollback, a taller one pulls them back, and the saved anchor stays where it
    /// was on the screen all along. The alert is found from the cursor instead.
    @Test(arguments: [(14, 30), (20, 30), (30, 14), (14, 40), (12, 12), (10, 30)])
    func heightChangesKeepEveryLine(first: Int, then: Int) {
        var rig = Rig()
        rig.type("abc")
        rig.resize(rows: first, columns: 80)
        rig.resize(rows: then, columns: 80)
        #expect(rig.terminal.contains("│ ••• "))
        rig.end()
        #expect(rig.linesAboveKept, "\(rig.terminal.allLines)")
        #expect(!rig.boxLeft, "\(rig.terminal.allLines)")
        // Back on the anchor: the row right after the 40 lines, at its start.
        #expect(rig.line() == "" && rig.line(-1) == "40", "\(rig.terminal.lines)")
        #expect(rig.terminal.cursorColumn == 0)
        #expect(rig.terminal.unknownSequences.isEmpty, "\(rig.terminal.unknownSequences)")
    }

    /// The column of the anchor comes from the terminal's report, so a prompt printed without a
    /// line break gets its cursor back, right after it, after a height change too.
    /// In tmux, a key that looks like the answer to the report a resize asked for (Ctrl-F3 is
    /// `CSI 1;5 R`) is not taken for it: the answer says where the cursor is, and a height
    /// change leaves it in its column. Taken, it would have the rows above counted as the
    /// alert's and erased when the terminal grew.
    @Test func aKeyLikeAnAnswerIsNotTakenForOne() {
        var rig = Rig(kind: 84)
        rig.type("abc")
        rig.terminal.answersCursorReports = false
        rig.resize(rows: 14, columns: 80)
        let taken = rig.renderer.take(.cursorReport(row: 1, column: 5))
        #expect(!taken)
        #expect(rig.renderer.conversation.expectedCursorReports == 1)
        rig.terminal.answersCursorReports = true
        rig.resize(rows: 30, columns: 80)
        rig.end()
        #expect(rig.linesAboveKept, "\(rig.terminal.allLines)")
        #expect(!rig.boxLeft, "\(rig.terminal.allLines)")
    }

    @Test func theAnchorsColumnComesFromTheReport() {
        var rig = Rig(linesAbove: 40, prompt: "Password: ")
        #expect(rig.renderer.conversation.anchorColumn == 10)
        rig.resize(rows: 15, columns: 80)
        rig.end()
        #expect(rig.linesAboveKept && !rig.boxLeft, "\(rig.terminal.allLines)")
        #expect(rig.line() == "Password:")
        #expect(rig.terminal.cursorColumn == 10)
    }
}

extension RendererMotionTests {
    /// What `end` writes: the erase starts at the alert's first row, from the second column
    /// (`CSI J` at the top-left corner has tmux copy the screen into its history first), then
    /// the cursor goes back to the anchor as well as it is known.
    @Test(arguments: [
        // No resize: the saved anchor is exact.
        (nil, 41, true, "\u{1B}8\u{1B}[B\u{1B}[2G\u{1B}[J\r\u{1B}[K\u{1B}8"),
        // A height change: the row above the alert's first row, at the reported column (0).
        (15, 41, true, "\u{1B}[4A\u{1B}[2G\u{1B}[J\r\u{1B}[K\u{1B}[A"),
        // No report came: the column is not known, so the cursor stays below the anchor.
        (15, 41, false, "\u{1B}[4A\u{1B}[2G\u{1B}[J\r\u{1B}[K"),
    ] as [(Int?, Int, Bool, String)])
    func whatTheEndWrites(resizedTo rows: Int?, kind: Int, answers: Bool, expected: String) {
        var rig = Rig(kind: kind, answers: answers)
        if let rows { rig.resize(rows: rows, columns: 80) }
        rig.renderer.forgetReports()
        #expect(String(decoding: rig.renderer.end(), as: UTF8.self) == expected)
    }

    /// Without a report the way back is not known after a height change: the cursor stays at
    /// the start of the alert's first row, below the anchor, and nothing of the person's is
    /// erased or written over.
    @Test func withoutReportsNothingIsOverwritten() {
        var rig = Rig(linesAbove: 40, prompt: "Password: ", answers: false)
        rig.resize(rows: 14, columns: 80)
        rig.resize(rows: 30, columns: 80)
        rig.renderer.forgetReports()
        rig.end()
        #expect(rig.linesAboveKept && !rig.boxLeft, "\(rig.terminal.allLines)")
        #expect(rig.line(-1) == "Password:")
        #expect(rig.line() == "" && rig.terminal.cursorColumn == 0)
    }

    /// A terminal shorter than the rows the alert has above the cursor pushes its first rows
    /// into the scrollback. tmux (kind 84) pulls them back first when it grows, so they are
    /// erased then and the anchor is exact again; any other terminal may not, and nothing
    /// above the alert is touched: its first rows may stay in the scrollback.
    @Test(arguments: [(84, true), (41, false)])
    func aTinyTerminalAndBack(kind: Int, exact: Bool) {
        var rig = Rig(kind: kind)
        rig.type("abc")
        rig.resize(rows: 4, columns: 80)
        #expect(rig.terminal.contains("Server Password: •••"), "\(rig.terminal.lines)")
        rig.resize(rows: 30, columns: 80)
        rig.end()
        #expect(rig.linesAboveKept, "\(rig.terminal.allLines)")
        #expect(rig.boxLeft == !exact, "\(rig.terminal.allLines)")
        #expect(rig.line(-1) == (exact ? "40" : "╭────────────────────────────────╮"))
    }

    /// The erase never starts at the top-left corner, even when the alert's first row is the
    /// screen's first (the anchor scrolled away): tmux would copy the screen, alert and all,
    /// into its scrollback.
    @Test func theEraseNeverStartsAtTheTopLeftCorner() {
        var rig = Rig(rows: 10)
        rig.resize(rows: 5, columns: 80)  // the rows below the cursor go, then the anchor's
        rig.resize(rows: 10, columns: 80)
        rig.end()
        #expect(!rig.boxLeft, "\(rig.terminal.allLines)")
        #expect(rig.terminal.unknownSequences.isEmpty)
    }

    /// What the crash guard writes after a resize erases the alert without touching the lines
    /// above it.
    @Test func theCrashGuardsBytesFollowTheAlert() {
        var rig = Rig()
        rig.type("abc")
        rig.resize(rows: 14, columns: 80)
        rig.resize(rows: 30, columns: 80)
        rig.write(rig.renderer.closing + ANSI.leave)
        #expect(rig.linesAboveKept && !rig.boxLeft, "\(rig.terminal.allLines)")
    }

    /// Narrower than the alert: tmux splits its rows, other terminals cut them. Only where the
    /// terminal is known to be tmux are the split rows counted; elsewhere the rows both agree
    /// on are erased, the lines above are never touched, and the cursor ends below the anchor.
    @Test func aNarrowerTerminalThatIsNotTmux() {
        var rig = Rig()
        rig.resize(rows: 30, columns: 25)
        rig.resize(rows: 30, columns: 80)
        rig.end()
        #expect(rig.linesAboveKept && !rig.boxLeft, "\(rig.terminal.allLines)")
        #expect(rig.line() == "" && rig.line(-2) == "40")
    }

    /// tmux's rule for the rows between the alert's first row and the cursor after re-wrapping
    /// to a narrower width: a row longer than the width becomes pieces of at most that many
    /// columns (a wide glyph is not cut); the cursor stays on its cell, or past the end of a
    /// row, at the end of its last piece. (Checked against tmux itself in `TmuxTests`.)
    @Test(arguments: [
        (34, 4, 5, 25, 8), (34, 4, 30, 25, 9), (34, 4, 34, 25, 9), (34, 4, 25, 25, 9), (34, 4, 24, 25, 8),
        (34, 4, 5, 17, 8), (34, 4, 5, 16, 12), (34, 4, 32, 16, 14), (34, 4, 5, 40, 4), (34, 0, 30, 10, 3),
    ])
    func tmuxRewrappedRows(boxWidth: Int, row: Int, column: Int, width: Int, expected: Int) {
        let screen = Screen(width: boxWidth, height: 9)
        let rows = ScreenRenderer.reWrappedRows(of: screen, extents: Array(repeating: boxWidth, count: 9),
                                                above: Screen.Position(row: row, column: column), width: width)
        #expect(rows == expected)
    }

    /// `a中中中b` (中 at columns 1, 3 and 5) on the row below a blank one: split before a wide
    /// glyph that does not fit.
    @Test(arguments: [(4, 1, 1), (4, 3, 2), (4, 5, 2), (4, 7, 3), (5, 5, 2), (3, 9, 3), (8, 7, 1)])
    func tmuxDoesNotCutAWideGlyph(width: Int, column: Int, expected: Int) {
        var screen = Screen(width: 8, height: 2)
        screen.draw(DisplayText.glyphs("a中中中b", charset: .utf8), row: 1, column: 0)
        let rows = ScreenRenderer.reWrappedRows(of: screen, extents: [0, 8], above: Screen.Position(row: 1, column: column),
                                                width: width)
        #expect(rows == expected)
    }
}
