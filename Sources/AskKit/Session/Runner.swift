import CAskSystem

/// How `ask` ends: a response to print, or a message for stderr and an exit status.
public enum Completion {
    case respond(Response)
    case fail(message: String, status: Int32)
}

/// Chooses how to get the answer — the alert on the terminal, a line from stdin, or
/// `--value` — and gets it. Never hangs without a terminal.
public enum Runner {
    public static func run(_ spec: PromptSpec, environment: Environment) -> Completion {
        let fallback: Fallback
        if let chosen = spec.fallback {
            fallback = chosen
        } else if let variable = environment["ASK_FALLBACK"], !variable.isEmpty {
            guard let chosen = Fallback(rawValue: variable) else {
                let choices = Fallback.allCases.map { $0.rawValue }.joined(separator: ", ")
                return .fail(message: "invalid ASK_FALLBACK '\(variable)' (choose from: \(choices))", status: ExitStatus.usage)
            }
            fallback = chosen
        } else {
            fallback = .fail
        }
        if spec.readsStandardInput { return fromStandardInput(spec) }
        do {
            let session = try PromptSession(spec: spec, appearance: .from(environment: environment, spec: spec))
            return .respond(try session.run())
        } catch {
            guard case let .noTerminal(reason) = error else { return .fail(message: error.message, status: error.exitStatus) }
            switch fallback {
            case .fail:
                return .fail(message: "no terminal to prompt on (/dev/tty: \(reason)); "
                                 + "use --fallback stdin or --fallback value, or set ASK_FALLBACK", status: ExitStatus.noTerminal)
            case .stdin:
                return fromStandardInput(spec)
            case .value:
                var value = PromptState.asPasted(spec.value)
                return value.withUTF8 { judged(NonInteractiveAnswer.judge(UnsafeRawBufferPointer($0), for: spec)) }
            }
        }
    }

    /// One line from stdin, within `--timeout` and `LineReader.maximumLineBytes`; end of file
    /// before any byte cancels. A secret gets the same care as when typed in the alert: no core
    /// dumps, and when stdin is a terminal, no echo (put back on every way out, and while
    /// stopped by Ctrl-Z).
    static func fromStandardInput(_ spec: PromptSpec) -> Completion {
        if spec.isSecure { SecretHygiene.enter() }
        let silenced = spec.isSecure ? EchoOff(fd: 0) : nil
        // Only the signals that end it and stop it: a `read`-style prompt keeps the rest as they were.
        let caught = silenced != nil ? Signals.terminating + [SIGTSTP, SIGCONT] : []
        let signals = caught.isEmpty ? nil : Signals.install(caught, secret: true)
        var result = LineReader.readLine(from: 0, deadline: spec.timeout.map { Deadline(seconds: $0, after: MonotonicClock.now).time }, signals: signals,
                                         jobControl: silenced.map { echo in { echo.follow($0) } })
        silenced?.restore()
        if let signals {
            Signals.uninstall(caught)
            // One that came after the read ended still ends it: nothing has been written yet.
            if let late = Signals.lateTermination(signals) {
                if case let .line(bytes) = result { bytes.wipe() }
                result = .interrupted(late)
            }
        }
        switch result {
        case let .interrupted(signal):
            return .respond(Response(nothing: .interrupted(signal: signal)))
        case let .line(bytes):
            defer { bytes.wipe() }
            return judged(NonInteractiveAnswer.judge(bytes.bytes, for: spec))
        case .endOfFile:
            return .fail(message: "cancelled: standard input ended before an answer", status: ExitStatus.cancelled)
        case .tooLong:
            return .fail(message: "answer refused: the line on standard input is longer than \(LineReader.maximumLineBytes) bytes",
                         status: ExitStatus.invalidAnswer)
        case .timedOut:
            return .respond(Response(nothing: .timedOut))
        case let .failed(code):
            return .fail(message: "cannot read standard input: \(Errno.describe(code))", status: ExitStatus.ioError)
        }
    }

    /// Echo turned off on a terminal, for a secret typed at a plain `read`-style prompt.
    final class EchoOff {
        private let fd: Int32
        private var saved = termios()
        private var active = false

        /// Nil unless `fd` is a terminal.
        init?(fd: Int32) {
            guard isatty(fd) == 1, tcgetattr(fd, &saved) == 0 else { return nil }
            self.fd = fd
            silence()
        }

        private func silence() {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ECHONL)
            active = tcsetattr(fd, TCSANOW, &quiet) == 0
        }

        func restore() {
            guard active else { return }
            tcsetattr(fd, TCSANOW, &saved)
            active = false
        }

        /// Ctrl-Z: the echo comes back for the shell while stopped, and goes again once
        /// continued. Continued after a stop that could not be caught (SIGSTOP), the echo goes
        /// again too: the shell may have put it back meanwhile.
        func follow(_ signal: Int32) {
            switch signal {
            case SIGTSTP:
                restore()
                Signals.stopSelf()
                silence()
            case SIGCONT:
                silence()
            default:
                break
            }
        }

        deinit { restore() }
    }

    private static func judged(_ result: NonInteractiveAnswer.Result) -> Completion {
        switch result {
        case let .answered(response): return .respond(response)
        case let .refused(reason): return .fail(message: "answer refused: \(reason)", status: ExitStatus.invalidAnswer)
        }
    }
}
