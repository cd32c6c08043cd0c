import AskModel
/// The help sections, in the order `--help` shows them.
package enum OptionGroup: String, CaseIterable, Sendable {
    case content = "Content"
    case entry = "Entry"
    case buttons = "Buttons"
    case output = "Output"
    case behaviour = "Behaviour"
}

/// One command-line option: its names, its value, its help line and what it does to the spec.
///
/// The table below is the single source for parsing, `--help`, suggestions and the
/// consistency test that keeps the man page and the completions in step.
package struct OptionInfo: Sendable {
    package let long: String
    package let short: Character?
    /// The placeholder shown for the value (`TEXT`, `TYPE`); nil for a flag.
    package let valueName: String?
    /// The accepted values, for options that take one of a fixed set.
    package let choices: [String]?
    package let group: OptionGroup
    package let help: String
    let apply: @Sendable (inout ParsedCommand, String) throws(UsageError) -> Void

    init(_ long: String, _ short: Character? = nil, value valueName: String? = nil,
         choices: [String]? = nil, in group: OptionGroup, _ help: String,
         apply: @escaping @Sendable (inout ParsedCommand, String) throws(UsageError) -> Void) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.choices = choices
        self.group = group
        self.help = help
        self.apply = apply
    }

    package var takesValue: Bool { valueName != nil }

    /// `-t, --title TEXT` as the help shows it.
    package var synopsis: String {
        var text = short.map { "-\($0), " } ?? "    "
        text += "--" + long
        if let valueName { text += " " + valueName }
        return text
    }
}

/// What the command line asks for.
package enum ParsedCommand: Equatable, Sendable {
    case prompt(Invocation)
    case help
    case version

    /// The invocation being built; parsing only ever edits a `.prompt`.
    var invocation: Invocation {
        get { if case let .prompt(invocation) = self { return invocation } else { return Invocation() } }
        set { if case .prompt = self { self = .prompt(newValue) } }
    }

    var spec: PromptSpec {
        get { invocation.spec }
        set { invocation.spec = newValue }
    }

    var options: PresentationOptions {
        get { invocation.options }
        set { invocation.options = newValue }
    }
}

/// An alert as the command line asks for it: what it shows, how it is presented, and what
/// the command line itself adds.
package struct Invocation: Equatable, Sendable {
    package var spec = PromptSpec()
    package var options = PresentationOptions()
    /// What ends the answer on stdout.
    package var terminator: Terminator = .newline
    /// `--askpass PROMPT`: the prompt an askpass client passed (see `Askpass`).
    package var askpassPrompt: String?

    package init(spec: PromptSpec = PromptSpec(), options: PresentationOptions = PresentationOptions()) {
        self.spec = spec
        self.options = options
    }
}

/// The bytes written after the answer.
package enum Terminator: Equatable, Sendable {
    case newline
    case none
    case nul

    package var bytes: [UInt8] {
        switch self {
        case .newline: return [0x0A]
        case .none: return []
        case .nul: return [0]
        }
    }
}

