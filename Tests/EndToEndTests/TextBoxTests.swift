import Glibc
import TestSupport
import Testing

/// `--info` and `--text-file` from outside: the info box stays on the screen below what was
/// there and ends at once; the text box scrolls and closes; what cannot be read is refused.
@Suite struct TextBoxTests {
    @Test func theInfoBoxStaysAndEndsAtOnce() throws {
        let process = try PtyProcess(["--info", "--title", "Updating", "Fetching the lists"], screen: "$ earlier output\n$ ask\n")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdout.isEmpty && process.stderr.isEmpty)
        #expect(process.settingsRestored)
        let lines = process.terminal.lines
        // Below the row the cursor was on (the anchor, left as it was), the box stays.
        #expect(Array(lines[0...6]) == [
            "$ earlier output",
            "$ ask",
            "",
            "╭────────────────────────────────╮",
            "│            Updating            │",
            "│       Fetching the lists       │",
            "╰────────────────────────────────╯",
        ], "\(lines)")
        // The cursor is on the line below the box, at its start: the shell goes on there.
        #expect(process.terminal.cursorRow == 7 && process.terminal.cursorColumn == 0,
                "\(process.terminal.cursorRow),\(process.terminal.cursorColumn)")
    }

    @Test func theTextBoxScrollsAndCloses() throws {
        let directory = TemporaryDirectory()
        let file = directory.path + "/notes"
        try Util.writeFile(file, (1...30).map { "Line \($0)\tof the notes\n" }.joined())
        let process = try PtyProcess(["--text-file", file, "--title", "Notes"], rows: 12)
        #expect(process.waitForScreen("Line 1  of the notes"), "\(process.terminal.lines)")
        process.waitUntilWaitingForKeys()
        process.type("\u{1B}[6~")  // PgDn
        #expect(process.waitForScreen("↑│"), "\(process.terminal.lines)")
        #expect(!process.terminal.contains("Line 1  of"))
        process.type("\u{1B}[F")  // End
        #expect(process.waitForScreen("Line 30 of the notes"), "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
        #expect(!process.terminal.contains("╭"), "\(process.terminal.lines)")
    }

    @Test(arguments: [(["--text-file", "/nonexistent/notes"], Int32(74), "cannot read '/nonexistent/notes'"),
                      (["--text-file", "/"], 74, "cannot read '/'"),
                      (["--info", "--field", "Name"], 64, "--info"), (["--text-file", "x", "--choice", "a"], 64, "--text-file"),
                      (["--info", "--gauge"], 64, "--gauge")])
    func refusals(arguments: [String], status: Int32, words: String) throws {
        let process = try PtyProcess(arguments)
        #expect(process.waitForExit() == .exited(status), "\(process.stderrText)")
        #expect(process.stderrText.contains(words), "\(process.stderrText)")
        #expect(process.stdout.isEmpty && process.settingsRestored)
    }

    /// Without a terminal: an info box asks nothing (0); a text box fails as any alert does,
    /// unless a fallback closes it.
    @Test(arguments: [(["--info", "Working"], Int32(0)), (["--text-file", "/etc/hostname"], Int32(69)),
                      (["--text-file", "/etc/hostname", "--fallback", "value"], Int32(0))])
    func withoutATerminal(arguments: [String], status: Int32) throws {
        let process = try PtyProcess(arguments, input: .null, controllingTerminal: false)
        #expect(process.waitForExit() == .exited(status), "\(process.stderrText)")
        #expect(process.stdout.isEmpty)
    }

    /// As whiptail: `\n` in the text is a line break, the text box is the same control.
    @Test func whiptailsLineBreaks() throws {
        let process = try PtyProcess(["--whiptail", "--msgbox", "First line\\nSecond line", "0", "0"])
        #expect(process.waitForScreen("Second line"), "\(process.terminal.lines)")
        #expect(!process.terminal.contains("\\n"))
        process.waitUntilWaitingForKeys()
        process.type("\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stderr.isEmpty && process.stdout.isEmpty)
    }
}
