import CAskSystem

/// A POSIX extended regular expression compiled by the C library, matched against bytes where
/// they lie (a secret is never copied to be checked). Bytes, not characters: `.` is one byte,
/// and `[[:alpha:]]` is ASCII.
package final class RegularExpression: @unchecked Sendable {
    /// Why a pattern could not be compiled.
    package enum Failure: Error, Equatable, Sendable {
        /// The C library's own reason (`regerror`).
        case invalid(String)
        /// It did not compile within `compileMegabytes` and `compileMilliseconds`.
        case tooComplex
    }

    private let compiled: UnsafeMutablePointer<regex_t>

    /// What a compile may take, tried first in a child process: glibc's time and memory grow
    /// fast with optional repeats (`(a?){8000}` takes seconds and gigabytes) and its recursion
    /// overflows the stack on deep nesting, none of which a scan of the pattern can foresee.
    package static let compileMegabytes: Int32 = 128
    package static let compileMilliseconds: Int32 = 250

    /// Compiles `pattern`. `probe`: try it first in a child process held to what a compile may
    /// take (what a program's start does once; a test that only matches can leave it out).
    package init(_ pattern: String, probe: Bool = true) throws(Failure) {
        if probe && ask_regex_probe(pattern, Self.compileMegabytes, Self.compileMilliseconds) == 0 {
            throw Failure.tooComplex
        }
        var reason = [CChar](repeating: 0, count: 160)
        let compiled = reason.withUnsafeMutableBufferPointer { ask_regex_compile(pattern, $0.baseAddress, $0.count) }
        guard let compiled else {
            let text = reason.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw Failure.invalid(text.isEmpty ? "not a regular expression" : text)
        }
        self.compiled = compiled
    }

    deinit { ask_regex_free(compiled) }

    /// Whether all of `bytes` match. (regexec may be called from several threads on one
    /// compiled expression.)
    package func matchesWhole(_ bytes: UnsafeRawBufferPointer) -> Bool {
        ask_regex_matches(compiled, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count) != 0
    }
}
