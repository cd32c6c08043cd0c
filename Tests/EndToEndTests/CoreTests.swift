import AskChoices
import AskCommandLine
import AskFields
import AskGauge
import AskKit
import AskPresentation
import AskRender
import AskSystem
import AskTextBox
import Glibc
import TestSupport
import Testing

/// The built `ask` in a real pseudo-terminal: keys typed, exit status, stdout, the screen and
/// the terminal settings checked.
@Suite struct CoreTests {
    static let shell = "$ name=$(ask)\n"

    /// Starts ask and waits for the alert's field to be drawn.
    func start(_ arguments: [String], environment: [String: String] = [:], rows: Int = 24, columns: Int = 80,
               screen: String = Self.shell, waitFor marker: String = "╰") throws -> PtyProcess {
        let process = try PtyProcess(arguments, environment: environment, rows: rows, columns: columns, screen: screen)
        #expect(process.waitForScreen(marker), "the alert never appeared:\n\(process.terminal.text)")
        return process
    }

    @Test func acceptPrintsTheAnswerAndLeavesNothingBehind() throws {
        let process = try start(["--title", "Account", "--message", "Your name", "--placeholder", "Jane Appleseed"])
        #expect(process.terminal.contains("Account"))
        #expect(process.terminal.contains("Jane Appleseed"))
        #expect(process.terminal.style(of: "Account")?.bold == true)
        #expect(process.terminal.style(of: "Jane Appleseed")?.underline == true)  // not faint alone
        #expect(process.terminal.bracketedPaste)
        process.type("Bob")
        #expect(process.waitForScreen("│ Bob "))
        #expect(!process.terminal.contains("Jane Appleseed"))
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "Bob\n")
        #expect(process.stderrText == "")
        #expect(process.settingsRestored)
        // The alert is erased and the cursor is back where it was.
        #expect(process.terminal.text == "$ name=$(ask)")
        #expect(process.terminal.cursorRow == 1 && process.terminal.cursorColumn == 0)
        #expect(!process.terminal.bracketedPaste)
        #expect(process.terminal.cursorVisible)
        #expect(process.terminal.unknownSequences.isEmpty, "\(process.terminal.unknownSequences)")
        // Nothing of the alert ever went to stdout.
        #expect(!process.stdout.contains(0x1B))
    }

    @Test(arguments: [("\u{1B}", "Esc"), ("\u{04}", "Ctrl-D on an empty field")])
    func cancelPrintsNothing(key: String, name: String) throws {
        let process = try start(["--title", "Cancel me"])
        process.type(key)
        #expect(process.waitForExit() == .exited(1), "\(name)")
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
        #expect(process.terminal.text == "$ name=$(ask)")
    }

    @Test func ctrlDOnTextDeletesForwardInsteadOfCancelling() throws {
        let process = try start([])
        process.type("ab\u{02}\u{04}")  // Ctrl-B then Ctrl-D: deletes "b"
        #expect(process.wait { $0.terminal.contains("│ a ") && !$0.terminal.contains("│ ab") })
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "a\n")
    }

    @Test func secureEntryNeverShowsTheSecret() throws {
        let process = try start(["--title", "Server Password", "--secure"])
        process.type("hunter2")
        #expect(process.waitForScreen("•••••••"))
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "hunter2\n")
        #expect(!process.transcriptText.contains("hunter"))
        #expect(process.settingsRestored)
    }

    @Test func secureEntryWithAnEmptyMaskShowsNothing() throws {
        let process = try start(["--secure", "--mask", ""])
        process.type("abc")
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "abc\n")
        #expect(!process.transcriptText.contains("•"))
        #expect(!process.transcriptText.contains("abc"))
    }

    @Test func secureEntryMasksEachGraphemeOnce() throws {
        let process = try start(["--secure", "--mask", "*"])
        process.type("e\u{301}🇫🇷x")
        #expect(process.waitForScreen("│ *** "))
        process.type("\u{7F}\u{7F}\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "e\u{301}\n")
    }

    @Test func editingWorksOnGraphemesAndWidths() throws {
        let process = try start([])
        process.type("e\u{301}\u{7F}")  // one Backspace removes e + U+0301
        process.type("中文")
        process.type("\u{1B}[D")  // Left
        process.type("x")
        #expect(process.waitForScreen("│ 中x文 "))
        process.type("\u{01}y\u{05}z\r")  // Ctrl-A, y, Ctrl-E, z
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "y中x文z\n")
    }

    @Test func wordAndLineEditingKeys() throws {
        let process = try start(["--value", "alpha beta-gamma delta"])
        #expect(process.waitForScreen("alpha beta-gamma delta"))
        process.type("\u{17}")  // Ctrl-W: "delta"
        process.type("\u{1B}\u{7F}")  // Alt-Backspace: "gamma"
        process.type("\u{1B}b")  // Alt-B: before "beta"
        process.type("\u{0B}")  // Ctrl-K: kill to end
        process.type("X\u{1B}[1;5D")  // X, Ctrl-Left: before X? (word start)
        process.type("\u{15}")  // Ctrl-U: kill to start
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "X\n")
    }

    @Test func bracketedPasteDoesNotSubmitAndKeepsOneLine() throws {
        let process = try start([])
        process.type("\u{1B}[200~first\r\nsecond\n\u{1B}[201~")
        #expect(process.waitForScreen("first second"))
        #expect(process.termination == nil)
        #expect(process.waitUntilWaitingForKeys())  // keys on a paste's heels are pasted
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "first second\n")
    }

    @Test func typeAheadFromBeforeThePromptIsDropped() throws {
        let process = try PtyProcess([], screen: Self.shell, typeAhead: "rm -rf")
        #expect(process.waitForScreen("╰"))
        process.type("kept\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "kept\n")
    }

    @Test func invalidUTF8NeverReachesTheAnswer() throws {
        let process = try start([])
        process.send([0xFF, 0xC3, UInt8(ascii: "a"), 0x80, 0x9B, 0xED, 0xA0, 0x80, UInt8(ascii: "b")])
        #expect(process.waitForScreen("│ ab "))
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdout == Array("ab\n".utf8))
        #expect(process.terminal.bells > 0)
    }

    @Test(arguments: [(["-n"], "typed"), (["-0"], "typed\0"), ([], "typed\n")])
    func terminators(options: [String], expected: String) throws {
        let process = try start(options)
        process.type("typed\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == expected)
    }

    @Test func ctrlCInterruptsLikeTheShellExpects() throws {
        let process = try start([])
        process.type("partial")
        process.type("\u{03}")
        #expect(process.waitForExit() == .signaled(SIGINT))
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
        #expect(process.terminal.text == "$ name=$(ask)")
    }

    /// A stop and continue from outside (SIGSTOP, then SIGCONT) while keys wait: the terminal
    /// is still as `ask` set it, so nothing typed meanwhile is thrown away.
    @Test func aContinueFromOutsideKeepsWhatWasTyped() throws {
        let process = try start([])
        process.type("ab")
        #expect(process.waitForScreen("│ ab "))
        kill(process.pid, SIGSTOP)
        #expect(process.waitForStop())
        process.type("xyz")
        kill(process.pid, SIGCONT)
        #expect(process.waitForScreen("│ abxyz "), "\(process.terminal.text)")
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "abxyz\n")
        #expect(process.settingsRestored)
    }

    @Test func ctrlZSuspendsWithTheTerminalRestoredAndResumes() throws {
        // Under a job-control shell, as in real use: it reports the stop and continues the job.
        let process = try PtyProcess([PtyProcess.askPath, "--title", "Suspend"], executable: PtyProcess.jobShellPath,
                                     screen: Self.shell)
        #expect(process.waitForScreen("╰"))
        process.type("abc")
        #expect(process.waitForScreen("│ abc "))
        let erasedAt = process.transcript.count
        process.type("\u{1A}")
        #expect(process.wait { $0.stderrText.contains("stopped, settings restored: yes") }, "\(process.stderrText)")
        // The alert was erased before the stop (what was written up to the terminal's look
        // being restored leaves the screen as it was), and drawn again after.
        let transcript = process.transcript
        let stopped = (erasedAt...(transcript.count - ANSI.leave.count)).first {
            transcript[$0..<($0 + ANSI.leave.count)].elementsEqual(ANSI.leave)
        }
        let before = VirtualTerminal()
        before.print(Self.shell)
        before.feed(Array(transcript[..<((stopped ?? transcript.count) + ANSI.leave.count)]))
        #expect(stopped != nil && before.text == "$ name=$(ask)", "\(before.text)")
        #expect(before.cursorRow == 1 && before.cursorColumn == 0)
        #expect(process.waitForScreen("│ abc "))
        process.type("d\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "abcd\n")
        #expect(process.settingsRestored)
    }

    @Test func ctrlZWhereNoShellCanContinueItComesStraightBack() throws {
        // A session leader's process group is orphaned: the kernel discards the stop.
        let process = try start(["--title", "Orphan"])
        process.type("abc\u{1A}d")
        #expect(process.waitForScreen("│ abcd "))
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "abcd\n")
        #expect(process.settingsRestored)
    }

    @Test func withoutATerminalItFailsAtOnce() throws {
        let started = MonotonicClock.now
        let process = try PtyProcess(["--title", "x"], input: .null, controllingTerminal: false)
        #expect(process.waitForExit(seconds: 5) == .exited(69))
        #expect(MonotonicClock.now - started < 3)  // a hang, not a speed, is what this catches
        #expect(process.stdout.isEmpty)
        #expect(process.stderrText.hasPrefix("ask: no terminal to prompt on"))
        #expect(process.stderrText.contains("--fallback stdin"))
        #expect(process.stderrText.filter { $0 == "\n" }.count == 1)
    }

    @Test(arguments: [
        (["--tittle", "x"], "ask: unknown option '--tittle' (did you mean '--title'?)\n"),
        (["--title"], "ask: option '--title' needs a value\n"),
        (["--keyboard", "emoji"],
         "ask: invalid value 'emoji' for '--keyboard' (choose from: default, number, decimal, phone, email, url, ascii, path)\n"),
        (["--mask", "ab"], "ask: the mask must be one character or empty, not 'ab'\n"),
    ])
    func usageErrorsAreOneLineAndDrawNothing(arguments: [String], message: String) throws {
        let process = try PtyProcess(arguments)
        #expect(process.waitForExit() == .exited(64))
        #expect(process.stderrText == message)
        #expect(process.stdout.isEmpty)
        #expect(process.transcript.isEmpty)
    }

    @Test func helpAndVersionGoToStdout() throws {
        let help = try PtyProcess(["--help"])
        #expect(help.waitForExit() == .exited(0))
        #expect(help.stdoutText.hasPrefix("Usage: ask"))
        #expect(help.transcript.isEmpty)
        let version = try PtyProcess(["--version"])
        #expect(version.waitForExit() == .exited(0))
        #expect(version.stdoutText == "ask \(HelpText.version)\n")
    }

    @Test func nearTheBottomTheScreenScrollsToMakeRoom() throws {
        let filler = (1...23).map { "line \($0)" }.joined(separator: "\n") + "\n$ ask"
        let process = try start(["--title", "Bottom"], screen: filler)
        #expect(process.terminal.contains("Bottom"))
        #expect(process.terminal.lines.last?.contains("╰") == true)
        process.type("ok\r")
        #expect(process.waitForExit() == .exited(0))
        // The prompt line is still there, with the cursor right after it, and the box is gone.
        let row = process.terminal.cursorRow
        #expect(process.terminal.lines[row] == "$ ask")
        #expect(process.terminal.cursorColumn == 5)
        #expect(process.terminal.lines[(row + 1)...].allSatisfy { $0.isEmpty })
    }

    @Test func longTextScrollsWithinTheField() throws {
        let process = try start([], columns: 40)
        let text = (0..<60).map { String($0 % 10) }.joined()
        process.type(text)
        // A 34-column box has a 30-column field: the last 29 characters and the cursor show.
        #expect(process.waitForScreen("│ " + String(text.suffix(29)) + "  │"), "\(process.terminal.text)")
        #expect(process.terminal.lines.allSatisfy { $0.count <= 39 })
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == text + "\n")
    }

    @Test func resizingRedrawsWithoutDebris() throws {
        let process = try start(["--title", "Resize", "--message", "A message long enough to wrap on a narrow terminal"])
        process.resize(rows: 24, columns: 40)
        #expect(process.wait { $0.terminal.lines.contains { $0.hasPrefix("╰") && $0.count <= 39 } })
        process.type("x\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.terminal.text == "$ name=$(ask)")
    }
}
