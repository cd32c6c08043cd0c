import AskChoices
import AskCommandLine
import AskFields
import AskGauge
@testable import AskKit
import AskModel
import AskRange
import AskRender
import AskSession
import AskLayout
import AskPresentation
import AskText
import AskTextBox
import Testing

/// argv → the command it asks for, or the exact usage error and the line the user reads.
struct ArgumentParserTests {
    /// What parsing one argv should give.
    enum Expected: Equatable, Sendable {
        case command(ParsedCommand)
        /// The error, and its `message` spelled out in full.
        case error(UsageError, String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let argv: [String]
        let expected: Expected
        /// The arguments, the middle of a long list left out.
        var testDescription: String {
            guard !argv.isEmpty else { return "(no arguments)" }
            let quoted = argv.map { "'\($0)'" }
            guard quoted.count > 12 else { return quoted.joined(separator: " ") }
            return (quoted.prefix(6) + ["… (\(quoted.count) arguments) …"] + quoted.suffix(6)).joined(separator: " ")
        }

        init(_ argv: [String], _ expected: Expected) {
            self.argv = argv
            self.expected = expected
        }
    }

    /// A prompt whose invocation is the default one changed by `edit`.
    static func prompt(_ edit: (inout Invocation) -> Void = { _ in }) -> Expected {
        var invocation = Invocation()
        edit(&invocation)
        return .command(.prompt(invocation))
    }

    static let keyboardChoices = "default, number, decimal, phone, email, url, ascii, path"

