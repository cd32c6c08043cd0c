import CAskSystem

/// `--pattern`: a POSIX extended regular expression (the syntax of `grep -E`) that must match
/// the whole answer. It is matched by the C library on the answer's UTF-8 bytes where they lie,
/// so a secret is never copied to be checked. Bytes, not characters: `.` is one byte, and
/// `[[:alpha:]]` is ASCII.
final class ExtendedPattern {
    private let compiled: UnsafeMutablePointer<regex_t>

    /// Compiles `pattern`, or says in one line why it is not one. `\d` and `\D`, which POSIX
    /// does not have and the C library would take as a plain `d`, are refused, not misread.
    init(_ pattern: String) throws(UsageError) {
        if let escape = Self.perlClass(in: pattern) {
            throw UsageError.invalidPattern(pattern, reason: "\\\(escape) is not POSIX: use [0-9] or [^0-9]")
        }
        var reason = [CChar](repeating: 0, count: 160)
        let compiled = reason.withUnsafeMutableBufferPointer { ask_regex_compile(pattern, $0.baseAddress, $0.count) }
        guard let compiled else {
            let text = reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw UsageError.invalidPattern(pattern, reason: text.isEmpty ? "not a regular expression" : text)
        }
        self.compiled = compiled
    }

    deinit { ask_regex_free(compiled) }

    /// The first `\d` or `\D` outside a bracket expression (where a backslash is itself).
    static func perlClass(in pattern: String) -> Character? {
        var inBracket = false
        var escaped = false
        var previous: Character = " "
        for character in pattern {
            defer { previous = character }
            if escaped {
                escaped = false
                if character == "d" || character == "D" { return character }
                continue
            }
            if inBracket {
                // `]` right after `[` or `[^` is a member, not the end.
                if character == "]" && previous != "[" && previous != "^" { inBracket = false }
                continue
            }
            if character == "\\" { escaped = true } else if character == "[" { inBracket = true }
        }
        return nil
    }

    /// Whether all of `bytes` match.
    func matchesWhole(_ bytes: UnsafeRawBufferPointer) -> Bool {
        ask_regex_matches(compiled, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count) != 0
    }
}
