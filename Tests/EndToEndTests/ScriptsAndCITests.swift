import AskChoices
import AskCommandLine
import AskFields
import AskGauge
import AskKit
import AskPresentation
import AskSystem
import AskTextBox
import Glibc
import TestSupport
import Testing

/// `ask` in scripts and CI: no terminal, stdin answers, timeouts, askpass clients, plain mode.
@Suite struct ScriptsAndCITests {
    /// Runs `sh -c script` with no controlling terminal, `ask` as `$ASK`.
    func shell(_ script: String, stdin: String, environment: [String: String] = [:]) throws -> PtyProcess {
        let process = try PtyProcess(["-c", script], executable: "/bin/sh",
                                     environment: ["ASK": PtyProcess.askPath].merging(environment) { $1 },
                                     input: .bytes(Array(stdin.utf8)), controllingTerminal: false)
        #expect(process.waitForExit(seconds: 10) != nil)
        return process
    }

    @Test func threeCallsShareOneStdinALineEach() throws {
        let script = #"a=$("$ASK" --fallback stdin -t A); b=$("$ASK" --fallback stdin -t B); c=$("$ASK" --fallback stdin -t C); printf '%s|%s|%s' "$a" "$b" "$c""#
        let process = try shell(script, stdin: "one\ntwo\r\nthree\nfour\n")
        #expect(process.termination == .exited(0))
        #expect(process.stdoutText == "one|two|three")
        #expect(!process.stdout.contains(0x1B))
    }

    @Test func theEnvironmentVariableSetsTheFallbackForEveryCall() throws {
        let script = #"a=$("$ASK" -t A) && b=$("$ASK" --secure -t B) && printf '%s|%s' "$a" "$b""#
        let process = try shell(script, stdin: "first\nsecond\n", environment: ["ASK_FALLBACK": "stdin"])
        #expect(process.termination == .exited(0))
        #expect(process.stdoutText == "first|second")
    }

