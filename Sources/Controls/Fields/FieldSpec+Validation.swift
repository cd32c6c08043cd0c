import AskModel
import AskText

extension FieldSpec {
    /// The first rule `text` breaks, checked in the order a person would fix them: empty, too
    /// short, too long, not of the keyboard type's shape, not matching the pattern. Lengths count
    /// characters across lines, a line break as one; the pattern sees the whole text, line
    /// breaks and all (POSIX: `.` and `[^…]` match one, `^` and `$` only the text's ends). `pattern`
    /// is `--pattern` compiled (when the alert started); without it a pattern refuses every
    /// answer rather than let one through unchecked.
    package func problem(with text: TextBuffer, pattern: AnswerPattern?) -> ValidationFailure? {
        let rules = validation
        let count = text.count
        if rules.isRequired && count == 0 { return .empty }
        if let minimum = rules.minimumLength, count < minimum { return .tooShort(minimum: minimum) }
        if let maximum = rules.maximumLength, count > maximum { return .tooLong(maximum: maximum) }
        if keyboard.checksShape && !text.withScalars({ keyboard.check($0) }) { return .notA(keyboard) }
        if rules.pattern != nil, !(pattern.map { matcher in text.withBytes { matcher.matchesWhole($0) } } ?? false) {
            return .noMatch
        }
        return nil
    }

    /// Every error the alert can show under the field, so that the layout can make room for the
    /// longest: a reason for each rule the answer must follow (or `--error` instead of them
    /// all), a paste cut to `--max-length`, a client's reason (`initialError`) — and the
    /// quality meter at its widest.
    package var possibleErrors: [String] {
        let rules = validation
        var failures: [ValidationFailure] = []
        if rules.isRequired { failures.append(.empty) }
        if let minimum = rules.minimumLength { failures.append(.tooShort(minimum: minimum)) }
        if let maximum = rules.maximumLength { failures.append(.tooLong(maximum: maximum)) }
        if keyboard.checksShape { failures.append(.notA(keyboard)) }
        if rules.pattern != nil { failures.append(.noMatch) }
        if repeatsEntry { failures.append(.entriesDiffer) }
        var errors = failures.map { rules.errorMessage ?? $0.message }
        if rules.maximumLength != nil { errors.append(Validation.pasteCutMessage) }
        if let initialError { errors.append(initialError) }
        return errors
    }

    /// Whether the alert can show anything under the field: an error, a hint (how to finish a
    /// multi-line field, how to reveal), the `n/N` counter, or (`countdown`) the countdown.
    package func showsStatusLine(countdown: Bool) -> Bool {
        !possibleErrors.isEmpty || (isSecure && allowsReveal) || isMultiline || qualityLabel != nil || keyboard == .path || countdown
    }
}
