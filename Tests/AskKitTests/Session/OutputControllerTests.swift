import AskKit
import AskLayout
import AskModel
import AskOutput
import AskSession
import Testing

/// The output box through the controller: the lines drawn in the frame as they come, at most a
/// frame a tenth of a second, the spinner and the time a command has run, its end ending it (or
/// its OK once it has ended), Esc stopping it, the plain lines.
struct OutputControllerTests {
    static func control(_ output: OutputSpec = OutputSpec(rows: 4), title: String = "Build") -> OutputControl {
        OutputControl(chrome: AlertChrome(title: title), output: output)
    }

    static func feed(_ rig: inout ControllerRig<OutputControl>, _ text: String, at now: Double) {
        Array(text.utf8).withUnsafeBytes { rig.controller.handle(.source(.bytes($0)), at: now) }
        rig.flush()
    }

    static func box(_ rig: ControllerRig<OutputControl>) -> [String] {
        rig.terminal.lines.filter { $0.hasPrefix("│") || $0.hasPrefix("╭") || $0.hasPrefix("╰") }.map {
            // (its left end is enough to compare)
            String($0.prefix(24)) + ($0.hasSuffix("│") ? "…│" : "…")
        }
    }

    @Test func linesAreDrawnAsTheyComeAndCut() {
        var rig = ControllerRig(control: Self.control())
        rig.start()
        Self.feed(&rig, "\u{1B}[1mcc\u{1B}[0m -c parse.c\ncc -c render.c\n", at: 0.5)
        #expect(Self.box(rig) == [
            "╭───────────────────────…",
            "│                       …│",
            "│ cc -c parse.c         …│",
            "│ cc -c render.c        …│",
            "│                       …│",
            "│                       …│",
            "╰───────────────────────…",
        ], "\(rig.terminal.lines)")
        #expect(rig.terminal.lines.contains { $0.contains("Build") })
        // A line longer than the box is cut, an ellipsis at its end; the newest on the last row.
        Self.feed(&rig, "ld\n" + String(repeating: "y", count: 200) + "\nlast\n", at: 1.0)
        let rows = rig.terminal.lines.filter { $0.hasPrefix("│ ") }
        #expect(rows.suffix(4).map { String($0.dropFirst(2).dropLast()).split(separator: " ", omittingEmptySubsequences: false).reversed().drop { $0.isEmpty }.reversed().joined(separator: " ") }
                == ["cc -c render.c", "ld", String(repeating: "y", count: 59) + "…", "last"], "\(rig.terminal.lines)")
        // (the box as wide as an alert's widest, 64 columns)
        #expect(rows.allSatisfy { $0.count == 64 })
        rig.controller.handle(.source(.ended), at: 1.1)
        rig.flush()
        #expect(rig.controller.outcome == .accepted(.ok))
    }

    /// Output that comes faster than a tenth of a second apart is drawn by the next tick.
    @Test func aFastOutputIsDrawnAtMostTenTimesASecond() {
        var rig = ControllerRig(control: Self.control())
        rig.start()
        Self.feed(&rig, "one\n", at: 0.5)
        let frames = rig.writes.count
        Self.feed(&rig, "two\n", at: 0.52)
        Self.feed(&rig, "three\n", at: 0.55)
        #expect(rig.writes.count == frames)
        #expect(rig.controller.wait(at: 0.55) == 50)
        rig.wait(until: 0.6)
        #expect(rig.writes.count == frames + 1)
        #expect(rig.terminal.lines.contains { $0.hasPrefix("│ three") })
    }

    /// A command's row: the spinner turning and the seconds it has run, then the command.
    @Test func aCommandShowsItsSpinnerAndTime() {
        var rig = ControllerRig(control: Self.control(OutputSpec(source: .command(["make", "-j2"]), rows: 2)))
        rig.start(at: 10)
        #expect(rig.terminal.lines.contains { $0.hasPrefix("│ ⠋ 0s  make -j2 ") }, "\(rig.terminal.lines)")
        rig.wait(until: 12.35)
        #expect(rig.terminal.lines.contains { $0.hasPrefix("│ ⠸ 2s  make -j2 ") }, "\(rig.terminal.lines)")
        #expect(rig.controller.wait(at: 12.35) == 100)
    }

    /// Esc stops it; other keys do nothing, and no bell rings.
    @Test func escStopsIt() {
        var rig = ControllerRig(control: Self.control())
        rig.start()
        rig.type("abc\r\t ", at: 0.01)
        #expect(rig.controller.outcome == nil && !rig.writes.contains([0x07]))
        rig.type("\u{1B}", at: 0.02)
        rig.wait(until: 0.2)
        #expect(rig.controller.outcome == .cancelled)
    }

    /// With its OK at the end, the end leaves it drawn, its OK showing; Return before does nothing.
    @Test func itsOKClosesItOnceTheOutputHasEnded() {
        var rig = ControllerRig(control: Self.control(OutputSpec(waitsForOK: true, rows: 2)))
        rig.start()
        rig.type("\r", at: 0.2)
        #expect(rig.controller.outcome == nil)
        Self.feed(&rig, "done\n", at: 0.4)
        rig.controller.handle(.source(.ended), at: 0.5)
        rig.flush()
        #expect(rig.controller.outcome == nil && rig.terminal.lines.contains { $0.contains("OK") })
        rig.type("\r", at: 0.7)
        #expect(rig.controller.outcome == .accepted(.ok))
    }

    /// Plain output: the title, each line once finished, the last unfinished one at the end.
    @Test func plainOutputSaysEachLine() {
        var rig = ControllerRig(control: Self.control(OutputSpec(waitsForOK: true)), plain: true)
        rig.start()
        Self.feed(&rig, "one\ntw", at: 0.5)
        Self.feed(&rig, "o\n\u{1B}[31mthree", at: 0.7)
        rig.controller.handle(.source(.ended), at: 0.8)
        rig.flush()
        let text = String(decoding: rig.writes.joined(), as: UTF8.self)
        #expect(text == "Build\r\none\r\ntwo\r\nthree\r\n(Enter: OK)\r\n", "\(text.debugDescription)")
    }
}
