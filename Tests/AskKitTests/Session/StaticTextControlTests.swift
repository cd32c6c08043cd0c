import AskChoices
import AskFields
import AskGauge
import AskLayout
import AskModel
import AskRender
import AskKit
import AskPresentation
import AskSession
import AskText
import AskTextBox
import Testing

/// A kind of control the alert does not have — lines of text to read, scrolled with the
/// arrows — added through the seam alone: a `Control` and its `ControlView`, with nothing
/// changed in the controller, the frame, the renderers or the command line. It is framed,
/// focused, answered, drawn in one line and in plain output like the others.
struct StaticTextControlTests {
    /// The text, and the line the arrows scrolled to.
    struct Text {
        let lines: [String]
        var first = 0
        var focusedButton: ButtonRole?
    }

    /// The text in the frame's body, a blank row apart from the message; as many rows as it
    /// has lines (at least one, the rest after the message), an arrow where more are below.
    enum TextView: ControlView {
        static func naturalWidth(_ state: Text, _ content: AlertContent, fixed: Int, view: inout Int) -> Int {
            (state.lines.map { $0.count }.max() ?? 0) + 4
        }

        static func rows(_ state: Text, _ content: AlertContent, inner: Int) -> ControlRows {
            ControlRows(separator: .blank, fewest: 1)
        }

        static func plan(_ state: Text, _ space: PlanSpace) -> (extra: Int, plan: Int) {
            let room = space.room
            let extra = min(max(state.lines.count - 1, 0), room)
            return (extra, 1 + extra)
        }

        static func compactPlan(_ state: Text, _ content: AlertContent, width: Int, available: Int) -> (rows: Int, plan: Int) {
            (0, 1)
        }

        static func fits(_ state: Text, _ frame: FrameGeometry, _ plan: Int, view: inout Int) -> Bool { true }

        static func focusedButton(_ state: Text) -> ButtonRole? { state.focusedButton }

        static func draw(_ state: Text, into screen: inout Screen, _ area: ControlArea<Int>, view: inout Int, countdown: Int?) {
            view = state.first
            for (offset, row) in area.body.prefix(area.plan).enumerated() where state.first + offset < state.lines.count {
                screen.draw(DisplayText.glyphs(state.lines[state.first + offset], charset: area.content.charset), row: row, column: 2)
            }
            if state.first + area.plan < state.lines.count {
                screen.fill(row: area.body.lowerBound + area.plan - 1, columns: (area.width - 2)..<(area.width - 1),
                            with: area.content.charset.moreBelow)
            }
        }

        static func drawCompact(_ state: Text, into screen: inout Screen, _ area: ControlArea<Int>, view: inout Int,
                                countdown: Int?) {
            screen.draw(DisplayText.glyphs(state.lines.first ?? "", charset: area.content.charset), row: 0, column: 0)
        }
    }

    /// What its keys do.
    enum Move: Sendable { case scroll(Int), accept, cancel, tab }

    struct StaticText: Control {
        static let keys = KeyMap<Move>([
            KeyRow("Up / Down", "scroll the text", [KeyBinding(.key(.up), .scroll(-1)), KeyBinding(.key(.down), .scroll(1))]),
            KeyRow("Enter", "close it", [KeyBinding(.key(.enter), .accept)]),
            KeyRow("Tab", "move to the button and back", [KeyBinding(.key(.tab), .tab)]),
            KeyRow("Esc", "cancel", [KeyBinding(.key(.escape), .cancel)]),
        ])

        let chrome: AlertChrome
        private(set) var state: Text
        private var shownLines = 0

        init(title: String, lines: [String]) {
            var chrome = AlertChrome(title: title)
            chrome.cancelLabel = nil
            self.chrome = chrome
            state = Text(lines: lines)
        }

        var initialViewState: Int { 0 }

        mutating func handle(_ event: InputEvent, in frame: Frame<TextView>?) -> Reaction {
            switch Self.keys.action(for: event) {
            case let .scroll(step)?:
                let last = max(state.lines.count - (frame?.plan ?? 1), 0)
                guard (0...last).contains(state.first + step) else { return .bell }
                state.first += step
                return .proceed
            case .accept?: return .finish(.accepted(.ok))
            case .cancel?: return .finish(.cancelled)
            case .tab?:
                state.focusedButton = state.focusedButton == nil ? .ok : nil
                return .proceed
            case nil: return .bell
            }
        }

        func response(_ outcome: Outcome) -> Response { Response(nothing: outcome) }

        mutating func beginPlain(_ content: AlertContent) -> [UInt8] {
            shownLines = state.lines.count
            return Array((([content.chrome.title] + state.lines).joined(separator: "\r\n") + "\r\n").utf8)
        }

        mutating func updatePlain(_ content: AlertContent) -> [UInt8] { [] }
        mutating func endPlain() -> [UInt8] { [] }
    }

    static let lines = ["The build is done.", "12 tests ran,", "none failed,", "2 were skipped."]

    @Test func itIsFramedAndAnswered() {
        var rig = ControllerRig(control: StaticText(title: "Build", lines: Self.lines))
        rig.start()
        #expect(Array(rig.terminal.lines[2...10]) == [
            "╭────────────────────────────────╮",
            "│             Build              │",
            "│                                │",
            "│ The build is done.             │",
            "│ 12 tests ran,                  │",
            "│ none failed,                   │",
            "│ 2 were skipped.                │",
            "├────────────────────────────────┤",
            "│               OK               │",
        ], "\(rig.terminal.lines)")
        rig.type("\u{1B}[B", at: 1)  // Down: nothing more to show
        #expect(rig.writes.last == [0x07])
        #expect(rig.terminal.style(of: " OK ")?.inverse == false)
        rig.type("\t", at: 2)  // the button takes the focus, drawn by the frame
        #expect(rig.terminal.style(of: " OK ")?.inverse == true)
        rig.type("\r", at: 3)
        #expect(rig.controller.outcome == .accepted(.ok))
    }

    /// On a short terminal the text scrolls in the rows the frame could give it.
    @Test func onAShortTerminalItScrolls() {
        var rig = ControllerRig(control: StaticText(title: "Build", lines: Self.lines), rows: 8)
        rig.start()
        #expect(rig.terminal.contains("│ The build is done.            ↓│"), "\(rig.terminal.lines)")
        rig.type("\u{1B}[B\u{1B}[B", at: 1)
        #expect(rig.terminal.contains("│ none failed,                  ↓│"), "\(rig.terminal.lines)")
        rig.type("\u{1B}", at: 2)
        rig.wait(until: 3)
        #expect(rig.controller.outcome == .cancelled)
    }

    @Test func inPlainOutputItIsLines() {
        var rig = ControllerRig(control: StaticText(title: "Build", lines: Self.lines), plain: true)
        rig.start()
        rig.type("\r", at: 1)
        #expect(String(decoding: rig.writes.flatMap { $0 }, as: UTF8.self) == "Build\r\nThe build is done.\r\n12 tests ran,\r\nnone failed,\r\n2 were skipped.\r\n")
        #expect(rig.controller.outcome == .accepted(.ok))
    }
}
