import AskModel
import AskText

/// What a field's spec can hold that no alert can answer: the rules that hold for every front
/// end — the command line, the personalities and the Swift API — written once, here. The
/// command line says them with its options' names (`Invocation.validate`); the presentation
/// refuses a spec that breaks one, whoever built it (`PresentationFailure.invalidSpec`).
package enum SpecProblem: Equatable, Sendable {
    /// A minimum length above the maximum: no answer can be accepted.
    case contradictoryLengths(minimum: Int, maximum: Int)
    /// A height of rows for a field of one line.
    case linesWithoutMultiline
    /// A keyboard type of one line (a number, an address) on a multi-line field.
    case keyboardNotForMultiline(KeyboardType)
    /// A repeated entry of several lines.
    case repeatNotForMultiline
    /// Suggestions or a history for a secret: a secret is never kept nor offered.
    case offersNotForSecret
    /// Suggestions or a history for a field of several lines.
    case offersNotForMultiline

    /// What is wrong, in words that name no option.
    package var description: String {
        switch self {
        case let .contradictoryLengths(minimum, maximum):
            return "the minimum length \(minimum) is above the maximum length \(maximum)"
        case .linesWithoutMultiline:
            return "a height of rows is for a multi-line field"
        case let .keyboardNotForMultiline(keyboard):
            return "a multi-line field does not take \(Article.indefinite(keyboard.rawValue)) keyboard"
        case .repeatNotForMultiline:
            return "a multi-line field cannot be entered twice"
        case .offersNotForSecret:
            return "a secure field keeps no history and offers no suggestion or path"
        case .offersNotForMultiline:
            return "a multi-line field keeps no history and offers no suggestion"
        }
    }
}

extension FieldSpec {
    /// The first rule the spec breaks, if it breaks one.
    package var problem: SpecProblem? {
        if let minimum = validation.minimumLength, let maximum = validation.maximumLength, minimum > maximum {
            return .contradictoryLengths(minimum: minimum, maximum: maximum)
        }
        if isSecure && offersText { return .offersNotForSecret }
        guard isMultiline else { return lines != nil ? .linesWithoutMultiline : nil }
        if keyboard != .default && keyboard != .ascii { return .keyboardNotForMultiline(keyboard) }
        if repeatsEntry { return .repeatNotForMultiline }
        if offersText { return .offersNotForMultiline }
        return nil
    }
}

extension [FieldSpec] {
    /// The first field (its place) that breaks a rule, and the rule.
    package var problem: (field: Int, SpecProblem)? {
        for (index, field) in enumerated() {
            if let problem = field.problem { return (index, problem) }
        }
        return nil
    }
}
