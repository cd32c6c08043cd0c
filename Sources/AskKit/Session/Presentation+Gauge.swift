import AskLayout
import AskModel
import AskSession
import AskSystem

extension Presentation {
    /// A gauge: the bar on the terminal, fed by standard input until it ends. Without a
    /// terminal the input is read to its end all the same (the task is never blocked on a full
    /// pipe, nor killed by a closed one), nothing drawn, and the gauge ends as it would have.
    static func presentGauge(_ spec: PromptSpec, options: PresentationOptions, environment: Environment,
                             keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        let source = Descriptor.standardInput
        // The keys typed would be taken for the task's percentages.
        if source.isTerminal { return .failure(.progressFromTerminal) }
        do throws(TerminalError) {
            let appearance = Appearance.from(environment: environment, options: options)
            let session = try TerminalSession(control: GaugeControl(spec: spec), appearance: appearance, timeout: options.timeout,
                                              source: source, keepsHygiene: keepsHygiene)
            let response = try session.run()
            if session.problem != nil { return .failure(.inputUnreadable(session.sourceError ?? SystemError(0))) }
            return .success(response)
        } catch {
            switch error {
            case let .setupFailed(reason):
                return .failure(.terminalSetup(reason))
            case .noTerminal:
                let deadline = options.timeout.map { Deadline(seconds: $0, after: MonotonicClock.now).time }
                switch readAll(source, until: deadline, take: { _ in true }) {
                case .complete: return .success(Response(nothing: .accepted(.ok)))
                case .timedOut: return .success(Response(nothing: spec.onTimeout == .accept ? .accepted(.ok) : .timedOut))
                case let .failed(reason): return .failure(.inputUnreadable(reason))
                }
            }
        }
    }
}
