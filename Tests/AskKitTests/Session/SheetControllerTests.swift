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
import TestSupport
import Testing

/// The action sheet in the alert's loop, without a terminal or a clock: the list read while it
/// shows, what a key costs, how it ends, plain output as a transcript.
struct SheetControllerTests {
    typealias Rig = ControllerRig<ChoicesControl>

    static func piped(_ change: (inout SheetSpec) -> Void = { _ in }) -> PromptSpec {
        SheetLayoutTests.spec([], title: "Pick") {
            $0.source = .standardInput
            change(&$0)
        }
    }

    static func arrive(_ rig: inout Rig, _ text: String, at now: Double) {
        Array(text.utf8).withUnsafeBytes { rig.controller.handle(.source(.bytes($0)), at: now) }
        rig.flush()
    }

    /// Moving the highlight rewrites the two rows that changed, not the sheet.
    @Test func aMoveWritesTwoRows() {
        var rig = Rig(SheetLayoutTests.spec(SheetStateTests.fruit))
        rig.start()
        #expect(rig.writes.count == 1)
        #expect(rig.terminal.contains("› 1 Apple"))
        rig.type("\u{1B}[B", at: 1)
        let move = rig.writes.last!.count
        #expect(rig.terminal.contains("› 2 Banana") && rig.terminal.contains("  1 Apple"))
        // The box is 34 columns: two rows of cells, and at most 32 bytes of moves and styles each.
        #expect(move <= 2 * (34 + 32), "moving one row wrote \(move) bytes")
        rig.type("\r", at: 2)
        #expect(rig.controller.outcome == .accepted(.ok))
        #expect(rig.controller.response().chosen == [Array("Banana".utf8)])
    }

    /// The sheet is drawn before the list arrives, usable while it does, and says so.
    @Test func aListArrivingIsUsable() {
        var rig = Rig(Self.piped())
        rig.start()
        #expect(rig.terminal.contains("loading"))
        Self.arrive(&rig, (1...500).map { "item \($0)\n" }.joined(), at: 0.01)
        #expect(rig.terminal.contains("1–10 of 500, loading"))
        rig.type("\u{1B}[B", at: 0.02)
        Self.arrive(&rig, (501...1000).map { "item \($0)\n" }.joined(), at: 0.03)
        #expect(rig.terminal.contains("1–10 of 1,000, loading") && rig.terminal.contains("› item 2"))
        rig.controller.handle(.source(.ended), at: 0.04)
        rig.flush()
        #expect(rig.terminal.contains("1–10 of 1,000") && !rig.terminal.contains("loading"))
        rig.type("\r", at: 1)
        #expect(rig.controller.response().chosen == [Array("item 2".utf8)])
    }

    /// The box starts as narrow as a menu, grows with the widest line as lines arrive (within
    /// the alert's widest), and never narrows while it is open, even when the digits go.
    @Test func theBoxGrowsWithTheLinesRead() {
        var rig = Rig(Self.piped())
        rig.start()
        func width() -> Int { rig.terminal.lines.first { $0.hasPrefix("╭") }?.count ?? 0 }
        #expect(width() == 34, "\(rig.terminal.lines)")
        Self.arrive(&rig, "Apple\nBanana\n", at: 0.01)
        #expect(width() == 34, "\(rig.terminal.lines)")
        Self.arrive(&rig, "A label of forty columns, give or take a\n", at: 0.02)
        #expect(width() == 49, "\(rig.terminal.lines)")  // 2 for the pointer, 2 for a digit, 5 for the borders
        Self.arrive(&rig, (1...20).map { "item \($0)\n" }.joined(), at: 0.03)
        #expect(width() == 49, "\(rig.terminal.lines)")  // no digits past nine: no narrower all the same
        Self.arrive(&rig, String(repeating: "long ", count: 20) + "\n", at: 0.04)
        #expect(width() == 64, "\(rig.terminal.lines)")
        rig.controller.handle(.source(.ended), at: 0.05)
        rig.flush()
        // (the label too long for the box is cut: two rows under the list show the highlighted one whole)
        #expect(width() == 64 && rig.terminal.contains("1–8 of 24 "), "\(rig.terminal.lines)")
    }

    /// A list that ends empty, or without the `--selected` choice, ends the sheet with the
    /// problem (the command line says it, exit 64).
    @Test(arguments: [("", SheetProblem.noChoices), ("a\nb\n", .noSuchChoice("c"))])
    func anUnusableListEndsTheSheet(_ lines: String, _ problem: SheetProblem) {
        var rig = Rig(Self.piped { $0.selected = ["c"] })
        rig.start()
        Self.arrive(&rig, lines, at: 0.01)
        rig.controller.handle(.source(.ended), at: 0.02)
        #expect(rig.controller.problem == problem)
        #expect(rig.controller.outcome == .cancelled)
        #expect(rig.controller.response().chosen.isEmpty)
    }

    /// A line refused as it arrives (a NUL, or past 1 MiB) ends the sheet at once with the
    /// problem (the command line says it, exit 65); the lines before it changed nothing.
    /// (The lists, by what their second line holds: the test's output names them, never prints a
    /// mebibyte.)
    @Test(arguments: [("a NUL", SheetProblem.lineRefused(line: 2, .nulByte)), ("past 1 MiB", .lineRefused(line: 2, .tooLong))])
    func aRefusedLineEndsTheSheet(_ refused: String, _ problem: SheetProblem) throws {
        let lines = try #require(["a NUL": "a\nb\0c\n", "past 1 MiB": "a\n" + String(repeating: "x", count: (1 << 20) + 2)][refused])
        var rig = Rig(Self.piped())
        rig.start()
        Self.arrive(&rig, lines, at: 0.01)
        #expect(rig.controller.problem == problem)
        #expect(rig.controller.outcome == .cancelled)
        #expect(rig.controller.response().chosen.isEmpty)
    }

