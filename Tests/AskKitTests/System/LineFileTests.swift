import AskSystem
import Glibc
import TestSupport
import Testing

/// A file of lines kept across runs: its last lines read from its end (across the blocks it is
/// read in), a line appended unless it is the last already, and the file held to its last lines.
struct LineFileTests {
    /// Lines of 17 bytes with their breaks: 5,000 of them are 85,000 bytes, read in two blocks of at
    /// most 65,536 from the end, the first reaching back to the 1,145th line.
    static func numbered(_ range: ClosedRange<Int>) -> String { range.map { "entry \(String($0 + 1_000_000_000))\n" }.joined() }
    static func lines(_ range: ClosedRange<Int>) -> [String] { numbered(range).split(separator: "\n").map(String.init) }

    static let lastLinesCases: [(String, Int, [String])] = [
        ("", 3, []),
        ("one\ntwo\nthree\n", 2, ["two", "three"]),
        ("one\ntwo\nthree", 2, ["two", "three"]),
        ("one\ntwo\nthree\n", 3, ["one", "two", "three"]),
        ("one\ntwo\nthree\n", 9, ["one", "two", "three"]),
        ("one\n\ntwo\n", 9, ["one", "two"]),
        (numbered(1...5000), 1000, lines(4001...5000)),
        (numbered(1...5000), 4500, lines(501...5000)),
        (numbered(1...5000), 4999, lines(2...5000)),
    ]

    @Test(arguments: lastLinesCases)
    func theLastLines(_ contents: String, _ count: Int, _ expected: [String]) throws {
        let directory = TemporaryDirectory()
        directory.write("lines", contents)
        #expect(try LineFile.lastLines(directory.path + "/lines", count: count).get() == expected)
    }

    @Test func noFileIsNoLines() throws {
        let directory = TemporaryDirectory()
        #expect(try LineFile.lastLines(directory.path + "/none", count: 5).get() == [])
    }

    @Test(arguments: [
        ("", "one", 5, "one\n"),
        ("one\ntwo\n", "three", 5, "one\ntwo\nthree\n"),
        ("one\ntwo\n", "two", 5, "one\ntwo\n"),
        ("one\ntwo\n", "one", 5, "one\ntwo\none\n"),
        ("one\ntwo\nthree\n", "four", 3, "two\nthree\nfour\n"),
        ("one\ntwo\nthree\nfour\nfive\n", "six", 2, "five\nsix\n"),
    ])
    func appending(_ contents: String, _ line: String, _ keeping: Int, _ expected: String) {
        let directory = TemporaryDirectory()
        if !contents.isEmpty { directory.write("lines", contents) }
        #expect(LineFile.append(line, to: directory.path + "/lines", keeping: keeping) == nil)
        #expect(directory.read("lines") == expected)
        #expect((try? LineFile.lastLines(directory.path + "/lines", count: keeping).get())?.last == line)
    }
}
