import AskChoices
import AskCommandLine
import AskFields
import AskGauge
@testable import AskKit
import AskModel
import AskRender
import AskSession
import AskLayout
import AskText
import AskPresentation
import AskTextBox
import Testing

/// `--choice`, `--destructive-choice`, `--choices-from` and the options of an action sheet:
/// the sheet they make, and the usage errors of what does not go with it.
struct SheetArgumentsTests {
    typealias Case = ArgumentParserTests.Case

    /// An action sheet of `choices` (no field), changed by `edit`, the rest of the invocation by
    /// `invocation`.
    static func sheet(_ choices: [Choice], source: ChoiceSource? = nil, _ edit: (inout SheetSpec) -> Void = { _ in },
                      invocation: (inout Invocation) -> Void = { _ in }) -> ArgumentParserTests.Expected {
        ArgumentParserTests.prompt {
            var sheet = SheetSpec(choices: choices, source: source)
            edit(&sheet)
            $0.spec.body = .choices(sheet)
            invocation(&$0)
        }
    }

    static let apple = Choice("Apple"), banana = Choice("Banana")

    /// A choice and a `--selected` name that are not UTF-8 are kept as the bytes argv held,
    /// attached (`--choice=…`) or not; the text the parser sees has U+FFFD in their place.
    @Test func choicesKeepTheirBytes() throws {
        let bytes: [[UInt8]] = [Array("--choice".utf8), [0x63, 0x61, 0x66, 0xE9], Array("--choice=v".utf8) + [0xFF, 0x09, 0x4C],
                                Array("--multiple".utf8), Array("--selected".utf8), [0x43, 0x41, 0x46, 0xE9]]
        let texts = bytes.map { String(decoding: $0, as: UTF8.self) }
        guard case let .prompt(invocation) = try ArgumentParser().parse(texts, bytes: bytes) else {
            Issue.record("not a prompt")
            return
        }
        #expect(invocation.spec.sheet?.choices == [Choice(label: [0x63, 0x61, 0x66, 0xE9]), Choice(label: [0x4C], value: [0x76, 0xFF])])
        #expect(invocation.spec.sheet?.selected == [ChoiceName([0x43, 0x41, 0x46, 0xE9])])
    }

    static func error(_ error: UsageError, _ message: String) -> ArgumentParserTests.Expected { .error(error, message) }

