import AskChoices
import AskFields
import AskGauge
import AskKit
import AskPresentation
import AskTextBox
import Glibc
import TestSupport
import Testing

/// A paste start whose end marker never comes must not hold the keyboard: once input has gone
/// quiet, the paste is over and the keys after it are keys again.
@Suite struct UnterminatedPasteTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let key: String
        let termination: PtyProcess.Termination
        let stdout: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "Ctrl-C interrupts", key: "\u{03}", termination: .signaled(SIGINT), stdout: ""),
        Case(name: "Esc cancels", key: "\u{1B}", termination: .exited(1), stdout: ""),
        Case(name: "Enter accepts what was pasted", key: "\r", termination: .exited(0), stdout: "x\n"),
    ]

    @Test(arguments: cases)
    func keysAfterAStrayPasteStartAreKeysOnceInputIsQuiet(_ testCase: Case) throws {
        let process = try PtyProcess(["--title", "Stray"], screen: "$ ask\n")
        #expect(process.waitForScreen("╰"))
        process.type("\u{1B}[200~x")
        // Nothing is drawn in the middle of a paste: the x shows once the paste is over.
        #expect(process.waitForScreen("│ x "), "\(process.terminal.text)")
        #expect(process.waitUntilWaitingForKeys())
        process.type(testCase.key)
        #expect(process.waitForExit() == testCase.termination, "\(process.stderrText)")
        #expect(process.stdoutText == testCase.stdout)
        #expect(process.settingsRestored)
        #expect(process.terminal.text == "$ ask")
    }
}
