import AskLayout
import AskMemory
import AskModel
import AskRender
import AskText

/// The alert's event loop without the system: what the terminal sent, signals and the time go
/// in; what to write, and how the alert ended, come out. Every decision made by time — a lone
/// ESC, a paste that went quiet, the countdown, the deadline, how long answers to the
/// terminal's reports are waited for — is made from the times it is given, so that it can be
/// tested without a terminal and without waiting. `TerminalSession` is the same loop with a
/// terminal, a clock and signals.
///
/// What is to be written collects in one buffer until `flush`: a frame and what goes out with
/// it (the first paint, the bell) are one write. (Its state is touched once per call and never
/// in overlapping ways, so it skips the runtime's exclusivity checks.)
package final class AlertController {
    @exclusivity(unchecked) package private(set) var state: PromptState
    private let content: AlertContent
    package let appearance: Appearance
    @exclusivity(unchecked) private var layout: AlertLayout
    /// An action sheet's state and layout (the alert's then has no field).
    @exclusivity(unchecked) package private(set) var sheet: SheetState?
    @exclusivity(unchecked) private var sheetLayout: SheetLayout?
    /// The rows below the cursor where the sheet began, once the terminal said where that is
    /// (a long list takes them); unknown again after a resize.
    private var sheetRoom: Int?
    /// What was wrong with the sheet's list once it had all arrived (the sheet then ended).
    package private(set) var sheetProblem: SheetProblem?
    @exclusivity(unchecked) private var decoder = KeyDecoder()
    @exclusivity(unchecked) private var renderer = ScreenRenderer()
    @exclusivity(unchecked) private var plain = PlainRenderer()
    @exclusivity(unchecked) private var plainSheet = PlainSheetRenderer()
    /// The terminal's size, as last told (not read on every frame).
    package private(set) var size: TerminalSize
    /// `--timeout`, from when the alert began.
    private var deadline: Deadline?
    /// When input last came: what the decoder has pending is settled by how long input has been
    /// quiet since.
    private var lastInput = 0.0
    /// The last time given (a frame's countdown is the one at that time).
    private var now = 0.0
    /// Room for the most events one read can give (`KeyDecoder.mostEvents`), reserved once, so
    /// it never grows (and never leaves an unwiped copy of typed text behind). Events not yet
    /// handled when a stop was asked for wait here until `resumed`.
    @exclusivity(unchecked) private var events: [InputEvent] = []
    private var nextEvent = 0
    /// Where what is read while the alert closes goes: the answers are taken, the keys dropped
    /// (reserved as `events` is, and wiped).
    @exclusivity(unchecked) private var lateEvents: [InputEvent] = []
    /// What is to be written, until `flush`.
    @exclusivity(unchecked) private var output: [UInt8] = []
    /// Until when the answers to the terminal reports asked for are waited for.
    package private(set) var answersDeadline: Double?
    /// What the crash guard is to write now: the alert erased as `close` would, and the look
    /// restored. Plain output writes no escape sequence at all.
    package private(set) var crashReset: [UInt8]

    /// How the alert ended, once it has.
    package private(set) var outcome: Outcome?
    /// Ctrl-Z: the terminal is to be given back and the process stopped (`prepareToStop`,
    /// then `resumed` once continued).
    package private(set) var stopRequested = false

    /// The most bytes a terminal hands over per read (the line discipline's buffer).
    package static let readSize = 4096
    /// How long after asking the answer to a report is waited for, at most, before the
    /// terminal is given back (an answer after that would land in the shell's input). Terminals
    /// answer at once; a remote one within a round trip, while the alert is being read.
    package static let reportSeconds = 0.5

    /// `patterns`: each field's `--pattern` compiled, by the field's place.
    /// `timeout`: the alert gives up after that many seconds from `start`.
    package init(spec: PromptSpec, appearance: Appearance, size: TerminalSize, timeout: Double? = nil,
                 patterns: [AnswerPattern?] = []) {
        var spec = spec
        // Plain output stays in the scrollback: a revealed secret would stay there too.
        if appearance.isPlain { for index in spec.fields.indices { spec.fields[index].allowsReveal = false } }
        state = PromptState(spec: spec, patterns: patterns)
        self.appearance = appearance
        content = AlertContent(spec: spec, charset: appearance.charset, usesColor: appearance.usesColor, timeout: timeout)
        self.size = size
        layout = AlertLayout(content: content, size: size, preferredWidth: appearance.preferredWidth)
        if spec.isSheet { sheet = SheetState(spec: spec, loading: spec.sheet?.source != nil, namesChoices: appearance.isPlain) }
        renderer.wipesScreens = spec.fields.contains { $0.isSecure && $0.allowsReveal }
        crashReset = appearance.isPlain ? Array("\r\n".utf8) : ANSI.leave
        events.reserveCapacity(KeyDecoder.mostEvents(forBytes: Self.readSize))
        lateEvents.reserveCapacity(KeyDecoder.mostEvents(forBytes: Self.readSize))
    }

    // MARK: - Output

    /// Hands what is to be written to `write`, then forgets it (wiped first when it may hold
    /// revealed secure text).
    package func flush(_ write: ([UInt8]) -> Void) {
        guard !output.isEmpty else { return }
        write(output)
        if renderer.wipesScreens { output.wipeBytes() }
        output.removeAll(keepingCapacity: true)
    }

    // MARK: - The loop

    /// The first paint, in one write (bracketed paste turned on with it).
    package func start(now: Double) {
        self.now = now
        lastInput = now
        deadline = content.timeout.map { Deadline(seconds: $0, after: now) }
        if appearance.isPlain {
            output += plainBegin()
            draw()
        } else {
            draw(after: ANSI.pasteOn)
        }
    }

    /// How long to wait for input at `now`, in milliseconds (-1: for ever): until input has
    /// been quiet long enough to settle what the decoder has pending (the rest of an escape
    /// sequence, a paste's end), else until the countdown's next tick or the deadline.
    package func wait(at now: Double) -> Int32 {
        var wait: Int32 = -1
        if let needed = decoder.quietMillisecondsNeeded {
            wait = Int32(max(needed - quietMilliseconds(at: now), 0))
        }
        guard let deadline else { return wait }
        let tick = deadline.wait(at: now)
        return wait < 0 ? tick : min(tick, wait)
    }

    /// Whether the time is up at `now`.
    package func hasTimedOut(at now: Double) -> Bool {
        deadline?.hasPassed(at: now) ?? false
    }

    /// Nothing came while waiting (`wait(at:)` ran out): what input going quiet settles is
    /// settled (a lone ESC is the Escape key, a paste is over), else the countdown ticked.
    package func waited(until now: Double) {
        self.now = now
        if hasTimedOut(at: now) {
            finish(.timedOut, answered: false)
            return
        }
        let quiet = quietMilliseconds(at: now)
        if let needed = decoder.quietMillisecondsNeeded, quiet >= needed {
            decoder.inputWentQuiet(milliseconds: quiet, into: &events)
            processEvents()
        } else {
            draw()
        }
    }

    /// Bytes read from the terminal at `now`.
    package func received(_ bytes: UnsafeRawBufferPointer, at now: Double) {
        self.now = now
        lastInput = now
        decoder.feed(bytes, moreAvailable: true, into: &events)
        processEvents()
    }

    /// A terminating signal, or the terminal gone (SIGHUP).
    package func interrupted(by signal: Int32) {
        finish(.interrupted(signal: signal), answered: false)
    }

    /// How good field `index`'s text is, as its rater says: the meter under it is redrawn.
    package func setQuality(_ quality: Int?, ofField index: Int) {
        guard outcome == nil, state.fields[index].quality != quality else { return }
        state.setQuality(quality, ofField: index)
        draw()
    }

    /// Whether keys read before a stop are still to be handled (`resumed` handles them).
    package var hasPendingEvents: Bool { nextEvent < events.count }

    /// How long input has been quiet at `now`, in whole milliseconds.
    private func quietMilliseconds(at now: Double) -> Int32 {
        Int32(min(max((now - lastInput) * 1000, 0), Double(Deadline.longestWait)))
    }

    /// Applies the decoded events from `nextEvent` on; stops at the first that ends the alert,
    /// or that asks for a stop (the rest wait for `resumed`).
    private func processEvents() {
        // The terminal's answers first: they answer what was asked before any of these keys
        // was read, and none is lost when a key ends the alert.
        if nextEvent == 0 { for event in events { takeReport(event) } }
        var bell = false
        let buttonOrder = appearance.isPlain ? PlainRenderer.buttonOrder(of: state.spec) : layout.buttonOrder
        while nextEvent < events.count {
            let event = events[nextEvent]
            nextEvent += 1
            if Self.isReport(event) { continue }
            let reaction = sheet != nil ? sheet!.handle(event, page: sheetLayout?.page ?? 1)
                                        : state.handle(event, buttonOrder: buttonOrder)
            switch reaction {
            case .proceed: break
            case .bell: bell = true
            case .redraw: restart()
            case .suspend:
                stopRequested = true
                if bell { output += ANSI.bell }
                return
            case .interrupt:
                finish(.interrupted(signal: Self.interruptSignal), answered: true)
                return
            case let .finish(outcome):
                finish(outcome, answered: true)
                return
            }
        }
        clearEvents()
        if state.hasPendingPaste && state.flushPaste() == .bell { bell = true }
        // In the middle of a paste nothing is drawn: a long paste costs one frame, not one a read.
        if !decoder.isPasting { draw() }
        if bell { output += ANSI.bell }
    }

    /// SIGINT's number on Linux (every architecture): what Ctrl-C ends the alert as.
    package static let interruptSignal: Int32 = 2

    /// `answered`: by a key (plain output stays on the screen: the line shows as it was
    /// answered), not by time or a signal.
    private func finish(_ outcome: Outcome, answered: Bool) {
        if answered && appearance.isPlain { draw() }
        self.outcome = outcome
        clearEvents()
    }

    /// Empties the events, wiping them first (typed text passes through them).
    private func clearEvents() {
        events.wipeAndEmpty()
        nextEvent = 0
    }

    // MARK: - Resize, stop, close

    /// The terminal changed size (its answers owed from before were awaited first).
    package func resized(to size: TerminalSize) {
        let old = self.size
        self.size = size
        sheetRoom = nil
        guard !appearance.isPlain else { return }
        restart(resizedFrom: old)
    }

    /// Before a stop (Ctrl-Z, or SIGTSTP from outside): the alert is erased and the look
    /// restored, so the shell gets the terminal as it was.
    package func prepareToStop() {
        stopRequested = false
        output += appearance.isPlain ? plainEnd() : renderer.end() + ANSI.leave
        renderer.invalidate()
        updateCrashReset()
    }

    /// Back from a stop (ours or anyone's): the shell may have reset the terminal and written
    /// over the alert meanwhile, so it begins afresh at the cursor (after a stop from outside,
    /// erased first, unless the terminal changed size meanwhile: `resized`, or a size not the
    /// one it had). Keys read before the stop are handled after what the driver does next
    /// (`handlePendingEvents`).
    package func resumed(size: TerminalSize, resized: Bool = false, at now: Double) {
        self.now = now
        let resized = resized || size != self.size
        self.size = size
        if appearance.isPlain {
            restart()
            return
        }
        // After a stop from outside the alert is still there; the saved anchor finds it, unless
        // the terminal changed size meanwhile (the text moved under it): then nothing is erased.
        let erased = resized ? [] : renderer.end()
        renderer.invalidate()
        draw(after: erased + (erased.isEmpty ? [] : ANSI.leave) + ANSI.pasteOn)
    }

    /// Handles the keys read before a stop, or while answers were awaited.
    package func handlePendingEvents() {
        guard hasPendingEvents, outcome == nil else { return }
        processEvents()
    }

    /// Erases the alert and restores the look (the driver then restores the settings).
    package func close() {
        output += appearance.isPlain ? plainEnd() : renderer.end() + ANSI.leave
        decoder.reset()
        clearEvents()
    }

    /// The answer: how the alert ended and each field's text (wiped unless they are printed).
    package func response() -> Response {
        if let sheet {
            let outcome = self.outcome ?? .cancelled
            return outcome.printsAnswer ? Response(outcome, chosenIn: sheet) : Response(nothing: outcome)
        }
        let response = Response(outcome: outcome ?? .cancelled, answers: state.fields.map { $0.editor.text })
        if !response.outcome.printsAnswer { response.wipe() }
        return response
    }

    // MARK: - Drawing

    /// Draws the state; `prefix` goes out before the frame.
    private func draw(after prefix: [UInt8] = []) {
        if appearance.isPlain {
            output += sheet.map { plainSheet.update(content, $0) } ?? plain.update(content, state)
            return
        }
        if sheet != nil {
            drawSheet(after: prefix)
            return
        }
        if size != layout.size {
            let scroll = layout.scroll
            layout = AlertLayout(content: content, size: size, preferredWidth: appearance.preferredWidth)
            layout.scroll = scroll
        }
        let screen = layout.render(state, countdown: deadline?.countdown(at: now))
        var frame = renderer.frame(screen)
        if renderer.wipesScreens {
            // Revealed text goes through here: no copy of it may be freed unwiped.
            output.appendWiping(contentsOf: prefix)
            output.appendWiping(contentsOf: frame)
            frame.wipeBytes()
        } else {
            output += prefix
            output += frame
        }
        noteReportsAskedFor()
        updateCrashReset()
    }

    /// Draws the action sheet; its geometry is worked out again when the size changed or the
    /// list outgrew it.
    private func drawSheet(after prefix: [UInt8]) {
        guard let sheet else { return }
        if sheetLayout == nil || sheetLayout!.size != size || sheetLayout!.roomBelow != sheetRoom || !sheetLayout!.isCurrent(for: sheet) {
            let top = sheetLayout?.top ?? 0
            sheetLayout = SheetLayout(content: content, size: size, state: sheet, preferredWidth: appearance.preferredWidth,
                                      roomBelow: sheetRoom, labelWidths: sheetLayout?.labelWidths ?? LabelWidths())
            sheetLayout!.top = top
        }
        let screen = sheetLayout!.render(sheet, countdown: deadline?.countdown(at: now))
        output += prefix
        output += renderer.frame(screen)
        noteReportsAskedFor()
        updateCrashReset()
    }

    // MARK: - The sheet's list arriving

    /// Choices read from the sheet's source at `now`.
    package func receivedChoices(_ bytes: UnsafeRawBufferPointer, at now: Double) {
        guard sheet != nil, outcome == nil else { return }
        self.now = now
        sheet!.list.append(bytes: bytes)
        sheet!.listGrew()
        draw()
    }

    /// The sheet's source ended: a list with nothing to choose ends the sheet (`sheetProblem`).
    package func choicesEnded(at now: Double) {
        guard sheet != nil, outcome == nil else { return }
        self.now = now
        if let problem = sheet!.listEnded() {
            sheetProblem = problem
            finish(.cancelled, answered: false)
            return
        }
        draw()
    }

    /// Whether the sheet still reads its list.
    package var loadsChoices: Bool { sheet?.isLoading ?? false }

    private func plainBegin() -> [UInt8] {
        sheet.map { plainSheet.begin(content, $0) } ?? plain.begin(content, state)
    }

    private func plainEnd() -> [UInt8] {
        sheet != nil ? plainSheet.end() : plain.end()
    }

    /// Has the crash guard write what `close` would now, then restore the look.
    private func updateCrashReset() {
        guard !appearance.isPlain else { return }
        crashReset = renderer.closing + ANSI.leave
    }

    /// Draws everything again where it is (Ctrl-L), or after the terminal changed size from
    /// `old`: the plain lines again, or the alert erased and drawn anew in its place.
    private func restart(resizedFrom old: TerminalSize? = nil) {
        if appearance.isPlain {
            output += plainEnd() + plainBegin()
        } else {
            draw(after: renderer.clear(resizedFrom: old, to: old == nil ? nil : size))
        }
    }

    // MARK: - The terminal's answers

    /// Whether answers to reports asked for are still owed, and worth waiting for: the terminal
    /// has answered before (one that never does — expect, a test's pty — is not waited for).
    package var owesAnswers: Bool { renderer.expectedCursorReports > 0 && answersDeadline != nil && renderer.hasAnswered }

    /// After a frame: the decoder expects the answers to the reports the renderer asked for,
    /// and they are waited for until a while after the last was asked.
    private func noteReportsAskedFor() {
        let expected = renderer.expectedCursorReports
        if expected > decoder.expectedCursorReports || (renderer.awaitsTerminalKind && !decoder.expectsTerminalKind) {
            answersDeadline = now + Self.reportSeconds
        }
        decoder.expectedCursorReports = expected
        decoder.expectsTerminalKind = renderer.awaitsTerminalKind
    }

    /// Bytes read while answers are awaited. Before the terminal is given back (`closing`) —
    /// after that they would arrive in the shell's input — keys are dropped: the alert is
    /// closing. Otherwise (before a resize is handled: the answers say where the alert was
    /// before it) keys are kept, to be handled after it (`handlePendingEvents`); returns
    /// whether any came, which ends the wait.
    package func receivedWhileAwaitingAnswers(_ bytes: UnsafeRawBufferPointer, closing: Bool) -> Bool {
        if closing {
            decoder.feed(bytes, moreAvailable: true, into: &lateEvents)
            for event in lateEvents { takeReport(event) }
            lateEvents.wipeAndEmpty()
            return false
        }
        decoder.feed(bytes, moreAvailable: true, into: &events)
        for index in events.indices where Self.isReport(events[index]) {
            takeReport(events[index])
            events[index] = .unknown
        }
        if events.allSatisfy({ $0 == .unknown }) { clearEvents() }
        return hasPendingEvents
    }

    /// The wait for answers is over: those still owed are given up (`closing`: before the
    /// terminal is given back, even when some still are).
    package func stopAwaitingAnswers(closing: Bool) {
        guard renderer.expectedCursorReports > 0 || closing else { return }
        // Not yet answered at all: the answers may still be on their way (a resize right after
        // the first frame, over a slow link); the anchor's is taken when it comes.
        renderer.forgetReports(keepingAnchor: !closing && !renderer.hasAnswered)
        answersDeadline = nil
        decoder.expectedCursorReports = renderer.expectedCursorReports
        decoder.expectsTerminalKind = renderer.awaitsTerminalKind
    }

    /// Hands a terminal's answer to the renderer (other events are not its business).
    private func takeReport(_ event: InputEvent) {
        switch event {
        case let .cursorReport(row, column):
            // One the renderer does not take (a key that looks like an answer) leaves the
            // answer still owed: the decoder expects it again.
            let anchorKnown = renderer.anchorRow != nil
            if !renderer.cursorReported(row: Int(row), column: Int(column)) {
                decoder.expectedCursorReports = renderer.expectedCursorReports
            } else if sheet != nil, !anchorKnown, let anchorRow = renderer.anchorRow {
                sheetRoom = max(size.rows - 1 - anchorRow, 0)
            }
        case let .terminalKind(kind): renderer.terminalKindReported(Int(kind))
        default: break
        }
    }

    private static func isReport(_ event: InputEvent) -> Bool {
        switch event {
        case .cursorReport, .terminalKind: return true
        default: return false
        }
    }
}
