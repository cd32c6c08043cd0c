import AskLayout
import AskMemory
import AskModel
import AskSystem

/// Why an alert could not be presented, or its answer not taken. Values: the command line
/// says them in words (`Diagnostics`), a program decides for itself.
package enum PresentationFailure: Error, Equatable, Sendable {
    /// `--pattern` is not one the C library compiles (or not within what a compile may take).
    case invalidPattern(String, RegularExpression.Failure)
    /// No terminal to prompt on, and no fallback.
    case noTerminal(SystemError)
    /// The terminal was there but refused to be set up.
    case terminalSetup(SystemError)
    /// Standard input ended before an answer.
    case inputEnded
    /// The line on standard input is longer than `limit` bytes.
    case lineTooLong(limit: Int)
    case inputUnreadable(SystemError)
    /// An answer from standard input or the starting text broke the rules.
    case refused(NonInteractiveAnswer.Refusal)
}

/// Gets the answer: the alert on the terminal, a line from standard input, or the field's
/// starting text — as the options and the fallback say. Never hangs without a terminal.
package enum Presentation {
    /// `keepsHygiene`: what a secret changes in the process stays so after the alert (the
    /// command line, which exits soon after); otherwise it is put back.
    package static func present(_ spec: PromptSpec, options: PresentationOptions, environment: Environment,
                                keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        // Compiled before anything is drawn or read.
        var pattern: AnswerPattern?
        if let source = spec.validation.pattern {
            do throws(RegularExpression.Failure) {
                let compiled = try RegularExpression(source)
                pattern = AnswerPattern { compiled.matchesWhole($0) }
            } catch {
                return .failure(.invalidPattern(source, error))
            }
        }
        if options.readsStandardInput { return fromStandardInput(spec, options: options, pattern: pattern, keepsHygiene: keepsHygiene) }
        do throws(TerminalError) {
            let session = try TerminalSession(spec: spec, appearance: .from(environment: environment, options: options),
                                              timeout: options.timeout, pattern: pattern, keepsHygiene: keepsHygiene)
            return .success(try session.run())
        } catch {
            switch error {
            case let .setupFailed(reason):
                return .failure(.terminalSetup(reason))
            case let .noTerminal(_, reason):
                switch options.fallback ?? .fail {
                case .fail:
                    return .failure(.noTerminal(reason))
                case .stdin:
                    return fromStandardInput(spec, options: options, pattern: pattern, keepsHygiene: keepsHygiene)
                case .value:
                    var value = PromptState.asPasted(spec.value)
                    return value.withUTF8 { judged(NonInteractiveAnswer.judge(UnsafeRawBufferPointer($0), for: spec, pattern: pattern)) }
                }
            }
        }
    }

    /// One line from stdin, within the timeout and `LineReader.maximumLineBytes`. A secret gets
    /// the same care as when typed in the alert: no core dumps, and when stdin is a terminal,
    /// no echo (put back on every way out, and while stopped by Ctrl-Z).
    static func fromStandardInput(_ spec: PromptSpec, options: PresentationOptions, pattern: AnswerPattern?,
                                  keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        let hygiene = spec.isSecure ? ProcessHygiene.enter(permanently: keepsHygiene) : nil
        defer { hygiene?.leave() }
        let silenced = spec.isSecure ? EchoOff(fd: 0) : nil
        // Only the signals that end it and stop it: a `read`-style prompt keeps the rest as they were.
        let caught = silenced != nil ? Signals.terminating + Signals.jobControl : []
        let signals = caught.isEmpty ? nil : Signals.install(caught, secret: true)
        var result = LineReader.readLine(from: 0, deadline: options.timeout.map { Deadline(seconds: $0, after: MonotonicClock.now).time },
                                         signals: signals, jobControl: silenced.map { echo in { echo.follow($0) } })
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
            return .success(Response(nothing: .interrupted(signal: signal)))
        case let .line(bytes):
            defer { bytes.wipe() }
            return judged(NonInteractiveAnswer.judge(bytes.bytes, for: spec, pattern: pattern))
        case .endOfFile:
            return .failure(.inputEnded)
        case .tooLong:
            return .failure(.lineTooLong(limit: LineReader.maximumLineBytes))
        case .timedOut:
            return .success(Response(nothing: .timedOut))
        case let .failed(error):
            return .failure(.inputUnreadable(error))
        }
    }

    private static func judged(_ result: NonInteractiveAnswer.Result) -> Result<Response, PresentationFailure> {
        switch result {
        case let .answered(response): return .success(response)
        case let .refused(reason): return .failure(.refused(reason))
        }
    }
}

extension PresentationFailure: CustomStringConvertible {
    /// The failure in one line (what the command line prints after `ask: `).
    package var description: String {
        switch self {
        case let .invalidPattern(pattern, .invalid(reason)):
            return "invalid pattern '\(pattern)': \(reason)"
        case let .invalidPattern(pattern, .tooComplex):
            return "invalid pattern '\(pattern)': too slow or too large to compile"
        case let .noTerminal(reason):
            return "no terminal to prompt on (/dev/tty: \(reason)); use --fallback stdin or --fallback value, or set ASK_FALLBACK"
        case let .terminalSetup(reason):
            return "cannot set up the terminal: \(reason)"
        case .inputEnded:
            return "cancelled: standard input ended before an answer"
        case let .lineTooLong(limit):
            return "answer refused: the line on standard input is longer than \(limit) bytes"
        case let .inputUnreadable(error):
            return "cannot read standard input: \(error)"
        case let .refused(refusal):
            return "answer refused: \(refusal)"
        }
    }
}

extension NonInteractiveAnswer.Refusal: CustomStringConvertible {
    /// Why, in words.
    package var description: String {
        switch self {
        case .notUTF8: return "the answer is not valid UTF-8"
        case .controlCharacters: return "the answer contains control characters"
        case let .notTaken(keyboard): return "the answer has characters a \(keyboard.rawValue) field does not take"
        case let .breaks(failure, errorMessage): return errorMessage ?? failure.message
        case let .noSuchButton(label, labels):
            return "no button is labelled '\(label)' (choose from \(labels.map { "'\($0)'" }.joined(separator: ", ")))"
        }
    }
}
