import AskChoices
import AskFields
import AskGauge
import AskKit
import AskPresentation
import AskTextBox
import Glibc
import TestSupport
import Testing

/// The built `ask` on short terminals: the message shows before blank rows do, and an error
/// shows whole.
@Suite struct ShortTerminalEndToEndTests {
    /// At 80×8 the message is there, a row of it at a time: its start, and PgDn reaches its end.
    @Test func at80x8TheMessageShows() throws {
        let message = "Enter the password for me on registry.example.com to push the image and tag it as the latest release."
        let process = try PtyProcess(["-t", "Server Password", "--secure", message], rows: 8, columns: 80)
        #expect(process.waitForScreen("╰"), "\(process.stderrText)")
        #expect(process.terminal.contains("Server Password"))
        #expect(process.terminal.contains("Enter the password for") && process.terminal.contains("↓50%"), "\(process.terminal.lines)")
        process.waitUntilWaitingForKeys()
        process.type("\u{1B}[6~")  // PgDn
        #expect(process.waitForScreen("as the latest release."), "\(process.terminal.lines)")
        process.waitUntilWaitingForKeys()
        process.type("\u{1B}")
        #expect(process.waitForExit() == .exited(1))
        #expect(process.settingsRestored)
    }

    /// At 20×6 a refused answer's reason shows whole, wrapped under the one-line form, and the
    /// next edit clears it.
    @Test func at20x6AnErrorShowsWhole() throws {
        let process = try PtyProcess(["-t", "Ticket", "--pattern", "[A-Z]+-[0-9]+"], rows: 6, columns: 20)
        #expect(process.waitForScreen("Ticket:"), "\(process.stderrText)")
        process.waitUntilWaitingForKeys()
        process.type("12\r")
        #expect(process.waitForScreen("The answer is not"), "\(process.terminal.lines)")
        #expect(process.terminal.contains("in the expected"))
        #expect(process.terminal.contains("format"))
        process.type("\u{7F}")
        #expect(process.wait { !$0.terminal.contains("The answer") }, "\(process.terminal.lines)")
        process.type("\u{1B}")
        #expect(process.waitForExit() == .exited(1))
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
    }
}
