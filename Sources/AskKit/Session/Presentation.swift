import AskLayout
import AskMemory
import AskModel
import AskSession
import AskSystem
import AskText

/// Why an alert could not be presented, or its answer not taken. Values: `description` says
/// them in the library's words (no option, no environment variable: a program using AskKit has
/// neither); the command line says them in its own, with its advice (`Diagnostics`).
package enum PresentationFailure: Error, Equatable, Sendable {
    /// A field's pattern is not one the C library compiles (or not within what a compile may
    /// take).
    case invalidPattern(String, RegularExpression.Failure)
    /// No terminal to prompt on, and no fallback.
    case noTerminal(SystemError)
    /// The terminal was there but refused to be set up.
    case terminalSetup(SystemError)
    /// Standard input ended before an answer; `field`: the field left without one, named when
    /// the alert has several.
    case inputEnded(field: String?)
    /// The line on standard input is longer than `limit` bytes.
    case lineTooLong(limit: Int)
    /// A multi-line field's lines on standard input are longer than `limit` bytes in all.
    case linesTooLong(limit: Int)
    case inputUnreadable(SystemError)
    /// An answer from standard input or the starting text broke the rules; `field`: whose,
    /// named when the alert has several.
    case refused(NonInteractiveAnswer.Refusal, field: String?)
    /// An action sheet's list could not be opened: the file, and why.
    case choicesUnreadable(String, SystemError)
    /// An action sheet's list would be read from a terminal (the file, `-` for standard input):
    /// the keys typed would be taken for choices.
    case choicesFromTerminal(String)
    /// An action sheet's list, all read, has nothing to choose, or no choice the name of the
    /// one to select first names.
    case sheet(SheetProblem)
    /// A line of an action sheet's list (`-`: standard input) was refused: too long, or it held
    /// a NUL byte.
    case choicesRefused(String, line: Int, ChoiceList.Refusal)
    /// The fallback that answers what Return would (`Fallback.value`), for an action sheet
    /// whose every choice is destructive, none selected.
    case nothingSelected
    /// A gauge would read its progress from standard input, a terminal: the keys typed would
    /// be taken for it.
    case progressFromTerminal
    /// A text box's file could not be read (or is bigger than a text box reads).
    case fileUnreadable(String, SystemError)
    /// The time ran out with `--on-timeout accept`, and the rules refused what stood: why.
    case refusedAtTimeout(String)
    /// The spec breaks a rule of the model (`FieldSpec.problem`): no alert could answer it.
    /// The command line says it before, with its options; a personality or a program using the
    /// API meets it here.
    case invalidSpec(field: String?, SpecProblem)
}

