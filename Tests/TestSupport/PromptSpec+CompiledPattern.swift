import AskKit
import AskModel
import AskSystem

extension PromptSpec {
    /// `--pattern` compiled as the alert's start compiles it (without the trial in a child
    /// process: tests match, they do not probe).
    package var compiledPattern: AnswerPattern? {
        guard let source = validation.pattern, let compiled = try? RegularExpression(source, probe: false) else { return nil }
        return AnswerPattern { compiled.matchesWhole($0) }
    }
}