    static let cases: [Case] = [
        // No arguments at all: the default alert.
        Case([], prompt()),
        Case(["--"], prompt()),

        // A value after the option, attached with '=', or attached to a short option.
        Case(["--title", "X"], prompt { $0.spec.title = "X" }),
        Case(["--title=X"], prompt { $0.spec.title = "X" }),
        Case(["--title=a=b"], prompt { $0.spec.title = "a=b" }),
        Case(["--title="], prompt { $0.spec.title = "" }),
        Case(["-t", "X"], prompt { $0.spec.title = "X" }),
        Case(["-tX"], prompt { $0.spec.title = "X" }),
        Case(["-t", "--secure"], prompt { $0.spec.title = "--secure" }),  // a value may look like an option
        Case(["--title", "A", "--title", "B"], prompt { $0.spec.title = "B" }),  // the last one wins
        Case(["--message", "M"], prompt { $0.spec.message = "M" }),
        Case(["-m", "M"], prompt { $0.spec.message = "M" }),
        Case(["--placeholder", "name"], prompt { $0.spec.editFields { $0[0].placeholder = "name" } }),
        Case(["-pname"], prompt { $0.spec.editFields { $0[0].placeholder = "name" } }),
        Case(["--value", "v"], prompt { $0.spec.editFields { $0[0].value = "v" } }),
        Case(["--ok", "Yes", "--cancel=No"], prompt { $0.spec.okLabel = "Yes"; $0.spec.cancelLabel = "No" }),

        // Bundled short flags; a letter taking a value takes the rest or the next argument.
        Case(["-s"], prompt { $0.spec.editFields { $0[0].isSecure = true } }),
        Case(["-sn"], prompt { $0.spec.editFields { $0[0].isSecure = true }; $0.terminator = .none }),
        Case(["-st", "Title"], prompt { $0.spec.editFields { $0[0].isSecure = true }; $0.spec.title = "Title" }),
        Case(["-stTitle"], prompt { $0.spec.editFields { $0[0].isSecure = true }; $0.spec.title = "Title" }),
        Case(["-snt", "T", "msg"], prompt { $0.spec.editFields { $0[0].isSecure = true }; $0.terminator = .none; $0.spec.title = "T"; $0.spec.message = "msg" }),

        // The message: the first positional argument, anywhere; `--` ends the options.
        Case(["Hello"], prompt { $0.spec.message = "Hello" }),
        Case(["Hello", "-t", "T"], prompt { $0.spec.message = "Hello"; $0.spec.title = "T" }),
        Case(["-"], prompt { $0.spec.message = "-" }),
        Case(["--", "-t"], prompt { $0.spec.message = "-t" }),
        Case(["-s", "--", "--help"], prompt { $0.spec.editFields { $0[0].isSecure = true }; $0.spec.message = "--help" }),
        Case(["Hello", "World"], .error(.unexpectedArgument("World"),
                                        "unexpected argument 'World' (the message is already given)")),
        Case(["-m", "A", "B"], .error(.unexpectedArgument("B"),
                                      "unexpected argument 'B' (the message is already given)")),
        Case(["--", "a", "b"], .error(.unexpectedArgument("b"),
                                      "unexpected argument 'b' (the message is already given)")),

        // Unknown options, with a suggestion when one is close.
        Case(["--tittle", "X"], .error(.unknownOption("--tittle", suggestion: "--title"),
                                       "unknown option '--tittle' (did you mean '--title'?)")),
        Case(["--plac"], .error(.unknownOption("--plac", suggestion: "--placeholder"),
                                "unknown option '--plac' (did you mean '--placeholder'?)")),
        Case(["--plac=x"], .error(.unknownOption("--plac", suggestion: "--placeholder"),
                                  "unknown option '--plac' (did you mean '--placeholder'?)")),
        Case(["--no-cancle"], .error(.unknownOption("--no-cancle", suggestion: "--no-cancel"),
                                     "unknown option '--no-cancle' (did you mean '--no-cancel'?)")),
        Case(["--xyzzy"], .error(.unknownOption("--xyzzy", suggestion: nil),
                                 "unknown option '--xyzzy' (see 'ask --help')")),
        Case(["-x"], .error(.unknownOption("-x", suggestion: nil), "unknown option '-x' (see 'ask --help')")),
        Case(["-sx"], .error(.unknownOption("-x", suggestion: nil), "unknown option '-x' (see 'ask --help')")),

        // Values missing, or given to a flag.
        Case(["--title"], .error(.missingValue(option: "--title"), "option '--title' needs a value")),
        Case(["-t"], .error(.missingValue(option: "-t"), "option '-t' needs a value")),
        Case(["-st"], .error(.missingValue(option: "-t"), "option '-t' needs a value")),
        Case(["--secure=yes"], .error(.unexpectedValue(option: "--secure"), "option '--secure' takes no value")),
        Case(["--secure="], .error(.unexpectedValue(option: "--secure"), "option '--secure' takes no value")),
        Case(["--help=x"], .error(.unexpectedValue(option: "--help"), "option '--help' takes no value")),

        // --keyboard: one of KeyboardType's raw values.
        Case(["--keyboard", "email"], prompt { $0.spec.editFields { $0[0].keyboard = .email } }),
        Case(["-k", "number"], prompt { $0.spec.editFields { $0[0].keyboard = .number } }),
        Case(["--keyboard=url"], prompt { $0.spec.editFields { $0[0].keyboard = .url } }),
        Case(["--keyboard", "foo"], .error(
            .invalidChoice(option: "--keyboard", value: "foo", choices: KeyboardType.allCases.map(\.rawValue)),
            "invalid value 'foo' for '--keyboard' (choose from: \(keyboardChoices))")),
        Case(["-k", "Email"], .error(
            .invalidChoice(option: "--keyboard", value: "Email", choices: KeyboardType.allCases.map(\.rawValue)),
            "invalid value 'Email' for '--keyboard' (choose from: \(keyboardChoices))")),

        // --mask: one grapheme or nothing.
        Case(["--mask", "*"], prompt { $0.spec.editFields { $0[0].mask = "*" } }),
        Case(["--mask", ""], prompt { $0.spec.editFields { $0[0].mask = "" } }),
        Case(["--mask="], prompt { $0.spec.editFields { $0[0].mask = "" } }),
        Case(["--mask", "e\u{301}"], prompt { $0.spec.editFields { $0[0].mask = "e\u{301}" } }),  // e + combining acute: one grapheme
        Case(["--mask", "🇫🇷"], prompt { $0.spec.editFields { $0[0].mask = "🇫🇷" } }),
        Case(["--mask", "ab"], .error(.maskTooLong("ab"), "the mask must be one character or empty, not 'ab'")),

        // Output terminators.
        Case(["-n"], prompt { $0.terminator = .none }),
        Case(["--no-newline"], prompt { $0.terminator = .none }),
        Case(["-0"], prompt { $0.terminator = .nul }),
        Case(["--null"], prompt { $0.terminator = .nul }),

        // Buttons.
        Case(["--no-cancel"], prompt { $0.spec.cancelLabel = nil }),
        Case(["--secondary", "Later"], prompt { $0.spec.secondaryLabel = "Later" }),
        Case(["--secondary=Later"], prompt { $0.spec.secondaryLabel = "Later" }),
        Case(["--destructive"], prompt { $0.spec.isDestructive = true }),

        // Entry, buttons and behaviour.
        Case(["--no-field"], prompt { $0.spec.body = .fields([]) }),
        Case(["--default-button", "cancel"], prompt { $0.spec.defaultButton = .cancel }),
        Case(["--default-button", "maybe"], .error(
            .invalidChoice(option: "--default-button", value: "maybe", choices: ["ok", "cancel", "secondary"]),
            "invalid value 'maybe' for '--default-button' (choose from: ok, cancel, secondary)")),
        Case(["--color", "never"], prompt { $0.options.color = .never }),
        Case(["--color=always"], prompt { $0.options.color = .always }),
        Case(["--width", "40"], prompt { $0.options.width = 40 }),
        Case(["--width=0"], .error(.invalidNumber(option: "--width", value: "0"),
                                   "invalid value '0' for '--width' (expected a number)")),
        Case(["--width", "wide"], .error(.invalidNumber(option: "--width", value: "wide"),
                                         "invalid value 'wide' for '--width' (expected a number)")),

        // Help and version win over whatever follows them.
        Case(["--help"], .command(.help)),
        Case(["-h"], .command(.help)),
        Case(["-sh"], .command(.help)),
        Case(["-h", "a", "b"], .command(.help)),
        Case(["--title", "T", "--help"], .command(.help)),
        Case(["--version"], .command(.version)),
        Case(["--version", "--bogus"], .command(.version)),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: Case) {
        let actual: Expected
        do throws(UsageError) {
            actual = .command(try ArgumentParser().parse(testCase.argv))
        } catch {
            actual = .error(error, error.message)
        }
        #expect(actual == testCase.expected)
    }

