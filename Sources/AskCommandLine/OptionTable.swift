import AskChoices
import AskFields
import AskKit
import AskGauge
import AskModel
import AskOutput
import AskPinentry
import AskPresentation
import AskRange
import AskTextBox

/// The help sections, in the order `--help` shows them.
package enum OptionGroup: String, CaseIterable, Sendable {
    case content = "Content"
    /// The options that describe one field (`OptionInfo.describesField`).
    case field = "Field"
    /// The options of an action sheet: choices instead of a field.
    case choices = "Choices"
    case buttons = "Buttons"
    case output = "Output"
    case behaviour = "Behaviour"

    /// What the help says under the heading, if anything.
    package var note: String? {
        switch self {
        case .field:
            return "Each describes the field of the nearest --field before it (after --login, the Password field)."
        case .choices:
            return "A choice makes the alert an action sheet: Up/Down move, typing filters, Return"
                + " chooses, 1-9 choose at once (up to nine choices), Space marks (--multiple), Tab"
                + " reaches Cancel (and Done with --multiple), Esc cancels. Filtering: the matches best"
                + " first; fzf's syntax: terms all match (space), a|b either, 'exact, ^prefix,"
                + " suffix$, !not; case ignored unless a term has a capital."
        case .content, .buttons, .output, .behaviour:
            return nil
        }
    }
}

