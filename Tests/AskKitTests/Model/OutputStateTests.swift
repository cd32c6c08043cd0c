import AskModel
import AskOutput
import Testing

/// An output box's state: what an output's bytes become as lines to show — escape sequences
/// taken out whole, control characters dropped, carriage returns and backspaces as a terminal
/// takes them — and memory held to the last lines, each cut.
struct OutputStateTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// Fed in these pieces.
        let pieces: [String]
        let lines: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "lines", pieces: ["a\nb\n"], lines: ["a", "b"]),
        Case(name: "a last line without its line feed", pieces: ["a\nb"], lines: ["a", "b"]),
        Case(name: "colours taken out", pieces: ["\u{1B}[31mred\u{1B}[0m plain\n"], lines: ["red plain"]),
        Case(name: "a CSI split across pieces", pieces: ["\u{1B}[3", "1mred\u{1B}", "[0m\n"], lines: ["red"]),
        Case(name: "clearing the screen and moving home", pieces: ["\u{1B}[2J\u{1B}[Hhome\u{1B}[10;20H!\n"], lines: ["home!"]),
        Case(name: "a title (OSC) ended by BEL", pieces: ["\u{1B}]0;title\u{07}x\n"], lines: ["x"]),
        Case(name: "a title (OSC) ended by ST", pieces: ["\u{1B}]0;title\u{1B}\\x\n"], lines: ["x"]),
        Case(name: "a DCS", pieces: ["\u{1B}Pq#0;2;0;0;0\u{1B}\\after\n"], lines: ["after"]),
        Case(name: "an unterminated OSC ends at its line", pieces: ["\u{1B}]8;;http://example.org\nlink\n"], lines: ["", "link"]),
        Case(name: "save and restore the cursor", pieces: ["\u{1B}7saved\u{1B}8\n"], lines: ["saved"]),
        Case(name: "a character set chosen (an intermediate)", pieces: ["\u{1B}(Bascii\n"], lines: ["ascii"]),
        Case(name: "a counter rewritten in place", pieces: ["10%\r20%\r", "30%\n"], lines: ["30%"]),
        Case(name: "CR LF", pieces: ["dos\r\nline\r\n"], lines: ["dos", "line"]),
        Case(name: "a tab to the next stop of eight", pieces: ["a\tb\n"], lines: ["a       b"]),
        Case(name: "a backspace takes back a character", pieces: ["ab\u{8}c\n"], lines: ["ac"]),
        Case(name: "a backspace takes back a character of two bytes", pieces: ["xé\u{8}e\n"], lines: ["xe"]),
        Case(name: "other controls dropped", pieces: ["\u{7}bell\u{0}nul\u{7F}\u{1}\n"], lines: ["bellnul"]),
        Case(name: "an empty line", pieces: ["a\n\nb\n"], lines: ["a", "", "b"]),
    ]

    static func lines(_ pieces: [String], shown: Int = 10) -> [String] {
        var state = OutputState(spec: OutputSpec())
        for piece in pieces { Array(piece.utf8).withUnsafeBytes { state.take($0) } }
        return state.lastLines(shown).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: cases)
    func bytesBecomeSafeLines(_ row: Case) {
        #expect(Self.lines(row.pieces) == row.lines)
    }

    /// The newest lines, oldest first, as many as asked for.
    @Test func theLastLinesAreShown() {
        let pieces = (1...20).map { "line \($0)\n" }
        #expect(Self.lines(pieces, shown: 3) == ["line 18", "line 19", "line 20"])
        #expect(Self.lines(pieces + ["open"], shown: 3) == ["line 19", "line 20", "open"])
    }

    /// However much comes, the state keeps its last lines, each its first bytes.
    @Test func memoryIsBounded() {
        let long = String(repeating: "x", count: 5000)
        #expect(Self.lines([long + "\n"]).map(\.utf8.count) == [OutputState.longestLine])
        // One piece of many lines (read from where its last lines begin), then lines a piece each.
        let many = (1...100_000).map { "line \($0)\n" }.joined()
        let kept = Self.lines([many], shown: 1000)
        #expect(kept.count == OutputState.keptLines - 1 && kept.last == "line 100000" && kept.first == "line 99746")
        let oneByOne = Self.lines((1...1000).map { "line \($0)\n" }, shown: 1000)
        #expect(oneByOne.count == OutputState.keptLines - 1 && oneByOne.last == "line 1000")
    }

    /// Bytes are counted, and the lines read.
    @Test func bytesAndLinesAreCounted() {
        var state = OutputState(spec: OutputSpec())
        Array("a\nbc\nd".utf8).withUnsafeBytes { state.take($0) }
        #expect(state.byteCount == 6 && state.lineCount == 2 && state.openLine == Array("d".utf8))
    }
}
