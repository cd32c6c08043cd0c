import AskChoices
import AskFields
import AskGauge
import AskKit
import AskPresentation
import AskTextBox
import Glibc
import TestSupport
import Testing

/// Keyboard types, validation, repeat entry and reveal in the built `ask`.
@Suite struct InputRulesEndToEndTests {
    func start(_ arguments: [String]) throws -> PtyProcess {
        let process = try PtyProcess(arguments, screen: "$ ask\n")
        #expect(process.waitForScreen("╰"))
        return process
    }

    @Test func aRefusedKeyLeavesTheFieldAsItWasAndRingsTheBell() throws {
        let process = try start(["--keyboard", "number"])
        process.type("12")
        #expect(process.waitForScreen("│ 12 "))
        let before = process.terminal.lines
        process.type("x")
        #expect(process.wait { $0.terminal.bells == 1 })
        #expect(process.terminal.lines == before)
        process.type("3\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "123\n")
    }

    /// A starting value is held to the field's rules on a terminal as it is without one: a
    /// number field's `--value abc` is refused at Return, and the person can mend it.
    @Test func aStartingValueTheKeyboardTypeRefusesIsNotAnswered() throws {
        let process = try start(["--keyboard", "number", "--value", "abc"])
        #expect(process.waitUntilWaitingForKeys())
        process.type("\r")
        #expect(process.waitForScreen("Enter a number"), "\(process.terminal.lines)")
        #expect(process.stdout.isEmpty)
        process.type("\u{15}42\r")  // Ctrl-U, then digits
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "42\n")
        #expect(process.settingsRestored)
    }

    @Test func aFailedPatternShowsTheReasonThenTheFixIsAccepted() throws {
        let process = try start(["--title", "Code", "--pattern", "[A-Z]{3}-[0-9]{3}", "--error", "Like ABC-123",
                                 "--color", "always"])
        process.type("abc-123\r")
        #expect(process.waitForScreen("Like ABC-123"))
        #expect(process.terminal.style(of: "Like ABC-123")?.bold == true)
        #expect(process.terminal.contains("│ abc-123"))
        #expect(process.termination == nil)
        process.type("\u{15}ABC-123")  // Ctrl-U, then the right answer
        #expect(process.wait { !$0.terminal.contains("Like ABC-123") })
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "ABC-123\n")
    }

    @Test func repeatEntryMismatchThenMatch() throws {
        let process = try start(["--title", "New password", "--secure", "--repeat", "--repeat-label", "Repeat password"])
        process.type("first\r")
        #expect(process.waitForScreen("Repeat password"))
        process.type("other\r")
        #expect(process.waitForScreen("Entries don't match"))
        process.type("right\r")
        #expect(process.waitForScreen("Repeat password"))
        process.type("right\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "right\n")
        for secret in ["first", "other", "right"] { #expect(!process.transcriptText.contains(secret)) }
        #expect(process.settingsRestored)
    }

    @Test func maxLengthWithALongerPasteShowsTheCounterAndTheCut() throws {
        let process = try start(["--max-length", "16"])
        process.type("\u{1B}[200~" + String(repeating: "x", count: 40) + "\u{1B}[201~")
        #expect(process.waitForScreen("16/16"))
        #expect(process.terminal.contains("Pasted text was cut"))
        #expect(process.terminal.contains("│ " + String(repeating: "x", count: 16) + " "))
        #expect(process.waitUntilWaitingForKeys())  // keys on a paste's heels are pasted
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == String(repeating: "x", count: 16) + "\n")
    }

    @Test func revealShowsTheTextOnlyWhenAllowed() throws {
        let process = try start(["--secure", "--allow-reveal"])
        #expect(process.terminal.contains("Ctrl-R shows the text"))
        process.type("opensesame")
        #expect(process.waitForScreen("••••••••••"))
        process.type("\u{12}")  // Ctrl-R
        #expect(process.waitForScreen("│ opensesame "))
        process.type("\u{12}")
        #expect(process.waitForScreen("••••••••••"))
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "opensesame\n")
    }

    /// A pattern only the C library can refuse (it does not compile, or would take too long or
    /// too much memory to compile) is a usage error as the alert starts: one line, status 64,
    /// nothing drawn, the terminal untouched.
    @Test(arguments: [
        ("[a-", "ask: invalid pattern '[a-'"),
        ("(a", "ask: invalid pattern '(a'"),
        ("a{2,1}", "ask: invalid pattern 'a{2,1}'"),
        ("(a{255}){255}{255}", "ask: invalid pattern '(a{255}){255}{255}': too slow or too large to compile"),
        ("(y?){8000}", "ask: invalid pattern '(y?){8000}': too slow or too large"),
        ("20,000 nested groups", "ask: invalid pattern '((((("),
    ])
    func patternsTheCLibraryRefusesAreUsageErrors(pattern: String, prefix: String) throws {
        // A pattern too long for the test's output is named there instead.
        let nested = String(repeating: "(", count: 20000) + "y" + String(repeating: ")", count: 20000)
        let process = try PtyProcess(["--pattern", pattern == "20,000 nested groups" ? nested : pattern], screen: "$ ask\n")
        #expect(process.waitForExit(seconds: 10) == .exited(64))
        #expect(process.stderrText.hasPrefix(prefix), "\(process.stderrText.prefix(200))")
        #expect(process.stderrText.split(separator: "\n").count == 1)
        #expect(process.transcript.isEmpty)
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
    }
}
