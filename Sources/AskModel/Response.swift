import AskText

/// What the person answered: how the alert ended, and each field's text, in the fields' order.
///
/// The texts stay in their `TextBuffer`s (wiped by `wipe()` or when released), so a secret can
/// be written to stdout without ever becoming a `String`.
package struct Response {
    package let outcome: Outcome
    /// One per field; none for a confirmation, or when the outcome carries no answer.
    package let answers: [TextBuffer]
    /// An action sheet's answer: what is printed for each choice chosen, in list order.
    package let chosen: [[UInt8]]

    package init(outcome: Outcome, answers: [TextBuffer], chosen: [[UInt8]] = []) {
        self.outcome = outcome
        self.answers = answers
        self.chosen = chosen
    }

    /// An outcome with no text (cancelled, timed out, a button of a confirmation).
    package init(nothing outcome: Outcome) {
        self.init(outcome: outcome, answers: [])
    }

    package func wipe() {
        for answer in answers { answer.wipe() }
    }
}
