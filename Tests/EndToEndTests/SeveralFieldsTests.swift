import Glibc
import TestSupport
import Testing

/// `--field` and `--login` end to end: the answers in field order, from the alert, from
/// standard input a line per field, and from `--value`; the field named when one is missing or
/// refused.
@Suite struct SeveralFieldsTests {
    /// Runs `executable -c script` with no controlling terminal, `ask` as `$ASK`, and waits for it.
    func shell(_ script: String, stdin: String, executable: String = "/bin/sh") throws -> PtyProcess {
        let process = try PtyProcess(["-c", script], executable: executable, environment: ["ASK": PtyProcess.askPath],
                                     input: .bytes(Array(stdin.utf8)), controllingTerminal: false)
        #expect(process.waitForExit(seconds: 10) != nil, "\(script) did not finish")
        return process
    }

    /// Runs `ask arguments` with no controlling terminal and `stdin` as its input, and waits for it.
    func ask(_ arguments: [String], stdin: String) throws -> PtyProcess {
        let process = try PtyProcess(arguments, input: .bytes(Array(stdin.utf8)), controllingTerminal: false)
        #expect(process.waitForExit() != nil)
        return process
    }

    // MARK: - On the terminal

    /// Return in the first field moves to the second; Return there accepts both.
    @Test func returnMovesToTheNextFieldAndAcceptsInTheLast() throws {
        let process = try PtyProcess(["--field", "A", "--field", "B"], screen: "$ ask\n")
        #expect(process.waitForScreen("╰"), "\(process.terminal.lines)")
        process.type("x\r")
        #expect(process.waitUntilWaitingForKeys())
        process.type("y\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "x\ny\n")
        #expect(process.stderr.isEmpty)
        #expect(process.settingsRestored)
    }

    /// A multi-line field in a form: Return breaks its lines, Tab leaves it for the next field,
    /// where Return accepts; NUL after each answer tells them apart.
    @Test func tabLeavesAMultilineField() throws {
        let process = try PtyProcess(["--field", "Notes", "--multiline", "--field", "Name", "-0"], screen: "$ ask\n")
        #expect(process.waitForScreen("Ctrl-D to finish"), "\(process.terminal.lines)")
        process.type("one\rtwo\t")
        #expect(process.waitUntilWaitingForKeys())
        process.type("jane\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "one\ntwo\0jane\0")
        #expect(process.settingsRestored)
    }

    // MARK: - From standard input

    @Test(arguments: [
        (["--field", "A", "--field", "B"], "one\ntwo\n", "one\ntwo\n"),
        (["--field", "A", "--field", "B", "--field", "C"], "one\r\ntwo\nthree", "one\ntwo\nthree\n"),
        (["--field", "A", "--field", "B", "--field", "C"], "\n\n\n", "\n\n\n"),
        (["--login", "-t", "Sign In"], "jane\nhunter2\n", "jane\nhunter2\n"),
        (["--field", "A", "--field", "B", "-0"], "x y\nz\n", "x y\0z\0"),
    ])
    func aLinePerFieldFromStdin(arguments: [String], stdin: String, stdout: String) throws {
        let process = try ask(arguments + ["--fallback", "stdin"], stdin: stdin)
        #expect(process.termination == .exited(0), "\(process.stderrText)")
        #expect(process.stdout == Array(stdout.utf8))
        #expect(process.stderr.isEmpty)
    }

    /// Three calls in one script share one stdin: each takes a line per field and leaves the
    /// rest, whether stdin is a pipe or a file.
    @Test(arguments: ["pipe", "file"])
    func threeCallsShareOneStdinALinePerField(kind: String) throws {
        let input = "1\n2\n3\n4\n5\n6\n7\n"
        let directory = TemporaryDirectory()
        directory.write("input", input)
        let calls = #"a=$("$ASK" --fallback stdin --field A --field B); b=$("$ASK" --stdin --login); "#
            + #"c=$("$ASK" --fallback stdin); IFS= read -r rest; printf '%s|%s|%s|%s' "$a" "$b" "$c" "$rest""#
        let process = try withExtendedLifetime(directory) {
            kind == "file" ? try shell("exec < '\(directory.path)/input'; " + calls, stdin: "") : try shell(calls, stdin: input)
        }
        #expect(process.termination == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "1\n2|3\n4|5|6")
    }

    /// A multi-line field takes lines until an empty one (not part of its answer); the next
    /// field the line after.
    @Test(arguments: [
        (["--field", "Notes", "--multiline", "--field", "Name", "-0"], "a\nb\n\njane\n", "a\nb\0jane\0"),
        (["--field", "Name", "--field", "Notes", "--multiline", "-0"], "jane\na\n\nb\n", "jane\0a\0"),
        (["--field", "Name", "--field", "Notes", "--multiline", "-0"], "jane\na\nb", "jane\0a\nb\0"),
    ])
    func aMultilineFieldFromStdin(arguments: [String], stdin: String, stdout: String) throws {
        let process = try ask(arguments + ["--fallback", "stdin"], stdin: stdin)
        #expect(process.termination == .exited(0), "\(process.stderrText)")
        #expect(process.stdout == Array(stdout.utf8))
    }

    @Test(arguments: [
        (["--field", "A", "--field", "B"], "one\n", "B"),
        (["--field", "A", "--field", "B"], "", "A"),
        (["--field", "A", "--field", "B", "--field", "C"], "one\ntwo\n", "C"),
        (["--login"], "jane\n", "Password"),
        (["--field", "", "--field", ""], "one\n", "field 2"),
        (["--field", "Notes", "--multiline", "--field", "Name"], "a\nb\n", "Name"),
    ])
    func endOfInputBeforeTheLastFieldCancelsNamingIt(arguments: [String], stdin: String, field: String) throws {
        let process = try ask(arguments + ["--fallback", "stdin"], stdin: stdin)
        #expect(process.termination == .exited(1))
        #expect(process.stdout.isEmpty)
        #expect(process.stderrText == "ask: cancelled: standard input ended before an answer for '\(field)'\n")
    }

    @Test(arguments: [
        (["--field", "A", "--field", "Age", "--keyboard", "number"], "jane\nten\n",
         "answer for 'Age' refused: the answer has characters a number field does not take"),
        (["--field", "Name", "--required", "--field", "B"], "\nb\n", "answer for 'Name' refused: An answer is required"),
        (["--login", "--min-length", "8"], "jane\nhunter2\n", "answer for 'Password' refused: Enter at least 8 characters"),
        (["--field", "A", "--field", "Code", "--pattern", "[0-9]{4}", "--error", "Four digits"], "a\n12345\n",
         "answer for 'Code' refused: Four digits"),
    ])
    func aRefusedAnswerExits65NamingTheField(arguments: [String], stdin: String, message: String) throws {
        let process = try ask(arguments + ["--fallback", "stdin"], stdin: stdin)
        #expect(process.termination == .exited(65))
        #expect(process.stdout.isEmpty)
        #expect(process.stderrText == "ask: \(message)\n")
    }

    // MARK: - In the shell

    /// bash's `read`, a line per field, from a process substitution.
    @Test func bashReadsTheUserAndThePassword() throws {
        let script = #"{ IFS= read -r user; IFS= read -r pass; } < <("$ASK" --login -t "Sign In" --fallback stdin); printf '%s|%s' "$user" "$pass""#
        let process = try shell(script, stdin: " jane doe\nhunter 2 \n", executable: try Tools.require("bash"))
        #expect(process.termination == .exited(0))
        #expect(process.stdoutText == " jane doe|hunter 2 ")
        #expect(process.stderr.isEmpty, "\(process.stderrText)")
    }

    /// Each answer ends with NUL: `xargs -0` takes each as one argument, spaces and all.
    @Test func xargsTakesEachAnswerAsOneArgument() throws {
        let script = #""$ASK" --fallback stdin --field From --field To -0 | xargs -0 printf '<%s>'"#
        let process = try shell(script, stdin: "old name.txt\nnew name.txt\n")
        #expect(process.termination == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "<old name.txt><new name.txt>")
    }

    // MARK: - From --value

    @Test func fallbackValueAnswersEachFieldWithItsValue() throws {
        let ok = try ask(["--fallback", "value", "--field", "A", "--value", "one", "--field", "B", "--field", "C", "--value", "three"],
                         stdin: "")
        #expect(ok.termination == .exited(0), "\(ok.stderrText)")
        #expect(ok.stdoutText == "one\n\nthree\n")

        let refused = try ask(["--fallback", "value", "--field", "A", "--value", "one", "--field", "B", "--required"], stdin: "")
        #expect(refused.termination == .exited(65))
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderrText == "ask: answer for 'B' refused: An answer is required\n")
    }

    // MARK: - Usage errors

    @Test(arguments: [
        (["--secure", "--field", "A"],
         "option '--secure' comes before the first '--field': a field option describes the field named before it"),
        (["--login", "--field", "A"], "options '--login' and '--field' contradict each other"),
        (["--field", "A", "--no-field"], "options '--field' and '--no-field' contradict each other"),
        (["--login", "-n"],
         "option '--no-newline' would run the answers of 2 fields together (use '--null' to end each with NUL)"),
        (["--field", "A", "--field", "B", "--min-length", "3", "--max-length", "2"],
         "options '--min-length 3' and '--max-length 2' of 'B' contradict each other"),
    ])
    func fieldOptionsOutOfPlaceAreUsageErrors(arguments: [String], message: String) throws {
        let process = try ask(arguments + ["--fallback", "stdin"], stdin: "a\nb\n")
        #expect(process.termination == .exited(64))
        #expect(process.stdout.isEmpty)
        #expect(process.stderrText == "ask: \(message)\n")
    }
}
