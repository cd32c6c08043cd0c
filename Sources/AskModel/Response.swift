import AskText

/// What the person answered: how the alert ended, and the answer, one of a few shapes (which
/// control gives which is the control's to say).
///
/// Texts stay in their `TextBuffer`s (wiped by `wipe()` or when released), so a secret can be
/// written to stdout without ever becoming a `String`.
package struct Response {
    package let outcome: Outcome
    package let answer: Answer
    /// Text fields: the one the keys edited last (dialog's form answers Help for it).
    package var currentField = 0
    /// The status the call exits with, passed through from a command it ran (`--run`), when it
    /// is not the outcome's.
    package var exitStatus: Int32?

    package init(_ outcome: Outcome, _ answer: Answer) {
        self.outcome = outcome
        self.answer = answer
    }

    /// Text fields' answers: one per field, in the fields' order.
    package init(outcome: Outcome, answers: [TextBuffer]) {
        self.init(outcome, answers.isEmpty ? .nothing : .texts(answers))
    }

    /// An outcome with no text (cancelled, timed out, a button of a confirmation).
    package init(nothing outcome: Outcome) {
        self.init(outcome, .nothing)
    }

    /// The fields' texts, when the answer is text (else none).
    package var answers: [TextBuffer] {
        if case let .texts(texts) = answer { return texts }
        return []
    }

    /// The chosen choices' printed forms, when the answer is choices (else none).
    package var chosen: [[UInt8]] {
        if case let .choices(chosen, _) = answer { return chosen }
        return []
    }

    /// The chosen choices' places in the list as shown, when the answer is choices.
    package var chosenIndices: [Int] {
        if case let .choices(_, places) = answer { return places }
        return []
    }

    package func wipe() {
        for text in answers { text.wipe() }
    }
}

/// An answer's shape.
package enum Answer {
    /// Nothing to print but the outcome (a button, a gauge, a text box; or not answered).
    case nothing
    /// Text, one per field (a secret stays in its buffer).
    case texts([TextBuffer])
    /// Choices, what is printed for each in list order, and their places in the list as shown.
    case choices([[UInt8]], places: [Int])
    /// Many lines made a piece at a time as they are written (`--filter`'s matches).
    case lines(AnswerLines)
}

/// Lines of an answer made as they are written: `count` of them, line `n` appended by `append`.
package struct AnswerLines {
    package let count: Int
    package let append: (Int, inout [UInt8]) -> Void

    package init(count: Int, append: @escaping (Int, inout [UInt8]) -> Void) {
        self.count = count
        self.append = append
    }
}