    static let cases: [Case] = [
        // Choices in the order given; a TAB splits VALUE<TAB>LABEL at the first tab.
        Case(["--choice", "Apple"], sheet([apple])),
        Case(["--choice", "Apple", "--choice=Banana"], sheet([apple, banana])),
        Case(["--title", "Fruit", "--choice", "Apple", "Pick one"],
             sheet([apple]) { _ in } invocation: { $0.spec.title = "Fruit"; $0.spec.message = "Pick one" }),
        Case(["--choice", "a\tApple"], sheet([Choice("Apple", value: "a")])),
        Case(["--choice", "a\tApple\tpie"], sheet([Choice(label: Array("Apple".utf8), value: Array("a".utf8), description: Array("pie".utf8))])),
        Case(["--choice", "a\tApple\tred\tsweet"], sheet([Choice(label: Array("Apple".utf8), value: Array("a".utf8),
                                                                    description: Array("red\tsweet".utf8))])),
        Case(["--choice", "\tNone"], sheet([Choice("None", value: "")])),
        Case(["--choice", "Apple", "--choice", "Apple"], sheet([apple, apple])),
        // Many, as a long menu gives them (each added in place), destructive ones and --selected
        // among them: all kept, in the order given.
        Case((1...10_000).flatMap { ["--choice", "\($0)\tItem \($0)"] } + ["--destructive-choice", "Drop", "--selected", "5"]
             + (10_001...10_002).flatMap { ["--choice", "Item \($0)"] },
             sheet((1...10_000).map { Choice("Item \($0)", value: "\($0)") } + [Choice("Drop", isDestructive: true)]
                   + (10_001...10_002).map { Choice("Item \($0)") }) { $0.selected = ["5"] }),
        Case(["--choice", ""], error(.emptyValue(option: "--choice"), "option '--choice' needs a label that is not empty")),
        Case(["--choice", "a\t"], error(.emptyValue(option: "--choice"), "option '--choice' needs a label that is not empty")),
        Case(["--destructive-choice", ""], error(.emptyValue(option: "--destructive-choice"),
                                                 "option '--destructive-choice' needs a label that is not empty")),
        Case(["--choice"], error(.missingValue(option: "--choice"), "option '--choice' needs a value")),
        // A choice is one line: a line break anywhere in it is refused.
        Case(["--choice", "a\nb"], error(.choiceWithLineBreak(option: "--choice", value: "a\nb"),
                                          "invalid value 'a\nb' for '--choice' (a choice is one line: it may not hold a line break)")),
        Case(["--destructive-choice=v\n\tLabel"], error(.choiceWithLineBreak(option: "--destructive-choice", value: "v\n\tLabel"),
                                                        "invalid value 'v\n\tLabel' for '--destructive-choice' (a choice is one line: it may not hold a line break)")),

        // Destructive choices keep the order given here; the model puts them first.
        Case(["--choice", "Keep", "--destructive-choice", "Delete"],
             sheet([Choice("Keep"), Choice("Delete", isDestructive: true)])),
        Case(["--destructive-choice", "rm\tDelete"], sheet([Choice("Delete", value: "rm", isDestructive: true)])),

        // --choices-from: a file, or `-`; the file is not opened here. Once only.
        Case(["--choices-from", "-"], sheet([], source: .standardInput)),
        Case(["--choices-from=branches.txt"], sheet([], source: .file("branches.txt"))),
        Case(["--choices-from", "list", "--choice", "Other"], sheet([Choice("Other")], source: .file("list"))),
        Case(["--choices-from", "./-"], sheet([], source: .file("./-"))),
        Case(["--choices-from", "a", "--choices-from", "b"], error(.repeatedOption("--choices-from", unless: nil),
                                                                   "option '--choices-from' may be given only once")),
        Case(["--choices-from", "-", "--choices-from", "-"], error(.repeatedOption("--choices-from", unless: nil),
                                                                   "option '--choices-from' may be given only once")),
        Case(["--choices-from", ""], error(.emptyValue(option: "--choices-from"),
                                           "option '--choices-from' needs a file name, or '-' for standard input")),

        // Standard input holds the list: no answer can be read there too.
        Case(["--choices-from", "-", "--stdin"], error(.choicesFromStandardInput(with: "--stdin"),
            "option '--stdin' cannot read the answer from standard input: '--choices-from -' reads the choices there")),
        Case(["--stdin", "--choices-from", "-"], error(.choicesFromStandardInput(with: "--stdin"),
            "option '--stdin' cannot read the answer from standard input: '--choices-from -' reads the choices there")),
        Case(["--choices-from", "-", "--fallback", "stdin"], error(.choicesFromStandardInput(with: "--fallback stdin"),
            "option '--fallback stdin' cannot read the answer from standard input: '--choices-from -' reads the choices there")),
        Case(["--choices-from", "-", "--fallback", "value"],
             sheet([], source: .standardInput) { _ in } invocation: { $0.options.fallback = .value }),
        Case(["--choices-from", "list", "--stdin"],
             sheet([], source: .file("list")) { _ in } invocation: { $0.options.readsStandardInput = true }),
        Case(["--choice", "A", "--fallback", "stdin"],
             sheet([Choice("A")]) { _ in } invocation: { $0.options.fallback = .stdin }),

        // --selected names a choice by label or value, in any case; checked here when every
        // choice is on the command line, once the list is read otherwise.
        Case(["--choice", "Apple", "--selected", "Apple"], sheet([apple]) { $0.selected = ["Apple"] }),
        Case(["--choice", "Apple", "--selected", "aPPLE"], sheet([apple]) { $0.selected = ["aPPLE"] }),
        Case(["--selected", "a", "--choice", "a\tApple"], sheet([Choice("Apple", value: "a")]) { $0.selected = ["a"] }),
        Case(["--choice", "a\tApple", "--selected", "apple"], sheet([Choice("Apple", value: "a")]) { $0.selected = ["apple"] }),
        // The parser names a choice as the sheet does (ChoiceName): Unicode letters in any case,
        // and a name to nothing the sheet would find is refused here too.
        Case(["--choice", "Über", "--selected", "über"], sheet([Choice("Über")]) { $0.selected = ["über"] }),
        Case(["--choice", "Apple", "--multiple", "--selected", "apple", "--selected", "APPLE"],
             sheet([apple]) { $0.allowsMultiple = true; $0.selected = ["apple", "APPLE"] }),
        Case(["--choice", "Über", "--selected", "uber"], error(.unknownSelection("uber", choices: ["Über"]),
            "invalid value 'uber' for '--selected' (no choice has that label or value; choose from: Über)")),
        Case(["--choices-from", "-", "--selected", "main"], sheet([], source: .standardInput) { $0.selected = ["main"] }),
        Case(["--choice", "A", "--choices-from", "list", "--selected", "Z"],
             sheet([Choice("A")], source: .file("list")) { $0.selected = ["Z"] }),
        Case(["--choice", "Apple", "--choice", "Banana", "--selected", "Cherry"], error(
            .unknownSelection("Cherry", choices: ["Apple", "Banana"]),
            "invalid value 'Cherry' for '--selected' (no choice has that label or value; choose from: Apple, Banana)")),
        Case(["--choice", "Keep", "--destructive-choice", "Delete", "--selected", "Drop"], error(
            .unknownSelection("Drop", choices: ["Delete", "Keep"]),
            "invalid value 'Drop' for '--selected' (no choice has that label or value; choose from: Delete, Keep)")),
        Case(["--choice", "a\tApple", "--selected", "Apple pie"], error(
            .unknownSelection("Apple pie", choices: ["Apple"]),
            "invalid value 'Apple pie' for '--selected' (no choice has that label or value; choose from: Apple)")),
        Case((1...9).flatMap { ["--choice", "Choice \($0)"] } + ["--selected", "Choice 10"], error(
            .unknownSelection("Choice 10", choices: (1...9).map { "Choice \($0)" }),
            "invalid value 'Choice 10' for '--selected' (none of the 9 choices has that label or value)")),
        Case(["--choice", String(repeating: "x", count: 61), "--selected", "y"], error(
            .unknownSelection("y", choices: [String(repeating: "x", count: 61)]),
            "invalid value 'y' for '--selected' (none of the 1 choices has that label or value)")),

        // Once, unless --multiple.
        Case(["--choice", "A", "--choice", "B", "--selected", "A", "--selected", "B"], error(
            .repeatedOption("--selected", unless: "--multiple"), "option '--selected' may be given only once without '--multiple'")),
        Case(["--choice", "A", "--choice", "B", "--selected", "A", "--selected", "A"], error(
            .repeatedOption("--selected", unless: "--multiple"), "option '--selected' may be given only once without '--multiple'")),
        Case(["--choice", "A", "--choice", "B", "--multiple", "--selected", "A", "--selected", "b"],
             sheet([Choice("A"), Choice("B")]) { $0.allowsMultiple = true; $0.selected = ["A", "b"] }),
        Case(["--selected", "A", "--selected", "B", "--choice", "A", "--choice", "B", "--multiple"],
             sheet([Choice("A"), Choice("B")]) { $0.allowsMultiple = true; $0.selected = ["A", "B"] }),

        // --multiple and --index.
        Case(["--choice", "A", "--multiple"], sheet([Choice("A")]) { $0.allowsMultiple = true }),
        Case(["--choice", "A", "--index"], sheet([Choice("A")]) { $0.answer = .index }),
        Case(["--index", "--multiple", "--choices-from", "-"],
             sheet([], source: .standardInput) { $0.answer = .index; $0.allowsMultiple = true }),

        // They need a choice.
        Case(["--multiple"], error(.needsChoices(option: "--multiple"),
                                   "option '--multiple' needs choices: give '--choice' or '--choices-from'")),
        Case(["--index"], error(.needsChoices(option: "--index"),
                                "option '--index' needs choices: give '--choice' or '--choices-from'")),
        Case(["--selected", "A"], error(.needsChoices(option: "--selected"),
                                        "option '--selected' needs choices: give '--choice' or '--choices-from'")),
        Case(["-t", "T", "--index", "--multiple"], error(.needsChoices(option: "--index"),
                                                         "option '--index' needs choices: give '--choice' or '--choices-from'")),

        // --required, wherever it is: at least one marked. No other field option applies.
        Case(["--required", "--choice", "A", "--multiple"],
             sheet([Choice("A")]) { $0.allowsMultiple = true; $0.requiresSelection = true }),
        Case(["--choice", "A", "--multiple", "--required"],
             sheet([Choice("A")]) { $0.allowsMultiple = true; $0.requiresSelection = true }),
        Case(["--choice", "A", "--required"], sheet([Choice("A")]) { $0.requiresSelection = true }),
        Case(["--choice", "A", "--secure"], error(.notForSheet(option: "--secure"),
                                                  "option '--secure' does not apply to an action sheet")),
        Case(["-s", "--choice", "A"], error(.notForSheet(option: "--secure"),
                                            "option '--secure' does not apply to an action sheet")),
        Case(["-p", "Fruit", "--choices-from", "-"], error(.notForSheet(option: "--placeholder"),
                                                          "option '--placeholder' does not apply to an action sheet")),
        Case(["--choice", "A", "--required", "--value", "A"], error(.notForSheet(option: "--value"),
                                                                    "option '--value' does not apply to an action sheet")),

        // Its only button is Cancel: its label and --no-cancel apply, the other buttons do not.
        Case(["--choice", "A", "--cancel", "Back"], sheet([Choice("A")]) { _ in } invocation: { $0.spec.cancelLabel = "Back" }),
        Case(["--choice", "A", "--no-cancel"], sheet([Choice("A")]) { _ in } invocation: { $0.spec.cancelLabel = nil }),
        Case(["--ok", "Go", "--choice", "A"], error(.notForSheet(option: "--ok"),
            "option '--ok' does not apply to an action sheet (its only button is Cancel)")),
        Case(["--choice", "A", "--secondary", "Later"], error(.notForSheet(option: "--secondary"),
            "option '--secondary' does not apply to an action sheet (its only button is Cancel)")),
        Case(["--destructive", "--destructive-choice", "Delete"], error(.notForSheet(option: "--destructive"),
            "option '--destructive' does not apply to an action sheet (its only button is Cancel)")),
        Case(["--choice", "A", "--default-button", "cancel"], error(.notForSheet(option: "--default-button"),
            "option '--default-button' does not apply to an action sheet (its only button is Cancel)")),

        // Fields, or askpass's answer, instead of choices.
        Case(["--choice", "A", "--field", "B"], error(.conflictingOptions("--choice", "--field"),
                                                      "options '--choice' and '--field' contradict each other")),
        Case(["--login", "--destructive-choice", "A"], error(.conflictingOptions("--login", "--destructive-choice"),
            "options '--login' and '--destructive-choice' contradict each other")),
        Case(["--choices-from", "-", "--no-field"], error(.conflictingOptions("--choices-from", "--no-field"),
            "options '--choices-from' and '--no-field' contradict each other")),
        Case(["--askpass", "Password:", "--choice", "A"], error(.conflictingOptions("--askpass", "--choice"),
            "options '--askpass' and '--choice' contradict each other")),
        Case(["--choice", "A", "--askpass", "Password:"], error(.conflictingOptions("--choice", "--askpass"),
            "options '--choice' and '--askpass' contradict each other")),
        Case(["--multiple", "--field", "A"], error(.needsChoices(option: "--multiple"),
                                                   "option '--multiple' needs choices: give '--choice' or '--choices-from'")),

        // Output: -n runs the marked choices of --multiple together; one choice is fine.
        Case(["--choice", "A", "-n"], sheet([Choice("A")]) { _ in } invocation: { $0.terminator = .none }),
        Case(["--choice", "A", "--multiple", "-n"], error(.noNewlineWithMultiple,
            "option '--no-newline' would run the marked choices of '--multiple' together (use '--null' to end each with NUL)")),
        Case(["-n", "--multiple", "--choices-from", "-"], error(.noNewlineWithMultiple,
            "option '--no-newline' would run the marked choices of '--multiple' together (use '--null' to end each with NUL)")),
        Case(["--choice", "A", "--multiple", "-n", "-0"],
             sheet([Choice("A")]) { $0.allowsMultiple = true } invocation: { $0.terminator = .nul }),

        // A checklist's bounds: at most (--limit, from 1), at least (--min, from 0); only with --multiple.
        Case(["--choice", "A", "--multiple", "--limit", "2", "--min", "1"], sheet([Choice("A")]) {
            $0.allowsMultiple = true
            $0.mostMarks = 2
            $0.fewestMarks = 1
        }),
        Case(["--choice", "A", "--multiple", "--min", "0"], sheet([Choice("A")]) { $0.allowsMultiple = true }),
        Case(["--choice", "A", "--multiple", "--limit", "0"], error(.invalidNumber(option: "--limit", value: "0"),
            "invalid value '0' for '--limit' (expected a number)")),
        Case(["--choice", "A", "--multiple", "--min", "-1"], error(.invalidNumber(option: "--min", value: "-1"),
            "invalid value '-1' for '--min' (expected a number)")),
        Case(["--choice", "A", "--limit", "2"], error(.needsOption("--limit", needed: "--multiple"),
            "option '--limit' has no effect without '--multiple'")),
        Case(["--choice", "A", "--min", "2"], error(.needsOption("--min", needed: "--multiple"),
            "option '--min' has no effect without '--multiple'")),
        Case(["--choice", "A", "--multiple", "--min", "3", "--limit", "2"], error(.contradictoryMarks(fewest: 3, most: 2),
            "option '--min 3' asks for more marks than '--limit 2' allows")),
        Case(["--limit", "2", "--multiple", "--field", "A"], error(.needsChoices(option: "--limit"),
            "option '--limit' needs choices: give '--choice' or '--choices-from'")),

        // The filter: a starting query, the list's order, the answer decided before drawing,
        // and the matches printed without asking.
        Case(["--choice", "A", "--query", "^a b"], sheet([Choice("A")]) { $0.query = Array("^a b".utf8) }),
        Case(["--choice", "A", "-q", "x"], sheet([Choice("A")]) { $0.query = Array("x".utf8) }),
        Case(["--choice", "A", "--no-sort", "--select-1", "--exit-0"], sheet([Choice("A")]) {
            $0.sortsMatches = false
            $0.answersOnlyMatch = true
            $0.endsWithoutMatch = true
        }),
        Case(["--choices-from", "-", "--filter", "ab"], sheet([], source: .standardInput) { $0.query = Array("ab".utf8) }
             invocation: { $0.options.printsMatches = true }),
        Case(["--choice", "A", "-f", "a", "--multiple", "--index", "-0", "--select-1", "--selected", "A"],
             sheet([Choice("A")]) {
                 $0.query = Array("a".utf8)
                 $0.allowsMultiple = true
                 $0.answer = .index
                 $0.answersOnlyMatch = true
                 $0.selected = ["A"]
             } invocation: {
                 $0.options.printsMatches = true
                 $0.terminator = .nul
             }),
        Case(["--filter", "a"], error(.needsChoices(option: "--filter"), "option '--filter' needs choices: give '--choice' or '--choices-from'")),
        Case(["--query", "a", "--field", "F"], error(.needsChoices(option: "--query"),
                                                     "option '--query' needs choices: give '--choice' or '--choices-from'")),
        Case(["--choice", "A", "--filter", "a", "--query", "b"], error(.conflictingOptions("--filter", "--query"),
            "options '--filter' and '--query' contradict each other")),
        Case(["--choice", "A", "--query", "b", "--filter", "a"], error(.conflictingOptions("--query", "--filter"),
            "options '--query' and '--filter' contradict each other")),
        Case(["--choice", "A", "--filter", "a", "--stdin"], error(.conflictingOptions("--filter", "--stdin"),
            "options '--filter' and '--stdin' contradict each other")),
        Case(["--choice", "A", "--filter", "a", "-n"], error(.noNewlineWithFilter,
            "option '--no-newline' would run the choices '--filter' prints together (use '--null' to end each with NUL)")),

        // What applies to any alert applies to a sheet unchanged.
        Case(["--choice", "A", "--timeout", "5", "--width", "40", "--plain", "--color", "never", "--fallback", "value"],
             sheet([Choice("A")]) { _ in } invocation: {
                 $0.options = PresentationOptions(timeout: 5, fallback: .value, color: .never, width: 40, isPlain: true)
             }),
        Case(["--choice", "A", "--help"], .command(.help)),
        Case(["--multiple", "--version"], .command(.version)),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: Case) {
        ArgumentParserTests().parses(testCase)
    }

