import AskModel

/// A mistake on the command line. Each case reads as a phrase; `Diagnostics` says it in one
/// line on stderr, and every usage error exits with status 64 (EX_USAGE).
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
    /// A field option (`option`) given before the first option that names the fields
    /// (`--field`, `--login`): it describes no field of theirs.
    case fieldOptionBeforeFields(option: String, fields: String)
    /// `--min-length` above `--max-length`; `field`: whose, named when the alert has several.
    case contradictoryLengths(minimum: Int, maximum: Int, field: String?)
    /// `--no-newline` with `count` fields: their answers would run together.
    case noNewlineWithFields(count: Int)
    case invalidPattern(String, PatternSyntax.Problem)
    /// An environment variable that takes one of a fixed set of values (`ASK_FALLBACK`).
    case invalidEnvironment(name: String, value: String, choices: [String])
}
