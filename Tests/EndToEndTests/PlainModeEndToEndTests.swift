import AskChoices
import AskFields
import AskGauge
import AskKit
import AskPresentation
import AskTextBox
import Glibc
import TestSupport
import Testing

/// Plain mode (`--plain`, `TERM=dumb`) end to end: what a person or a screen reader is left with
/// in the scrollback, and what a secret leaves in memory on the way there.
@Suite struct PlainModeEndToEndTests {
    // MARK: - A transcript

    /// `> 12`, Enter, the reason, then `34` and Backspace: the reason on its own line, the
    /// prompt again below it, and the line holding what the field holds.
    @Test func aRefusedAnswerReadsAsATranscript() throws {
        let process = try PtyProcess(["--plain", "--min-length", "4", "--title", "Code"], screen: "$ ask\n")
        #expect(process.wait { Self.promptLine($0) == ">" })
        process.type("12")
        #expect(process.wait { Self.promptLine($0) == "> 12" })
        process.type("\r")
        #expect(process.waitForScreen("Enter at least 4 characters"))
        process.type("34")
        #expect(process.wait { Self.promptLine($0) == "> 1234" })
        process.type("\u{7F}")
        #expect(process.wait { Self.promptLine($0) == "> 123" })
        #expect(Array(process.terminal.lines.prefix(5)) == ["$ ask", "Code", "> 12", "Enter at least 4 characters", "> 123"])
        process.type("4\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "1234\n")
        #expect(!process.transcript.contains(0x1B))
        #expect(process.settingsRestored)
    }

    /// A multi-line field: how its lines end is said first; each line typed stays on a `> ` line
    /// of its own, and an empty line ends them, the answer the lines with a line break between.
    @Test func aMultilineFieldsLinesOneAfterAnother() throws {
        let process = try PtyProcess(["--plain", "--multiline", "--title", "Notes"], screen: "$ ask\n")
        #expect(process.wait { Self.promptLine($0) == ">" })
        process.type("one\r")
        #expect(process.wait { $0.terminal.lines.contains("> one") })
        process.type("two\r")
        #expect(process.wait { $0.terminal.lines.contains("> two") })
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "one\ntwo\n")
        #expect(Array(process.terminal.lines.prefix(6)) == ["$ ask", "Notes", "Enter starts a new line; an empty line or Ctrl-D ends the text",
                                                            "> one", "> two", ">"])
        #expect(!process.transcript.contains(0x1B))
        #expect(process.settingsRestored)
    }

    /// The screen readers' switch: `ACCESSIBLE` (as huh and the GitHub CLI read it) or
    /// `--accessible` selects plain mode; empty, `0` or `false` does not.
    @Test(arguments: [([String](), ["ACCESSIBLE": "1"], true), ([], ["ACCESSIBLE": "TRUE"], true), (["--accessible"], [:], true),
                      ([], ["ACCESSIBLE": "0"], false), ([], ["ACCESSIBLE": "False"], false), ([], ["ACCESSIBLE": ""], false)])
    func accessibleSelectsPlainMode(arguments: [String], environment: [String: String], plain: Bool) throws {
        let process = try PtyProcess(arguments + ["--title", "Name"], environment: environment, screen: "$ ask\n")
        #expect(process.waitForScreen(plain ? ">" : "╰"), "\(process.terminal.lines)")
        #expect(process.transcript.contains(0x1B) != plain)
        process.type("jane\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "jane\n" && process.settingsRestored)
    }

    /// Several fields: each asked on its own line by its label, in order, however the keys
    /// arrive (here an answer and its Return in one write).
    @Test func severalFieldsAreAskedOneAfterAnother() throws {
        let process = try PtyProcess(["--plain", "--login", "--title", "Sign In"], screen: "$ ask\n")
        #expect(process.wait { $0.terminal.lines.contains("User Name:") })
        process.type("jane\r")
        #expect(process.wait { $0.terminal.lines.contains("Password:") })
        process.type("pw\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(Array(process.terminal.lines.prefix(4)) == ["$ ask", "Sign In", "User Name: jane", "Password: ••"])
        #expect(process.stdoutText == "jane\npw\n")
        #expect(!process.transcript.contains(0x1B))
        #expect(process.settingsRestored)
    }

    /// The secondary button cannot be seen: which key reaches which button is said once, and
    /// Tab reaches it.
    @Test func theKeysToTheButtonsAreSaidOnce() throws {
        let process = try PtyProcess(["--plain", "--secondary", "Later", "--title", "Draft"], screen: "$ ask\n")
        #expect(process.wait { Self.promptLine($0) == ">" })
        #expect(process.terminal.lines[2] == "(Enter: OK; Esc: Cancel; Tab goes through OK, Later, Cancel)")
        process.type("notes")
        #expect(process.wait { Self.promptLine($0) == "> notes" })
        process.type("\t\t")
        #expect(process.wait { Self.promptLine($0) == "> [Later]" })
        process.type("\r")
        #expect(process.waitForExit() == .exited(3))
        #expect(process.stdoutText == "notes\n")
        #expect(process.transcriptText.ranges(of: "Tab goes through").count == 1)
        #expect(process.settingsRestored)
    }

    /// What Enter alone does and what is destructive, said in words once (no colour or button
    /// shows it); Enter then does what was said.
    @Test(arguments: [
        (["--plain", "--title", "Wipe the disk?", "--no-field", "--ok", "Wipe", "--destructive"], [String: String](),
         ["Wipe the disk?", "(Enter: Cancel; Esc: Cancel; Tab goes through Cancel, Wipe; Wipe is destructive)", "> [Cancel]"], 1, ""),
        (["--title", "Old builds", "--destructive-choice", "Delete them", "--choice", "Keep them"], ["ACCESSIBLE": "1"],
         ["Old builds", "1) Delete them (destructive)", "2) Keep them", "(a number or a name; Enter: Keep them; Esc: Cancel)", ">"],
         0, "Keep them\n"),
        (["--accessible", "--title", "Toppings", "--multiple", "--choice", "Cheese", "--choice", "Olives", "--selected", "Cheese"], [:],
         ["Toppings", "1) Cheese (marked)", "2) Olives",
          "(numbers or names, between spaces or commas, added to those marked; Esc: Cancel)", ">"], 0, "Cheese\n"),
    ] as [([String], [String: String], [String], Int32, String)])
    func theDefaultAndWhatDestroysAreSaid(arguments: [String], environment: [String: String], lines: [String], status: Int32,
                                         stdout: String) throws {
        let process = try PtyProcess(arguments, environment: environment, screen: "$ ask\n")
        #expect(process.wait { Array($0.terminal.lines.dropFirst().prefix(lines.count)) == lines }, "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        process.type("\r")
        #expect(process.waitForExit() == .exited(status))
        #expect(process.stdoutText == stdout)
        #expect(!process.transcript.contains(0x1B))
        #expect(process.settingsRestored)
    }

    /// Typing past `--max-length` is said once, not only rung.
    @Test func reachingTheMaximumLengthIsSaid() throws {
        let process = try PtyProcess(["--plain", "--max-length", "3"], screen: "$ ask\n")
        #expect(process.wait { Self.promptLine($0) == ">" })
        process.type("abc")
        #expect(process.wait { Self.promptLine($0) == "> abc" })
        process.type("d")
        #expect(process.waitForScreen("(at most 3 characters)"))
        process.type("e")
        #expect(process.wait { $0.terminal.bells >= 2 })
        #expect(Array(process.terminal.lines.prefix(4)) == ["$ ask", "> abc", "(at most 3 characters)", "> abc"])
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "abc\n")
        #expect(process.transcriptText.ranges(of: "at most").count == 1)
    }

    // MARK: - Numbers

    /// A `--timeout` beyond its range is one usage error, before anything is drawn; within it,
    /// plain mode says it once.
    @Test(arguments: [
        (["--plain", "--timeout", "9223372036854775807"], [String: String]()),
        (["--timeout", "9223372036854775807"], ["TERM": "dumb"]),
        (["--plain", "--timeout", "18446744073709551616"], [:]),
        (["--plain", "--timeout", "1e10"], [:]),
        (["--plain", "--timeout", "31536000.5"], [:]),
        (["--plain", "--timeout", "0"], [:]),
    ])
    func aTimeoutOutOfRangeIsAUsageError(arguments: [String], environment: [String: String]) throws {
        let process = try PtyProcess(arguments, environment: environment, screen: "$ ask\n")
        #expect(process.waitForExit() == .exited(64))
        let value = arguments.last!
        #expect(process.stderrText == "ask: invalid value '\(value)' for '--timeout' "
                + "(expected seconds above 0 and at most 31536000, such as 30 or 1.5)\n")
        #expect(process.stdout.isEmpty)
        #expect(process.transcript.isEmpty)
        #expect(process.settingsRestored)
    }

    @Test func theLongestTimeoutIsSaidOnce() throws {
        let process = try PtyProcess(["--plain", "--timeout", "31536000", "--title", "Wait"], screen: "$ ask\n")
        #expect(process.wait { Self.promptLine($0) == ">" })
        #expect(Array(process.terminal.lines.prefix(3)) == ["$ ask", "Wait", "(Cancel in 31536000 seconds)"])
        process.type("\u{1B}")
        #expect(process.waitForExit() == .exited(1))
        #expect(process.settingsRestored)
    }

    // MARK: - Secrets in memory

    /// A signal that reaches the prompt while a secret is typed. Each has a handler, and for
    /// each the kernel saves every register the program had in a frame in memory.
    struct Disturbance: Sendable, CustomTestStringConvertible {
        let name: String
        let signal: Int32
        /// Sends the signal some other way than `kill` (a resize sends SIGWINCH); nil: `kill`.
        var send: (@Sendable (PtyProcess) -> Void)?
        /// A stop signal delivered (and let go on) before `signal`.
        var stopFirst = false
        var testDescription: String { name }
    }

    static let disturbances = [
        Disturbance(name: "stopped and continued", signal: SIGCONT, stopFirst: true),
        Disturbance(name: "continued", signal: SIGCONT),
        Disturbance(name: "resized", signal: SIGWINCH, send: { $0.resize(rows: 30, columns: 100) }),
    ]

    /// Secure entry in plain mode, disturbed by a signal, then erased with Ctrl-U: no piece of
    /// the secret may be anywhere but in the field's own buffer while the handler returns, nor
    /// once the prompt waits for keys again, and none at all after Ctrl-U and at exit. (The
    /// secret is typed key by key, as a person does; its 17th byte makes the field's buffer
    /// grow, which copies its first 16 through a vector register, where the optimised build
    /// leaves them.) Two rounds, each a new ask; in the second the test itself puts a piece of
    /// the secret in every vector register while the signal comes (and takes it out after), so
    /// that what the kernel saves holds it whatever the compiler did with the registers.
    @Test(.enabled(if: geteuid() == 0, "reading a non-dumpable process's memory needs CAP_SYS_PTRACE"),
          .disabled(if: PtyProcess.emulator != nil, "under qemu-user the kernel saves qemu's registers, not the program's"),
          arguments: disturbances)
    func aSecretErasedAfterASignalLeavesNoCopy(_ disturbance: Disturbance) throws {
        for round in 0..<2 {
            let secret = "Plain\(round)Secret-x7Q9-kW4vZ8"
            #expect(secret.utf8.count == 24)
            let pieces = Self.pieces(secret)
            let process = try PtyProcess(["--plain", "--secure", "--title", "Memory"], screen: "$ ask\n", traced: true)
            #expect(process.wait { Self.promptLine($0) == ">" })
            for (index, character) in secret.enumerated() {
                process.type(String(character))
                #expect(process.wait { Self.promptLine($0) == "> " + String(repeating: "•", count: index + 1) })
            }
            #expect(process.waitUntilWaitingForKeys())
            let field = process.memoryMatches(ofAny: [Array(secret.utf8)])
            #expect(field.count == 1, "the field's buffer: \(field)")
            /// Pieces anywhere but in the field's buffer (in the thread's own stack only: `onStack`).
            func copies(onStack: Bool = false) -> [String] {
                process.memoryMatches(ofAny: pieces).filter { match in
                    !field.contains { match.address >= $0.address && match.address < $0.address + 24 }
                        && (!onStack || match.region.hasSuffix("[stack]"))
                }.map { "\($0.region) at \(String($0.address, radix: 16))" }
            }

            if disturbance.stopFirst { #expect(process.deliver(SIGSTOP, stoppingAtHandlerReturn: false)) }
            disturbance.send?(process)
            let planted = round == 1 ? Array(secret.utf8.dropFirst(8)) : nil
            #expect(process.deliver(disturbance.signal, sending: disturbance.send == nil, stoppingAtHandlerReturn: true,
                                    vectorRegisters: planted))
            // The frame is still in use: wherever it is, it must not be on the stack the program
            // goes on using, where nothing would ever wipe it.
            #expect(copies(onStack: true) == [], "round \(round): while the handler returns")
            #expect(process.returnFromHandler())
            if disturbance.signal == SIGCONT {
                // Continued, a plain prompt starts its lines afresh: the title once more.
                #expect(process.wait { $0.transcriptText.ranges(of: "Memory").count == 2 })
            }
            #expect(process.waitUntilWaitingForKeys())
            #expect(copies() == [], "round \(round): waiting for keys after the signal")

            process.type("\u{15}")  // Ctrl-U
            #expect(process.wait { Self.promptLine($0) == ">" })
            #expect(process.waitUntilWaitingForKeys())
            #expect(process.memoryRegions(containingAny: pieces) == [], "round \(round): erased")
            process.type("\u{1B}")
            #expect(process.waitForExitStop())
            #expect(process.memoryRegions(containingAny: pieces) == [], "round \(round): at exit")
            #expect(process.finishTracedExit() == .exited(1))
            #expect(process.stdout.isEmpty)
            #expect(process.settingsRestored)
        }
    }

    /// The last prompt line on the screen.
    static func promptLine(_ process: PtyProcess) -> String? {
        process.terminal.lines.last { $0.hasPrefix(">") }
    }

    /// Every 8-byte piece of `secret` (ASCII), at every offset: what a register of 8 bytes or
    /// more, saved to memory, would hold.
    static func pieces(_ secret: String) -> [[UInt8]] {
        let bytes = Array(secret.utf8)
        return (0...(bytes.count - 8)).map { Array(bytes[$0..<($0 + 8)]) }
    }
}