extension OptionInfo {
    /// Every option `ask` understands.
    package static let all: [OptionInfo] = [
        // Content
        OptionInfo("title", "t", value: "TEXT", in: .content, "title, one line, in bold") { $0.spec.title = $1 },
        OptionInfo("message", "m", value: "TEXT", in: .content,
                   "message under the title (also the first argument)") { $0.spec.message = $1 },
        OptionInfo("placeholder", "p", value: "TEXT", in: .content, "hint shown while the field is empty") {
            $0.spec.placeholder = $1
        },
        OptionInfo("value", value: "TEXT", in: .content, "text the field starts with") { $0.spec.value = $1 },

        // Entry
        OptionInfo("secure", "s", in: .entry, "secure entry: typed text is masked, never shown") { c, _ in
            c.spec.isSecure = true
        },
        OptionInfo("mask", value: "CHAR", in: .entry, "mask glyph for secure entry ('' shows nothing)") { (c, value) throws(UsageError) in
            guard value.count <= 1 else { throw UsageError.maskTooLong(value) }
            c.spec.mask = value
        },
        OptionInfo("keyboard", "k", value: "TYPE", choices: KeyboardType.allCases.map { $0.rawValue }, in: .entry,
                   "kind of text expected") { (c, value) throws(UsageError) in
            c.spec.keyboard = try choice(value, for: "--keyboard")
        },

        OptionInfo("required", in: .entry, "refuse an empty answer") { c, _ in c.spec.validation.isRequired = true },
        OptionInfo("min-length", value: "N", in: .entry, "refuse answers shorter than N characters") { (c, value) throws(UsageError) in
            c.spec.validation.minimumLength = try count(value, for: "--min-length")
        },
        OptionInfo("max-length", value: "N", in: .entry, "type at most N characters (a counter shows)") { (c, value) throws(UsageError) in
            c.spec.validation.maximumLength = try count(value, for: "--max-length")
        },
        OptionInfo("pattern", value: "REGEX", in: .entry, "the whole answer must match REGEX (POSIX extended)") { (c, value) throws(UsageError) in
            // What the C library would misread is refused here; compiling waits for the start.
            if let problem = PatternSyntax.problem(in: Array(value.utf8)) { throw UsageError.invalidPattern(value, problem) }
            c.spec.validation.pattern = value
        },
        OptionInfo("error", value: "TEXT", in: .entry, "say TEXT when an answer is refused") {
            $0.spec.validation.errorMessage = $1
        },
        OptionInfo("repeat", in: .entry, "ask twice; accept only matching entries") { c, _ in c.spec.repeatsEntry = true },
        OptionInfo("repeat-label", value: "TEXT", in: .entry, "placeholder of the second entry (Repeat)") {
            $0.spec.repeatLabel = $1
        },
        OptionInfo("allow-reveal", in: .entry, "in secure entry, Ctrl-R shows the text") { c, _ in
            c.spec.allowsReveal = true
        },
        OptionInfo("no-field", in: .entry, "no text field: a confirmation with buttons only") { c, _ in
            c.spec.hasField = false
        },

        // Buttons
        OptionInfo("ok", value: "LABEL", in: .buttons, "label of the OK button") { $0.spec.okLabel = $1 },
        OptionInfo("cancel", value: "LABEL", in: .buttons, "label of the Cancel button") { $0.spec.cancelLabel = $1 },
        OptionInfo("no-cancel", in: .buttons, "no Cancel button (Esc still cancels)") { c, _ in
            c.spec.cancelLabel = nil
        },
        OptionInfo("secondary", value: "LABEL", in: .buttons, "add a secondary button (exit status 3)") {
            $0.spec.secondaryLabel = $1
        },
        OptionInfo("destructive", in: .buttons, "draw OK as destructive; Return then means Cancel") { c, _ in
            c.spec.isDestructive = true
        },
        OptionInfo("default-button", value: "ROLE", choices: ButtonRole.allCases.map { $0.rawValue }, in: .buttons,
                   "the button Return activates") { (c, value) throws(UsageError) in
            c.spec.defaultButton = try choice(value, for: "--default-button")
        },

        // Output
        OptionInfo("no-newline", "n", in: .output, "do not end the answer with a newline") { c, _ in
            c.invocation.terminator = .none
        },
        OptionInfo("null", "0", in: .output, "end the answer with NUL instead of a newline") { c, _ in
            c.invocation.terminator = .nul
        },

        // Behaviour
        OptionInfo("color", value: "WHEN", choices: ColorMode.allCases.map { $0.rawValue }, in: .behaviour,
                   "use colour") { (c, value) throws(UsageError) in
            c.options.color = try choice(value, for: "--color")
        },
        OptionInfo("width", value: "N", in: .behaviour, "width of the alert in columns") { (c, value) throws(UsageError) in
            guard let width = Int(value), width > 0 else { throw UsageError.invalidNumber(option: "--width", value: value) }
            c.options.width = width
        },
        OptionInfo("timeout", value: "SECONDS", in: .behaviour,
                   "give up after SECONDS (exit 124), above 0 and at most \(Int(Deadline.longest))") { (c, value) throws(UsageError) in
            c.options.timeout = try seconds(value, for: "--timeout")
        },
        OptionInfo("fallback", value: "MODE", choices: Fallback.allCases.map { $0.rawValue }, in: .behaviour,
                   "without a terminal (default: $ASK_FALLBACK or fail)") { (c, value) throws(UsageError) in
            c.options.fallback = try choice(value, for: "--fallback")
        },
        OptionInfo("stdin", in: .behaviour, "read the answer from standard input, one line (at most 1 MiB)") { c, _ in
            c.options.readsStandardInput = true
        },
        OptionInfo("plain", in: .behaviour, "lines only: no cursor movement, no colour") { c, _ in c.options.isPlain = true },
        OptionInfo("askpass", value: "PROMPT", in: .behaviour, "act as an SSH/sudo/git askpass helper") { (c, value) throws(UsageError) in
            c.invocation.askpassPrompt = value
        },
        OptionInfo("help", "h", in: .behaviour, "show this help and exit") { c, _ in c = .help },
        OptionInfo("version", in: .behaviour, "show the version and exit") { c, _ in c = .version },
    ]

    /// The option named `--long`, if any.
    package static func named(_ long: String) -> OptionInfo? { all.first { $0.long == long } }

    /// The option named `-c`, if any.
    package static func short(_ character: Character) -> OptionInfo? { all.first { $0.short == character } }
}

/// Parses a count: a whole number, 0 or more.
func count(_ value: String, for option: String) throws(UsageError) -> Int {
    guard let number = Int(value), number >= 0 else { throw UsageError.invalidNumber(option: option, value: value) }
    return number
}

/// Parses a time in seconds, more than 0 and at most `Deadline.longest`: digits with an optional
/// fraction (`30`, `1.5`, `.5`, `+5`). Not `Double(_:)`, which also takes `1e3`, `0x10`, `inf`
/// and `nan`. Anything else, or beyond, is one usage error.
func seconds(_ value: String, for option: String) throws(UsageError) -> Double {
    var seconds = 0.0
    var scale = 1.0
    var digits = 0
    var seenPoint = false
    for (offset, byte) in value.utf8.enumerated() {
        if offset == 0 && byte == UInt8(ascii: "+") { continue }
        if byte == UInt8(ascii: "."), !seenPoint {
            seenPoint = true
            continue
        }
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
            throw UsageError.invalidSeconds(option: option, value: value)
        }
        digits += 1
        let digit = Double(byte - UInt8(ascii: "0"))
        if seenPoint {
            scale /= 10
            seconds += digit * scale
        } else {
            seconds = seconds * 10 + digit
        }
    }
    guard digits > 0, seconds > 0, seconds <= Deadline.longest else { throw UsageError.invalidSeconds(option: option, value: value) }
    return seconds
}

/// Parses one of a fixed set of values, or says which ones are valid.
func choice<T: RawRepresentable & CaseIterable>(_ value: String, for option: String) throws(UsageError) -> T
where T.RawValue == String {
    guard let result = T(rawValue: value) else {
        throw UsageError.invalidChoice(option: option, value: value, choices: T.allCases.map { $0.rawValue })
    }
    return result
}
