import AskLayout
import AskMemory
import AskModel
import AskPresentation
import AskSession
import AskSystem
import AskText

/// An action sheet presented: its list opened (the file, or stdin), then the sheet on the
/// terminal reading the list while it shows, or without a terminal the whole list read first and
/// the choice taken from stdin or `--selected`.
package struct ChoicesRoom: Room {
    let chrome: AlertChrome
    let sheet: SheetSpec
    /// The list's descriptor: stdin borrowed, a file owned (closed once the last user lets go).
    package private(set) var source: Descriptor?
    /// The whole list, when it was read before anything was drawn.
    private var read: ChoiceList?
    private var deadline: Double?

    package init(chrome: AlertChrome, sheet: SheetSpec) {
        self.chrome = chrome.showing(sheet.buttonRow)
        self.sheet = sheet
    }

    /// What the starting query matches decides before anything is drawn (`--filter`,
    /// `--select-1`, `--exit-0`): the whole list first.
    package mutating func prepare(_ options: PresentationOptions) -> Result<Response, PresentationFailure>? {
        switch sheet.source {
        case .standardInput?:
            source = Descriptor.standardInput
        case let .file(path)?:
            // Never waits in open: a FIFO without a writer shows "loading" until one comes.
            switch Descriptor.open(forReading: path, nonBlocking: true) {
            case let .success(opened): source = opened
            case let .failure(error): return .failure(.control(ChoicesRoom.unreadable(path, error)))
            }
        case nil:
            break
        }
        if let source, source.isTerminal { return .failure(.control(ChoicesRoom.fromTerminal(sourceName))) }
        deadline = Presentation.deadline(options)
        guard options.printsMatches || sheet.answersOnlyMatch || sheet.endsWithoutMatch else { return nil }
        var state: SheetState
        switch readWhole(from: source) {
        case let .read(whole): state = whole
        case let .ended(result): return result
        }
        let matches = state.shownCount
        if options.printsMatches { return .success(matches == 0 ? Response(nothing: .cancelled) : Response(listing: state)) }
        if sheet.endsWithoutMatch && matches == 0 { return .success(Response(nothing: .cancelled)) }
        // Never a destructive choice unasked: the sheet shows it instead.
        if sheet.answersOnlyMatch && matches == 1 && state.startsOnChoice {
            state.take(state.choice(at: 0))
            return Self.finished(state)
        }
        read = state.list
        source = nil
        return nil
    }

    package func skipsTerminal(_ options: PresentationOptions) -> Bool { options.readsStandardInput }

    package func control(plain: Bool) -> ChoicesControl {
        read.map { ChoicesControl(chrome: chrome, sheet: sheet, plain: plain, list: $0) }
            ?? ChoicesControl(chrome: chrome, sheet: sheet, plain: plain)
    }

    /// The time the list took to read counts.
    package func timeLeft(_ options: PresentationOptions) -> Double? {
        read == nil ? options.timeout : deadline.map { max($0 - MonotonicClock.now, 0.001) }
    }

    package func ended(_ response: Response, problem: SheetProblem?, sourceError: SystemError?) -> Result<Response, PresentationFailure> {
        guard let problem else { return .success(response) }
        return .failure(failure(problem, error: sourceError))
    }

    /// Without the sheet: the whole list first (within the timeout), then a line of stdin names
    /// the choice, or `--fallback value` takes what Return would.
    package mutating func withoutTerminal(_ reason: SystemError?, _ options: PresentationOptions, keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        if let failure = Presentation.noTerminal(reason, options) { return .failure(failure) }
        var state: SheetState
        switch readWhole(from: source, over: read) {
        case let .read(whole): state = whole
        case let .ended(result): return result
        }
        if options.readsStandardInput || options.fallback == .stdin {
            return choicesFromStandardInput(&state)
        }
        // `--fallback value`: what Return would answer at once (the `--selected` choice, else
        // the first that is not destructive; the marked ones of a checklist).
        guard state.sheet.allowsMultiple || state.startsOnChoice else { return .failure(.control(ChoicesRoom.nothingSelected)) }
        return Self.finished(state)
    }

    /// The list's name in a message: its file, or `-` for standard input.
    private var sourceName: String {
        if case let .file(path)? = sheet.source { return path }
        return "-"
    }

    /// A sheet's whole list, read before anything is asked: its state, or how the presentation
    /// ends instead (the timeout, an unreadable or refused list, nothing to choose).
    private enum WholeList {
        case read(SheetState)
        case ended(Result<Response, PresentationFailure>)
    }

    /// Reads the rest of the list from `source` (none: it is all given, or already `over` a list
    /// read in full) until `deadline`, and sees its end.
    private func readWhole(from source: Descriptor?, over list: ChoiceList? = nil) -> WholeList {
        var whole = list.map { SheetState(chrome: chrome, sheet: sheet, list: $0) } ?? SheetState(chrome: chrome, sheet: sheet, loading: source != nil)
        if let source {
            switch Presentation.readAll(source, until: deadline, take: { whole.list.append(bytes: $0); return whole.list.takesInput }) {
            case .complete: break
            case .timedOut where chrome.onTimeout == .accept:
                // What stands is what has arrived.
                _ = whole.listEnded()
                return .ended(Self.answeredAtTimeout(&whole))
            case .timedOut: return .ended(.success(Response(nothing: .timedOut)))
            case let .failed(error): return .ended(.failure(failure(.unreadable, error: error)))
            }
        }
        if let problem = whole.listEnded() { return .ended(.failure(failure(problem, error: nil))) }
        return .read(whole)
    }

    /// What a problem with the list is said as (`error`: why it could not be read, for
    /// `.unreadable`).
    private func failure(_ problem: SheetProblem, error: SystemError?) -> PresentationFailure {
        switch problem {
        case let .lineRefused(line, reason): return .control(Self.refused(sourceName, line: line, reason))
        case .unreadable: return .control(Self.unreadable(sourceName, error ?? SystemError(0)))
        case .noChoices: return .control(Self.noChoices)
        case let .noSuchChoice(name): return .control(Self.noSuchChoice(name))
        }
    }

    /// A line from stdin names the choice: its number, its label or its value (letters in any
    /// case); with `--multiple`, a line each until an empty line or the end of input.
    private func choicesFromStandardInput(_ state: inout SheetState) -> Result<Response, PresentationFailure> {
        while true {
            switch LineReader.readLine(from: .standardInput, deadline: deadline) {
            case let .line(bytes):
                defer { bytes.wipe() }
                if bytes.isEmpty && state.sheet.allowsMultiple { return Self.finished(state) }
                guard let index = state.index(named: bytes.bytes) else {
                    // `--allow-other`: a line naming no choice is the answer (a line of text, held
                    // to what a typed one would be).
                    if state.sheet.allowsOther && !state.sheet.allowsMultiple && !bytes.isEmpty {
                        if let refusal = TypedLine.refusal(of: bytes.bytes) { return .failure(.control(Self.refused(refusal))) }
                        state.takeOther(Array(bytes.bytes))
                        return Self.finished(state)
                    }
                    return .failure(.control(Self.noChoiceNamed(String(decoding: bytes.bytes, as: UTF8.self))))
                }
                state.take(index)
                if !state.sheet.allowsMultiple { return Self.finished(state) }
            case .endOfFile:
                if state.sheet.allowsMultiple { return Self.finished(state) }
                return .failure(.inputEnded(field: nil))
            case .tooLong:
                return .failure(.lineTooLong(limit: LineReader.maximumLineBytes))
            case .timedOut where chrome.onTimeout == .accept:
                return Self.answeredAtTimeout(&state)
            case .timedOut:
                return .success(Response(nothing: .timedOut))
            case let .interrupted(signal):
                return .success(Response(nothing: .interrupted(signal: signal)))
            case let .failed(error):
                return .failure(.inputUnreadable(error))
            }
        }
    }

    /// `--on-timeout accept` without the sheet: what Return would take (never a destructive
    /// choice), or why the rules refuse it.
    private static func answeredAtTimeout(_ state: inout SheetState) -> Result<Response, PresentationFailure> {
        guard let outcome = state.pressAtTimeout() else { return .failure(.refusedAtTimeout(state.status?.text ?? "")) }
        return .success(outcome.printsAnswer ? Response(outcome, chosenIn: state) : Response(nothing: outcome))
    }

    private static func finished(_ state: borrowing SheetState) -> Result<Response, PresentationFailure> {
        guard state.canAccept else { return .failure(.control(Self.wrongMarks(state.sheet, marked: state.markedCount))) }
        return .success(Response(chosenIn: state))
    }
}
