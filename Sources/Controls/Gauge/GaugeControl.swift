import AskLayout
import AskModel
import AskRender
import AskSession
import AskText

/// A gauge — a bar filled as a task reports its progress on standard input — drawn by
/// `GaugeView`; its source is that input, and its end ends the gauge (accepted: status 0).
/// Keys do nothing but Esc and those every control takes (Ctrl-C, Ctrl-Z, Ctrl-L); it has no
/// button.
package struct GaugeControl: Control {
    package private(set) var state: GaugeState
    /// The frame's chrome: the gauge draws its own message, which changes; it has no button.
    package let chrome: AlertChrome
    package private(set) var problem: GaugeProblem?
    private var plain = PlainGaugeRenderer()

    package init(chrome: AlertChrome, gauge: GaugeSpec) {
        var chrome = chrome
        chrome.buttonRow = GaugeSpec.buttonRow
        state = GaugeState(chrome: chrome, gauge: gauge)
        chrome.message = ""
        self.chrome = chrome
    }

    package static let keys = KeyMap<Action>([
        KeyRow("Esc", "stop watching: exit 1 (the task's next write finds the pipe closed)", [KeyBinding(.key(.escape), .cancel)]),
    ] + KeyBindings.shared)

    package var initialViewState: Int { 0 }

    /// Esc cancels, Ctrl-C interrupts, Ctrl-Z suspends, Ctrl-L redraws; any other key is
    /// ignored (no bell: a gauge is watched, not typed into).
    package mutating func handle(_ event: InputEvent, in frame: Frame<GaugeView>?) -> Reaction {
        Self.keys.action(for: event).flatMap(KeyBindings.sharedReaction) ?? .proceed
    }


    /// The task's lines: the bar and the message follow; their end ends the gauge.
    package mutating func take(_ input: SourceInput) -> Reaction {
        switch input {
        case let .bytes(bytes):
            _ = state.take(bytes)
            return .proceed
        case .ended:
            state.end()
            return .finish(.accepted(.ok))
        case .failed:
            problem = .unreadable
            return .finish(.cancelled)
        }
    }

    package var readsSource: Bool { !state.isEnded }

    package func response(_ outcome: Outcome) -> Response { Response(nothing: outcome) }

    /// How far it got.
    package func keptAnswer(_ outcome: Outcome, content: AlertContent) -> [Glyph]? {
        outcome.printsAnswer ? DisplayText.glyphs("\(state.percent)%", charset: content.charset) : nil
    }

    package mutating func beginPlain(_ content: AlertContent) -> [UInt8] { plain.begin(content, state) }
    package mutating func updatePlain(_ content: AlertContent) -> [UInt8] { plain.update(state, charset: content.charset) }
    package mutating func endPlain() -> [UInt8] { [] }
}

/// Why a gauge ended by itself other than at the end of its input.
package enum GaugeProblem: Equatable, Sendable {
    /// Its input could not be read.
    case unreadable
}
