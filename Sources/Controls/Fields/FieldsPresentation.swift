import AskLayout
import AskMemory
import AskModel
import AskPresentation
import AskSession
import AskSystem
import AskText

/// Text fields presented (one, several, none for a confirmation): the alert on the terminal, a
/// line from standard input, or the fields' starting texts — as the options and the fallback
/// say. Never hangs without a terminal.
package struct FieldsRoom: Room {
    var chrome: AlertChrome
    var fields: [FieldSpec]
    /// Each field's `--pattern`, compiled before anything is drawn or read.
    private var patterns: [AnswerPattern?] = []
    /// A field whose starting text is read while the alert shows (dialog's edit box on a FIFO).
    private var valueSource: (field: Int, path: String, source: Descriptor)?

    package init(chrome: AlertChrome, fields: [FieldSpec]) {
        self.chrome = chrome.showing(.alert)
        self.fields = fields
    }

    package mutating func prepare(_ options: PresentationOptions) -> Result<Response, PresentationFailure>? {
        if let (index, problem) = fields.problem {
            return .failure(.control(Self.invalidSpec(field: fields.count > 1 ? fields[index].name(at: index) : nil, problem)))
        }
        for field in fields {
            guard let source = field.validation.pattern else {
                patterns.append(nil)
                continue
            }
            do throws(RegularExpression.Failure) {
                let compiled = try RegularExpression(source)
                patterns.append(AnswerPattern { compiled.matchesWhole($0) })
            } catch {
                return .failure(.control(Self.invalidPattern(source, error)))
            }
        }
        if let failure = readOffers() { return .failure(failure) }
        // A field's starting text from a file (dialog's edit box): a file is read now; a FIFO
        // or a device is read while the alert shows, keys and the timeout served.
        if let index = fields.firstIndex(where: { $0.valueFile != nil }), let path = fields[index].valueFile {
            switch Self.openValueFile(path) {
            case let .failure(error): return .failure(.fileUnreadable(path, error))
            case let .success(.read(value)): fields[index].value = value; fields[index].valueFile = nil
            case let .success(.toRead(source)): valueSource = (index, path, source)
            }
        }
        return nil
    }

    package var source: Descriptor? { valueSource?.source }
    package func skipsTerminal(_ options: PresentationOptions) -> Bool { options.readsStandardInput }

    package func control(plain: Bool) -> FieldsControl {
        FieldsControl(chrome: chrome, fields: fields, patterns: patterns, plain: plain, loadingField: valueSource?.field,
                      files: .fileSystem)
    }

    package func ended(_ response: Response, problem: SourceProblem?, sourceError: SystemError?) -> Result<Response, PresentationFailure> {
        if response.outcome.printsAnswer { keepHistory(response.answers) }
        guard let problem, let valueSource else { return .success(response) }
        return .failure(Presentation.fileFailure(valueSource.path, problem, sourceError))
    }

    package mutating func withoutTerminal(_ reason: SystemError?, _ options: PresentationOptions, keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        if let failure = Presentation.noTerminal(reason, options) { return .failure(failure) }
        // A FIFO's writer waited for until the timeout, as a text box's is.
        if let (index, path, source) = valueSource, reason != nil {
            switch Self.readValueFile(source, until: Presentation.deadline(options)) {
            case let .success(value?): fields[index].value = value; fields[index].valueFile = nil
            case .success(nil): return .success(Response(nothing: .timedOut))
            case let .failure(error): return .failure(.fileUnreadable(path, error))
            }
        }
        if reason != nil && options.fallback == .value { return startingTexts() }
        return fromStandardInput(options, keepsHygiene: keepsHygiene)
    }

    // MARK: - What fields offer

    /// The most answers a history keeps: its last ones (the file is held to them as it is written).
    package static let historyEntries = 1000
    /// The most a suggestions file holds.
    package static let largestSuggestionsFile = 16 << 20

    /// Each field's suggestions file read, and its history file found readable, before anything is drawn.
    private mutating func readOffers() -> PresentationFailure? {
        for index in fields.indices {
            if let path = fields[index].suggestionsFile {
                switch FileContents.read(path, limit: Self.largestSuggestionsFile) {
                case let .success(bytes):
                    fields[index].suggestions += bytes.split(separator: 0x0A).map { PromptState.asPasted(String(decoding: $0, as: UTF8.self)) }
                case let .failure(error): return .fileUnreadable(path, error)
                }
            }
            // Opened now, so that a file that cannot be read is said before anything is drawn;
            // read when the field first takes a key (`FieldFiles.history`).
            if let path = fields[index].historyFile, let error = LineFile.checkReadable(path) {
                return .fileUnreadable(path, error)
            }
        }
        return nil
    }

    /// Each accepted answer of a field with a history appended to its file (never a secret's:
    /// `FieldSpec.problem`; nor an empty one, nor the last again). A file that cannot be written
    /// costs the answer nothing.
    private func keepHistory(_ answers: [TextBuffer]) {
        for (field, answer) in zip(fields, answers) where !field.isSecure && !answer.isEmpty {
            guard let path = field.historyFile else { continue }
            _ = LineFile.append(answer.string, to: path, keeping: Self.historyEntries)
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
        switch Presentation.readAll(source, until: deadline, take: { bytes += $0; return bytes.count <= FieldSpec.largestValueFile }) {
        case .complete where bytes.count > FieldSpec.largestValueFile: return .failure(.tooLarge)
        case .complete: return .success(FieldSpec.startingText(ofFile: bytes))
        case .timedOut: return .success(nil)
        case let .failed(error): return .failure(error)
        }
    }

    /// `--fallback value`: each field's starting text, held to its rules; a confirmation's
    /// default button.
    func startingTexts() -> Result<Response, PresentationFailure> {
        guard !fields.isEmpty else { return Self.judged(NonInteractiveAnswer.chooseButton(UnsafeRawBufferPointer(start: nil, count: 0), for: chrome)) }
        var answers = Answers(fields, patterns: patterns)
        return Self.completed(&answers)
    }

    /// The fields not yet answered answered with their starting texts, held to the rules.
    private static func completed(_ answers: inout Answers) -> Result<Response, PresentationFailure> {
        while !answers.isComplete {
            let field = answers.fields[answers.texts.count]
            var value = PromptState.asPasted(field.value, keepingLineBreaks: field.isMultiline)
            if let failure = value.withUTF8({ answers.take(UnsafeRawBufferPointer($0)) }) { return .failure(failure) }
        }
        return .success(answers.response())
    }

    /// The answers given without the alert, a field at a time; a refused one wipes those
    /// taken before it.
    struct Answers {
        let fields: [FieldSpec]
        let patterns: [AnswerPattern?]
        private(set) var texts: [TextBuffer] = []

        init(_ fields: [FieldSpec], patterns: [AnswerPattern?]) {
            self.fields = fields
            self.patterns = patterns
        }

        var isComplete: Bool { texts.count == fields.count }

        /// The field's name for a message: only when there are several to tell apart.
        func name(of index: Int) -> String? {
            fields.count > 1 ? fields[index].name(at: index) : nil
        }

        /// Judges `line` as the next field's answer; the failure, if refused.
        mutating func take(_ line: UnsafeRawBufferPointer) -> PresentationFailure? {
            let index = texts.count
            switch NonInteractiveAnswer.judge(line, for: fields[index], pattern: index < patterns.count ? patterns[index] : nil) {
            case let .text(text):
                texts.append(text)
                return nil
            case let .refused(reason):
                wipe()
                return .control(FieldsRoom.refused(reason, field: name(of: index)))
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
    func fromStandardInput(_ options: PresentationOptions, keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        let hasSecret = fields.contains { $0.isSecure }
        let hygiene = hasSecret ? ProcessHygiene.enter(permanently: keepsHygiene) : nil
        defer { hygiene?.leave() }
        let silenced = hasSecret ? EchoOff(fd: 0) : nil
        // Only the signals that end it and stop it: a `read`-style prompt keeps the rest as they were.
        let caught = silenced != nil ? Signals.terminating + Signals.jobControl : []
        let signals = caught.isEmpty ? nil : Signals.install(caught, secret: true)
        let deadline = options.timeout.map { Deadline(seconds: $0, after: MonotonicClock.now).time }
        var answers = Answers(fields, patterns: patterns)
        var outcome: Result<Response, PresentationFailure>?
        // A multi-line field's lines so far (locked like the field, for a secret), and whether any came.
        let lines = SecureBytes(capacity: 256, locked: hasSecret)
        defer { lines.wipe() }
        var linesBegun = false
        /// The next field answered takes more than a line.
        func multiline() -> Bool { !fields.isEmpty && !answers.isComplete && fields[answers.texts.count].isMultiline }
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
                if fields.isEmpty {
                    outcome = Self.judged(NonInteractiveAnswer.chooseButton(bytes.bytes, for: chrome))
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
                outcome = .failure(.inputEnded(field: fields.isEmpty ? nil : answers.name(of: answers.texts.count)))
            case .tooLong:
                outcome = .failure(multiline() ? .control(Self.linesTooLong(limit: LineReader.maximumLineBytes))
                                               : .lineTooLong(limit: LineReader.maximumLineBytes))
            case .timedOut where chrome.onTimeout == .accept:
                // What stands: the lines read so far (a multi-line field's too), then the starting
                // texts (a confirmation's default button).
                if multiline() && linesBegun { takeLines() }
                if outcome == nil {
                    outcome = fields.isEmpty ? .success(Response(nothing: .accepted(chrome.timeoutRole))) : Self.completed(&answers)
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
        case let .refused(reason): return .failure(.control(refused(reason, field: nil)))
        }
    }
}

extension NonInteractiveAnswer.Refusal: CustomStringConvertible {
    /// Why, in words.
    package var description: String {
        switch self {
        case .notUTF8: return TypedLine.Refusal.notUTF8.description
        case .controlCharacters: return TypedLine.Refusal.controlCharacters.description
        case let .notTaken(keyboard): return "the answer has characters \(Article.indefinite(keyboard.rawValue)) field does not take"
        case let .breaks(failure, errorMessage): return errorMessage ?? failure.message
        case let .noSuchButton(label, labels):
            return "no button is labelled '\(label)' (choose from \(labels.map { "'\($0)'" }.joined(separator: ", ")))"
        }
    }
}

/// What can go wrong with text fields, in words.
extension FieldsRoom {
    /// A field's pattern is not one the C library compiles (or not within what a compile may take).
    package static func invalidPattern(_ pattern: String, _ failure: RegularExpression.Failure) -> ControlFailure {
        switch failure {
        case let .invalid(reason): ControlFailure(.usage, "invalid pattern '\(pattern)': \(reason)")
        case .tooComplex: ControlFailure(.usage, "invalid pattern '\(pattern)': too slow or too large to compile")
        }
    }

    /// A multi-line field's lines on standard input are longer than `limit` bytes in all.
    package static func linesTooLong(limit: Int) -> ControlFailure {
        ControlFailure(.refused, "answer refused: the lines on standard input are longer than \(limit) bytes in all")
    }

    /// An answer from standard input or the starting text broke the rules; `field`: whose, named
    /// when the alert has several.
    package static func refused(_ refusal: NonInteractiveAnswer.Refusal, field: String?) -> ControlFailure {
        ControlFailure(.refused, field.map { "answer for '\($0)' refused: \(refusal)" } ?? "answer refused: \(refusal)")
    }

    /// The spec breaks a rule of the model (`FieldSpec.problem`): no alert could answer it. The
    /// command line says it before, with its options; a personality or a program using the API
    /// meets it here.
    package static func invalidSpec(field: String?, _ problem: SpecProblem) -> ControlFailure {
        ControlFailure(.usage, "the alert cannot be answered: " + (field.map { "'\($0)': " } ?? "") + problem.description)
    }
}

extension FieldFiles {
    /// The file system a path field completes from, and a history's last answers.
    static var fileSystem: FieldFiles {
        FieldFiles(home: ProcessEnvironment.value("HOME"), history: { path in
            guard case let .success(lines) = LineFile.lastLines(path, count: FieldsRoom.historyEntries) else { return [] }
            return lines
        }) { path in
            Directory.entries(path).map { $0.map { DirectoryEntry($0.name, isDirectory: $0.isDirectory) } }
        }
    }
}