    /// `--timeout` takes decimal seconds above 0 and nothing else (no exponent, hex, inf, nan).
    @Test(arguments: [
        ("30", 30.0), ("1.5", 1.5), (".5", 0.5), ("5.", 5.0), ("0.25", 0.25), ("007", 7.0), ("3000000", 3_000_000), ("+5", 5.0),
        ("0", nil), ("0.0", nil), ("", nil), (".", nil), ("-1", nil), ("+", nil), ("++1", nil), ("1+", nil), ("1e3", nil), ("0x10", nil),
        ("inf", nil), ("nan", nil), ("1.2.3", nil), (" 1", nil), ("1s", nil), ("٣", nil),
    ] as [(String, Double?)])
    func timeoutIsDecimalSeconds(value: String, expected: Double?) {
        let parsed = try? ArgumentParser().parse(["--timeout", value])
        guard let expected else {
            #expect(parsed == nil)
            return
        }
        guard case let .prompt(invocation) = parsed, let timeout = invocation.options.timeout else {
            Issue.record("--timeout \(value) was refused")
            return
        }
        #expect(abs(timeout - expected) < 1e-9)
    }

    /// Every error exits with EX_USAGE.
    @Test func usageErrorsExitWith64() {
        #expect(Diagnostics.status(.usage(.missingValue(option: "--title"))) == .usage)
        #expect(ExitStatus.usage.rawValue == 64)
    }

