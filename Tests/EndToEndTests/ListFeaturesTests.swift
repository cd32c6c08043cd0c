import Glibc
import TestSupport
import Testing

/// A list's later features end to end, in a real pseudo-terminal: a checklist's bulk keys and
/// bounds, `--ansi`, descriptions, long labels.
@Suite struct ListFeaturesTests {
    static let fruit = ["--title", "Fruit", "--multiple", "--choice", "Apple", "--choice", "Banana", "--choice", "Cherry",
                        "--choice", "Damson"]
    static let ctrlA = "\u{01}", altA = "\u{1B}a", ctrlT = "\u{14}", ctrlU = "\u{15}", down = "\u{1B}[B"

    /// Ctrl-A, Alt-A and Ctrl-T act on the choices shown: the filter narrows them.
    @Test(arguments: [
        (ctrlA + "\r", "Apple\nBanana\nCherry\nDamson\n"),
        (ctrlA + ctrlA + "\r", ""),
        ("an" + ctrlA + ctrlU + "\r", "Banana\nDamson\n"),
        (ctrlA + "an" + altA + ctrlU + "\r", "Apple\nCherry\n"),
        (" " + ctrlT + "\r", "Banana\nCherry\nDamson\n"),
    ])
    func bulkKeys(keys: String, stdout: String) throws {
        try Self.answers(Self.fruit, steps: [("Damson", keys)], stdout: stdout)
    }

    /// Runs `ask` with `arguments`: at each step, once the screen shows its text and `ask` waits
    /// for keys (nothing answered yet), types its keys; then it must answer `stdout`.
    static func answers(_ arguments: [String], steps: [(shown: String, keys: String)], stdout: String) throws {
        let process = try PtyProcess(arguments)
        for step in steps {
            #expect(process.waitForScreen(step.shown), "\(process.terminal.lines)")
            #expect(process.waitUntilWaitingForKeys())
            #expect(process.stdout.isEmpty)
            process.type(step.keys)
        }
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == stdout)
        #expect(process.settingsRestored)
    }

    /// `--limit 2`: the third mark is refused and the reason shows under the list; `--min 2`:
    /// Done with one marked is refused, and says so.
    @Test(arguments: [
        (["--limit", "2"], " " + down + " " + down + " ", "Mark at most 2 choices", "\r", "Apple\nBanana\n"),
        (["--limit", "3"], ctrlA, "Mark at most 3 choices", "\r", "Apple\nBanana\nCherry\n"),
        (["--min", "2"], " \r", "Mark at least 2 choices (Space)", down + " \r", "Apple\nBanana\n"),
    ])
    func bounds(extra: [String], keys: String, reason: String, then: String, stdout: String) throws {
        try Self.answers(Self.fruit + extra, steps: [("Damson", keys), (reason, then)], stdout: stdout)
    }

    /// Without a terminal the bounds hold the names read from stdin: one line, status 65.
    @Test(arguments: [
        (["--limit", "1"], "1\n2\n\n", 65, "", "ask: answer refused: at most one choice may be named\n"),
        (["--min", "2"], "1\n\n", 65, "", "ask: answer refused: at least 2 choices are required\n"),
        (["--min", "2", "--limit", "2"], "1\n3\n\n", 0, "Apple\nCherry\n", ""),
    ])
    func boundsWithoutATerminal(extra: [String], stdin: String, status: Int32, stdout: String, stderr: String) throws {
        let process = try PtyProcess(Self.fruit + ["--fallback", "stdin"] + extra, input: .bytes(Array(stdin.utf8)),
                                     controllingTerminal: false)
        #expect(process.waitForExit() == .exited(status), "\(process.stderrText)")
        #expect(process.stdoutText == stdout)
        #expect(process.stderrText == stderr)
    }

    /// `--ansi`: `git branch --color`'s and `ls --color`'s lines piped in are drawn in their
    /// colours, matched on their text, answered without their sequences; a sequence that is not a
    /// colour (a title, a clear screen) never reaches the terminal.
    @Test func ansiLines() throws {
        let process = try PtyProcess(["--choices-from", "-", "--ansi", "--title", "Branch", "--color", "always"], input: .pipe)
        process.writeStdin(bytes: Array("  \u{1B}[32mmain\u{1B}[m\n\u{1B}]0;pwned\u{7}  fix-\u{1B}[1;31mlogin\u{1B}[m\u{1B}[2J\n".utf8))
        process.closeStdin()
        #expect(process.waitForScreen("fix-login"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        #expect(process.terminal.contains("  main") && !process.terminal.contains("^["), "\(process.terminal.lines)")
        process.type("log")
        #expect(process.waitForScreen("1/2"), "\(process.terminal.lines)")
        process.type(Self.down + "\u{1B}[A")
        #expect(process.waitUntilWaitingForKeys())
        process.type("\u{15}")  // the whole list again, and down: main is not highlighted, and green
        #expect(process.waitForScreen("Type to filter"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        process.type(Self.down)
        #expect(process.waitForScreen("› 2   fix-login"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        let transcript = process.transcriptText
        #expect(transcript.contains(";32m  main") || transcript.contains(";32mmain"), Comment(rawValue: transcript.debugDescription))
        #expect(!transcript.contains("pwned") && !transcript.contains("\u{1B}[2J"))
        process.type("login\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "  fix-login\n")
        #expect(process.settingsRestored)
    }

    /// A description shows under the list for the highlighted choice and follows the highlight;
    /// `--search-descriptions` lets the filter find a choice by it.
    @Test(arguments: [([String](), "\u{1B}[B\r", "b\n"), (["--search-descriptions"], "yellow\r", "b\n")])
    func descriptions(extra: [String], keys: String, stdout: String) throws {
        let process = try PtyProcess(["--title", "Fruit", "--choice", "a\tApple\tCrisp and red", "--choice", "b\tBanana\tSoft and yellow"]
                                     + extra)
        #expect(process.waitForScreen("Crisp and red"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        process.type(Self.down)
        #expect(process.waitForScreen("Soft and yellow") && !process.terminal.contains("Crisp"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        process.type("\u{1B}[A" + keys)
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == stdout)
        #expect(process.settingsRestored)
    }

    /// Paths too long for a terminal of 50 columns: cut in the middle, the part that tells them
    /// apart kept; the highlighted one whole under the list; with `--wrap`, on the rows below.
    @Test(arguments: [false, true])
    func longPaths(wrap: Bool) throws {
        let paths = ["EndToEndTests", "AskKitTests"].map { "./.build/x86_64-unknown-linux-gnu/debug/\($0).build/main.swift.o\n" }.joined()
        let process = try PtyProcess(["--choices-from", "-"] + (wrap ? ["--wrap"] : []), columns: 50, input: .bytes(Array(paths.utf8)))
        #expect(process.waitForScreen("Cancel"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        if wrap {
            #expect(process.terminal.contains("ndToEndTests.build/main.swift.o"), "\(process.terminal.lines)")
        } else {
            #expect(process.terminal.contains("…/EndToEndTests.build/main.swift.o") && process.terminal.contains("…/AskKitTests.build/main.swift.o"),
                    "\(process.terminal.lines)")
            #expect(process.terminal.contains("ndToEndTests.build/main.swift.o") && process.terminal.contains("./.build/x86_64-unknown-linux-gnu/debug/En"),
                    "\(process.terminal.lines)")
        }
        process.type(Self.down + "\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "./.build/x86_64-unknown-linux-gnu/debug/AskKitTests.build/main.swift.o\n")
        #expect(process.settingsRestored)
    }
}
