import CAskSystem

/// `--pattern`: a POSIX extended regular expression (the syntax of `grep -E`) that must match
/// the whole answer. It is matched by the C library on the answer's UTF-8 bytes where they lie,
/// so a secret is never copied to be checked. Bytes, not characters: `.` is one byte, and
/// `[[:alpha:]]` is ASCII.
final class ExtendedPattern {
    private let compiled: UnsafeMutablePointer<regex_t>

    /// Compiles `pattern`, or says in one line why it is not one. What the C library would
    /// silently misread (`\d`, `\x41`, `[\d]`) is refused first, and so is what it could not
    /// compile within `compileMegabytes` and `compileMilliseconds` (tried in a child process).
    init(_ pattern: String) throws(UsageError) {
        if let problem = Self.problem(in: Array(pattern.utf8)) {
            throw UsageError.invalidPattern(pattern, reason: problem)
        }
        if ask_regex_probe(pattern, Self.compileMegabytes, Self.compileMilliseconds) == 0 {
            throw UsageError.invalidPattern(pattern, reason: "too slow or too large to compile")
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

    /// Whether all of `bytes` match.
    func matchesWhole(_ bytes: UnsafeRawBufferPointer) -> Bool {
        ask_regex_matches(compiled, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count) != 0
    }

    /// What a compile may take, tried first in a child process: glibc's time and memory grow
    /// fast with optional repeats (`(a?){8000}` takes seconds and gigabytes) and its recursion
    /// overflows the stack on deep nesting, none of which a scan of the pattern can foresee.
    static let compileMegabytes: Int32 = 128
    static let compileMilliseconds: Int32 = 250

    /// The last pattern compiled, kept (under `ask_lock`): it is compiled when the options are
    /// parsed, then used at every Enter. (A compiled pattern may be matched from several threads.)
    nonisolated(unsafe) private static var last: (pattern: String, compiled: ExtendedPattern)?

    /// `pattern` compiled, or why it cannot be (see `init`); the last one is kept.
    static func compiled(_ pattern: String) throws(UsageError) -> ExtendedPattern {
        ask_lock()
        defer { ask_unlock() }
        if let last, last.pattern == pattern { return last.compiled }
        let compiled = try ExtendedPattern(pattern)
        last = (pattern, compiled)
        return compiled
    }

    /// Backslash escapes glibc gives a meaning to; after any other letter or digit, a backslash
    /// is dropped (`\d` would match the letter d).
    private static let knownEscapes = Set("wWsSbB<>`'123456789".utf8)

    /// Why `pattern` must not reach the C library, or nil: what it would silently misread.
    /// Reads bytes, as `regcomp` does.
    static func problem(in pattern: [UInt8]) -> String? {
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
                    if letter == "d" || letter == "D" { return "\\\(letter) is not POSIX: use [0-9] or [^0-9]" }
                    return "\\\(letter) is not POSIX extended syntax"
                }
            } else if byte == UInt8(ascii: "[") {
                if let problem = bracketProblem(pattern, &index) { return problem }
            }
        }
        return nil
    }

    /// Reads a bracket expression from just after its `[` to just after its `]`; refuses a
    /// lone backslash inside it, which POSIX reads as itself and other syntaxes as an escape.
    private static func bracketProblem(_ pattern: [UInt8], _ index: inout Int) -> String? {
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
                    return "a backslash inside [...] is itself in POSIX: write \\\\ for one, a class such as "
                        + "[:digit:] for \\d, ] first and - last"
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
