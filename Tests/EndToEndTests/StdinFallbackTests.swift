import AskChoices
import AskFields
import AskGauge
import AskKit
import AskPresentation
import AskSystem
import AskTextBox
import CTestSupport
import Glibc
import TestSupport
import Testing

/// The answer read as a line from standard input (`--stdin`, `--fallback stdin`).
@Suite struct StdinFallbackTests {
    /// `ask --stdin --secure` reading a terminal turns echo off; Ctrl-Z must give the shell the
    /// terminal as it was, and the secret must not be echoed after `fg` either.
    @Test func ctrlZPutsTheEchoBackWhileStoppedAndTakesItAwayAgain() throws {
        let process = try PtyProcess([PtyProcess.askPath, "--stdin", "--secure"], executable: PtyProcess.jobShellPath,
                                     screen: "$ ask --stdin --secure\n")
        #expect(process.wait { $0.settingsNow.c_lflag & tcflag_t(ECHO) == 0 })
        process.type("\u{1A}")
        #expect(process.wait { $0.stderrText.contains("stopped, settings restored: ") }, "\(process.stderrText)")
        #expect(process.stderrText == "stopped, settings restored: yes\n")
        // Continued by the shell: no echo again before anything is typed.
        #expect(process.wait { $0.settingsNow.c_lflag & tcflag_t(ECHO) == 0 })
        process.type("hunter2\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "hunter2\n")
        #expect(!process.transcriptText.contains("hunter2"))
        #expect(process.settingsRestored)
    }

    // MARK: - End of input

    static let endOfInput = "ask: cancelled: standard input ended before an answer\n"

    @Test(arguments: [
        ("an empty pipe", [], false),
        ("/dev/null", [], true),
        ("a confirmation", ["--no-field"], false),
    ] as [(String, [String], Bool)])
    func endOfInputBeforeAnAnswerSaysSo(name: String, arguments: [String], devNull: Bool) throws {
        let process = try PtyProcess(["--stdin"] + arguments, input: devNull ? .null : .bytes([]), controllingTerminal: false)
        #expect(process.waitForExit() == .exited(1), "\(name)")
        #expect(process.stdout.isEmpty)
        #expect(process.stderrText == Self.endOfInput)
    }

    // MARK: - The longest line

    static let limit = LineReader.maximumLineBytes
    static let tooLong = "ask: answer refused: the line on standard input is longer than 1048576 bytes\n"

    /// From a pipe (through `cat`, which the refusal leaves with the rest unread) and from a file.
    @Test(arguments: [
        ("exactly the limit", limit, "\n", 0),
        ("the limit, with CR LF", limit, "\r\n", 0),
        ("a byte more", limit + 1, "\n", 65),
        ("a byte more, with no line break", limit + 1, "", 65),
        ("far more", 3 * limit, "\n", 65),
    ] as [(String, Int, String, Int32)], ["pipe", "file"])
    func aLineLongerThanTheLimitIsRefused(line: (name: String, length: Int, lineBreak: String, status: Int32), from kind: String) throws {
        let text = String(repeating: "x", count: line.length)
        let directory = TemporaryDirectory()
        directory.write("input", text + line.lineBreak)
        let script = kind == "pipe" ? #"cat "$0" | "$ASK" --stdin"# : #""$ASK" --stdin < "$0""#
        let process = try PtyProcess(["-c", script, directory.path + "/input"], executable: "/bin/sh",
                                     environment: ["ASK": PtyProcess.askPath], input: .null, controllingTerminal: false)
        withExtendedLifetime(directory) { #expect(process.waitForExit(seconds: 20) == .exited(line.status), "\(line.name)") }
        #expect(process.stdoutText == (line.status == 0 ? text + "\n" : ""))
        #expect(process.stderrText == (line.status == 0 ? "" : Self.tooLong))
    }

    /// A device that never ends a line: refused at the limit, not read until memory runs out.
    @Test func aLineFromDevZeroIsRefused() throws {
        let process = try PtyProcess(["-c", #"exec "$ASK" --stdin < /dev/zero"#], executable: "/bin/sh",
                                     environment: ["ASK": PtyProcess.askPath], input: .null, controllingTerminal: false)
        #expect(process.waitForExit(seconds: 20) == .exited(65))
        #expect(process.stdout.isEmpty)
        #expect(process.stderrText == Self.tooLong)
    }

    /// A secret too long to take is wiped: no copy is left in memory as `ask` exits.
    @Test(.enabled(if: geteuid() == 0, "reading a non-dumpable process's memory needs CAP_SYS_PTRACE"))
    func aSecretLineTooLongLeavesNoCopy() throws {
        let secret = "Tr0ub4dor&3-zebra-9157"
        let line = String(repeating: secret, count: Self.limit / secret.utf8.count + 1)
        // Exactly what is read before the refusal: the limit and two bytes more.
        let input = String(line.utf8.prefix(Self.limit + 2))!
        let process = try PtyProcess(["--stdin", "--secure"], input: .pipe, controllingTerminal: false, traced: true)
        process.writeStdin(input)
        process.closeStdin()
        #expect(process.waitForExitStop(seconds: 20))
        #expect(process.memoryRegions(containingAny: FaultTests.encodings(secret)) == [])
        #expect(process.finishTracedExit() == .exited(65))
        #expect(process.stdout.isEmpty)
        #expect(process.stderrText == Self.tooLong)

        // The same scan sees text that cannot be wiped (an argument), or it proves nothing.
        let control = try PtyProcess(["--stdin", "--secure", "--title", secret], input: .bytes([]), controllingTerminal: false,
                                     traced: true)
        #expect(control.waitForExitStop())
        #expect(!control.memoryRegions(containing: Array(secret.utf8)).isEmpty, "the scan cannot see memory")
        control.finishTracedExit()
    }

    // MARK: - Never past the newline

    /// Three calls share one stdin and take a line each, whatever stdin is: each reads its line
    /// and leaves the rest (a pipe and a file are read in blocks, a terminal a line at a time).
    @Test(arguments: ["pipe", "pipe that cannot be looked at", "file", "terminal"])
    func threeCallsShareOneStdin(kind: String) throws {
        // With no descriptor left for the private pipe that looking ahead needs: a byte at a time.
        let ask = kind == "pipe that cannot be looked at" ? #"prlimit --nofile=4 "$ASK""# : #""$ASK""#
        let calls = "a=$(\(ask) --stdin); b=$(\(ask) --stdin); c=$(\(ask) --stdin); printf '%s|%s|%s' \"$a\" \"$b\" \"$c\""
        let long = String(repeating: "l", count: 100_000)
        // qemu-user needs descriptors of its own to start the program at all.
        try withKnownIssue("qemu-user does not start with 4 descriptors", isIntermittent: false) {
            let process = try Self.run(calls, stdin: kind, input: "one\n" + long + "\r\nthree\nfour\n", typed: "one\rtwo\rthree\rfour\r")
            #expect(process.stdoutText == (kind == "terminal" ? "one|two|three" : "one|\(long)|three"))
        } when: {
            PtyProcess.emulator != nil && kind == "pipe that cannot be looked at"
        }
    }

    /// Runs the shell script `calls` (`ask` as `$ASK`) with `input` on its standard input, of the
    /// `kind` given — a pipe, a file, or the terminal (`typed` there) — and waits for it to exit 0.
    static func run(_ calls: String, stdin kind: String, input: String, typed: String) throws -> PtyProcess {
        let directory = TemporaryDirectory()
        directory.write("input", input)
        let process: PtyProcess
        switch kind {
        case "pipe", "pipe that cannot be looked at":
            process = try PtyProcess(["-c", calls], executable: "/bin/sh", environment: ["ASK": PtyProcess.askPath],
                                     input: .pipe, controllingTerminal: false)
            process.writeStdin(input)
            process.closeStdin()
        case "file":
            process = try PtyProcess(["-c", "exec < '\(directory.path)/input'; " + calls], executable: "/bin/sh",
                                     environment: ["ASK": PtyProcess.askPath], input: .null, controllingTerminal: false)
        default:
            process = try PtyProcess(["-c", calls], executable: "/bin/sh", environment: ["ASK": PtyProcess.askPath],
                                     screen: "$ sh\n")
            process.type(typed)
        }
        withExtendedLifetime(directory) { #expect(process.waitForExit(seconds: 20) == .exited(0), "\(process.stderrText)") }
        return process
    }

    // MARK: - A multi-line field's lines

    /// Lines until an empty one, which is not part of the answer and the last read (the next
    /// call takes what follows), whatever stdin is.
    @Test(arguments: ["pipe", "file", "terminal"])
    func aMultilineFieldTakesLinesUntilAnEmptyOne(kind: String) throws {
        let calls = #"a=$("$ASK" --stdin --multiline); b=$("$ASK" --stdin); printf '%s|%s' "$a" "$b""#
        let process = try Self.run(calls, stdin: kind, input: "one\ntwo\r\n\nthree\n", typed: "one\rtwo\r\rthree\r")
        #expect(process.stdoutText == "one\ntwo|three")
    }

    /// A case of a multi-line field's lines from stdin, named in the test's output by what it
    /// is (its input may be a mebibyte of text).
    struct LinesCase: Sendable, CustomTestStringConvertible {
        let name: String
        let input: String
        let status: Int32
        let stdout: String
        let stderr: String
        var testDescription: String { name }
        init(_ name: String, _ input: String, _ status: Int32, _ stdout: String, _ stderr: String) {
            (self.name, self.input, self.status, self.stdout, self.stderr) = (name, input, status, stdout, stderr)
        }
    }

    /// The end of the input ends the lines too; an empty first line is an empty answer; no byte
    /// at all is a cancel; the lines share the limit of a line, a line break between each.
    @Test(arguments: [
        LinesCase("the end of the input", "one\ntwo", 0, "one\ntwo\n", ""),
        LinesCase("the end of the input after a line break", "one\ntwo\n", 0, "one\ntwo\n", ""),
        LinesCase("an empty first line", "\nnot read\n", 0, "\n", ""),
        LinesCase("nothing at all", "", 1, "", endOfInput),
        LinesCase("control characters", "one\n\u{7}two\n", 65, "", "ask: answer refused: the answer contains control characters\n"),
        LinesCase("exactly the limit in all", Self.lines(total: limit), 0, Self.lines(total: limit) + "\n", ""),
        LinesCase("a byte more", Self.lines(total: limit + 1), 65, "",
                  "ask: answer refused: the lines on standard input are longer than 1048576 bytes in all\n"),
    ])
    func aMultilineFieldsLinesFromStdin(_ lines: LinesCase) throws {
        let process = try PtyProcess(["--stdin", "--multiline"], input: .bytes(Array(lines.input.utf8)), controllingTerminal: false)
        #expect(process.waitForExit(seconds: 20) == .exited(lines.status), "\(lines.name): \(process.stderrText)")
        #expect(process.stdoutText == lines.stdout, "\(lines.name)")
        #expect(process.stderrText == lines.stderr, "\(lines.name)")
    }

    /// Sixteen lines of `x`, a line break between each, `total` bytes in all.
    static func lines(total: Int) -> String {
        let breaks = 15, length = (total - breaks) / 16
        var lines = Array(repeating: String(repeating: "x", count: length), count: 16)
        lines[0] += String(repeating: "x", count: total - breaks - 16 * length)
        return lines.joined(separator: "\n")
    }

    /// `--fallback value`: a multi-line field's `--value` keeps its line breaks (CR LF is one);
    /// any other field's becomes one line.
    @Test(arguments: [(["--multiline"], "one\ntwo\n"), ([String](), "one two\n")])
    func theValueKeepsItsLineBreaks(arguments: [String], stdout: String) throws {
        let process = try PtyProcess(arguments + ["--value", "one\r\ntwo", "--fallback", "value"], input: .null,
                                     controllingTerminal: false)
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == stdout)
    }

    /// A long line from a pipe is read in blocks, not a byte at a time: counted, not timed.
    @Test func aPipeIsReadInBlocks() throws {
        let process = try PtyProcess(["--stdin"], input: .pipe, controllingTerminal: false, traced: true)
        #expect(ask_test_trace_syscalls(process.pid) == 0)
        // Less than a pipe holds, so it is all there before ask reads any of it.
        let line = String(repeating: "b", count: 60_000)
        process.writeStdin(line + "\nnext\n")
        process.closeStdin()
        let reads = ask_test_count_reads_to_exit(process.pid, 0, 20_000)
        #expect(reads > 0 && reads < 16, "\(reads) reads of standard input")
        #expect(process.finishTracedExit() == .exited(0))
        #expect(process.stdoutText == line + "\n")
    }
}
