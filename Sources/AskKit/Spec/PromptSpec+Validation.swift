extension PromptSpec {
    /// The first rule `text` breaks, checked in the order a person would fix them: empty, too
    /// short, too long, not of the keyboard type's shape, not matching the pattern.
    /// (The pattern was compiled, once, when the options were parsed.)
    public func problem(with text: TextBuffer) -> ValidationFailure? {
        let rules = validation
        let count = text.count
        if rules.isRequired && count == 0 { return .empty }
        if let minimum = rules.minimumLength, count < minimum { return .tooShort(minimum: minimum) }
        if let maximum = rules.maximumLength, count > maximum { return .tooLong(maximum: maximum) }
        if keyboard.checksShape && !text.withScalars({ keyboard.check($0) }) { return .notA(keyboard) }
        if let source = rules.pattern, !Self.text(text, matches: source) { return .noMatch }
        return nil
    }

    /// Whether the whole text matches `pattern`, matched where the text lies (no copy). A
    /// pattern that cannot be compiled (one set from Swift without parsing, say) refuses the
    /// answer rather than let it through unchecked.
    static func text(_ text: TextBuffer, matches pattern: String) -> Bool {
        guard let compiled = try? ExtendedPattern.compiled(pattern) else { return false }
        return text.withBytes { compiled.matchesWhole($0) }
    }
}