    /// A list that reaches its limits reads no more (the session closes its source) and says
    /// so where it said "loading"; it is usable as it is.
    @Test func aFullListSaysSo() {
        var rig = Rig(Self.piped(), listLimits: ChoiceList.Limits(bytes: 1000, count: 20, lineBytes: 100))
        rig.start()
        Self.arrive(&rig, (1...15).map { "item \($0)\n" }.joined(), at: 0.01)
        #expect(rig.terminal.contains("1–10 of 15, loading") && rig.controller.readsSource)
        Self.arrive(&rig, (16...30).map { "item \($0)\n" }.joined(), at: 0.02)
        #expect(rig.terminal.contains("1–10 of 20, list full"), "\(rig.terminal.lines)")
        #expect(!rig.controller.readsSource)
        rig.type("\u{1B}[F\r", at: 1)  // End, Return
        #expect(rig.controller.response().chosen == [Array("item 20".utf8)])
    }

    /// A list that cannot be read ends the sheet (the reader says why, exit 74).
    @Test func anUnreadableListEndsTheSheet() {
        var rig = Rig(Self.piped())
        rig.start()
        Self.arrive(&rig, "a\n", at: 0.01)
        rig.controller.handle(.source(.failed), at: 0.02)
        #expect(rig.controller.problem == .unreadable)
        #expect(rig.controller.outcome == .cancelled)
    }

    /// A long list takes the rows below the cursor once the terminal has said where the cursor
    /// is: all of them with the cursor near the top, drawn again in place (nothing above it
    /// erased, nothing scrolled); half the screen when it is near the bottom (the terminal
    /// scrolls to make room). Until it answers, half the screen.
    @Test(arguments: [(0, "1–15 of 100"), (3, "1–12 of 100"), (19, "1–10 of 100")])
    func aLongListTakesTheRowsBelowTheCursor(linesBefore: Int, position: String) {
        var rig = Rig(Self.piped())
        for line in 0..<linesBefore { rig.terminal.print("line \(line)\n") }
        rig.start()
        Self.arrive(&rig, (1...100).map { "item \($0)\n" }.joined(), at: 0.01)
        rig.controller.handle(.source(.ended), at: 0.02)
        rig.flush()
        #expect(rig.terminal.contains("1–10 of 100"), "\(rig.terminal.lines)")
        let replies = rig.terminal.takeReplies()
        replies.withUnsafeBytes { rig.controller.handle(.terminal($0), at: 0.03) }
        rig.flush()
        #expect(rig.terminal.contains(position), "\(rig.terminal.lines)")
        // The box ends on the last row; above it, the cursor's row, and the last line before.
        let lines = rig.terminal.lines
        #expect(lines[23].hasPrefix("╰"), "\(lines)")
        let top = lines.firstIndex { $0.hasPrefix("╭") } ?? 0
        #expect(top >= 2 && lines[top - 1] == "" && lines[top - 2] == (linesBefore > 0 ? "line \(linesBefore - 1)" : "$ ask"),
                "\(lines)")
        rig.type("\u{1B}[F\r", at: 1)  // End, Return
        #expect(rig.controller.response().chosen == [Array("item 100".utf8)])
    }

    /// Near the bottom, the sheet drawn again taller scrolls the screen under a position saved
    /// on it: the way back follows the text instead, so that the taller frame erased for a
    /// shorter one leaves nothing, and neither does the end.
    @Test func growingNearTheBottomLeavesNoFrame() {
        var rig = Rig(Self.piped())
        for line in 0..<21 { rig.terminal.print("line \(line)\n") }
        rig.start()
        Self.arrive(&rig, "1\n2\n3\n4\n5\n", at: 0.01)
        rig.controller.handle(.source(.ended), at: 0.02)
        rig.flush()
        let lines = rig.terminal.lines
        #expect(lines.filter { $0.hasPrefix("╭") }.count == 1 && !lines.contains { $0.contains("loading") }, "\(lines)")
        rig.type("\r", at: 1)
        rig.controller.close()
        rig.flush()
        #expect(!rig.terminal.contains("╭") && !rig.terminal.contains("│"), "\(rig.terminal.lines)")
        #expect(rig.terminal.contains("line 20"))
    }

    /// The countdown shows at the right of the query's row.
    @Test func theCountdownShows() {
        var rig = Rig(SheetLayoutTests.spec(SheetStateTests.fruit), timeout: 30)
        rig.start()
        rig.wait(until: 21)
        #expect(rig.terminal.contains("9s"))
        rig.wait(until: 30)
        #expect(rig.controller.outcome == .timedOut)
    }

    /// Plain output reads as a transcript: the numbered list, then what was typed and why it
    /// was refused.
    @Test func plainOutputIsATranscript() {
        var rig = Rig(Self.piped { $0.allowsMultiple = true }, plain: true)
        rig.start()
        Self.arrive(&rig, "Apple\nBanana\n", at: 0.01)
        rig.controller.handle(.source(.ended), at: 0.02)
        rig.flush()
        rig.type("kiwi\r", at: 1)
        rig.type("2, apple\r", at: 2)
        #expect(Array(rig.terminal.lines.prefix(8)) == [
            "$ ask",
            "Pick",
            "1) Apple",
            "2) Banana",
            "(numbers or names, between spaces or commas; Esc: Cancel)",
            "> kiwi",
            "No choice is named 'kiwi'",
            "> 2, apple",
        ])
        #expect(rig.controller.response().chosen == [Array("Apple".utf8), Array("Banana".utf8)])
    }
}
