import AskChoices
import AskFields
import AskKit
import AskGauge
import AskModel
import AskPresentation
import AskTextBox

/// Every exit status `ask` uses, in one place (sysexits.h where it has one).
package enum ExitStatus: Int32, CaseIterable, Sendable {
    /// OK, or the secondary button's label chosen from stdin for a confirmation.
    case accepted = 0
    case cancelled = 1
    /// The secondary button.
    case secondary = 3
    /// EX_USAGE: a mistake on the command line (or in ASK_FALLBACK, or a pattern the C library refuses,
    /// or an action sheet without choices, or a `--selected` naming none of a list read at start).
    case usage = 64
    /// EX_DATAERR: an answer from stdin or `--value` broke the rules, or a line from stdin named
    /// no choice of an action sheet.
    case invalidAnswer = 65
    /// EX_UNAVAILABLE: no terminal, and no fallback.
    case noTerminal = 69
    /// EX_IOERR: the answer could not be written, or stdin not read.
    case ioError = 74
    /// As `timeout(1)`.
    case timedOut = 124

    /// How an alert that was answered ends (an interrupt exits by re-raising its signal
    /// instead: nil).
    package init?(_ outcome: Outcome) {
        switch outcome {
        case .accepted(.secondary): self = .secondary
        case .accepted(.help): return nil  // (dialog's Help button: the dialog personality's own status)
        case .accepted(.cancel), .cancelled: self = .cancelled
        case .accepted: self = .accepted
        case .interrupted: return nil
        case .timedOut: self = .timedOut
        }
    }
}
