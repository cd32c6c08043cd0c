/// How an alert is presented, beside what it shows (`PromptSpec`): how long it waits, how it
/// looks on this terminal, and what answers when there is no terminal.
package struct PresentationOptions: Equatable, Sendable {
    /// `--timeout`: seconds to wait for an answer.
    package var timeout: Double?
    /// `--fallback`: what to do without a terminal (nil: `ASK_FALLBACK`, else fail).
    package var fallback: Fallback?
    /// `--stdin`: read the answer from standard input even when there is a terminal.
    package var readsStandardInput = false
    /// `--color`: whether to use colour.
    package var color: ColorMode = .auto
    /// `--width`: the box's width in columns, instead of one chosen to fit the content.
    package var width: Int?
    /// `--plain` (or `TERM=dumb`): lines only, no cursor movement, no colour.
    package var isPlain = false
    /// `--keep`: a line saying what was answered stays where the alert was.
    package var keepsAnswer = false
    /// `--filter`: an action sheet's matches of its query are printed, best first, and nothing
    /// is asked: no terminal is opened.
    package var printsMatches = false
    /// The theme, instead of `ASK_COLORS`: a personality's own colours in its syntax.
    package var colors: ColorSetting?

    package init(timeout: Double? = nil, fallback: Fallback? = nil, readsStandardInput: Bool = false,
                 color: ColorMode = .auto, width: Int? = nil, isPlain: Bool = false) {
        self.timeout = timeout
        self.fallback = fallback
        self.readsStandardInput = readsStandardInput
        self.color = color
        self.width = width
        self.isPlain = isPlain
    }
}

/// A theme's line (`ASK_COLORS`'s syntax) and the name of what it came from, for its warnings.
package struct ColorSetting: Equatable, Sendable {
    package var name: String
    package var value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What answers when there is no terminal to prompt on.
package enum Fallback: String, CaseIterable, Sendable {
    /// Nothing: fail at once, saying why.
    case fail
    /// Read the answer, one line, from standard input.
    case stdin
    /// Answer with the field's starting text.
    case value
}

/// When to use colour.
package enum ColorMode: String, CaseIterable, Sendable {
    /// On a terminal whose TERM is set and not `dumb`, unless NO_COLOR is set and not empty.
    case auto
    case always
    case never
}
