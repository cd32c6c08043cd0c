/// How the alert ended. Accept and cancel are outcomes, not errors.
package enum Outcome: Equatable, Sendable {
    /// OK or the secondary button: the field's text is the answer.
    case accepted(ButtonRole)
    /// Cancel, Esc, or Ctrl-D on an empty field.
    case cancelled
    /// Ctrl-C, or a terminating signal from outside; the process re-raises it.
    case interrupted(signal: Int32)
    case timedOut

    /// Ctrl-C or a terminating signal.
    package var isInterrupted: Bool {
        if case .interrupted = self { return true }
        return false
    }

    /// Whether the field's text goes to stdout.
    package var printsAnswer: Bool {
        switch self {
        case .accepted(.ok), .accepted(.secondary): return true
        default: return false
        }
    }
}
