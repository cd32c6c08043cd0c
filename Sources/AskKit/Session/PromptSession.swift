import AskRender
import AskLayout
import AskModel
import AskText
import AskMemory
import AskSystem
import CAskSystem

/// Puts an alert on the terminal, runs it until it is answered, and leaves the terminal as it
/// found it. The only place that reads keys and writes frames. (Its state is touched once per
/// event and never in overlapping ways, so it skips the runtime's exclusivity checks.)
package final class PromptSession {
    private let tty: Terminal
    @exclusivity(unchecked) private var state: PromptState
    private let content: AlertContent
    private let appearance: Appearance
    @exclusivity(unchecked) private var layout: AlertLayout
    @exclusivity(unchecked) private var decoder = KeyDecoder()
    @exclusivity(unchecked) private var renderer = ScreenRenderer()
    @exclusivity(unchecked) private var plain = PlainRenderer()
    /// The terminal's size, read again on SIGWINCH (not on every frame).
    private var size: TerminalSize
    /// `--timeout`, on the `MonotonicClock`.
    private var deadline: Deadline?
    /// A terminal hands over at most 4096 bytes per read (the line discipline's buffer).
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 16)
    /// Room for the most events one read can give (`KeyDecoder.mostEvents`), reserved once, so
    /// it never grows (and never leaves an unwiped copy of typed text behind).
    @exclusivity(unchecked) private var events: [InputEvent] = []
    /// Where what is read while the alert closes goes: the answers are taken, the keys dropped
    /// (reserved as `events` is, and wiped).
    @exclusivity(unchecked) private var lateEvents: [InputEvent] = []
    private var signalFD: Int32 = -1
    /// What the crash guard writes now: the alert erased as `end` would, and the look restored.
    private var crashReset: [UInt8] = []
    /// Until when the answers to the terminal reports asked for are waited for, before the
    /// terminal is given back (`MonotonicClock`).
    private var reportsDeadline: Double?

    /// When input last came (`MonotonicClock`): what the decoder has pending is settled by how
    /// long input has been quiet since.
    private var lastInput = 0.0
    /// How long after asking the answer to a report is waited for, at most, before the
    /// terminal is given back (an answer after that would land in the shell's input). Terminals
    /// answer at once; a remote one within a round trip, while the alert is being read.
    static let reportSeconds = 0.5

    /// Opens the controlling terminal. Throws `TerminalError.noTerminal` at once when there is none.
    package init(spec: PromptSpec, appearance: Appearance, pattern: AnswerPattern? = nil) throws(TerminalError) {
        tty = try Terminal()
        var spec = spec
        // Plain output stays in the scrollback: a revealed secret would stay there too.
        if appearance.isPlain { spec.allowsReveal = false }
        state = PromptState(spec: spec, pattern: pattern)
        self.appearance = appearance
        content = AlertContent(spec: spec, charset: appearance.charset, usesColor: appearance.usesColor)
        size = Self.size(of: tty)
        layout = AlertLayout(content: content, size: size, preferredWidth: appearance.preferredWidth)
        renderer.wipesScreens = spec.isSecure && spec.allowsReveal
        events.reserveCapacity(KeyDecoder.mostEvents(forBytes: readBuffer.count))
        lateEvents.reserveCapacity(KeyDecoder.mostEvents(forBytes: readBuffer.count))
    }

    deinit {
        explicit_bzero(readBuffer.baseAddress!, readBuffer.count)
        readBuffer.deallocate()
    }

    /// Runs the alert to its end. The terminal is restored before this returns, whatever happened.
    package func run() throws(TerminalError) -> Response {
        if state.spec.isSecure { _ = ProcessHygiene.enter(permanently: true) }
        deadline = state.spec.timeout.map { Deadline(seconds: $0, after: MonotonicClock.now) }
        signalFD = Signals.install(secret: state.spec.isSecure)
        try tty.enterRawMode()
        // Plain output writes no escape sequence at all, not even bracketed paste.
        crashReset = appearance.isPlain ? Array("\r\n".utf8) : ANSI.leave
        Signals.armCrashGuard(terminal: tty, reset: crashReset)
        if appearance.isPlain { tty.write(plain.begin(content, state)) }
        draw(after: appearance.isPlain ? [] : ANSI.pasteOn)  // one write for the first paint

        var outcome: Outcome?
        while outcome == nil {
            if let deadline, deadline.hasPassed(at: MonotonicClock.now) {
                outcome = .timedOut
                break
            }
            var descriptors = [pollfd(fd: tty.fd, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&descriptors, 2, pollTimeout())
            if ready < 0 {
                if SystemError.last == .interrupted { continue }
                outcome = .interrupted(signal: SIGHUP)
                break
            }
            if ready == 0 {
                if let quiet = quietMilliseconds(), quiet >= decoder.quietMillisecondsNeeded ?? .max {
                    // Nothing followed: a lone ESC is the Escape key, a paste is over.
                    decoder.inputWentQuiet(milliseconds: quiet, into: &events)
                    outcome = processEvents()
                } else {
                    draw()  // the countdown ticked
                }
                continue
            }
            if descriptors[1].revents & Int16(POLLIN) != 0 {
                for signal in Signals.drain(signalFD) where outcome == nil { outcome = handle(signal: signal) }
                if outcome != nil { break }
            }
            if descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                let count = read(tty.fd, readBuffer.baseAddress, readBuffer.count)
                if count > 0 {
                    lastInput = MonotonicClock.now
                    decoder.feed(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]), moreAvailable: true, into: &events)
                    explicit_bzero(readBuffer.baseAddress!, count)
                    outcome = processEvents()
                } else if count == 0 || (SystemError.last != .interrupted && SystemError.last != .wouldBlock) {
                    outcome = .interrupted(signal: SIGHUP)  // the terminal hung up
                }
            }
        }
        leave()
        Signals.uninstall()  // from here a signal ends the process at once, until the caller holds them
        // One that came after the loop last looked (while the alert closed) still ends it:
        // nothing has been written yet.
        if let late = Signals.lateTermination(signalFD), outcome?.isInterrupted == false {
            outcome = .interrupted(signal: late)
        }
        decoder.reset()
        let response = Response(outcome: outcome!, text: state.editor.text)
        if !response.outcome.printsAnswer { response.wipe() }
        return response
    }

    /// How long input has been quiet, in whole milliseconds, when the decoder waits for quiet.
    private func quietMilliseconds() -> Int32? {
        guard decoder.quietMillisecondsNeeded != nil else { return nil }
        return Int32(min(max((MonotonicClock.now - lastInput) * 1000, 0), Double(Deadline.longestWait)))
    }

    /// How long poll may wait: until input has been quiet long enough to settle what the
    /// decoder has pending (the rest of an escape sequence, a paste's end), else until the
    /// countdown's next tick or the deadline, else for ever.
    private func pollTimeout() -> Int32 {
        var wait: Int32 = -1
        if let needed = decoder.quietMillisecondsNeeded, let quiet = quietMilliseconds() {
            wait = Int32(max(needed - quiet, 0))
        }
        guard let deadline else { return wait }
        let tick = deadline.wait(at: MonotonicClock.now)
        return wait < 0 ? tick : min(tick, wait)
    }

    /// Whole seconds left, once the countdown shows.
    private var countdown: Int? { deadline?.countdown(at: MonotonicClock.now) }

    /// Applies the decoded events; stops at the first that ends the alert.
    private func processEvents() -> Outcome? {
        defer { clearEvents() }
        var bell = false
        // The terminal's answers first: they answer what was asked before any of these keys
        // was read, and none is lost when a key ends the alert.
        for event in events { takeReport(event) }
        for event in events where !Self.isReport(event) {
            switch state.handle(event, buttonOrder: appearance.isPlain ? PlainRenderer.buttonOrder(of: state.spec) : layout.buttonOrder) {
            case .proceed: break
            case .bell: bell = true
            case .redraw:
                restart()
            case .suspend: if let outcome = suspend() { return outcome }
            case .interrupt:
                if appearance.isPlain { draw() }
                return .interrupted(signal: SIGINT)
            case let .finish(outcome):
                // Plain output stays on the screen: show the line as it was answered.
                if appearance.isPlain { draw() }
                return outcome
            }
        }
        if state.hasPendingPaste && state.flushPaste() == .bell { bell = true }
        // In the middle of a paste nothing is drawn: a long paste costs one frame, not one a read.
        if !decoder.isPasting { draw() }
        if bell { tty.write(ANSI.bell) }
        return nil
    }

    /// Empties the events, wiping them first (typed text passes through them).
    private func clearEvents() { Self.clear(&events) }

    private static func clear(_ events: inout [InputEvent]) {
        events.withUnsafeMutableBytes { if let base = $0.baseAddress { explicit_bzero(base, $0.count) } }
        events.removeAll(keepingCapacity: true)
    }

    private func handle(signal: Int32) -> Outcome? {
        switch signal {
        case SIGWINCH:
            let old = size
            size = Self.size(of: tty)
            guard !appearance.isPlain else { break }
            // Within the handling of keys (a stop's signals, say), those keys are still in
            // `events`: nothing is read then.
            let amongKeys = !events.isEmpty
            if !amongKeys { awaitReports(closing: false) }
            restart(resizedFrom: old)
            if !amongKeys && !events.isEmpty { return processEvents() }  // keys read while waiting
        case SIGTSTP:
            return suspend()
        case SIGCONT:
            resume()
        default:
            return .interrupted(signal: signal)
        }
        return nil
    }

    /// Ctrl-Z: give the terminal back as it was and stop. Once continued — or at once, when
    /// the kernel discards the stop because no shell could continue us (an orphaned process
    /// group) — the alert comes back.
    private func suspend() -> Outcome? {
        awaitReports(closing: true)
        tty.write(appearance.isPlain ? plain.end() : renderer.end() + ANSI.leave)
        renderer.invalidate()
        updateCrashGuard()
        tty.restore()
        Signals.stopSelf()
        resume()
        var outcome: Outcome?
        for signal in Signals.drain(signalFD) where signal != SIGCONT && outcome == nil {
            outcome = handle(signal: signal)
        }
        return outcome
    }

    /// Back from a stop (ours or anyone's): the shell may have reset the terminal and written
    /// over the alert meanwhile, so it begins afresh at the anchor (after a stop from outside,
    /// erased first). Raw mode is set again only when it is gone: setting it flushes input, and
    /// after a stop and continue from outside, keys typed meanwhile are waiting.
    private func resume() {
        size = Self.size(of: tty)
        if !tty.isStillRaw { try? tty.enterRawMode() }
        if appearance.isPlain {
            restart()
            return
        }
        let erased = renderer.end()
        renderer.invalidate()
        draw(after: erased + (erased.isEmpty ? [] : ANSI.leave) + ANSI.pasteOn)
    }

    /// Draws the state; `prefix` goes out in the same write, before the frame.
    private func draw(after prefix: [UInt8] = []) {
        if appearance.isPlain {
            tty.write(plain.update(content, state))
            return
        }
        if size != layout.size {
            let scroll = layout.fieldScroll
            layout = AlertLayout(content: content, size: size, preferredWidth: appearance.preferredWidth)
            layout.fieldScroll = scroll
        }
        let screen = layout.render(state, countdown: countdown)
        var bytes = renderer.frame(screen)
        if prefix.isEmpty { tty.write(bytes) } else { tty.write(prefix + bytes) }
        if renderer.wipesScreens { bytes.withUnsafeMutableBytes { if let base = $0.baseAddress { explicit_bzero(base, $0.count) } } }
        noteReportsAskedFor()
        updateCrashGuard()
    }

    /// Has the crash guard write what `end` would now, then restore the look.
    private func updateCrashGuard() {
        guard !appearance.isPlain else { return }
        let reset = renderer.closing + ANSI.leave
        if reset != crashReset {
            crashReset = reset
            Signals.updateCrashGuard(reset: reset)
        }
    }

    /// Erases the alert, puts the cursor back, restores the settings.
    private func leave() {
        awaitReports(closing: true)
        tty.write(appearance.isPlain ? plain.end() : renderer.end() + ANSI.leave)
        tty.restore()
        Signals.disarmCrashGuard()
    }

    /// After a write: the decoder expects the answers to the reports the renderer asked for, and
    /// they are waited for until a while after the last was asked.
    private func noteReportsAskedFor() {
        let expected = renderer.expectedCursorReports
        if expected > decoder.expectedCursorReports || (renderer.awaitsTerminalKind && !decoder.expectsTerminalKind) {
            reportsDeadline = MonotonicClock.now + Self.reportSeconds
        }
        decoder.expectedCursorReports = expected
        decoder.expectsTerminalKind = renderer.awaitsTerminalKind
    }

    /// Hands a terminal's answer to the renderer (other events are not its business).
    private func takeReport(_ event: InputEvent) {
        switch event {
        case let .cursorReport(row, column): renderer.cursorReported(row: row, column: column)
        case let .terminalKind(kind): renderer.terminalKindReported(kind)
        default: break
        }
    }

    private static func isReport(_ event: InputEvent) -> Bool {
        switch event {
        case .cursorReport, .terminalKind: return true
        default: return false
        }
    }

    /// Waits, until their deadline, for the answers to the reports asked for. Before the
    /// terminal is given back (`closing`) — after that they would arrive in the shell's input —
    /// keys read meanwhile are dropped: the alert is closing. Before a resize is handled (the
    /// answers say where the alert was before it; `events` is empty), a read that brings keys
    /// ends the wait, and they stay in `events`, to be handled after it. Signals wait for the
    /// loop.
    private func awaitReports(closing: Bool) {
        while renderer.expectedCursorReports > 0, let deadline = reportsDeadline {
            if !closing && !events.isEmpty { return }
            let left = deadline - MonotonicClock.now
            var descriptor = pollfd(fd: tty.fd, events: Int16(POLLIN), revents: 0)
            let ready = left > 0 ? poll(&descriptor, 1, Int32((left * 1000).rounded(.up))) : 0
            if ready < 0 && SystemError.last == .interrupted { continue }
            guard ready > 0 else { break }
            let count = read(tty.fd, readBuffer.baseAddress, readBuffer.count)
            guard count > 0 else { break }
            let bytes = UnsafeRawBufferPointer(rebasing: readBuffer[0..<count])
            if closing {
                decoder.feed(bytes, moreAvailable: true, into: &lateEvents)
                for event in lateEvents { takeReport(event) }
                Self.clear(&lateEvents)
            } else {
                decoder.feed(bytes, moreAvailable: true, into: &events)
                for index in events.indices where Self.isReport(events[index]) {
                    takeReport(events[index])
                    events[index] = .unknown
                }
                if events.allSatisfy({ $0 == .unknown }) { clearEvents() }
            }
            explicit_bzero(readBuffer.baseAddress!, count)
        }
        guard renderer.expectedCursorReports > 0 || closing else { return }
        renderer.forgetReports()
        reportsDeadline = nil
        decoder.expectedCursorReports = 0
        decoder.expectsTerminalKind = false
    }

    /// Draws everything again where it is (Ctrl-L), or after the terminal changed size from
    /// `old`: the plain lines again, or the alert erased and drawn anew in its place.
    private func restart(resizedFrom old: TerminalSize? = nil) {
        if appearance.isPlain {
            tty.write(plain.end() + plain.begin(content, state))
        } else {
            draw(after: renderer.clear(resizedFrom: old, to: old == nil ? nil : size))
        }
    }

    /// The terminal's size, as the layout takes it.
    private static func size(of terminal: Terminal) -> TerminalSize {
        let size = terminal.size()
        return TerminalSize(rows: size.rows, columns: size.columns)
    }
}
