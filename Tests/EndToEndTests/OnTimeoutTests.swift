import Glibc
import TestSupport
import Testing

/// `--on-timeout accept` with the built `ask`: what stands when the time runs out is the answer,
/// held to the rules, on a terminal and without one. (The countdown's words and each control's
/// rule are TimeoutAnswerTests', with the time given; here the time really runs out, so each
/// case waits about a second.)
struct OnTimeoutTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        /// Typed once the alert is drawn (and seen on the screen before the time runs out).
        var keys = ""
        var seen = ""
        /// On the screen once the alert is drawn; left on it when it has ended.
        var shown = "╰"
        var left = "$ ask"
        /// Written to standard input, without a terminal.
        var stdin: String?
        let status: Int32
        let stdout: String
        var stderr = ""
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "the typed text", arguments: ["--title", "Branch", "--timeout", "1.5", "--on-timeout", "accept"],
             keys: "fix-42", seen: "fix-42", status: 0, stdout: "fix-42\n"),
        Case(name: "the starting text", arguments: ["--timeout", "0.5", "--on-timeout", "accept", "--value", "main"],
             status: 0, stdout: "main\n"),
        Case(name: "refused by the rules", arguments: ["--timeout", "1.5", "--on-timeout", "accept", "--min-length", "8"],
             keys: "abc", seen: "abc", status: 65, stdout: "",
             stderr: "ask: the time ran out, and what stood was refused: Enter at least 8 characters\n"),
        Case(name: "the highlighted choice", arguments: ["--choice", "Apple", "--choice", "Banana", "--timeout", "1.5", "--on-timeout", "accept"],
             keys: "\u{1B}[B", seen: "› 2 Banana", status: 0, stdout: "Banana\n"),
        Case(name: "a destructive alert's default is Cancel",
             arguments: ["--no-field", "--destructive", "--ok", "Delete", "--timeout", "0.5", "--on-timeout", "accept"],
             status: 1, stdout: ""),
        Case(name: "a destructive OK made the default is still not pressed by the time",
             arguments: ["--no-field", "--destructive", "--ok", "Delete", "--default-button", "ok", "--timeout", "0.5",
                         "--on-timeout", "accept"],
             status: 1, stdout: ""),
        Case(name: "a destructive choice marked by --selected is not taken by the time",
             arguments: ["--multiple", "--choice", "Keep", "--destructive-choice", "Delete", "--selected", "Delete",
                         "--timeout", "0.5", "--on-timeout", "accept"],
             status: 1, stdout: ""),
        Case(name: "a destructive choice highlighted by its digit is not taken by the time",
             arguments: ["--choice", "Keep them", "--destructive-choice", "Delete them", "--timeout", "1.5", "--on-timeout", "accept"],
             keys: "1", seen: "› 1 ! Delete them", status: 1, stdout: ""),
        Case(name: "in plain mode, a destructive OK made the default is not pressed by the time",
             arguments: ["--accessible", "--no-field", "--destructive", "--ok", "Delete", "--default-button", "ok",
                         "--timeout", "0.5", "--on-timeout", "accept"],
             shown: "(Cancel in", left: """
                $ ask
                (Cancel in 1 second)
                (Enter: Delete; Esc: Cancel; Delete is destructive)
                > [Delete]
                """, status: 1, stdout: ""),
        Case(name: "cancel, as before", arguments: ["--timeout", "0.5", "--on-timeout", "cancel", "--value", "main"],
             status: 124, stdout: ""),
        Case(name: "without a terminal: the lines read, then the starting texts",
             arguments: ["--field", "User", "--field", "Branch", "--value", "main", "--fallback", "stdin",
                         "--timeout", "0.5", "--on-timeout", "accept"],
             stdin: "jane\n", status: 0, stdout: "jane\nmain\n"),
        Case(name: "without a terminal: a multi-line field's lines read so far",
             arguments: ["--multiline", "--fallback", "stdin", "--timeout", "0.5", "--on-timeout", "accept"],
             stdin: "one\ntwo\n", status: 0, stdout: "one\ntwo\n"),
        Case(name: "without a terminal: what Return would choose",
             arguments: ["--choice", "Apple", "--choice", "Banana", "--selected", "Banana", "--fallback", "stdin",
                         "--timeout", "0.5", "--on-timeout", "accept"],
             stdin: "", status: 0, stdout: "Banana\n"),
        Case(name: "without a terminal: the list as far as it has arrived",
             arguments: ["--choices-from", "-", "--fallback", "value", "--timeout", "0.5", "--on-timeout", "accept"],
             stdin: "Apple\nBanana\n", status: 0, stdout: "Apple\n"),
        Case(name: "without a terminal: a destructive OK made the default is not pressed",
             arguments: ["--no-field", "--destructive", "--ok", "Delete", "--default-button", "ok", "--fallback", "stdin",
                         "--timeout", "0.5", "--on-timeout", "accept"],
             stdin: "", status: 1, stdout: ""),
        Case(name: "without a terminal: a destructive choice marked by --selected is not taken",
             arguments: ["--multiple", "--choices-from", "-", "--destructive-choice", "Delete", "--selected", "Delete",
                         "--fallback", "value", "--timeout", "0.5", "--on-timeout", "accept"],
             stdin: "Keep\n", status: 1, stdout: ""),
        Case(name: "without a terminal: still held to the rules",
             arguments: ["--fallback", "stdin", "--min-length", "3", "--timeout", "0.5", "--on-timeout", "accept"],
             stdin: "", status: 65, stdout: "", stderr: "ask: answer refused: Enter at least 3 characters\n"),
    ]

    @Test(arguments: cases)
    func theTimeAnswers(_ test: Case) throws {
        if let stdin = test.stdin {
            let process = try PtyProcess(test.arguments, input: .pipe, controllingTerminal: false)
            process.writeStdin(stdin)
            #expect(process.waitForExit() == .exited(test.status))
            #expect(process.stdoutText == test.stdout)
            #expect(process.stderrText == test.stderr)
            return
        }
        let process = try PtyProcess(test.arguments, screen: "$ ask\n")
        #expect(process.waitForScreen(test.shown))
        if !test.keys.isEmpty {
            process.type(test.keys)
            #expect(process.waitForScreen(test.seen))
        }
        #expect(process.waitForExit() == .exited(test.status))
        #expect(process.stdoutText == test.stdout)
        #expect(process.stderrText == test.stderr)
        #expect(process.settingsRestored)
        #expect(process.terminal.text == test.left)
    }

    /// The countdown names what the time will do.
    @Test func theCountdownSaysIt() throws {
        let process = try PtyProcess(["--title", "Branch", "--timeout", "3", "--on-timeout", "accept", "--ok", "Deploy"],
                                     screen: "$ ask\n")
        #expect(process.waitForScreen("Deploy in 3s"))
        process.type("\u{1B}")
        #expect(process.waitForExit() == .exited(1))
    }

    @Test func onTimeoutWithoutATimeoutIsAUsageError() throws {
        let process = try PtyProcess(["--on-timeout", "accept"], input: .null, controllingTerminal: false)
        #expect(process.waitForExit() == .exited(64))
        #expect(process.stderrText == "ask: option '--on-timeout' has no effect without '--timeout'\n")
    }
}
