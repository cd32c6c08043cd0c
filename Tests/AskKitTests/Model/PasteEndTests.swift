import AskChoices
import AskFields
import AskGauge
@testable import AskKit
import AskModel
import AskRender
import AskSession
import AskLayout
import AskPresentation
import AskText
import AskTextBox
import Glibc
import Testing

/// When a paste is over: after its end marker once input goes quiet briefly (bytes right behind
/// the marker are the same paste), or, when the marker never comes, once input has been quiet
/// for `pasteQuietMilliseconds`. Time is given to the decoder, never waited for.
struct PasteEndTests {
    /// What happens at the terminal: bytes arrive, or input stays quiet for a while.
    enum Step: Sendable {
        case bytes([UInt8])
        case quiet(Int32)

        static func text(_ text: String) -> Step { .bytes(Array(text.utf8)) }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let steps: [Step]
        let events: [InputEvent]
        var testDescription: String { name }
    }

    static let start = "\u{1B}[200~"
    static let end = "\u{1B}[201~"
    static let short = KeyDecoder.sequenceQuietMilliseconds
    static let long = KeyDecoder.pasteQuietMilliseconds

    static func pasted(_ text: String) -> [InputEvent] { text.unicodeScalars.map { .pasted($0) } }

    static let cases: [Case] = [
        // A paste start whose end marker never comes.
        Case(name: "a stray paste start outlasts a short quiet",
             steps: [.text(start + "x"), .quiet(short)], events: [.pasteBegin, .pasted("x")]),
        Case(name: "a stray paste start is over after the long quiet",
             steps: [.text(start + "x"), .quiet(long)], events: [.pasteBegin, .pasted("x"), .pasteEnd]),
        Case(name: "a millisecond less is not enough",
             steps: [.text(start + "x"), .quiet(long - 1), .text("\u{03}")], events: [.pasteBegin] + pasted("x\u{03}")),
        Case(name: "after the long quiet Ctrl-C, Enter, Ctrl-D and Esc are keys",
             steps: [.text(start + "x"), .quiet(long), .text("\u{03}\r\u{04}\u{1B}"), .quiet(short)],
             events: [.pasteBegin, .pasted("x"), .pasteEnd, .control("c"), .key(.enter), .control("d"), .key(.escape)]),
        Case(name: "pauses shorter than the long quiet keep one paste",
             steps: [.text(start + "ab"), .quiet(long - 1), .text("c"), .quiet(long - 1), .text("d" + end), .quiet(short)],
             events: [.pasteBegin] + pasted("abcd") + [.pasteEnd]),
        Case(name: "an end marker cut short by the quiet was text",
             steps: [.text(start + "ab\u{1B}[20"), .quiet(long), .text("\r")],
             events: [.pasteBegin] + pasted("ab\u{1B}[20") + [.pasteEnd, .key(.enter)]),
        Case(name: "a scalar cut short by the quiet is invalid",
             steps: [.bytes(Array(start.utf8) + [0x61, 0xE4, 0xB8]), .quiet(long), .text("b")],
             events: [.pasteBegin, .pasted("a"), .invalid, .pasteEnd, .character("b")]),

        // A paste whose end marker came: over at the short quiet, the same paste until then.
        Case(name: "the end waits for the short quiet",
             steps: [.text(start + "ls" + end)], events: [.pasteBegin] + pasted("ls")),
        Case(name: "the end comes with the short quiet",
             steps: [.text(start + "ls" + end), .quiet(short), .text("\r")],
             events: [.pasteBegin] + pasted("ls") + [.pasteEnd, .key(.enter)]),
        Case(name: "a carriage return right behind the end marker is the same paste",
             steps: [.text(start + "ls" + end + "\rrm -rf\r"), .quiet(short)],
             events: [.pasteBegin] + pasted("ls\rrm -rf\r") + [.pasteEnd]),
        Case(name: "so it is in a read of its own",
             steps: [.text(start + "ls" + end), .text("\r"), .text("rm -rf\r"), .quiet(short)],
             events: [.pasteBegin] + pasted("ls\rrm -rf\r") + [.pasteEnd]),
        Case(name: "a paste going on after its marker ends at the next marker and the short quiet",
             steps: [.text(start + "a" + end + "\rb" + end), .quiet(short), .text("c")],
             events: [.pasteBegin] + pasted("a\rb") + [.pasteEnd, .character("c")]),
        Case(name: "or at the short quiet without one",
             steps: [.text(start + "a" + end + "b"), .quiet(short), .text("c")],
             events: [.pasteBegin] + pasted("ab") + [.pasteEnd, .character("c")]),

        // The short quiet settles a lone ESC, and less does not.
        Case(name: "a lone ESC waits out less than the short quiet",
             steps: [.bytes([0x1B]), .quiet(short - 1)], events: []),
        Case(name: "a lone ESC is Escape after the short quiet",
             steps: [.bytes([0x1B]), .quiet(short - 1), .quiet(short)], events: [.key(.escape)]),
    ]

