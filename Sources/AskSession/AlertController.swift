import AskLayout
import AskMemory
import AskModel
import AskRender
import AskText

/// The alert's event loop without the system, for any kind of control. What happens, in order:
///
///     input ──► handle(_:at:) ─┬─ .terminal bytes ──► KeyDecoder ──► events
///                              │      the terminal's answers ──► renderer.take (placement)
///                              │      keys ──► control.handle ──► Reaction (bell, finish, …)
///                              ├─ .tick ──► what quiet settles (a lone Esc), the countdown, the deadline
///                              ├─ .control ──► control.take (a list's lines, a rating)
///                              └─ .resized, .stopping, .resumed, .interrupted
///     then draw: Frame<C.View>.render(control.state, view state) ──► Screen ──► ScreenRenderer ──► output
///                (or in plain output, control.updatePlain ──► output)
///
/// Every decision made by time — a lone ESC, a paste that went quiet, the countdown, the
/// deadline, how long the terminal's answers are waited for — is made from the times given, so
/// it can be tested without a terminal and without waiting. `TerminalSession` is the same loop
/// with a terminal, a clock and signals.
///
/// What is to be written collects in one buffer until `flush`: a frame and what goes out with
/// it (the first paint, the bell) are one write. (Its state is touched once per call and never
/// in overlapping ways, so it skips the runtime's exclusivity checks.)
package final class AlertController<C: Control> {
    /// What the controller is given: bytes, a signal, the time passing, the control's own input.
    package enum Input {
        /// Bytes the terminal sent: keys, and its answers to what it was asked.
        case terminal(UnsafeRawBufferPointer)
        /// Nothing came while waiting (`wait(at:)` ran out): what input going quiet settles is
        /// settled (a lone ESC is the Escape key, a paste is over), else the countdown ticked.
        case tick
        /// A terminating signal, or the terminal gone (SIGHUP).
        case interrupted(signal: Int32)
        /// The terminal changed size (its answers owed from before were awaited first).
        case resized(TerminalSize)
        /// Before a stop (Ctrl-Z, or SIGTSTP from outside): the alert is erased and the look
        /// restored, so the shell gets the terminal as it was.
        case stopping
        /// Back from a stop (ours or anyone's), at `size`; `resized`: the terminal changed size
        /// meanwhile.
        case resumed(TerminalSize, resized: Bool)
        /// What the control's source brought.
        case source(SourceInput)
        /// One of the control's own messages (a pinentry client's rating).
        case message(C.Message)
    }

    @exclusivity(unchecked) package private(set) var control: C
    private let content: AlertContent
    package let appearance: Appearance
    /// The frame at the current size (none in plain output, or before the first).
    @exclusivity(unchecked) private var frame: Frame<C.View>?
    /// What the control keeps of its view from frame to frame.
    @exclusivity(unchecked) private var view: C.View.ViewState
    /// Where a message taller than its rows is scrolled to (the frame's own view state).
    private var messageScroll = MessageScroll()
    @exclusivity(unchecked) private var decoder = KeyDecoder()
    @exclusivity(unchecked) private var renderer = ScreenRenderer()
    /// The terminal's size, as last told (not read on every frame).
    package private(set) var size: TerminalSize
    /// `--timeout`, from when the alert began.
    private var deadline: Deadline?
    /// When input last came: what the decoder has pending is settled by how long input has been
    /// quiet since.
    private var lastInput = 0.0
    /// The last time given (a frame's countdown is the one at that time).
    private var now = 0.0
    /// When a frame was last drawn, and whether what the source brought since waits for the
    /// next (`Control.sourceDrawnEvery`).
    private var drawnAt = -Double.infinity
    private var drawOwed = false
    /// Room for the most events one read can give (`KeyDecoder.mostEvents`), reserved once, so
    /// it never grows (and never leaves an unwiped copy of typed text behind). Events not yet
    /// handled when a stop was asked for wait here until the next input.
    @exclusivity(unchecked) private var events: [InputEvent] = []
    private var nextEvent = 0
    /// Where what is read while the alert closes goes: the answers are taken, the keys dropped
    /// (reserved as `events` is, and wiped).
    @exclusivity(unchecked) private var lateEvents: [InputEvent] = []
    /// What is to be written, until `flush`.
    @exclusivity(unchecked) private var output: [UInt8] = []
    /// What the crash guard is to write now: the alert erased as `close` would, and the look
    /// restored. Plain output writes no escape sequence at all.
    package private(set) var crashReset: [UInt8]

    /// How the alert ended, once it has.
    package private(set) var outcome: Outcome?
    /// The time ran out, `--on-timeout accept`, and the rules refused what stood: why (the
    /// outcome is `.timedOut`).
    package private(set) var refusal: String?
    /// Ctrl-Z: the terminal is to be given back and the process stopped (`.stopping`, then
    /// `.resumed` once continued).
    package private(set) var stopRequested = false

    /// The most bytes a terminal hands over per read (the line discipline's buffer).
    package static var readSize: Int { 4096 }

    /// `timeout`: the alert gives up after that many seconds from `start`.
    package init(control: C, appearance: Appearance, size: TerminalSize, timeout: Double? = nil) {
        self.control = control
        self.appearance = appearance
        content = AlertContent(chrome: control.chrome, charset: appearance.charset, usesColor: appearance.usesColor, timeout: timeout,
                               theme: appearance.theme)
        self.size = size
        view = control.initialViewState
        renderer.wipesScreens = control.mayShowSecrets
        crashReset = appearance.isPlain ? Array("\r\n".utf8) : ANSI.leave
        events.reserveCapacity(KeyDecoder.mostEvents(forBytes: Self.readSize))
        lateEvents.reserveCapacity(KeyDecoder.mostEvents(forBytes: Self.readSize))
    }

    /// Why the control ended the alert by itself, if it did.
    package var problem: C.Problem? { control.problem }

    /// Whether the control still reads its source.
    package var readsSource: Bool { outcome == nil && control.readsSource }

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
        control.clock(now)
        lastInput = now
        deadline = content.timeout.map {
            Deadline(seconds: $0, after: now, countsFrom: content.chrome.countdownBar ? Deadline.longest : Deadline.countdownSeconds)
        }
        if appearance.isPlain {
            output += control.beginPlain(content)
        } else {
            draw(after: ANSI.pasteOn)
        }
        if control.endsWhenDrawn { finish(.accepted(.ok), answered: false) }
    }

    /// How long to wait for input at `now`, in milliseconds (-1: for ever): until input has
    /// been quiet long enough to settle what the decoder has pending (the rest of an escape
    /// sequence, a paste's end), else until the countdown's next tick or the deadline.
    package func wait(at now: Double) -> Int32 {
        var wait: Int32 = -1
        if let needed = decoder.quietMillisecondsNeeded {
            wait = Int32(max(needed - quietMilliseconds(at: now), 0))
        }
        if let every = control.refreshEvery ?? (drawOwed ? control.sourceDrawnEvery : nil) {
            let due = Int32(min(max((drawnAt + every - now) * 1000, 0), Double(Deadline.longestWait)).rounded(.up))
            wait = wait < 0 ? due : min(due, wait)
        }
        guard let deadline else { return wait }
        let tick = deadline.wait(at: now)
        return wait < 0 ? tick : min(tick, wait)
    }

    /// Whether the time is up at `now`.
    package func hasTimedOut(at now: Double) -> Bool {
        deadline?.hasPassed(at: now) ?? false
    }

    /// Takes one input at `now`.
    package func handle(_ input: Input, at now: Double) {
        self.now = now
        control.clock(now)
        switch input {
        case let .terminal(bytes):
            lastInput = now
            decoder.feed(bytes, moreAvailable: true, into: &events)
            processEvents()
        case .tick:
            ticked()
        case let .interrupted(signal):
            finish(.interrupted(signal: signal), answered: false)
        case let .resized(size):
            resized(to: size)
        case .stopping:
            stopping()
        case let .resumed(size, resized):
            resumed(size: size, resized: resized)
        case .source, .message:
            guard outcome == nil else { return }
            let reaction = switch input {
            case let .source(source): control.take(source)
            case let .message(message): control.receive(message)
            default: Reaction.proceed
            }
            if case let .finish(ended) = reaction {
                finish(ended, answered: false)
            } else if let every = control.sourceDrawnEvery, now < drawnAt + every {
                drawOwed = true
            } else {
                draw()
            }
        }
    }

    /// Whether keys read before a stop are still to be handled (`handlePendingEvents`).
    package var hasPendingEvents: Bool { nextEvent < events.count }

    /// Handles the keys read before a stop, or while answers were awaited.
    package func handlePendingEvents() {
        guard hasPendingEvents, outcome == nil else { return }
        processEvents()
    }

    /// Time passed with nothing read: the deadline, or what quiet settles, or the countdown.
    private func ticked() {
        if hasTimedOut(at: now) {
            timeRanOut()
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

    /// The deadline passed: unanswered (`--on-timeout cancel`), or what stands answered as the
    /// button the time presses would answer it (`accept`), unless the rules refuse it.
    private func timeRanOut() {
        guard content.chrome.onTimeout == .accept else {
            finish(.timedOut, answered: false)
            return
        }
        switch control.answerAtTimeout() {
        case let .ended(outcome):
            finish(outcome, answered: true)
        case let .refused(reason):
            refusal = reason
            finish(.timedOut, answered: false)
        }
    }

    /// How long input has been quiet at `now`, in whole milliseconds.
    private func quietMilliseconds(at now: Double) -> Int32 {
        Int32(min(max((now - lastInput) * 1000, 0), Double(Deadline.longestWait)))
    }

    /// Applies the decoded events from `nextEvent` on; stops at the first that ends the alert,
    /// or that asks for a stop (the rest wait for `handlePendingEvents`).
    private func processEvents() {
        // The terminal's answers first: they answer what was asked before any of these keys
        // was read, and none is lost when a key ends the alert.
        if nextEvent == 0 { for event in events { takeAnswer(event) } }
        var bell = false
        let frame = appearance.isPlain ? nil : self.frame
        while nextEvent < events.count {
            let event = events[nextEvent]
            nextEvent += 1
            if Self.isAnswer(event) { continue }
            // A message that scrolls takes the keys the control leaves it.
            if let frame, frame.scrollMessage(event, control.state, &messageScroll) { continue }
            switch control.handle(event, in: frame) {
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
        if control.settle() == .bell { bell = true }
        // In the middle of a paste nothing is drawn: a long paste costs one frame, not one a read.
        if !decoder.isPasting { draw() }
        if bell { output += ANSI.bell }
    }

    /// SIGINT's number on Linux (every architecture): what Ctrl-C ends the alert as.
    package static var interruptSignal: Int32 { 2 }

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

    private func resized(to size: TerminalSize) {
        let old = self.size
        self.size = size
        guard !appearance.isPlain else { return }
        restart(resizedFrom: old)
    }

    private func stopping() {
        stopRequested = false
        let stays = control.staysDrawn && outcome?.printsAnswer == true
        output += appearance.isPlain ? control.endPlain() : (stays ? renderer.leave() : renderer.end()) + ANSI.leave
        renderer.invalidate()
        updateCrashReset()
    }

    /// The shell may have reset the terminal and written over the alert meanwhile, so it begins
    /// afresh at the cursor (after a stop from outside, erased first, unless the terminal changed
    /// size meanwhile: then the text moved under it and nothing is erased). Keys read before the
    /// stop are handled after what the driver does next (`handlePendingEvents`).
    private func resumed(size: TerminalSize, resized: Bool) {
        let resized = resized || size != self.size
        self.size = size
        if appearance.isPlain {
            restart()
            return
        }
        let erased = resized ? [] : renderer.end()
        renderer.invalidate()
        draw(after: erased + (erased.isEmpty ? [] : ANSI.leave) + ANSI.pasteOn)
    }

    /// Erases the alert and restores the look (the driver then restores the settings); with
    /// `--keep`, a line saying what was answered takes its place (an info box stays itself).
    package func close() {
        let stays = control.staysDrawn && outcome?.printsAnswer == true
        output += appearance.isPlain ? control.endPlain() : (stays ? renderer.leave() : renderer.end()) + ANSI.leave
        if appearance.keepsAnswer && !stays {
            let ended = outcome ?? .cancelled
            output += KeptLine.bytes(content, answer: control.keptAnswer(ended, content: content), outcome: ended, columns: size.columns)
        }
        decoder.reset()
        clearEvents()
    }

    /// The answer: how the alert ended and what the control answers (wiped unless printed).
    package func response() -> Response {
        control.response(outcome ?? .cancelled)
    }

    // MARK: - Drawing

    /// Draws the control in its frame; `prefix` goes out before it. The frame is made again
    /// when the size changed or it no longer fits the control (a list that grew).
    private func draw(after prefix: [UInt8] = []) {
        drawnAt = now
        drawOwed = false
        if appearance.isPlain {
            output += control.updatePlain(content)
            return
        }
        let roomBelow = renderer.conversation.rowsBelowAnchor(onScreenOf: size.rows)
        let frame: Frame<C.View>
        if let current = self.frame, current.fits(control.state, size: size, roomBelow: roomBelow, view: &view) {
            frame = current
        } else {
            frame = Frame(control.state, content: content, size: size, preferredWidth: appearance.preferredWidth,
                          roomBelow: roomBelow, view: &view)
            self.frame = frame
        }
        let screen = frame.render(control.state, view: &view, messageScroll: messageScroll, countdown: deadline?.countdown(at: now))
        var bytes = renderer.frame(screen)
        if renderer.wipesScreens {
            // Revealed text goes through here: no copy of it may be freed unwiped.
            output.appendWiping(contentsOf: prefix)
            output.appendWiping(contentsOf: bytes)
            bytes.wipeBytes()
        } else {
            output += prefix
            output += bytes
        }
        renderer.conversation.noteAsked(at: now)
        expectAnswers()
        updateCrashReset()
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
            output += control.endPlain() + control.beginPlain(content)
        } else {
            draw(after: renderer.clear(resizedFrom: old, to: old == nil ? nil : size))
        }
    }

    // MARK: - The terminal's answers

    /// Whether answers to questions asked are still owed, and worth waiting for
    /// (`TerminalConversation.owesAnswers`).
    package func owesAnswers(silentAtClose: Bool) -> Bool { renderer.conversation.owesAnswers(silentAtClose: silentAtClose) }
    /// Until when they are waited for.
    package var answersDeadline: Double? { renderer.conversation.answersDeadline }

    /// The decoder reads as answers what the terminal still owes.
    private func expectAnswers() {
        decoder.expectedCursorReports = renderer.conversation.expectedCursorReports
        decoder.expectsTerminalKind = renderer.conversation.expectsTerminalKind
    }

    /// Bytes read while answers are awaited. Before the terminal is given back (`closing`) —
    /// after that they would arrive in the shell's input — keys are dropped: the alert is
    /// closing. Otherwise (before a resize is handled: the answers say where the alert was
    /// before it) keys are kept, to be handled after it (`handlePendingEvents`); returns
    /// whether any came, which ends the wait.
    package func receivedWhileAwaitingAnswers(_ bytes: UnsafeRawBufferPointer, closing: Bool) -> Bool {
        if closing {
            decoder.feed(bytes, moreAvailable: true, into: &lateEvents)
            for event in lateEvents { takeAnswer(event) }
            lateEvents.wipeAndEmpty()
            return false
        }
        decoder.feed(bytes, moreAvailable: true, into: &events)
        for index in events.indices where Self.isAnswer(events[index]) {
            takeAnswer(events[index])
            events[index] = .unknown
        }
        if events.allSatisfy({ $0 == .unknown }) { clearEvents() }
        return hasPendingEvents
    }

    /// The wait for answers is over: those still owed are given up (`closing`: before the
    /// terminal is given back, even when some still are).
    package func stopAwaitingAnswers(closing: Bool) {
        guard renderer.conversation.expectedCursorReports > 0 || closing else { return }
        // Not yet answered at all: the answers may still be on their way (a resize right after
        // the first frame, over a slow link); the anchor's is taken when it comes.
        renderer.forgetReports(keepingAnchor: !closing && !renderer.conversation.hasAnswered)
        expectAnswers()
    }

    /// Hands a terminal's answer to the renderer (other events are not its business). One it
    /// does not take (a key that looks like an answer) leaves the answer still owed: the
    /// decoder expects it again.
    private func takeAnswer(_ event: InputEvent) {
        guard Self.isAnswer(event) else { return }
        if !renderer.take(event) { expectAnswers() }
    }

    private static func isAnswer(_ event: InputEvent) -> Bool {
        switch event {
        case .cursorReport, .terminalKind: return true
        default: return false
        }
    }
}
