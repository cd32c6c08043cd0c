import AskChoices
import AskFields
import AskGauge
@testable import AskKit
import AskPresentation
import AskText
import AskTextBox
import Testing

/// `TextBuffer` segments UTF-8 with its own `GraphemeBreak` (a secret never becomes a `String`);
/// for every string here it must find the graphemes Swift's `String` finds.
struct GraphemeBreakTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        var testDescription: String { name }

        init(_ name: String, _ text: String) {
            self.name = name
            self.text = text
        }
    }

    static let cases: [Case] = [
        Case("empty", ""),
        Case("ASCII", "Hello, world!"),
        Case("Latin-1 precomposed", "café naïve"),
        Case("é decomposed", "e\u{301}"),
        Case("two marks on one letter", "e\u{301}\u{302}"),
        Case("decomposed word", "cafe\u{301} nai\u{308}ve"),
        Case("mark at the start", "\u{301}a"),
        Case("two flags", "🇫🇷🇩🇪"),
        Case("three regional indicators", "🇫🇷🇩"),
        Case("flag between letters", "a🇯🇵b"),
        Case("ZWJ family of four", "👨\u{200D}👩\u{200D}👧\u{200D}👦"),
        Case("ZWJ family of three", "👨\u{200D}👩\u{200D}👧"),
        Case("skin tone", "👍🏽"),
        Case("skin tone in a ZWJ sequence", "👩🏽\u{200D}🚀"),
        Case("rainbow flag", "🏳\u{FE0F}\u{200D}🌈"),
        Case("heart with VS16", "❤\u{FE0F}"),
        Case("keycap", "1\u{FE0F}\u{20E3}"),
        Case("subdivision flag (tags)", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"),
        Case("emoji in a row", "😀😀😀"),
        Case("Devanagari नमस्ते", "नमस्ते"),
        Case("Devanagari conjunct क्ष", "क्ष"),
        Case("Hangul jamo ᄒ+ᅡ+ᆫ", "\u{1112}\u{1161}\u{11AB}"),
        Case("Hangul jamo L L V", "\u{1100}\u{1100}\u{1161}"),
        Case("Hangul LV + T", "\u{AC00}\u{11A8}"),
        Case("Hangul LVT + T", "\u{AC01}\u{11A8}"),
        Case("Korean syllables", "한국어"),
        Case("Thai สวัสดี", "สวัสดี"),
        Case("Thai น้ำ (SARA AM)", "น้ำ"),
        Case("Lao SARA AM", "\u{0E81}\u{0EB3}"),
        Case("Arabic", "مرحبا"),
        Case("Arabic prepend", "\u{0600}1"),
        Case("Hebrew with points", "שָׁלוֹם"),
        Case("Tamil", "தமிழ்"),
        Case("ZWJ between letters", "a\u{200D}b"),
        Case("ZWJ after emoji then letter", "😀\u{200D}a"),
        Case("CJK", "中文字"),
        Case("fullwidth", "ＡＢＣ"),
        Case("CR LF", "a\r\nb"),
        Case("controls", "a\tb\u{7F}c"),
        Case("mixed", "Zoë 👩\u{200D}💻 🇯🇵 한국 e\u{301}!"),
    ]

    /// The scalars of each grapheme, as the buffer has them.
    static func graphemes(of buffer: TextBuffer) -> [[Unicode.Scalar]] {
        (0..<buffer.count).map { Array(buffer.scalars(of: $0)) }
    }

    static func hex(_ graphemes: [[Unicode.Scalar]]) -> String {
        graphemes.map { $0.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: "+") }
            .joined(separator: " | ")
    }

    /// The buffer made from the whole string at once.
    @Test(arguments: cases)
    func segmentsAsStringDoes(_ testCase: Case) {
        let buffer = TextBuffer(testCase.text)
        let expected = testCase.text.map { Array($0.unicodeScalars) }
        #expect(buffer.count == testCase.text.count)
        #expect(Self.graphemes(of: buffer) == expected,
                "buffer: \(Self.hex(Self.graphemes(of: buffer)))  String: \(Self.hex(expected))")
        #expect(buffer.string == testCase.text)
        #expect(buffer.byteCount == testCase.text.utf8.count)
    }

    /// The buffer built as the text is typed, one scalar at a time at the end.
    @Test(arguments: cases)
    func typingScalarByScalarSegmentsAsStringDoes(_ testCase: Case) {
        var editor = LineEditor()
        for scalar in testCase.text.unicodeScalars { editor.apply(.insert(scalar)) }
        let expected = testCase.text.map { Array($0.unicodeScalars) }
        #expect(editor.text.string == testCase.text)
        #expect(Self.graphemes(of: editor.text) == expected,
                "buffer: \(Self.hex(Self.graphemes(of: editor.text)))  String: \(Self.hex(expected))")
        #expect(editor.cursor == testCase.text.count)
    }

    /// Byte ranges tile the text: each grapheme starts where the one before it ended.
    @Test(arguments: cases)
    func byteRangesTileTheText(_ testCase: Case) {
        let buffer = TextBuffer(testCase.text)
        var offset = 0
        for index in 0..<buffer.count {
            let range = buffer.byteRange(of: index)
            #expect(range.lowerBound == offset)
            #expect(!range.isEmpty)
            #expect(buffer.byteOffset(ofGrapheme: index) == offset)
            offset = range.upperBound
        }
        #expect(offset == buffer.byteCount)
        #expect(buffer.byteOffset(ofGrapheme: buffer.count) == buffer.byteCount)
    }
}