    /// Runs `steps` through a decoder: bytes as a read with more possibly to come.
    static func decode(_ steps: [Step], bytesAtATime: Bool = false) -> [InputEvent] {
        var decoder = KeyDecoder()
        var events: [InputEvent] = []
        for step in steps {
            switch step {
            case let .bytes(bytes):
                for piece in (bytesAtATime ? bytes.map { [$0] } : [bytes]) {
                    piece.withUnsafeBytes { decoder.feed($0, moreAvailable: true, into: &events) }
                }
            case let .quiet(milliseconds):
                decoder.inputWentQuiet(milliseconds: milliseconds, into: &events)
            }
        }
        return events
    }

    @Test(arguments: cases)
    func quietSettlesAPaste(_ testCase: Case) {
        #expect(Self.decode(testCase.steps) == testCase.events)
        #expect(Self.decode(testCase.steps, bytesAtATime: true) == testCase.events)
    }

    /// What the decoder asks the caller to wait for.
    @Test(arguments: [
        ("nothing pending", "", nil),
        ("a letter", "a", nil),
        ("a lone ESC", "\u{1B}", short),
        ("an unfinished CSI", "\u{1B}[1;", short),
        ("a paste before its end marker", start + "x", long),
        ("half an end marker", start + "x\u{1B}[20", long),
        ("a paste's end marker", start + "x" + end, short),
        ("bytes after the end marker", start + "x" + end + "y", short),
    ] as [(String, String, Int32?)])
    func theWaitNeeded(name: String, text: String, milliseconds: Int32?) {
        var decoder = KeyDecoder()
        _ = decoder.feed(Array(text.utf8), moreAvailable: true)
        #expect(decoder.quietMillisecondsNeeded == milliseconds, "\(name)")
    }

    // MARK: - Into the field

    struct Answer: Sendable, CustomTestStringConvertible {
        let name: String
        let steps: [Step]
        let outcome: Outcome?
        let text: String
        var testDescription: String { name }
    }

