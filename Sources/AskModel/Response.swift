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
    /// The chosen choices' places in the list as shown, counted from 0, in list order.
    package let chosenIndices: [Int]
    /// `--filter`: a sheet whose every match is printed, in the order shown (`SheetState.appendAnswer`).
    package let listing: SheetState?

    package init(outcome: Outcome, answers: [TextBuffer], chosen: [[UInt8]] = [], chosenIndices: [Int] = [],
                 listing: SheetState? = nil) {
        self.outcome = outcome
        self.answers = answers
        self.chosen = chosen
        self.chosenIndices = chosenIndices
        self.listing = listing
    }

    /// Every match of `sheet`'s query, printed as its answers are, in the order shown.
    package init(listing sheet: SheetState) {
        self.init(outcome: .accepted(.ok), answers: [], listing: sheet)
    }

    /// An action sheet's answer: what `sheet` has chosen.
    package init(_ outcome: Outcome = .accepted(.ok), chosenIn sheet: borrowing SheetState) {
        self.init(outcome: outcome, answers: [], chosen: sheet.answers(), chosenIndices: sheet.chosen)
    }

    /// An outcome with no text (cancelled, timed out, a button of a confirmation).
    package init(nothing outcome: Outcome) {
        self.init(outcome: outcome, answers: [])
    }

    package func wipe() {
        for answer in answers { answer.wipe() }
    }
}
