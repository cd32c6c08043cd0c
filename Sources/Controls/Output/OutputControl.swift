import AskLayout
import AskModel
import AskRender
import AskSession
import AskText

/// A command-output box: its source is the output (standard input, a command's, a file
/// followed), shown as it comes by `OutputView`. It ends with the output, or once the output
/// has ended with its OK (`waitsForOK`); a followed file's OK closes it at any time. Esc stops
/// it: watching standard input, status 1 (the writer's next write finds the pipe closed); a
/// command, stopped by the interrupt a terminal's Ctrl-C sends (the room sends it).
package struct OutputControl: Control {
    package enum Move: Equatable, Sendable {
        case close
        case common(Action)
    }

    package private(set) var state: OutputState
    package let chrome: AlertChrome
    package private(set) var problem: SourceProblem?
    /// Where each piece of the output goes besides the box (a command's whole output, kept).
    private let keep: ((UnsafeRawBufferPointer) -> Void)?
    /// Plain output: the lines said so far, and whether the end was said.
    private var saidLines = 0
    private var saidEnd = false

    package init(chrome: AlertChrome, output: OutputSpec, keep: ((UnsafeRawBufferPointer) -> Void)? = nil) {
        self.chrome = chrome.showing(output.buttonRow)
        state = OutputState(spec: output)
        self.keep = keep
    }

    package static let keys = KeyMap<Move>([
        KeyRow("Enter, Space", "close it (OK), once the output has ended (a followed file: at any time)",
               [KeyBinding(.key(.enter), .close), KeyBinding(.scalar(" "), .close)]),
        KeyRow("Esc", "stop: a command is sent SIGINT, as Ctrl-C in a terminal sends it (Ctrl-C too), its status the call's; else exit 1",
               [KeyBinding(.key(.escape), .common(.cancel))]),
    ] + KeyMap(KeyBindings.shared).mapped { .common($0) })

    package var initialViewState: Int { 0 }
    package var readsSource: Bool { !state.isEnded }
    /// A command's spinner and time, while it runs: redrawn ten times a second.
    package var refreshEvery: Double? { state.showsClock && !state.isEnded ? 0.1 : nil }
    /// A fast output is drawn ten times a second, whatever the reads.
    package var sourceDrawnEvery: Double? { 0.1 }

    package mutating func clock(_ now: Double) { state.clock(now) }

    package mutating func handle(_ event: InputEvent, in frame: Frame<OutputView>?) -> Reaction {
        switch Self.keys.action(for: event) {
        case .close?:
            return state.waitsForOK && (state.isEnded || state.isFollowing) ? .finish(.accepted(.ok)) : .proceed
        case let .common(action)?:
            return KeyBindings.sharedReaction(action) ?? .proceed
        case nil:
            return .proceed
        }
    }

    /// The output as it comes; its end ends the box, unless it waits for its OK.
    package mutating func take(_ input: SourceInput) -> Reaction {
        switch input {
        case let .bytes(bytes):
            keep?(bytes)
            state.take(bytes)
            return .proceed
        case .ended:
            state.end()
            return state.waitsForOK ? .proceed : .finish(.accepted(.ok))
        case .failed:
            problem = .unreadable
            return .finish(.cancelled)
        }
    }

    package func response(_ outcome: Outcome) -> Response { Response(nothing: outcome) }

    /// The title and the message, then the output's lines as they finish; at its end, the
    /// unfinished last line and the key that closes the box, when it waits for one.
    package mutating func beginPlain(_ content: AlertContent) -> [UInt8] {
        Array(Plain.titleAndMessage(content).utf8) + updatePlain(content)
    }

    package mutating func updatePlain(_ content: AlertContent) -> [UInt8] {
        guard !saidEnd else { return [] }
        var out = ""
        let new = min(state.lineCount - saidLines, OutputState.keptLines - 1)
        for line in state.lastLines(new, open: false) {
            out += Plain.text(OutputView.shown(line, width: .max, content: content)) + "\r\n"
        }
        saidLines = state.lineCount
        if state.isEnded {
            if !state.openLine.isEmpty { out += Plain.text(OutputView.shown(state.openLine, width: .max, content: content)) + "\r\n" }
            if state.waitsForOK { out += "(" + tr("Enter: %s", chrome.okLabel) + ")\r\n" }
            saidEnd = true
        }
        return Array(out.utf8)
    }

    package mutating func endPlain() -> [UInt8] { [] }
}
