import AskModel

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

extension Outcome {
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
}
