import AskLayout
import AskMemory
import AskModel
import AskSession
import AskSystem
import AskText

/// `AlertController` with a terminal, a clock and signals: puts the alert on the terminal, runs
/// it until it is answered, and leaves the terminal as it found it. The only place that reads
/// keys and writes frames.
///
/// `run()` does it all. A driver with a conversation of its own beside the alert (a pinentry's
/// client) runs the same loop a turn at a time — `open()`, `step(alsoWatching:)` until
/// `isFinished`, `close()` — watching its own descriptors in the same wait and handing what they
/// bring to the controller as inputs (`handle`).
package final class TerminalSession<C: Control> {
    private let terminal: Terminal
    private let controller: AlertController<C>
    /// A terminal hands over at most `AlertController.readSize` bytes per read.
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: AlertController<C>.readSize, alignment: 16)
    /// The signal pipe's read end, while the alert runs.
    private var signalPipe: Descriptor?
    /// What the crash guard writes now.
    private var crashReset: [UInt8] = []
    /// The control's source, read while the alert shows (nil: none, or read to its end, or no
    /// more wanted); a file the presentation opened is closed once it is let go.
    private var source: Descriptor?
    /// The source is read in pieces this large.
    private static var sourceReadSize: Int { 65536 }
    /// `permanently`: process hygiene stays as the alert left it (the command line, which
    /// exits soon after); otherwise it is put back once the alert is closed.
    private let keepsHygiene: Bool
    private var hygiene: ProcessHygiene?
    /// The terminal has sent something (keys, answers) since the alert began.
    private var heard = false
    /// Why the source could not be read (the control's problem then says it could not).
    package private(set) var sourceError: SystemError?

    /// What the loop waits on: its own descriptors, and the driver's.
    private enum Watched<Name> {
        case terminal, signals, source
        case driver(Name)
    }

    /// Opens the terminal at `path` (the controlling one by default). Throws at once when
    /// there is none.
    package init(control: C, appearance: Appearance, timeout: Double? = nil, terminalPath: String = "/dev/tty",
                 source: Descriptor? = nil, keepsHygiene: Bool) throws(TerminalError) {
        terminal = try Terminal(path: terminalPath)
        self.source = source
        controller = AlertController(control: control, appearance: appearance, size: Self.size(of: terminal), timeout: timeout)
        self.keepsHygiene = keepsHygiene
    }

    deinit {
        Memory.wipe(readBuffer)
        readBuffer.deallocate()
    }

    /// The alert's control, as it stands.
    package var control: C { controller.control }
    /// Why the control ended the alert by itself, if it did.
    package var problem: C.Problem? { controller.problem }
    /// Why the rules refused what stood when the time ran out (`--on-timeout accept`).
    package var refusal: String? { controller.refusal }
    /// Whether the alert has ended.
    package var isFinished: Bool { controller.outcome != nil }

    /// Runs the alert to its end. The terminal is restored before this returns, whatever happened.
    package func run() throws(TerminalError) -> Response {
        try open()
        while !isFinished { _ = step(alsoWatching: [Poll.Watch<Int>]()) }
        return close()
    }

    /// Puts the terminal in raw mode, catches the signals and draws the first frame.
    package func open() throws(TerminalError) {
        if control.holdsSecret { hygiene = ProcessHygiene.enter(permanently: keepsHygiene) }
        let signalPipe = Signals.install(secret: control.holdsSecret)
        self.signalPipe = signalPipe
        do throws(TerminalError) {
            try terminal.enterRawMode()
        } catch {
            Signals.uninstall()
            hygiene?.leave()
            hygiene = nil
            throw error
        }
        crashReset = controller.crashReset
        Signals.armCrashGuard(terminal: terminal, reset: crashReset)
        controller.start(now: MonotonicClock.now)
        flush()
    }

    /// One turn of the loop: waits for keys, signals, the control's source and the driver's
    /// `extra` descriptors (until what the time settles), hands what came to the controller and
    /// writes what it has to write. Returns the driver's descriptors that are ready, for it to
    /// read (and to hand what they bring to `handle`).
    package func step<Name>(alsoWatching extra: [Poll.Watch<Name>]) -> [Name] {
        guard let signalPipe, controller.outcome == nil else { return [] }
        let now = MonotonicClock.now
        if controller.hasTimedOut(at: now) {
            controller.handle(.tick, at: now)
            flush()
            return []
        }
        var watches = [Poll.Watch(terminal.descriptor, as: Watched<Name>.terminal), Poll.Watch(signalPipe, as: .signals)]
        if let source { watches.append(Poll.Watch(source, as: .source)) }
        for watch in extra { watches.append(Poll.Watch(watch.descriptor, for: watch.interest, as: .driver(watch.name))) }
        var ready: [Name] = []
        switch Poll.wait(for: watches, milliseconds: controller.wait(at: now)) {
        case let .failure(error):
            if error != .interrupted { controller.handle(.interrupted(signal: Signals.hangUp), at: MonotonicClock.now) }
        case .success(nil):
            controller.handle(.tick, at: MonotonicClock.now)
        case let .success(names?):
            var keys = false, signals = false, list = false
            for name in names {
                switch name {
                case .terminal: keys = true
                case .signals: signals = true
                case .source: list = true
                case let .driver(name): ready.append(name)
                }
            }
            if signals { handleSignals() }
            if keys && controller.outcome == nil { readKeys() }
            if list && controller.outcome == nil { readSource() }
        }
        // What time settles is settled even while input never stops (an endless list): a lone
        // ESC, a paste gone quiet, the countdown's tick.
        let after = MonotonicClock.now
        if controller.outcome == nil && controller.wait(at: after) == 0 { controller.handle(.tick, at: after) }
        flush()
        if controller.stopRequested { stop() }
        return controller.outcome == nil ? ready : []
    }

    /// An input of the driver's (a client's rating, or the client gone), at once.
    package func handle(_ input: AlertController<C>.Input) {
        controller.handle(input, at: MonotonicClock.now)
        flush()
    }

    /// Erases the alert, puts the cursor back, restores the settings, puts the signals back;
    /// the answer.
    package func close() -> Response {
        awaitAnswers(closing: true)
        controller.close()
        flush()
        terminal.restore()
        Signals.disarmCrashGuard()
        Signals.uninstall()  // from here a signal ends the process at once, until the caller holds them
        // One that came after the loop last looked (while the alert closed) still ends it:
        // nothing has been written yet.
        if let signalPipe, let late = Signals.lateTermination(signalPipe), controller.outcome?.isInterrupted == false {
            controller.handle(.interrupted(signal: late), at: MonotonicClock.now)
        }
        signalPipe = nil
        source = nil
        hygiene?.leave()
        hygiene = nil
        return controller.response()
    }

    /// Reads what the terminal sent; a hang-up ends the alert as SIGHUP would.
    private func readKeys() {
        switch terminal.descriptor.read(into: readBuffer) {
        case let .success(count) where count > 0:
            heard = true
            controller.handle(.terminal(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count])), at: MonotonicClock.now)
            Memory.wipe(readBuffer.baseAddress, count: count)
        case let .failure(error) where error == .interrupted || error == .wouldBlock:
            break
        default:
            controller.handle(.interrupted(signal: Signals.hangUp), at: MonotonicClock.now)  // the terminal hung up
        }
    }

    /// Reads what has arrived of the control's source; at its end the control is told, and
    /// once it wants no more (a full list) nothing more is read.
    private func readSource() {
        guard let source else { return }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.sourceReadSize, alignment: 16)
        defer { buffer.deallocate() }
        switch source.read(into: buffer) {
        case let .success(count) where count > 0:
            controller.handle(.source(.bytes(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))), at: MonotonicClock.now)
            if !controller.readsSource { self.source = nil }
        case let .failure(error) where error == .interrupted || error == .wouldBlock:
            break
        case .success:
            self.source = nil
            controller.handle(.source(.ended), at: MonotonicClock.now)
        case let .failure(error):
            self.source = nil
            sourceError = error
            controller.handle(.source(.failed), at: MonotonicClock.now)
        }
    }

    private func handleSignals() {
        guard let signalPipe else { return }
        let signals = Signals.drain(signalPipe)
        // A continue with a resize beside it: the terminal changed size while stopped.
        let resized = signals.contains(Signals.windowChanged)
        for signal in signals where controller.outcome == nil { handle(signal, resizedToo: resized) }
    }

    private func handle(_ signal: Int32, resizedToo: Bool) {
        switch signal {
        case Signals.windowChanged:
            // Within the keys of a stop, those keys are still to be handled: nothing is read then.
            let amongKeys = controller.hasPendingEvents
            if !amongKeys { awaitAnswers(closing: false) }
            controller.handle(.resized(Self.size(of: terminal)), at: MonotonicClock.now)
            if !amongKeys { controller.handlePendingEvents() }  // keys read while waiting
        case Signals.terminalStop:
            stop()
        case Signals.continued:
            resume(resized: resizedToo)
        default:
            controller.handle(.interrupted(signal: signal), at: MonotonicClock.now)
        }
        flush()
    }

    /// Ctrl-Z (or SIGTSTP from outside): gives the terminal back as it was and stops. Once
    /// continued — or at once, when the kernel discards the stop because no shell could
    /// continue us (an orphaned process group) — the alert comes back, and the keys read
    /// before the stop are handled.
    private func stop() {
        awaitAnswers(closing: true)
        controller.handle(.stopping, at: MonotonicClock.now)
        flush()
        terminal.restore()
        Signals.stopSelf()
        resume()
        for signal in signalPipe.map(Signals.drain) ?? [] where signal != Signals.continued && controller.outcome == nil {
            handle(signal, resizedToo: false)
        }
        controller.handlePendingEvents()
        flush()
        if controller.stopRequested { stop() }
    }

    /// Back from a stop (ours or anyone's). Raw mode is set again only when it is gone:
    /// setting it flushes input, and after a stop and continue from outside, keys typed
    /// meanwhile are waiting.
    private func resume(resized: Bool = false) {
        if !terminal.isStillRaw { try? terminal.enterRawMode() }
        controller.handle(.resumed(Self.size(of: terminal), resized: resized), at: MonotonicClock.now)
        flush()
    }

    /// Writes what the controller has to write, and keeps the crash guard up to date.
    private func flush() {
        controller.flush { terminal.write($0) }
        if controller.crashReset != crashReset {
            crashReset = controller.crashReset
            Signals.updateCrashGuard(reset: crashReset)
        }
    }

    /// Waits, until their deadline, for the answers to the questions the alert asked the
    /// terminal (see `AlertController.receivedWhileAwaitingAnswers`): before it is given back
    /// (`closing`), even from a terminal that has not answered yet when it has sent nothing at
    /// all (`TerminalConversation.owesAnswers`). Signals wait for the loop.
    private func awaitAnswers(closing: Bool) {
        while controller.owesAnswers(silentAtClose: closing && !heard), let deadline = controller.answersDeadline {
            let left = deadline - MonotonicClock.now
            guard left > 0 else { break }
            switch Poll.wait(forInputOn: terminal.descriptor, milliseconds: Int32((left * 1000).rounded(.up))) {
            case .failure(.interrupted): continue
            case .success(true):
                guard case let .success(count) = terminal.descriptor.read(into: readBuffer), count > 0 else { break }
                let keys = controller.receivedWhileAwaitingAnswers(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]),
                                                                    closing: closing)
                Memory.wipe(readBuffer.baseAddress, count: count)
                if keys { return }
                continue
            default:
                break
            }
            break
        }
        controller.stopAwaitingAnswers(closing: closing)
    }

    /// The terminal's size, as the layout takes it.
    private static func size(of terminal: Terminal) -> TerminalSize {
        let size = terminal.size()
        return TerminalSize(rows: size.rows, columns: size.columns)
    }
}
