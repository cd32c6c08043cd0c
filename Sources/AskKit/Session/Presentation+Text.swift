import AskLayout
import AskModel
import AskSession
import AskSystem

extension Presentation {
    /// A text box (its file opened without waiting and read while the box shows, as a list's
    /// is: a FIFO without a writer shows "loading" and keys and the timeout are served; a file
    /// that cannot be opened or read, or is bigger than `TextSpec.largestFile`, is refused) or an
    /// info box. Without a terminal an info box has nothing to ask and ends at once (0); a text
    /// box is closed as Return would close it when a fallback answers (`--fallback value` or
    /// `stdin`) once its file is read, within the timeout, and otherwise fails as any alert does.
    static func presentText(_ spec: PromptSpec, options: PresentationOptions, environment: Environment,
                            keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        var source: Descriptor?
        var first: [UInt8] = []
        if let path = spec.text?.file {
            switch Descriptor.open(forReading: path, nonBlocking: true) {
            case let .success(opened): source = opened
            case let .failure(error): return .failure(.fileUnreadable(path, error))
            }
            // What is there at once (a file's first part; nothing yet from a FIFO) is in the first
            // frame, and what cannot be read at all (a directory) is refused before anything is drawn.
            switch readAtOnce(source!, limit: 1 << 20) {
            case let .success(bytes): first = bytes
            case let .failure(error): return .failure(.fileUnreadable(path, error))
            }
        }
        do throws(TerminalError) {
            let appearance = Appearance.from(environment: environment, options: options)
            let session = try TerminalSession(control: TextControl(spec: spec, text: first, loading: source != nil),
                                              appearance: appearance, timeout: options.timeout, source: source,
                                              keepsHygiene: keepsHygiene)
            let response = try session.run()
            if let problem = session.problem, let path = spec.text?.file {
                return .failure(fileFailure(path, problem, session.sourceError))
            }
            return .success(response)
        } catch {
            switch error {
            case let .setupFailed(reason):
                return .failure(.terminalSetup(reason))
            case let .noTerminal(_, reason):
                if spec.text?.isInfo == true { return .success(Response(nothing: .accepted(.ok))) }
                switch options.fallback ?? .fail {
                case .fail: return .failure(.noTerminal(reason))
                case .value, .stdin: break
                }
            }
        }
        // Closed as Return would close it, once the file is read (a FIFO's writer waited for
        // until the timeout).
        guard let source, let path = spec.text?.file else { return .success(Response(nothing: .accepted(.ok))) }
        var size = first.count
        let deadline = options.timeout.map { Deadline(seconds: $0, after: MonotonicClock.now).time }
        switch readAll(source, until: deadline, take: { size += $0.count; return size <= TextSpec.largestFile }) {
        case .complete where size > TextSpec.largestFile: return .failure(.fileUnreadable(path, .tooLarge))
        case .complete: return .success(Response(nothing: .accepted(.ok)))
        case .timedOut: return .success(Response(nothing: spec.onTimeout == .accept ? .accepted(spec.timeoutRole) : .timedOut))
        case let .failed(error): return .failure(.fileUnreadable(path, error))
        }
    }

    /// A file read as a control's source that the control gave up on: too large, or unreadable
    /// (the reader's error).
    static func fileFailure(_ path: String, _ problem: TextProblem, _ error: SystemError?) -> PresentationFailure {
        .fileUnreadable(path, problem == .tooLarge ? .tooLarge : error ?? SystemError(0))
    }

    /// What `source` (opened without blocking) has to give at once, up to about `limit` bytes.
    private static func readAtOnce(_ source: Descriptor, limit: Int) -> Result<[UInt8], SystemError> {
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 65536)
        while bytes.count < limit {
            switch block.withUnsafeMutableBytes({ source.read(into: $0) }) {
            case .failure(.interrupted): continue
            case .failure(.wouldBlock), .success(0): return .success(bytes)
            case let .failure(error): return .failure(error)
            case let .success(count): bytes += block[0..<count]
            }
        }
        return .success(bytes)
    }
}