    static let answers: [Answer] = [
        Answer(name: "a carriage return right after a paste's end becomes a space",
               steps: [.text(start + "ls" + end + "\rrm -rf\r"), .quiet(short), .text("\r")],
               outcome: .accepted(.ok), text: "ls rm -rf"),
        Answer(name: "so does a line feed, in reads of their own",
               steps: [.text(start + "ls" + end), .text("\n"), .text("rm -rf\n"), .quiet(short), .text("\r")],
               outcome: .accepted(.ok), text: "ls rm -rf"),
        Answer(name: "a paste carrying its own end marker does not submit",
               steps: [.text(start + "safe" + end + "\rrm -rf ~\r" + end), .quiet(short)],
               outcome: nil, text: "safe rm -rf ~"),
        Answer(name: "Enter after the short quiet accepts",
               steps: [.text(start + "safe" + end), .quiet(short), .text("\r")],
               outcome: .accepted(.ok), text: "safe"),
        Answer(name: "Ctrl-C after a stray paste start went quiet interrupts",
               steps: [.text(start + "x"), .quiet(long), .text("\u{03}")],
               outcome: .interrupted(signal: SIGINT), text: "x"),
        Answer(name: "Esc after it cancels",
               steps: [.text(start + "x"), .quiet(long), .bytes([0x1B]), .quiet(short)],
               outcome: .cancelled, text: "x"),
        Answer(name: "Enter after it accepts",
               steps: [.text(start + "x"), .quiet(long), .text("\r")],
               outcome: .accepted(.ok), text: "x"),
        Answer(name: "Ctrl-D after an empty one cancels",
               steps: [.text(start), .quiet(long), .text("\u{04}")],
               outcome: .cancelled, text: ""),
        Answer(name: "two pastes back to back: the second's start marker is no text",
               steps: [.text(start + "ab" + end + start + "cd" + end), .quiet(short), .text("\r")],
               outcome: .accepted(.ok), text: "abcd"),
        Answer(name: "a start marker carried in a paste keeps the rest a paste until its own end",
               steps: [.text(start + "safe" + end + start + "\rrm -rf ~\r"), .quiet(short), .text("\r")],
               outcome: nil, text: "safe rm -rf ~"),
        Answer(name: "a near miss of a start marker is text",
               steps: [.text(start + "a" + end + "\u{1B}[20x"), .quiet(short), .text("\r")],
               outcome: .accepted(.ok), text: "a[20x"),
        Answer(name: "Ctrl-C before it went quiet is pasted (and dropped)",
               steps: [.text(start + "x"), .quiet(short), .text("\u{03}\r"), .quiet(short)],
               outcome: nil, text: "x"),
    ]

    /// Runs `steps` through a decoder and a prompt's state the way the session does: events
    /// in order, stopping at the first that ends the prompt, pasted text put in after each read.
    static func answer(_ steps: [Step], spec: PromptSpec = PromptSpec()) -> (outcome: Outcome?, text: String) {
        var decoder = KeyDecoder()
        var state = PromptState(spec: spec)
        for step in steps {
            var events: [InputEvent] = []
            switch step {
            case let .bytes(bytes): bytes.withUnsafeBytes { decoder.feed($0, moreAvailable: true, into: &events) }
            case let .quiet(milliseconds): decoder.inputWentQuiet(milliseconds: milliseconds, into: &events)
            }
            for event in events {
                switch state.handle(event) {
                case let .finish(outcome): return (outcome, state.currentField!.editor.text.string)
                case .interrupt: return (.interrupted(signal: SIGINT), state.currentField!.editor.text.string)
                default: break
                }
            }
            if state.hasPendingPaste { _ = state.flushPaste() }
        }
        return (nil, state.currentField!.editor.text.string)
    }

    @Test(arguments: answers)
    func pastedTextInTheField(_ answer: Answer) {
        let result = Self.answer(answer.steps)
        #expect(result.outcome == answer.outcome)
        #expect(result.text == answer.text)
    }

    /// Random sessions, stray paste starts and end markers among the keys: once input has been
    /// quiet for the long wait, Ctrl-C always interrupts (unless something ended the prompt).
    @Test func ctrlCInterruptsAfterAQuietWhateverCameBefore() {
        var random = Xorshift(seed: 0xC7_21C0)
        var unended = 0
        for _ in 0..<3000 {
            var steps: [Step] = []
            for _ in 0..<random.next(in: 1...4) {
                steps.append(.bytes(KeyDecoderTests.randomBytes(&random)))
                steps.append(.quiet([0, Self.short - 1, Self.short, Self.long - 1][random.next(below: 4)]))
            }
            // (A pending lone ESC is the Escape key once quiet: that ends it too.)
            guard Self.answer(steps + [.quiet(Self.long)]).outcome == nil else { continue }
            unended += 1
            let after = Self.answer(steps + [.quiet(Self.long), .text("\u{03}")])
            #expect(after.outcome == .interrupted(signal: SIGINT), "\(steps)")
            if after.outcome != .interrupted(signal: SIGINT) { return }
        }
        #expect(unended > 300)  // enough sessions were still open to show it
    }
}
