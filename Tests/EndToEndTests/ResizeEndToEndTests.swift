import AskChoices
import AskFields
import AskGauge
import AskKit
import AskLayout
import AskModel
import AskRender
import AskSession
import AskText
import AskPresentation
import AskSystem
import AskTextBox
import CTestSupport
import Glibc
import TestSupport
import Testing

/// The built `ask` resized in a real pseudo-terminal whose emulator handles a height change as
/// tmux does (rows go into the scrollback and come back; the cursor moves with them, a saved
/// position does not): every line above the alert is still there afterwards, on the screen or
/// in the scrollback, and no piece of the alert is.
@Suite struct ResizeEndToEndTests {
    static let arguments = ["--title", "Server Password", "--message", "x", "--secure"]
    /// Forty numbered lines, as `seq 40` leaves them, with the cursor on the line after.
    static let seq40 = (1...40).map(String.init).joined(separator: "\n") + "\n"

    /// The alert's width on a terminal of `columns`.
    static func boxWidth(columns: Int, rows: Int) -> Int {
        let spec = PromptSpec(title: "Server Password", message: "x", isSecure: true)
        let layout = AlertLayout(content: AlertContent(spec: spec, charset: .utf8, usesColor: true), fields: spec.fields,
                                 size: TerminalSize(rows: rows, columns: columns))
        return layout.width
    }

    /// Waits until the alert shows once, drawn for `rows`×`columns`, with `text` in its field;
    /// `afterResize`: drawn again since (its last row written since the call: a resize does not
    /// read what the program wrote), even where the new size draws it the same.
    static func waitForAlert(_ process: PtyProcess, rows: Int, columns: Int, field: String = "•••",
                             afterResize: Bool = true) -> Bool {
        let width = boxWidth(columns: columns, rows: rows)
        let since = afterResize ? process.transcript.count : 0
        return process.wait { process in
            let bottoms = process.terminal.lines.filter { $0.hasPrefix("╰") || $0.hasPrefix("├") }
            return bottoms.count == 2 && bottoms.allSatisfy { $0.count == width } && process.terminal.contains("│ \(field) ")
                && String(decoding: process.transcript[since...], as: UTF8.self).contains("╯")
        }
    }

    /// Whether the forty lines are all there, in order, once each.
    static func linesKept(_ terminal: VirtualTerminal) -> Bool {
        let all = terminal.allLines
        guard let first = all.firstIndex(of: "1"), all.count >= first + 40 else { return false }
        return Array(all[first..<(first + 40)]) == (1...40).map(String.init) && all.filter { $0 == "40" }.count == 1
    }

    /// The row `offset` rows from the cursor's, or nil off the screen.
    static func line(_ terminal: VirtualTerminal, _ offset: Int = 0) -> String? {
        let row = terminal.cursorRow + offset
        return terminal.lines.indices.contains(row) ? terminal.lines[row] : nil
    }

    static func boxLeft(_ terminal: VirtualTerminal) -> Bool {
        terminal.allLines.contains { $0.contains { "╭╮╰╯│─├┤┬┴•".contains($0) } }
    }

    /// Types `abc` into the alert, then has the terminal 14 rows high and 30 again.
    static func typeThenShrinkAndGrow(_ process: PtyProcess) {
        #expect(process.waitForScreen("╰"))
        process.type("abc")
        for rows in [14, 30] {
            process.resize(rows: rows, columns: 80)
            #expect(waitForAlert(process, rows: rows, columns: 80), "\(process.terminal.lines)")
        }
    }

    @Test(arguments: [(14, 30), (40, 14), (20, 40), (8, 30), (12, 24)])
    func aHeightChangeKeepsEveryLineAbove(first: Int, then: Int) throws {
        let process = try PtyProcess(Self.arguments, rows: 30, columns: 80, screen: Self.seq40)
        #expect(process.waitForScreen("╰"))
        process.type("abc")
        #expect(process.waitForScreen("│ ••• "))
        process.resize(rows: first, columns: 80)
        #expect(Self.waitForAlert(process, rows: first, columns: 80), "\(process.terminal.lines)")
        process.resize(rows: then, columns: 80)
        #expect(Self.waitForAlert(process, rows: then, columns: 80), "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "abc\n")
        #expect(process.settingsRestored)
        #expect(Self.linesKept(process.terminal), "\(process.terminal.allLines)")
        #expect(!Self.boxLeft(process.terminal), "\(process.terminal.allLines)")
        // The cursor is back where it was: at the start of the row after the forty lines.
        #expect(Self.line(process.terminal, -1) == "40" && Self.line(process.terminal) == "", "\(process.terminal.lines)")
        #expect(process.terminal.cursorColumn == 0)
        #expect(process.terminal.unknownSequences.isEmpty, "\(process.terminal.unknownSequences)")
    }

