import AskChoices
import AskFields
import AskGauge
@testable import AskKit
import AskLayout
import AskPresentation
import AskRender
import AskText
import AskTextBox
import Testing

/// The terminal's answers to what `ask` asks (where the cursor is, which terminal this is)
/// arrive among the keys: while one is expected it is read as an answer, never as a key, and
/// otherwise it is what it was before (`CSI 1 ; 5 R` is Ctrl-F3).
struct TerminalAnswersTests {
    @Test(arguments: [
        // (bytes, cursor reports expected, terminal kind expected, events, reports still expected)
        ("\u{1B}[12;40R", 1, false, [InputEvent.cursorReport(row: 12, column: 40)], 0),
        ("\u{1B}[1;5R", 1, false, [.cursorReport(row: 1, column: 5)], 0),
        ("\u{1B}[1;5R", 0, false, [.key(.function(3), .control)], 0),
        ("\u{1B}[12;40R", 0, false, [.unknown], 0),
        ("\u{1B}[3;1R\u{1B}[30;1Rx", 2, false, [.cursorReport(row: 3, column: 1), .cursorReport(row: 30, column: 1),
                                                .character("x")], 0),
        ("\u{1B}[3;1R\u{1B}[1;2R", 1, false, [.cursorReport(row: 3, column: 1), .key(.function(3), .shift)], 0),
        // Not a report: no row (the row left out means 1: Ctrl-F3), a row of 0, three numbers,
        // a private marker.
        ("\u{1B}[;5R", 1, false, [.key(.function(3), .control)], 1),
        ("\u{1B}[0;5R", 1, false, [.unknown], 1),
        ("\u{1B}[1;2;3R", 1, false, [.unknown], 1),
        ("\u{1B}[?1;2R", 1, false, [.unknown], 1),
        // Which terminal: tmux says 84, xterm 41; a reply not asked for is dropped.
        ("\u{1B}[>84;0;0c\u{1B}[5;1R", 1, true, [.terminalKind(84), .cursorReport(row: 5, column: 1)], 0),
        ("\u{1B}[>41;390;0c", 0, true, [.terminalKind(41)], 0),
        ("\u{1B}[>84;0;0c", 0, false, [.unknown], 0),
        // Inside a paste it is pasted text (the paste ends once input is quiet after its marker).
        ("\u{1B}[200~\u{1B}[2;3R\u{1B}[201~", 1, false,
         [.pasteBegin] + "\u{1B}[2;3R".unicodeScalars.map(InputEvent.pasted), 1),
    ] as [(String, Int, Bool, [InputEvent], Int)])
    func answersAreNotKeys(bytes: String, expected: Int, kind: Bool, events: [InputEvent], left: Int) {
        var decoder = KeyDecoder()
        decoder.expectedCursorReports = expected
        decoder.expectsTerminalKind = kind
        #expect(decoder.feed(Array(bytes.utf8), moreAvailable: true) == events)
        #expect(decoder.expectedCursorReports == left)
        // Byte by byte, the same.
        var split = KeyDecoder()
        split.expectedCursorReports = expected
        split.expectsTerminalKind = kind
        #expect(Array(bytes.utf8).flatMap { split.feed([$0], moreAvailable: true) } == events)
    }

    /// A report that comes in pieces, with time between them, is still one answer.
    @Test func aSplitReportWaitsForItsEnd() {
        var decoder = KeyDecoder()
        decoder.expectedCursorReports = 1
        #expect(decoder.feed(Array("\u{1B}[24;".utf8), moreAvailable: true).isEmpty)
        #expect(decoder.isAwaitingMore)
        #expect(decoder.feed(Array("1R".utf8), moreAvailable: true) == [.cursorReport(row: 24, column: 1)])
    }

