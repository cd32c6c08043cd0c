import AskChoices
import AskFields
import AskGauge
import AskKit
import AskModel
import AskRender
import AskSession
import AskLayout
import AskText
import AskPresentation
import AskTextBox
import Glibc
import TestSupport
import Testing

/// The alert's buttons, focus and resizing, end to end.
@Suite struct AlertTests {
    func start(_ arguments: [String], rows: Int = 24, columns: Int = 80) throws -> PtyProcess {
        let process = try PtyProcess(arguments, rows: rows, columns: columns, screen: "$ ask\n")
        #expect(process.waitForScreen("╰") || process.wait(seconds: 1) { !$0.transcript.isEmpty })
        return process
    }

    @Test func tabMovesFocusToTheButtonsAndEnterActivatesTheFocusedOne() throws {
        let process = try start(["--title", "Focus"])
        process.type("text\t")  // Tab: Cancel (leading) has the focus
        #expect(process.wait { $0.terminal.style(of: "Cancel")?.inverse == true })
        // The cursor is hidden: the focused button is drawn in inverse.
        #expect(!process.terminal.cursorVisible)
        process.type("\u{1B}[C")  // Right: OK
        #expect(process.wait { $0.terminal.style(of: "OK")?.inverse == true })
        process.type("\u{1B}[D")  // Left: back to Cancel
        #expect(process.wait { $0.terminal.style(of: "Cancel")?.inverse == true })
        process.type("\r")
        #expect(process.waitForExit() == .exited(1))
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
    }

    @Test func shiftTabWrapsToTheLastButtonAndSpaceActivatesIt() throws {
        let process = try start(["--title", "Focus"])
        process.type("answer\u{1B}[Z")  // Shift-Tab from the field: OK, the trailing button
        #expect(process.wait { $0.terminal.style(of: "OK")?.inverse == true })
        process.type(" ")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "answer\n")
    }

    @Test func typingOnAButtonGoesBackToTheField() throws {
        let process = try start([])
        process.type("ab\tc\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "abc\n")
    }

    @Test func secondaryButtonPrintsTheTextAndExitsThree() throws {
        let process = try start(["--title", "Save?", "--ok", "Save", "--secondary", "Save As", "--value", "draft"])
        #expect(process.terminal.contains("Save As"))
        process.type("\t\u{1B}[B")  // Tab: Save (top of the stack); Down: Save As
        #expect(process.wait { $0.terminal.style(of: "Save As")?.inverse == true })
        process.type("\r")
        #expect(process.waitForExit() == .exited(3))
        #expect(process.stdoutText == "draft\n")
    }

    @Test func destructiveMakesEnterCancel() throws {
        let process = try start(["--title", "Wipe everything?", "--ok", "Delete", "--destructive", "--color", "always"])
        #expect(process.terminal.style(of: "! Delete")?.foreground == .red)  // its sign
        #expect(process.terminal.style(of: "Delete ")?.foreground == nil)  // its label, the terminal's colour
        #expect(process.terminal.style(of: "Cancel")?.bold == true)
        process.type("yes\r")
        #expect(process.waitForExit() == .exited(1))
        #expect(process.stdout.isEmpty)
    }

    @Test func defaultButtonCanBeChosen() throws {
        let process = try start(["--destructive", "--default-button", "ok", "--ok", "Delete"])
        process.type("yes\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "yes\n")
    }

    @Test(arguments: [("\r", 0), ("\u{1B}[D\r", 1), ("\u{1B}", 1), ("\u{1B}[D\u{1B}[C ", 0)])
    func noFieldIsAConfirmation(keys: String, status: Int32) throws {
        let process = try start(["--no-field", "--title", "Quit?", "--ok", "Quit"])
        #expect(process.terminal.style(of: "Quit ")?.inverse == true)  // the default button has the focus
        process.type(keys)
        #expect(process.waitForExit() == .exited(status))
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
    }

    @Test func noCancelStillCancelsWithEsc() throws {
        let process = try start(["--no-cancel"])
        #expect(!process.terminal.contains("Cancel"))
        process.type("x\u{1B}")
        #expect(process.waitForExit() == .exited(1))
    }

    @Test(arguments: [
        ([String: String](), true), (["NO_COLOR": "1"], false), (["NO_COLOR": ""], true), (["TERM": ""], false),
    ])
    func colourFollowsTermAndNoColor(environment: [String: String], colour: Bool) throws {
        let process = try PtyProcess(["--destructive", "--default-button", "ok", "--ok", "Delete"], environment: environment)
        #expect(process.waitForScreen("Delete"))
        #expect(process.waitForScreen("! Delete"))  // the sign, with colour or without
        #expect((process.terminal.style(of: "! Delete")?.foreground == .red) == colour)
        process.type("\u{1B}")
        #expect(process.waitForExit() == .exited(1))
    }

    @Test func resizeToTinyAndBackKeepsWorking() throws {
        let process = try start(["--title", "Resize", "--message", "Resizing the terminal while the alert is up"])
        process.type("abc")
        process.resize(rows: 5, columns: 20)
        #expect(process.wait { $0.terminal.contains("Resize: abc") })
        process.resize(rows: 1, columns: 1)
        process.type("d")
        process.resize(rows: 24, columns: 80)
        #expect(process.waitForScreen("│ abcd "))
        #expect(process.terminal.lines.filter { $0.contains("Resize") }.count == 1)
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "abcd\n")
        #expect(process.settingsRestored)
        // (What was above the alert went to the scrollback at 1×1, which this emulator does not keep.)
    }

    @Test func widthOption() throws {
        let process = try start(["--title", "W", "--width", "50"])
        #expect(process.terminal.lines.contains { $0.hasPrefix("╭") && $0.count == 50 })
        process.type("\u{1B}")
        #expect(process.waitForExit() == .exited(1))
    }
}