    /// `--range LOW:HIGH[:START]`: whole numbers in order, START between them (else LOW); a page a
    /// tenth of the range, at least 1; anything else a usage error naming the value.
    @Test(arguments: [("0:60", RangeSpec(minimum: 0, maximum: 60, value: 0, page: 6)),
                      ("0:60:10", RangeSpec(minimum: 0, maximum: 60, value: 10, page: 6)),
                      ("-5:5:-1", RangeSpec(minimum: -5, maximum: 5, value: -1, page: 1)),
                      ("3:3", RangeSpec(minimum: 3, maximum: 3, value: 3, page: 1))])
    func ranges(_ value: String, spec: RangeSpec) throws {
        guard case let .prompt(invocation) = try ArgumentParser().parse(["--range", value]) else {
            Issue.record("--range \(value) was not a prompt")
            return
        }
        #expect(invocation.spec.body == .range(spec))
    }

    @Test(arguments: ["5:1", "0:60:61", "0:60:-1", "0", "a:b", "0:9:", "1.5:3", "0:1:2:3", ""])
    func rangesRefused(_ value: String) {
        #expect(throws: UsageError.invalidRange(value)) { try ArgumentParser().parse(["--range", value]) }
    }

    // MARK: - Every option, every spelling

    /// What an option needs before it to mean anything: a choice, for an action sheet's options
    /// (`--multiple` alone is a usage error).
    static func context(for option: OptionInfo) -> [String] {
        if option.long == "on-timeout" { return ["--timeout", "5"] }
        // An output box's OK at the end; the command --run runs (an argument, read as the message without it).
        if option.long == "ok-at-end" { return ["--output"] }
        if option.long == "run" { return ["true"] }
        // (with the flag it needs: --limit and --min, --multiple)
        if option.group == .choices { return ["--choice", "some value"] + (option.requires.map { ["--" + $0] } ?? []) }
        // A multi-line field's height is nothing else's.
        return option.long == "lines" ? ["--multiline"] : []
    }

    /// A valid value for an option that takes one, that changes the spec of its context.
    static func sampleValue(for option: OptionInfo) -> String {
        if let choices = option.choices { return choices.last! }
        let context = Self.context(for: option)
        let base = try? ArgumentParser().parse(context)
        let candidates = ["some value", "#", "42", "1:9"]
        return candidates.first { value in
            (try? ArgumentParser().parse(context + ["--" + option.long, value])).map { $0 != base } ?? false
        } ?? candidates[0]
    }

    /// `--name V`, `--name=V`, `-c V` and `-cV` mean the same; a flag means the same long or short.
    @Test(arguments: OptionInfo.all.map(\.long))
    func everySpellingOfAnOptionAgrees(_ long: String) throws {
        let option = try #require(OptionInfo.named(long))
        let parser = ArgumentParser()
        let context = Self.context(for: option)
        let base = try parser.parse(context)
        if option.takesValue {
            let value = Self.sampleValue(for: option)
            let reference = try parser.parse(context + ["--" + long, value])
            #expect(reference != base, "--\(long) \(value) changed nothing")
            #expect(try parser.parse(context + ["--\(long)=\(value)"]) == reference)
            if let short = option.short {
                #expect(try parser.parse(context + ["-\(short)", value]) == reference)
                #expect(try parser.parse(context + ["-\(short)\(value)"]) == reference)
            }
            #expect(throws: UsageError.missingValue(option: "--" + long)) { try parser.parse(context + ["--" + long]) }
        } else {
            let reference = try parser.parse(context + ["--" + long])
            #expect(reference != base, "--\(long) changed nothing")
            if let short = option.short {
                #expect(try parser.parse(context + ["-\(short)"]) == reference)
            }
            #expect(throws: UsageError.unexpectedValue(option: "--" + long)) { try parser.parse(context + ["--\(long)=x"]) }
        }
    }

    /// No two options share a name.
    @Test func optionNamesAreUnique() {
        let longs = OptionInfo.all.map(\.long)
        let shorts = OptionInfo.all.compactMap(\.short)
        #expect(Set(longs).count == longs.count)
        #expect(Set(shorts).count == shorts.count)
    }

    // MARK: - Suggestions

    struct SuggestionCase: Sendable, CustomTestStringConvertible {
        let typed: String
        let suggestion: String?
        var testDescription: String { "--\(typed) → \(suggestion ?? "nil")" }
    }

