import AskChoices
import AskFields
import AskGauge
import AskLayout
import AskModel
import AskRender
import AskText
import AskKit
import AskPresentation
import AskSession
import AskTextBox
import TestSupport
import Testing

/// The alert's loop without a terminal or a clock: bytes and times in, what is written and how
/// it ended out. Every case that depends on time — a lone ESC, a sequence split by a slow link,
/// a paste's end, the countdown, the deadline — is decided here from the times given, so these
/// run without waiting and without luck.
struct AlertControllerTests {
    typealias Rig = ControllerRig<FieldsControl>

    @Test func theFirstPaintIsOneWriteAndAKeyOneByte() {
        var rig = Rig()
        rig.start()
        #expect(rig.writes.count == 1)
        #expect(rig.terminal.contains("Title") && rig.terminal.bracketedPaste)
        rig.type("a", at: 1)
        #expect(rig.writes.last == Array("a".utf8))
        rig.type("\r", at: 2)
        #expect(rig.controller.outcome == .accepted(.ok))
        #expect(rig.controller.response().answers[0].string == "a")
    }

    /// A resize before the terminal's first answers arrived (a slow link, a busy machine): the
    /// session does not wait for a terminal that has never answered, but the anchor's column
    /// is still taken when it comes, and the cursor goes back there at the end.
    @Test func anAnswerSlowerThanAResizeStillPlacesTheAnchor() {
        var rig = Rig()
        rig.terminal.print("Password: ")
        rig.start()
        let firstAnswers = rig.terminal.takeReplies()  // held back: they arrive after the resize
        #expect(!firstAnswers.isEmpty)
        // What the session does on SIGWINCH when nothing has been answered yet.
        rig.controller.stopAwaitingAnswers(closing: false)
        rig.controller.handle(.resized(TerminalSize(rows: 24, columns: 80)), at: 0.005)
        rig.flush()
        let resizeAnswer = rig.terminal.takeReplies()
        (firstAnswers + resizeAnswer).withUnsafeBytes { rig.controller.handle(.terminal($0), at: 0.01) }
        rig.flush()
        rig.type("ok\r", at: 1)
        #expect(rig.controller.outcome == .accepted(.ok))
        rig.controller.stopAwaitingAnswers(closing: true)
        rig.controller.close()
        rig.flush()
        #expect(rig.terminal.lines[rig.terminal.cursorRow] == "Password:")
        #expect(rig.terminal.cursorColumn == 10)
    }

    /// ESC and the rest of its sequence, 5 ms apart: one key (Left), not Escape and `[D`.
    @Test func aSequenceSplitInTimeIsOneKey() {
        var rig = Rig()
        rig.start()
        rig.type("s3cret", at: 0.1)
        rig.type("\u{1B}", at: 1)
        #expect(rig.controller.wait(at: 1) == 50)  // waits briefly for the rest
        rig.type("[D", at: 1.005)
        rig.type("!\r", at: 1.010)
        #expect(rig.controller.outcome == .accepted(.ok))
        #expect(rig.controller.response().answers[0].string == "s3cre!t")
    }

    /// A lone ESC, then quiet: the Escape key, once the short wait is over and not before.
    @Test func aLoneEscapeCancelsOnceInputIsQuiet() {
        var rig = Rig()
        rig.start()
        rig.type("\u{1B}", at: 1)
        rig.wait(until: 1.049)
        #expect(rig.controller.outcome == nil)
        rig.wait(until: 1.050)
        #expect(rig.controller.outcome == .cancelled)
    }

