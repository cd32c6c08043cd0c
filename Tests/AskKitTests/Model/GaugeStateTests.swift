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
import AskTextBox
import Testing

/// A gauge's input, as whiptail's and dialog's gauges read it: percentages a line each, XXX
/// blocks that set the percentage and the message, whatever pieces the bytes arrive in.
struct GaugeStateTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let input: String
        let percent: Int
        let message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing read: the start", input: "", percent: 0, message: "Copying"),
        Case(name: "a percentage a line", input: "10\n20\n55\n", percent: 55, message: "Copying"),
        Case(name: "spaces, a sign and what follows the number, as sscanf reads it", input: "  42 percent\n",
             percent: 42, message: "Copying"),
        Case(name: "past 100 and below 0: the ends", input: "250\n", percent: 100, message: "Copying"),
        Case(name: "below 0", input: "50\n-3\n", percent: 0, message: "Copying"),
        Case(name: "a line that is not a number changes nothing", input: "30\nhello\n\n", percent: 30, message: "Copying"),
        Case(name: "a block: the percentage, then the message", input: "XXX\n60\nCopying photos\nXXX\n",
             percent: 60, message: "Copying photos"),
        Case(name: "a block's lines, an empty one kept (as dialog keeps it)", input: "XXX\n70\nfirst\n\nsecond\nXXX\n",
             percent: 70, message: "first\n\nsecond"),
        Case(name: "\\n written out in a block is a line break", input: "XXX\n80\na\\nb\nXXX\n", percent: 80, message: "a\nb"),
        Case(name: "a block without its end changes nothing yet", input: "5\nXXX\n90\nhalf\n", percent: 5, message: "Copying"),
        Case(name: "a block with no number keeps the percentage", input: "15\nXXX\nno number\nnew\nXXX\n",
             percent: 15, message: "new"),
        Case(name: "an empty block empties the message", input: "XXX\n20\nXXX\n", percent: 20, message: ""),
        Case(name: "CR LF line ends", input: "XXX\r\n35\r\nWindows\r\nXXX\r\n", percent: 35, message: "Windows"),
        Case(name: "after a block, numbers again", input: "XXX\n10\nstep one\nXXX\n75\n", percent: 75, message: "step one"),
    ]

    /// Whole, and cut at every byte: the same.
    @Test(arguments: cases)
    func readsAsWhiptailDoes(_ test: Case) {
        let bytes = Array(test.input.utf8)
        for cut in [nil] + Array(0...bytes.count).map(Optional.some) {
            var state = GaugeState(spec: Self.spec("Copying"))
            let pieces = cut.map { [bytes[..<$0], bytes[$0...]] } ?? [bytes[...]]
            for piece in pieces { _ = Array(piece).withUnsafeBytes { state.take($0) } }
            #expect(state.percent == test.percent, "cut at \(String(describing: cut))")
            #expect(state.message == test.message, "cut at \(String(describing: cut))")
        }
    }

    /// A last line without its line break counts once the input ends; an open block does not.
    @Test(arguments: [("40\n65", 65, "Copying"), ("XXX\n50\nhalf", 0, "Copying"), ("7", 7, "Copying")])
    func theEndOfTheInput(input: String, percent: Int, message: String) {
        var state = GaugeState(spec: Self.spec("Copying"))
        _ = Array(input.utf8).withUnsafeBytes { state.take($0) }
        state.end()
        #expect(state.isEnded && state.percent == percent && state.message == message)
    }

    /// `take` says whether what is shown changed.
    @Test func changesAreReported() {
        var state = GaugeState(spec: Self.spec(""))
        #expect(Array("10\n".utf8).withUnsafeBytes { state.take($0) })
        #expect(!Array("10\n".utf8).withUnsafeBytes { state.take($0) })
        #expect(!Array("junk\n".utf8).withUnsafeBytes { state.take($0) })
        #expect(Array("XXX\n10\nnew\nXXX\n".utf8).withUnsafeBytes { state.take($0) })
    }

    /// A line past 1 MiB is dropped whole, never kept; the next line reads as usual. A block's
    /// message keeps at most 64 KiB.
    @Test func longLinesAreDropped() {
        var state = GaugeState(spec: Self.spec(""))
        let long = [UInt8](repeating: 0x39, count: GaugeState.longestLine + 1)
        _ = long.withUnsafeBytes { state.take($0) }
        _ = Array("\n33\n".utf8).withUnsafeBytes { state.take($0) }
        #expect(state.percent == 33)
        let line = String(repeating: "m", count: 1000)
        let block = "XXX\n44\n" + Array(repeating: line, count: 100).joined(separator: "\n") + "\nXXX\n"
        _ = Array(block.utf8).withUnsafeBytes { state.take($0) }
        #expect(state.percent == 44)
        #expect(state.message.utf8.count <= GaugeState.longestMessage && state.message.utf8.count > GaugeState.longestMessage - 2000)
    }

    /// The message given: `\n` written out is a line break, `\\n` is not.
    @Test(arguments: [("one\\ntwo", "one\ntwo"), ("a\\\\nb", "a\\\\nb"), ("plain", "plain"), ("end\\", "end\\")])
    func theMessageGiven(given: String, shown: String) {
        #expect(GaugeState(spec: Self.spec(given)).message == shown)
    }

    static func spec(_ message: String) -> PromptSpec {
        var spec = PromptSpec(title: "Gauge", message: message)
        spec.body = .gauge(GaugeSpec())
        return spec
    }
}
