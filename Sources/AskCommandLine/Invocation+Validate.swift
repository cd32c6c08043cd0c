import AskChoices
import AskFields
import AskKit
import AskGauge
import AskModel
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
        if let first = arguments.first, !spec.message.isEmpty || arguments.count > 1 {
            throw UsageError.unexpectedArgument(spec.message.isEmpty ? arguments[1] : first)
        }
        try validateBody(given: given)
        if options.timeout == nil && given.contains(where: { $0.long == "on-timeout" }) {
            throw UsageError.needsOption("--on-timeout", needed: "--timeout")
        }
        if let sheet = spec.sheet { try validateSheet(sheet, given: given) }
        // An askpass client reads one answer, for the prompt it gave.
        if askpassPrompt != nil, let named = given.first(where: { $0.declaresFields }), named.addsFields {
            throw UsageError.conflictingOptions("--askpass", "--" + named.long)
        }
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
            }
        }
        // An askpass client's answer is one line.
        if askpassPrompt != nil && fields.contains(where: { $0.isMultiline }) {
            throw UsageError.notForMultiline(option: "--askpass", field: nil)
        }
        if terminator == .none && fields.count > 1 { throw UsageError.noNewlineWithFields(count: fields.count) }
    }

    /// The first option that says which fields there are (`OptionInfo.declaresFields`) names
    /// them: a field option before it describes none of them (unless it names none, as
    /// `--no-field` does: they are then ignored), and those it `excludes` contradict it.
    private func validateFieldOrder(_ given: [OptionInfo]) throws(UsageError) {
        guard let first = given.firstIndex(where: { $0.declaresFields }) else { return }
        let named = given[first]
        if named.addsFields, let early = given[..<first].first(where: { $0.describesField }) {
            throw UsageError.fieldOptionBeforeFields(option: "--" + early.long, fields: "--" + named.long)
        }
        if let other = given[(first + 1)...].first(where: { $0.declaresFields && $0.excludes.contains(named.long) }) {
            throw UsageError.conflictingOptions("--" + named.long, "--" + other.long)
        }
    }

    /// An action sheet: something gives it choices, nothing gives it fields or buttons other
    /// than Cancel, and what is selected, printed and read goes with its choices.
    private func validateSheet(_ sheet: SheetSpec, given: [OptionInfo]) throws(UsageError) {
        if given.filter({ $0.long == "choices-from" }).count > 1 { throw UsageError.repeatedOption("--choices-from", unless: nil) }
        guard let giverIndex = given.firstIndex(where: { SheetArguments.givers.contains($0.long) }) else {
            let needing = given.first { $0.group == .choices }
            throw UsageError.needsChoices(option: "--" + (needing?.long ?? "multiple"))
        }
        let giver = "--" + given[giverIndex].long
        for (index, option) in given.enumerated() {
            if SheetArguments.alternatives.contains(option.long) {
                throw index < giverIndex ? UsageError.conflictingOptions("--" + option.long, giver)
                                         : UsageError.conflictingOptions(giver, "--" + option.long)
            }
            if SheetArguments.buttons.contains(option.long) || (option.describesField && option.long != "required") {
                throw UsageError.notForSheet(option: "--" + option.long)
            }
        }
        if !sheet.allowsMultiple && sheet.selected.count > 1 {
            throw UsageError.repeatedOption("--selected", unless: "--multiple")
        }
        if sheet.allowsMultiple && terminator == .none { throw UsageError.noNewlineWithMultiple }
        if let other = given.firstIndex(where: { $0.long == "allow-other" }),
           let excluded = given.firstIndex(where: { $0.long == "multiple" || $0.long == "index" }) {
            let (first, second) = other < excluded ? (given[other], given[excluded]) : (given[excluded], given[other])
            throw UsageError.conflictingOptions("--" + first.long, "--" + second.long)
        }
        if let filter = given.firstIndex(where: { $0.long == "filter" }) {
            // The query, or the answer read: what --filter already says, or cannot do.
            if let other = given.firstIndex(where: { $0.long == "query" || $0.long == "stdin" }) {
                let (first, second) = other < filter ? (given[other], given[filter]) : (given[filter], given[other])
                throw UsageError.conflictingOptions("--" + first.long, "--" + second.long)
            }
            if terminator == .none { throw UsageError.noNewlineWithFilter }
        }
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

    /// A gauge, an info box, a text box: each is the whole body — no field, choice or button
    /// goes with it (a text box's OK may be named), nor another of them; and a gauge's standard
    /// input is its progress.
    private func validateBody(given: [OptionInfo]) throws(UsageError) {
        let bodies = ["gauge", "info", "text-file"]
        guard let at = given.firstIndex(where: { bodies.contains($0.long) }) else { return }
        let body = given[at].long
        for (index, option) in given.enumerated() where index != at {
            let allowed = body == "text-file" && option.long == "ok"
            guard !allowed, [.field, .choices, .buttons].contains(option.group) || SheetArguments.alternatives.contains(option.long)
                || option.long == "stdin" || bodies.contains(option.long) else { continue }
            throw index < at ? UsageError.conflictingOptions("--" + option.long, "--" + body)
                             : UsageError.conflictingOptions("--" + body, "--" + option.long)
        }
        if body == "gauge" && options.fallback == .stdin { throw UsageError.conflictingOptions("--gauge", "--fallback stdin") }
    }

    /// An action sheet's list is read from standard input (`--choices-from -`): the answer
    /// cannot be read there too.
    var listIsOnStandardInput: Bool { spec.sheet?.source == .standardInput }
}

extension OptionInfo {
    /// It gives the alert fields of its own (`--field`, `--login`; `--no-field` gives none).
    var addsFields: Bool { declaresFields && long != "no-field" }
}