/// Gets the answer: the alert on the terminal, a line from standard input, or the field's
/// starting text — as the options and the fallback say. Never hangs without a terminal.
package enum Presentation {
    /// `keepsHygiene`: what a secret changes in the process stays so after the alert (the
    /// command line, which exits soon after); otherwise it is put back.
    package static func present(_ spec: PromptSpec, options: PresentationOptions, environment: Environment,
                                keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        if let (index, problem) = spec.problem {
            return .failure(.invalidSpec(field: spec.fields.count > 1 ? spec.fields[index].name(at: index) : nil, problem))
        }
        // The body picks the control (and what answers without a terminal).
        switch spec.body {
        case .choices: return presentSheet(spec, options: options, environment: environment, keepsHygiene: keepsHygiene)
        case .gauge: return presentGauge(spec, options: options, environment: environment, keepsHygiene: keepsHygiene)
        case .text: return presentText(spec, options: options, environment: environment, keepsHygiene: keepsHygiene)
        case .fields: break
        }
        // Compiled before anything is drawn or read.
        var patterns: [AnswerPattern?] = []
        for field in spec.fields {
            guard let source = field.validation.pattern else {
                patterns.append(nil)
                continue
            }
            do throws(RegularExpression.Failure) {
                let compiled = try RegularExpression(source)
                patterns.append(AnswerPattern { compiled.matchesWhole($0) })
            } catch {
                return .failure(.invalidPattern(source, error))
            }
        }
        // A field's starting text from a file (dialog's edit box): a file is read now; a FIFO
        // or a device is read while the alert shows, keys and the timeout served.
        var spec = spec
        var valueSource: (field: Int, path: String, source: Descriptor)?
        if let index = spec.fields.firstIndex(where: { $0.valueFile != nil }), let path = spec.fields[index].valueFile {
            switch openValueFile(path) {
            case let .failure(error): return .failure(.fileUnreadable(path, error))
            case let .success(.read(value)): spec.editFields { $0[index].value = value; $0[index].valueFile = nil }
            case let .success(.toRead(source)): valueSource = (index, path, source)
            }
        }
        if options.readsStandardInput {
            return fromStandardInput(spec, options: options, patterns: patterns, keepsHygiene: keepsHygiene)
        }
        do throws(TerminalError) {
            let appearance = Appearance.from(environment: environment, options: options)
            let control = FieldsControl(spec: spec, patterns: patterns, plain: appearance.isPlain, loadingField: valueSource?.field)
            let session = try TerminalSession(control: control, appearance: appearance, timeout: options.timeout,
                                              source: valueSource?.source, keepsHygiene: keepsHygiene)
            let response = try session.run()
            if let problem = session.problem, let valueSource {
                return .failure(fileFailure(valueSource.path, problem, session.sourceError))
            }
            if let refusal = session.refusal { return .failure(.refusedAtTimeout(refusal)) }
            return .success(response)
        } catch {
            switch error {
            case let .setupFailed(reason):
                return .failure(.terminalSetup(reason))
            case let .noTerminal(_, reason):
                switch options.fallback ?? .fail {
                case .fail:
                    return .failure(.noTerminal(reason))
                case .stdin, .value:
                    // A FIFO's writer waited for until the timeout, as a text box's is.
                    if let (index, path, source) = valueSource {
                        let deadline = options.timeout.map { Deadline(seconds: $0, after: MonotonicClock.now).time }
                        switch readValueFile(source, until: deadline) {
                        case let .success(value?): spec.editFields { $0[index].value = value; $0[index].valueFile = nil }
                        case .success(nil): return .success(Response(nothing: .timedOut))
                        case let .failure(error): return .failure(.fileUnreadable(path, error))
                        }
                    }
                    if options.fallback == .value { return startingTexts(spec, patterns: patterns) }
                    return fromStandardInput(spec, options: options, patterns: patterns, keepsHygiene: keepsHygiene)
                }
            }
        }
    }

    /// A field's `valueFile`: read at once when it is a regular file, else opened to be read
    /// while the alert shows.
    enum ValueFile {
        case read(String)
        case toRead(Descriptor)
    }

    static func openValueFile(_ path: String) -> Result<ValueFile, SystemError> {
        let source: Descriptor
        switch Descriptor.open(forReading: path, nonBlocking: true) {
        case let .success(opened): source = opened
        case let .failure(error): return .failure(error)
        }
        guard source.isRegularFile else { return .success(.toRead(source)) }
        return readValueFile(source, until: nil).map { .read($0 ?? "") }
    }

    /// `source` read to its end as a field's starting text (waiting for a FIFO's writer until
    /// `deadline`: nil when the time ran out first), at most `FieldSpec.largestValueFile` bytes.
    private static func readValueFile(_ source: Descriptor, until deadline: Double?) -> Result<String?, SystemError> {
        var bytes: [UInt8] = []
        switch readAll(source, until: deadline, take: { bytes += $0; return bytes.count <= FieldSpec.largestValueFile }) {
        case .complete where bytes.count > FieldSpec.largestValueFile: return .failure(.tooLarge)
        case .complete: return .success(FieldSpec.startingText(ofFile: bytes))
        case .timedOut: return .success(nil)
        case let .failed(error): return .failure(error)
        }
    }

    /// `--fallback value`: each field's starting text, held to its rules; a confirmation's
    /// default button.
    static func startingTexts(_ spec: PromptSpec, patterns: [AnswerPattern?]) -> Result<Response, PresentationFailure> {
        guard spec.hasField else { return judged(NonInteractiveAnswer.chooseButton(UnsafeRawBufferPointer(start: nil, count: 0), for: spec)) }
        var answers = Answers(spec, patterns: patterns)
        return completed(&answers)
    }

    /// The fields not yet answered answered with their starting texts, held to the rules.
    private static func completed(_ answers: inout Answers) -> Result<Response, PresentationFailure> {
        while !answers.isComplete {
            let field = answers.spec.fields[answers.texts.count]
            var value = PromptState.asPasted(field.value, keepingLineBreaks: field.isMultiline)
            if let failure = value.withUTF8({ answers.take(UnsafeRawBufferPointer($0)) }) { return .failure(failure) }
        }
        return .success(answers.response())
    }

    /// The answers given without the alert, a field at a time; a refused one wipes those
    /// taken before it.
    struct Answers {
        let spec: PromptSpec
        let patterns: [AnswerPattern?]
        private(set) var texts: [TextBuffer] = []

        init(_ spec: PromptSpec, patterns: [AnswerPattern?]) {
            self.spec = spec
            self.patterns = patterns
        }

        var isComplete: Bool { texts.count == spec.fields.count }

        /// The field's name for a message: only when there are several to tell apart.
        func name(of index: Int) -> String? {
            spec.fields.count > 1 ? spec.fields[index].name(at: index) : nil
        }

        /// Judges `line` as the next field's answer; the failure, if refused.
        mutating func take(_ line: UnsafeRawBufferPointer) -> PresentationFailure? {
            let index = texts.count
            switch NonInteractiveAnswer.judge(line, for: spec.fields[index], pattern: index < patterns.count ? patterns[index] : nil) {
            case let .text(text):
                texts.append(text)
                return nil
            case let .refused(reason):
                wipe()
                return .refused(reason, field: name(of: index))
            }
        }

        func response() -> Response { Response(outcome: .accepted(.ok), answers: texts) }

        func wipe() { for text in texts { text.wipe() } }
    }

    /// One line from stdin per field (or one naming a button), within the timeout and
    /// `LineReader.maximumLineBytes` each, never reading past the last; for a multi-line field,
    /// lines until an empty one (not part of the answer) or the end of the input, joined by line
    /// breaks, within `LineReader.maximumLineBytes` in all. A secret gets the same care as when
    /// typed in the alert: no core dumps, and when stdin is a terminal, no echo (put back on
    /// every way out, and while stopped by Ctrl-Z).
    static func fromStandardInput(_ spec: PromptSpec, options: PresentationOptions, patterns: [AnswerPattern?],
                                  keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        let hygiene = spec.hasSecret ? ProcessHygiene.enter(permanently: keepsHygiene) : nil
        defer { hygiene?.leave() }
        let silenced = spec.hasSecret ? EchoOff(fd: 0) : nil
        // Only the signals that end it and stop it: a `read`-style prompt keeps the rest as they were.
        let caught = silenced != nil ? Signals.terminating + Signals.jobControl : []
        let signals = caught.isEmpty ? nil : Signals.install(caught, secret: true)
        let deadline = options.timeout.map { Deadline(seconds: $0, after: MonotonicClock.now).time }
        var answers = Answers(spec, patterns: patterns)
        var outcome: Result<Response, PresentationFailure>?
        // A multi-line field's lines so far (locked like the field, for a secret), and whether any came.
        let lines = SecureBytes(capacity: 256, locked: spec.hasSecret)
        defer { lines.wipe() }
        var linesBegun = false
        /// The next field answered takes more than a line.
        func multiline() -> Bool { spec.hasField && !answers.isComplete && spec.fields[answers.texts.count].isMultiline }
        /// Hands the lines to the multi-line field: its answer.
        func takeLines() {
            if let failure = answers.take(lines.bytes) {
                outcome = .failure(failure)
            } else if answers.isComplete {
                outcome = .success(answers.response())
            }
            lines.wipe()
            linesBegun = false
        }
        while outcome == nil {
            // The lines of a multi-line field share its limit, a line break between each.
            let room = LineReader.maximumLineBytes - lines.count - (linesBegun ? 1 : 0)
            switch LineReader.readLine(from: .standardInput, deadline: deadline, signals: signals,
                                       jobControl: silenced.map { echo in { echo.follow($0) } }, maximum: max(room, 0)) {
            case let .interrupted(signal):
                outcome = .success(Response(nothing: .interrupted(signal: signal)))
            case let .line(bytes):
                defer { bytes.wipe() }
                if !spec.hasField {
                    outcome = judged(NonInteractiveAnswer.chooseButton(bytes.bytes, for: spec))
                } else if multiline() {
                    if bytes.isEmpty {
                        takeLines()
                    } else {
                        if linesBegun { lines.append(UInt8(0x0A)) }
                        lines.insert(bytes.bytes, at: lines.count)
                        linesBegun = true
                    }
                } else if let failure = answers.take(bytes.bytes) {
                    outcome = .failure(failure)
                } else if answers.isComplete {
                    outcome = .success(answers.response())
                }
            case .endOfFile where multiline() && linesBegun:
                takeLines()
            case .endOfFile:
                outcome = .failure(.inputEnded(field: spec.hasField ? answers.name(of: answers.texts.count) : nil))
            case .tooLong:
                outcome = .failure(multiline() ? .linesTooLong(limit: LineReader.maximumLineBytes)
                                               : .lineTooLong(limit: LineReader.maximumLineBytes))
            case .timedOut where spec.onTimeout == .accept:
                // What stands: the lines read so far (a multi-line field's too), then the starting
                // texts (a confirmation's default button).
                if multiline() && linesBegun { takeLines() }
                if outcome == nil {
                    outcome = spec.hasField ? completed(&answers) : .success(Response(nothing: .accepted(spec.timeoutRole)))
                }
            case .timedOut:
                outcome = .success(Response(nothing: .timedOut))
            case let .failed(error):
                outcome = .failure(.inputUnreadable(error))
            }
        }
        silenced?.restore()
        if let signals {
            Signals.uninstall(caught)
            // One that came after the last read ended still ends it: nothing has been written yet.
            if let late = Signals.lateTermination(signals) { outcome = .success(Response(nothing: .interrupted(signal: late))) }
        }
        // Only a complete answer leaves with its texts.
        if case let .success(response) = outcome!, response.outcome.printsAnswer, answers.isComplete {} else { answers.wipe() }
        return outcome!
    }

    private static func judged(_ result: NonInteractiveAnswer.Result) -> Result<Response, PresentationFailure> {
        switch result {
        case let .answered(response): return .success(response)
        case let .refused(reason): return .failure(.refused(reason, field: nil))
        }
    }
}