    /// ASK_FALLBACK=stdin, set for every call, cannot read the answer where the list is: with
    /// `--choices-from -` it is taken as `fail`; with a list from elsewhere it stands.
    @Test func theEnvironmentsStdinFallbackGivesWayToTheList() throws {
        let parser = ArgumentParser(environment: ["ASK_FALLBACK": "stdin"])
        let fromStdin = try parser.parse(["--choices-from", "-"])
        #expect(fromStdin.invocation.options.fallback == .fail)
        let fromFile = try parser.parse(["--choices-from", "list"])
        #expect(fromFile.invocation.options.fallback == .stdin)
        #expect(try ArgumentParser(environment: ["ASK_FALLBACK": "value"]).parse(["--choices-from", "-"])
            .invocation.options.fallback == .value)
    }

    /// Every field option but --required is refused with a sheet, before the first choice or after.
    @Test(arguments: OptionInfo.all.filter { $0.describesField && $0.long != "required" }.map(\.long))
    func aFieldOptionDoesNotApply(_ long: String) throws {
        let option = try #require(OptionInfo.named(long))
        let arguments = ["--" + long] + (option.takesValue ? [ArgumentParserTests.sampleValue(for: option)] : [])
        let parser = ArgumentParser()
        #expect(throws: UsageError.notForSheet(option: "--" + long)) { try parser.parse(["--choice", "A"] + arguments) }
        #expect(throws: UsageError.notForSheet(option: "--" + long)) { try parser.parse(arguments + ["--choices-from", "-"]) }
    }

    /// The options of the group need a choice, and only those that give one make a sheet.
    @Test func theChoicesGroup() {
        #expect(OptionInfo.all.filter { $0.group == .choices }.map(\.long)
                == ["choice", "destructive-choice", "choices-from", "selected", "multiple", "limit", "min", "allow-other", "ansi", "search-descriptions", "wrap", "index", "query", "no-sort", "select-1",
                    "exit-0", "filter"])
        #expect(OptionInfo.all.filter { $0.group == .choices && $0.isRepeatable }.map(\.long)
                == ["choice", "destructive-choice", "selected"])
    }
}

extension ParsedCommand {
    /// The invocation of a `.prompt`.
    fileprivate var invocation: Invocation {
        if case let .prompt(invocation) = self { return invocation }
        return Invocation()
    }
}
