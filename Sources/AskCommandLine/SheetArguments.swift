import AskChoices
import AskFields
import AskKit
import AskGauge
import AskModel
import AskPresentation
import AskTextBox

/// The options of an action sheet, as the rules between options (`Invocation.validate`) and the
/// completions know them, and the sheet they make once every argument is read: a field option
/// may come before the first choice, so what it means for the alert (`--required`: at least one
/// marked) is only known at the end.
enum SheetArguments {
    /// The options that give the alert something else than choices: fields, or askpass's one.
    static let alternatives = ["field", "login", "no-field", "askpass"]
    /// The buttons an action sheet does not have: its only button is Cancel.
    static let buttons = ["ok", "secondary", "destructive", "default-button"]
    /// The options that give choices (the others of the group need one of them).
    static let givers = ["choice", "destructive-choice", "choices-from"]

    /// Finishes an action sheet, when any option of one was given: `--required` asks for a mark. `given`: the options given, in order.
    static func finish(_ invocation: inout Invocation, given: [OptionInfo]) {
        guard var sheet = invocation.spec.sheet else { return }
        sheet.requiresSelection = given.contains { $0.long == "required" }
        invocation.spec.body = .choices(sheet)
    }
}