    /// What an answer tells the conversation with the terminal, and the renderer by it: the
    /// anchor's place, then where the cursor was after a resize; tmux's kind makes it count
    /// re-wrapped rows.
    @Test func theRendererTakesAnswersInOrder() {
        var renderer = ScreenRenderer()
        var screen = Screen(width: 10, height: 3)
        screen.fill(row: 0, columns: 0..<10, with: "-")
        let first = renderer.frame(screen)
        #expect(first.starts(with: ANSI.askTerminalKind + ANSI.reportCursor))
        #expect(renderer.conversation.expectedCursorReports == 1 && renderer.conversation.expectsTerminalKind)
        renderer.take(.terminalKind(84))
        #expect(renderer.conversation.reWrapsLikeTmux && !renderer.conversation.expectsTerminalKind)
        let taken = renderer.take(.cursorReport(row: 7, column: 3))
        #expect(taken && renderer.conversation.anchorColumn == 2 && renderer.conversation.anchorRow == 6)
        #expect(renderer.conversation.rowsBelowAnchor(onScreenOf: 24) == 17)
        let again = renderer.take(.cursorReport(row: 7, column: 3))
        #expect(!again)  // none awaited
        #expect(renderer.conversation.expectedCursorReports == 0)
        // A resize asks again, first thing; the anchor's row no longer says where the alert is.
        let cleared = renderer.clear(resizedFrom: TerminalSize(rows: 24, columns: 80), to: TerminalSize(rows: 12, columns: 80))
        #expect(cleared.starts(with: ANSI.reportCursor))
        #expect(renderer.conversation.expectedCursorReports == 1)
        #expect(renderer.conversation.rowsBelowAnchor(onScreenOf: 12) == nil)
        // A later frame of the same terminal does not ask which terminal it is again.
        _ = renderer.frame(screen)
        _ = renderer.end()
        renderer.invalidate()
        #expect(!renderer.frame(screen).starts(with: ANSI.askTerminalKind))
    }

    /// Whether the answers owed are waited for: while the alert runs, only from a terminal that
    /// has answered before; before the terminal is given back, also from one that has sent
    /// nothing yet (`silentAtClose`: it may not have had the time); never once all have come,
    /// before the questions are written, or once given up.
    @Test(arguments: [
        // (answers taken, questions written, given up, silent at close, waited for)
        ([InputEvent](), true, false, false, false),
        ([], true, false, true, true),
        ([.terminalKind(84)], true, false, false, true),
        ([.terminalKind(84)], true, false, true, true),
        ([.terminalKind(84), .cursorReport(row: 1, column: 1)], true, false, false, false),
        ([.terminalKind(84), .cursorReport(row: 1, column: 1)], true, false, true, false),
        ([], false, false, true, false),
        ([], true, true, true, false),
    ])
    func answersOwedAreWaitedFor(taken: [InputEvent], written: Bool, givenUp: Bool, silentAtClose: Bool, waited: Bool) {
        var renderer = ScreenRenderer()
        _ = renderer.frame(Screen(width: 10, height: 3))
        if written { renderer.conversation.noteAsked(at: 100) }
        for answer in taken { renderer.take(answer) }
        if givenUp { renderer.forgetReports(keepingAnchor: false) }
        #expect(renderer.conversation.owesAnswers(silentAtClose: silentAtClose) == waited)
    }

    /// An awaited answer split by a slow link waits for its rest as long as the answer is waited
    /// for, not the 50 ms a key's sequence gets: its pieces never reach the field.
    @Test func anAnswerSplitByALongPauseIsStillOne() {
        var decoder = KeyDecoder()
        decoder.expectedCursorReports = 1
        #expect(decoder.feed(Array("\u{1B}[12;".utf8), moreAvailable: true) == [])
        #expect(decoder.quietMillisecondsNeeded == KeyDecoder.answerQuietMilliseconds)
        var events: [InputEvent] = []
        decoder.inputWentQuiet(milliseconds: 200, into: &events)
        #expect(events == [])
        #expect(decoder.feed(Array("5R".utf8), moreAvailable: true) == [.cursorReport(row: 12, column: 5)])
        // Not expected: a key's sequence, given the short wait.
        var keys = KeyDecoder()
        #expect(keys.feed(Array("\u{1B}[12;".utf8), moreAvailable: true) == [])
        #expect(keys.quietMillisecondsNeeded == KeyDecoder.sequenceQuietMilliseconds)
    }
}
