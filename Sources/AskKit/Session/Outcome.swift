/// How the alert ended. Accept and cancel are outcomes, not errors.
public enum Outcome: Equatable, Sendable {
    /// OK or the secondary button: the field's text is the answer.
    case accepted(ButtonRole)
    /// Cancel, Esc, or Ctrl-D on an empty field.
    case cancelled
    /// Ctrl-C, or a terminating signal from outside; the process re-raises it.
    case interrupted(signal: Int32)
    case timedOut

    /// The documented exit status (an interrupt exits by re-raising its signal instead).
    public var exitStatus: Int32 {
        switch self {
        case .accepted(.secondary): return ExitStatus.secondary
        case .accepted(.cancel), .cancelled: return ExitStatus.cancelled
        case .accepted: return ExitStatus.accepted
        case let .interrupted(signal): return 128 + signal
        case .timedOut: return ExitStatus.timedOut
        }
    }

    /// Ctrl-C or a terminating signal.
    public var isInterrupted: Bool {
        if case .interrupted = self { return true }
        return false
    }

    /// Whether the field's text goes to stdout.
    public var printsAnswer: Bool {
        switch self {
        case .accepted(.ok), .accepted(.secondary): return true
        default: return false
        }
    }
}

/// Every exit status `ask` uses, in one place.
public enum ExitStatus {
    public static let accepted: Int32 = 0
    public static let cancelled: Int32 = 1
    public static let secondary: Int32 = 3
    public static let usage: Int32 = 64
    public static let invalidAnswer: Int32 = 65
    public static let noTerminal: Int32 = 69
    public static let software: Int32 = 70
    public static let ioError: Int32 = 74
    public static let timedOut: Int32 = 124
}