    /// Keys on a paste's heels (within 50 ms of its end) belong to it; after that they are keys.
    @Test(arguments: [(0.01, nil, "ls x"), (0.06, Outcome.accepted(.ok), "ls")] as [(Double, Outcome?, String)])
    func keysRightAfterAPasteBelongToIt(after: Double, outcome: Outcome?, text: String) {
        var rig = Rig()
        rig.start()
        rig.type("\u{1B}[200~ls\u{1B}[201~", at: 1)
        if after > 0.05 { rig.wait(until: 1 + after) }
        rig.type(after > 0.05 ? "\r" : "\rx", at: 1 + after)
        rig.wait(until: 2)
        #expect(rig.controller.outcome == outcome)
        #expect(rig.controller.response().answers[0].string == text || outcome == nil)
        if outcome == nil { #expect(rig.terminal.contains("│ ls x")) }
    }

    /// A paste whose end marker never comes is over after a second of quiet; Ctrl-C is then Ctrl-C.
    @Test func aStrayPasteStartEndsWhenInputIsQuiet() {
        var rig = Rig()
        rig.start()
        rig.type("\u{1B}[200~x", at: 1)
        #expect(rig.controller.wait(at: 1) == 1000)
        rig.type("\u{03}", at: 1.5)  // still pasted (a control: dropped)
        #expect(rig.controller.outcome == nil)
        rig.wait(until: 2.5)
        rig.type("\u{03}", at: 3)
        #expect(rig.controller.outcome == .interrupted(signal: AlertController<FieldsControl>.interruptSignal))
    }

    /// The countdown: nothing until its last ten seconds, then a tick a second, then the end.
    @Test func theCountdownTicksAndTheDeadlineEnds() {
        var rig = Rig(timeout: 12)
        rig.start(at: 100)
        #expect(!rig.terminal.lines.contains { $0.contains("s │") })
        #expect(rig.controller.wait(at: 100) == 2000)  // until the countdown starts
        rig.wait(until: 102)
        #expect(rig.terminal.lines.contains { $0.hasSuffix("10s │") }, "\(rig.terminal.lines)")
        #expect(rig.controller.wait(at: 102) == 1000)
        rig.wait(until: 110.5)
        #expect(rig.terminal.lines.contains { $0.hasSuffix("2s │") })
        #expect(!rig.controller.hasTimedOut(at: 111.9))
        #expect(rig.controller.hasTimedOut(at: 112))
        rig.wait(until: 112)
        #expect(rig.controller.outcome == .timedOut)
    }

    /// A confirmation has a row for its countdown too.
    @Test func aConfirmationCountsDown() {
        var spec = PromptSpec(title: "Continue deploy?")
        spec.body = .fields([])
        var rig = Rig(spec, timeout: 1.5)
        rig.start(at: 0)
        #expect(rig.terminal.lines.contains { $0.hasSuffix("2s │") }, "\(rig.terminal.lines)")
        rig.wait(until: 0.5)
        #expect(rig.terminal.lines.contains { $0.hasSuffix("1s │") })
        rig.wait(until: 1.5)
        #expect(rig.controller.outcome == .timedOut)
    }

    /// Ctrl-Z in the middle of what one read brought: the rest is handled once the alert is back.
    @Test func keysAfterCtrlZInTheSameReadAreHandledAfterTheStop() {
        var rig = Rig()
        rig.start()
        rig.type("ab\u{1A}cd", at: 1)
        #expect(rig.controller.stopRequested)
        #expect(rig.controller.hasPendingEvents)
        rig.controller.handle(.stopping, at: 4)
        rig.flush()
        #expect(!rig.terminal.contains("Title"))  // the alert is gone while stopped
        rig.controller.handle(.resumed(TerminalSize(rows: 24, columns: 80), resized: false), at: 5)
        rig.controller.handlePendingEvents()
        rig.flush()
        #expect(rig.terminal.contains("│ abcd"))
        rig.type("\r", at: 6)
        #expect(rig.controller.response().answers[0].string == "abcd")
    }

    /// Plain mode: the same loop, lines only.
    @Test func plainModeWritesLines() {
        var rig = Rig(plain: true)
        rig.start()
        rig.type("hi\r", at: 1)
        #expect(rig.controller.outcome == .accepted(.ok))
        rig.controller.close()
        rig.flush()
        let written = rig.writes.flatMap { $0 }
        #expect(String(decoding: written, as: UTF8.self) == "Title\r\n> hi\r\n")
    }
}

/// An alert driven by hand, its output fed to a virtual terminal.
struct ControllerRig<C: Control> {
    let controller: AlertController<C>
    let terminal: VirtualTerminal
    /// Every write, in order.
    var writes: [[UInt8]] = []

    /// `keeps`: `--keep`.
    init(control: C, timeout: Double? = nil, plain: Bool = false, rows: Int = 24, keeps: Bool = false) {
        terminal = VirtualTerminal(rows: rows, columns: 80)
        var appearance = Appearance(usesColor: true, isPlain: plain)
        appearance.keepsAnswer = keeps
        controller = AlertController(control: control, appearance: appearance,
                                     size: TerminalSize(rows: rows, columns: 80), timeout: timeout)
        terminal.print("$ ask\n")
    }

    mutating func flush() {
        var written: [[UInt8]] = []
        controller.flush { written.append($0) }
        for bytes in written { terminal.feed(bytes) }
        writes += written
    }

    mutating func start(at now: Double = 0) {
        controller.start(now: now)
        flush()
    }

    mutating func type(_ text: String, at now: Double) {
        Array(text.utf8).withUnsafeBytes { controller.handle(.terminal($0), at: now) }
        flush()
    }

    mutating func wait(until now: Double) {
        controller.handle(.tick, at: now)
        flush()
    }
}

extension ControllerRig where C == FieldsControl {
    init(_ spec: PromptSpec = PromptSpec(title: "Title"), timeout: Double? = nil, plain: Bool = false) {
        self.init(control: FieldsControl(spec: spec, plain: plain), timeout: timeout, plain: plain)
    }
}

extension ControllerRig where C == ChoicesControl {
    init(_ spec: PromptSpec, timeout: Double? = nil, plain: Bool = false, listLimits: ChoiceList.Limits = .standard) {
        self.init(control: ChoicesControl(spec: spec, plain: plain, limits: listLimits), timeout: timeout, plain: plain)
    }
}
