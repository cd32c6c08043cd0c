import AskKit
import AskLayout
import AskLines
import AskModel
import AskPresentation
import AskSystem
import Testing
import TestSupport

/// The control added as one folder and one case: framed, keyed, answered, and presented
/// without a terminal as its room says.
struct LinesRoomTests {
    static let spec: PromptSpec = {
        var spec = PromptSpec(title: "Build")
        spec.body = .lines(LinesSpec(lines: ["The build is done.", "12 tests ran,", "none failed."]))
        return spec
    }()

    @Test func itIsFramedAndAnswered() throws {
        guard case let .lines(lines) = Self.spec.body else { Issue.record("not lines"); return }
        var rig = ControllerRig(control: LinesControl(chrome: Self.spec.chrome, spec: lines))
        rig.start()
        #expect(Array(rig.terminal.lines[2...9]) == [
            "╭────────────────────────────────╮",
            "│             Build              │",
            "│                                │",
            "│ The build is done.             │",
            "│ 12 tests ran,                  │",
            "│ none failed.                   │",
            "├────────────────────────────────┤",
            "│               OK               │",
        ], "\(rig.terminal.lines)")
        rig.type("\r", at: 1)
        #expect(rig.controller.outcome == .accepted(.ok))
    }

    @Test func withoutATerminalTheFallbackCloses() {
        var room = LinesRoom(chrome: Self.spec.chrome, spec: LinesSpec(lines: ["x"]))
        let none = SystemError(6)
        if case let .success(response) = room.withoutTerminal(none, PresentationOptions(fallback: .value), keepsHygiene: false) {
            #expect(response.outcome == .accepted(.ok))
        } else {
            Issue.record("no answer")
        }
        guard case .failure(.noTerminal(none)) = room.withoutTerminal(none, PresentationOptions(), keepsHygiene: false) else {
            Issue.record("answered without a fallback")
            return
        }
    }
}
