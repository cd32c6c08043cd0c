import AskModel

/// `--pattern` ready to check answers: the system layer compiles it when the alert starts and
/// gives this its matcher, so the rules themselves never reach the C library. It matches the
/// answer's bytes where they lie (a secret is never copied to be checked).
package struct AnswerPattern {
    let matchesWhole: (UnsafeRawBufferPointer) -> Bool

    package init(matchesWhole: @escaping (UnsafeRawBufferPointer) -> Bool) {
        self.matchesWhole = matchesWhole
    }
}
