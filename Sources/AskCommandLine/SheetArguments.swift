import AskModel

/// The options of an action sheet, checked once every argument is read. A field option may come
/// before the first choice, so what it means for the alert (`--required`: at least one marked;
/// the others: a usage error) is only known at the end; so is whether a `--selected` names a
/// choice.
enum SheetArguments {
    /// The options that give the alert something else than choices: fields, or askpass's one.
    static let alternatives = ["field", "login", "no-field", "askpass"]
    /// The buttons an action sheet does not have: its only button is Cancel.
    static let buttons = ["ok", "secondary", "destructive", "default-button"]
    /// The options that give choices (the others of the group need one of them).
    static let givers = ["choice", "destructive-choice", "choices-from"]

    /// Makes `command` an action sheet when any option of one was given (its fields dropped),
    /// or says why it cannot be one. `given`: the options given, in order.
    static func finish(_ command: inout ParsedCommand, given: [OptionInfo]) throws(UsageError) {
        guard var sheet = command.spec.sheet else { return }
        guard let giver = given.first(where: { givers.contains($0.long) }) else {
            let needing = given.first { $0.group == .choices }
            throw UsageError.needsChoices(option: "--" + (needing?.long ?? "multiple"))
        }
        let giverIndex = given.firstIndex { $0.long == giver.long } ?? 0
        for (index, option) in given.enumerated() {
            if alternatives.contains(option.long) {
                throw index < giverIndex ? UsageError.conflictingOptions("--" + option.long, "--" + giver.long)
                                         : UsageError.conflictingOptions("--" + giver.long, "--" + option.long)
            }
            if buttons.contains(option.long) || (option.describesField && option.long != "required") {
                throw UsageError.notForSheet(option: "--" + option.long)
            }
        }
        if !sheet.allowsMultiple && sheet.selected.count > 1 {
            throw UsageError.repeatedOption("--selected", unless: "--multiple")
        }
        if sheet.allowsMultiple && command.invocation.terminator == .none { throw UsageError.noNewlineWithMultiple }
        if sheet.source == .standardInput {
            if command.options.readsStandardInput { throw UsageError.choicesFromStandardInput(with: "--stdin") }
            if command.options.fallback == .stdin { throw UsageError.choicesFromStandardInput(with: "--fallback stdin") }
        } else if sheet.source == nil {
            // Every choice is here: a --selected naming none is known now.
            for name in sheet.selected where !sheet.choices.contains(where: { $0.isNamed(by: name) }) {
                throw UsageError.unknownSelection(name.text, choices: sheet.orderedChoices.map { $0.labelText })
            }
        }
        sheet.requiresSelection = given.contains { $0.long == "required" }
        command.invocation.spec.sheet = sheet
        command.invocation.spec.fields = []
    }
}
