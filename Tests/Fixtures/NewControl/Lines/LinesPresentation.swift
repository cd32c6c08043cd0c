import AskModel
import AskPresentation
import AskSystem

/// Lines presented: nothing to open first; without a terminal a fallback closes them as OK.
package struct LinesRoom: Room {
    let chrome: AlertChrome
    let spec: LinesSpec

    package init(chrome: AlertChrome, spec: LinesSpec) {
        self.chrome = chrome.showing(spec.buttonRow)
        self.spec = spec
    }

    package mutating func prepare(_ options: PresentationOptions) -> Result<Response, PresentationFailure>? { nil }

    package func control(plain: Bool) -> LinesControl { LinesControl(chrome: chrome, spec: spec) }

    package mutating func withoutTerminal(_ reason: SystemError?, _ options: PresentationOptions, keepsHygiene: Bool)
        -> Result<Response, PresentationFailure> {
        if let failure = Presentation.noTerminal(reason, options) { return .failure(failure) }
        return .success(Response(nothing: .accepted(.ok)))
    }
}
