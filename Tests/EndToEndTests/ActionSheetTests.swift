import Glibc
import TestSupport
import Testing

/// The action sheet end to end: a menu, a checklist, a list piped in while the sheet shows,
/// the answer on stdout, the exit status, and the terminal as it was.
@Suite struct ActionSheetTests {
    static let fruit = ["--title", "Fruit", "--choice", "Apple", "--choice", "Banana", "--choice", "Cherry"]

    @Test(arguments: [
        ("\u{1B}[B\r", 0, "Banana\n"),   // Down, Return
        ("3", 0, "Cherry\n"),            // a digit chooses at once
        ("an\r", 0, "Banana\n"),         // typing filters
        ("\t\r", 1, ""),                 // Tab to Cancel, Return
        ("\u{1B}", 1, ""),               // Esc
    ])
    func aMenu(keys: String, status: Int32, stdout: String) throws {
        let process = try PtyProcess(Self.fruit, screen: "$ echo before\nbefore\n$ ask\n")
        #expect(process.waitForScreen("Cherry"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        process.type(keys)
        #expect(process.waitForExit() == .exited(status), "\(process.stderrText)")
        #expect(process.stdoutText == stdout)
        #expect(process.stderr.isEmpty)
        #expect(process.settingsRestored)
        // The lines above the sheet are still there; nothing of it is left.
        #expect(process.terminal.lines.prefix(3) == ["$ echo before", "before", "$ ask"])
        #expect(!process.terminal.contains("Cherry"))
    }

