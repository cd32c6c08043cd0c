import AskChoices
import AskFields
import AskKit
import AskGauge
import AskModel
import AskPresentation
import AskTextBox

/// A mistake on the command line. Each case reads as a phrase; `Diagnostics` says it in one
/// line on stderr, and every usage error exits with status 64 (EX_USAGE).
package enum UsageError: Error, Equatable, Sendable {
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String)
    case unexpectedValue(option: String)
    case invalidChoice(option: String, value: String, choices: [String])
    case invalidNumber(option: String, value: String)
    /// Not a range `--range` takes: `LOW:HIGH` or `LOW:HIGH:START`, whole numbers in order.
    case invalidRange(String)
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
    /// An option given again where only one counts (`--choices-from`), or, when `unless` is
    /// given, only without that option (`--selected` without `--multiple`).
    case repeatedOption(String, unless: String?)
    /// An empty value where one is needed: a choice's label, `--choices-from`'s file.
    case emptyValue(option: String)
    /// A choice (`--choice`, `--destructive-choice`) holding a line break: a choice is one line.
    case choiceWithLineBreak(option: String, value: String)
    /// An option an action sheet has no use for: a field's (but `--required`), or a button's
    /// (its only button is Cancel).
    case notForSheet(option: String)
    /// An option of an action sheet (`--multiple`) without any choice.
    case needsChoices(option: String)
    /// An option that says what another does, without that other (`--on-timeout` without
    /// `--timeout`).
    case needsOption(String, needed: String)
    /// `--no-newline` with `--multiple`: the marked choices would run together.
    case noNewlineWithMultiple
    /// `--no-newline` with `--filter`: the matches would run together.
    case noNewlineWithFilter
    /// `--min` above `--limit`: no marks could be accepted.
    case contradictoryMarks(fewest: Int, most: Int)
    /// `--choices-from -` with an option that reads the answer from standard input
    /// (`--stdin`, `--fallback stdin`): the list is there.
    case choicesFromStandardInput(with: String)
    /// `--selected` naming none of the choices given on the command line (their labels).
    case unknownSelection(String, choices: [String])
    /// An environment variable that takes one of a fixed set of values (`ASK_FALLBACK`).
    case invalidEnvironment(name: String, value: String, choices: [String])
    /// `--whiptail` or `--dialog` after other arguments: what follows it is that program's.
    case personalityNotFirst(String)
    /// An option that cannot describe a multi-line field (`--repeat`, `--keyboard email`), or
    /// `--askpass` with one; `field`: whose, named when the alert has several.
    case notForMultiline(option: String, field: String?)
    /// `--lines` for a field that is not `--multiline`; `field`: whose, named when the alert has several.
    case linesWithoutMultiline(field: String?)
}
