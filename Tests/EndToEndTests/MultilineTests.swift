import Glibc
import TestSupport
import Testing

/// `--multiline` end to end, in a real pseudo-terminal: lines typed with Return, moved through
/// with the arrows, pasted with their line breaks, accepted with Ctrl-D (which the screen says),
/// cancelled with Esc; the answer's exact bytes with each terminator; a secret of several lines
/// leaves no copy in memory.
@Suite struct MultilineTests {
    static let up = "\u{1B}[A", down = "\u{1B}[B", home = "\u{1B}[H"

    /// `ask --multiline` with `arguments`, drawn and showing how to finish.
    func start(_ arguments: [String], traced: Bool = false) throws -> PtyProcess {
        let process = try PtyProcess(["--multiline", "--title", "Notes"] + arguments, screen: "$ ask\n", traced: traced)
        #expect(process.waitForScreen("Ctrl-D to finish"), "the hint never showed:\n\(process.terminal.text)")
        #expect(process.waitUntilWaitingForKeys())
        return process
    }

    /// Return breaks a line, Ctrl-D accepts: the lines as typed, then the terminator (a newline
    /// by default, NUL with -0, nothing with -n).
    @Test(arguments: [([String](), "one\ntwo\n"), (["-0"], "one\ntwo\0"), (["-n"], "one\ntwo")])
    func linesTypedThenCtrlD(arguments: [String], stdout: String) throws {
        let process = try start(arguments)
        process.type("one\rtwo")
        #expect(process.wait { $0.terminal.contains("two") && $0.terminal.contains("one") })
        #expect(process.terminal.lines.firstIndex { $0.contains("two") } == process.terminal.lines.firstIndex { $0.contains("one") }.map { $0 + 1 })
        process.type("\u{4}")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdout == Array(stdout.utf8))
        #expect(process.stderr.isEmpty)
        #expect(process.settingsRestored)
        #expect(process.terminal.text == "$ ask")
    }

    /// Up to the line above, at the same column (its end, here); a character typed there; Down
    /// to the line below, at the new column (its end); Home to the start of that line.
    @Test func theArrowsMoveAcrossLines() throws {
        let process = try start([])
        process.type("ab\rcd" + Self.up + "X" + Self.down + "Y" + Self.home + "Z")
        #expect(process.wait { $0.terminal.contains("abX") && $0.terminal.contains("ZcdY") }, "\(process.terminal.lines)")
        process.type("\u{4}")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "abX\nZcdY\n")
        #expect(process.settingsRestored)
    }

    /// A bracketed paste keeps its line breaks (CR LF, CR and LF, each one) and is never taken
    /// as Return or Ctrl-D: the alert stays until Ctrl-D.
    @Test func aPasteKeepsItsLineBreaks() throws {
        let process = try start([])
        process.type("\u{1B}[200~first\r\nsecond\rthird\nfourth\u{1B}[201~")
        #expect(process.wait { $0.terminal.contains("fourth") })
        #expect(process.waitUntilWaitingForKeys())  // a key right on a paste's heels would be part of it
        let rows = process.terminal.lines.filter { $0.contains("first") || $0.contains("second") || $0.contains("third") }
        #expect(rows.count == 3, "\(process.terminal.lines)")
        process.type("\u{4}")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "first\nsecond\nthird\nfourth\n")
    }

    /// Esc cancels: nothing printed, status 1, the terminal as it was.
    @Test func escCancels() throws {
        let process = try start([])
        process.type("one\rtwo")
        #expect(process.waitForScreen("two"))
        process.type("\u{1B}")
        #expect(process.waitForExit() == .exited(1))
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
    }

    /// A secret of several lines, typed and pasted, leaves no copy in memory as `ask` exits: it
    /// lives in the field's locked buffer and the paste's, wiped on the way out. The same scan
    /// must find a secret given as an argument, where it cannot be wiped, or it proves nothing.
    @Test(.enabled(if: geteuid() == 0, "reading a non-dumpable process's memory needs CAP_SYS_PTRACE"))
    func aSecretOfSeveralLinesLeavesNoCopy() throws {
        let typed = "Tr0ub4dor&3-zebra-9157", pasted = "pasted-Secret-0xC0FFEE\nsecond-Line-Of-the-key"
        let process = try start(["--secure"], traced: true)
        process.type(typed + "\r")
        process.type("\u{1B}[200~" + pasted + "\u{1B}[201~")
        #expect(process.wait { $0.terminal.lines.filter { $0.contains(String(repeating: "•", count: 22)) }.count == 3 })
        #expect(process.waitUntilWaitingForKeys())
        #expect(!process.transcriptText.contains("Secret"))
        process.type("\u{4}")
        #expect(process.waitForExitStop())
        let secret = typed + "\n" + pasted
        #expect(process.memoryRegions(containingAny: FaultTests.encodings(secret)) == [])
        #expect(process.finishTracedExit() == .exited(0))
        #expect(process.stdoutText == secret + "\n")

        let control = try start(["--secure", "--value", secret], traced: true)
        control.type("\u{4}")
        #expect(control.waitForExitStop())
        #expect(!control.memoryRegions(containing: Array(typed.utf8)).isEmpty, "the scan cannot see memory")
        control.finishTracedExit()
    }

    /// Lines from standard input, secret: read into locked memory, handed to the field, and
    /// wiped; no copy is left as `ask` exits.
    @Test(.enabled(if: geteuid() == 0, "reading a non-dumpable process's memory needs CAP_SYS_PTRACE"))
    func secretLinesFromStandardInputLeaveNoCopy() throws {
        let secret = "Tr0ub4dor&3-zebra-9157\nsecond-Line-Of-the-key"
        let process = try PtyProcess(["--stdin", "--multiline", "--secure"], input: .pipe, controllingTerminal: false, traced: true)
        process.writeStdin(secret + "\n\nnext call's line\n")
        process.closeStdin()
        #expect(process.waitForExitStop(seconds: 10))
        #expect(process.memoryRegions(containingAny: FaultTests.encodings(secret)) == [])
        #expect(process.finishTracedExit() == .exited(0))
        #expect(process.stdoutText == secret + "\n")
    }
}