    /// One key never destroys: the digit of a destructive choice moves the highlight to it and
    /// waits; Return then chooses it, and another digit chooses that one instead.
    @Test(arguments: [("1", "\r", "Delete them\n"), ("1", "2", "Keep them\n")])
    func aDestructiveChoicesDigitWaitsForReturn(digit: String, then: String, stdout: String) throws {
        let process = try PtyProcess(["--destructive-choice", "Delete them", "--choice", "Keep them"])
        #expect(process.waitForScreen("Keep them"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        process.type(digit)
        #expect(process.waitForScreen("› 1 ! Delete them"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        #expect(process.stdout.isEmpty)
        process.type(then)
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == stdout)
        #expect(process.settingsRestored)
    }

    /// A checklist: the `--selected` ones marked at first and the first of them highlighted,
    /// Space marks and unmarks, Return (or Done, which Tab reaches after Cancel) accepts, the
    /// answers one per line in list order (NUL-terminated with -0).
    @Test(arguments: [([String](), "\r", "Apple\nCherry\n"), (["-0"], "\r", "Apple\0Cherry\0"),
                      ([], "\t\t\r", "Apple\nCherry\n")])
    func aChecklist(extra: [String], accept: String, stdout: String) throws {
        let process = try PtyProcess(Self.fruit + ["--multiple", "--selected", "Banana", "--selected", "Cherry"] + extra)
        #expect(process.waitForScreen("[x] 3 Cherry"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        #expect(process.terminal.contains("› [x] 2 Banana"), "\(process.terminal.lines)")
        #expect(process.terminal.lines.contains { $0.contains("Cancel") && $0.contains("│") && $0.contains("Done") },
                "\(process.terminal.lines)")
        process.type("\u{1B}[A \u{1B}[B ")  // Up to Apple, marked; Down to Banana, unmarked
        #expect(process.waitForScreen("› [ ] 2 Banana"), "\(process.terminal.lines)")
        #expect(process.terminal.contains("[x] 1 Apple"))
        process.type(accept)
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == stdout)
        #expect(process.settingsRestored)
    }

    /// A Cancel too long to stand beside Done: the buttons stack, Done above Cancel, and Tab
    /// goes to them as drawn — first Done (accepting the marks), then Cancel.
    @Test(arguments: [("\t\r", 0, "Banana\n"), ("\t\t\r", 1, "")])
    func aChecklistsStackedButtonsTakeTabAsDrawn(keys: String, status: Int32, stdout: String) throws {
        let process = try PtyProcess(Self.fruit + ["--multiple", "--selected", "Banana", "--cancel", "Leave everything just as it was"])
        #expect(process.waitForScreen("Leave everything just as it was"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        let lines = process.terminal.lines
        let done = lines.firstIndex { $0.contains("│") && $0.contains("Done") }, cancel = lines.firstIndex { $0.contains("Leave everything") }
        #expect(done != nil && cancel != nil && done! < cancel!, "\(lines)")
        process.type(keys)
        #expect(process.waitForExit() == .exited(status), "\(process.stderrText)")
        #expect(process.stdoutText == stdout)
        #expect(process.settingsRestored)
    }

    /// `--choices-from -`: the sheet shows and takes keys while the list is still arriving on
    /// stdin, says it is loading, and stops saying so at the end of the input; the keys come
    /// from the terminal.
    @Test func aListPipedInIsUsableWhileItArrives() throws {
        let process = try PtyProcess(["--choices-from", "-", "--title", "Numbers"], input: .pipe)
        process.writeStdin((1...5000).map { "\($0)\n" }.joined())
        #expect(process.waitForScreen("of 5,000, loading"), "\(process.terminal.lines)")
        process.type("4999")
        #expect(process.waitForScreen("1/5,000"), "\(process.terminal.lines)")
        process.writeStdin((5001...14999).map { "\($0)\n" }.joined())
        #expect(process.waitForScreen("/14,999, loading"), "\(process.terminal.lines)")
        #expect(process.terminal.contains("2/14,999, loading"), "\(process.terminal.lines)")
        process.closeStdin()
        #expect(process.waitForScreen("2/14,999 "), "\(process.terminal.lines)")
        #expect(!process.terminal.contains("loading"))
        process.type("\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "4999\n")
        #expect(process.settingsRestored)
    }

    /// A line of invalid UTF-8 is shown with U+FFFD and answered with its own bytes; `--index`
    /// answers its place.
    @Test(arguments: [
        ([String](), [UInt8]([0x61, 0xFF, 0x62, 0x0A])),
        (["--index"], Array("1\n".utf8)),
    ])
    func whatIsAnswered(extra: [String], stdout: [UInt8]) throws {
        let process = try PtyProcess(["--choices-from", "-"] + extra, input: .pipe)
        process.writeStdin(bytes: [0x61, 0xFF, 0x62, 0x0A] + Array("v\tLabel\n".utf8))
        process.closeStdin()
        #expect(process.waitForScreen("2 Label"), "\(process.terminal.lines)")
        #expect(process.terminal.contains("1 a\u{FFFD}b"))
        process.type("\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdout == stdout)
    }

    /// A list read from a pipe is as wide as the same choices given one by one.
    @Test func aPipedListIsAsWideAsTheSameChoicesGiven() throws {
        func box(_ process: PtyProcess) -> String? { process.terminal.lines.first { $0.hasPrefix("╭") } }
        let given = try PtyProcess(Self.fruit)
        #expect(given.waitForScreen("3 Cherry"), "\(given.terminal.lines)")
        let piped = try PtyProcess(["--choices-from", "-", "--title", "Fruit"], input: .pipe)
        piped.writeStdin("Apple\nBanana\nCherry\n")
        piped.closeStdin()
        #expect(piped.waitForScreen("3 Cherry"), "\(piped.terminal.lines)")
        #expect(box(piped) != nil && box(piped) == box(given), "\(piped.terminal.lines) \(given.terminal.lines)")
        #expect(box(given)?.count == 34)
        for process in [given, piped] {
            process.type("\u{1B}")
            #expect(process.waitForExit() == .exited(1))
        }
    }

    /// A VALUE<TAB>LABEL line shows the label and answers the value.
    @Test func aValueIsAnswered() throws {
        let process = try PtyProcess(["--choices-from", "-"], input: .pipe)
        process.writeStdin("v\tLabel\nw\tOther\n")
        process.closeStdin()
        #expect(process.waitForScreen("2 Other"), "\(process.terminal.lines)")
        process.type("2")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "w\n")
    }

    /// An empty list is a usage error once it has ended: said in one line, exit 64, the
    /// terminal restored and nothing on stdout.
    @Test func anEmptyListIsAUsageError() throws {
        let process = try PtyProcess(["--choices-from", "-", "--title", "Nothing"], input: .pipe)
        process.closeStdin()
        #expect(process.waitForExit() == .exited(64))
        #expect(process.stderrText == "ask: no choices to choose from: the list is empty\n")
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
        #expect(!process.terminal.contains("Nothing"))
    }

    /// A list to be read from a terminal would take the keys typed for choices: said in one
    /// line, exit 64, nothing drawn, the terminal as it was.
    @Test(arguments: [(["--choices-from", "-"], "ask: --choices-from -: standard input is a terminal; pipe the choices in, or name a file\n"),
                      (["--choices-from", "/dev/tty"], "ask: --choices-from '/dev/tty' is a terminal; pipe the choices in, or name a file\n")])
    func aListFromATerminalIsRefused(arguments: [String], message: String) throws {
        let process = try PtyProcess(arguments + ["--title", "Nothing"], input: .terminal)
        #expect(process.waitForExit() == .exited(64))
        #expect(process.stderrText == message)
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
        #expect(!process.terminal.contains("Nothing"))
    }

    @Test func aTimeoutEndsIt() throws {
        let process = try PtyProcess(Self.fruit + ["--timeout", "1"])
        #expect(process.waitForScreen("Cherry"))
        #expect(process.waitForExit(seconds: 5) == .exited(124))
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
    }

    /// Plain output: the numbered list, then a line that names the choice.
    @Test func plainOutputNamesTheChoice() throws {
        let process = try PtyProcess(Self.fruit + ["--plain"])
        #expect(process.waitForScreen("(a number or a name; Enter: Apple; Esc: Cancel)"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        process.type("cherry\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "Cherry\n")
        #expect(process.terminal.lines.prefix(7) == ["$ ask", "Fruit", "1) Apple", "2) Banana", "3) Cherry",
                                                     "(a number or a name; Enter: Apple; Esc: Cancel)", "> cherry"])
    }

    static let oldBuilds = ["-t", "Old builds", "--destructive-choice", "Delete them", "--choice", "Keep them"]

    /// Return never destroys by default: the highlight starts on the first choice that is not
    /// destructive, drawn or plain; Up reaches the destructive one.
    @Test(arguments: [
        ([String](), "\r", "Keep them\n"),
        ([String](), "\u{1B}[A\r", "Delete them\n"),
        (["--plain"], "\r", "Keep them\n"),
        (["--plain"], "delete them\r", "Delete them\n"),
        (["--multiple"], " \r", "Keep them\n"),
    ])
    func returnDoesNotDestroy(extra: [String], keys: String, stdout: String) throws {
        let process = try PtyProcess(Self.oldBuilds + extra)
        #expect(process.waitForScreen("Keep them"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        if extra.isEmpty { #expect(process.terminal.contains("› 2 Keep them"), "\(process.terminal.lines)") }
        if extra == ["--plain"] { #expect(process.terminal.contains("Enter: Keep them;"), "\(process.terminal.lines)") }
        process.type(keys)
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == stdout)
        #expect(process.settingsRestored)
    }

    /// Only destructive choices: Cancel has the focus, and Return cancels.
    @Test func onlyDestructiveChoicesStartOnCancel() throws {
        let process = try PtyProcess(["-t", "Old builds", "--destructive-choice", "Delete them", "--destructive-choice", "Wipe them"])
        #expect(process.waitForScreen("Wipe them"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        #expect(!process.terminal.contains("›"), "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForExit() == .exited(1), "\(process.stderrText)")
        #expect(process.stdout.isEmpty)
    }

    /// Without a terminal: a line from stdin names the choice, or `--selected` answers.
    @Test(arguments: [
        (["--fallback", "stdin"], "banana\n", 0, "Banana\n"),
        (["--fallback", "stdin"], "3\n", 0, "Cherry\n"),
        (["--fallback", "stdin", "--multiple"], "1\ncherry\n\n", 0, "Apple\nCherry\n"),
        (["--fallback", "stdin"], "kiwi\n", 65, ""),
        (["--fallback", "value", "--selected", "banana"], "", 0, "Banana\n"),
        (["--fallback", "value"], "", 0, "Apple\n"),
        (["--fallback", "value", "--destructive-choice", "Delete"], "", 0, "Apple\n"),
        (["--fallback", "value", "--destructive-choice", "Delete", "--selected", "delete"], "", 0, "Delete\n"),
        // One comparison names a choice: Unicode letters in any case, two names of one choice.
        (["--fallback", "value", "--choice", "Über", "--selected", "über"], "", 0, "Über\n"),
        (["--fallback", "stdin", "--choice", "Über"], "ÜBER\n", 0, "Über\n"),
        (["--fallback", "value", "--multiple", "--selected", "apple", "--selected", "APPLE"], "", 0, "Apple\n"),
    ])
    func withoutATerminal(extra: [String], stdin: String, status: Int32, stdout: String) throws {
        let process = try PtyProcess(Self.fruit + extra, input: .bytes(Array(stdin.utf8)), controllingTerminal: false)
        #expect(process.waitForExit() == .exited(status), "\(process.stderrText)")
        #expect(process.stdoutText == stdout)
        if status == 65 {
            #expect(process.stderrText == "ask: answer refused: no choice is named 'kiwi' (give its number, its label or its value)\n")
        }
    }

    /// `--fallback value` with every choice destructive and none selected has nothing safe to
    /// answer: said in one line, exit 64.
    @Test func fallbackValueWithOnlyDestructiveChoices() throws {
        let process = try PtyProcess(["--destructive-choice", "Delete", "--fallback", "value"], input: .bytes([]), controllingTerminal: false)
        #expect(process.waitForExit() == .exited(64))
        #expect(process.stderrText == "ask: --fallback value has no choice to answer with: every choice is destructive (name one with --selected)\n")
        #expect(process.stdout.isEmpty)
    }

    /// `--selected` names the same choice in the parser and in the sheet, and two names of one
    /// choice mark it once (a list read from a file is matched by the sheet).
    @Test func selectedNamesAsTheSheetDoes() throws {
        let directory = TemporaryDirectory()
        directory.write("list", "Apple\nÜber\n")
        let process = try PtyProcess(["--choices-from", directory.path + "/list", "--multiple", "--selected", "über", "--selected", "ÜBER", "--selected", "apple"])
        #expect(process.waitForScreen("[x] 2 Über"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        process.type("\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "Apple\nÜber\n")
    }
}
