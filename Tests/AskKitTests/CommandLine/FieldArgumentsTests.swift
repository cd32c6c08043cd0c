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

/// `--field`, `--login` and the options that describe a field: which field each describes,
/// and the usage errors of their order.
struct FieldArgumentsTests {
    typealias Case = ArgumentParserTests.Case

    /// A prompt whose fields are `fields`, the rest of the invocation changed by `edit`.
    static func fields(_ fields: [FieldSpec], _ edit: (inout Invocation) -> Void = { _ in }) -> ArgumentParserTests.Expected {
        ArgumentParserTests.prompt {
            $0.spec.body = .fields(fields)
            edit(&$0)
        }
    }

    /// A field labelled `label`, changed by `edit`.
    static func field(_ label: String, _ edit: (inout FieldSpec) -> Void = { _ in }) -> FieldSpec {
        var field = FieldSpec(label: label)
        edit(&field)
        return field
    }

    static let user = PromptSpec.loginFields[0], password = PromptSpec.loginFields[1]

    static let cases: [Case] = [
        // Fields in the order given, each option on the field before it.
        Case(["--field", "User"], fields([field("User")])),
        Case(["--field", "A", "--field", "B"], fields([field("A"), field("B")])),
        Case(["--field=A", "--field", "B", "--field", "C"], fields([field("A"), field("B"), field("C")])),
        Case(["--field", ""], fields([field("")])),
        Case(["--field", "A", "-s", "--field", "B"], fields([field("A") { $0.isSecure = true }, field("B")])),
        Case(["--field", "A", "--field", "B", "-s"], fields([field("A"), field("B") { $0.isSecure = true }])),
        Case(["--field", "A", "-p", "name", "--value", "v", "--field", "B", "-k", "number", "--required"], fields([
            field("A") { $0.placeholder = "name"; $0.value = "v" },
            field("B") { $0.keyboard = .number; $0.validation.isRequired = true },
        ])),
        Case(["--field", "A", "-sk", "number", "--field", "B", "--mask=*"], fields([
            field("A") { $0.isSecure = true; $0.keyboard = .number },
            field("B") { $0.mask = "*" },
        ])),
        Case(["--field", "New", "-s", "--repeat", "--repeat-label", "Again", "--allow-reveal", "--field", "Hint"], fields([
            field("New") { $0.isSecure = true; $0.repeatsEntry = true; $0.repeatLabel = "Again"; $0.allowsReveal = true },
            field("Hint"),
        ])),
        Case(["--field", "A", "--pattern", "[0-9]+", "--error", "Digits", "--field", "B", "--min-length", "2"], fields([
            field("A") { $0.validation.pattern = "[0-9]+"; $0.validation.errorMessage = "Digits" },
            field("B") { $0.validation.minimumLength = 2 },
        ])),
        // What describes the alert, not a field, goes anywhere.
        Case(["-t", "T", "--field", "A", "-m", "M", "--field", "B", "--ok", "Go"],
             fields([field("A"), field("B")]) { $0.spec.title = "T"; $0.spec.message = "M"; $0.spec.okLabel = "Go" }),
        Case(["--field", "A", "Hello", "--field", "B"], fields([field("A"), field("B")]) { $0.spec.message = "Hello" }),

        // A field option before the first --field describes none of its fields.
        Case(["-s", "--field", "A"], .error(.fieldOptionBeforeFields(option: "--secure", fields: "--field"),
            "option '--secure' comes before the first '--field': a field option describes the field named before it")),
        Case(["--placeholder", "x", "--field", "A", "--field", "B"], .error(
            .fieldOptionBeforeFields(option: "--placeholder", fields: "--field"),
            "option '--placeholder' comes before the first '--field': a field option describes the field named before it")),
        Case(["--required", "--value", "v", "--field", "A"], .error(
            .fieldOptionBeforeFields(option: "--required", fields: "--field"),
            "option '--required' comes before the first '--field': a field option describes the field named before it")),

        // --login: User Name and a secure Password; what follows describes the Password.
        Case(["--login"], fields([user, password])),
        Case(["--login", "--login"], fields([user, password])),
        Case(["--login", "-t", "Sign In"], fields([user, password]) { $0.spec.title = "Sign In" }),
        Case(["--login", "--min-length", "8", "--allow-reveal", "--login"], fields([
            user, password.with { $0.validation.minimumLength = 8; $0.allowsReveal = true },
        ])),
        Case(["--login", "-0"], fields([user, password]) { $0.terminator = .nul }),
        Case(["--secure", "--login"], .error(.fieldOptionBeforeFields(option: "--secure", fields: "--login"),
            "option '--secure' comes before '--login': a field option describes the field named before it")),
        Case(["--login=yes"], .error(.unexpectedValue(option: "--login"), "option '--login' takes no value")),

        // --field, --login and --no-field do not mix (--no-field still drops the field options).
        Case(["--field", "A", "--login"], .error(.conflictingOptions("--field", "--login"),
                                                 "options '--field' and '--login' contradict each other")),
        Case(["--login", "--field", "A"], .error(.conflictingOptions("--login", "--field"),
                                                 "options '--login' and '--field' contradict each other")),
        Case(["--no-field", "--field", "A"], .error(.conflictingOptions("--no-field", "--field"),
                                                    "options '--no-field' and '--field' contradict each other")),
        Case(["--field", "A", "--no-field"], .error(.conflictingOptions("--field", "--no-field"),
                                                    "options '--field' and '--no-field' contradict each other")),
        Case(["--login", "--no-field"], .error(.conflictingOptions("--login", "--no-field"),
                                               "options '--login' and '--no-field' contradict each other")),
        Case(["--no-field", "--login"], .error(.conflictingOptions("--no-field", "--login"),
                                               "options '--no-field' and '--login' contradict each other")),
        Case(["--secure", "--no-field"], fields([])),
        Case(["--no-field", "--secure", "--no-field"], fields([])),
        Case(["--field"], .error(.missingValue(option: "--field"), "option '--field' needs a value")),

        // An askpass client reads one answer.
        Case(["--askpass", "Password:", "--field", "A"], .error(.conflictingOptions("--askpass", "--field"),
                                                               "options '--askpass' and '--field' contradict each other")),
        Case(["--login", "--askpass", "Password:"], .error(.conflictingOptions("--login", "--askpass"),
                                                          "options '--login' and '--askpass' contradict each other")),

        // -n: the answers would run together; one field is fine, and so is -0.
        Case(["--field", "A", "-n"], fields([field("A")]) { $0.terminator = .none }),
        Case(["--field", "A", "--field", "B", "-n"], .error(.noNewlineWithFields(count: 2),
            "option '--no-newline' would run the answers of 2 fields together (use '--null' to end each with NUL)")),
        Case(["-n", "--login"], .error(.noNewlineWithFields(count: 2),
            "option '--no-newline' would run the answers of 2 fields together (use '--null' to end each with NUL)")),
        Case(["--field", "A", "--field", "B", "--field", "C", "--no-newline"], .error(.noNewlineWithFields(count: 3),
            "option '--no-newline' would run the answers of 3 fields together (use '--null' to end each with NUL)")),
        Case(["--field", "A", "--field", "B", "-n", "-0"], fields([field("A"), field("B")]) { $0.terminator = .nul }),
        Case(["--no-field", "-n"], fields([]) { $0.terminator = .none }),

        // --min-length above --max-length, field by field, naming the field when there are several.
        Case(["--field", "A", "--min-length", "5", "--field", "B", "--max-length", "3"], fields([
            field("A") { $0.validation.minimumLength = 5 }, field("B") { $0.validation.maximumLength = 3 },
        ])),
        Case(["--field", "A", "--field", "B", "--min-length", "5", "--max-length", "3"], .error(
            .contradictoryLengths(minimum: 5, maximum: 3, field: "B"),
            "options '--min-length 5' and '--max-length 3' of 'B' contradict each other")),
        Case(["--field", "", "--field", "", "--max-length", "1", "--min-length", "2"], .error(
            .contradictoryLengths(minimum: 2, maximum: 1, field: "field 2"),
            "options '--min-length 2' and '--max-length 1' of 'field 2' contradict each other")),
        Case(["--field", "A", "--min-length", "5", "--max-length", "3"], .error(
            .contradictoryLengths(minimum: 5, maximum: 3, field: nil),
            "options '--min-length 5' and '--max-length 3' contradict each other")),
        Case(["--login", "--min-length", "9", "--max-length", "8"], .error(
            .contradictoryLengths(minimum: 9, maximum: 8, field: "Password"),
            "options '--min-length 9' and '--max-length 8' of 'Password' contradict each other")),

        // --multiline and its height, on the field before them; what one line cannot hold is refused.
        Case(["--multiline"], fields([field("") { $0.isMultiline = true }])),
        Case(["--multiline", "--lines", "8"], fields([field("") { $0.isMultiline = true; $0.lines = 8 }])),
        Case(["--lines=1", "--multiline"], fields([field("") { $0.isMultiline = true; $0.lines = 1 }])),
        Case(["--field", "Title", "--field", "Notes", "--multiline", "--lines", "3"], fields([
            field("Title"), field("Notes") { $0.isMultiline = true; $0.lines = 3 },
        ])),
        Case(["--field", "Notes", "--multiline", "--field", "Title"], fields([field("Notes") { $0.isMultiline = true }, field("Title")])),
        Case(["--multiline", "--value", "one\ntwo", "-k", "ascii", "-s", "--mask", "*", "--max-length", "99", "-0"], fields([
            field("") {
                $0.isMultiline = true; $0.value = "one\ntwo"; $0.keyboard = .ascii; $0.isSecure = true; $0.mask = "*"
                $0.validation.maximumLength = 99
            },
        ]) { $0.terminator = .nul }),
        // What a field offers: paths, suggestions, a history.
        Case(["--keyboard", "path"], fields([field("") { $0.keyboard = .path }])),
        Case(["--field", "A", "--field", "Dir", "--directory"], fields([field("A"), field("Dir") { $0.keyboard = .path; $0.directoriesOnly = true }])),
        Case(["--suggest", "one", "--suggest", "two", "--suggestions-from", "words"], fields([
            field("") { $0.suggestions = ["one", "two"]; $0.suggestionsFile = "words" },
        ])),
        Case(["--field", "Host", "--history", "hosts", "--field", "Port"], fields([field("Host") { $0.historyFile = "hosts" }, field("Port")])),
        Case(["--history", ""], .error(.emptyValue(option: "--history"), "option '--history' needs a label that is not empty")),
        Case(["--secure", "--history", "h"], .error(.conflictingOptions("--secure", "--history"),
            "options '--secure' and '--history' contradict each other")),
        Case(["-s", "--directory"], .error(.conflictingOptions("--secure", "--keyboard path"),
            "options '--secure' and '--keyboard path' contradict each other")),
        Case(["--multiline", "--suggest", "x"], .error(.notForMultiline(option: "--suggest", field: nil),
            "option '--suggest' does not go with '--multiline': what is recalled or suggested is one line")),
        Case(["--multiline", "--keyboard", "path"], .error(.notForMultiline(option: "--keyboard path", field: nil),
            "option '--keyboard path' does not go with '--multiline': a path is one line")),
        Case(["--multiline", "-n"], fields([field("") { $0.isMultiline = true }]) { $0.terminator = .none }),
        Case(["--lines", "3"], .error(.linesWithoutMultiline(field: nil),
            "option '--lines' is the height of a multi-line field: give '--multiline' too")),
        Case(["--field", "A", "--multiline", "--field", "B", "--lines", "3"], .error(.linesWithoutMultiline(field: "B"),
            "option '--lines' is the height of a multi-line field: give '--multiline' too for 'B'")),
        Case(["--multiline", "--lines", "0"], .error(.invalidNumber(option: "--lines", value: "0"),
            "invalid value '0' for '--lines' (expected a number)")),
        Case(["--multiline", "--lines", "1001"], .error(.invalidNumber(option: "--lines", value: "1001"),
            "invalid value '1001' for '--lines' (expected a number)")),
        Case(["--multiline", "-k", "email"], .error(.notForMultiline(option: "--keyboard email", field: nil),
            "option '--keyboard email' does not go with '--multiline': an email address is one line")),
        Case(["--multiline", "-k", "url"], .error(.notForMultiline(option: "--keyboard url", field: nil),
            "option '--keyboard url' does not go with '--multiline': a web address is one line")),
        Case(["-k", "phone", "--multiline"], .error(.notForMultiline(option: "--keyboard phone", field: nil),
            "option '--keyboard phone' does not go with '--multiline': a phone number is one line")),
        Case(["--multiline", "-k", "decimal"], .error(.notForMultiline(option: "--keyboard decimal", field: nil),
            "option '--keyboard decimal' does not go with '--multiline': a number is one line")),
        Case(["--field", "A", "--field", "PIN", "--multiline", "-k", "number"], .error(
            .notForMultiline(option: "--keyboard number", field: "PIN"),
            "option '--keyboard number' does not go with '--multiline' of 'PIN': a number is one line")),
        Case(["--multiline", "-s", "--repeat"], .error(.notForMultiline(option: "--repeat", field: nil),
            "option '--repeat' does not go with '--multiline': several lines are not typed twice")),
        Case(["--askpass", "Notes:", "--multiline"], .error(.notForMultiline(option: "--askpass", field: nil),
            "option '--askpass' does not go with '--multiline': an askpass client reads one line")),
        Case(["--choice", "a", "--multiline"], .error(.notForSheet(option: "--multiline"),
            "option '--multiline' does not apply to an action sheet")),
    ]

