import AskLayout
import AskModel
import AskSession
import AskSystem

extension Presentation {
    /// A text box (its file read whole first: a file that cannot be read, or is bigger than
    /// `TextSpec.largestFile`, is refused before anything is drawn) or an info box. Without a
    /// terminal an info box has nothing to ask and ends at once (0); a text box is closed as
    /// Return would close it when a fallback answers (`--fallback value` or `stdin`), and
    /// otherwise fails as any alert does.
    static func presentText(_ spec: PromptSpec, options: PresentationOptions, environment: Environment,
                            keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        var text: [UInt8] = []
        if let path = spec.text?.file {
            switch FileContents.read(path, limit: TextSpec.largestFile) {
            case let .success(bytes): text = bytes
            case let .failure(error): return .failure(.fileUnreadable(path, error))
            }
        }
        do throws(TerminalError) {
            let appearance = Appearance.from(environment: environment, options: options)
            let session = try TerminalSession(control: TextControl(spec: spec, text: text), appearance: appearance,
                                              timeout: options.timeout, keepsHygiene: keepsHygiene)
            return .success(try session.run())
        } catch {
            switch error {
            case let .setupFailed(reason):
                return .failure(.terminalSetup(reason))
            case let .noTerminal(_, reason):
                if spec.text?.isInfo == true { return .success(Response(nothing: .accepted(.ok))) }
                switch options.fallback ?? .fail {
                case .fail: return .failure(.noTerminal(reason))
                case .value, .stdin: return .success(Response(nothing: .accepted(.ok)))
                }
            }
        }
    }
}
