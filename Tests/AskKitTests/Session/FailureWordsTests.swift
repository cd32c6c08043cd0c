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
import AskSystem
import AskTextBox
import Testing

/// What AskKit says of a failure is in the library's words: a program using it has no options
/// and no `ASK_FALLBACK`. The command line says the same failures with its own advice.
struct FailureWordsTests {
    static let reason = SystemError(6)  // ENXIO: no such device or address

    /// A failure of every kind (`kind(of:)` names them all, so a new one is not left out), each
    /// refusal among them.
    static let failures: [PresentationFailure] = [
        .control(FieldsRoom.invalidPattern("[", .invalid("brackets ([ ]) not balanced"))), .control(FieldsRoom.invalidPattern("(a*)*", .tooComplex)),
        .noTerminal(reason), .terminalSetup(reason), .inputEnded(field: nil), .inputEnded(field: "Password"),
        .lineTooLong(limit: 1_048_576), .control(FieldsRoom.linesTooLong(limit: 1_048_576)), .inputUnreadable(reason),
        .control(FieldsRoom.refused(.notUTF8, field: nil)), .control(FieldsRoom.refused(.controlCharacters, field: "User")),
        .control(FieldsRoom.refused(.notTaken(by: .number), field: nil)),
        .control(FieldsRoom.refused(.breaks(.tooShort(minimum: 8), errorMessage: nil), field: nil)),
        .control(FieldsRoom.refused(.breaks(.noMatch, errorMessage: "Digits only"), field: "PIN")),
        .control(FieldsRoom.refused(.noSuchButton("Maybe", labels: ["OK", "Cancel"]), field: nil)),
        .control(ChoicesRoom.noChoiceNamed("kiwi")), .control(ChoicesRoom.wrongMarks(Self.checklist { $0.requiresSelection = true }, marked: 0)),
        .control(ChoicesRoom.wrongMarks(Self.checklist { $0.fewestMarks = 3 }, marked: 1)),
        .control(ChoicesRoom.wrongMarks(Self.checklist { $0.mostMarks = 2 }, marked: 3)), .control(ChoicesRoom.refused(.controlCharacters)),
        .control(ChoicesRoom.unreadable("-", reason)), .control(ChoicesRoom.unreadable("list", reason)), .control(ChoicesRoom.fromTerminal("-")),
        .control(ChoicesRoom.fromTerminal("/dev/tty")), .control(ChoicesRoom.noChoices), .control(ChoicesRoom.noSuchChoice("main")),
        .control(ChoicesRoom.refused("-", line: 3, .tooLong)), .control(ChoicesRoom.refused("list", line: 2, .nulByte)),
        .control(ChoicesRoom.nothingSelected), .control(GaugeRoom.progressFromTerminal), .fileUnreadable("notes.txt", reason),
        .refusedAtTimeout("Too short: at least 8 characters"), .refusedAtTimeout(""),
        .control(FieldsRoom.invalidSpec(field: nil, .contradictoryLengths(minimum: 8, maximum: 4))),
        .control(FieldsRoom.invalidSpec(field: "Notes", .keyboardNotForMultiline(.number))),
        .control(FieldsRoom.invalidSpec(field: nil, .linesWithoutMultiline)), .control(FieldsRoom.invalidSpec(field: nil, .repeatNotForMultiline)),
    ]

    /// A checklist with its bounds.
    static func checklist(_ change: (inout SheetSpec) -> Void) -> SheetSpec {
        var sheet = SheetSpec(choices: [Choice("Apple")])
        sheet.allowsMultiple = true
        change(&sheet)
        return sheet
    }

    /// The case's name (a control's own, by its kind); a switch over every case, so that a new
    /// one fails to compile here.
    static func kind(of failure: PresentationFailure) -> String {
        switch failure {
        case .noTerminal: "noTerminal"
        case .terminalSetup: "terminalSetup"
        case .inputEnded: "inputEnded"
        case .lineTooLong: "lineTooLong"
        case .inputUnreadable: "inputUnreadable"
        case .fileUnreadable: "fileUnreadable"
        case .refusedAtTimeout: "refusedAtTimeout"
        case let .control(failure): "control, \(failure.kind)"
        }
    }

    @Test(arguments: failures)
    func theLibrarySaysItWithoutOptions(_ failure: PresentationFailure) {
        for said in [failure.description, TextAlert.Failure(kind: .presentation(failure)).description] {
            #expect(!said.contains("--") && !said.contains("ASK_"), "\(Self.kind(of: failure)): \(said)")
        }
    }

    @Test func everyKindIsSaid() {
        #expect(Set(Self.failures.map(Self.kind)).count == 10)
        let write = TextAlert.Failure.writeFailed(Self.reason.description).description
        #expect(!write.contains("--") && !write.contains("ASK_"))
    }

    /// The library's line, and the command line's for the same failure (its stderr after `ask: `).
    @Test(arguments: [
        (PresentationFailure.noTerminal(reason), "no terminal to prompt on (/dev/tty: No such device or address)",
         "no terminal to prompt on (/dev/tty: No such device or address); use --fallback stdin or --fallback value, or set ASK_FALLBACK"),
        (.control(ChoicesRoom.fromTerminal("-")), "cannot read the choices from standard input: it is a terminal",
         "--choices-from -: standard input is a terminal; pipe the choices in, or name a file"),
        (.control(GaugeRoom.progressFromTerminal), "cannot read the progress from standard input: it is a terminal",
         "--gauge reads the progress from standard input, which is a terminal; pipe the task's percentages in"),
        (.control(ChoicesRoom.fromTerminal("/dev/tty")), "cannot read the choices from '/dev/tty': it is a terminal",
         "--choices-from '/dev/tty' is a terminal; pipe the choices in, or name a file"),
        (.control(ChoicesRoom.noSuchChoice("main")), "no choice to select first is named 'main'", "--selected 'main' names none of the choices"),
        (.control(ChoicesRoom.nothingSelected), "no choice to answer with: every choice is destructive and none is selected",
         "--fallback value has no choice to answer with: every choice is destructive (name one with --selected)"),
        (.inputEnded(field: "Password"), "cancelled: standard input ended before an answer for 'Password'",
         "cancelled: standard input ended before an answer for 'Password'"),
        (.control(ChoicesRoom.unreadable("list", reason)), "cannot read the choices from 'list': No such device or address",
         "cannot read the choices from 'list': No such device or address"),
    ])
    func theCommandLineAddsItsAdvice(_ failure: PresentationFailure, library: String, commandLine: String) {
        #expect(failure.description == library)
        #expect(Diagnostics.message(.presentation(failure)) == commandLine)
    }

    /// Every keyboard type, named after its article as the kind is said.
    static let kindsNamed: [(KeyboardType, String)] = [
        (.default, "a default"), (.number, "a number"), (.decimal, "a decimal"), (.phone, "a phone"), (.email, "an email"),
        (.url, "a url"), (.ascii, "an ascii"), (.path, "a path"),
    ]

    @Test(arguments: kindsNamed)
    func aRefusalNamesTheKindWithItsArticle(_ keyboard: KeyboardType, named: String) {
        #expect(NonInteractiveAnswer.Refusal.notTaken(by: keyboard).description == "the answer has characters \(named) field does not take")
    }

    @Test func everyKeyboardTypeIsNamed() {
        #expect(Set(Self.kindsNamed.map(\.0)) == Set(KeyboardType.allCases))
    }
}
