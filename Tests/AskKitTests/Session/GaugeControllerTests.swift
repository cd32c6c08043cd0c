import AskChoices
import AskFields
import AskGauge
import AskLayout
import AskModel
import AskRender
import AskText
import AskKit
import AskPresentation
import AskSession
import AskTextBox
import Testing

/// The gauge through the controller: its bar and message drawn in the frame as its input
/// arrives, its end ending it, Esc cancelling, the plain lines, a short terminal's one line.
struct GaugeControllerTests {
    static func spec(title: String = "Copying", message: String = "Starting") -> PromptSpec {
        var spec = PromptSpec(title: title, message: message)
        spec.body = .gauge(GaugeSpec())
        return spec
    }

    static func feed(_ rig: inout ControllerRig<GaugeControl>, _ text: String, at now: Double) {
        Array(text.utf8).withUnsafeBytes { rig.controller.handle(.source(.bytes($0)), at: now) }
        rig.flush()
    }

    @Test func theBarFollowsTheInput() {
        var rig = ControllerRig(control: GaugeControl(spec: Self.spec()))
        rig.start()
        #expect(Array(rig.terminal.lines[2...7]) == [
            "╭──────────────────────────────────────────╮",
            "│                 Copying                  │",
            "│                 Starting                 │",
            "│                                          │",
            "│ ░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░   0% │",
            "╰──────────────────────────────────────────╯",
        ], "\(rig.terminal.lines)")
        Self.feed(&rig, "10\n4", at: 0.01)
        Self.feed(&rig, "2\n", at: 0.02)
        #expect(rig.terminal.lines[6] == "│ ██████████████░░░░░░░░░░░░░░░░░░░░░  42% │", "\(rig.terminal.lines)")
        // A new message of two lines: the box grows by one row.
        Self.feed(&rig, "XXX\n100\nDone with\\nthe photos\nXXX\n", at: 0.03)
        #expect(Array(rig.terminal.lines[2...8]) == [
            "╭──────────────────────────────────────────╮",
            "│                 Copying                  │",
            "│                Done with                 │",
            "│                the photos                │",
            "│                                          │",
            "│ ███████████████████████████████████ 100% │",
            "╰──────────────────────────────────────────╯",
        ], "\(rig.terminal.lines)")
        #expect(rig.controller.outcome == nil)
        rig.controller.handle(.source(.ended), at: 0.04)
        rig.flush()
        #expect(rig.controller.outcome == .accepted(.ok))
    }

    /// Keys do nothing but Esc, which cancels; none rings the bell.
    @Test func onlyEscEndsIt() {
        var rig = ControllerRig(control: GaugeControl(spec: Self.spec()))
        rig.start()
        rig.type("abc\r\t ", at: 0.01)
        #expect(rig.controller.outcome == nil)
        #expect(!rig.writes.contains([0x07]))
        rig.type("\u{1B}", at: 0.02)
        rig.wait(until: 0.2)
        #expect(rig.controller.outcome == .cancelled)
    }

    /// A message wider than the box's least wraps at 72 columns and widens the box.
    @Test func aLongMessageWidensTheBox() {
        var rig = ControllerRig(control: GaugeControl(spec: Self.spec(message: "")))
        rig.start()
        let narrow = rig.terminal.lines[2].count
        Self.feed(&rig, "XXX\n5\n" + String(repeating: "word ", count: 30) + "\nXXX\n", at: 0.01)
        let box = rig.terminal.lines.filter { $0.hasPrefix("│") || $0.hasPrefix("╭") }
        #expect(narrow == 44 && box.allSatisfy { $0.count == 76 }, "\(rig.terminal.lines)")
        #expect(box.contains { $0.contains("5%") })
    }

    @Test func inPlainOutputEachChangeIsALine() {
        var rig = ControllerRig(control: GaugeControl(spec: Self.spec()), plain: true)
        rig.start()
        // Each read's last state: 10 twice is said once, and 20 and 30, read with 50, not at all.
        Self.feed(&rig, "10\n", at: 0.01)
        Self.feed(&rig, "10\n", at: 0.02)
        Self.feed(&rig, "20\n30\n50\n", at: 0.03)
        Self.feed(&rig, "XXX\n80\nPhotos\nXXX\n", at: 0.04)
        rig.controller.handle(.source(.ended), at: 0.05)
        rig.flush()
        #expect(String(decoding: rig.writes.flatMap { $0 }, as: UTF8.self)
                == "Copying\r\nStarting\r\n0%\r\n10%\r\n50%\r\nPhotos\r\n80%\r\n")
        #expect(rig.controller.outcome == .accepted(.ok))
    }

    /// Too short for the box: one line, the title and the bar.
    @Test func onAShortTerminalOneLine() {
        var rig = ControllerRig(control: GaugeControl(spec: Self.spec()), rows: 3)
        rig.start()
        Self.feed(&rig, "50\n", at: 0.01)
        let line = rig.terminal.lines.first { $0.hasPrefix("Copying:") } ?? ""
        #expect(line.hasSuffix(" 50%") && line.contains("█") && line.contains("░"), "\(rig.terminal.lines)")
    }
}
