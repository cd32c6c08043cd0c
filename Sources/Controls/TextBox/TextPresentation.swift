import AskModel
import AskPresentation
import AskSession
import AskSystem

/// A text box presented (its file opened without waiting and read while the box shows, as a
/// list's is: a FIFO without a writer shows "loading" and keys and the timeout are served; a file
/// that cannot be opened or read, or is bigger than `TextSpec.largestFile`, is refused) or an
/// info box. Without a terminal an info box has nothing to ask and ends at once (0); a text box
/// is closed as Return would close it when a fallback answers (`--fallback value` or `stdin`)
/// once its file is read, within the timeout, and otherwise fails as any alert does.
package struct TextRoom: Room {
    let chrome: AlertChrome
    let text: TextSpec
    package private(set) var source: Descriptor?
    /// What was there at once: a file's first part (nothing yet from a FIFO).
    private var first: [UInt8] = []

    package init(chrome: AlertChrome, text: TextSpec) {
        self.chrome = chrome.showing(text.buttonRow)
        self.text = text
    }

    /// What cannot be read at all (a directory) is refused before anything is drawn.
    package mutating func prepare(_ options: PresentationOptions) -> Result<Response, PresentationFailure>? {
        guard let path = text.file else { return nil }
        switch Descriptor.open(forReading: path, nonBlocking: true) {
        case let .success(opened): source = opened
        case let .failure(error): return .failure(.fileUnreadable(path, error))
        }
        switch Presentation.readAtOnce(source!, limit: 1 << 20) {
        case let .success(bytes): first = bytes
        case let .failure(error): return .failure(.fileUnreadable(path, error))
        }
        return nil
    }

    package func control(plain: Bool) -> TextControl {
        TextControl(chrome: chrome, text: text, first: first, loading: source != nil)
    }

    package func ended(_ response: Response, problem: SourceProblem?, sourceError: SystemError?) -> Result<Response, PresentationFailure> {
        guard let problem, let path = text.file else { return .success(response) }
        return .failure(Presentation.fileFailure(path, problem, sourceError))
    }

    package mutating func withoutTerminal(_ reason: SystemError?, _ options: PresentationOptions, keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        if text.isInfo { return .success(Response(nothing: .accepted(.ok))) }
        if let failure = Presentation.noTerminal(reason, options) { return .failure(failure) }
        // Closed as Return would close it, once the file is read (a FIFO's writer waited for
        // until the timeout).
        guard let source, let path = text.file else { return .success(Response(nothing: .accepted(.ok))) }
        var size = first.count
        switch Presentation.readAll(source, until: Presentation.deadline(options), take: { size += $0.count; return size <= TextSpec.largestFile }) {
        case .complete where size > TextSpec.largestFile: return .failure(.fileUnreadable(path, .tooLarge))
        case .complete: return .success(Response(nothing: .accepted(.ok)))
        case .timedOut: return .success(Response(nothing: chrome.onTimeout == .accept ? .accepted(chrome.timeoutRole) : .timedOut))
        case let .failed(error): return .failure(.fileUnreadable(path, error))
        }
    }
}
