import AskLayout
import AskMemory
import AskModel
import AskSession
import AskSystem
import AskText

extension Presentation {
    /// An action sheet: its list opened (the file, or stdin), then the sheet on the terminal
    /// reading the list while it shows, or without a terminal the whole list read first and
    /// the choice taken from stdin or `--selected`.
    static func presentSheet(_ spec: PromptSpec, options: PresentationOptions, environment: Environment,
                             keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        // The list's descriptor: stdin borrowed, a file owned (closed once the last user lets go).
        var source: Descriptor?
        switch spec.sheet?.source {
        case .standardInput?:
            source = Descriptor.standardInput
        case let .file(path)?:
            // Never waits in open: a FIFO without a writer shows "loading" until one comes.
            switch Descriptor.open(forReading: path, nonBlocking: true) {
            case let .success(opened): source = opened
            case let .failure(error): return .failure(.choicesUnreadable(path, error))
            }
        case nil:
            break
        }
        if let source, source.isTerminal {
            if case let .file(path)? = spec.sheet?.source { return .failure(.choicesFromTerminal(path)) }
            return .failure(.choicesFromTerminal("-"))
        }
        let deadline = options.timeout.map { Deadline(seconds: $0, after: MonotonicClock.now).time }
        // What the starting query matches decides before anything is drawn (`--filter`,
        // `--select-1`, `--exit-0`): the whole list first.
        var read: ChoiceList?
        let sheet = spec.sheet ?? SheetSpec()
        if options.printsMatches || sheet.answersOnlyMatch || sheet.endsWithoutMatch {
            var state: SheetState
            switch readWhole(spec, from: source, until: deadline) {
            case let .read(whole): state = whole
            case let .ended(result): return result
            }
            let matches = state.shownCount
            if options.printsMatches { return .success(matches == 0 ? Response(nothing: .cancelled) : Response(listing: state)) }
            if sheet.endsWithoutMatch && matches == 0 { return .success(Response(nothing: .cancelled)) }
            // Never a destructive choice unasked: the sheet shows it instead.
            if sheet.answersOnlyMatch && matches == 1 && state.startsOnChoice {
                state.take(state.choice(at: 0))
                return finished(state)
            }
            read = state.list
            source = nil
        }
        if !options.readsStandardInput {
            do throws(TerminalError) {
                let appearance = Appearance.from(environment: environment, options: options)
                let control = read.map { ChoicesControl(spec: spec, plain: appearance.isPlain, list: $0) }
                    ?? ChoicesControl(spec: spec, plain: appearance.isPlain)
                // The time the list took to read counts.
                let left = read == nil ? options.timeout : deadline.map { max($0 - MonotonicClock.now, 0.001) }
                let session = try TerminalSession(control: control, appearance: appearance, timeout: left, source: source,
                                                  keepsHygiene: keepsHygiene)
                let response = try session.run()
                if let problem = session.problem {
                    return .failure(failure(problem, of: spec.sheet?.source, error: session.sourceError))
                }
                if let refusal = session.refusal { return .failure(.refusedAtTimeout(refusal)) }
                return .success(response)
            } catch {
                switch error {
                case let .setupFailed(reason):
                    return .failure(.terminalSetup(reason))
                case let .noTerminal(_, reason):
                    if options.fallback ?? .fail == .fail { return .failure(.noTerminal(reason)) }
                }
            }
        }
        // Without the sheet: the whole list first (within the timeout).
        var state: SheetState
        switch readWhole(spec, from: source, until: deadline, over: read) {
        case let .read(whole): state = whole
        case let .ended(result): return result
        }
        if options.readsStandardInput || options.fallback == .stdin {
            return choicesFromStandardInput(&state, until: deadline)
        }
        // `--fallback value`: what Return would answer at once (the `--selected` choice, else
        // the first that is not destructive; the marked ones of a checklist).
        guard state.sheet.allowsMultiple || state.startsOnChoice else { return .failure(.nothingSelected) }
        return finished(state)
    }

    /// A sheet's whole list, read before anything is asked: its state, or how the presentation
    /// ends instead (the timeout, an unreadable or refused list, nothing to choose).
    private enum WholeList {
        case read(SheetState)
        case ended(Result<Response, PresentationFailure>)
    }

