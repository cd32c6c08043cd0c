import AskLayout
import AskModel
import AskRender
import AskSession
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
    package let chrome: AlertChrome
    package private(set) var problem: SourceProblem?
    /// Plain output: the lines written so far, and whether the key that closes it was said.
    private var plainLines = 0
    private var saidClose = false

    /// `first`: what is there of the text box's file at once (nothing for an info box);
    /// `loading`: more of it comes from the control's source.
    package init(chrome: AlertChrome, text spec: TextSpec, first text: [UInt8], loading: Bool = false) {
        self.chrome = chrome.showing(spec.buttonRow)
        var state = spec.isInfo ? .info : TextState(loading: true)
        if !state.isInfo {
            text.withUnsafeBytes { _ = state.append($0) }
            if !loading { state.ended() }
        }
        self.state = state
    }

    package static let keys = KeyMap<Move>([
        KeyRow("Up / Down", "scroll a line", [KeyBinding(.key(.up), .scroll(-1)), KeyBinding(.key(.down), .scroll(1))]),
        KeyRow("PgUp / PgDn", "scroll a page", [KeyBinding(.key(.pageUp), .page(-1)), KeyBinding(.key(.pageDown), .page(1))]),
        KeyRow("Home / End", "go to the start / the end", [KeyBinding(.key(.home), .top), KeyBinding(.key(.end), .bottom)]),
        KeyRow("Enter, Space", "close it (OK)", [KeyBinding(.key(.enter), .close), KeyBinding(.scalar(" "), .close)]),
        KeyRow("Esc", "cancel", [KeyBinding(.key(.escape), .common(.cancel))]),
    ] + KeyMap(KeyBindings.shared).mapped { .common($0) })

    package var initialViewState: TextView.ViewState { TextView.ViewState() }
    package var readsSource: Bool { state.isLoading }
    package var endsWhenDrawn: Bool { state.isInfo }
    package var staysDrawn: Bool { state.isInfo }

    package mutating func handle(_ event: InputEvent, in frame: Frame<TextView>?) -> Reaction {
        let move: Move?
        switch Self.keys.action(for: event) {
        case .close?: return .finish(.accepted(.ok))
        case let .common(action)?: return KeyBindings.sharedReaction(action) ?? .proceed
        case nil: return state.isInfo ? .proceed : .bell
        case let other?: move = other
        }
        // Only the lines the move passes over are made rows (`TextView.Rows`).
        guard let frame, let move else { return .bell }
        let shown = max(frame.plan.shown, 1)
        let text = TextView.Rows(state, width: frame.plan.width, charset: frame.geometry.content.charset)
        let first = text.clamped(state.top, shown: shown)
        let target = switch move {
        case let .scroll(step): text.moved(first, by: step)
        case let .page(step): text.moved(first, by: step * max(shown - 1, 1))
        case .top: TextPosition()
        default: text.lastPage(shown)
        }
        let moved = text.clamped(target, shown: shown)
        guard moved != first else { return .bell }
        state.top = moved
        return .proceed
    }


    /// The file arriving: shown as it comes; one that cannot be read, or is more than a text box
    /// takes, ends the alert (`problem`).
    package mutating func take(_ input: SourceInput) -> Reaction {
        switch input {
        case let .bytes(bytes):
            if !state.append(bytes) { problem = .tooLarge }
        case .ended:
            state.ended()
        case .failed:
            problem = .unreadable
        }
        return problem == nil ? .proceed : .finish(.cancelled)
    }

    package func response(_ outcome: Outcome) -> Response { Response(nothing: outcome) }

    /// The title, the message and the lines of the text there are; a text box then waits for
    /// Return once all of it is there.
    package mutating func beginPlain(_ content: AlertContent) -> [UInt8] {
        Array(Plain.titleAndMessage(content).utf8) + updatePlain(content)
    }

    /// The lines arrived since, and once the text is complete, the key that closes it.
    package mutating func updatePlain(_ content: AlertContent) -> [UInt8] {
        guard !state.isInfo, !saidClose else { return [] }
        let complete = state.isLoading ? state.lineCount - 1 : state.lineCount
        var out = ""
        while plainLines < complete {
            out += Plain.text(DisplayText.glyphs(state.line(at: plainLines), charset: content.charset)) + "\r\n"
            plainLines += 1
        }
        if !state.isLoading {
            out += "(" + tr("Enter: %s", chrome.okLabel) + ")\r\n"
            saidClose = true
        }
        return Array(out.utf8)
    }

    package mutating func endPlain() -> [UInt8] { [] }
}