extension PresentationFailure: CustomStringConvertible {
    /// The failure in one line, in the library's words (`Diagnostics` says some of them in the
    /// command line's).
    package var description: String {
        switch self {
        case let .invalidPattern(pattern, .invalid(reason)):
            return "invalid pattern '\(pattern)': \(reason)"
        case let .invalidPattern(pattern, .tooComplex):
            return "invalid pattern '\(pattern)': too slow or too large to compile"
        case let .noTerminal(reason):
            return "no terminal to prompt on (/dev/tty: \(reason))"
        case let .terminalSetup(reason):
            return "cannot set up the terminal: \(reason)"
        case .inputEnded(nil):
            return "cancelled: standard input ended before an answer"
        case let .inputEnded(field?):
            return "cancelled: standard input ended before an answer for '\(field)'"
        case let .lineTooLong(limit):
            return "answer refused: the line on standard input is longer than \(limit) bytes"
        case let .linesTooLong(limit):
            return "answer refused: the lines on standard input are longer than \(limit) bytes in all"
        case let .inputUnreadable(error):
            return "cannot read standard input: \(error)"
        case let .refused(refusal, nil):
            return "answer refused: \(refusal)"
        case let .refused(refusal, field?):
            return "answer for '\(field)' refused: \(refusal)"
        case let .choicesUnreadable("-", error):
            return "cannot read the choices from standard input: \(error)"
        case let .choicesUnreadable(path, error):
            return "cannot read the choices from '\(path)': \(error)"
        case let .fileUnreadable(path, error):
            return "cannot read '\(path)': \(error)"
        case let .invalidSpec(nil, problem):
            return "the alert cannot be answered: \(problem.description)"
        case let .invalidSpec(field?, problem):
            return "the alert cannot be answered: '\(field)': \(problem.description)"
        case let .refusedAtTimeout(reason):
            return "the time ran out, and what stood was refused" + (reason.isEmpty ? "" : ": " + reason)
        case let .choicesRefused(path, line, reason):
            let source = path == "-" ? "standard input" : "'\(path)'"
            switch reason {
            case .tooLong:
                return "cannot take the choices from \(source): line \(line) is longer than 1 MiB (\(SheetLayout.grouped(ChoiceList.Limits.standard.lineBytes)) bytes)"
            case .nulByte:
                return "cannot take the choices from \(source): line \(line) holds a NUL byte (a choice is one line of text)"
            }
        case .choicesFromTerminal("-"):
            return "cannot read the choices from standard input: it is a terminal"
        case let .choicesFromTerminal(path):
            return "cannot read the choices from '\(path)': it is a terminal"
        case .sheet(.noChoices):
            return "no choices to choose from: the list is empty"
        case let .sheet(.noSuchChoice(name)):
            return "no choice to select first is named '\(name)'"
        case let .sheet(.lineRefused(line, reason)):
            return PresentationFailure.choicesRefused("-", line: line, reason).description
        case .sheet(.unreadable):
            return "cannot read the choices"
        case .progressFromTerminal:
            return "cannot read the progress from standard input: it is a terminal"
        case .nothingSelected:
            return "no choice to answer with: every choice is destructive and none is selected"
        }
    }
}

extension NonInteractiveAnswer.Refusal: CustomStringConvertible {
    /// Why, in words.
    package var description: String {
        switch self {
        case .notUTF8: return "the answer is not valid UTF-8"
        case .controlCharacters: return "the answer contains control characters"
        case let .notTaken(keyboard): return "the answer has characters \(Article.indefinite(keyboard.rawValue)) field does not take"
        case let .breaks(failure, errorMessage): return errorMessage ?? failure.message
        case let .noSuchButton(label, labels):
            return "no button is labelled '\(label)' (choose from \(labels.map { "'\($0)'" }.joined(separator: ", ")))"
        case let .noSuchChoice(name): return "no choice is named '\(name)' (give its number, its label or its value)"
        case .noMarks: return "at least one choice is required"
        }
    }
}
