import Glibc
import TestSupport
import Testing

/// `ask --gauge` from outside: a task's percentages piped in move the bar, a block changes the
/// message, the end of the input ends it (0) and erases it, Esc ends it (1) and the task's next
/// write finds the pipe closed; plain lines; without a terminal the input is read to its end.
@Suite struct GaugeTests {
    @Test func thePipeMovesTheBar() throws {
        let process = try PtyProcess(["--gauge", "--title", "Copying", "--message", "Starting"], input: .pipe)
        #expect(process.waitForScreen(" 0% │"), "\(process.terminal.lines)")
        #expect(process.terminal.contains("Starting"))
        process.writeStdin("10\n42\n")
        #expect(process.waitForScreen("│ ██████████████░░░░░░░░░░░░░░░░░░░░░  42% │"), "\(process.terminal.lines)")
        process.writeStdin("XXX\n75\nThe photos\nXXX\n")
        #expect(process.waitForScreen("The photos"), "\(process.terminal.lines)")
        #expect(process.terminal.contains(" 75% │") && !process.terminal.contains("Starting"), "\(process.terminal.lines)")
        process.closeStdin()
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdout.isEmpty && process.stderrText.isEmpty)
        #expect(process.settingsRestored)
        #expect(!process.terminal.contains("╭") && !process.terminal.contains("Copying"), "\(process.terminal.lines)")
    }

    /// Esc: status 1, the terminal restored, and the task's next write fails with EPIPE (or
    /// kills it with SIGPIPE, as a shell's pipeline would).
    @Test func escStopsWatching() throws {
        let process = try PtyProcess(["--gauge", "--title", "Copying"], input: .pipe)
        process.writeStdin("30\n")
        #expect(process.waitForScreen(" 30% │"), "\(process.terminal.lines)")
        process.type("x\r\u{1B}")
        #expect(process.waitForExit() == .exited(1), "\(process.stderrText)")
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
        let writer = process.takeStdinPipe()
        defer { close(writer) }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let written = Array("40\n".utf8).withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
        #expect(written == -1 && errno == EPIPE)
    }

    /// Ctrl-C: as everywhere, the terminal restored, then death by SIGINT (the shell sees the
    /// interrupt and stops the script).
    @Test func ctrlCInterrupts() throws {
        let process = try PtyProcess(["--gauge"], input: .pipe)
        process.writeStdin("30\n")
        #expect(process.waitForScreen(" 30% │"), "\(process.terminal.lines)")
        process.type("\u{3}")
        #expect(process.waitForExit() == .signaled(SIGINT), "\(process.stderrText)")
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
        #expect(!process.terminal.contains("╭"), "\(process.terminal.lines)")
    }

    @Test func thePlainFormIsLines() throws {
        let process = try PtyProcess(["--gauge", "--title", "Copying", "--plain"], input: .pipe)
        #expect(process.waitForScreen("0%"), "\(process.terminal.lines)")
        process.writeStdin("25\n")
        #expect(process.waitForScreen("25%"), "\(process.terminal.lines)")
        process.writeStdin("XXX\n50\nHalf way\nXXX\n")
        #expect(process.waitForScreen("50%"), "\(process.terminal.lines)")
        process.closeStdin()
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        let lines = process.terminal.lines.filter { !$0.isEmpty }
        #expect(Array(lines.suffix(5)) == ["Copying", "0%", "25%", "Half way", "50%"], "\(process.terminal.lines)")
        #expect(process.stdout.isEmpty)
    }

    /// Without a terminal: the whole input read, nothing written, status 0; `--timeout` still
    /// ends it (124).
    @Test(arguments: [("printf '10\\n50\\n100\\n' | exec \"$0\" --gauge", 0), ("exec \"$0\" --gauge --timeout 0.5 < /dev/zero", 124),
                      ("sleep 5 | exec \"$0\" --gauge --timeout 0.5", 124)])
    func withoutATerminal(script: String, status: Int32) throws {
        let process = try PtyProcess(["-c", script, PtyProcess.askPath], executable: "/bin/sh", input: .null,
                                     controllingTerminal: false)
        #expect(process.waitForExit(seconds: 10) == .exited(status), "\(process.stderrText)")
        #expect(process.stdout.isEmpty && process.stderrText.isEmpty)
    }

    /// Standard input a terminal: the keys would be read as percentages; options that give the
    /// gauge a field, a choice, a button or an answer on stdin contradict it.
    @Test(arguments: [
        (["--gauge"], "ask: --gauge reads the progress from standard input, which is a terminal; pipe the task's percentages in\n"),
        (["--gauge", "--choice", "a"], "ask: options '--gauge' and '--choice' contradict each other\n"),
        (["--secure", "--gauge"], "ask: options '--secure' and '--gauge' contradict each other\n"),
        (["--gauge", "--ok", "Go"], "ask: options '--gauge' and '--ok' contradict each other\n"),
        (["--gauge", "--stdin"], "ask: options '--gauge' and '--stdin' contradict each other\n"),
        (["--gauge", "--fallback", "stdin"], "ask: options '--gauge' and '--fallback stdin' contradict each other\n"),
    ])
    func refused(arguments: [String], message: String) throws {
        let process = try PtyProcess(arguments)
        #expect(process.waitForExit() == .exited(64))
        #expect(process.stderrText == message)
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
    }
}
