/// How the alert looks on this terminal: decided once from the environment and the options.
public struct Appearance: Equatable, Sendable {
    public var charset: Charset
    public var usesColor: Bool
    /// `--width`: the box's width, overriding the one chosen from the content.
    public var preferredWidth: Int?
    /// Lines only, no cursor movement (`--plain`, `TERM=dumb`).
    public var isPlain: Bool

    public init(charset: Charset = .utf8, usesColor: Bool = false, preferredWidth: Int? = nil, isPlain: Bool = false) {
        self.charset = charset
        self.usesColor = usesColor
        self.preferredWidth = preferredWidth
        self.isPlain = isPlain
    }

    /// UTF-8 from the locale; colour as `--color` says, where `auto` means a TERM that is set
    /// and not `dumb`, and NO_COLOR unset or empty (https://no-color.org).
    public static func from(environment: Environment, spec: PromptSpec = PromptSpec()) -> Appearance {
        let usesColor: Bool
        switch spec.color {
        case .always: usesColor = true
        case .never: usesColor = false
        case .auto:
            let term = environment["TERM"] ?? ""
            usesColor = !term.isEmpty && term != "dumb" && (environment["NO_COLOR"] ?? "").isEmpty
        }
        let isPlain = spec.isPlain || environment["TERM"] == "dumb"
        return Appearance(charset: .fromEnvironment(environment), usesColor: usesColor && !isPlain, preferredWidth: spec.width,
                          isPlain: isPlain)
    }
}
