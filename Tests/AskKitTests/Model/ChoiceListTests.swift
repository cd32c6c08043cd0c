import AskChoices
import AskFields
import AskGauge
import AskModel
import AskRender
import AskSession
import AskLayout
import AskText
import AskKit
import AskPresentation
import AskSystem
import AskTextBox
import Testing

/// Choices read from a file or pipe: how bytes become lines, whatever the chunks they arrive in,
/// and what each line shows and answers.
struct ChoiceListTests {
    /// A choice as a test writes it: `label`, or `value→label` when it has a value.
    static func describe(_ list: ChoiceList) -> [String] {
        (0..<list.count).map { index in
            let description = list.withDescription(at: index) { String(decoding: $0, as: UTF8.self) }
            return (list.hasValue(at: index) ? list.answer(at: index) + "→" + list.label(at: index) : list.label(at: index))
                + (description.isEmpty ? "" : " ‖ " + description)
        }
    }

    /// A list of `input` given in pieces: cut at each of `cuts` (offsets into it), then finished.
    static func load(_ input: [UInt8], cuts: [Int], finish: Bool = true) -> ChoiceList {
        let list = ChoiceList()
        var from = 0
        for cut in cuts + [input.count] {
            input[from..<cut].withUnsafeBytes { list.append(bytes: $0) }
            from = cut
        }
        if finish { list.finish() }
        return list
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let input: [UInt8]
        /// The choices after `finish()`.
        let choices: [String]
        /// The choices before it, when they differ (a last line without LF waits).
        var unfinished: [String]?
        var testDescription: String { name }

        init(_ name: String, _ input: String, _ choices: [String], unfinished: [String]? = nil) {
            self.init(name, Array(input.utf8), choices, unfinished: unfinished)
        }

        init(_ name: String, _ input: [UInt8], _ choices: [String], unfinished: [String]? = nil) {
            self.name = name
            self.input = input
            self.choices = choices
            self.unfinished = unfinished
        }
    }

    static let cases: [Case] = [
        Case("a line a choice", "one\ntwo\nthree\n", ["one", "two", "three"]),
        Case("CRLF: the CR is dropped", "one\r\ntwo\r\n", ["one", "two"]),
        Case("a CR elsewhere stays", "a\rb\n\rc\n", ["a\rb", "\rc"]),
        Case("empty lines are skipped", "\n\none\n\n\r\n\ntwo\n\n", ["one", "two"]),
        Case("a last line without LF waits for finish", "one\ntwo", ["one", "two"], unfinished: ["one"]),
        Case("a last CR without LF is dropped at finish", "one\r", ["one"], unfinished: []),
        Case("a lone CR at the end is an empty line", "one\n\r", ["one"]),
        Case("VALUE<TAB>LABEL shows the label, answers the value", "v1\tOne\nTwo\n", ["v1→One", "Two"]),
        Case("a second TAB begins the description", "v\tlabel\twith tab\n", ["v→label ‖ with tab"]),
        Case("a third TAB stays in the description", "v\tl\td\te\n", ["v→l ‖ d\te"]),
        Case("an empty description", "v\tl\t\n", ["v→l"]),
        Case("an empty value with a description answers nothing", "\tl\td\n", ["→l ‖ d"]),
        Case("an empty value answers nothing", "\tLabel\n", ["→Label"]),
        Case("an empty label", "value\t\n", ["value→"]),
        Case("TAB and CRLF", "v\tl\r\n", ["v→l"]),
        Case("multi-byte characters", "café\n日本\t語\n🙂\n", ["café", "日本→語", "🙂"]),
        Case("invalid UTF-8 is kept as read", [0x61, 0xFF, 0x0A, 0xC3, 0x0A, 0xE2, 0x82], ["a\u{FFFD}", "\u{FFFD}", "\u{FFFD}"],
             unfinished: ["a\u{FFFD}", "\u{FFFD}"]),
        Case("nothing", "", []),
        Case("only line ends", "\n\r\n\n", []),
    ]

    /// Every way of cutting the input in two, and byte by byte, gives the same choices.
    @Test(arguments: cases)
    func lines(_ example: Case) {
        let input = example.input
        var cutsToTry: [[Int]] = (0...input.count).map { [$0] }
        cutsToTry.append(Array(0...input.count))
        cutsToTry.append([])
        for cuts in cutsToTry {
            #expect(Self.describe(Self.load(input, cuts: cuts)) == example.choices, "cut at \(cuts)")
            let waiting = Self.load(input, cuts: cuts, finish: false)
            #expect(Self.describe(waiting) == (example.unfinished ?? example.choices), "cut at \(cuts)")
        }
    }

    /// The exact bytes of a label, invalid UTF-8 included.
    @Test func labelBytesAreExact() {
        let list = Self.load([0x76, 0x09, 0x61, 0xFF, 0xC3, 0x0A], cuts: [4])
        #expect(list.withLabel(at: 0) { Array($0) } == [0x61, 0xFF, 0xC3])
        #expect(list.withAnswer(at: 0) { Array($0) } == [0x76])
        #expect(list.hasValue(at: 0))
    }

