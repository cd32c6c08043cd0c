import AskText
import AskSystem

/// What the person answered: how the alert ended, and the field's text.
///
/// The text stays in its `TextBuffer` (wiped by `wipe()` or when released), so a secret can
/// be written to stdout without ever becoming a `String`.
package struct Response {
    package let outcome: Outcome
    package let text: TextBuffer

    package init(outcome: Outcome, text: TextBuffer) {
        self.outcome = outcome
        self.text = text
    }

    /// An outcome with no text (cancelled, timed out, a button of a confirmation).
    init(nothing outcome: Outcome) {
        self.init(outcome: outcome, text: TextBuffer(capacity: 16))
    }

    /// Writes the answer and `terminator` to `fd` with one `writev` (no copy of the text is
    /// made; a short answer reaches a pipe in one piece). Returns the error, if it failed.
    package func write(terminator: Terminator, to fd: Int32) -> SystemError? {
        let ending = terminator.bytes
        return text.withBytes { answer in
            ending.withUnsafeBytes { end in Descriptor.writeAll(fd, [answer, end]) }
        }
    }

    package func wipe() { text.wipe() }
}
