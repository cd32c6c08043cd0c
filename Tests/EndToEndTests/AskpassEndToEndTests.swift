import AskChoices
import AskFields
import AskGauge
import AskKit
import AskPresentation
import AskTextBox
import Glibc
import TestSupport
import Testing

/// `ask` linked as `ask-askpass` and run the way SSH_ASKPASS, SUDO_ASKPASS and GIT_ASKPASS
/// clients run it: the prompt is the one argument, whatever it looks like.
@Suite struct AskpassEndToEndTests {
    /// A directory others can read (a client may run the helper as another user) holding a link
    /// named `ask-askpass` to the built `ask`.
    static func helper() -> (directory: TemporaryDirectory, path: String) {
        let directory = TemporaryDirectory()
        chmod(directory.path, 0o755)
        return (directory, directory.link("ask-askpass", to: PtyProcess.askPath))
    }

    /// Prompts that look like options are shown and answered, never refused as options.
    @Test(arguments: [("-n", "-n"), ("--> password: ", "--> password:"), ("--help", "--help")])
    func aPromptThatLooksLikeAnOptionIsThePrompt(prompt: String, shown: String) throws {
        let (directory, helper) = Self.helper()
        defer { withExtendedLifetime(directory) {} }
        let process = try PtyProcess([prompt], executable: helper, screen: "$ sudo -A true\n")
        #expect(process.waitForScreen("╰"), "\(process.stderrText)")
        #expect(process.terminal.contains("Password"))
        #expect(process.terminal.lines.contains { $0.contains("│") && $0.contains(shown) })
        process.waitUntilWaitingForKeys()
        process.type("hunter2\r")
        #expect(process.waitForExit() == .exited(0))
        // The answer ends with a newline: `-n` was not taken as --no-newline.
        #expect(process.stdoutText == "hunter2\n")
        #expect(process.stderr.isEmpty)
        #expect(!process.transcriptText.contains("hunter2"))
        #expect(process.settingsRestored)
    }

    /// Several arguments are one prompt, joined with spaces.
    @Test func severalArgumentsAreOnePrompt() throws {
        let (directory, helper) = Self.helper()
        defer { withExtendedLifetime(directory) {} }
        let process = try PtyProcess(["-t", "Enter PIN:"], executable: helper)
        #expect(process.waitForScreen("-t Enter PIN:"), "\(process.stderrText)")
        process.waitUntilWaitingForKeys()
        process.type("\u{1B}")
        #expect(process.waitForExit() == .exited(1))
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
    }

    /// sudo run by an ordinary user with `-A -p '--> password: '` runs the helper with that
    /// prompt and reads the typed line: a wrong password is tried (`Sorry, try again.`) and the
    /// helper is run again; Esc then ends it. (sudo asks root for no password, so the test runs
    /// it as nobody, which needs root to start.)
    @Test(.enabled(if: geteuid() == 0 && access("/usr/bin/sudo", X_OK) == 0 && access("/usr/bin/setpriv", X_OK) == 0))
    func sudoGetsThePasswordThroughAPromptStartingWithADash() throws {
        let (directory, helper) = Self.helper()
        defer { withExtendedLifetime(directory) {} }
        let process = try PtyProcess(["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/sudo", "-A", "-p", "--> password: ",
                                      "true"],
                                     executable: "/usr/bin/setpriv", environment: ["SUDO_ASKPASS": helper],
                                     screen: "$ sudo -A -p '--> password: ' true\n")
        #expect(process.waitForScreen("╰", seconds: 10), "\(process.stderrText)")
        #expect(process.terminal.lines.contains { $0.hasPrefix("│") && $0.contains("--> password:") })
        process.waitUntilWaitingForKeys()
        process.type("not the password\r")
        // sudo checked the line it read, and asks again through the helper.
        #expect(process.wait(seconds: 15) { $0.terminal.contains("Sorry, try again") && $0.terminal.contains("╰") },
                "\(process.stderrText) \(process.terminal.lines)")
        #expect(process.terminal.lines.contains { $0.hasPrefix("│") && $0.contains("--> password:") })
        process.waitUntilWaitingForKeys()
        process.type("\u{1B}")
        #expect(process.waitForExit(seconds: 15) == .exited(1))
        #expect(process.stdout.isEmpty)
        #expect(!process.transcriptText.contains("not the password"))
        #expect(process.settingsRestored)
    }

    static let hostKeyPrompt = """
        The authenticity of host 'example.com (192.0.2.1)' can't be established.
        ED25519 key fingerprint is SHA256:6zJ0vYcVw0Yv0u9r2l0mB7q3bXfQx5WnE1cGdKpTqHs.
        This key is not known by any other names.
        Are you sure you want to continue connecting (yes/no/[fingerprint])? 
        """

    /// ssh's host-key question in a 40×10 terminal: the question itself shows first, the rest
    /// above it PgUp and Shift-Home away, the answer is typed in clear, and it is what ssh reads.
    @Test func theHostKeyQuestionShowsItsEndAndTheAnswerInClear() throws {
        let (directory, helper) = Self.helper()
        defer { withExtendedLifetime(directory) {} }
        let process = try PtyProcess([Self.hostKeyPrompt], executable: helper, rows: 10, columns: 40, screen: "$ ssh example.com\n")
        #expect(process.waitForScreen("╰"), "\(process.stderrText)")
        #expect(process.terminal.contains("Confirm"))
        #expect(process.terminal.contains("Are you sure you want to") && process.terminal.contains("(yes/no/[fingerprint])?"))
        #expect(process.terminal.contains("100%") && !process.terminal.contains("The authenticity of host"))
        process.waitUntilWaitingForKeys()
        process.type("\u{1B}[5~")  // PgUp: the rows above
        #expect(process.waitForScreen("This key is not known"), "\(process.terminal.lines)")
        process.waitUntilWaitingForKeys()
        process.type("\u{1B}[1;2H")  // Shift-Home: the start
        #expect(process.waitForScreen("The authenticity of host"), "\(process.terminal.lines)")
        process.waitUntilWaitingForKeys()
        process.type("yes")
        #expect(process.waitForScreen("│ yes "), "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "yes\n")
        #expect(process.settingsRestored)
    }
}