    /// Reads the rest of the list from `source` (none: it is all given, or already `over` a list
    /// read in full) until `deadline`, and sees its end.
    private static func readWhole(_ spec: PromptSpec, from source: Descriptor?, until deadline: Double?,
                                  over list: ChoiceList? = nil) -> WholeList {
        var whole = list.map { SheetState(spec: spec, list: $0) } ?? SheetState(spec: spec, loading: source != nil)
        if let source {
            switch readAll(source, into: whole.list, until: deadline) {
            case .complete: break
            case .timedOut where spec.onTimeout == .accept:
                // What stands is what has arrived.
                _ = whole.listEnded()
                return .ended(answeredAtTimeout(&whole))
            case .timedOut: return .ended(.success(Response(nothing: .timedOut)))
            case let .failed(error): return .ended(.failure(failure(.unreadable, of: spec.sheet?.source, error: error)))
            }
        }
        if let problem = whole.listEnded() { return .ended(.failure(failure(problem, of: spec.sheet?.source, error: nil))) }
        return .read(whole)
    }

    /// How reading a whole input ended.
    enum ListRead {
        /// At the end of the input, or once what reads it takes no more (a list full, or a line
        /// refused).
        case complete
        case timedOut
        case failed(SystemError)
    }

    /// Reads `source` to its end into `list`, waiting for input (a FIFO's writer) until `deadline`.
    private static func readAll(_ source: Descriptor, into list: ChoiceList, until deadline: Double?) -> ListRead {
        readAll(source, until: deadline) { bytes in
            list.append(bytes: bytes)
            return list.takesInput
        }
    }

    /// Reads `source` to its end, each piece given to `take` until it says it takes no more,
    /// waiting for input (a FIFO's writer) until `deadline`.
    static func readAll(_ source: Descriptor, until deadline: Double?, take: (UnsafeRawBufferPointer) -> Bool) -> ListRead {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)
        defer { buffer.deallocate() }
        var more = true
        while more {
            var wait: Int32 = -1
            if let deadline {
                let left = deadline - MonotonicClock.now
                guard left > 0 else { return .timedOut }
                wait = Int32(min((left * 1000).rounded(.up), Double(Deadline.longestWait)))
            }
            // Read only what poll says is there: a FIFO without a writer reads as its end.
            switch Poll.wait(forInputOn: source, milliseconds: wait) {
            case .success(false), .failure(.interrupted):
                continue
            case let .failure(error):
                return .failed(error)
            case .success(true):
                break
            }
            switch source.read(into: buffer) {
            case let .success(count) where count > 0:
                more = take(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            case .success:
                return .complete
            case let .failure(error) where error == .interrupted || error == .wouldBlock:
                continue
            case let .failure(error):
                return .failed(error)
            }
        }
        return .complete
    }

    /// What a problem with the list read from `source` is said as (`error`: why it could not be
    /// read, for `.unreadable`).
    private static func failure(_ problem: SheetProblem, of source: ChoiceSource?, error: SystemError?) -> PresentationFailure {
        let name = switch source {
        case let .file(path)?: path
        default: "-"
        }
        switch problem {
        case let .lineRefused(line, reason): return .choicesRefused(name, line: line, reason)
        case .unreadable: return .choicesUnreadable(name, error ?? SystemError(0))
        default: return .sheet(problem)
        }
    }

    /// A line from stdin names the choice: its number, its label or its value (letters in any
    /// case); with `--multiple`, a line each until an empty line or the end of input.
    private static func choicesFromStandardInput(_ state: inout SheetState,
                                                 until deadline: Double?) -> Result<Response, PresentationFailure> {
        while true {
            switch LineReader.readLine(from: .standardInput, deadline: deadline) {
            case let .line(bytes):
                defer { bytes.wipe() }
                if bytes.isEmpty && state.sheet.allowsMultiple { return finished(state) }
                guard let index = state.index(named: bytes.bytes) else {
                    // `--allow-other`: a line naming no choice is the answer (a line of text, held
                    // to what a typed one would be).
                    if state.sheet.allowsOther && !state.sheet.allowsMultiple && !bytes.isEmpty {
                        switch NonInteractiveAnswer.judge(bytes.bytes, for: FieldSpec()) {
                        case let .text(text):
                            state.takeOther(text.withBytes { Array($0) })
                            text.wipe()
                            return finished(state)
                        case let .refused(reason):
                            return .failure(.refused(reason, field: nil))
                        }
                    }
                    return .failure(.refused(.noSuchChoice(String(decoding: bytes.bytes, as: UTF8.self)), field: nil))
                }
                state.take(index)
                if !state.sheet.allowsMultiple { return finished(state) }
            case .endOfFile:
                if state.sheet.allowsMultiple { return finished(state) }
                return .failure(.inputEnded(field: nil))
            case .tooLong:
                return .failure(.lineTooLong(limit: LineReader.maximumLineBytes))
            case .timedOut where state.spec.onTimeout == .accept:
                return answeredAtTimeout(&state)
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
        guard state.canAccept else { return .failure(.refused(.noMarks, field: nil)) }
        return .success(Response(chosenIn: state))
    }
}
