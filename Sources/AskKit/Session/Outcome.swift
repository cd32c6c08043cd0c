/// How the alert ended. Accept and cancel are outcomes, not errors.
package enum Outcome: Equatable, Sendable {
    /// OK or the secondary button: the field's text is the answer.
    case accepted(ButtonRole)
    /// Cancel, Esc, or Ctrl-D on an empty field.
    case cancelled
    /// Ctrl-C, or a terminating signal from outside; the process re-raises it.
    case interrupted(signal: Int32)
    case timedOut

    /// The documented exit status (an interrupt exits by re-raising its signal instead).
    package var exitStatus: Int32 {
        switch self {
        case .accepted(.secondary): return ExitStatus.secondary
        case .accepted(.cancel), .cancelled: return ExitStatus.cancelled
        case .accepted: return ExitStatus.accepted
        case let .interrupted(signal): return 128 + signal
        case .timedOut: return ExitStatus.timedOut
        }
    }

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

/// Every exit status `ask` uses, in one place.
package enum ExitStatus {
    package static let accepted: Int32 = 0
    package static let cancelled: Int32 = 1
    package static let secondary: Int32 = 3
    package static let usage: Int32 = 64
    package static let invalidAnswer: Int32 = 65
    package static let noTerminal: Int32 = 69
    package static let software: Int32 = 70
    package static let ioError: Int32 = 74
    package static let timedOut: Int32 = 124
}