    @Test(arguments: [
        SuggestionCase(typed: "tittle", suggestion: "--title"),
        SuggestionCase(typed: "plac", suggestion: "--placeholder"),
        SuggestionCase(typed: "titl", suggestion: "--title"),
        SuggestionCase(typed: "secur", suggestion: "--secure"),
        SuggestionCase(typed: "keybaord", suggestion: "--keyboard"),
        SuggestionCase(typed: "destrutive", suggestion: "--destructive"),
        SuggestionCase(typed: "xyzzy", suggestion: nil),
        SuggestionCase(typed: "", suggestion: nil),
    ])
    func suggestsTheCloseOption(_ testCase: SuggestionCase) {
        #expect(ArgumentParser().suggestion(for: testCase.typed) == testCase.suggestion)
    }

    // MARK: - Help

    static let helpLines: [String] = HelpText.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

    @Test func helpLinesFitIn80Columns() {
        #expect(Self.helpLines.count > 10)
        for (number, line) in Self.helpLines.enumerated() {
            #expect(DisplayWidth.of(line) <= 80, "help line \(number + 1) is \(DisplayWidth.of(line)) columns: \(line)")
            #expect(line.count <= 80, "help line \(number + 1) has \(line.count) characters: \(line)")
            #expect(!line.hasSuffix(" "), "help line \(number + 1) ends with a space: '\(line)'")
        }
    }

    @Test func helpEndsWithOneNewline() {
        let help = HelpText.render()
        #expect(help.hasSuffix("\n"))
        #expect(!help.hasSuffix("\n\n"))
        #expect(help.hasPrefix("Usage: ask "))
    }

    /// Every option is in the help, as its synopsis (`-t, --title TEXT`), with its help text
    /// and its choices (where they are is `helpTextIsAlignedInOneColumn`).
    @Test(arguments: OptionInfo.all.map(\.long))
    func helpMentionsEveryOption(_ long: String) throws {
        let option = try #require(OptionInfo.named(long))
        let help = HelpText.render()
        let synopsis = option.synopsis.drop { $0 == " " }
        #expect(Self.helpLines.contains { $0.contains(synopsis) }, "'\(synopsis)' is not in the help")
        // The help text may be wrapped: compare with runs of spaces collapsed.
        let flattened = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(flattened.contains(option.help), "help for --\(long) missing")
        for choice in option.choices ?? [] {
            #expect(flattened.contains(choice), "choice \(choice) of --\(long) missing")
        }
    }

    /// Help texts start in one column (26): on the synopsis line when at least two spaces fit
    /// between them, else on the next line; wrapped help continues in that column.
    @Test(arguments: OptionInfo.all.map(\.long))
    func helpTextIsAlignedInOneColumn(_ long: String) throws {
        let option = try #require(OptionInfo.named(long))
        let column = 26
        let indent = String(repeating: " ", count: column)
        let synopsisLine = "  " + option.synopsis
        let index = try #require(Self.helpLines.firstIndex { $0.hasPrefix(synopsisLine + " ") || $0 == synopsisLine },
                                 "no line starts with '\(synopsisLine)'")
        var help = option.help
        if let choices = option.choices { help += ": " + choices.joined(separator: ", ") }
        var lines = Self.helpLines[index...].prefix { !$0.isEmpty }
        if synopsisLine.count < column - 1 {
            #expect(lines.first!.hasPrefix(synopsisLine.padding(to: column) + help.prefix { $0 != " " }))
            lines[index] = indent + lines.first!.dropFirst(column)
        } else {
            #expect(lines.first == synopsisLine)
            lines = lines.dropFirst()
        }
        // The help and its continuation lines, each in the column, read back as the help.
        var text: [Substring] = []
        for line in lines {
            if line.drop(while: { $0 == " " }).hasPrefix("-") { break }  // the next option
            #expect(line.hasPrefix(indent) && line.dropFirst(column).first != " ", "misaligned: '\(line)'")
            text.append(line.dropFirst(column))
        }
        #expect(text.joined(separator: " ") == help)
    }

    @Test func helpListsTheKeyboardTypes() {
        let flattened = HelpText.render().split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(flattened.contains(Self.keyboardChoices))
    }
}

extension String {
    /// The string with spaces added up to `length` characters.
    fileprivate func padding(to length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
