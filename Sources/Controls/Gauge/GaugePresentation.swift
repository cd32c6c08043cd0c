import AskLayout
import AskModel
import AskPresentation
import AskSession
import AskSystem

/// A gauge presented: the bar on the terminal, fed by standard input until it ends. Without a
/// terminal the input is read to its end all the same (the task is never blocked on a full
/// pipe, nor killed by a closed one), nothing drawn, and the gauge ends as it would have.
package struct GaugeRoom: Room {
    let chrome: AlertChrome
    let gauge: GaugeSpec
    package let source: Descriptor? = Descriptor.standardInput

    package init(chrome: AlertChrome, gauge: GaugeSpec) {
        self.chrome = chrome.showing(GaugeSpec.buttonRow)
        self.gauge = gauge
    }

    /// The keys typed would be taken for the task's percentages.
    package mutating func prepare(_ options: PresentationOptions) -> Result<Response, PresentationFailure>? {
        Descriptor.standardInput.isTerminal ? .failure(.control(GaugeRoom.progressFromTerminal)) : nil
    }

    package func control(plain: Bool) -> GaugeControl { GaugeControl(chrome: chrome, gauge: gauge) }

    package func ended(_ response: Response, problem: GaugeProblem?, sourceError: SystemError?) -> Result<Response, PresentationFailure> {
        problem == nil ? .success(response) : .failure(.inputUnreadable(sourceError ?? SystemError(0)))
    }

    package mutating func withoutTerminal(_ reason: SystemError?, _ options: PresentationOptions, keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        switch Presentation.readAll(Descriptor.standardInput, until: Presentation.deadline(options), take: { _ in true }) {
        case .complete: return .success(Response(nothing: .accepted(.ok)))
        case .timedOut: return .success(Response(nothing: chrome.onTimeout == .accept ? .accepted(.ok) : .timedOut))
        case let .failed(reason): return .failure(.inputUnreadable(reason))
        }
    }

    /// A gauge would read its progress from standard input, a terminal.
    package static let progressFromTerminal = ControlFailure(
        .usage, "cannot read the progress from standard input: it is a terminal",
        commandLine: "--gauge reads the progress from standard input, which is a terminal; pipe the task's percentages in")
}