    /// A prompt printed without a line break: its column comes back too.
    @Test func theColumnComesBackAfterAHeightChange() throws {
        let process = try PtyProcess(Self.arguments, rows: 30, columns: 80, screen: Self.seq40 + "Password: ")
        #expect(process.waitForScreen("╰"))
        process.resize(rows: 14, columns: 80)
        #expect(Self.waitForAlert(process, rows: 14, columns: 80, field: " "))
        process.type("ok\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(Self.linesKept(process.terminal) && !Self.boxLeft(process.terminal), "\(process.terminal.allLines)")
        #expect(Self.line(process.terminal) == "Password:")
        #expect(process.terminal.cursorColumn == 10)
    }

    /// The crash guard's bytes follow the alert: after a resize they erase it from its first
    /// row, not from the stale saved position.
    @Test func aCrashAfterAResizeErasesOnlyTheAlert() throws {
        let process = try PtyProcess(Self.arguments, rows: 30, columns: 80, screen: Self.seq40)
        Self.typeThenShrinkAndGrow(process)
        process.signal(SIGSEGV)
        #expect(process.waitForExit() == .signaled(SIGSEGV))
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
        #expect(Self.linesKept(process.terminal) && !Self.boxLeft(process.terminal), "\(process.terminal.allLines)")
    }

    /// Ctrl-Z after a resize: the alert is erased from its first row before the stop, and drawn
    /// again below the cursor after it.
    @Test func aSuspendAfterAResizeErasesOnlyTheAlert() throws {
        let process = try PtyProcess([PtyProcess.askPath] + Self.arguments, executable: PtyProcess.jobShellPath, rows: 30,
                                     columns: 80, screen: Self.seq40)
        Self.typeThenShrinkAndGrow(process)
        process.type("\u{1A}")
        #expect(process.wait { $0.stderrText.contains("stopped, settings restored: yes") }, "\(process.stderrText)")
        #expect(Self.waitForAlert(process, rows: 30, columns: 80, afterResize: false))
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "abc\n")
        #expect(Self.linesKept(process.terminal) && !Self.boxLeft(process.terminal), "\(process.terminal.allLines)")
    }

