import AskModel
import AskText

/// What an answer must be to be accepted, checked on Enter (and on answers read from stdin).
package struct Validation: Equatable, Sendable {
    /// `--required`: not empty.
    package var isRequired = false
    /// `--min-length`, `--max-length`: in characters (grapheme clusters).
    package var minimumLength: Int?
    package var maximumLength: Int?
    /// `--pattern`: a POSIX extended regular expression the whole answer must match.
    package var pattern: String?
    /// `--error`: said instead of the default reason.
    package var errorMessage: String?

    package init() {}

    package var isEmpty: Bool { self == Validation() }

    /// Said when a paste is cut to `--max-length`.
    package static var pasteCutMessage: String { tr("Pasted text was cut") }
}

/// Why an answer was refused. Each case reads as a phrase; `message` is what the person sees.
package enum ValidationFailure: Equatable, Sendable {
    case empty
    case tooShort(minimum: Int)
    case tooLong(maximum: Int)
    case notA(KeyboardType)
    case noMatch
    case entriesDiffer

    package var message: String {
        switch self {
        case .empty: return tr("An answer is required")
        case let .tooShort(minimum): return trn("Enter at least %d character", "Enter at least %d characters", minimum)
        case let .tooLong(maximum): return trn("Enter at most %d character", "Enter at most %d characters", maximum)
        case .notA(.decimal), .notA(.number): return tr("Enter a number")
        case .notA(.phone): return tr("Enter a phone number")
        case .notA(.email): return tr("Enter an email address, like name@example.com")
        case .notA(.url): return tr("Enter a web address, like example.com")
        case .notA(.ascii): return tr("Enter ASCII characters only")
        case .notA: return tr("Enter text of the expected kind")
        case .noMatch: return tr("The answer is not in the expected format")
        case .entriesDiffer: return tr("Entries don't match")
        }
    }
}

/// What shows under a field when there is no error: words, or the quality meter (drawn with the
/// terminal's characters: the view makes it text).
package enum FieldHint: Equatable, Sendable {
    case text(String)
    /// The meter's label, and how good the text is in percent (negative: it breaks the rules).
    case meter(label: String, quality: Int)
}
