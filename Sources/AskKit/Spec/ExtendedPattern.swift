import CAskSystem

/// `--pattern`: a POSIX extended regular expression (the syntax of `grep -E`) that must match
/// the whole answer. It is matched by the C library on the answer's UTF-8 bytes where they lie,
/// so a secret is never copied to be checked. Bytes, not characters: `.` is one byte, and
/// `[[:alpha:]]` is ASCII.
final class ExtendedPattern {
    private let compiled: UnsafeMutablePointer<regex_t>

    /// Compiles `pattern`, or says in one line why it is not one. What the C library would
    /// silently misread (`\d`, `\x41`, `[\d]`) or take seconds and gigabytes to compile (repeats
    /// of repeats) is refused first.
    init(_ pattern: String) throws(UsageError) {
        if let problem = Self.problem(in: Array(pattern.utf8)) {
            throw UsageError.invalidPattern(pattern, reason: problem)
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

    /// How big the compiled expression may get, counted as glibc builds it (each `{n}` copies
    /// what it repeats n times): at this size it compiles in a few milliseconds.
    static let largestExpansion = 100_000

    /// Backslash escapes glibc gives a meaning to; after any other letter or digit, a backslash
    /// is dropped (`\d` would match the letter d).
    private static let knownEscapes = Set("wWsSbB<>`'123456789".utf8)

    /// Why `pattern` must not reach the C library, or nil. Reads bytes, as `regcomp` does.
    static func problem(in pattern: [UInt8]) -> String? {
        // Per open group: the size of the alternatives so far, of the current one, and of the
        // last atom (what a repeat applies to).
        var groups: [(alternatives: Int, current: Int, last: Int)] = [(0, 0, 0)]
        var index = 0
        func atom(_ size: Int) {
            groups[groups.count - 1].current = saturatingAdd(groups[groups.count - 1].current, size)
            groups[groups.count - 1].last = size
        }
        while index < pattern.count {
            let byte = pattern[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\\"):
                guard index < pattern.count else { return nil }  // regcomp says: trailing backslash
                let escaped = pattern[index]
                index += 1
                if isAlphanumeric(escaped) && !knownEscapes.contains(escaped) {
                    let letter = Character(Unicode.Scalar(escaped))
                    if letter == "d" || letter == "D" { return "\\\(letter) is not POSIX: use [0-9] or [^0-9]" }
                    return "\\\(letter) is not POSIX extended syntax"
                }
                atom(1)
            case UInt8(ascii: "["):
                if let problem = bracketProblem(pattern, &index) { return problem }
                atom(1)
            case UInt8(ascii: "("):
                groups.append((0, 0, 0))
            case UInt8(ascii: ")") where groups.count > 1:
                let group = groups.removeLast()
                atom(max(saturatingAdd(group.alternatives, group.current), 1))
            case UInt8(ascii: "|"):
                let group = groups[groups.count - 1]
                groups[groups.count - 1] = (saturatingAdd(group.alternatives, group.current), 0, 0)
            case UInt8(ascii: "{"):
                guard let (count, end) = interval(pattern, from: index) else {
                    atom(1)
                    continue
                }
                index = end
                let group = groups[groups.count - 1]
                let repeated = saturatingMultiply(group.last, count)
                groups[groups.count - 1].current = saturatingAdd(group.current - group.last, repeated)
                groups[groups.count - 1].last = repeated
            case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"):
                break  // no copies
            default:
                atom(1)
            }
            let size = groups.reduce(0) { saturatingAdd($0, saturatingAdd($1.alternatives, $1.current)) }
            if size > largestExpansion { return "too large once its repeats are expanded" }
        }
        return nil
    }

    /// Reads a bracket expression from just after its `[` to just after its `]`; refuses a
    /// backslash before a letter inside it, which POSIX reads as a backslash and the letter.
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
            if byte == UInt8(ascii: "\\"), index + 1 < pattern.count, isLetter(pattern[index + 1]) {
                let letter = Character(Unicode.Scalar(pattern[index + 1]))
                return "inside [...] \\\(letter) is a backslash and '\(letter)' in POSIX: use a class such as [:digit:]"
            }
            index += 1
        }
        return nil  // unterminated: regcomp says so
    }

    /// The largest count of a valid interval `{m}`, `{m,}` or `{m,n}` starting just after its
    /// `{`, and the index after its `}`; nil when it is not one.
    private static func interval(_ pattern: [UInt8], from start: Int) -> (count: Int, end: Int)? {
        var index = start
        var numbers: [Int] = [0]
        var digits = 0
        while index < pattern.count {
            let byte = pattern[index]
            index += 1
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + Int(byte - UInt8(ascii: "0")), 1 << 20)
                digits += 1
            } else if byte == UInt8(ascii: ","), numbers.count == 1 {
                numbers.append(-1)
                if index < pattern.count && pattern[index] == UInt8(ascii: "}") { break }
                numbers[1] = 0
            } else if byte == UInt8(ascii: "}") {
                break
            } else {
                return nil
            }
        }
        guard digits > 0, index <= pattern.count, pattern[index - 1] == UInt8(ascii: "}") || numbers.last == -1 else { return nil }
        if numbers.last == -1 { index += 1 }  // `{m,}`: the `}` was left unread
        let count = numbers.count == 2 && numbers[1] >= 0 ? max(numbers[0], numbers[1]) : numbers[0] + 1
        return (max(count, 1), index)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func saturatingAdd(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    private static func saturatingMultiply(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : product
    }
}
