import AskKit
import Glibc
import Testing
import TestSupport

/// The answer read as a line from standard input (`--stdin`, `--fallback stdin`).
@Suite struct StdinFallbackTests {
    /// `ask --stdin --secure` reading a terminal turns echo off; Ctrl-Z must give the shell the
    /// terminal as it was, and the secret must not be echoed after `fg` either.
    @Test func ctrlZPutsTheEchoBackWhileStoppedAndTakesItAwayAgain() throws {
        let process = try PtyProcess([PtyProcess.askPath, "--stdin", "--secure"], executable: PtyProcess.jobShellPath,
                                     screen: "$ ask --stdin --secure\n")
        #expect(process.wait { $0.settingsNow.c_lflag & tcflag_t(ECHO) == 0 })
        process.type("\u{1A}")
        #expect(process.wait { $0.stderrText.contains("stopped, settings restored: ") }, "\(process.stderrText)")
        #expect(process.stderrText == "stopped, settings restored: yes\n")
        // Continued by the shell: no echo again before anything is typed.
        #expect(process.wait { $0.settingsNow.c_lflag & tcflag_t(ECHO) == 0 })
        process.type("hunter2\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "hunter2\n")
        #expect(!process.transcriptText.contains("hunter2"))
        #expect(process.settingsRestored)
    }
}
