import AskModel

/// How the alert looks on this terminal: decided once from the environment and the options.
package struct Appearance: Equatable, Sendable {
    package var charset: Charset
    package var usesColor: Bool
    /// `--width`: the box's width, overriding the one chosen from the content.
    package var preferredWidth: Int?
    /// Lines only, no cursor movement (`--plain`, `TERM=dumb`).
    package var isPlain: Bool
    /// `--keep` (or `ASK_KEEP`): when the alert closes, a line stays in its place saying what
    /// was answered (`KeptLine`).
    package var keepsAnswer = false

    package init(charset: Charset = .utf8, usesColor: Bool = false, preferredWidth: Int? = nil, isPlain: Bool = false) {
        self.charset = charset
        self.usesColor = usesColor
        self.preferredWidth = preferredWidth
        self.isPlain = isPlain
    }

    /// UTF-8 from the locale; colour as `--color` says, where `auto` means a TERM that is set
    /// and not `dumb`, and NO_COLOR unset or empty (https://no-color.org).
    /// `ACCESSIBLE` set to anything but empty, `0` or `false` (the switch huh, the GitHub CLI and
    /// slack-cli honour): plain mode, for screen readers.
    package static func asksForAccessibility(_ environment: Environment) -> Bool { environment.switchesOn("ACCESSIBLE") }

    package static func from(environment: Environment, options: PresentationOptions = PresentationOptions()) -> Appearance {
        let usesColor: Bool
        switch options.color {
        case .always: usesColor = true
        case .never: usesColor = false
        case .auto:
            let term = environment["TERM"] ?? ""
            usesColor = !term.isEmpty && term != "dumb" && (environment["NO_COLOR"] ?? "").isEmpty
        }
        let isPlain = options.isPlain || environment["TERM"] == "dumb" || Self.asksForAccessibility(environment)
        var appearance = Appearance(charset: .fromEnvironment(environment), usesColor: usesColor && !isPlain,
                                    preferredWidth: options.width, isPlain: isPlain)
        appearance.keepsAnswer = options.keepsAnswer || environment.switchesOn("ASK_KEEP")
        return appearance
    }
}
