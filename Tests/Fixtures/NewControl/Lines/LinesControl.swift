import AskLayout
import AskModel
import AskRender
import AskSession
import AskText

/// Lines to read: Up and Down scroll them, Return closes with OK, Esc cancels.
package struct LinesControl: Control {
    package enum Move: Sendable { case scroll(Int), accept }

    package static let keys = KeyMap<Move>([
        KeyRow("Up / Down", "scroll a line", [KeyBinding(.key(.up), .scroll(-1)), KeyBinding(.key(.down), .scroll(1))]),
        KeyRow("Enter", "close it", [KeyBinding(.key(.enter), .accept)]),
    ])

    package private(set) var state: LinesState
    package var chrome: AlertChrome { state.chrome }
    package var initialViewState: Int { 0 }

    package init(chrome: AlertChrome, spec: LinesSpec) {
        state = LinesState(chrome: chrome, spec: spec)
    }

    package mutating func handle(_ event: InputEvent, in frame: Frame<LinesView>?) -> Reaction {
        switch Self.keys.action(for: event) {
        case let .scroll(step)?: return state.scroll(by: step, shown: frame?.plan ?? 1) ? .proceed : .bell
        case .accept?: return .finish(.accepted(.ok))
        case nil: return KeyBindings.sharedReaction(KeyBindings.action(for: event)) ?? .bell
        }
    }

    package func response(_ outcome: Outcome) -> Response { Response(nothing: outcome) }

    package mutating func beginPlain(_ content: AlertContent) -> [UInt8] {
        Array(([content.chrome.title] + state.lines).joined(separator: "\r\n").utf8) + Array("\r\n".utf8)
    }

    package mutating func updatePlain(_ content: AlertContent) -> [UInt8] { [] }
    package mutating func endPlain() -> [UInt8] { [] }
}
