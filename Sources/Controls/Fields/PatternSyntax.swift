import AskModel

/// `--pattern`: a POSIX extended regular expression (the syntax of `grep -E`) that must match
/// the whole answer, byte by byte. Checked here, without the C library, for what the C library
/// would silently misread (`\d`, `\x41`, `[\d]`); compiled and matched by the system layer
/// (`RegularExpression`) when the alert starts.
package enum PatternSyntax {
    /// What in a pattern the C library would misread.
    package enum Problem: Equatable, Sendable {
        /// `\d` or `\D`, which POSIX lacks (`[0-9]`, `[^0-9]`).
        case digitClass(Character)
        /// A backslash before a letter or digit POSIX gives no meaning to (`\x`, `\t`).
        case unknownEscape(Character)
        /// A single backslash inside brackets: POSIX takes it as itself.
        case backslashInBrackets
    }

    /// Backslash escapes glibc gives a meaning to; after any other letter or digit, a backslash
    /// is dropped (`\d` would match the letter d).
    private static let knownEscapes = Set("wWsSbB<>`'123456789".utf8)

    /// Why `pattern` must not reach the C library, or nil: what it would silently misread.
    /// Reads bytes, as `regcomp` does.
    package static func problem(in pattern: [UInt8]) -> Problem? {
        var index = 0
        while index < pattern.count {
            let byte = pattern[index]
            index += 1
            if byte == UInt8(ascii: "\\") {
                guard index < pattern.count else { return nil }  // regcomp says: trailing backslash
                let escaped = pattern[index]
                index += 1
                if isAlphanumeric(escaped) && !knownEscapes.contains(escaped) {
                    let letter = Character(Unicode.Scalar(escaped))
                    if letter == "d" || letter == "D" { return .digitClass(letter) }
                    return .unknownEscape(letter)
                }
            } else if byte == UInt8(ascii: "[") {
                if let problem = bracketProblem(pattern, &index) { return problem }
            }
        }
        return nil
    }

    /// Reads a bracket expression from just after its `[` to just after its `]`; refuses a
    /// lone backslash inside it, which POSIX reads as itself and other syntaxes as an escape.
    private static func bracketProblem(_ pattern: [UInt8], _ index: inout Int) -> Problem? {
        if index < pattern.count && pattern[index] == UInt8(ascii: "^") { index += 1 }
        if index < pattern.count && pattern[index] == UInt8(ascii: "]") { index += 1 }  // a member
        while index < pattern.count {
            let byte = pattern[index]
            if byte == UInt8(ascii: "]") {
                index += 1
                return nil
            }
            if byte == UInt8(ascii: "["), index + 1 < pattern.count,
               let close = [UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "=")].first(where: { $0 == pattern[index + 1] }) {
                // [:class:], [.symbol.], [=equivalence=]: skipped whole.
                var end = index + 2
                while end + 1 < pattern.count && !(pattern[end] == close && pattern[end + 1] == UInt8(ascii: "]")) { end += 1 }
                index = min(end + 2, pattern.count)
                continue
            }
            if byte == UInt8(ascii: "\\") {
                // POSIX takes it as itself; other syntaxes as an escape. Only `\\\\` means the same in both.
                guard index + 1 < pattern.count, pattern[index + 1] == UInt8(ascii: "\\") else {
                    return .backslashInBrackets
                }
                index += 2
                continue
            }
            index += 1
        }
        return nil  // unterminated: regcomp says so
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
