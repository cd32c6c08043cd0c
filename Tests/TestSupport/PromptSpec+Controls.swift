import AskChoices
import AskFields
import AskGauge
import AskKit
import AskLayout
import AskModel
import AskRender
import AskSession
import AskText
import AskTextBox

// The tests build an alert as the front ends do, a `PromptSpec`, and hand it to a control's
// parts: each takes the chrome and its own body, as `Presentation.present` gives them.

extension AlertContent {
    package init(spec: PromptSpec, charset: Charset, usesColor: Bool, timeout: Double? = nil, theme: Theme = Theme()) {
        self.init(chrome: spec.framed, charset: charset, usesColor: usesColor, timeout: timeout, theme: theme)
    }
}

extension PromptState {
    package init(spec: PromptSpec, patterns: [AnswerPattern?] = [], linesAtATime: Bool = false,
                 files: FieldFiles = .none) {
        self.init(chrome: spec.chrome, fields: spec.fields, patterns: patterns, linesAtATime: linesAtATime, files: files)
    }
}

extension FieldsControl {
    package init(spec: PromptSpec, patterns: [AnswerPattern?] = [], plain: Bool = false, loadingField: Int? = nil) {
        self.init(chrome: spec.chrome, fields: spec.fields, patterns: patterns, plain: plain, loadingField: loadingField)
    }
}

extension SheetState {
    package init(spec: PromptSpec, loading: Bool, namesChoices: Bool = false, limits: ChoiceList.Limits = .standard) {
        self.init(chrome: spec.chrome, sheet: spec.sheet ?? SheetSpec(), loading: loading, namesChoices: namesChoices, limits: limits)
    }

    package init(spec: PromptSpec, list: ChoiceList, namesChoices: Bool = false) {
        self.init(chrome: spec.chrome, sheet: spec.sheet ?? SheetSpec(), list: list, namesChoices: namesChoices)
    }
}

extension ChoicesControl {
    package init(spec: PromptSpec, plain: Bool = false, limits: ChoiceList.Limits = .standard) {
        self.init(chrome: spec.chrome, sheet: spec.sheet ?? SheetSpec(), plain: plain, limits: limits)
    }

    package init(spec: PromptSpec, plain: Bool = false, list: ChoiceList) {
        self.init(chrome: spec.chrome, sheet: spec.sheet ?? SheetSpec(), plain: plain, list: list)
    }
}

extension GaugeState {
    package init(spec: PromptSpec) { self.init(chrome: spec.chrome, gauge: spec.gauge ?? GaugeSpec()) }
}

extension GaugeControl {
    package init(spec: PromptSpec) { self.init(chrome: spec.chrome, gauge: spec.gauge ?? GaugeSpec()) }
}

extension TextControl {
    package init(spec: PromptSpec, text: [UInt8], loading: Bool = false) {
        self.init(chrome: spec.chrome, text: spec.text ?? TextSpec(), first: text, loading: loading)
    }
}
