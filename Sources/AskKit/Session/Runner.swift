import AskModel
import AskMemory
import AskSystem

/// How `ask` ends: a response to print, or a message for stderr and an exit status.
package enum Completion {
    case respond(Response)
    case fail(message: String, status: Int32)
}

/// Chooses how to get the answer — the alert on the terminal, a line from stdin, or
/// `--value` — and gets it. Never hangs without a terminal.
package enum Runner {
    package static func run(_ spec: PromptSpec, environment: Environment) -> Completion {
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
        // Compiled before anything is drawn or read: a pattern the C library refuses is a usage error.
        var pattern: AnswerPattern?
        if let source = spec.validation.pattern {
            do throws(RegularExpression.Failure) {
                let compiled = try RegularExpression(source)
                pattern = AnswerPattern { compiled.matchesWhole($0) }
            } catch {
                let reason: String
                switch error {
                case let .invalid(text): reason = text
                case .tooComplex: reason = "too slow or too large to compile"
                }
                return .fail(message: UsageError.invalidPattern(source, reason: reason).message, status: UsageError.exitStatus)
            }
        }
        if spec.readsStandardInput { return fromStandardInput(spec, pattern: pattern) }
        do {
            let session = try TerminalSession(spec: spec, appearance: .from(environment: environment, spec: spec), pattern: pattern,
                                              keepsHygiene: true)
            return .respond(try session.run())
        } catch {
            guard case let .noTerminal(_, reason) = error else {
                return .fail(message: "cannot set up the terminal: \(Self.reason(of: error))", status: ExitStatus.noTerminal)
            }
            switch fallback {
            case .fail:
                return .fail(message: "no terminal to prompt on (/dev/tty: \(reason)); "
                                 + "use --fallback stdin or --fallback value, or set ASK_FALLBACK", status: ExitStatus.noTerminal)
            case .stdin:
                return fromStandardInput(spec, pattern: pattern)
            case .value:
                var value = PromptState.asPasted(spec.value)
                return value.withUTF8 { judged(NonInteractiveAnswer.judge(UnsafeRawBufferPointer($0), for: spec, pattern: pattern)) }
            }
        }
    }

    private static func reason(of error: TerminalError) -> SystemError {
        switch error {
        case let .noTerminal(_, reason), let .setupFailed(reason): return reason
        }
    }

    /// One line from stdin, within `--timeout` and `LineReader.maximumLineBytes`; end of file
    /// before any byte cancels. A secret gets the same care as when typed in the alert: no core
    /// dumps, and when stdin is a terminal, no echo (put back on every way out, and while
    /// stopped by Ctrl-Z).
    static func fromStandardInput(_ spec: PromptSpec, pattern: AnswerPattern?) -> Completion {
        if spec.isSecure { _ = ProcessHygiene.enter(permanently: true) }
        let silenced = spec.isSecure ? EchoOff(fd: 0) : nil
        // Only the signals that end it and stop it: a `read`-style prompt keeps the rest as they were.
        let caught = silenced != nil ? Signals.terminating + Signals.jobControl : []
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
            return judged(NonInteractiveAnswer.judge(bytes.bytes, for: spec, pattern: pattern))
        case .endOfFile:
            return .fail(message: "cancelled: standard input ended before an answer", status: ExitStatus.cancelled)
        case .tooLong:
            return .fail(message: "answer refused: the line on standard input is longer than \(LineReader.maximumLineBytes) bytes",
                         status: ExitStatus.invalidAnswer)
        case .timedOut:
            return .respond(Response(nothing: .timedOut))
        case let .failed(error):
            return .fail(message: "cannot read standard input: \(error)", status: ExitStatus.ioError)
        }
    }

    private static func judged(_ result: NonInteractiveAnswer.Result) -> Completion {
        switch result {
        case let .answered(response): return .respond(response)
        case let .refused(reason): return .fail(message: "answer refused: \(reason)", status: ExitStatus.invalidAnswer)
        }
    }
}