    @Test func endOfFileBeforeAnyByteIsACancel() throws {
        let process = try shell(#""$ASK" --fallback stdin"#, stdin: "")
        #expect(process.termination == .exited(1))
        #expect(process.stdout.isEmpty)
    }

    @Test func aLastLineWithoutANewlineIsStillAnAnswer() throws {
        let process = try shell(#""$ASK" --fallback stdin"#, stdin: "no newline")
        #expect(process.termination == .exited(0))
        #expect(process.stdoutText == "no newline\n")
    }

    @Test(arguments: [
        (["--keyboard", "number"], "12a\n", "ask: answer refused: the answer has characters a number field does not take\n"),
        (["--keyboard", "email"], "jane\n", "ask: answer refused: Enter an email address, like name@example.com\n"),
        (["--keyboard", "email"], "jane doe\n", "ask: answer refused: the answer has characters an email field does not take\n"),
        (["--keyboard", "ascii"], "café\n", "ask: answer refused: the answer has characters an ascii field does not take\n"),
        (["--required"], "\n", "ask: answer refused: An answer is required\n"),
        (["--max-length", "3"], "abcd\n", "ask: answer refused: Enter at most 3 characters\n"),
        (["--pattern", "[0-9]+", "--error", "Digits only"], "x1\n", "ask: answer refused: Digits only\n"),
        ([], "bell\u{7}\n", "ask: answer refused: the answer contains control characters\n"),
    ])
    func aRefusedStdinAnswerExits65(options: [String], stdin: String, message: String) throws {
        let process = try PtyProcess(["--fallback", "stdin"] + options, input: .bytes(Array(stdin.utf8)), controllingTerminal: false)
        #expect(process.waitForExit() == .exited(65))
        #expect(process.stdout.isEmpty)
        #expect(process.stderrText == message)
    }

    @Test func invalidUTF8OnStdinIsRefused() throws {
        let process = try PtyProcess(["--fallback", "stdin"], input: .bytes([0x61, 0xFF, 0x0A]), controllingTerminal: false)
        #expect(process.waitForExit() == .exited(65))
        #expect(process.stdout.isEmpty)
    }

    @Test(arguments: [("", 0), ("cancel\n", 1), ("SAVE AS\n", 3), ("\n", 0), ("nope\n", 65)])
    func aNoFieldAlertTakesAButtonLabelFromStdin(stdin: String, status: Int32) throws {
        let process = try PtyProcess(["--no-field", "--secondary", "Save As", "--fallback", "stdin"],
                                     input: .bytes(Array(stdin.utf8)), controllingTerminal: false)
        // An empty stdin is end of file: a cancel.
        #expect(process.waitForExit() == .exited(stdin.isEmpty ? 1 : status))
        #expect(process.stdout.isEmpty)
    }

    @Test func fallbackValueAnswersWithTheValue() throws {
        let ok = try PtyProcess(["--fallback", "value", "--value", "default answer"], input: .null, controllingTerminal: false)
        #expect(ok.waitForExit() == .exited(0))
        #expect(ok.stdoutText == "default answer\n")
        let refused = try PtyProcess(["--fallback", "value", "--keyboard", "number", "--value", "x"], input: .null,
                                     controllingTerminal: false)
        #expect(refused.waitForExit() == .exited(65))
    }

    @Test func stdinWinsEvenWithATerminal() throws {
        let process = try PtyProcess(["--stdin", "--title", "Piped"], input: .bytes(Array("piped\n".utf8)))
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "piped\n")
        #expect(process.transcript.isEmpty)
    }

    @Test func aBadAskFallbackIsAUsageError() throws {
        let process = try PtyProcess([], environment: ["ASK_FALLBACK": "maybe"], input: .null, controllingTerminal: false)
        #expect(process.waitForExit() == .exited(64))
        #expect(process.stderrText == "ask: invalid ASK_FALLBACK 'maybe' (choose from: fail, stdin, value)\n")
    }

    @Test func timeoutOnTheTerminalExits124WithTheTerminalRestored() throws {
        // (How the countdown ticks is AlertControllerTests', with the time given.)
        let process = try PtyProcess(["--title", "Hurry", "--timeout", "0.5", "--secure"], screen: "$ ask\n")
        #expect(process.waitForScreen("╰"))
        process.type("partial")
        #expect(process.waitForExit() == .exited(124))
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
        #expect(process.terminal.text == "$ ask")
    }

    @Test func timeoutBoundsTheWaitForStdin() throws {
        let started = MonotonicClock.now
        let process = try PtyProcess(["--stdin", "--timeout", "0.3"], input: .pipe, controllingTerminal: false)
        #expect(process.waitForExit() == .exited(124))
        #expect(MonotonicClock.now - started < 3)
        #expect(process.stdout.isEmpty)
    }

    @Test func aHugeTimeoutIsFine() throws {
        let process = try PtyProcess(["--timeout", "3000000"], screen: "$ ask\n")
        #expect(process.waitForScreen("╰"))
        process.type("\u{1B}")
        #expect(process.waitForExit() == .exited(1))
    }

    @Test func aSecretFromStdinGetsTheSameCare() throws {
        // From a pipe: core dumps off while it waits.
        let piped = try PtyProcess(["--stdin", "--secure"], input: .pipe, controllingTerminal: false)
        #expect(piped.wait { String(decoding: PtyProcess.readAll("/proc/\($0.pid)/limits"), as: UTF8.self)
            .split(separator: "\n").contains { $0.hasPrefix("Max core file size") && $0.split(separator: " ").dropFirst(4).first == "0" } })
        piped.writeStdin("s3cret\n")
        #expect(piped.waitForExit() == .exited(0))
        #expect(piped.stdoutText == "s3cret\n")
        // From a terminal: not echoed, and the echo is back afterwards.
        let typed = try PtyProcess(["--stdin", "--secure"], screen: "$ ask\n")
        #expect(typed.wait { $0.settingsNow.c_lflag & tcflag_t(ECHO) == 0 })
        typed.type("hunter2\r")
        #expect(typed.waitForExit() == .exited(0))
        #expect(typed.stdoutText == "hunter2\n")
        #expect(!typed.transcriptText.contains("hunter2"))
        #expect(typed.settingsRestored)
    }

    @Test func aReaderGoingAwayIs74WithoutATerminalToo() throws {
        let process = try PtyProcess(["--stdin"], input: .pipe, controllingTerminal: false)
        let stillOpen = process.closeStdoutReader()
        #expect(stillOpen == nil, "\(stillOpen ?? "")")
        process.writeStdin("answer\n")
        #expect(process.waitForExit() == .exited(74))
        #expect(process.stderrText == "ask: cannot write the answer: Broken pipe\n")
    }

    @Test(arguments: [
        (["--color", "\u{1B}[2J"], "", "ask: invalid value '^[[2J' for '--color' (choose from: auto, always, never)\n"),
        (["--no-field", "--stdin"], "\u{1B}]0;hi\u{7}\n",
         "ask: answer refused: no button is labelled '^[]0;hi^G' (choose from 'OK', 'Cancel')\n"),
    ])
    func errorsShowControlCharactersInsteadOfSendingThem(arguments: [String], stdin: String, message: String) throws {
        let process = try PtyProcess(arguments, input: .bytes(Array(stdin.utf8)), controllingTerminal: false)
        _ = process.waitForExit()
        #expect(process.stderrText == message)
        #expect(!process.stderr.contains(0x1B))
    }

    @Test func controlCharactersInValueAreDroppedLikeAPaste() throws {
        let process = try PtyProcess(["--value", "a\u{1B}[2Jb\r\nc"], screen: "$ ask\n")
        #expect(process.waitForScreen("a[2Jb c"))
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "a[2Jb c\n")
    }

    // MARK: - Plain mode

    @Test func plainModeUnderTermDumbWritesLinesOnly() throws {
        let process = try PtyProcess(["--title", "Account", "--message", "Your name"], environment: ["TERM": "dumb"],
                                     screen: "$ ask\n")
        #expect(process.wait { $0.terminal.lines.contains(">") })
        #expect(process.terminal.lines[1] == "Account")
        #expect(process.terminal.lines[2] == "Your name")
        process.type("Jo")
        process.type("\u{7F}")  // Backspace: "\b \b"
        process.type("ane\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "Jane\n")
        #expect(!process.transcript.contains(0x1B))
        #expect(process.terminal.lines[3] == "> Jane", "\(process.terminal.lines) \(process.transcript)")
        #expect(process.settingsRestored)
    }

    @Test func plainModeMasksSecureEntryAndShowsErrorsOnANewLine() throws {
        let process = try PtyProcess(["--plain", "--secure", "--min-length", "4", "--title", "PIN"], screen: "$ ask\n")
        #expect(process.wait { $0.terminal.lines.contains(">") })
        process.type("123\r")
        #expect(process.waitForScreen("Enter at least 4 characters"))
        process.type("4\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "1234\n")
        #expect(!process.transcriptText.contains("123"))
        #expect(process.terminal.contains("> ••••"))
        #expect(!process.transcript.contains(0x1B))
    }

    @Test func plainModeEscCancels() throws {
        let process = try PtyProcess(["--plain"], screen: "$ ask\n")
        #expect(process.wait { $0.terminal.lines.contains(">") })
        process.type("abc\u{1B}")
        #expect(process.waitForExit() == .exited(1))
        #expect(process.stdout.isEmpty)
    }

    // MARK: - Askpass

    @Test(arguments: [("Password for 'https://jane@example.com': ", true), ("Username for 'https://example.com': ", false),
                      ("login: ", false), ("Enter passphrase for key '/k': ", true)])
    func askpassSecureUnlessItAsksForAUserName(prompt: String, secure: Bool) throws {
        let directory = TemporaryDirectory()
        let helper = directory.link("ask-askpass", to: PtyProcess.askPath)
        let process = try PtyProcess([prompt], executable: helper, screen: "$ git push\n")
        #expect(process.waitForScreen("╰"))
        process.type("typed")
        #expect(process.waitForScreen(secure ? "•••••" : "│ typed"))
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "typed\n")
    }

    @Test(arguments: [("confirm", "\r", 0), ("confirm", "\u{1B}", 1), ("none", "x", 0)])
    func sshAskpassPromptModes(mode: String, key: String, status: Int32) throws {
        let process = try PtyProcess(["--askpass", "Allow use of key?"], environment: ["SSH_ASKPASS_PROMPT": mode],
                                     screen: "$ ssh host\n")
        #expect(process.waitForScreen("Allow use of key?"))
        #expect(!process.terminal.contains("_"))
        if mode == "none" { #expect(!process.terminal.contains("Cancel")) }
        process.type(key)
        #expect(process.waitForExit() == .exited(status))
        #expect(process.stdout.isEmpty)
    }

    @Test func sshAskpassNoneEndsWhenTheHelperIsTerminated() throws {
        let process = try PtyProcess(["--askpass", "Touch your key"], environment: ["SSH_ASKPASS_PROMPT": "none"])
        #expect(process.waitForScreen("Touch your key"))
        process.signal(SIGTERM)
        #expect(process.waitForExit() == .signaled(SIGTERM))
        #expect(process.settingsRestored)
    }

    @Test func gitCredentialFillGetsTheTypedUserAndSecret() throws {
        let directory = TemporaryDirectory()
        let helper = directory.link("ask-askpass", to: PtyProcess.askPath)
        let process = try PtyProcess(["credential", "fill"], executable: "/usr/bin/git",
                                     environment: ["GIT_ASKPASS": helper, "HOME": directory.path, "GIT_CONFIG_NOSYSTEM": "1",
                                                   "GIT_TERMINAL_PROMPT": "1"],
                                     screen: "$ git credential fill\n",
                                     input: .bytes(Array("protocol=https\nhost=example.com\n\n".utf8)))
        #expect(process.waitForScreen("Username for"))
        process.type("jane\r")
        #expect(process.waitForScreen("Password for"))
        process.type("s3cr3t pass\r")
        #expect(process.waitForExit(seconds: 10) == .exited(0))
        #expect(process.stdoutText.contains("username=jane\n"))
        #expect(process.stdoutText.contains("password=s3cr3t pass\n"))
        #expect(!process.transcriptText.contains("s3cr3t"))
        #expect(process.settingsRestored)
    }

    @Test func sshKeygenReadsThePassphraseThroughAsk() throws {
        let directory = TemporaryDirectory()
        let keygen = try PtyProcess(["-q", "-t", "ed25519", "-N", "correct horse", "-C", "test", "-f", directory.path + "/key"],
                                    executable: "/usr/bin/ssh-keygen", input: .null, controllingTerminal: false)
        #expect(keygen.waitForExit(seconds: 10) == .exited(0))
        let helper = directory.link("ask-askpass", to: PtyProcess.askPath)
        let process = try PtyProcess(["-y", "-f", directory.path + "/key"], executable: "/usr/bin/ssh-keygen",
                                     environment: ["SSH_ASKPASS": helper, "SSH_ASKPASS_REQUIRE": "force", "DISPLAY": ""],
                                     screen: "$ ssh-keygen -y -f key\n", input: .null)
        #expect(process.waitForScreen("passphrase"), "\(process.stderrText)")
        process.type("correct horse\r")
        #expect(process.waitForExit(seconds: 10) == .exited(0))
        let publicKey = directory.read("key.pub").split(separator: " ").prefix(2).joined(separator: " ")
        #expect(!publicKey.isEmpty)
        #expect(process.stdoutText.hasPrefix(publicKey))
        #expect(!process.transcriptText.contains("correct horse"))
        #expect(process.settingsRestored)
    }
}
