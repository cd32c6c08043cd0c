import AskModel
/// A mistake on the command line. Each case reads as a phrase; `message` is the one line
/// printed on stderr, and every usage error exits with status 64 (EX_USAGE).
package enum UsageError: Error, Equatable, Sendable {
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String)
    case unexpectedValue(option: String)
    case invalidChoice(option: String, value: String, choices: [String])
    case invalidNumber(option: String, value: String)
    /// Not a time `--timeout` takes: digits with an optional fraction, above 0, at most
    /// `Deadline.longest`.
    case invalidSeconds(option: String, value: String)
    case maskTooLong(String)
    case unexpectedArgument(String)
    case conflictingOptions(String, String)
    case invalidPattern(String, reason: String)

    /// The one line shown to the user, without the `ask: ` prefix.
    package var message: String {
        switch self {
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
        case let .invalidSeconds(option, value):
            return "invalid value '\(value)' for '\(option)' (expected seconds above 0 and at most \(Int(Deadline.longest)),"
                + " such as 30 or 1.5)"
        case let .maskTooLong(mask):
            return "the mask must be one character or empty, not '\(mask)'"
        case let .unexpectedArgument(argument):
            return "unexpected argument '\(argument)' (the message is already given)"
        case let .conflictingOptions(first, second):
            return "options '\(first)' and '\(second)' contradict each other"
        case let .invalidPattern(pattern, reason):
            return "invalid pattern '\(pattern)': \(reason)"
        }
    }

    /// EX_USAGE from sysexits.h.
    package static let exitStatus: Int32 = 64
}
