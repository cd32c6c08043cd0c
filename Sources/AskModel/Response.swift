import AskText

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
    package init(nothing outcome: Outcome) {
        self.init(outcome: outcome, text: TextBuffer(capacity: 16))
    }

    package func wipe() { text.wipe() }
}
