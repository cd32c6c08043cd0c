import AskChoices
import AskFields
import AskKit
import AskGauge
import AskModel
import AskOutput
import AskPresentation
import AskTextBox

/// Turns argv into a `ParsedCommand`, GNU style (`ArgumentDialect.ask`): `--opt value`,
/// `--opt=value`, bundled short flags (`-sn`), a short option's value attached or next
/// (`-tTitle`, `-t Title`), and `--` ending the options. The first positional argument is the
/// message. A field option describes
/// the field named before it (`FieldOrder`).
package struct ArgumentParser: Sendable {
    package let options: [OptionInfo]
    /// The environment, for what depends on it (askpass's `SSH_ASKPASS_PROMPT`).
    package let environment: Environment
    /// Started as an askpass helper (a name ending in `askpass`): the arguments are the prompt.
    package let isAskpassHelper: Bool
    /// Started as a pinentry (a name beginning or ending with `pinentry`): the arguments are
    /// pinentry's.
    package let isPinentry: Bool
    /// Started under another program's name (a `whiptail` link): the arguments are its.
    package let personality: Personality?

    package init(options: [OptionInfo] = OptionInfo.all, environment: Environment = [:], programName: String = "ask") {
        self.options = options
        self.environment = environment
        personality = Personality.named(program: programName, firstArgument: nil)
        isAskpassHelper = Askpass.isHelperName(programName)
        isPinentry = Pinentry.isPinentryName(programName)
    }

    /// Parses the arguments after the program name. `bytes`: the same arguments as they were in
    /// argv, for the options that keep their value's bytes (a choice that is not UTF-8 is
    /// answered as given); without them, the bytes of the texts.
    package func parse(_ arguments: [String], bytes: [[UInt8]]? = nil) throws(UsageError) -> ParsedCommand {
        let bytes = bytes?.count == arguments.count ? bytes! : arguments.map { Array($0.utf8) }
        if isPinentry || Pinentry.isRequested(by: arguments) { return try Pinentry.parse(arguments) }
        if let personality = personality ?? Personality.named(program: "", firstArgument: arguments.first) {
            let skip = self.personality == nil ? 1 : 0
            return parse(as: personality, Array(arguments.dropFirst(skip)), bytes: Array(bytes.dropFirst(skip)))
        }
        if isAskpassHelper {
            // Every argument is prompt text, whatever it looks like: a client passes one, and
            // sudo's `-p` makes it anything (`-n`, `--> password: `). Several are joined with
            // spaces, as `echo` would show them.
            var invocation = Invocation(spec: Askpass.spec(prompt: arguments.joined(separator: " "), environment: environment))
            invocation.options.fallback = try fallbackFromEnvironment()
            return .prompt(invocation)
        }
        var command = ParsedCommand.prompt(Invocation())
        var fieldOrder = FieldOrder()
        /// The options given, in order (for the rules between them, `Invocation.validate`).
        var given: [OptionInfo] = []
        var positionals: [String] = []
        var scanner = ArgumentScanner(arguments, bytes: bytes, dialect: .ask(options))
        while let token = try scanner.next(or: { $0.usageError(suggesting: suggestion) }) {
            switch token {
            case let .operand(argument), let .nextGroup(argument):
                positionals.append(argument.text)
            case let .option(scanned):
                // The scanner found it in the table.
                guard let option = scanned.isShort ? options.first(where: { $0.short.map(String.init) == scanned.name })
                                                   : options.first(where: { $0.long == scanned.name }) else { continue }
                given.append(option)
                // A long option's value as it was in argv, for an option that takes bytes.
                let bytes = scanned.isShort || option.applyBytes == nil ? nil : scanned.value?.bytes
                try fieldOrder.apply(option, scanned.value?.text ?? "", bytes: bytes, to: &command)
                if command != .prompt(command.invocation) { return command }
            }
        }

        // Help and version returned above; every other argument is read.
        try command.invocation.validate(given: given, arguments: positionals)
        try finish(&command.invocation, given: given, arguments: positionals)
        return command
    }

    /// What the options mean once they are known to go together (`Invocation.validate`): the
    /// first argument is the message, choices make an action sheet, askpass's prompt its alert,
    /// and the fallback comes from the environment when `--fallback` is not given.
    private func finish(_ invocation: inout Invocation, given: [OptionInfo], arguments: [String]) throws(UsageError) {
        if case var .output(output) = invocation.spec.body {
            // (Known once every option is read, as `--required` for a sheet.)
            output.waitsForOK = given.contains { $0.long == "ok-at-end" }
            if output.runsCommand { output.source = .command(arguments) }
            invocation.spec.body = .output(output)
        }
        if !invocation.spec.runsCommand, let first = arguments.first {
            invocation.spec.message = first
        }
        // A field option may come before the first choice: what `--required` means to a sheet
        // (at least one marked) is only known now.
        if var sheet = invocation.spec.sheet {
            sheet.requiresSelection = given.contains { $0.long == "required" }
            invocation.spec.body = .choices(sheet)
        }
        if let prompt = invocation.askpassPrompt {
            invocation.spec = Askpass.spec(prompt: prompt, environment: environment, base: invocation.spec)
        }
        if invocation.options.fallback == nil {
            invocation.options.fallback = try fallbackFromEnvironment()
            // Standard input holds the choices: ASK_FALLBACK=stdin, set for every call, cannot
            // read this one's answer there, and there is then nothing else to answer with.
            if invocation.options.fallback == .stdin && invocation.listIsOnStandardInput {
                invocation.options.fallback = .fail
            }
        }
    }

    /// Another program's command line: its box, its help or version, or its refusal (never a
    /// usage error of `ask`'s: the status is that program's).
    private func parse(as personality: Personality, _ arguments: [String], bytes: [[UInt8]]) -> ParsedCommand {
        let fallback: Fallback?
        do throws(UsageError) {
            fallback = try fallbackFromEnvironment()
        } catch {
            return .compatRefused(personality, CompatUsageError(Diagnostics.message(error), status: Whiptail.usageStatus))
        }
        switch personality {
        case .whiptail:
            do throws(CompatUsageError) {
                switch try Whiptail.parse(arguments, bytes: bytes, fallback: fallback) {
                case var .box(compat):
                    compat.invocation.options.colors = NewtColors.setting(environment)
                    return .compat(compat)
                case .help: return .compatHelp(personality)
                case .version: return .compatVersion(personality)
                }
            } catch {
                return .compatRefused(personality, error)
            }
        case .dialog:
            do throws(CompatUsageError) {
                switch try Dialog.parse(arguments, bytes: bytes, environment: environment, fallback: fallback) {
                case let .box(compat): return .compat(compat)
                case .nothing: return .compatRefused(personality, CompatUsageError("", status: Dialog.statuses(environment).ok))
                case .help: return .compatHelp(personality)
                case .version: return .compatVersion(personality)
                }
            } catch {
                return .compatRefused(personality, CompatUsageError(error.message,
                                                                    status: Dialog.statuses(environment).error))
            }
        }
    }

    /// `ASK_FALLBACK`, when `--fallback` is not given: nil when unset or empty.
    private func fallbackFromEnvironment() throws(UsageError) -> Fallback? {
        guard let variable = environment["ASK_FALLBACK"], !variable.isEmpty else { return nil }
        guard let fallback = Fallback(rawValue: variable) else {
            throw UsageError.invalidEnvironment(name: "ASK_FALLBACK", value: variable, choices: Fallback.allCases.map { $0.rawValue })
        }
        return fallback
    }

    /// The long option closest to a misspelled one, if any is close enough to be a likely typo.
    package func suggestion(for name: String) -> String? {
        let candidates = options.map { $0.long }
        if !name.isEmpty, let prefixed = candidates.filter({ $0.hasPrefix(name) }).first,
           candidates.filter({ $0.hasPrefix(name) }).count == 1 {
            return "--" + prefixed
        }
        let scored = candidates.map { (name: $0, distance: editDistance(name, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        let limit = max(1, min(3, best.name.count / 3))
        return best.distance <= limit ? "--" + best.name : nil
    }
}

/// Holds the options about fields to their order. A field option (`OptionInfo.describesField`)
/// describes the last field so far: the one the nearest `--field` before it added, or, after
/// `--login`, the Password field. The first option that says which fields there are
/// (`OptionInfo.declaresFields`) replaces the alert's one field. (A field option before it, and
/// the options it conflicts with, are usage errors: `Invocation.validate` says so from the
/// options given.)
struct FieldOrder {
    /// An option that says which fields there are has been given.
    private var fieldsNamed = false

    /// Applies `option` with `value` to `command`. `bytes`: the value as it was in argv, for an
    /// option that takes bytes (`applyBytes`).
    mutating func apply(_ option: OptionInfo, _ value: String, bytes: [UInt8]? = nil, to command: inout ParsedCommand) throws(UsageError) {
        if let bytes, let applyBytes = option.applyBytes { return try applyBytes(&command, bytes) }
        if option.declaresFields && !fieldsNamed {
            fieldsNamed = true
            command.invocation.spec.editFields { $0 = [] }
        }
        try option.apply(&command, value)
    }
}

/// Edit distance over characters, a swap of neighbours counting as one edit (`--titel`).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
            }
        }
    }
    return table[a.count][b.count]
}

extension ArgumentDialect {
    /// `ask`'s own command line, GNU style, from the option table: long options with their value
    /// after `=` or next, short ones bundled.
    package static func ask(_ options: [OptionInfo] = OptionInfo.all) -> ArgumentDialect {
        ArgumentDialect(long: { name in options.first { $0.long == name }.map { $0.takesValue ? 1 : 0 } },
                        short: { letter in options.first { $0.short == letter }.map { $0.takesValue ? 1 : 0 } })
    }
}

extension ScanError {
    /// The mistake in `ask`'s words; `suggesting`: the long option one unknown may have meant.
    func usageError(suggesting: (String) -> String? = { _ in nil }) -> UsageError {
        switch self {
        case let .unknownOption(option):
            UsageError.unknownOption(option, suggestion: option.hasPrefix("--") ? suggesting(String(option.dropFirst(2))) : nil)
        case let .missingValue(option, _): UsageError.missingValue(option: option)
        case let .unexpectedValue(option): UsageError.unexpectedValue(option: option)
        }
    }
}
