import AskChoices
import AskFields
import AskKit
import AskGauge
import AskModel
import AskOutput
import AskPresentation
import AskTextBox

extension Invocation {
    /// Checks the options against each other once every argument is read: the one place the
    /// rules between options are written (as swift-argument-parser's `validate()`). What a value
    /// is on its own (a number, a label, a pattern's syntax) is checked where it is read, and a
    /// command given anywhere (`--help`) comes before all of these.
    ///
    /// The invocation is as the options built it, before `ArgumentParser` finishes it (no message
    /// from `arguments` yet, a sheet's fields not yet dropped). `given`: the options given, in
    /// order — a field option describes the field named before it, and a conflict names the
    /// options in the order they came. `arguments`: those that are not options (the message).
    /// Of two mistakes, the one checked first below is said.
    package func validate(given: [OptionInfo], arguments: [String] = []) throws(UsageError) {
        try validateFieldOrder(given)
        if spec.runsCommand && arguments.isEmpty { throw UsageError.missingValue(option: "--run") }
        if let first = arguments.first, !spec.runsCommand, !spec.message.isEmpty || arguments.count > 1 {
            throw UsageError.unexpectedArgument(spec.message.isEmpty ? arguments[1] : first)
        }
        // Which options go together: the table's relations, in one pass.
        try validateRelations(given)
        // What the values given decide.
        if given.contains(where: { $0.fixes == .gauge }) && options.fallback == .stdin { throw UsageError.conflictingOptions("--gauge", "--fallback stdin") }
        if let sheet = spec.sheet { try validateSheet(sheet) }
        let fields = spec.fields
        // The model's rules (`FieldSpec.problem`), said with the options that broke them.
        if let (index, problem) = spec.problem {
            let name = fields.count > 1 ? fields[index].name(at: index) : nil
            switch problem {
            case let .contradictoryLengths(minimum, maximum):
                throw UsageError.contradictoryLengths(minimum: minimum, maximum: maximum, field: name)
            case .linesWithoutMultiline: throw UsageError.linesWithoutMultiline(field: name)
            case let .keyboardNotForMultiline(keyboard): throw UsageError.notForMultiline(option: "--keyboard " + keyboard.rawValue, field: name)
            case .repeatNotForMultiline: throw UsageError.notForMultiline(option: "--repeat", field: name)
            case .offersNotForSecret: throw UsageError.conflictingOptions("--secure", fields[index].offeringOption)
            case .offersNotForMultiline: throw UsageError.notForMultiline(option: fields[index].offeringOption, field: name)
            }
        }
        if terminator == .none && fields.count > 1 { throw UsageError.noNewlineWithFields(count: fields.count) }
    }

    /// The first option that says which fields there are (`OptionInfo.declaresFields`) names
    /// them: a field option before it describes none of them (unless it names none, as
    /// `--no-field` does: they are then ignored).
    private func validateFieldOrder(_ given: [OptionInfo]) throws(UsageError) {
        guard let first = given.firstIndex(where: { $0.declaresFields }) else { return }
        let named = given[first]
        if named.addsFields, let early = given[..<first].first(where: { $0.describesField }) {
            throw UsageError.fieldOptionBeforeFields(option: "--" + early.long, fields: "--" + named.long)
        }
    }

    /// An action sheet's values: the answer is not read where the list is, and a `--selected`
    /// names one of the choices when all are known.
    private func validateSheet(_ sheet: SheetSpec) throws(UsageError) {
        if let most = sheet.mostMarks, sheet.fewestMarks > most { throw UsageError.contradictoryMarks(fewest: sheet.fewestMarks, most: most) }
        if listIsOnStandardInput {
            if options.readsStandardInput { throw UsageError.choicesFromStandardInput(with: "--stdin") }
            if options.fallback == .stdin { throw UsageError.choicesFromStandardInput(with: "--fallback stdin") }
        } else if sheet.source == nil {
            // Every choice is here: a --selected naming none is known now.
            for name in sheet.selected where !sheet.choices.contains(where: { $0.isNamed(by: name) }) {
                throw UsageError.unknownSelection(name.text, choices: sheet.orderedChoices.map { $0.labelText })
            }
        }
    }

    /// An action sheet's list is read from standard input (`--choices-from -`): the answer
    /// cannot be read there too.
    var listIsOnStandardInput: Bool { spec.sheet?.source == .standardInput }
}

extension PromptSpec {
    /// `--run`: the arguments after the options are the command.
    var runsCommand: Bool {
        if case let .output(output) = body { return output.runsCommand }
        return false
    }
}

extension FieldSpec {
    /// The option that made the field offer text, for a message.
    var offeringOption: String {
        historyFile != nil ? "--history" : suggestionsFile != nil ? "--suggestions-from" : !suggestions.isEmpty ? "--suggest" : "--keyboard path"
    }
}

extension OptionInfo {
    /// It gives the alert fields of its own (`--field`, `--login`; `--no-field` gives none).
    var addsFields: Bool { declaresFields && long != "no-field" }
}
