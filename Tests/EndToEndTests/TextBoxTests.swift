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

    /// A FIFO without a writer, as `--text-file` and as whiptail's and dialog's `--textbox`: opened
    /// at once, the box shows "loading" and takes Esc, Ctrl-C and the timeout (it once waited in
    /// open, drawing nothing, Esc echoed as `^[`).
    @Test(arguments: [
        ([], "\u{1B}", PtyProcess.Termination.exited(1)), ([], "\u{3}", .signaled(SIGINT)), ([], "", .exited(124)),
        (["--whiptail", "--textbox"], "\u{1B}", .exited(255)), (["--dialog", "--textbox"], "\u{1B}", .exited(255)),
    ])
    func aFIFOWithoutAWriter(box: [String], keys: String, ending: PtyProcess.Termination) throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path + "/notes"
        #expect(mkfifo(fifo, 0o600) == 0)
        let arguments = box.isEmpty ? ["--text-file", fifo, "--title", "Waiting", "--timeout", "2"] : box + [fifo, "12", "40"]
        let process = try PtyProcess(arguments)
        #expect(process.waitForScreen("loading"), "\(process.terminal.lines)")
        process.type(keys)
        #expect(process.waitForExit(seconds: 8) == ending, "\(process.stderrText)")
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
        #expect(!process.terminal.contains("^["), "\(process.terminal.lines)")
    }

    /// dialog's `--editbox` on a FIFO without a writer: the box shows at once and takes Esc and
    /// the timeout (it once read the file while parsing the command line, and waited there).
    @Test(arguments: [(["--editbox"], "\u{1B}"), (["--timeout", "1", "--editbox"], "")])
    func anEditBoxOnAFIFOWithoutAWriter(box: [String], keys: String) throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path + "/notes"
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = try PtyProcess(["--dialog"] + box + [fifo, "12", "40"])
        #expect(process.waitForScreen("Cancel"), "\(process.terminal.lines)")
        process.type(keys)
        #expect(process.waitForExit(seconds: 8) == .exited(255), "\(process.stderrText)")
        #expect(process.stdout.isEmpty && process.stderr.isEmpty)
        #expect(process.settingsRestored)
        #expect(!process.terminal.contains("^["), "\(process.terminal.lines)")
    }

    /// Its writer coming later: the file's lines fill the field once they have all come, and
    /// are answered as dialog answers them (on stderr, with a line break).
    @Test func anEditBoxsWriterComesLater() throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path + "/notes"
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = try PtyProcess(["--dialog", "--editbox", fifo, "12", "40"])
        #expect(process.waitForScreen("Cancel"), "\(process.terminal.lines)")
        process.type("typed too soon")  // nothing is typed into the field before its text is there
        let writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        #expect(writer >= 0)
        _ = "first\nsecond\n".withCString { write(writer, $0, 13) }
        close(writer)
        #expect(process.waitForScreen("second"), "\(process.terminal.lines)")
        #expect(!process.terminal.contains("typed"))
        process.waitUntilWaitingForKeys()
        process.type("\t\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stderrText == "first\nsecond\n")
    }

    /// A writer coming later brings the text, shown as it arrives; its end ends the loading.
    @Test func aFIFOsWriterComesLater() throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path + "/notes"
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = try PtyProcess(["--text-file", fifo, "--title", "Notes"])
        #expect(process.waitForScreen("loading"), "\(process.terminal.lines)")
        let writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        #expect(writer >= 0)
        _ = "first line\nsecond".withCString { write(writer, $0, 17) }
        #expect(process.waitForScreen("second"), "\(process.terminal.lines)")
        #expect(process.terminal.contains("loading"))
        _ = " line\n".withCString { write(writer, $0, 6) }
        close(writer)
        #expect(process.wait { !$0.terminal.contains("loading") && $0.terminal.contains("second line") }, "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
    }

    /// Without a terminal: a fallback closes the box once its file is read, a FIFO's writer
    /// waited for until the timeout; without one, it fails at once, as any alert does.
    @Test(arguments: [(["--fallback", "value", "--timeout", "1"], Int32(124)), (["--timeout", "1"], Int32(69)), ([String](), Int32(69))])
    func aFIFOWithoutATerminal(options: [String], status: Int32) throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path + "/notes"
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = try PtyProcess(["--text-file", fifo] + options, input: .null, controllingTerminal: false)
        #expect(process.waitForExit(seconds: 5) == .exited(status), "\(process.stderrText)")
        #expect(process.stdout.isEmpty)
    }

    /// 60 MB: memory stays near the file's size (it once took 35 times it: 2 to 4 GB, 5 to 6 GB
    /// after a resize), and keys are served while it loads, after a resize and at the end.
    @Test func sixtyMegabytes() throws {
        let directory = TemporaryDirectory()
        let file = directory.path + "/big"
        let words = ["lorem", "ipsum", "dolor", "sit", "amet,", "consectetur", "adipiscing", "elit,", "sed", "do", "eiusmod"]
        let block = (0..<1000).map { line in (0..<(line % 15)).map { words[($0 * 7 + line) % words.count] }.joined(separator: " ") + "\n" }
            .joined()
        let size = 60_000_000
        try Util.writeFile(file, String(repeating: block, count: size / block.utf8.count + 1))
        let process = try PtyProcess(["--text-file", file, "--title", "Big"], rows: 30, columns: 100, traced: true)
        #expect(process.waitForScreen("Big"), "\(process.terminal.lines)")
        process.type("\u{1B}[6~")  // PgDn, while it loads
        #expect(process.waitForScreen("↑│"), "\(process.terminal.lines)")
        #expect(process.wait(seconds: 60) { !$0.terminal.contains("loading") }, "\(process.terminal.lines)")
        process.resize(rows: 20, columns: 60)
        // The resize drawn first: End pressed before it would be End at the old width.
        #expect(process.wait(seconds: 10) { $0.terminal.lines.first.map { $0.count > 0 && $0.count <= 60 } == true },
                "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys(seconds: 10))
        process.type("\u{1B}[F")  // End
        #expect(process.wait(seconds: 10) { $0.terminal.lines.contains { $0.contains("↑│") } && !$0.terminal.contains("↓") },
                "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForExitStop(seconds: 5))
        let status = String(decoding: PtyProcess.readAll("/proc/\(process.pid)/status"), as: UTF8.self)
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? .max
        #expect(process.finishTracedExit() == .exited(0), "\(process.stderrText)")
        #expect(peak < 3 * size / 1024, "peak \(peak) KiB for \(size / 1024) KiB")
        #expect(process.settingsRestored)
    }
}