    /// A resize while stopped by Ctrl-Z: the shell is held until `ask` has stopped and the
    /// terminal changed size, so the resize is taken as `ask` comes back, in the middle of
    /// handling the Ctrl-Z key. It is handled once, the key too, and the Enter typed next ends
    /// the alert.
    @Test func aResizeWhileStoppedIsTakenOnce() throws {
        let process = try PtyProcess([PtyProcess.askPath] + Self.arguments, executable: PtyProcess.jobShellPath, rows: 30,
                                     columns: 80, screen: Self.seq40)
        #expect(process.waitForScreen("╰"))
        process.type("abc")
        #expect(process.waitForScreen("│ ••• "))
        let ask = Self.child(of: process.pid)
        process.signal(SIGSTOP)  // the shell, which would continue ask at once
        process.type("\u{1A}")
        #expect(process.wait { _ in Self.isStopped(ask) }, "ask did not stop")
        process.resize(rows: 20, columns: 80)
        process.signal(SIGCONT)
        #expect(process.wait { $0.stderrText.contains("stopped, settings restored: yes") }, "\(process.stderrText)")
        #expect(Self.waitForAlert(process, rows: 20, columns: 80, afterResize: false))
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "abc\n")
        #expect(process.stderrText == "stopped, settings restored: yes\n")
        #expect(Self.linesKept(process.terminal) && !Self.boxLeft(process.terminal), "\(process.terminal.allLines)")
    }

    /// The first child of process `pid`.
    static func child(of pid: pid_t) -> pid_t {
        let children = String(decoding: PtyProcess.readAll("/proc/\(pid)/task/\(pid)/children"), as: UTF8.self)
        return pid_t(children.split(separator: " ").first.map(String.init) ?? "") ?? -1
    }

    /// Whether process `pid` is stopped (`T` in /proc/PID/stat).
    static func isStopped(_ pid: pid_t) -> Bool {
        let stat = String(decoding: PtyProcess.readAll("/proc/\(pid)/stat"), as: UTF8.self)
        return stat.split(separator: ")").last?.split(separator: " ").first == "T"
    }

    /// A terminal that answers no report: nothing waits for ever, and without a resize the
    /// saved anchor puts the cursor back exactly.
    @Test func aTerminalThatAnswersNothing() throws {
        let process = try PtyProcess(Self.arguments, rows: 30, columns: 80, screen: Self.seq40 + "$ ")
        process.terminal.answersCursorReports = false
        process.terminal.kind = nil
        #expect(process.waitForScreen("╰"))
        let started = MonotonicClock.now
        process.type("abc\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(MonotonicClock.now - started < 3)  // a hang, not a speed, is what this catches
        #expect(process.stdoutText == "abc\n")
        #expect(Self.line(process.terminal) == "$" && process.terminal.cursorColumn == 2)
        #expect(Self.linesKept(process.terminal) && !Self.boxLeft(process.terminal))
    }

    /// Two resizes that go and come back before the first is seen look like none: the text moved
    /// all the same (rows went into the scrollback and came back), so the saved anchor no
    /// longer finds the alert, and nothing above it is erased.
    @Test func aResizeThatComesBackToTheSameSizeStillMovedTheText() throws {
        let process = try PtyProcess(Self.arguments, rows: 24, columns: 80, screen: Self.seq40)
        #expect(process.waitForScreen("╰"))
        process.type("abc")
        #expect(process.waitForScreen("│ ••• "))
        process.resize(rows: 14, columns: 80)
        process.resize(rows: 24, columns: 80)
        #expect(Self.waitForAlert(process, rows: 24, columns: 80), "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "abc\n")
        #expect(Self.linesKept(process.terminal), "\(process.terminal.allLines)")
        #expect(!Self.boxLeft(process.terminal), "\(process.terminal.allLines)")
    }

    /// Stopped from outside, resized (to another size, or there and back), continued: the
    /// alert is drawn again below the cursor, and the stale saved anchor is not used to erase.
    @Test(arguments: [[14], [14, 30]])
    func aResizeWhileStoppedFromOutsideErasesNothingAbove(sizes: [Int]) throws {
        let process = try PtyProcess(Self.arguments, rows: 30, columns: 80, screen: Self.seq40)
        #expect(process.waitForScreen("╰"))
        process.type("abc")
        #expect(process.waitForScreen("│ ••• "))
        process.signal(SIGSTOP)
        #expect(process.wait { Self.isStopped($0.pid) })
        for rows in sizes { process.resize(rows: rows, columns: 80) }
        process.signal(SIGCONT)
        #expect(Self.waitForAlert(process, rows: sizes.last!, columns: 80, afterResize: false), "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "abc\n")
        #expect(Self.linesKept(process.terminal), "\(process.terminal.allLines)")
    }

    /// A terminal that answers no report is not waited for as the alert closes: keys typed after
    /// the answer reach the next program, and nothing of the alert's reaches the shell.
    @Test func keysTypedAfterTheAnswerReachTheNextReader() throws {
        let script = #""$ASK" --title T >/dev/null; read next; printf 'next=%s\n' "$next""#
        let process = try PtyProcess(["-c", script], executable: "/bin/sh", environment: ["ASK": PtyProcess.askPath],
                                     rows: 24, columns: 80, screen: "$ sh\n")
        process.terminal.answersCursorReports = false
        process.terminal.kind = nil
        #expect(process.waitForScreen("╰"))
        let ask = Self.child(of: process.pid)
        process.type("abc\r")
        // Typed once ask has gone, or while it waits with a time limit (for answers it would
        // then drop the keys with): never into the alert.
        #expect(process.wait { _ in Self.child(of: process.pid) != ask || ask_test_input_wait(ask) == 2 })
        process.type("next line\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "next=next line\n")
    }
}
