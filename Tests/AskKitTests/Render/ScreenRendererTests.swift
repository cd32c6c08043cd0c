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

/// What the renderer writes for each kind of change: typing at the end of the field is that
/// character and nothing else; every other edit writes only the cells that changed.
struct ScreenRendererTests {
    /// The bytes written for `events`, after a first frame of `spec`.
    static func bytes(after events: [InputEvent], _ spec: PromptSpec, columns: Int = 80) -> (first: [UInt8], next: [UInt8]) {
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: true)
        var layout = AlertLayout(content: content, fields: spec.fields, size: TerminalSize(rows: 24, columns: columns))
        var state = PromptState(spec: spec)
        var renderer = ScreenRenderer()
        let first = renderer.frame(layout.render(state))
        for event in events { _ = state.handle(event, buttonOrder: layout.buttonOrder) }
        return (first, renderer.frame(layout.render(state)))
    }

    static func spec(_ change: (inout PromptSpec) -> Void = { _ in }) -> PromptSpec {
        var spec = PromptSpec(title: "Bytes", message: "Per key")
        change(&spec)
        return spec
    }

    @Test(arguments: [("a", "a"), ("é", "é"), ("中", "中"), ("😀", "😀")])
    func typingAtTheEndWritesOnlyThatCharacter(typed: String, written: String) {
        let (_, next) = Self.bytes(after: typed.unicodeScalars.map { .character($0) }, Self.spec { $0.editFields { $0[0].value = "abc" } })
        #expect(next == Array(written.utf8))
    }

    @Test func secureTypingWritesOneMaskGlyph() {
        let (_, next) = Self.bytes(after: [.character("s")], Self.spec { $0.editFields { $0[0].isSecure = true }; $0.editFields { $0[0].value = "abc" } })
        #expect(next == Array("•".utf8))
        let (_, none) = Self.bytes(after: [.character("s")], Self.spec { $0.editFields { $0[0].isSecure = true }; $0.editFields { $0[0].mask = "" } })
        #expect(none.isEmpty)
    }

    @Test func theFirstFrameIsBoundedByTheBox() {
        let (first, _) = Self.bytes(after: [], Self.spec())
        // 9 rows of a 34-column box in UTF-8 line drawing (3 bytes a cell), with moves and styles.
        #expect(first.count < 9 * 34 * 3 + 200)
    }

    @Test func otherEditsWriteOnlyWhatChanged() {
        // Backspace at the end: the last cell becomes an underlined blank again.
        let (_, back) = Self.bytes(after: [.key(.backspace)], Self.spec { $0.editFields { $0[0].value = "abc" } })
        #expect(back.count < 24)
        #expect(!back.contains(UInt8(ascii: "a")) && !back.contains(UInt8(ascii: "b")))
        // Inserting at the start rewrites the text after it, and nothing of the box.
        let (_, insert) = Self.bytes(after: [.control("a"), .character("X")], Self.spec { $0.editFields { $0[0].value = "abc" } })
        let text = String(decoding: insert, as: UTF8.self)
        #expect(text.contains("Xabc"))
        #expect(!text.contains("│") && !text.contains("─") && !text.contains("Bytes"))
        #expect(insert.count < 40)
        // Moving the cursor writes a move, no text.
        let (_, move) = Self.bytes(after: [.key(.left)], Self.spec { $0.editFields { $0[0].value = "abc" } })
        #expect(move == ANSI.column(4))
        // Tab to the buttons: the two labels change, and the cursor hides.
        let (_, focus) = Self.bytes(after: [.key(.tab)], Self.spec())
        #expect(String(decoding: focus, as: UTF8.self).contains("Cancel"))
        #expect(!String(decoding: focus, as: UTF8.self).contains("Bytes"))
        #expect(focus.count < 80)
    }

    @Test func aMillionCharacterPasteWritesInProportionToTheBox() {
        let paste = String(repeating: "0123456789abcdef", count: 65_536)
        let events = [InputEvent.pasteBegin] + paste.unicodeScalars.map(InputEvent.pasted) + [.pasteEnd]
        let (_, next) = Self.bytes(after: events, Self.spec())
        #expect(next.count < 200)
        #expect(String(decoding: next, as: UTF8.self).contains("456789abcdef"))
    }

    /// Cursor moves and styles are written digit by digit, straight into the frame.
    @Test(arguments: [
        (ANSI.up(1), "\u{1B}[A"), (ANSI.up(2), "\u{1B}[2A"), (ANSI.down(10), "\u{1B}[10B"),
        (ANSI.column(0), "\u{1B}[G"), (ANSI.column(8), "\u{1B}[9G"), (ANSI.column(9), "\u{1B}[10G"),
        (ANSI.column(99), "\u{1B}[100G"), (ANSI.column(1233), "\u{1B}[1234G"),
        (Style.plain.sgr, "\u{1B}[m"), (Style(bold: true).sgr, "\u{1B}[0;1m"),
        (Style(dim: true, underline: true).sgr, "\u{1B}[0;2;4m"),
        (Style(bold: true, inverse: true, foreground: .red).sgr, "\u{1B}[0;1;7;31m"),
        (Style(foreground: .cyan).sgr, "\u{1B}[0;36m"),
        (Style(foreground: .gray).sgr, "\u{1B}[0;90m"), (Style(bold: true, inverse: true, foreground: .brightBlue).sgr, "\u{1B}[0;1;7;94m"),
        (Style(bold: true, foreground: .white, background: .red).sgr, "\u{1B}[0;1;97;41m"),
        (Style(background: .gray).sgr, "\u{1B}[0;100m"),
    ])
    func sequencesAreSpelledExactly(bytes: [UInt8], expected: String) {
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    /// Glyphs of several scalars keep their bytes apart from the cells, in a buffer that grows
    /// by hand (wiping what it leaves); every glyph reads back whole, however many there are.
    @Test func manyGlyphsOfSeveralScalarsReadBackWhole() {
        let marks = (0..<150).map { "\(Character(Unicode.Scalar(UInt8(97 + $0 % 26))))\u{301}" }
        var screen = Screen(width: 150, height: 1)
        screen.draw(marks.map { Glyph($0, width: 1) }, row: 0, column: 0)
        #expect(screen.lines == [marks.joined()])
        var renderer = ScreenRenderer()
        #expect(String(decoding: renderer.frame(screen), as: UTF8.self).contains(marks.joined()))
    }

    /// Filling over wide glyphs: one cut at either end leaves its other half blank; ranges are
    /// clipped to the screen.
    @Test(arguments: [
        (1..<3, " --中中"), (2..<4, "中-- 中"), (0..<1, "- x中中"), (4..<5, "中x -中"), (5..<6, "中x中-"),
        (-3..<2, "--x中中"), (6..<9, "中x中 -"), (3..<3, "中x中中"), (-2..<0, "中x中中"), (0..<20, "-------"),
        (1..<6, " -----"),
    ] as [(Range<Int>, String)])
    func fillMendsWideGlyphsAtItsEnds(columns: Range<Int>, expected: String) {
        var screen = Screen(width: 7, height: 1)
        screen.draw([Glyph("中", width: 2), Glyph("x", width: 1), Glyph("中", width: 2), Glyph("中", width: 2)],
                    row: 0, column: 0)
        screen.fill(row: 0, columns: columns, with: "-")
        #expect(screen.lines == [expected])
    }

    /// A screen keeps a cell's style in 22 bits: every style survives the trip, no two styles
    /// share a value, and each is spelled in as many bytes as the encoder counts (colours of
    /// each kind: basic, bright, the cube's with one, two and three digits).
    @Test func everyStyleFitsInBitsOfItsOwn() {
        let colors: [Style.Color?] = [nil] + [0, 1, 7, 8, 12, 15, 16, 99, 100, 231, 255].map { Style.Color($0) }
        let styles = (0..<16).flatMap { flags in
            colors.flatMap { foreground in
                colors.map { Style(bold: flags & 1 != 0, dim: flags & 2 != 0, underline: flags & 4 != 0,
                                   inverse: flags & 8 != 0, foreground: foreground, background: $0) }
            }
        }
        #expect(styles.allSatisfy { Style(bits: $0.bits) == $0 })
        #expect(Set(styles.map(\.bits)).count == styles.count)
        #expect(styles.allSatisfy { $0.sgr.count == $0.sgrLength })
        #expect(Style.plain.bits == 0)
        #expect(styles.allSatisfy { $0.bits < 1 << Style.bitCount })
        #expect(Style(foreground: Style.Color(196), background: Style.Color(9)).sgr == Array("\u{1B}[0;38;5;196;101m".utf8))
        // Eight bytes with no padding: rows are compared with memcmp.
        #expect(MemoryLayout<Screen.StoredCell>.size == 8 && MemoryLayout<Screen.StoredCell>.stride == 8)
    }

    /// A glyph drawn over another, wide over wide in particular, replaces it whole.
    @Test(arguments: [
        (0, "文", "文中"), (1, "文", " 文"), (2, "文", "中文"), (0, "x", "x 中"), (1, "x", " x中"),
    ] as [(Int, String, String)])
    func drawingOverAWideGlyphReplacesItWhole(column: Int, glyph: String, expected: String) {
        var screen = Screen(width: 6, height: 1)
        screen.draw([Glyph("中", width: 2), Glyph("中", width: 2)], row: 0, column: 0)
        screen.draw([Glyph(glyph, width: DisplayWidth.of(glyph))], row: 0, column: column)
        #expect(screen.lines == [expected])
    }
}
