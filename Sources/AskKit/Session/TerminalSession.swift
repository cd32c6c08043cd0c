import AskLayout
import AskMemory
import AskModel
import AskSession
import AskSystem
import AskText

/// `AlertController` with a terminal, a clock and signals: puts the alert on the terminal, runs
/// it until it is answered, and leaves the terminal as it found it. The only place that reads
/// keys and writes frames.
package final class TerminalSession {
    private let terminal: Terminal
    private let controller: AlertController
    /// A terminal hands over at most `AlertController.readSize` bytes per read.
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: AlertController.readSize, alignment: 16)
    /// The signal pipe's read end, while the alert runs.
    private var signalPipe: Descriptor?
    /// What the crash guard writes now.
    private var crashReset: [UInt8] = []
    /// Where an action sheet's list is read from while it shows (nil: none, or read to its end);
    /// a file the presentation opened is closed once it is let go.
    private var choices: Descriptor?
    /// The list is read in pieces this large.
    private static let choicesReadSize = 65536
    /// `permanently`: process hygiene stays as the alert left it (the command line, which
    /// exits soon after); otherwise it is put back once the alert is closed.
    private let keepsHygiene: Bool
    /// A pinentry's client, watched while the alert shows (nil: none). `peerInput` is read by
    /// `peerReadable` when it can be and `peerWantsInput` says so; `peerOutput`'s reader going
    /// away ends the alert as SIGHUP would, and `peerGone` says so.
    package var peerInput: Descriptor?
    package var peerOutput: Descriptor?
    package var peerWantsInput: () -> Bool = { true }
    package var peerReadable: (() -> Void)?
    package private(set) var peerGone = false
    /// Has the first field's text rated as it changes (a pinentry's quality inquiry): its
    /// bytes in; false when no rating can be asked for now (it is asked again after the next
    /// event). The rating comes back through `setQuality`.
    package var rate: ((UnsafeRawBufferPointer) -> Bool)?
    /// The first field's text revision last rated.
    private var ratedRevision = 0

    /// What the loop waits on.
    private enum Source { case terminal, signals, choices, peer, peerGone }

    /// Opens the terminal at `path` (the controlling one by default). Throws at once when
    /// there is none.
    package init(spec: PromptSpec, appearance: Appearance, timeout: Double? = nil, patterns: [AnswerPattern?] = [],
                 terminalPath: String = "/dev/tty", choices: Descriptor? = nil, keepsHygiene: Bool) throws(TerminalError) {
        terminal = try Terminal(path: terminalPath)
        self.choices = choices
        controller = AlertController(spec: spec, appearance: appearance, size: Self.size(of: terminal), timeout: timeout,
                                     patterns: patterns)
        self.keepsHygiene = keepsHygiene
    }

    deinit {
        Memory.wipe(readBuffer)
        readBuffer.deallocate()
    }

    /// Runs the alert to its end. The terminal is restored before this returns, whatever happened.
    package func run() throws(TerminalError) -> Response {
        let secret = controller.state.spec.hasSecret
        let hygiene = secret ? ProcessHygiene.enter(permanently: keepsHygiene) : nil
        defer { hygiene?.leave() }
        let signalPipe = Signals.install(secret: secret)
        self.signalPipe = signalPipe
        do throws(TerminalError) {
            try terminal.enterRawMode()
        } catch {
            Signals.uninstall()
            throw error
        }
        crashReset = controller.crashReset
        Signals.armCrashGuard(terminal: terminal, reset: crashReset)
        controller.start(now: MonotonicClock.now)
        flush()

        while controller.outcome == nil {
            let now = MonotonicClock.now
            if controller.hasTimedOut(at: now) {
                controller.waited(until: now)
                break
            }
            var watches = [Poll.Watch(terminal.descriptor, as: Source.terminal), Poll.Watch(signalPipe, as: .signals)]
            if let choices { watches.append(Poll.Watch(choices, as: .choices)) }
            if let peerInput, peerWantsInput() { watches.append(Poll.Watch(peerInput, as: .peer)) }
            if let peerOutput { watches.append(Poll.Watch(peerOutput, for: .hangUp, as: .peerGone)) }
            switch Poll.wait(for: watches, milliseconds: controller.wait(at: now)) {
            case let .failure(error):
                if error != .interrupted { controller.interrupted(by: Signals.hangUp) }
            case .success(nil):
                controller.waited(until: MonotonicClock.now)
            case let .success(ready?):
                if ready.contains(.signals) { handleSignals() }
                if ready.contains(.terminal) && controller.outcome == nil { readKeys() }
                if ready.contains(.choices) && controller.outcome == nil { readChoices() }
                if ready.contains(.peer) && controller.outcome == nil { peerReadable?() }
                if ready.contains(.peerGone) && controller.outcome == nil {
                    peerGone = true
                    controller.interrupted(by: Signals.hangUp)
                }
            }
            // What time settles is settled even while input never stops (an endless list):
            // a lone ESC, a paste gone quiet, the countdown's tick.
            let after = MonotonicClock.now
            if controller.outcome == nil && controller.wait(at: after) == 0 { controller.waited(until: after) }
            if rate != nil { rateIfEdited() }
            flush()
            if controller.stopRequested { stop() }
        }
        close()
        Signals.uninstall()  // from here a signal ends the process at once, until the caller holds them
        // One that came after the loop last looked (while the alert closed) still ends it:
        // nothing has been written yet.
        if let late = Signals.lateTermination(signalPipe), controller.outcome?.isInterrupted == false {
            controller.interrupted(by: late)
        }
        return controller.response()
    }

    /// Reads what the terminal sent; a hang-up ends the alert as SIGHUP would.
    private func readKeys() {
        switch terminal.descriptor.read(into: readBuffer) {
        case let .success(count) where count > 0:
            controller.received(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]), at: MonotonicClock.now)
            Memory.wipe(readBuffer.baseAddress, count: count)
        case let .failure(error) where error == .interrupted || error == .wouldBlock:
            break
        default:
            controller.interrupted(by: Signals.hangUp)  // the terminal hung up
        }
    }

    /// Has the first field's text rated when it changed since last time (not its repeat entry).
    private func rateIfEdited() {
        guard controller.outcome == nil, let rate, let field = controller.state.fields.first,
              field.revision != ratedRevision, !field.isRepeating else { return }
        if field.editor.text.withBytes({ rate($0) }) { ratedRevision = field.revision }
    }

    /// How good the first field's text is, as whoever rates it says.
    package func setQuality(_ quality: Int?) {
        controller.setQuality(quality, ofField: 0)
    }

    /// What was wrong with an action sheet's list, which ended the sheet.
    package var sheetProblem: SheetProblem? { controller.sheetProblem }
    /// Why the list could not be read (`sheetProblem` is then `.unreadable`).
    package private(set) var choicesError: SystemError?

    /// Reads what has arrived of the sheet's list; at its end the list is complete, and once it
    /// is full it reads no more.
    private func readChoices() {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.choicesReadSize, alignment: 16)
        defer { buffer.deallocate() }
        guard let choices else { return }
        switch choices.read(into: buffer) {
        case let .success(count) where count > 0:
            controller.receivedChoices(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), at: MonotonicClock.now)
            if !controller.loadsChoices { stopReadingChoices() }
        case let .failure(error) where error == .interrupted || error == .wouldBlock:
            break
        case .success:
            stopReadingChoices()
            controller.choicesEnded(at: MonotonicClock.now)
        case let .failure(error):
            stopReadingChoices()
            choicesError = error
            controller.choicesFailed(at: MonotonicClock.now)
        }
    }

    private func stopReadingChoices() {
        choices = nil
    }

    private func handle(_ signal: Int32) {
        handle(signal, resizedToo: false)
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
            controller.resized(to: Self.size(of: terminal))
            if !amongKeys { controller.handlePendingEvents() }  // keys read while waiting
        case Signals.terminalStop:
            stop()
        case Signals.continued:
            resume(resized: resizedToo)
        default:
            controller.interrupted(by: signal)
        }
        flush()
    }

    /// Ctrl-Z (or SIGTSTP from outside): gives the terminal back as it was and stops. Once
    /// continued — or at once, when the kernel discards the stop because no shell could
    /// continue us (an orphaned process group) — the alert comes back, and the keys read
    /// before the stop are handled.
    private func stop() {
        awaitAnswers(closing: true)
        controller.prepareToStop()
        flush()
        terminal.restore()
        Signals.stopSelf()
        resume()
        for signal in signalPipe.map(Signals.drain) ?? [] where signal != Signals.continued && controller.outcome == nil {
            handle(signal)
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
        controller.resumed(size: Self.size(of: terminal), resized: resized, at: MonotonicClock.now)
        flush()
    }

    /// Erases the alert, puts the cursor back, restores the settings.
    private func close() {
        awaitAnswers(closing: true)
        controller.close()
        flush()
        terminal.restore()
        Signals.disarmCrashGuard()
    }

    /// Writes what the controller has to write, and keeps the crash guard up to date.
    private func flush() {
        controller.flush { terminal.write($0) }
        if controller.crashReset != crashReset {
            crashReset = controller.crashReset
            Signals.updateCrashGuard(reset: crashReset)
        }
    }

    /// Waits, until their deadline, for the answers to the reports the alert asked for (see
    /// `AlertController.receivedWhileAwaitingAnswers`). Signals wait for the loop.
    private func awaitAnswers(closing: Bool) {
        while controller.owesAnswers, let deadline = controller.answersDeadline {
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
