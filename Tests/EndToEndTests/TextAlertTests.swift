import Glibc
import TestSupport
import Testing

/// AskKit's public API, used as a program would (`Tests/AlertDemo`): the typed result, the
/// answer (a secret written from where it lies), the fallbacks, and nothing left changed in the
/// process once `present()` returns.
@Suite struct TextAlertTests {
    func start(_ arguments: [String]) throws -> PtyProcess {
        let process = try PtyProcess(arguments, executable: PtyProcess.alertDemoPath, screen: "$ demo\n")
        #expect(process.waitForScreen("╰"), "the alert never appeared:\n\(process.terminal.text)")
        return process
    }

    static let restored = "core restored\nsigint default\nsigpipe default\n"

    @Test func anAnswerComesBackAsTheResult() throws {
        let process = try start([])
        #expect(process.terminal.contains("Say something"))
        process.type("\u{15}hello\r")  // Ctrl-U clears the starting text
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "accepted secret=false text=hello\nhello\n" + Self.restored)
        #expect(process.settingsRestored)
        #expect(process.terminal.text == "$ demo")
    }

    /// A secret: never a String (`text` is nil), written from where it lies; core dumps and
    /// dumpability are put back after the alert.
    @Test func aSecretIsWrittenAndTheProcessPutBack() throws {
        let process = try start(["secure"])
        process.type("\u{15}hunter2\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "accepted secret=true text=-\nhunter2\n" + Self.restored)
        #expect(!process.transcriptText.contains("hunter2"))
    }

    /// Two fields: Tab or Return moves to the next, Return in the last accepts. Each answer
    /// comes back in order, the password as a secret (never a String, never drawn) written
    /// from where it lies, on its own and with the other.
    @Test(arguments: ["\t", "\r"])
    func twoFieldsAnswerInOrder(next: String) throws {
        let process = try start(["fields"])
        #expect(process.terminal.contains("Sign in"))
        process.type("\u{15}jane" + next + "hunter2\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "accepted count=2\n0 secret=false text=jane: jane\n1 secret=true text=-: hunter2\n"
            + "jane;hunter2;\n" + Self.restored)
        #expect(!process.transcriptText.contains("hunter2"))
        #expect(process.settingsRestored)
        #expect(process.terminal.text == "$ demo")
    }

    /// Two secrets typed in one alert leave no copy in the program's memory as it exits: each
    /// answer is wiped when it goes away. The same scan must find a secret given as an argument,
    /// where it cannot be wiped, or it proves nothing.
    @Test(.enabled(if: geteuid() == 0, "reading a non-dumpable process's memory needs CAP_SYS_PTRACE"))
    func twoSecretsLeaveNoCopyInMemory() throws {
        let user = "Tr0ub4dor&3-zebra-9157", password = "correct-Horse-battery-5tapl3"
        let process = try PtyProcess(["fields", "secure"], executable: PtyProcess.alertDemoPath, screen: "$ demo\n", traced: true)
        #expect(process.waitForScreen("╰"))
        process.type("\u{15}" + user + "\t" + password)
        #expect(process.waitForScreen(String(repeating: "•", count: 20)))
        process.type("\r")
        #expect(process.waitForExitStop())
        #expect(process.memoryRegions(containingAny: FaultTests.encodings(user) + FaultTests.encodings(password)) == [])
        #expect(process.finishTracedExit() == .exited(0))
        #expect(process.stdoutText == "accepted count=2\n0 secret=true text=-: \(user)\n1 secret=true text=-: \(password)\n"
            + "\(user);\(password);\n" + Self.restored)

        let control = try PtyProcess(["fields", "secure", password], executable: PtyProcess.alertDemoPath, screen: "$ demo\n",
                                     traced: true)
        #expect(control.waitForScreen("╰"))
        control.type("\u{1B}")
        #expect(control.waitForExitStop())
        #expect(!control.memoryRegions(containing: Array(password.utf8)).isEmpty, "the scan cannot see memory")
        control.finishTracedExit()
    }

    @Test(arguments: [("\u{1B}", "cancelled"), ("\u{04}\u{04}\u{04}\u{04}\u{04}\u{04}", "cancelled")])
    func cancelling(keys: String, result: String) throws {
        let process = try start([])
        process.type("\u{15}" + keys)
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == result + "\n" + Self.restored)
    }

    @Test func aTimeoutIsAResult() throws {
        let process = try start(["timeout"])
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "timed out\n" + Self.restored)
        #expect(process.settingsRestored)
    }

    /// Ctrl-C is delivered to the program as SIGINT would be: by default it ends it, killed by
    /// the signal (the terminal restored first); a program that ignores SIGINT gets the result.
    @Test func ctrlCIsTheProgramsToHandle() throws {
        let dies = try start([])
        dies.type("\u{03}")
        #expect(dies.waitForExit() == .signaled(SIGINT))
        #expect(dies.settingsRestored)

        let ignores = try start(["ignore-int"])
        ignores.type("\u{03}")
        #expect(ignores.waitForExit() == .exited(0))
        #expect(ignores.stdoutText == "interrupted 2\ncore restored\nsigint ignored\nsigpipe default\n")
    }

    @Test(arguments: [
        ([String](), "", "failed no terminal to prompt on (/dev/tty: No such device or address) noTerminal=true\n"),
        (["fallback-text"], "", "accepted secret=false text=start\nstart\n"),
        (["fallback-stdin"], "typed\n", "accepted secret=false text=typed\ntyped\n"),
        // Several fields: a line each, in order, each held to its field's rules.
        (["fields", "fallback-stdin"], "jane\nhunter2\n",
         "accepted count=2\n0 secret=false text=jane: jane\n1 secret=true text=-: hunter2\njane;hunter2;\n"),
        (["fields", "fallback-stdin"], "\nhunter2\n", "failed answer for 'User' refused: An answer is required noTerminal=false\n"),
        (["fields", "fallback-stdin"], "jane\n",
         "failed cancelled: standard input ended before an answer for 'Password' noTerminal=false\n"),
        (["fields", "fallback-text"], "", "accepted count=2\n0 secret=false text=start: start\n1 secret=true text=-: \nstart;;\n"),
    ])
    func withoutATerminalTheFallbackAnswers(arguments: [String], stdin: String, expected: String) throws {
        let process = try PtyProcess(arguments, executable: PtyProcess.alertDemoPath, input: .bytes(Array(stdin.utf8)),
                                     controllingTerminal: false)
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == expected + Self.restored)
    }
}
