import AskChoices
import AskFields
import AskGauge
@testable import AskKit
import AskLayout
import AskPresentation
import AskText
import AskTextBox
import Testing

/// How many columns text takes, and how given and typed text is made safe to show.
struct DisplayWidthTests {
    struct WidthCase: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let columns: Int
        var testDescription: String { "\(name) → \(columns)" }

        init(_ name: String, _ text: String, _ columns: Int) {
            self.name = name
            self.text = text
            self.columns = columns
        }
    }

    static let widths: [WidthCase] = [
        WidthCase("empty", "", 0),
        WidthCase("ASCII letter", "a", 1),
        WidthCase("ASCII word", "hello", 5),
        WidthCase("space", " ", 1),
        WidthCase("Latin-1", "é", 1),
        WidthCase("Greek", "Ω", 1),
        WidthCase("CJK 中文", "中文", 4),
        WidthCase("CJK extension B", "\u{2000B}", 2),
        WidthCase("ideographic space", "\u{3000}", 2),
        WidthCase("CJK comma", "、", 2),
        WidthCase("fullwidth Ａ", "Ａ", 2),
        WidthCase("halfwidth katakana ｶ", "ｶ", 1),
        WidthCase("Katakana カタカナ", "カタカナ", 8),
        WidthCase("Hiragana ひらがな", "ひらがな", 8),
        WidthCase("Hangul syllable 한", "한", 2),
        WidthCase("Hangul 한국어", "한국어", 6),
        WidthCase("Hangul jamo ᄒ+ᅡ+ᆫ", "\u{1112}\u{1161}\u{11AB}", 2),
        WidthCase("emoji 😀", "😀", 2),
        WidthCase("watch ⌚ (emoji presentation)", "⌚", 2),
        WidthCase("ZWJ family", "👨\u{200D}👩\u{200D}👧", 2),
        WidthCase("ZWJ family of four", "👨\u{200D}👩\u{200D}👧\u{200D}👦", 2),
        WidthCase("flag 🇫🇷", "🇫🇷", 2),
        WidthCase("two flags", "🇫🇷🇩🇪", 4),
        WidthCase("skin tone 👍🏽", "👍🏽", 2),
        WidthCase("combining é (e + U+0301)", "e\u{301}", 1),
        WidthCase("two marks", "e\u{301}\u{302}", 1),
        WidthCase("❤️ with VS16", "❤\u{FE0F}", 2),
        WidthCase("❤ without VS16", "❤", 1),
        WidthCase("☺ without VS16", "☺", 1),
        WidthCase("☺️ with VS16", "☺\u{FE0F}", 2),
        WidthCase("rainbow flag", "🏳\u{FE0F}\u{200D}🌈", 2),
        WidthCase("keycap 1️⃣", "1\u{FE0F}\u{20E3}", 2),
        WidthCase("copyright sign", "©", 1),
        WidthCase("zero-width joiner alone", "\u{200D}", 0),
        WidthCase("zero-width space", "\u{200B}", 0),
        WidthCase("combining mark alone", "\u{301}", 0),
        WidthCase("Thai สวัสดี", "สวัสดี", 4),
        WidthCase("mixed", "a中😀e\u{301}🇫🇷", 1 + 2 + 2 + 1 + 2),
    ]

    @Test(arguments: widths)
    func columns(_ testCase: WidthCase) {
        #expect(DisplayWidth.of(testCase.text) == testCase.columns)
    }

    /// The width of a string is the sum over its graphemes, each 0, 1 or 2.
    @Test(arguments: widths)
    func widthIsTheSumOfGraphemeWidths(_ testCase: WidthCase) {
        let perGrapheme = testCase.text.map { DisplayWidth.of($0) }
        #expect(perGrapheme.allSatisfy { (0...2).contains($0) })
        #expect(perGrapheme.reduce(0, +) == DisplayWidth.of(testCase.text))
    }

    // MARK: - Given text made safe

    struct GlyphCase: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let charset: Charset
        /// The glyphs shown, as (text, width).
        let glyphs: [Glyph]
        var testDescription: String { name }

        init(_ name: String, _ text: String, charset: Charset = .utf8, _ glyphs: [Glyph]) {
            self.name = name
            self.text = text
            self.charset = charset
            self.glyphs = glyphs
        }
    }

    static func plain(_ text: String) -> [Glyph] { text.map { Glyph(String($0), width: DisplayWidth.of($0)) } }
    static let replacement = Glyph("\u{FFFD}", width: 1)

    static let givenText: [GlyphCase] = [
        GlyphCase("plain text", "abc", plain("abc")),
        GlyphCase("wide and emoji", "中😀", [Glyph("中", width: 2), Glyph("😀", width: 2)]),
        GlyphCase("ESC shown as ^[", "a\u{1B}[2Jb",
                  [Glyph("a", width: 1), Glyph("^[", width: 2)] + plain("[2Jb")),
        GlyphCase("CR shown as ^M", "\r", [Glyph("^M", width: 2)]),
        GlyphCase("LF shown as ^J on one line", "a\nb", [Glyph("a", width: 1), Glyph("^J", width: 2), Glyph("b", width: 1)]),
        GlyphCase("CR LF is two carets", "\r\n", [Glyph("^M", width: 2), Glyph("^J", width: 2)]),
        GlyphCase("Tab shown as ^I", "\t", [Glyph("^I", width: 2)]),
        GlyphCase("NUL shown as ^@", "\u{0}", [Glyph("^@", width: 2)]),
        GlyphCase("BEL shown as ^G", "\u{7}", [Glyph("^G", width: 2)]),
        GlyphCase("DEL shown as ^?", "\u{7F}", [Glyph("^?", width: 2)]),
        GlyphCase("C1 CSI U+009B is a replacement", "a\u{9B}b", [Glyph("a", width: 1), replacement, Glyph("b", width: 1)]),
        GlyphCase("C1 NEL U+0085 is a replacement", "\u{85}", [replacement]),
        GlyphCase("RLO U+202E removed", "a\u{202E}b", plain("ab")),
        GlyphCase("bidi isolate U+2066..2069 removed", "a\u{2066}b\u{2069}", plain("ab")),
        GlyphCase("ZWSP U+200B removed", "a\u{200B}b", plain("ab")),
        GlyphCase("BOM U+FEFF removed", "\u{FEFF}ab", plain("ab")),
        GlyphCase("line separator U+2028 removed", "a\u{2028}b", plain("ab")),
        GlyphCase("paragraph separator U+2029 removed", "a\u{2029}b", plain("ab")),
        GlyphCase("tag characters after a letter removed", "a\u{E0041}\u{E0042}b", plain("ab")),
        GlyphCase("subdivision flag keeps its tags", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
                  [Glyph("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", width: 2)]),
        GlyphCase("ZWJ sequence kept whole", "👩\u{200D}💻", [Glyph("👩\u{200D}💻", width: 2)]),
        GlyphCase("combining é kept", "e\u{301}", [Glyph("e\u{301}", width: 1)]),
        GlyphCase("a lone mark sits on a dotted circle", "\u{301}", [Glyph("\u{25CC}\u{301}", width: 1)]),
        GlyphCase("ASCII charset: plain ASCII kept", "ab", charset: .ascii, plain("ab")),
        GlyphCase("ASCII charset: non-ASCII is ?", "é中😀", charset: .ascii,
                  [Glyph("?", width: 1), Glyph("?", width: 1), Glyph("?", width: 1)]),
        GlyphCase("ASCII charset: controls still carets", "\u{1B}", charset: .ascii, [Glyph("^[", width: 2)]),
        GlyphCase("ASCII charset: C1 is ?", "\u{9B}", charset: .ascii, [Glyph("?", width: 1)]),
    ]

    @Test(arguments: givenText)
    func glyphsOfGivenText(_ testCase: GlyphCase) {
        #expect(DisplayText.glyphs(testCase.text, charset: testCase.charset) == testCase.glyphs)
    }

    /// Whatever the input, no glyph carries a C0 control, DEL, a C1 control or a bidi control
    /// to the terminal, and every glyph is 1 or 2 columns.
    static let hostile: [String] = [
        "a\u{1B}[2Jb", "\u{1B}]0;evil\u{7}", "\u{9B}31m", "\r\n\t\u{0}\u{7F}", "x\u{202E}gnp.exe", "\u{2067}\u{2069}",
        "\u{200B}\u{FEFF}\u{2028}\u{2029}", "a\u{E0041}", "e" + String(repeating: "\u{301}", count: 500),
        "\u{200D}\u{200D}", "\u{85}\u{8D}\u{90}",
    ]

    @Test(arguments: hostile)
    func glyphsNeverCarryControls(_ text: String) {
        for charset in [Charset.utf8, .ascii] {
            for glyph in DisplayText.glyphs(text, charset: charset) + DisplayText.lines(text, charset: charset).flatMap({ $0 }) {
                let bad = glyph.text.unicodeScalars.filter {
                    $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value)
                        || (0x2066...0x2069).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029
                }
                #expect(bad.isEmpty, "glyph \(glyph.text.unicodeScalars.map { $0.value }) from \(text.unicodeScalars.map { $0.value })")
                #expect((1...2).contains(glyph.width), "glyph width \(glyph.width)")
                #expect(DisplayWidth.of(glyph.text) <= glyph.width || glyph.text.hasPrefix("^"))
            }
        }
    }

    @Test func glyphsOfGivenTextNeverShowESC() {
        let glyphs = DisplayText.glyphs("a\u{1B}[2Jb", charset: .utf8)
        #expect(!glyphs.contains { $0.text.unicodeScalars.contains("\u{1B}") })
        #expect(glyphs.contains(Glyph("^[", width: 2)))
        #expect(DisplayText.width(glyphs) == 1 + 2 + 4)
    }

    // MARK: - Typed text made safe

    struct TypedCase: Sendable, CustomTestStringConvertible {
        let name: String
        let grapheme: String
        let glyph: Glyph
        var testDescription: String { name }
    }

    @Test(arguments: [
        TypedCase(name: "letter", grapheme: "a", glyph: Glyph("a", width: 1)),
        TypedCase(name: "wide", grapheme: "中", glyph: Glyph("中", width: 2)),
        TypedCase(name: "RLO U+202E is the replacement", grapheme: "\u{202E}", glyph: replacement),
        TypedCase(name: "ZWSP U+200B is the replacement", grapheme: "\u{200B}", glyph: replacement),
        TypedCase(name: "BOM U+FEFF is the replacement", grapheme: "\u{FEFF}", glyph: replacement),
        TypedCase(name: "U+2028 is the replacement", grapheme: "\u{2028}", glyph: replacement),
        TypedCase(name: "ESC is ^[", grapheme: "\u{1B}", glyph: Glyph("^[", width: 2)),
        TypedCase(name: "C1 is the replacement", grapheme: "\u{9B}", glyph: replacement),
        // One field position is one or two cells: a grapheme of several controls is one replacement.
        TypedCase(name: "CR LF is one replacement glyph", grapheme: "\r\n", glyph: replacement),
        TypedCase(name: "flag", grapheme: "🇫🇷", glyph: Glyph("🇫🇷", width: 2)),
    ])
    func glyphOfTypedText(_ testCase: TypedCase) {
        #expect(DisplayText.glyph(ofTyped: testCase.grapheme.unicodeScalars, charset: .utf8) == testCase.glyph)
    }

    @Test func typedFormatCharacterIsShownAsReplacementInASCII() {
        #expect(DisplayText.glyph(ofTyped: "\u{202E}".unicodeScalars, charset: .ascii) == Glyph("?", width: 1))
    }

    // MARK: - Zalgo

    @Test func tenThousandMarksBecomeOneNarrowGlyph() throws {
        let text = "a" + String(repeating: "\u{301}", count: 10_000)
        #expect(text.count == 1)
        let glyphs = DisplayText.glyphs(text, charset: .utf8)
        #expect(glyphs.count == 1)
        let glyph = try #require(glyphs.first)
        #expect(glyph.width == 1)
        #expect(glyph.text.unicodeScalars.count <= DisplayText.maximumScalarsPerGlyph)
        #expect(glyph.text.unicodeScalars.first == "a")

        let typed = DisplayText.glyph(ofTyped: text.unicodeScalars, charset: .utf8)
        #expect(typed.width == 1)
        #expect(typed.text.unicodeScalars.count <= DisplayText.maximumScalarsPerGlyph)
    }

    // MARK: - Lines

    struct LinesCase: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let lines: [String]
        var testDescription: String { name }
    }

    @Test(arguments: [
        LinesCase(name: "one line", text: "abc", lines: ["abc"]),
        LinesCase(name: "empty", text: "", lines: [""]),
        LinesCase(name: "LF", text: "a\nb", lines: ["a", "b"]),
        LinesCase(name: "CR LF", text: "a\r\nb", lines: ["a", "b"]),
        LinesCase(name: "blank line kept", text: "a\n\nb", lines: ["a", "", "b"]),
        LinesCase(name: "trailing LF", text: "a\n", lines: ["a", ""]),
        LinesCase(name: "lone CR is shown, not a break", text: "a\rb", lines: ["a^Mb"]),
        LinesCase(name: "LF CR", text: "a\n\rb", lines: ["a", "^Mb"]),
        LinesCase(name: "vertical tab is shown", text: "a\u{B}b", lines: ["a^Kb"]),
        LinesCase(name: "form feed is shown", text: "a\u{C}b", lines: ["a^Lb"]),
        LinesCase(name: "NEL U+0085 is not a break", text: "a\u{85}b", lines: ["a\u{FFFD}b"]),
        LinesCase(name: "U+2028 is removed, not a break", text: "a\u{2028}b", lines: ["ab"]),
        LinesCase(name: "wide text on two lines", text: "中\n文", lines: ["中", "文"]),
    ])
    func splitsLines(_ testCase: LinesCase) {
        let lines = DisplayText.lines(testCase.text, charset: .utf8)
        #expect(lines.map { $0.map(\.text).joined() } == testCase.lines)
    }
}
