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
    /// The colours and attributes of the roles (`ASK_COLORS`), its unreadable colours taken off.
    package var theme = Theme()
    /// What is wrong with the theme, in one line: a line that could not be read (the default
    /// look is used), or colours taken off for their contrast.
    package var themeWarning: String?

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
        appearance.takeTheme(options.colors ?? environment["ASK_COLORS"].map { ColorSetting(name: "ASK_COLORS", value: $0) },
                             background: Theme.Background.from(colorFGBG: environment["COLORFGBG"]))
        return appearance
    }

    /// The theme `setting` gives: read, its colours dropped for `mono`, and each colour below
    /// 3:1 against the background (the base theme's, else `background`, else black and white
    /// both) taken off.
    mutating func takeTheme(_ setting: ColorSetting?, background: Theme.Background?) {
        guard let setting, !setting.value.isEmpty else { return }
        switch Theme.parse(setting.value) {
        case let .failure(problem):
            themeWarning = "\(setting.name): \(problem.description); the default look is used"
        case let .success(theme):
            self.theme = theme
            if theme.isMono { usesColor = false }
            guard usesColor else { return }
            let assumed = theme.assumedBackground
            let (readable, unreadable) = theme.readable(on: assumed == .unknown ? background ?? .unknown : assumed)
            self.theme = readable
            if !unreadable.isEmpty {
                themeWarning = "\(setting.name): \(unreadable.joined(separator: ", ")) below \(Int(Theme.leastContrast)):1; "
                    + "drawn in the terminal's own colour"
            }
        }
    }
}