    /// Choices given one by one and lines read mix in the order they come; one given while a
    /// line waits for its end goes before it.
    @Test func choicesGivenDirectly() {
        let list = ChoiceList()
        list.append(label: "First")
        list.append(label: "Second", value: "2")
        Array("a\nb".utf8).withUnsafeBytes { list.append(bytes: $0) }
        list.append(label: "Tab\tin label", value: "v\tx")
        list.append(label: "")
        Array("c\n".utf8).withUnsafeBytes { list.append(bytes: $0) }
        list.append(label: "Described", description: "what it is")
        list.append(label: "Both", value: "b", description: "and more")
        // A value ends at its first TAB, as a line's does (what follows reads as a description);
        // a label keeps its own.
        #expect(Self.describe(list) == ["First", "2→Second", "a", "v→Tab\tin label ‖ x", "", "bc", "Described→Described ‖ what it is",
                                        "b→Both ‖ and more"])
        #expect(!list.hasValue(at: 0) && list.hasValue(at: 1))
    }

    /// A list past its limit takes no more: the line that would not fit and all after it.
    @Test func fullListRefusesMore() {
        let list = ChoiceList(byteLimit: 10)
        Array("abc\ndef\nghij\n".utf8).withUnsafeBytes { list.append(bytes: $0) }
        #expect(list.isFull)
        #expect(Self.describe(list) == ["abc", "def"])
        Array("k\n".utf8).withUnsafeBytes { list.append(bytes: $0) }
        list.append(label: "l")
        list.finish()
        #expect(Self.describe(list) == ["abc", "def"])
    }

    /// A line still waiting when the limit is reached is dropped, not made a choice by `finish`.
    @Test func fullListDropsTheWaitingLine() {
        let list = ChoiceList(byteLimit: 8)
        Array("abc\nde".utf8).withUnsafeBytes { list.append(bytes: $0) }
        #expect(!list.isFull)
        Array("fghi\n".utf8).withUnsafeBytes { list.append(bytes: $0) }
        #expect(list.isFull)
        list.finish()
        #expect(Self.describe(list) == ["abc"])
    }

    struct Refused: Sendable, CustomTestStringConvertible {
        let name: String
        let input: [UInt8]
        let choices: [String]
        let refusal: (line: Int, reason: ChoiceList.Refusal)?
        var testDescription: String { name }

        init(_ name: String, _ input: String, _ choices: [String], _ refusal: (Int, ChoiceList.Refusal)?) {
            self.name = name
            self.input = Array(input.utf8)
            self.choices = choices
            self.refusal = refusal.map { (line: $0.0, reason: $0.1) }
        }
    }

    /// Lines of at most 8 bytes: a longer one, or one holding a NUL, is refused with its number
    /// (empty lines count), and nothing after it is taken; the limit leaves room for a CRLF.
    static let refusals: [Refused] = [
        Refused("eight bytes are a line", "abcdefgh\n", ["abcdefgh"], nil),
        Refused("eight bytes and CRLF are a line", "abcdefgh\r\n", ["abcdefgh"], nil),
        Refused("nine bytes are refused", "one\n\nabcdefghi\nlast\n", ["one"], (3, .tooLong)),
        Refused("nine bytes without an end are refused", "one\nabcdefghi", ["one"], (2, .tooLong)),
        Refused("a NUL is refused", "one\ntw\0o\nthree\n", ["one"], (2, .nulByte)),
        Refused("a NUL in a value is refused", "v\0\tLabel\n", [], (1, .nulByte)),
        Refused("a NUL in the last line without an end", "one\n\0", ["one"], (2, .nulByte)),
    ]

    @Test(arguments: refusals)
    func refused(_ test: Refused) {
        let limits = ChoiceList.Limits(bytes: 1000, count: 100, lineBytes: 8)
        for cuts in [[], Array(1..<test.input.count)] {
            let list = ChoiceList(limits: limits)
            var from = 0
            for cut in cuts + [test.input.count] {
                test.input[from..<cut].withUnsafeBytes { list.append(bytes: $0) }
                from = cut
                // Beyond the choices, never more than a line's limit, a CR and one read waiting:
                // memory stays bounded.
                let choices = (0..<list.count).reduce(0) { $0 + list.withLabel(at: $1) { $0.count }
                    + (list.hasValue(at: $1) ? list.withAnswer(at: $1) { $0.count } + 1 : 0) }
                #expect(list.heldBytes - choices <= 8 + 2 + (cuts.isEmpty ? test.input.count : 1))
            }
            list.finish()
            #expect(Self.describe(list) == test.choices, "cut \(cuts.count) times")
            #expect(list.refusal?.line == test.refusal?.line && list.refusal?.reason == test.refusal?.reason, "cut \(cuts.count) times")
            #expect(list.takesInput == (test.refusal == nil))
        }
    }

    /// A line refused ends the list as it is: nothing more is taken, not even at its finish.
    @Test func nothingAfterARefusal() {
        let list = ChoiceList(limits: ChoiceList.Limits(bytes: 1000, count: 100, lineBytes: 4))
        Array("ab\ncdefgh".utf8).withUnsafeBytes { list.append(bytes: $0) }
        Array("\nij\n".utf8).withUnsafeBytes { list.append(bytes: $0) }
        list.append(label: "k", value: nil)
        list.finish()
        #expect(Self.describe(list) == ["ab"])
        #expect(list.refusal?.line == 2)
    }

    /// At most `count` choices: the list is full, and takes no more.
    @Test func fullAtItsCount() {
        let list = ChoiceList(limits: ChoiceList.Limits(bytes: 1000, count: 2, lineBytes: 10))
        Array("a\nb\nc\nd".utf8).withUnsafeBytes { list.append(bytes: $0) }
        list.finish()
        #expect(Self.describe(list) == ["a", "b"])
        #expect(list.isFull && list.refusal == nil)
        #expect(ChoiceList.Limits.standard.lineBytes == LineReader.maximumLineBytes)  // a line on stdin's limit
    }

    /// Up to the limit exactly is not full.
    @Test func exactlyAtTheLimit() {
        let list = ChoiceList(byteLimit: 6)
        Array("abc\nde\n".utf8).withUnsafeBytes { list.append(bytes: $0) }
        #expect(!list.isFull)
        #expect(Self.describe(list) == ["abc", "de"])
    }
}
