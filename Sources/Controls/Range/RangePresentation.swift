import AskModel
import AskPresentation
import AskSystem
import AskText

/// A number between bounds presented: nothing to open first; without a terminal, a fallback
/// answers the number it starts at, as OK would.
package struct RangeRoom: Room {
    let chrome: AlertChrome
    let spec: RangeSpec

    package init(chrome: AlertChrome, spec: RangeSpec) {
        (self.chrome, self.spec) = (chrome.showing(RangeSpec.buttonRow), spec)
    }

    package func control(plain: Bool) -> RangeControl { RangeControl(chrome: chrome, spec: spec) }

    package mutating func prepare(_ options: PresentationOptions) -> Result<Response, PresentationFailure>? { nil }

    /// The starting number, as OK answers it, unless the fallback is to fail.
    package mutating func withoutTerminal(_ reason: SystemError?, _ options: PresentationOptions, keepsHygiene: Bool)
        -> Result<Response, PresentationFailure> {
        Presentation.noTerminal(reason, options).map { .failure($0) }
            ?? .success(Response(outcome: .accepted(.ok), answers: [TextBuffer(String(spec.value), secret: false)]))
    }
}
