import AskChoices
import AskFields
import AskGauge
import AskKit
import AskModel
import AskPinentry
import AskPresentation
import AskSystem
import AskTextBox

/// Why `ask` ends without an answer: every failure of the command line, as a value.
package enum CommandFailure: Error, Equatable, Sendable {
    case usage(UsageError)
    case presentation(PresentationFailure)
    /// Stdout was closed at start: the answer would have nowhere to go.
    case standardOutputClosed
    case answerNotWritten(SystemError)
    /// Pinentry mode: the client's requests broke the protocol, or could not be read, or the
    /// replies written.
    case pinentry(PinentrySession.Ending)
}

/// Every failure said in words, in one place: one line on stderr (without the `ask: ` that
/// goes before it), and the exit status.
package enum Diagnostics {
    package static func message(_ failure: CommandFailure) -> String {
        switch failure {
        case let .usage(error): return message(error)
        case let .presentation(failure): return message(failure)
        case .standardOutputClosed: return "standard output is closed: the answer would have nowhere to go"
        case let .answerNotWritten(error): return "cannot write the answer: \(error)"
        case .pinentry(.lineTooLong): return "pinentry: a request line is longer than \(Assuan.maximumRequestLength) bytes"
        case .pinentry(.incompleteLine): return "pinentry: the requests ended in the middle of a line"
        case let .pinentry(.unreadable(error)): return "pinentry: cannot read the requests: \(error)"
        case let .pinentry(.unwritable(error)): return "pinentry: cannot write the replies: \(error)"
        case .pinentry: return "pinentry: the conversation ended"
        }
    }

    /// Pinentry mode: what a terminal that could not be used is said as (the client is told
    /// the request was cancelled).
    package static func message(_ error: TerminalError) -> String {
        switch error {
        case let .noTerminal(path, reason): return "pinentry: no terminal to prompt on (\(path): \(reason))"
        case let .setupFailed(reason): return "pinentry: cannot set up the terminal: \(reason)"
        }
    }

    /// Pinentry mode: the failure a conversation ended in, if it did not end well.
    package static func failure(_ ending: PinentrySession.Ending) -> CommandFailure? {
        switch ending {
        case .finished, .clientGone, .interrupted: return nil
        default: return .pinentry(ending)
        }
    }

    package static func status(_ failure: CommandFailure) -> ExitStatus {
        switch failure {
        case .usage: return .usage
        case .standardOutputClosed, .answerNotWritten: return .ioError
        case .pinentry(.lineTooLong), .pinentry(.incompleteLine): return .invalidAnswer
        case .pinentry: return .ioError
        case let .presentation(failure):
            switch failure {
            case .noTerminal, .terminalSetup: return .noTerminal
            case .inputEnded: return .cancelled
            case .lineTooLong, .refusedAtTimeout: return .invalidAnswer
            case .inputUnreadable, .fileUnreadable: return .ioError
            case let .control(failure):
                switch failure.kind {
                case .usage: return .usage
                case .refused: return .invalidAnswer
                case .unreadable: return .ioError
                }
            }
        }
    }

    static func message(_ error: UsageError) -> String {
        switch error {
        case let .unknownOption(option, suggestion?):
            return "unknown option '\(option)' (did you mean '\(suggestion)'?)"
        case let .unknownOption(option, nil):
            return "unknown option '\(option)' (see 'ask --help')"
        case let .missingValue(option):
            return "option '\(option)' needs a value"
        case let .unexpectedValue(option):
            return "option '\(option)' takes no value"
        case let .invalidChoice(option, value, choices):
            return "invalid value '\(value)' for '\(option)' (choose from: \(choices.joined(separator: ", ")))"
        case let .invalidNumber(option, value):
            return "invalid value '\(value)' for '\(option)' (expected a number)"
        case let .invalidRange(value):
            return "invalid value '\(value)' for '--range' (expected LOW:HIGH or LOW:HIGH:START, whole numbers, LOW at most HIGH, START between them)"
        case let .invalidSeconds(option, value):
            return "invalid value '\(value)' for '\(option)' (expected seconds above 0 and at most \(Int(Deadline.longest)),"
                + " such as 30 or 1.5)"
        case let .maskTooLong(mask):
            return "the mask must be one character or empty, not '\(mask)'"
        case let .unexpectedArgument(argument):
            return "unexpected argument '\(argument)' (the message is already given)"
        case let .conflictingOptions(first, second):
            return "options '\(first)' and '\(second)' contradict each other"
        case let .fieldOptionBeforeFields(option, "--field"):
            return "option '\(option)' comes before the first '--field': a field option describes the field named before it"
        case let .fieldOptionBeforeFields(option, fields):
            return "option '\(option)' comes before '\(fields)': a field option describes the field named before it"
        case let .contradictoryLengths(minimum, maximum, nil):
            return "options '--min-length \(minimum)' and '--max-length \(maximum)' contradict each other"
        case let .contradictoryLengths(minimum, maximum, field?):
            return "options '--min-length \(minimum)' and '--max-length \(maximum)' of '\(field)' contradict each other"
        case let .noNewlineWithFields(count):
            return "option '--no-newline' would run the answers of \(count) fields together (use '--null' to end each with NUL)"
        case let .invalidPattern(pattern, problem):
            return invalidPattern(pattern, reason(problem))
        case let .repeatedOption(option, nil):
            return "option '\(option)' may be given only once"
        case let .repeatedOption(option, unless?):
            return "option '\(option)' may be given only once without '\(unless)'"
        case .emptyValue(option: "--choices-from"):
            return "option '--choices-from' needs a file name, or '-' for standard input"
        case let .emptyValue(option):
            return "option '\(option)' needs a label that is not empty"
        case let .choiceWithLineBreak(option, value):
            return "invalid value '\(value)' for '\(option)' (a choice is one line: it may not hold a line break)"
        case let .notForSheet(option):
            let isButton = OptionInfo.named(String(option.dropFirst(2)))?.group == .buttons
            return "option '\(option)' does not apply to an action sheet" + (isButton ? " (its only button is Cancel)" : "")
        case let .needsChoices(option):
            return "option '\(option)' needs choices: give '--choice' or '--choices-from'"
        case let .needsOption(option, needed):
            return "option '\(option)' has no effect without '\(needed)'"
        case .noNewlineWithMultiple:
            return "option '--no-newline' would run the marked choices of '--multiple' together (use '--null' to end each with NUL)"
        case let .personalityNotFirst(option):
            return "option '\(option)' comes first: the arguments after it are \(option.dropFirst(2))'s"
        case .noNewlineWithFilter:
            return "option '--no-newline' would run the choices '--filter' prints together (use '--null' to end each with NUL)"
        case let .contradictoryMarks(fewest, most):
            return "option '--min \(fewest)' asks for more marks than '--limit \(most)' allows"
        case let .choicesFromStandardInput(option):
            return "option '\(option)' cannot read the answer from standard input: '--choices-from -' reads the choices there"
        case let .unknownSelection(name, choices):
            return "invalid value '\(name)' for '--selected' (\(unknownSelectionReason(choices)))"
        case let .invalidEnvironment(name, value, choices):
            return "invalid \(name) '\(value)' (choose from: \(choices.joined(separator: ", ")))"
        case let .notForMultiline(option, field):
            return "option '\(option)' does not go with '--multiline'" + (field.map { " of '\($0)'" } ?? "") + ": "
                + multilineReason(option)
        case let .linesWithoutMultiline(field):
            return "option '--lines' is the height of a multi-line field: give '--multiline' too"
                + (field.map { " for '\($0)'" } ?? "")
        }
    }

    /// Why an option does not go with a multi-line field.
    private static func multilineReason(_ option: String) -> String {
        switch option {
        case "--repeat": return "several lines are not typed twice"
        case "--askpass": return "an askpass client reads one line"
        case "--keyboard email": return "an email address is one line"
        case "--keyboard url": return "a web address is one line"
        case "--keyboard phone": return "a phone number is one line"
        case "--keyboard path": return "a path is one line"
        case "--history", "--suggest", "--suggestions-from": return "what is recalled or suggested is one line"
        default: return "a number is one line"
        }
    }

    /// Why `--selected` names nothing, with the choices when they are few enough to read.
    private static func unknownSelectionReason(_ choices: [String]) -> String {
        let list = choices.joined(separator: ", ")
        guard choices.count <= 8, list.count <= 60 else {
            return "none of the \(choices.count) choices has that label or value"
        }
        return "no choice has that label or value; choose from: " + list
    }

    /// A presentation's failure: the library's words, or where the command line has its own —
    /// the options that led there, and what to do instead — those.
    static func message(_ failure: PresentationFailure) -> String {
        switch failure {
        case .noTerminal:
            return failure.description + "; use --fallback stdin or --fallback value, or set ASK_FALLBACK"
        case let .control(failure):
            return failure.commandLine ?? failure.description
        case .terminalSetup, .inputEnded, .lineTooLong, .inputUnreadable, .fileUnreadable, .refusedAtTimeout:
            return failure.description
        }
    }

    private static func invalidPattern(_ pattern: String, _ reason: String) -> String {
        "invalid pattern '\(pattern)': \(reason)"
    }

    static func reason(_ problem: PatternSyntax.Problem) -> String {
        switch problem {
        case let .digitClass(letter): return "\\\(letter) is not POSIX: use [0-9] or [^0-9]"
        case let .unknownEscape(letter): return "\\\(letter) is not POSIX extended syntax"
        case .backslashInBrackets:
            return "a backslash inside [...] is itself in POSIX: write \\\\ for one, a class such as "
                + "[:digit:] for \\d, ] first and - last"
        }
    }
}

extension UsageError {
    /// The one line it is said in (see `Diagnostics`).
    package var message: String { Diagnostics.message(self) }
}
