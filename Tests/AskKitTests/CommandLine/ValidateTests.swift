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

/// `Invocation.validate`: every rule between options, each in the one step that runs once the
/// arguments are read, called on invocations built by hand — the options given (by their long
/// names, in order) beside what they built. (`ArgumentParserTests`, `FieldArgumentsTests` and
/// `SheetArgumentsTests` show the same rules reached from argv, with their messages.)
struct ValidateTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let rule: String
        let invocation: Invocation
        let given: [String]
        let arguments: [String]
        /// nil: the options go together.
        let expected: UsageError?

        init(_ rule: String, given: [String], arguments: [String] = [], _ expected: UsageError?,
             _ invocation: Invocation = Invocation()) {
            self.rule = rule
            self.invocation = invocation
            self.given = given
            self.arguments = arguments
            self.expected = expected
        }

        var testDescription: String {
            "\(rule): " + (given.map { "--" + $0 } + arguments).joined(separator: " ")
        }
    }

    /// An action sheet of `labels` changed by `edit` (its fields still there, as the parser
    /// leaves them to its finish), the rest of the invocation by `invocation`.
    static func sheet(_ labels: [String], source: ChoiceSource? = nil, _ edit: (inout SheetSpec) -> Void = { _ in },
                      invocation: (inout Invocation) -> Void = { _ in }) -> Invocation {
        var sheet = SheetSpec(choices: labels.map { Choice($0) }, source: source)
        edit(&sheet)
        var result = Invocation()
        result.spec.body = .choices(sheet)
        invocation(&result)
        return result
    }

    /// An alert of `fields`, the rest of the invocation changed by `edit`.
    static func fields(_ fields: [FieldSpec], _ edit: (inout Invocation) -> Void = { _ in }) -> Invocation {
        var result = Invocation()
        result.spec.body = .fields(fields)
        edit(&result)
        return result
    }

    static func lengths(_ label: String, _ minimum: Int?, _ maximum: Int?) -> FieldSpec {
        var field = FieldSpec(label: label)
        field.validation.minimumLength = minimum
        field.validation.maximumLength = maximum
        return field
    }

    static let cases: [Case] = [
        // A field option describes a field named before it; after --no-field it is ignored.
        Case("field option before the fields", given: ["secure", "field"],
             .fieldOptionBeforeFields(option: "--secure", fields: "--field"), fields([FieldSpec(label: "A")])),
        Case("field option before the fields", given: ["placeholder", "required", "login"],
             .fieldOptionBeforeFields(option: "--placeholder", fields: "--login"), fields(PromptSpec.loginFields)),
        Case("field option before the fields", given: ["secure", "no-field"], nil, fields([])),
        Case("field option before the fields", given: ["field", "secure", "field"], nil,
             fields([FieldSpec(label: "A", isSecure: true), FieldSpec(label: "B")])),

        // The options that name the fields: those the first conflicts with contradict it.
        Case("fields named twice", given: ["login", "field"], .conflictingOptions("--login", "--field")),
        Case("fields named twice", given: ["field", "no-field"], .conflictingOptions("--field", "--no-field")),
        Case("fields named twice", given: ["no-field", "title", "login"], .conflictingOptions("--no-field", "--login")),
        Case("fields named twice", given: ["field", "field"], nil, fields([FieldSpec(label: "A"), FieldSpec(label: "B")])),
        Case("fields named twice", given: ["login", "login"], nil, fields(PromptSpec.loginFields)),

        // One message: --message or the first argument.
        Case("one message", given: [], arguments: ["Hello"], nil),
        Case("one message", given: [], arguments: ["Hello", "World"], .unexpectedArgument("World")),
        Case("one message", given: ["message"], arguments: ["World"], .unexpectedArgument("World"),
             fields([FieldSpec()]) { $0.spec.message = "Hello" }),

        // An action sheet.
        Case("one list", given: ["choices-from", "choices-from"], .repeatedOption("--choices-from", unless: nil),
             sheet([], source: .file("b"))),
        Case("needs choices", given: ["title", "index", "multiple"], .needsChoices(option: "--index"),
             sheet([]) { $0.answer = .index; $0.allowsMultiple = true }),
        Case("needs choices", given: ["multiple"], .needsChoices(option: "--multiple"), sheet([]) { $0.allowsMultiple = true }),
        Case("choices or fields", given: ["choice", "field"], .conflictingOptions("--choice", "--field"), sheet(["A"])),
        Case("choices or fields", given: ["askpass", "choices-from"], .conflictingOptions("--askpass", "--choices-from"),
             sheet([], source: .standardInput)),
        Case("choices or fields", given: ["choice", "no-field"], .conflictingOptions("--choice", "--no-field"), sheet(["A"])),
        Case("not for a sheet", given: ["choice", "secure"], .notForSheet(option: "--secure"), sheet(["A"])),
        Case("not for a sheet", given: ["value", "choice"], .notForSheet(option: "--value"), sheet(["A"])),
        Case("not for a sheet", given: ["choice", "default-button"], .notForSheet(option: "--default-button"), sheet(["A"])),
        Case("not for a sheet", given: ["required", "choice", "cancel", "no-cancel"], nil, sheet(["A"])),
        Case("one selected", given: ["choice", "choice", "selected", "selected"],
             .repeatedOption("--selected", unless: "--multiple"), sheet(["A", "B"]) { $0.selected = ["A", "B"] }),
        Case("one selected", given: ["choice", "choice", "multiple", "selected", "selected"], nil,
             sheet(["A", "B"]) { $0.selected = ["A", "B"]; $0.allowsMultiple = true }),
        Case("marks run together", given: ["choice", "multiple", "no-newline"], .noNewlineWithMultiple,
             sheet(["A"]) { $0.allowsMultiple = true } invocation: { $0.terminator = .none }),
        Case("marks run together", given: ["choice", "no-newline"], nil, sheet(["A"]) { _ in } invocation: { $0.terminator = .none }),
        Case("the list on standard input", given: ["choices-from", "stdin"], .choicesFromStandardInput(with: "--stdin"),
             sheet([], source: .standardInput) { _ in } invocation: { $0.options.readsStandardInput = true }),
        Case("the list on standard input", given: ["fallback", "choices-from"], .choicesFromStandardInput(with: "--fallback stdin"),
             sheet([], source: .standardInput) { _ in } invocation: { $0.options.fallback = .stdin }),
        Case("the list on standard input", given: ["choices-from", "fallback"], nil,
             sheet([], source: .standardInput) { _ in } invocation: { $0.options.fallback = .value }),
        Case("the list on standard input", given: ["choices-from", "stdin"], nil,
             sheet([], source: .file("list")) { _ in } invocation: { $0.options.readsStandardInput = true }),
        Case("selected names a choice", given: ["choice", "selected"], .unknownSelection("Cherry", choices: ["Apple"]),
             sheet(["Apple"]) { $0.selected = ["Cherry"] }),
        Case("selected names a choice", given: ["choice", "selected"], nil, sheet(["Apple"]) { $0.selected = ["APPLE"] }),
        Case("selected names a choice", given: ["choice", "choices-from", "selected"], nil,
             sheet(["Apple"], source: .file("list")) { $0.selected = ["Cherry"] }),

        // Askpass: one answer, for the prompt the client gave.
        Case("askpass's one answer", given: ["askpass", "login"], .conflictingOptions("--askpass", "--login"),
             fields(PromptSpec.loginFields) { $0.askpassPrompt = "Password:" }),
        Case("askpass's one answer", given: ["field", "askpass"], .conflictingOptions("--field", "--askpass"),
             fields([FieldSpec(label: "A")]) { $0.askpassPrompt = "Password:" }),
        Case("askpass's one answer", given: ["no-field", "askpass"], nil, fields([]) { $0.askpassPrompt = "Continue?" }),

        // Each field's lengths, naming the field when there are several.
        Case("lengths", given: ["min-length", "max-length"], .contradictoryLengths(minimum: 5, maximum: 3, field: nil),
             fields([lengths("", 5, 3)])),
        Case("lengths", given: ["field", "field", "min-length", "max-length"],
             .contradictoryLengths(minimum: 2, maximum: 1, field: "field 2"), fields([lengths("", nil, nil), lengths("", 2, 1)])),
        Case("lengths", given: ["min-length", "max-length"], nil, fields([lengths("", 3, 3)])),

        // Answers run together.
        Case("answers run together", given: ["login", "no-newline"], .noNewlineWithFields(count: 2),
             fields(PromptSpec.loginFields) { $0.terminator = .none }),
        Case("answers run together", given: ["login", "null"], nil, fields(PromptSpec.loginFields) { $0.terminator = .nul }),
        Case("answers run together", given: ["no-newline"], nil, fields([FieldSpec()]) { $0.terminator = .none }),

        // Nothing given: the default alert.
        Case("nothing", given: [], nil),
    ]

    @Test(arguments: cases)
    func validates(_ testCase: Case) throws {
        let given = try testCase.given.map { long in try #require(OptionInfo.named(long), "--\(long)") }
        do throws(UsageError) {
            try testCase.invocation.validate(given: given, arguments: testCase.arguments)
            #expect(testCase.expected == nil, "no error, not \(String(describing: testCase.expected))")
        } catch {
            #expect(error == testCase.expected)
        }
    }

    /// Every rule is checked once the arguments are read: a command given anywhere comes first
    /// (as a value that is no value does where it stands).
    @Test(arguments: [
        ["--login", "--field", "A", "--help"], ["-s", "--field", "A", "--version"], ["--choice", "A", "--field", "B", "--help"],
        ["--choices-from", "a", "--choices-from", "b", "--help"], ["--field", "A", "--field", "B", "-n", "--version"],
    ])
    func aCommandComesBeforeTheRules(_ argv: [String]) throws {
        let command = try ArgumentParser().parse(argv)
        #expect(command == (argv.last == "--help" ? .help : .version))
    }
}
