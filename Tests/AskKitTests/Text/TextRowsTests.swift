import AskText
import Testing

/// A multi-line field's text in rows: each line wrapped at the width, a line's end taking a
/// column; and Up and Down through those rows.
struct TextRowsTests {
    /// The columns a grapheme takes, as the view measures typed text.
    static func layout(_ text: String, width: Int) -> TextRows {
        let buffer = TextBuffer(text, secret: false)
        return TextRows(text: buffer, width: width) { DisplayWidth.of(graphemeScalars: buffer.scalars(of: $0)) }
    }

    /// Every row of the text, top to bottom, as the characters drawn on it.
    static func rows(_ layout: TextRows) -> [String] {
        var rows: [String] = []
        var start: Int? = 0
        while let rowStart = start {
            let row = layout.row(from: rowStart)
            rows.append((row.start..<row.end).map { String(String.UnicodeScalarView(layout.text.scalars(of: $0))) }.joined())
            start = row.next
        }
        return rows
    }

    @Test(arguments: [
        ("empty", "", 5, [""]),
        ("short", "abc", 5, ["abc"]),
        ("filling the width: the end gets a row of its own", "abcde", 5, ["abcde", ""]),
        ("wrapped", "abcdefg", 5, ["abcde", "fg"]),
        ("wrapped twice", "abcdefghijkl", 5, ["abcde", "fghij", "kl"]),
        ("two lines", "ab\ncd", 5, ["ab", "cd"]),
        ("a line break at the end: an empty last row", "ab\n", 5, ["ab", ""]),
        ("blank lines", "\n\n", 5, ["", "", ""]),
        ("a full line: its break alone on the next row", "abcde\nf", 5, ["abcde", "", "f"]),
        ("a wide character that does not fit goes down", "中文字", 5, ["中文", "字"]),
        ("after a narrow one too", "a中文", 4, ["a中", "文"]),
        ("wider than the field: alone on its row", "中a", 1, ["中", "a", ""]),
        ("lines wrapped apart", "abcdefg\nhi\njklmnop", 4, ["abcd", "efg", "hi", "jklm", "nop"]),
    ] as [(String, String, Int, [String])])
    func theTextInRows(name: String, text: String, width: Int, expected: [String]) {
        #expect(Self.rows(Self.layout(text, width: width)) == expected, "\(name)")
    }

    struct Move: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let width: Int
        let cursor: Int
        let up: Bool
        var goal: Int?
        /// Where the cursor goes and the column kept; nil: it cannot move.
        let expected: (Int, Int)?
        var testDescription: String { name }
    }

    static let moves: [Move] = [
        Move(name: "up to the line above, same column", text: "abc\ndef", width: 10, cursor: 5, up: true, expected: (1, 1)),
        Move(name: "down to the line below", text: "abc\ndef", width: 10, cursor: 1, up: false, expected: (5, 1)),
        Move(name: "down to a shorter line: its end", text: "abcdef\nab\nabcdef", width: 10, cursor: 5, up: false, expected: (9, 5)),
        Move(name: "the column kept through it", text: "abcdef\nab\nabcdef", width: 10, cursor: 9, up: false, goal: 5,
             expected: (15, 5)),
        Move(name: "up within a wrapped line", text: "abcdefgh", width: 5, cursor: 7, up: true, expected: (2, 2)),
        Move(name: "down within a wrapped line", text: "abcdefgh", width: 5, cursor: 2, up: false, expected: (7, 2)),
        Move(name: "down past the wrapped row's text: the end", text: "abcdefgh", width: 5, cursor: 4, up: false, expected: (8, 4)),
        Move(name: "up onto a full row, the column past it: before its last character", text: "abcdefgh", width: 5, cursor: 8,
             up: true, goal: 9, expected: (4, 9)),
        Move(name: "up from a line's first row to the last row of the line above", text: "abcdefg\nxy", width: 5, cursor: 9,
             up: true, expected: (6, 1)),
        Move(name: "up from the first row: the start", text: "abc\ndef", width: 10, cursor: 2, up: true, expected: (0, 2)),
        Move(name: "up at the start: nowhere", text: "abc\ndef", width: 10, cursor: 0, up: true, expected: nil),
        Move(name: "down from the last row: the end", text: "abc\ndef", width: 10, cursor: 5, up: false, expected: (7, 1)),
        Move(name: "down at the end: nowhere", text: "abc\ndef", width: 10, cursor: 7, up: false, expected: nil),
        Move(name: "up onto wide characters: the one the column falls in is passed over", text: "中文\nabcd", width: 10,
             cursor: 6, up: true, expected: (1, 3)),
        Move(name: "down onto wide characters", text: "abcd\n中文", width: 10, cursor: 3, up: false, expected: (6, 3)),
        Move(name: "from an empty line", text: "abc\n\ndef", width: 10, cursor: 4, up: false, expected: (5, 0)),
        Move(name: "onto an empty line", text: "abc\n\ndef", width: 10, cursor: 2, up: false, expected: (4, 2)),
    ]

    @Test(arguments: moves)
    func upAndDown(_ move: Move) {
        let moved = Self.layout(move.text, width: move.width).moved(from: move.cursor, up: move.up, goal: move.goal)
        #expect(moved.map { [$0.position, $0.goal] } == move.expected.map { [$0.0, $0.1] })
    }

    /// Rows are found from the line's start: the row that holds a position, and the one before.
    @Test(arguments: [
        ("abcdefgh", 5, 0, 0), ("abcdefgh", 5, 4, 0), ("abcdefgh", 5, 5, 5), ("abcdefgh", 5, 8, 5),
        ("ab\ncd", 5, 2, 0), ("ab\ncd", 5, 3, 3), ("abcde\nf", 5, 5, 5), ("abcde\nf", 5, 6, 6),
    ] as [(String, Int, Int, Int)])
    func theRowThatHoldsAPosition(text: String, width: Int, position: Int, start: Int) {
        let layout = Self.layout(text, width: width)
        #expect(layout.rowStart(holding: position) == start)
        if start > 0 { #expect(layout.row(from: layout.rowStart(before: start)!).next == start) }
    }
}
