/// How the alert ended. Accept and cancel are outcomes, not errors.
package enum Outcome: Equatable, Sendable {
    /// A button: OK or the secondary (the field's text is the answer), or Cancel (the Cancel
    /// button, pressed or named: no answer, as `cancelled`, except to a personality that tells
    /// the two apart, as whiptail's and dialog's scripts do).
    case accepted(ButtonRole)
    /// Dismissed without a button: Esc, or Ctrl-D on an empty one-line field.
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
        case .accepted(.ok), .accepted(.secondary), .accepted(.help): return true
        default: return false
        }
    }
}
