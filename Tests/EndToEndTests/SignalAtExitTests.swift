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

/// A terminating signal as `ask` ends: before the answer starts to go out it ends `ask` with
/// nothing written; from then on it waits until the answer is written, and the status is 0.
/// Never both an answer and a death, never a signal lost with the answer written.
@Suite struct SignalAtExitTests {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// stdout is a pipe nobody reads, so writing an answer larger than the pipe blocks; the
    /// signal comes while it is blocked there.
    @Test(arguments: signals)
    func aSignalDuringTheWriteWaitsForIt(signal: Int32) throws {
        let answer = String(repeating: "0123456789abcdef", count: 32_768)  // 512 KiB, more than a pipe holds
        let process = try PtyProcess(["--stdin"], input: .bytes(Array((answer + "\n").utf8)))
        // Not `wait`: that would read stdout, and the write must stay blocked.
        let deadline = MonotonicClock.now + 10
        while ask_test_blocked_in_write(process.pid, 1) == 0 && MonotonicClock.now < deadline { _ = poll(nil, 0, 1) }
        #expect(ask_test_blocked_in_write(process.pid, 1) == 1, "ask never blocked writing its answer")
        process.signal(signal)
        #expect(process.waitForExit(seconds: 10) == .exited(0), "\(process.stderrText)")
        #expect(process.stdout.count == answer.utf8.count + 1)
        #expect(process.stdoutText == answer + "\n")
    }

    /// Where the signal comes, stopped there with ptrace, and what must come of it.
    struct Moment: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        /// Stops the traced ask at that moment (1 when it got there).
        let stop: @Sendable (pid_t) -> Int32
        let termination: PtyProcess.Termination
        let stdout: String
        var testDescription: String { name }
    }

    static let moments: [Moment] = [
        // The alert is closing (the terminal's settings go back): the handlers still note the
        // signal, and it must not be lost.
        Moment(name: "as the alert puts the terminal back", arguments: ["--title", "Exit"],
               stop: { ask_test_stop_at_terminal_settings($0, 10_000) }, termination: .signaled(SIGTERM), stdout: ""),
        Moment(name: "as a secret read from the terminal gets its echo back", arguments: ["--stdin", "--secure"],
               stop: { ask_test_stop_at_terminal_settings($0, 10_000) }, termination: .signaled(SIGTERM), stdout: ""),
        Moment(name: "as the answer goes out", arguments: ["--title", "Exit"],
               stop: { ask_test_stop_at_write($0, 1, 10_000) }, termination: .exited(0), stdout: "pw\n"),
        Moment(name: "as a line read from the terminal goes out", arguments: ["--stdin", "--secure"],
               stop: { ask_test_stop_at_write($0, 1, 10_000) }, termination: .exited(0), stdout: "pw\n"),
    ]

    @Test(arguments: moments)
    func aSignalAtTheEnd(_ moment: Moment) throws {
        let process = try PtyProcess(moment.arguments, screen: "$ ask\n", traced: true)
        if moment.arguments.contains("--stdin") {
            #expect(process.wait { $0.settingsNow.c_lflag & tcflag_t(ECHO) == 0 })
        } else {
            #expect(process.waitForScreen("╰"))
            process.type("pw")
            #expect(process.waitForScreen("│ pw "))
        }
        #expect(ask_test_trace_syscalls(process.pid) == 0)
        process.type("pw\r".dropFirst(moment.arguments.contains("--stdin") ? 0 : 2).description)
        #expect(moment.stop(process.pid) == 1, "ask never got there")
        process.signal(SIGTERM)
        #expect(ask_test_continue(process.pid) == 0)
        #expect(process.waitForExitStop(seconds: 10))
        #expect(process.finishTracedExit() == moment.termination, "\(process.stderrText)")
        #expect(process.stdoutText == moment.stdout)
        #expect(process.settingsRestored)
    }
}