    @Test(arguments: cases)
    func parses(_ testCase: Case) {
        ArgumentParserTests().parses(testCase)
    }

    // MARK: - Every field option

    /// The options the table marks as describing a field.
    @Test func theFieldOptionsAreThoseOfTheFieldGroup() {
        #expect(OptionInfo.all.filter(\.describesField).map(\.long) == [
            "placeholder", "value", "multiline", "lines", "secure", "mask", "keyboard", "directory", "suggest", "suggestions-from",
            "history", "required", "min-length", "max-length",
            "pattern", "error", "repeat", "repeat-label", "allow-reveal",
        ])
        #expect(OptionInfo.all.filter(\.declaresFields).map(\.long) == ["field", "login", "no-field"])
    }

    /// The arguments of `option` (with a value that changes the field, when it takes one; after
    /// what it needs beside it, as `--lines` needs `--multiline`), and the field they make of the
    /// one `--field` before them adds (`before`: more of them).
    static func described(by long: String, _ label: String, after before: [String] = []) throws
        -> (arguments: [String], field: FieldSpec) {
        let option = try #require(OptionInfo.named(long))
        let needed = ArgumentParserTests.context(for: option)
        let arguments = needed + ["--" + long] + (option.takesValue ? [ArgumentParserTests.sampleValue(for: option)] : [])
        let base = try ArgumentParser().parse(["--field", label] + before + needed)
        let command = try ArgumentParser().parse(["--field", label] + before + arguments)
        #expect(command != base, "\(arguments) changes nothing")
        guard case let .prompt(invocation) = command, let field = invocation.spec.fields.first else {
            throw Failure("\(arguments) after --field \(label): \(command)")
        }
        return (arguments, field)
    }

    /// Each field option describes the field of the nearest --field before it, and no other;
    /// after --login, the Password field; before the first --field, none (a usage error).
    @Test(arguments: OptionInfo.all.filter(\.describesField).map(\.long))
    func eachFieldOptionDescribesTheFieldBeforeIt(_ long: String) throws {
        let parser = ArgumentParser()
        let (arguments, a) = try Self.described(by: long, "A")
        let b = try Self.described(by: long, "B").field
        let onA = try parser.parse(["--field", "A"] + arguments + ["--field", "B", "--field", "C"])
        #expect(onA == .prompt(Invocation(spec: Self.spec([a, Self.field("B"), Self.field("C")]))))
        let onB = try parser.parse(["--field", "A", "--field", "B"] + arguments + ["--field", "C"])
        #expect(onB == .prompt(Invocation(spec: Self.spec([Self.field("A"), b, Self.field("C")]))))

        // (--secure changes nothing of the Password field, which is secure already; a secret is
        // offered nothing: those options are refused beside --secure, as the cases show.)
        if !a.offersText {
            let password = try Self.described(by: long == "secure" ? "mask" : long, "Password", after: ["--secure"])
            #expect(try parser.parse(["--login"] + password.arguments)
                    == .prompt(Invocation(spec: Self.spec([Self.user, password.field]))))
        }

        #expect(throws: UsageError.fieldOptionBeforeFields(option: arguments[0], fields: "--field")) {
            try parser.parse(arguments + ["--field", "A"])
        }
        #expect(throws: UsageError.fieldOptionBeforeFields(option: arguments[0], fields: "--login")) {
            try parser.parse(arguments + ["--login"])
        }
    }

    static func spec(_ fields: [FieldSpec]) -> PromptSpec {
        var spec = PromptSpec()
        spec.body = .fields(fields)
        return spec
    }
}

struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension FieldSpec {
    /// The field changed by `edit`.
    fileprivate func with(_ edit: (inout FieldSpec) -> Void) -> FieldSpec {
        var field = self
        edit(&field)
        return field
    }
}
