import AskChoices
import AskFields
import AskGauge
@testable import AskKit
import AskLayout
import AskPresentation
import AskTextBox
import Testing

/// Wrapping paragraphs, cutting a line with an ellipsis, and which part of a long field shows.
struct WrapAndLayoutTests {
    static func glyphs(_ text: String) -> [Glyph] { DisplayText.glyphs(text, charset: .utf8) }
    static func texts(_ lines: [[Glyph]]) -> [String] { lines.map { $0.map(\.text).joined() } }

    // MARK: - Wrap.paragraph

    struct WrapCase: Sendable, CustomTestStringConvertible {
        let text: String
        let width: Int
        let lines: [String]
        var testDescription: String { "'\(text)' in \(width)" }

        init(_ text: String, _ width: Int, _ lines: [String]) {
            self.text = text
            self.width = width
            self.lines = lines
        }
    }

    static let wrapCases: [WrapCase] = [
        WrapCase("hello world", 20, ["hello world"]),
        WrapCase("hello world", 11, ["hello world"]),
        WrapCase("hello world", 10, ["hello", "world"]),
        WrapCase("hello world", 5, ["hello", "world"]),
        WrapCase("the quick brown fox", 10, ["the quick", "brown fox"]),
        WrapCase("the quick brown fox jumps", 9, ["the quick", "brown fox", "jumps"]),
        WrapCase("a b c d", 3, ["a b", "c d"]),
        WrapCase("abcdefghij", 4, ["abcd", "efgh", "ij"]),
        WrapCase("abcdefgh", 4, ["abcd", "efgh"]),
        WrapCase("a verylongword", 5, ["a", "veryl", "ongwo", "rd"]),
        WrapCase("verylongword b", 5, ["veryl", "ongwo", "rd b"]),
        WrapCase("", 10, [""]),
        WrapCase("x", 1, ["x"]),
        WrapCase("中文中文", 5, ["中文", "中文"]),
        WrapCase("中文中文", 4, ["中文", "中文"]),
        WrapCase("中文中文", 3, ["中", "文", "中", "文"]),
        WrapCase("a中", 2, ["a", "中"]),
        WrapCase("ab 中文", 3, ["ab", "中", "文"]),
        WrapCase("😀 😀 😀", 5, ["😀 😀", "😀"]),
        WrapCase("e\u{301}te\u{301} ok", 5, ["e\u{301}te\u{301}", "ok"]),
    ]

    @Test(arguments: wrapCases)
    func wrapsAParagraph(_ testCase: WrapCase) {
        let lines = Wrap.paragraph(Self.glyphs(testCase.text), width: testCase.width)
        #expect(Self.texts(lines) == testCase.lines)
        for line in lines {
            #expect(DisplayText.width(line) <= testCase.width, "line '\(line.map(\.text).joined())' too wide")
        }
    }

    @Test func zeroWidthGivesNoLines() {
        #expect(Wrap.paragraph(Self.glyphs("abc"), width: 0).isEmpty)
    }

    @Test func paragraphsKeepBlankLines() {
        let paragraphs = DisplayText.lines("one two\n\nthree", charset: .utf8)
        #expect(Self.texts(Wrap.paragraphs(paragraphs, width: 4)) == ["one", "two", "", "thre", "e"])
    }

