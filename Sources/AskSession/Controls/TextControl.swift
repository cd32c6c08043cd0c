import AskLayout
import AskModel
import AskRender
import AskText

/// A text box — a file's lines to read, scrolled with the arrows and the page keys, closed with
/// OK (Return or Space; Esc cancels) — or an info box, whose message is drawn and left on the
/// screen as it ends at once. Drawn by `TextView`.
package struct TextControl: Control {
    /// What its keys do.
    package enum Move: Equatable, Sendable {
        case scroll(Int), page(Int), top, bottom, close
        case common(Action)
    }

    package private(set) var state: TextState
    package let spec: PromptSpec

    /// `text`: the text box's file as read (nothing for an info box).
    package init(spec: PromptSpec, text: [UInt8]) {
        state = spec.text?.isInfo == false ? TextState(text: text) : .info
        self.spec = spec
    }

    package static let keys = KeyMap<Move>([
        KeyRow("Up / Down", "scroll a line", [KeyBinding(.key(.up), .scroll(-1)), KeyBinding(.key(.down), .scroll(1))]),
        KeyRow("PgUp / PgDn", "scroll a page", [KeyBinding(.key(.pageUp), .page(-1)), KeyBinding(.key(.pageDown), .page(1))]),
        KeyRow("Home / End", "go to the start / the end", [KeyBinding(.key(.home), .top), KeyBinding(.key(.end), .bottom)]),
        KeyRow("Enter, Space", "close it (OK)", [KeyBinding(.key(.enter), .close), KeyBinding(.scalar(" "), .close)]),
        KeyRow("Esc", "cancel", [KeyBinding(.key(.escape), .common(.cancel))]),
    ] + KeyMap(KeyBindings.shared).mapped { .common($0) })

    package var initialViewState: Int { 0 }
    package var mayShowSecrets: Bool { false }
    package var holdsSecret: Bool { false }
    package var problem: Never? { nil }
    package var readsSource: Bool { false }
    package var endsWhenDrawn: Bool { state.isInfo }
    package var staysDrawn: Bool { state.isInfo }

    package mutating func handle(_ event: InputEvent, in frame: Frame<TextView>?) -> Reaction {
        let plan = frame?.plan
        let page = max((plan?.shown ?? 1) - 1, 1)
        let first = plan?.clamped(state.first) ?? state.first
        let target: Int
        switch Self.keys.action(for: event) {
        case let .scroll(step)?: target = first + step
        case let .page(step)?: target = first + step * page
        case .top?: target = 0
        case .bottom?: target = plan.map { $0.clamped(.max) } ?? first
        case .close?: return .finish(.accepted(.ok))
        case .common(.cancel)?: return .finish(.cancelled)
        case .common(.interrupt)?: return .interrupt
        case .common(.suspend)?: return .suspend
        case .common?: return .redraw
        case nil: return state.isInfo ? .proceed : .bell
        }
        let moved = plan.map { $0.clamped(target) } ?? max(target, 0)
        guard moved != first else { return .bell }
        state.first = moved
        return .proceed
    }

    package mutating func settle() -> Reaction { .proceed }
    package mutating func take(_ input: ControlInput) -> Reaction { .proceed }
    package func response(_ outcome: Outcome) -> Response { Response(nothing: outcome) }

    /// The title, the message and every line of the text; a text box then waits for Return.
    package mutating func beginPlain(_ content: AlertContent) -> [UInt8] {
        var out = ""
        if !content.title.isEmpty { out += PlainRenderer.text(content.title) + "\r\n" }
        for line in DisplayText.lines(content.spec.message, charset: content.charset) where !line.isEmpty {
            out += PlainRenderer.text(line) + "\r\n"
        }
        for line in state.lines { out += PlainRenderer.text(DisplayText.glyphs(line, charset: content.charset)) + "\r\n" }
        if !state.isInfo { out += "(Enter: \(spec.okLabel))\r\n" }
        return Array(out.utf8)
    }

    package mutating func updatePlain(_ content: AlertContent) -> [UInt8] { [] }
    package mutating func endPlain() -> [UInt8] { [] }
}
