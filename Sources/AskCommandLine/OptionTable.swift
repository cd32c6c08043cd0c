import AskModel
import AskPinentry

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

    /// What the man page says under the subsection's heading, in roff, if anything.
    package var manual: String? {
        switch self {
        case .field:
            return #"""
                Each of these describes one text field: the one added by the nearest
                .B \-\-field
                before it, or, after
                .BR \-\-login ,
                the Password field.
                Without
                .B \-\-field
                or
                .BR \-\-login ,
                they describe the alert's one field.
                Once
                .B \-\-field
                or
                .B \-\-login
                is given, one of these before it is a usage error.
                """#
        case .choices:
            return #"""
                A choice given by any of
                .BR \-\-choice ,
                .B \-\-destructive\-choice
                or
                .B \-\-choices\-from
                makes the alert an action sheet (see
                .B Action sheet
                above): it cannot be combined with
                .BR \-\-field ,
                .BR \-\-login ,
                .BR \-\-no\-field ,
                .B \-\-askpass
                or a field option other than
                .BR \-\-required ,
                and its buttons are its own (Cancel, and Done for a checklist), so
                .BR \-\-ok ,
                .BR \-\-secondary ,
                .B \-\-destructive
                and
                .B \-\-default\-button
                are usage errors with it.
                The others under this heading need a choice.
                """#
        case .content, .buttons, .output, .behaviour:
            return nil
        }
    }
}

/// One command-line option: its names, its value, its help line, its man page entry and what it
/// does to the command.
///
/// The table below is the single source for parsing, `--help`, suggestions, the shell
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
    /// What the man page says of it, in roff (its entry under OPTIONS, after the synopsis line).
    package let manual: String
    /// Options that undo this one or contradict it (completion offers only one of them).
    package let excludes: [String]
    /// It says which fields the alert has (`--field`, `--login`, `--no-field`): the first such
    /// option replaces the alert's one field, and those it `excludes` are usage errors with it.
    package let declaresFields: Bool
    /// It may be given again to add another (`--choice`), apart from the field options.
    let repeats: Bool
    let apply: @Sendable (inout ParsedCommand, String) throws(UsageError) -> Void
    /// For an option whose value is kept as given (a choice, which may be any bytes): takes the
    /// value's bytes as they were in argv, not the text made of them (`apply` then makes bytes
    /// of a text, for callers that have only text).
    let applyBytes: (@Sendable (inout ParsedCommand, [UInt8]) throws(UsageError) -> Void)?

    init(_ long: String, _ short: Character? = nil, value valueName: String? = nil,
         values: [Value]? = nil, in group: OptionGroup, _ help: String, excludes: [String] = [],
         declaresFields: Bool = false, repeats: Bool = false, manual: String,
         applyBytes: (@Sendable (inout ParsedCommand, [UInt8]) throws(UsageError) -> Void)? = nil,
         apply: @escaping @Sendable (inout ParsedCommand, String) throws(UsageError) -> Void) {
        self.long = long
        self.short = short
        self.valueName = valueName
        self.values = values
        self.group = group
        self.help = help
        self.manual = manual
        self.excludes = excludes
        self.declaresFields = declaresFields
        self.repeats = repeats
        self.apply = apply
        self.applyBytes = applyBytes
    }

    /// An option that takes its value's bytes as they are (`applyBytes`).
    init(_ long: String, value valueName: String, in group: OptionGroup, _ help: String, excludes: [String] = [],
         repeats: Bool = false, manual: String,
         takingBytes apply: @escaping @Sendable (inout ParsedCommand, [UInt8]) throws(UsageError) -> Void) {
        self.init(long, value: valueName, in: group, help, excludes: excludes, repeats: repeats, manual: manual,
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
        OptionInfo("title", "t", value: "TEXT", in: .content, "title, one line, in bold", manual: #"""
            The title, on one line in bold.
            A title too long for the alert is cut short with an ellipsis.
            """#) { $0.spec.title = $1 },
        OptionInfo("message", "m", value: "TEXT", in: .content,
                   "message under the title (also the first argument)", manual: #"""
            The message under the title, wrapped at word boundaries; line breaks in
            .I text
            are kept.
            The first argument that is not an option sets it too.
            When the terminal is too short, the message is cut in the middle with an
            ellipsis, so that its start and its end (where a question usually is)
            show, and the field and the buttons always stay visible.
            Blank lines around the field give way before the message does, and the
            message's first line comes before the title.
            """#) { $0.spec.message = $1 },
        OptionInfo("field", value: "LABEL", in: .content, "add a text field labelled LABEL (repeatable)",
                   excludes: ["login", "no-field"], declaresFields: true, manual: #"""
            Add a text field labelled
            .IR label ,
            below those before it.
            Given several times, the alert has several fields, in the order given,
            and prints their answers in that order, each on a line of its own.
            Without it the alert has one field, which the title and message
            describe.
            The options under
            .B Field
            below describe the field of the nearest
            .B \-\-field
            before them.
            """#) { c, label in c.invocation.spec.editFields { $0.append(FieldSpec(label: label)) } },
        OptionInfo("login", in: .content, "a User Name field and a secure Password field",
                   excludes: ["field", "no-field"], declaresFields: true, manual: #"""
            Ask for a login and a password, as iOS's login alert does: a field
            labelled User Name and a secure field labelled Password.
            It cannot be combined with
            .BR \-\-field ;
            the options under
            .B Field
            given after it describe the Password field (for other labels, or options
            for the user name, use
            .B \-\-field
            twice instead).
            """#) { c, _ in
            // Given again, it changes nothing (the fields are only empty before the first).
            if c.spec.fields.isEmpty { c.invocation.spec.editFields { $0 = PromptSpec.loginFields } }
        },
        OptionInfo("no-field", in: .content, "no text field: a confirmation with buttons only",
                   excludes: ["field", "login"], declaresFields: true, manual: #"""
            Show no text field: the alert is a confirmation.
            The exit status says which button was chosen and standard output stays
            empty.
            """#) { c, _ in
            c.invocation.spec.editFields { $0 = [] }
        },
        OptionInfo("gauge", in: .content, "a progress bar, fed percentages on standard input", manual: #"""
            Show a gauge instead of a field: a bar filled as a task reports its
            progress on standard input, a line at a time, as the gauges of
            .BR whiptail (1)
            and
            .BR dialog (1)
            read it: a line holding a number from 0 to 100 sets the bar; a line
            .B XXX
            begins a block whose first line is the number and whose other lines,
            until the next
            .BR XXX ,
            replace the message.
            The gauge ends when standard input does, with status 0; Esc ends it
            with status 1 (the task's next write finds the pipe closed).
            It has no button and prints nothing.
            Without a terminal, standard input is read to its end all the same and
            nothing is drawn.
            No field, choice or button option goes with it, nor
            .BR \-\-stdin .
            """#) { c, _ in c.invocation.spec.body = .gauge(GaugeSpec()) },

        OptionInfo("info", in: .content, "an info box: the message drawn and left on the screen, at once", manual: #"""
            Show the title and the message, leave them on the screen and exit at
            once with status 0, the cursor on the line below (the
            .B \-\-infobox
            of
            .BR whiptail (1)
            and
            .BR dialog (1),
            for a script that says what it is doing before it does it).
            It has no field, choice or button; without a terminal nothing is shown
            and the status is 0.
            """#) { c, _ in c.invocation.spec.body = .text(TextSpec()) },
        OptionInfo("text-file", value: "FILE", in: .content, "a text box: FILE shown to be read, scrolled, OK to close",
                   manual: #"""
            Show the text of
            .I FILE
            below the message, in a box as wide as its widest line where the
            terminal has room; a longer line wraps at a word, and the file's own
            line breaks are kept.
            Up, Down, PgUp, PgDn, Home and End scroll it; Return or Space closes it
            (status 0), Esc cancels (1).
            The file is read while the box shows (a FIFO's writer is waited for,
            keys and the timeout served): one that cannot be read, or is bigger
            than 64 MiB, is status 74.
            Its button is OK
            .RB ( \-\-ok
            names it); no field or choice goes with it.
            Without a terminal it fails as any alert does, unless
            .B \-\-fallback value
            or
            .B stdin
            closes it as Return would.
            """#) { c, path in c.invocation.spec.body = .text(TextSpec(file: path)) },

        // Field
        OptionInfo("placeholder", "p", value: "TEXT", in: .field, "hint shown while the field is empty", manual: #"""
            A hint shown, underlined, while the field is empty.
            """#) {
            $0.field.placeholder = $1
        },
        OptionInfo("value", value: "TEXT", in: .field, "text the field starts with", manual: #"""
            Text the field starts with; the cursor is placed after it.
            It is taken like a paste: a line break becomes a space (in a
            .B \-\-multiline
            field it is kept) and other control characters are dropped.
            It is also the field's answer given by
            .BR "\-\-fallback value" .
            Do not pass secrets this way: see
            .BR SECURITY .
            """#) { $0.field.value = $1 },
        OptionInfo("multiline", in: .field, "several lines: Return breaks a line, Ctrl-D finishes, Tab leaves", manual: #"""
            A multi-line field, for notes or a pasted key: Return types a line break,
            Ctrl\-D finishes (what Return does in a one\-line field: accept, or in a
            field above the last, go to the next), and Tab leaves the field; the hint
            under the field says so.
            Up and Down move through the rows, Home, End, Ctrl\-U and Ctrl\-K keep to
            the line, and a paste keeps its line breaks.
            The field shows
            .B \-\-lines
            rows, long lines wrapped at its width, and scrolls to keep the cursor in
            view.
            The answer is printed as typed, line breaks included, then the newline
            that ends every answer; a reader that must tell where the answer ends
            uses
            .BR \-0 .
            .B \-\-value
            keeps its line breaks, and the rules count characters across lines, a
            line break as one; a pattern sees the whole text.
            With
            .B \-\-stdin
            or
            .BR "\-\-fallback stdin" ,
            the answer is the lines read until an empty line (not part of it) or
            the end of the input, 1 MiB in all at most; in plain mode the lines are
            typed one after another, and an empty line or Ctrl\-D ends them.
            It does not go with
            .BR \-\-repeat ,
            .B \-\-askpass
            or a
            .B \-\-keyboard
            type other than
            .B default
            and
            .B ascii
            (each a usage error).
            """#) { c, _ in c.field.isMultiline = true },
        OptionInfo("lines", value: "N", in: .field, "a multi-line field's height in rows (default \(FieldSpec.defaultLines))",
                   manual: #"""
            The height of a
            .B \-\-multiline
            field in rows, from 1 to 1000 (default 5, as
            .BR "gum write" ).
            On a short terminal the field gives up rows, down to one, before the
            message does.
            Without
            .B \-\-multiline
            for the same field it is a usage error.
            """#) { (c, value) throws(UsageError) in
            guard let lines = Int(value), (1...FieldSpec.mostLines).contains(lines) else {
                throw UsageError.invalidNumber(option: "--lines", value: value)
            }
            c.field.lines = lines
        },
        OptionInfo("secure", "s", in: .field, "secure entry: typed text is masked, never shown", manual: #"""
            Secure entry: each typed character is shown as a mask glyph and the text
            itself is never drawn.
            """#) { c, _ in
            c.field.isSecure = true
        },
        OptionInfo("mask", value: "CHAR", in: .field, "mask glyph for secure entry ('' shows nothing)", manual: #"""
            The glyph shown for each character in secure entry (a bullet on a UTF\-8
            terminal, an asterisk otherwise).
            An empty
            .I char
            shows nothing at all, which also hides the length of the text.
            """#) { (c, value) throws(UsageError) in
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
            }
        }, in: .field, "kind of text expected", manual: #"""
            The kind of text expected.
            It limits what can be typed or pasted, and some types check the whole
            answer when it is accepted.
            .I type
            is one of:
            .RS
            .TP
            .B default
            anything printable.
            .TP
            .B number
            the digits 0 to 9.
            .TP
            .B decimal
            digits, one decimal point and a leading minus sign; the answer must be a
            number.
            .TP
            .B phone
            digits, spaces and
            .BR "+ * # ( ) \-" ;
            the answer must contain a digit.
            .TP
            .B email
            no spaces; the answer must look like
            .IR name@example.com .
            .TP
            .B url
            no spaces; the answer must have a scheme and a host, or be a host name
            with a dot, optionally followed by a path.
            .TP
            .B ascii
            printable ASCII characters only.
            .RE
            .IP
            A key that is refused only rings the bell.
            """#) { (c, value) throws(UsageError) in
            c.field.keyboard = try choice(value, for: "--keyboard")
        },

        OptionInfo("required", in: .field, "refuse an empty answer (with --multiple: none marked)", manual: #"""
            Refuse an empty answer.
            In an action sheet with
            .BR \-\-multiple ,
            at least one choice must be marked; it is the one field option that
            applies to an action sheet, wherever it is given.
            """#) { c, _ in c.field.validation.isRequired = true },
        OptionInfo("min-length", value: "N", in: .field, "refuse answers shorter than N characters", manual: #"""
            Refuse answers shorter than
            .I n
            characters.
            """#) { (c, value) throws(UsageError) in
            c.field.validation.minimumLength = try count(value, for: "--min-length")
        },
        OptionInfo("max-length", value: "N", in: .field, "type at most N characters (a counter shows)", manual: #"""
            Accept at most
            .I n
            characters: typing beyond that is refused, a longer paste is cut, and a
            counter of the form
            .IR count / n
            shows as the limit comes near.
            """#) { (c, value) throws(UsageError) in
            c.field.validation.maximumLength = try count(value, for: "--max-length")
        },
        OptionInfo("pattern", value: "REGEX", in: .field, "the whole answer must match REGEX (POSIX extended)", manual: #"""
            The whole answer must match
            .IR regex ,
            a POSIX extended regular expression (the syntax of
            .BR "grep \-E" ).
            It is matched against the answer's UTF\-8 bytes: a dot is one byte and the
            classes such as
            .B [[:alpha:]]
            are ASCII.
            Escapes POSIX does not have are refused rather than misread:
            .B \ed
            (write
            .BR [0\-9] ),
            .BR \ex41 ,
            .BR \et ,
            and a single backslash inside brackets, such as
            .B [\ed]
            or
            .B [a\e\-z]
            (write
            .BR [[:digit:]] ,
            put
            .B ]
            first and
            .B \-
            last;
            .B \e\e
            is one backslash).
            .BR \ew ,
            .BR \es ,
            .BR \eb ,
            .BR \e< ,
            .B \e>
            and back references
            .BR \e1 ... \e9
            work as in
            .BR "grep \-E" .
            A pattern the C library cannot compile within 128 MB and a quarter of a second
            (some optional repeats, such as
            .BR (a?){8000} ,
            take it seconds and gigabytes) is refused too; it is tried in a child process
            first.
            Every refused pattern, and one that does not compile, is a usage error.
            """#) { (c, value) throws(UsageError) in
            // What the C library would misread is refused here; compiling waits for the start.
            if let problem = PatternSyntax.problem(in: Array(value.utf8)) { throw UsageError.invalidPattern(value, problem) }
            c.field.validation.pattern = value
        },
        OptionInfo("error", value: "TEXT", in: .field, "say TEXT when an answer is refused", manual: #"""
            Show
            .I text
            instead of the built\-in reason when an answer is refused.
            """#) {
            $0.field.validation.errorMessage = $1
        },
        OptionInfo("repeat", in: .field, "ask twice; accept only matching entries", manual: #"""
            Ask for the text twice, as when choosing a new password; if the two
            entries differ, the alert starts over.
            An answer from standard input or
            .B \-\-value
            is taken once.
            """#) { c, _ in c.field.repeatsEntry = true },
        OptionInfo("repeat-label", value: "TEXT", in: .field, "placeholder of the second entry (Repeat)", manual: #"""
            The placeholder of the second entry (default: Repeat).
            """#) {
            $0.field.repeatLabel = $1
        },
        OptionInfo("allow-reveal", in: .field, "in secure entry, Ctrl-R shows the text", manual: #"""
            In secure entry, let Ctrl\-R show and hide the text.
            """#) { c, _ in
            c.field.allowsReveal = true
        },
        // Choices
        OptionInfo("choice", value: "LABEL", in: .choices, "add a choice (repeatable): LABEL, or VALUE<TAB>LABEL",
                   excludes: sheetExcludes, repeats: true, manual: #"""
            Add a choice labelled
            .IR label ,
            after those before it: the alert becomes an action sheet.
            A tab in
            .I label
            splits it, as
            .IR value <TAB> label ,
            into what is printed and what is shown: choosing it prints
            .IR value .
            Without a tab the label is printed.
            An empty label is a usage error, and so is a line break in
            .IR label :
            a choice is one line, as its answer is.
            A label that is not UTF\-8 is shown with U+FFFD and printed with its
            own bytes.
            """#, takingBytes: { (c, value) throws(UsageError) in
            let choice = try sheetChoice(value, for: "--choice", isDestructive: false)
            c.editSheet { $0.choices.append(choice) }
        }),
        OptionInfo("destructive-choice", value: "LABEL", in: .choices, "add a destructive choice: marked !, at the top (repeatable)",
                   excludes: sheetExcludes, repeats: true, manual: #"""
            Add a destructive choice, as
            .B \-\-choice
            does: it is drawn after the sign
            .B !
            (bold red with colour) and placed at the top of the list, before the
            other choices (several in the order given); its digit only moves the
            highlight to it, and Return chooses it.
            """#, takingBytes: { (c, value) throws(UsageError) in
            let choice = try sheetChoice(value, for: "--destructive-choice", isDestructive: true)
            c.editSheet { $0.choices.append(choice) }
        }),
        OptionInfo("choices-from", value: "FILE", in: .choices, "read choices from FILE, a line each (- for stdin)",
                   excludes: sheetExcludes, manual: #"""
            Read choices from
            .IR file ,
            or from standard input when it is
            .BR \- ,
            one on each line, after those given with
            .BR \-\-choice :
            a line
            .IR value <TAB> label
            shows
            .I label
            and prints
            .IR value ,
            lines may end in CR LF, and empty lines are skipped.
            The list is read as the sheet starts, and from a pipe the sheet can be
            used while the rest is still arriving; a FIFO without a writer is
            waited for with the sheet up (and, without a terminal, until
            .BR \-\-timeout ).
            A list without a choice ends
            .B ask
            with status 64, and so does a list that would be read from a terminal
            (its keys would be taken for choices); a line longer than 1 MiB or
            holding a NUL byte ends it with status 65, and a file that cannot be
            read (a directory) with status 74.
            With
            .BR \- ,
            keys still come from the terminal; standard input cannot also carry the
            answer, so
            .B \-\-stdin
            and
            .B \-\-fallback stdin
            are usage errors with it
            .RB ( ASK_FALLBACK=stdin
            is then taken as
            .BR fail ).
            It may be given once.
            """#) { (c, value) throws(UsageError) in
            guard !value.isEmpty else { throw UsageError.emptyValue(option: "--choices-from") }
            c.editSheet { $0.source = value == "-" ? .standardInput : .file(value) }
        },
        OptionInfo("selected", value: "LABEL", in: .choices, "the choice highlighted first (with --multiple: marked)",
                   repeats: true, manual: #"""
            Highlight the choice named
            .I label
            when the sheet opens; with
            .BR \-\-multiple ,
            mark it, and it may be given again to mark others.
            It names a choice by its label or its value, in any case (letters of
            any script, folded as the filter folds them).
            Without it the highlight starts on the first choice that is not
            destructive.
            When every choice is given on the command line, one that names none is
            a usage error; with
            .BR \-\-choices\-from ,
            the same is found once the list is read (status 64).
            .B "\-\-fallback value"
            answers with it.
            """#, takingBytes: { c, value in
            c.editSheet { $0.selected.append(ChoiceName(value)) }
        }),
        OptionInfo("multiple", in: .choices, "a checklist: Space marks choices, Return accepts them",
                   excludes: ["no-newline"], manual: #"""
            A checklist: Space marks and unmarks the highlighted choice, and Return,
            or the Done button beside Cancel, accepts the marked ones, printed in
            the order of the list, each followed by a newline (a NUL byte with
            .BR \-0 ).
            With nothing marked, Return accepts an empty answer (exit status 0,
            nothing printed), unless
            .B \-\-required
            asks for at least one.
            """#) { c, _ in c.editSheet { $0.allowsMultiple = true } },
        OptionInfo("allow-other", in: .choices, "answer typed text that names no choice (a last row offers it)",
                   excludes: ["multiple", "index"], manual: #"""
            Choose from the list or type an answer of one's own: while the typed
            text names no choice (is no choice's label: in any case, unless the
            text has a capital, as the filter matches), a last row
            offers it,
            .BR "Use \(oqtext\(cq" ,
            and choosing that row answers the text as typed.
            In plain mode, and without a terminal
            .RB ( "\-\-fallback stdin" ),
            a line that names no choice is the answer instead of a mistake.
            Not with
            .B \-\-multiple
            or
            .BR \-\-index .
            """#) { c, _ in c.editSheet { $0.allowsOther = true } },
        OptionInfo("index", in: .choices, "print the chosen choice's place in the list, from 1", manual: #"""
            Print the place of the chosen choice in the list as shown, counted from
            1 (destructive choices come first), instead of its value or label.
            """#) { c, _ in c.editSheet { $0.answer = .index } },
        OptionInfo("query", "q", value: "QUERY", in: .choices, "start with QUERY typed in the filter", manual: #"""
            Start with
            .I query
            typed in the filter, as if it had been typed (see
            .B Filtering
            above): the sheet opens on its matches, the best highlighted (the best
            that is not destructive).
            In plain mode, only the choices it matches are listed, each with its
            number in the whole list, and Return alone answers the best.
            """#) { c, value in c.editSheet { $0.query = Array(value.utf8) } },
        OptionInfo("no-sort", in: .choices, "keep the list's order among the matches (do not rank them)", manual: #"""
            Show the choices that match the query in the order of the list instead
            of ranking them, for a menu whose order means something.
            """#) { c, _ in c.editSheet { $0.sortsMatches = false } },
        OptionInfo("select-1", in: .choices, "if one choice matches the starting query, answer it without asking",
                   manual: #"""
            When exactly one choice matches the starting query
            .RB ( \-\-query ,
            or none: every choice), answer it at once, without drawing
            anything or reading the terminal (or standard input); the whole list is
            read first.
            A destructive choice is never answered so: the sheet shows it instead.
            Otherwise the sheet opens as usual.
            """#) { c, _ in c.editSheet { $0.answersOnlyMatch = true } },
        OptionInfo("exit-0", in: .choices, "if no choice matches the starting query, exit 1 without asking", manual: #"""
            When no choice matches the starting query
            .RB ( \-\-query ),
            exit at once with status 1, without drawing anything; the whole list is
            read first.
            Otherwise the sheet opens as usual.
            """#) { c, _ in c.editSheet { $0.endsWithoutMatch = true } },
        OptionInfo("filter", "f", value: "QUERY", in: .choices, "print the choices QUERY matches, best first; ask nothing",
                   manual: #"""
            Filter without asking: read the whole list, and print every choice that
            .I query
            matches (see
            .B Filtering
            above), best first (in the list's order with
            .BR \-\-no\-sort ),
            each as a chosen one is printed (its value, or its place with
            .BR \-\-index ,
            followed by a newline, or a NUL byte with
            .BR \-0 ).
            No terminal is opened and nothing is drawn; the exit status is 0 when
            any choice matched and 1 when none did.
            The options that only shape the sheet on the screen
            .RB ( \-\-multiple ,
            .BR \-\-selected ,
            .BR \-\-select\-1 ,
            .BR \-\-exit\-0 ,
            the title and the message) change nothing; with
            .B \-\-query
            or
            .B \-\-stdin
            it is a usage error, and so is
            .BR \-\-no\-newline ,
            which would run the choices together.
            """#) { c, value in
            c.editSheet { $0.query = Array(value.utf8) }
            c.options.printsMatches = true
        },

        // Buttons
        OptionInfo("ok", value: "LABEL", in: .buttons, "label of the OK button", manual: #"""
            The label of the OK button.
            """#) { $0.spec.okLabel = $1 },
        OptionInfo("cancel", value: "LABEL", in: .buttons, "label of the Cancel button", excludes: ["no-cancel"], manual: #"""
            The label of the Cancel button.
            """#) { $0.spec.cancelLabel = $1 },
        OptionInfo("no-cancel", in: .buttons, "no Cancel button (Esc still cancels)", excludes: ["cancel"], manual: #"""
            Leave out the Cancel button.
            Esc still cancels.
            """#) { c, _ in
            c.spec.cancelLabel = nil
        },
        OptionInfo("secondary", value: "LABEL", in: .buttons, "add a secondary button (exit status 3)", manual: #"""
            Add a third button.
            It prints the answer like OK, but exits with status 3.
            """#) {
            $0.spec.secondaryLabel = $1
        },
        OptionInfo("destructive", in: .buttons, "draw OK as destructive; Return then means Cancel", manual: #"""
            Draw OK as a destructive action, after the sign
            .B !
            (bold red with colour), and make Cancel the default
            button so that Return cannot destroy anything by accident.
            """#) { c, _ in
            c.spec.isDestructive = true
        },
        OptionInfo("default-button", value: "ROLE", values: values(of: DefaultButton.self) {
            switch $0 {
            case .ok: "the OK button"
            case .cancel: "the Cancel button"
            case .secondary: "the --secondary button"
            }
        }, in: .buttons, "the button Return activates", manual: #"""
            The button that Return activates:
            .BR ok ,
            .B cancel
            or
            .BR secondary .
            """#) { (c, value) throws(UsageError) in
            c.spec.defaultButton = (try choice(value, for: "--default-button") as DefaultButton).role
        },

        // Output
        OptionInfo("no-newline", "n", in: .output, "do not end the answer with a newline (one answer only)",
                   excludes: ["null", "multiple"], manual: #"""
            Print the answer with nothing after it.
            With more than one field, or with
            .BR \-\-multiple ,
            it is a usage error, since the answers would run together; use
            .B \-0
            instead.
            """#) { c, _ in
            c.invocation.terminator = .none
        },
        OptionInfo("null", "0", in: .output, "end each answer with NUL instead of a newline", excludes: ["no-newline"],
                   manual: #"""
            End each answer with a NUL byte instead of a newline, for
            .B xargs \-0
            and similar readers.
            """#) { c, _ in
            c.invocation.terminator = .nul
        },

        // Behaviour
        OptionInfo("color", value: "WHEN", values: values(of: ColorMode.self) {
            switch $0 {
            case .auto: "when TERM is set and not dumb, and NO_COLOR is empty (the default)"
            case .always: "colour even where auto would not"
            case .never: "no colour: bold, inverse and underline instead"
            }
        }, in: .behaviour, "use colour", manual: #"""
            Use colour
            .B always
            or
            .BR never ;
            with
            .B auto
            (the default), colour is used when
            .B TERM
            is set and is not
            .IR dumb ,
            and
            .B NO_COLOR
            is unset or empty.
            """#) { (c, value) throws(UsageError) in
            c.options.color = try choice(value, for: "--color")
        },
        OptionInfo("width", value: "N", in: .behaviour, "width of the alert in columns", manual: #"""
            The width of the alert in columns.
            """#) { (c, value) throws(UsageError) in
            guard let width = Int(value), width > 0 else { throw UsageError.invalidNumber(option: "--width", value: value) }
            c.options.width = width
        },
        OptionInfo("timeout", value: "SECONDS", in: .behaviour,
                   "give up after SECONDS (exit 124), above 0 and at most \(Int(Deadline.longest))", manual: #"""
            Give up after
            .I seconds
            (a decimal number such as
            .B 30
            or
            .BR 1.5 ,
            above 0 and at most 31536000, that is 365 days)
            and exit with status 124.
            Any other value is a usage error.
            A countdown shows during the last ten seconds.
            The limit applies to reading standard input as well.
            """#) { (c, value) throws(UsageError) in
            c.options.timeout = try seconds(value, for: "--timeout")
        },
        OptionInfo("on-timeout", value: "ACTION", values: values(of: TimeoutAction.self) {
            switch $0 {
            case .cancel: "exit with status 124"
            case .accept: "answer what stands, as Return would (status 0)"
            }
        }, in: .behaviour, "what --timeout does (default: cancel)", manual: #"""
            What happens when the time of
            .B \-\-timeout
            runs out:
            .B cancel
            (the default) exits with status 124, and
            .B accept
            answers what stands as the default button would: the field's text (or its
            .BR \-\-value ),
            the highlighted choice, or the marked ones, or the confirmation's default
            button.
            The rules still hold: an answer they refuse exits with status 65 and a
            line on standard error, never as a silent accept.
            The time never takes a destructive action: a destructive button (even one made
            the default with
            .BR "\-\-default\-button ok" ),
            a destructive choice highlighted, or one marked (by Space, a digit or
            .BR \-\-selected )
            ends as Cancel, with status 1.
            The countdown names what will happen, for example
            .B OK in 5s
            or
            .BR "Cancel in 5s" .
            Without a terminal
            .RB ( \-\-fallback
            or
            .BR \-\-stdin ),
            .B accept
            answers, once the time runs out, the lines read so far and each field's
            .B \-\-value
            for the rest, or the choice
            .B \-\-fallback value
            would answer.
            """#) { (c, value) throws(UsageError) in
            c.invocation.spec.onTimeout = try choice(value, for: "--on-timeout")
        },
        OptionInfo("fallback", value: "MODE", values: values(of: Fallback.self) {
            switch $0 {
            case .fail: "exit with status 69"
            case .stdin: "read a line per field from stdin"
            case .value: "answer each field with its --value"
            }
        }, in: .behaviour, "without a terminal (default: $ASK_FALLBACK or fail)", manual: #"""
            What to do when there is no terminal to prompt on:
            .B fail
            exits with status 69,
            .B stdin
            reads the answer as one line from standard input (a line for each field;
            for a
            .B \-\-multiline
            field, lines until an empty line or the end of the input),
            and
            .B value
            answers with the text of
            .B \-\-value
            (each field's own).
            For an action sheet,
            .B stdin
            reads a line that names a choice by its label, its value or its number
            (with
            .BR \-\-multiple ,
            a line for each until an empty line), and
            .B value
            answers what Return would at once: the choice
            .B \-\-selected
            names, else the first that is not destructive (with
            .BR \-\-multiple ,
            the marked ones; every choice destructive and none selected is a
            usage error).
            The default comes from
            .BR ASK_FALLBACK ,
            and is
            .B fail
            when that is unset.
            """#) { (c, value) throws(UsageError) in
            c.options.fallback = try choice(value, for: "--fallback")
        },
        OptionInfo("stdin", in: .behaviour, "read the answer from standard input, a line per field (1 MiB at most)", manual: #"""
            Read the answer from standard input, one line of at most 1 MiB (a line
            for each field; for a
            .B \-\-multiline
            field, lines until an empty line or the end of the input, 1 MiB in
            all), even when there is a terminal.
            Nothing is drawn.
            For an action sheet the line names a choice, as with
            .BR "\-\-fallback stdin" .
            """#) { c, _ in
            c.options.readsStandardInput = true
        },
        OptionInfo("keep", in: .behaviour, "leave a line saying what was answered (also ASK_KEEP=1)", manual: #"""
            When the alert closes, leave one line where it was: the title (or the
            message), then what was answered \(em the text, a secure field's as a fixed
            .B \(bu\(bu\(bu\(bu\(bu\(bu
            that tells nothing of it, the chosen choices' labels, a confirmation's
            button \(em or
            .B Cancelled
            or
            .BR "Timed out" .
            Plain mode writes the same line.
            Setting
            .B ASK_KEEP
            to anything but empty,
            .B 0
            or
            .B false
            does the same.
            Without a terminal nothing is drawn, so nothing is kept.
            """#) { c, _ in c.options.keepsAnswer = true },
        OptionInfo("accessible", in: .behaviour, "plain mode, for screen readers (also ACCESSIBLE=1)", manual: #"""
            Plain mode (as
            .BR \-\-plain ),
            under the name screen reader users look for; setting
            .B ACCESSIBLE
            does the same.
            """#) { c, _ in c.invocation.options.isPlain = true },
        OptionInfo("plain", in: .behaviour, "lines only: no cursor movement, no colour", manual: #"""
            Plain mode: no cursor movement, no colour and no escape sequences.
            The title and message are written as lines, followed by a
            .B >
            prompt and the entry, echoed or masked.
            Backspace erases, Return accepts, Esc cancels, and so does Ctrl\-D on an
            empty line.
            A
            .B \-\-multiline
            field's lines are typed one after another, each on a
            .B >
            line of its own, and an empty line or Ctrl\-D ends them (a line says so
            before the first); the answer is the lines, a line break between each.
            A timeout is stated once instead of counted down, and
            .B \-\-allow\-reveal
            has no effect, since a revealed secret would stay in the scrollback.
            The output reads as a transcript: when an answer is refused, the reason is
            written on a line of its own and the prompt starts again below it with
            the text as it was, and typing past
            .B \-\-max\-length
            is stated once (unless
            .B \-\-mask
            is empty).
            Since no button is drawn, a line says which key reaches which button
            when they are other than OK on Return and Cancel on Esc, and which
            button is destructive, for example
            .BR "(Enter: Save; Esc: Cancel; Tab goes through Save, Later, Cancel)"
            or
            .BR "(Enter: Cancel; Esc: Cancel; Tab goes through Cancel, Wipe; Wipe is destructive)" ;
            Tab moves to a button, written as
            .BR "> [Later]" ,
            and Return or Space presses it.
            This suits dumb terminals, editor shells and screen readers, and is
            chosen automatically when
            .B TERM
            is
            .IR dumb .
            An action sheet is written as a numbered list, a destructive choice
            and those marked first said to be, followed by a
            .B >
            prompt that takes a number or a label.
            """#) { c, _ in c.options.isPlain = true },
        OptionInfo("askpass", value: "PROMPT", in: .behaviour, "act as an SSH/sudo/git askpass helper", manual: #"""
            Behave as an askpass helper asked for
            .IR prompt ;
            see
            .B Askpass helper
            above.
            """#) { (c, value) throws(UsageError) in
            c.invocation.askpassPrompt = value
        },
        OptionInfo("pinentry", in: .behaviour, "act as a pinentry for GnuPG's gpg-agent", manual: #"""
            Serve gpg-agent as its pinentry, on standard input and output; see
            .B Pinentry for GnuPG
            above.
            The other arguments are then pinentry's own options
            .RB ( \-\-ttyname ,
            .BR \-\-ttytype ,
            .BR \-\-lc\-ctype ,
            .BR \-\-timeout ,
            and those for windows, taken and ignored).
            """#) { c, _ in c = .pinentry(PinentryOptions()) },
        OptionInfo("whiptail", in: .behaviour, "first: the rest is whiptail's command line, its boxes drawn by ask", manual: #"""
            Given first, the other arguments are those of newt's
            .BR whiptail (1),
            answered as whiptail answers (the same as running
            .B ask
            under the name
            .BR whiptail );
            see
            .B Running whiptail and dialog scripts
            above.
            """#) { (_, _) throws(UsageError) in throw UsageError.personalityNotFirst("--whiptail") },
        OptionInfo("dialog", in: .behaviour, "first: the rest is dialog's command line, its boxes drawn by ask", manual: #"""
            Given first, the other arguments are those of
            .BR dialog (1),
            answered as dialog answers (the same as running
            .B ask
            under the name
            .BR dialog );
            see
            .B Running whiptail and dialog scripts
            above.
            """#) { (_, _) throws(UsageError) in throw UsageError.personalityNotFirst("--dialog") },
        OptionInfo("help", "h", in: .behaviour, "show this help and exit", manual: #"""
            Print a summary of the options on standard output and exit.
            """#) { c, _ in c = .help },
        OptionInfo("version", in: .behaviour, "show the version and exit", manual: #"""
            Print the version on standard output and exit.
            """#) { c, _ in c = .version },
    ]

    /// The option named `--long`, if any.
    package static func named(_ long: String) -> OptionInfo? { all.first { $0.long == long } }

    /// The option named `-c`, if any.
    package static func short(_ character: Character) -> OptionInfo? { all.first { $0.short == character } }
}

extension OptionInfo {
    /// What an action sheet cannot be combined with (the options of fields, askpass, and the
    /// buttons other than Cancel), for the completions; `Invocation.validate` refuses them.
    static let sheetExcludes = SheetArguments.alternatives + SheetArguments.buttons
}

/// Parses a choice given as an option's value, as bytes: `LABEL`, or `VALUE<TAB>LABEL` (split at
/// the first tab). The label may not be empty, and neither part may hold a line break: the
/// answer is a line, and a choice `a\nb` would answer as `a` and `b` marked would.
func sheetChoice(_ bytes: [UInt8], for option: String, isDestructive: Bool) throws(UsageError) -> Choice {
    guard !bytes.contains(0x0A) else { throw UsageError.choiceWithLineBreak(option: option, value: String(decoding: bytes, as: UTF8.self)) }
    var label = bytes
    var value: [UInt8]?
    if let tab = bytes.firstIndex(of: 0x09) {
        value = Array(bytes[..<tab])
        label = Array(bytes[(tab + 1)...])
    }
    guard !label.isEmpty else { throw UsageError.emptyValue(option: option) }
    return Choice(label: label, value: value, isDestructive: isDestructive)
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