    /// Random words: no line too wide, no glyph lost, no line starting or ending with a space.
    @Test func randomParagraphsWrapWithoutLoss() {
        var random = Xorshift(seed: 0x3A9)
        let pieces = ["a", "bb", "ccc", "中", "😀", "e\u{301}", "longerword"]
        for _ in 0..<500 {
            let words = (0..<random.next(below: 8)).map { _ in
                (0..<random.next(in: 1...3)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            }
            let text = words.joined(separator: " ")
            let width = random.next(in: 2...12)
            let lines = Wrap.paragraph(Self.glyphs(text), width: width)
            #expect(!lines.isEmpty)
            for line in lines {
                #expect(DisplayText.width(line) <= width, "'\(text)' in \(width)")
                #expect(line.first != .space && line.last != .space, "'\(text)' in \(width)")
            }
            let kept = lines.flatMap { $0 }.filter { $0 != .space }.map(\.text).joined()
            #expect(kept == words.joined(), "'\(text)' in \(width)")
        }
    }

    // MARK: - DisplayText.truncated

    struct TruncateCase: Sendable, CustomTestStringConvertible {
        let text: String
        let width: Int
        let ellipsis: Glyph
        let result: String
        var testDescription: String { "'\(text)' to \(width) with '\(ellipsis.text)'" }

        init(_ text: String, _ width: Int, ellipsis: Glyph = Charset.utf8.ellipsis, _ result: String) {
            self.text = text
            self.width = width
            self.ellipsis = ellipsis
            self.result = result
        }
    }

    @Test(arguments: [
        TruncateCase("hello", 10, "hello"),
        TruncateCase("hello", 5, "hello"),
        TruncateCase("hello", 4, "hel…"),
        TruncateCase("hello", 2, "h…"),
        TruncateCase("hello", 1, "…"),
        TruncateCase("hello", 0, ""),
        TruncateCase("", 3, ""),
        TruncateCase("中文字", 6, "中文字"),
        TruncateCase("中文字", 5, "中文…"),
        TruncateCase("中文字", 4, "中…"),
        TruncateCase("中文字", 2, "…"),
        TruncateCase("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),
        TruncateCase("hello", 4, ellipsis: Charset.ascii.ellipsis, "hel~"),
        TruncateCase("hello", 4, ellipsis: Glyph("...", width: 3), "h..."),
    ])
    func truncates(_ testCase: TruncateCase) {
        let result = DisplayText.truncated(Self.glyphs(testCase.text), to: testCase.width, ellipsis: testCase.ellipsis)
        #expect(result.map(\.text).joined() == testCase.result)
        #expect(DisplayText.width(result) <= max(testCase.width, 0))
    }

    // MARK: - FieldViewport

    /// The columns from `start` up to the cursor, plus the cell the cursor stands on.
    static func columnsToCursor(_ widths: [Int], start: Int, cursor: Int) -> Int {
        widths[start..<cursor].reduce(0, +) + 1
    }

    struct ViewportCase: Sendable, CustomTestStringConvertible {
        let name: String
        let widths: [Int]
        let cursor: Int
        let previous: Int
        let width: Int
        let start: Int
        var testDescription: String { name }
    }

    @Test(arguments: [
        ViewportCase(name: "short text from 0", widths: [1, 1, 1], cursor: 3, previous: 0, width: 10, start: 0),
        ViewportCase(name: "cursor at the right edge", widths: Array(repeating: 1, count: 20), cursor: 20, previous: 0,
                     width: 10, start: 11),
        ViewportCase(name: "no scroll while the cursor fits", widths: Array(repeating: 1, count: 20), cursor: 12,
                     previous: 5, width: 10, start: 5),
        ViewportCase(name: "scroll left to a cursor before the view", widths: Array(repeating: 1, count: 20),
                     cursor: 3, previous: 8, width: 10, start: 3),
        ViewportCase(name: "a stale scroll past the end comes back", widths: [1, 1, 1, 1], cursor: 4, previous: 9,
                     width: 10, start: 0),
        ViewportCase(name: "room at the end shows more before", widths: Array(repeating: 1, count: 12), cursor: 12,
                     previous: 10, width: 10, start: 3),
        ViewportCase(name: "wide glyphs", widths: Array(repeating: 2, count: 10), cursor: 10, previous: 0, width: 9,
                     start: 6),
        ViewportCase(name: "width 1 shows the cursor only", widths: [1, 1, 1], cursor: 2, previous: 0, width: 1,
                     start: 2),
    ])
    func viewportStart(_ testCase: ViewportCase) {
        let start = FieldViewport.start(count: testCase.widths.count, cursor: testCase.cursor, previous: testCase.previous,
                                        width: testCase.width) { testCase.widths[$0] }
        #expect(start == testCase.start)
    }

    /// For random texts, cursors, previous scrolls and widths: the cursor stays in view, the
    /// view does not move when it need not, and only about a field's worth of glyphs is measured.
    @Test func viewportKeepsTheCursorInView() {
        var random = Xorshift(seed: 0xF1E1D)
        var failures = 0
        for _ in 0..<20_000 {
            let count = random.next(below: 4) == 0 ? random.next(in: 0...400) : random.next(in: 0...30)
            let widths = (0..<count).map { _ in random.next(below: 3) == 0 ? 2 : 1 }
            let cursor = random.next(in: 0...count)
            let previous = random.next(in: 0...(count + 5))
            let width = random.next(in: 1...24)
            var calls = 0
            var measured = Set<Int>()
            let start = FieldViewport.start(count: count, cursor: cursor, previous: previous, width: width) { index in
                calls += 1
                measured.insert(index)
                return widths[index]
            }
            let described = "count \(count) cursor \(cursor) previous \(previous) width \(width) → start \(start), \(calls) calls"
            var ok = true
            // The cursor is in view, with a cell for itself.
            ok = ok && start >= 0 && start <= cursor
            ok = ok && Self.columnsToCursor(widths, start: start, cursor: cursor) <= width
            // Scrolls no further right than needed: one glyph more on the left would push the cursor out.
            let clampedPrevious = min(previous, cursor)
            if start > clampedPrevious {
                ok = ok && Self.columnsToCursor(widths, start: start - 1, cursor: cursor) > width
            }
            // Only about a field's worth of glyphs is measured.
            ok = ok && measured.count <= width + 2
            if !ok {
                failures += 1
                if failures <= 3 { Issue.record("viewport property broken: \(described)") }
            }
        }
        #expect(failures == 0)
    }

    /// `glyphWidth` is called no more than width + 2 times (each call builds a glyph).
    @Test func viewportCallsGlyphWidthAtMostWidthPlusTwoTimes() {
        var random = Xorshift(seed: 0xCA11)
        var worst = (excess: 0, described: "")
        for _ in 0..<20_000 {
            let count = random.next(in: 0...200)
            let widths = (0..<count).map { _ in random.next(below: 3) == 0 ? 2 : 1 }
            let cursor = random.next(in: 0...count)
            let previous = random.next(in: 0...(count + 5))
            let width = random.next(in: 1...24)
            var calls = 0
            _ = FieldViewport.start(count: count, cursor: cursor, previous: previous, width: width) { index in
                calls += 1
                return widths[index]
            }
            let excess = calls - (width + 2)
            if excess > worst.excess {
                worst = (excess, "count \(count) cursor \(cursor) previous \(previous) width \(width): \(calls) calls")
            }
        }
        #expect(worst.excess == 0, "most calls over width + 2: \(worst.excess) (\(worst.described))")
    }

    /// A huge text costs no more than a short one.
    @Test func viewportOnAMillionGraphemesMeasuresOnlyAFieldsWorth() {
        var calls = 0
        let start = FieldViewport.start(count: 1_000_000, cursor: 1_000_000, previous: 0, width: 40) { _ in
            calls += 1
            return 1
        }
        #expect(start == 1_000_000 - 39)
        #expect(calls <= 42)
    }
}