/// One command-line option: its names, its value, its help line, its man page entry and what it
/// does to the command.
///
/// The table below is the single source for parsing (`ArgumentDialect.ask`), the rules between
/// options (its relations: `Invocation.validateRelations`), `--help`, suggestions, the shell
/// completions and the man page's OPTIONS (`Documentation`, written by `make docs`).
package struct OptionInfo: Sendable {
    package let long: String
    package let short: Character?
    /// The placeholder shown for the value (`TEXT`, `TYPE`); nil for a flag.
    package let valueName: String?
    /// The accepted values, for options that take one of a fixed set, each with a few words
    /// that the completions show beside it (fish and zsh).
    package let values: [Value]?
    package let group: OptionGroup
    package let help: String
    /// The body it makes the alert (`--field`, `--choice`, `--gauge`): the first such option
    /// given fixes the alert's body, and another body's is a usage error with it.
    package let fixes: AlertBody?
    /// The bodies it goes with: its own, for an option that fixes one; else, unless the table
    /// says otherwise, fields for a field option, choices for one of a sheet, and any for the
    /// others. Given in an alert of another body, it is a usage error (`OptionInfo.refusal`).
    package let bodies: Set<AlertBody>
    /// Options refused with it, and in which words (either of the two may declare the pair).
    package let conflicts: [OptionConflict]
    /// Options that undo it or that it undoes: the last given counts (the completions offer one).
    package let undoes: [String]
    /// An option it says something about, which must be given too (`--on-timeout`: `--timeout`).
    package let requires: String?
    /// How often it may be given, when not as often as one likes.
    package let once: OptionOnce?
    /// It says which fields the alert has (`--field`, `--login`, `--no-field`): the first such
    /// option replaces the alert's one field (and those it conflicts with are usage errors with it).
    package let declaresFields: Bool
    /// It may be given again to add another (`--choice`), apart from the field options.
    let repeats: Bool
    let apply: @Sendable (inout ParsedCommand, String) throws(UsageError) -> Void
    /// For an option whose value is kept as given (a choice, which may be any bytes): takes the
    /// value's bytes as they were in argv, not the text made of them (`apply` then makes bytes
    /// of a text, for callers that have only text).
    let applyBytes: (@Sendable (inout ParsedCommand, [UInt8]) throws(UsageError) -> Void)?

    init(_ long: String, _ short: Character? = nil, value valueName: String? = nil,
         values: [Value]? = nil, in group: OptionGroup, _ help: String, fixes: AlertBody? = nil,
         goesWith bodies: Set<AlertBody>? = nil, conflicts: [OptionConflict] = [], undoes: [String] = [],
         requires: String? = nil, once: OptionOnce? = nil, declaresFields: Bool = false, repeats: Bool = false,
         applyBytes: (@Sendable (inout ParsedCommand, [UInt8]) throws(UsageError) -> Void)? = nil,
         apply: @escaping @Sendable (inout ParsedCommand, String) throws(UsageError) -> Void) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.values = values
        self.group = group
        self.help = help
        self.fixes = fixes
        self.bodies = bodies ?? fixes.map { [$0] } ?? {
            switch group {
            case .field: [.fields]
            case .choices: [.choices]
            case .content, .buttons, .output, .behaviour: Set(AlertBody.allCases)
            }
        }()
        self.conflicts = conflicts
        self.undoes = undoes
        self.requires = requires
        self.once = once
        self.declaresFields = declaresFields
        self.repeats = repeats
        self.apply = apply
        self.applyBytes = applyBytes
    }

    /// An option that takes its value's bytes as they are (`applyBytes`).
    init(_ long: String, value valueName: String, in group: OptionGroup, _ help: String, fixes: AlertBody? = nil,
         once: OptionOnce? = nil, repeats: Bool = false,
         takingBytes apply: @escaping @Sendable (inout ParsedCommand, [UInt8]) throws(UsageError) -> Void) {
        self.init(long, value: valueName, in: group, help, fixes: fixes, once: once, repeats: repeats,
                  applyBytes: apply) { (command, text) throws(UsageError) in try apply(&command, Array(text.utf8)) }
    }

    /// One of the values an option takes from a fixed set, and what it means in a few words.
    package struct Value: Sendable {
        package let name: String
        package let words: String
    }

    /// Every case of `T` as a value, with the words `words` gives it (a switch over the cases,
    /// so a new case cannot be left without any).
    static func values<T: RawRepresentable & CaseIterable>(of type: T.Type, _ words: (T) -> String) -> [Value]
    where T.RawValue == String {
        T.allCases.map { Value(name: $0.rawValue, words: words($0)) }
    }

    /// The names of `values`, for options that take one of a fixed set.
    package var choices: [String]? { values?.map { $0.name } }

    package var takesValue: Bool { valueName != nil }

    /// Its value names a file (`FILE`): the completions offer file names.
    package var takesFile: Bool { valueName == "FILE" }

    /// It describes one field (`--secure`, `--placeholder`): the one the nearest `--field`
    /// before it added, the last field so far. The table marks them by their group.
    package var describesField: Bool { group == .field }

    /// It may be given more than once to some effect: `--field` adds a field each time, a
    /// field option describes the field before it, `--choice` adds a choice each time.
    package var isRepeatable: Bool { describesField || (declaresFields && takesValue) || repeats }

    /// Its names as given on the command line: `-t`, `--title`.
    package var names: [String] { (short.map { ["-\($0)"] } ?? []) + ["--" + long] }

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
    /// Pinentry mode (`--pinentry`, or a name beginning or ending with `pinentry`), with
    /// pinentry's options.
    case pinentry(PinentryOptions)
    case help
    case version
    /// Another program's box (`whiptail`), drawn by `ask`, answered as that program answers.
    case compat(CompatInvocation)
    /// That program's `--help` and `--version`.
    case compatHelp(Personality)
    case compatVersion(Personality)
    /// A command line that program would refuse: the message, and its status.
    case compatRefused(Personality, CompatUsageError)

    /// The invocation being built; parsing only ever edits a `.prompt`.
    var invocation: Invocation {
        get { if case let .prompt(invocation) = self { return invocation } else { return Invocation() } }
        set { if case .prompt = self { self = .prompt(newValue) } }
    }

    var spec: PromptSpec {
        get { invocation.spec }
        set { invocation.spec = newValue }
    }

    /// The field the field options describe: the last one so far, that is the one the nearest
    /// `--field` before them added (with `--no-field`, none: they are ignored, as the alert has
    /// no field to show them).
    var field: FieldSpec {
        get { spec.fields.last ?? FieldSpec() }
        set { invocation.spec.editFields { if !$0.isEmpty { $0[$0.count - 1] = newValue } } }
    }

    /// The action sheet being built: the first option of one makes the alert a sheet (the
    /// fields given before it are dropped; `Invocation.validate` says what cannot go with it).
    var sheet: SheetSpec { spec.sheet ?? SheetSpec() }

    /// Edits the sheet being built in place, making the alert one. (Each edit takes the sheet out
    /// of the spec first: with a second reference to it, an append would copy every choice before
    /// it, and ten thousand `--choice` would cost seconds.)
    mutating func editSheet(_ edit: (inout SheetSpec) -> Void) {
        var sheet = self.sheet
        invocation.spec.body = .fields([])
        edit(&sheet)
        invocation.spec.body = .choices(sheet)
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

extension PromptSpec {
    /// `--login`: the fields of iOS's login alert, a user name and a secure password.
    package static let loginFields = [FieldSpec(label: "User Name"), FieldSpec(label: "Password", isSecure: true)]
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
        OptionInfo("field", value: "LABEL", in: .content, "add a text field labelled LABEL (repeatable)",
                   fixes: .fields,
                   conflicts: [OptionConflict("login"), OptionConflict("no-field")], declaresFields: true) { c, label in c.invocation.spec.editFields { $0.append(FieldSpec(label: label)) } },
        OptionInfo("login", in: .content, "a User Name field and a secure Password field",
                   fixes: .fields,
                   conflicts: [OptionConflict("no-field")], declaresFields: true) { c, _ in
            // Given again, it changes nothing (the fields are only empty before the first).
            if c.spec.fields.isEmpty { c.invocation.spec.editFields { $0 = PromptSpec.loginFields } }
        },
        OptionInfo("no-field", in: .content, "no text field: a confirmation with buttons only",
                   fixes: .fields, declaresFields: true) { c, _ in
            c.invocation.spec.editFields { $0 = [] }
        },
        OptionInfo("gauge", in: .content, "a progress bar, fed percentages on standard input", fixes: .gauge) { c, _ in c.invocation.spec.body = .gauge(GaugeSpec()) },

        OptionInfo("range", value: "LOW:HIGH[:START]", in: .content,
                   "a whole number from LOW to HIGH, moved with the arrows and typed digits (starting at START, else LOW)",
                   fixes: .range) { (c, value) throws(UsageError) in
            c.invocation.spec.body = .range(try range(value))
        },
                OptionInfo("info", in: .content, "an info box: the message drawn and left on the screen, at once", fixes: .info) { c, _ in c.invocation.spec.body = .text(TextSpec()) },
        OptionInfo("text-file", value: "FILE", in: .content, "a text box: FILE shown to be read, scrolled, OK to close", fixes: .textBox) { c, path in c.invocation.spec.body = .text(TextSpec(file: path)) },
        OptionInfo("output", in: .content, "an output box: the last lines of standard input shown as they come", fixes: .output) { c, _ in c.invocation.spec.body = .output(OutputSpec()) },
        OptionInfo("run", in: .content, "run the command after --: its output shown as it comes, its status the call's", fixes: .output) { c, _ in
            c.invocation.spec.body = .output(OutputSpec(source: .command([])))
        },
        OptionInfo("ok-at-end", in: .content, "an output box waits for OK once the output has ended", goesWith: [.output]) { _, _ in },

        // Field
        OptionInfo("placeholder", "p", value: "TEXT", in: .field, "hint shown while the field is empty") {
            $0.field.placeholder = $1
        },
        OptionInfo("value", value: "TEXT", in: .field, "text the field starts with") { $0.field.value = $1 },
        OptionInfo("multiline", in: .field, "several lines: Return breaks a line, Ctrl-D finishes, Tab leaves") { c, _ in c.field.isMultiline = true },
        OptionInfo("lines", value: "N", in: .field, "a multi-line field's height in rows (default \(FieldSpec.defaultLines))") { (c, value) throws(UsageError) in
            guard let lines = Int(value), (1...FieldSpec.mostLines).contains(lines) else {
                throw UsageError.invalidNumber(option: "--lines", value: value)
            }
            c.field.lines = lines
        },
        OptionInfo("secure", "s", in: .field, "secure entry: typed text is masked, never shown") { c, _ in
            c.field.isSecure = true
        },
        OptionInfo("mask", value: "CHAR", in: .field, "mask glyph for secure entry ('' shows nothing)") { (c, value) throws(UsageError) in
            guard value.count <= 1 else { throw UsageError.maskTooLong(value) }
            c.field.mask = value
        },
        OptionInfo("keyboard", "k", value: "TYPE", values: values(of: KeyboardType.self) {
            switch $0 {
            case .default: "anything printable"
            case .number: "the digits 0 to 9"
            case .decimal: "a number: digits, one point, a leading minus"
            case .phone: "digits, spaces and + * # ( ) -"
            case .email: "no spaces; like name@example.com"
            case .url: "no spaces; a scheme and host, or a host with a dot"
            case .ascii: "printable ASCII only"
            case .path: "a file's path: Tab completes it"
            }
        }, in: .field, "kind of text expected") { (c, value) throws(UsageError) in
            c.field.keyboard = try choice(value, for: "--keyboard")
        },

        OptionInfo("directory", in: .field, "a path field (--keyboard path) that completes directories only") { c, _ in
            c.field.keyboard = .path
            c.field.directoriesOnly = true
        },
        OptionInfo("suggest", value: "WORD", in: .field, "offer WORD as the text is typed (repeatable)") { $0.field.suggestions.append($1) },
        OptionInfo("suggestions-from", value: "FILE", in: .field, "offer FILE's lines as the text is typed") { (c, value) throws(UsageError) in
            guard !value.isEmpty else { throw UsageError.emptyValue(option: "--suggestions-from") }
            c.field.suggestionsFile = value
        },
        OptionInfo("history", value: "FILE", in: .field, "keep accepted answers in FILE; Up and Down recall them") { (c, value) throws(UsageError) in
            guard !value.isEmpty else { throw UsageError.emptyValue(option: "--history") }
            c.field.historyFile = value
        },
        OptionInfo("required", in: .field, "refuse an empty answer (with --multiple: none marked)",
                   goesWith: [.fields, .choices]) { c, _ in c.field.validation.isRequired = true },
        OptionInfo("min-length", value: "N", in: .field, "refuse answers shorter than N characters") { (c, value) throws(UsageError) in
            c.field.validation.minimumLength = try count(value, for: "--min-length")
        },
        OptionInfo("max-length", value: "N", in: .field, "type at most N characters (a counter shows)") { (c, value) throws(UsageError) in
            c.field.validation.maximumLength = try count(value, for: "--max-length")
        },
        OptionInfo("pattern", value: "REGEX", in: .field, "the whole answer must match REGEX (POSIX extended)") { (c, value) throws(UsageError) in
            // What the C library would misread is refused here; compiling waits for the start.
            if let problem = PatternSyntax.problem(in: Array(value.utf8)) { throw UsageError.invalidPattern(value, problem) }
            c.field.validation.pattern = value
        },
        OptionInfo("error", value: "TEXT", in: .field, "say TEXT when an answer is refused") {
            $0.field.validation.errorMessage = $1
        },
        OptionInfo("repeat", in: .field, "ask twice; accept only matching entries") { c, _ in c.field.repeatsEntry = true },
        OptionInfo("repeat-label", value: "TEXT", in: .field, "placeholder of the second entry (Repeat)") {
            $0.field.repeatLabel = $1
        },
        OptionInfo("allow-reveal", in: .field, "in secure entry, Ctrl-R shows the text") { c, _ in
            c.field.allowsReveal = true
        },
        // Choices
        OptionInfo("choice", value: "LABEL", in: .choices, "add a choice (repeatable): LABEL, VALUE<TAB>LABEL, or VALUE<TAB>LABEL<TAB>DESCRIPTION",
                   fixes: .choices, repeats: true, takingBytes: { (c, value) throws(UsageError) in
            let choice = try sheetChoice(value, for: "--choice", isDestructive: false)
            c.editSheet { $0.choices.append(choice) }
        }),
        OptionInfo("destructive-choice", value: "LABEL", in: .choices, "add a destructive choice: marked !, at the top (repeatable)",
                   fixes: .choices, repeats: true, takingBytes: { (c, value) throws(UsageError) in
            let choice = try sheetChoice(value, for: "--destructive-choice", isDestructive: true)
            c.editSheet { $0.choices.append(choice) }
        }),
        OptionInfo("choices-from", value: "FILE", in: .choices, "read choices from FILE, a line each (- for stdin)",
                   fixes: .choices, once: .always) { (c, value) throws(UsageError) in
            guard !value.isEmpty else { throw UsageError.emptyValue(option: "--choices-from") }
            c.editSheet { $0.source = value == "-" ? .standardInput : .file(value) }
        },
        OptionInfo("selected", value: "LABEL", in: .choices, "the choice highlighted first (with --multiple: marked)",
                   once: .unless("multiple"), repeats: true, takingBytes: { c, value in
            c.editSheet { $0.selected.append(ChoiceName(value)) }
        }),
        OptionInfo("multiple", in: .choices, "a checklist: Space marks choices, Return accepts them") { c, _ in c.editSheet { $0.allowsMultiple = true } },
        OptionInfo("limit", value: "N", in: .choices, "with --multiple: mark at most N choices (1 or more)",
                   requires: "multiple") { (c, value) throws(UsageError) in
            guard let most = Int(value), most > 0 else { throw UsageError.invalidNumber(option: "--limit", value: value) }
            c.editSheet { $0.mostMarks = most }
        },
        OptionInfo("min", value: "N", in: .choices, "with --multiple: Done needs at least N marked",
                   requires: "multiple") { (c, value) throws(UsageError) in
            let fewest = try count(value, for: "--min")
            c.editSheet { $0.fewestMarks = fewest }
        },
        OptionInfo("allow-other", in: .choices, "answer typed text that names no choice (a last row offers it)",
                   conflicts: [OptionConflict("multiple"), OptionConflict("index")]) { c, _ in c.editSheet { $0.allowsOther = true } },
        OptionInfo("ansi", in: .choices, "draw the colours of the choices' escape sequences; match and answer their plain text") { c, _ in
            c.editSheet { $0.keepsStyles = true }
        },
        OptionInfo("search-descriptions", in: .choices, "the filter matches the choices' descriptions too") { c, _ in
            c.editSheet { $0.searchesDescriptions = true }
        },
        OptionInfo("wrap", in: .choices, "wrap a choice too long for its row onto the rows below, instead of cutting it") { c, _ in
            c.editSheet { $0.wrapsLabels = true }
        },
        OptionInfo("index", in: .choices, "print the chosen choice's place in the list, from 1") { c, _ in c.editSheet { $0.answer = .index } },
        OptionInfo("query", "q", value: "QUERY", in: .choices, "start with QUERY typed in the filter") { c, value in c.editSheet { $0.query = Array(value.utf8) } },
        OptionInfo("no-sort", in: .choices, "keep the list's order among the matches (do not rank them)") { c, _ in c.editSheet { $0.sortsMatches = false } },
        OptionInfo("select-1", in: .choices, "if one choice matches the starting query, answer it without asking") { c, _ in c.editSheet { $0.answersOnlyMatch = true } },
        OptionInfo("exit-0", in: .choices, "if no choice matches the starting query, exit 1 without asking") { c, _ in c.editSheet { $0.endsWithoutMatch = true } },
        OptionInfo("filter", "f", value: "QUERY", in: .choices, "print the choices QUERY matches, best first; ask nothing",
                   conflicts: [OptionConflict("query"), OptionConflict("stdin")]) { c, value in
            c.editSheet { $0.query = Array(value.utf8) }
            c.options.printsMatches = true
        },

        // Buttons
        OptionInfo("ok", value: "LABEL", in: .buttons, "label of the OK button", goesWith: [.fields, .textBox, .output, .range]) { $0.spec.okLabel = $1 },
        OptionInfo("cancel", value: "LABEL", in: .buttons, "label of the Cancel button", goesWith: [.fields, .choices, .range],
                   undoes: ["no-cancel"]) { $0.spec.cancelLabel = $1 },
        OptionInfo("no-cancel", in: .buttons, "no Cancel button (Esc still cancels)", goesWith: [.fields, .choices, .range]) { c, _ in
            c.spec.cancelLabel = nil
        },
        OptionInfo("secondary", value: "LABEL", in: .buttons, "add a secondary button (exit status 3)", goesWith: [.fields]) {
            $0.spec.secondaryLabel = $1
        },
        OptionInfo("destructive", in: .buttons, "draw OK as destructive; Return then means Cancel", goesWith: [.fields]) { c, _ in
            c.spec.isDestructive = true
        },
        OptionInfo("default-button", value: "ROLE", values: values(of: DefaultButton.self) {
            switch $0 {
            case .ok: "the OK button"
            case .cancel: "the Cancel button"
            case .secondary: "the --secondary button"
            }
        }, in: .buttons, "the button Return activates", goesWith: [.fields]) { (c, value) throws(UsageError) in
            c.spec.defaultButton = (try choice(value, for: "--default-button") as DefaultButton).role
        },

        // Output
        OptionInfo("no-newline", "n", in: .output, "do not end the answer with a newline (one answer only)",
                   conflicts: [OptionConflict("multiple", says: .noNewlineWithMultiple), OptionConflict("filter", says: .noNewlineWithFilter)],
                   undoes: ["null"]) { c, _ in
            c.invocation.terminator = .none
        },
        OptionInfo("null", "0", in: .output, "end each answer with NUL instead of a newline") { c, _ in
            c.invocation.terminator = .nul
        },

        // Behaviour
        OptionInfo("color", value: "WHEN", values: values(of: ColorMode.self) {
            switch $0 {
            case .auto: "when TERM is set and not dumb, and NO_COLOR is empty (the default)"
            case .always: "colour even where auto would not"
            case .never: "no colour: bold, inverse and underline instead"
            }
        }, in: .behaviour, "use colour") { (c, value) throws(UsageError) in
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
        OptionInfo("on-timeout", value: "ACTION", values: values(of: TimeoutAction.self) {
            switch $0 {
            case .cancel: "exit with status 124"
            case .accept: "answer what stands, as Return would (status 0)"
            }
        }, in: .behaviour, "what --timeout does (default: cancel)",
           requires: "timeout") { (c, value) throws(UsageError) in
            c.invocation.spec.onTimeout = try choice(value, for: "--on-timeout")
        },
        OptionInfo("pause", value: "SECONDS", in: .behaviour,
                   "answer by itself after SECONDS as Return would (status 0), the time left shown as a bar",
                   conflicts: [OptionConflict("timeout"), OptionConflict("on-timeout")]) { (c, value) throws(UsageError) in
            c.options.timeout = try seconds(value, for: "--pause")
            c.invocation.spec.onTimeout = .accept
            c.invocation.spec.chrome.countdownBar = true
        },
        OptionInfo("fallback", value: "MODE", values: values(of: Fallback.self) {
            switch $0 {
            case .fail: "exit with status 69"
            case .stdin: "read a line per field from stdin"
            case .value: "answer each field with its --value"
            }
        }, in: .behaviour, "without a terminal (default: $ASK_FALLBACK or fail)") { (c, value) throws(UsageError) in
            c.options.fallback = try choice(value, for: "--fallback")
        },
        OptionInfo("stdin", in: .behaviour, "read the answer from standard input, a line per field (1 MiB at most)",
                   goesWith: [.fields, .choices]) { c, _ in
            c.options.readsStandardInput = true
        },
        OptionInfo("keep", in: .behaviour, "leave a line saying what was answered (also ASK_KEEP=1)") { c, _ in c.options.keepsAnswer = true },
        OptionInfo("accessible", in: .behaviour, "plain mode, for screen readers (also ACCESSIBLE=1)") { c, _ in c.invocation.options.isPlain = true },
        OptionInfo("plain", in: .behaviour, "lines only: no cursor movement, no colour") { c, _ in c.options.isPlain = true },
        OptionInfo("askpass", value: "PROMPT", in: .behaviour, "act as an SSH/sudo/git askpass helper",
                   fixes: .fields, conflicts: [OptionConflict("field"), OptionConflict("login"),
                                               OptionConflict("multiline", says: .notForMultiline(option: "--askpass", field: nil))]) { (c, value) throws(UsageError) in
            c.invocation.askpassPrompt = value
        },
        OptionInfo("pinentry", in: .behaviour, "act as a pinentry for GnuPG's gpg-agent") { c, _ in c = .pinentry(PinentryOptions()) },
        OptionInfo("whiptail", in: .behaviour, "first: the rest is whiptail's command line, its boxes drawn by ask") { (_, _) throws(UsageError) in throw UsageError.personalityNotFirst("--whiptail") },
        OptionInfo("dialog", in: .behaviour, "first: the rest is dialog's command line, its boxes drawn by ask") { (_, _) throws(UsageError) in throw UsageError.personalityNotFirst("--dialog") },
        OptionInfo("help", "h", in: .behaviour, "show this help and exit") { c, _ in c = .help },
        OptionInfo("version", in: .behaviour, "show the version and exit") { c, _ in c = .version },
    ]

    /// The option named `--long`, if any.
    package static func named(_ long: String) -> OptionInfo? { all.first { $0.long == long } }

    /// The option named `-c`, if any.
    package static func short(_ character: Character) -> OptionInfo? { all.first { $0.short == character } }
}

/// `--range LOW:HIGH[:START]`: whole numbers, LOW at most HIGH; a page is a tenth of the range.
func range(_ value: String) throws(UsageError) -> RangeSpec {
    let parts = value.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
    guard (2...3).contains(parts.count), let low = parts[0], let high = parts[1], low <= high,
          let start = parts.count == 3 ? parts[2] : low, (low...high).contains(start) else {
        throw UsageError.invalidRange(value)
    }
    return RangeSpec(minimum: low, maximum: high, value: start, page: max((high - low) / 10, 1))
}

/// Parses a choice given as an option's value, as bytes: `LABEL`, or `VALUE<TAB>LABEL` (split at
/// the first tab). The label may not be empty, and neither part may hold a line break: the
/// answer is a line, and a choice `a\nb` would answer as `a` and `b` marked would.
func sheetChoice(_ bytes: [UInt8], for option: String, isDestructive: Bool) throws(UsageError) -> Choice {
    guard !bytes.contains(0x0A) else { throw UsageError.choiceWithLineBreak(option: option, value: String(decoding: bytes, as: UTF8.self)) }
    var label = bytes
    var value: [UInt8]?
    var description: [UInt8]?
    if let tab = bytes.firstIndex(of: 0x09) {
        value = Array(bytes[..<tab])
        label = Array(bytes[(tab + 1)...])
        // VALUE<TAB>LABEL<TAB>DESCRIPTION, as a line of --choices-from.
        if let second = label.firstIndex(of: 0x09) {
            description = Array(label[(second + 1)...])
            label = Array(label[..<second])
        }
    }
    guard !label.isEmpty else { throw UsageError.emptyValue(option: option) }
    return Choice(label: label, value: value, isDestructive: isDestructive, description: description)
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

/// The buttons `--default-button` names (dialog's Help button is the dialog personality's).
enum DefaultButton: String, CaseIterable {
    case ok, cancel, secondary

    var role: ButtonRole {
        switch self {
        case .ok: .ok
        case .cancel: .cancel
        case .secondary: .secondary
        }
    }
}

/// Parses one of a fixed set of values, or says which ones are valid.
func choice<T: RawRepresentable & CaseIterable>(_ value: String, for option: String) throws(UsageError) -> T
where T.RawValue == String {
    guard let result = T(rawValue: value) else {
        throw UsageError.invalidChoice(option: option, value: value, choices: T.allCases.map { $0.rawValue })
    }
    return result
}

extension OptionInfo {
    /// Whether the option is a command of its own (`--help`, `--version`): nothing else counts
    /// with it.
    package var isCommand: Bool {
        var command = ParsedCommand.prompt(Invocation())
        try? apply(&command, "")
        if case .prompt = command { return false }
        return true
    }
}
