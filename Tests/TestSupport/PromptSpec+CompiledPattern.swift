import AskChoices
import AskFields
import AskGauge
import AskKit
import AskModel
import AskRender
import AskSession
import AskLayout
import AskText
import AskPresentation
import AskSystem
import AskTextBox

extension FieldSpec {
    /// `--pattern` compiled as the alert's start compiles it (without the trial in a child
    /// process: tests match, they do not probe).
    package var compiledPattern: AnswerPattern? {
        guard let source = validation.pattern, let compiled = try? RegularExpression(source, probe: false) else { return nil }
        return AnswerPattern { compiled.matchesWhole($0) }
    }
}

extension PromptSpec {
    /// Every field's `--pattern` compiled, by the field's place.
    package var compiledPatterns: [AnswerPattern?] { fields.map { $0.compiledPattern } }
}
