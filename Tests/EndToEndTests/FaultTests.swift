import AskChoices
import AskFields
import AskGauge
import AskKit
import AskPresentation
import AskSystem
import AskTextBox
import Glibc
import TestSupport
import Testing

/// Faults from outside, each checked for the documented exit status, exactly the right stdout
/// (the whole answer or nothing, never part of a secret) and the terminal settings as before.
@Suite struct FaultTests {
    struct Fault: Sendable, CustomTestStringConvertible {
        let name: String
        var arguments = ["--secure", "--title", "Fault"]
        /// What happens while the alert is up (the secret "s3cret" is already typed).
        let action: @Sendable (PtyProcess) -> Void
        let termination: PtyProcess.Termination
        let stdout: String
        var checksSettings = true
        var testDescription: String { name }
    }

    static let oneMiB = String(repeating: "0123456789abcdef", count: 65_536)

    static let faults: [Fault] = [
        Fault(name: "SIGTERM", action: { $0.signal(SIGTERM) }, termination: .signaled(SIGTERM), stdout: ""),
        Fault(name: "SIGHUP", action: { $0.signal(SIGHUP) }, termination: .signaled(SIGHUP), stdout: ""),
        Fault(name: "SIGQUIT", action: { $0.signal(SIGQUIT) }, termination: .signaled(SIGQUIT), stdout: ""),
        Fault(name: "SIGINT from outside", action: { $0.signal(SIGINT) }, termination: .signaled(SIGINT), stdout: ""),
        Fault(name: "a crash signal", action: { $0.signal(SIGSEGV) }, termination: .signaled(SIGSEGV), stdout: ""),
        Fault(name: "the reader of stdout goes away (EPIPE)", action: { process in
            let stillOpen = process.closeStdoutReader()
            #expect(stillOpen == nil, "\(stillOpen ?? "")")
            process.type("\r")
        }, termination: .exited(74), stdout: ""),
        // After a hang-up the terminal is gone: its settings can no longer be read (EIO).
        Fault(name: "the terminal hangs up", action: { $0.hangUp() }, termination: .signaled(SIGHUP), stdout: "",
              checksSettings: false),
        Fault(name: "resize to 1×1 and back", action: { process in
            process.resize(rows: 1, columns: 1)
            process.type("!")
            process.resize(rows: 24, columns: 80)
            process.type("\r")
        }, termination: .exited(0), stdout: "s3cret!\n"),
        Fault(name: "a 1 MiB paste", arguments: ["--title", "Paste"], action: { process in
            process.type("\u{15}\u{1B}[200~" + oneMiB + "\u{1B}[201~")
            // The paste is in once the field shows its end; Enter waits until the paste is over
            // (keys within 50 ms of a paste's end are taken as part of it).
            _ = process.wait(seconds: 20) { $0.terminal.contains("cdef0123456789abcdef ") }
            #expect(process.waitUntilWaitingForKeys())
            process.type("\r")
        }, termination: .exited(0), stdout: oneMiB + "\n"),
        Fault(name: "a burst of invalid UTF-8", action: { process in
            process.send((0..<65_536).map { UInt8(0x80 + $0 % 0x7F) })
            process.type("!\r")
        }, termination: .exited(0), stdout: "s3cret!\n"),
        Fault(name: "terminal replies and focus reports are not typed", action: { process in
            process.type("\u{1B}[12;40R\u{1B}[?62;22c\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}[I\u{1B}P1$r0m\u{1B}\\")
            process.type("\r")
        }, termination: .exited(0), stdout: "s3cret\n"),
        Fault(name: "a paste carrying its own end marker does not submit", arguments: ["--title", "Paste"], action: { process in
            process.type("\u{15}\u{1B}[200~safe\u{1B}[201~\rrm -rf ~\r\u{1B}[201~")
            _ = process.waitForScreen("safe rm -rf ~")
            #expect(process.waitUntilWaitingForKeys())
            process.type("\r")
        }, termination: .exited(0), stdout: "safe rm -rf ~\n"),
    ]

    @Test(arguments: faults)
    func fault(_ fault: Fault) throws {
        let process = try PtyProcess(fault.arguments, screen: "$ ask\n")
        #expect(process.waitForScreen("╰"))
        process.type("s3cret")
        #expect(process.wait { $0.terminal.contains("••••••") || $0.terminal.contains("s3cret") })
        fault.action(process)
        #expect(process.waitForExit(seconds: 20) == fault.termination, "\(process.stderrText)")
        #expect(process.stdoutText == fault.stdout, "stdout: \(process.stdout.count) bytes")
        if fault.checksSettings { #expect(process.settingsRestored) }
        if fault.arguments.contains("--secure") { #expect(!process.transcriptText.contains("s3cret")) }
    }
    @Test func stdoutClosedFailsBeforeAskingAnything() throws {
        let process = try PtyProcess(["--secure"], stdoutClosed: true)
        #expect(process.waitForExit() == .exited(74))
        #expect(process.stderrText == "ask: standard output is closed: the answer would have nowhere to go\n")
        #expect(process.transcript.isEmpty)
        #expect(process.settingsRestored)
    }

    @Test func stdinAtEndOfFileDoesNotMatterWithATerminal() throws {
        let process = try PtyProcess(["--title", "EOF"], screen: "$ ask\n", input: .null)
        #expect(process.waitForScreen("╰"))
        process.type("fine\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "fine\n")
        #expect(process.settingsRestored)
    }

    @Test func theReaderGoingAwaySaysSo() throws {
        let process = try PtyProcess([], screen: "$ ask\n")
        #expect(process.waitForScreen("╰"))
        let stillOpen = process.closeStdoutReader()
        #expect(stillOpen == nil, "\(stillOpen ?? "")")
        process.type("x\r")
        #expect(process.waitForExit() == .exited(74))
        #expect(process.stderrText == "ask: cannot write the answer: Broken pipe\n")
    }

    // MARK: - Secrets in memory

    /// Every 8-character piece of the secret, as UTF-8 and as UTF-32 (how `Unicode.Scalar`
    /// arrays hold it): a freed buffer may hold part of it.
    static func encodings(_ secret: String) -> [[UInt8]] {
        let scalars = Array(secret.unicodeScalars)
        return stride(from: 0, through: scalars.count - 8, by: 4).flatMap { start -> [[UInt8]] in
            let piece = scalars[start..<(start + 8)]
            let utf8 = piece.flatMap { Array(String($0).utf8) }
            let utf32 = piece.flatMap { scalar in withUnsafeBytes(of: scalar.value.littleEndian, Array.init) }
            return [utf8, utf32]
        }
    }

    /// Reads all of `ask`'s memory as it exits (stopped by ptrace at exit) and looks for the
    /// secret. The same scan must find a secret given on the command line, where it cannot be
    /// wiped, or it proves nothing. With `--keep`, the line left on the screen shows a fixed
    /// mask: nothing of the secret is copied to make it.
    @Test(.enabled(if: geteuid() == 0, "reading a non-dumpable process's memory needs CAP_SYS_PTRACE"), arguments: [false, true])
    func noCopyOfTheSecretIsLeftInMemory(keep: Bool) throws {
        let secret = "Tr0ub4dor&3-zebra-9157"
        let process = try PtyProcess(["--secure", "--title", "Memory"] + (keep ? ["--keep"] : []), screen: "$ ask\n", traced: true)
        #expect(process.waitForScreen("╰"))
        process.type(secret)
        #expect(process.waitForScreen(String(repeating: "•", count: 20)))
        process.type("\r")
        #expect(process.waitForExitStop())
        #expect(process.memoryRegions(containingAny: Self.encodings(secret)) == [])
        #expect(process.finishTracedExit() == .exited(0))
        #expect(process.stdoutText == secret + "\n")
        #expect(process.terminal.lines.contains("Memory: ••••••") == keep)

        let control = try PtyProcess(["--secure", "--value", secret], screen: "$ ask\n", traced: true)
        #expect(control.waitForScreen("╰"))
        control.type("\r")
        #expect(control.waitForExitStop())
        #expect(!control.memoryRegions(containing: Array(secret.utf8)).isEmpty, "the scan cannot see memory")
        control.finishTracedExit()
    }

    @Test(.enabled(if: geteuid() == 0, "reading a non-dumpable process's memory needs CAP_SYS_PTRACE"))
    func noCopyIsLeftAfterCancelOrAPasteEither() throws {
        let secret = "pasted-Secret-0xC0FFEE"
        let process = try PtyProcess(["--secure", "--repeat"], screen: "$ ask\n", traced: true)
        #expect(process.waitForScreen("╰"))
        process.type("\u{1B}[200~" + secret + "\u{1B}[201~")
        #expect(process.waitForScreen(String(repeating: "•", count: 20)))
        #expect(process.waitUntilWaitingForKeys())  // Enter right on a paste's heels would be part of it
        process.type("\r")  // the first entry is kept for the comparison
        #expect(process.waitForScreen("Repeat"))
        process.type("\u{1B}")
        #expect(process.waitForExitStop())
        #expect(process.memoryRegions(containingAny: Self.encodings(secret)) == [])
        #expect(process.finishTracedExit() == .exited(1))
        #expect(process.stdout.isEmpty)
    }

    /// In German: the refusal, the repeat entry's placeholder and the kept line in the catalog's
    /// words, none made of the secret; no copy is left.
    @Test(.enabled(if: geteuid() == 0, "reading a non-dumpable process's memory needs CAP_SYS_PTRACE"))
    func noCopyIsLeftInAnotherLanguage() throws {
        let secret = "Gr0ße-Geheimnis&3-9157-xyzab"
        let process = try PtyProcess(["--secure", "--repeat", "--min-length", "28", "--allow-reveal", "--keep", "--title", "Konto"],
                                     environment: ["LANG": "de_DE.UTF-8", "ASK_LOCALEDIR": try CompiledCatalogs.directory()],
                                     screen: "$ ask\n", traced: true)
        #expect(process.waitForScreen("Strg-R zeigt den Text"))
        process.type(String(secret.dropLast(5)) + "\r")
        #expect(process.waitForScreen("Mindestens 28 Zeichen eingeben"))
        process.type(String(secret.suffix(5)) + "\r")
        #expect(process.waitForScreen("Wiederholen"))
        process.type(secret + "\r")
        #expect(process.waitForExitStop())
        #expect(process.memoryRegions(containingAny: Self.encodings(secret)) == [])
        #expect(process.finishTracedExit() == .exited(0))
        #expect(process.stdoutText == secret + "\n")
        #expect(process.terminal.lines.contains("Konto: ••••••"), "\(process.terminal.lines)")
    }

    /// As whiptail: a password box's answer goes to stderr (or swapped through 3), written from
    /// the field's own buffer as ask's answer is; no copy is left either.
    @Test(.enabled(if: geteuid() == 0, "reading a non-dumpable process's memory needs CAP_SYS_PTRACE"))
    func whiptailsPasswordBoxLeavesNoCopy() throws {
        let secret = "Tr0ub4dor&3-Wq7pX2kZ-9157"
        let process = try PtyProcess(["--whiptail", "--passwordbox", "Password", "8", "40"], screen: "$ ask\n", traced: true)
        #expect(process.waitForScreen("╰"))
        process.type(secret)
        #expect(process.waitForScreen(String(repeating: "•", count: 20)))
        process.type("\r")
        #expect(process.waitForExitStop())
        #expect(process.memoryRegions(containingAny: Self.encodings(secret)) == [])
        #expect(process.finishTracedExit() == .exited(0))
        #expect(process.stderrText == secret)
        #expect(process.stdout.isEmpty)
    }

    /// As dialog: a password form's fields are written from their buffers, a line each, among
    /// the form's other pieces (`Response.write(_:to:)`); no copy is left.
    @Test(.enabled(if: geteuid() == 0, "reading a non-dumpable process's memory needs CAP_SYS_PTRACE"))
    func dialogsPasswordFormLeavesNoCopy() throws {
        let secret = "Tr0ub4dor&3-Hq5vN8cY-2468"
        let process = try PtyProcess(["--dialog", "--passwordform", "Login", "10", "50", "2",
                                      "User:", "1", "1", "jane", "1", "10", "30", "0", "Pass:", "2", "1", "", "2", "10", "30", "0"],
                                     screen: "$ ask\n", traced: true)
        #expect(process.waitForScreen("╰"))
        process.type("\u{1B}[B" + secret)
        #expect(process.waitForScreen(String(repeating: "•", count: 20)))
        process.type("\r")
        #expect(process.waitForExitStop())
        #expect(process.memoryRegions(containingAny: Self.encodings(secret)) == [])
        #expect(process.finishTracedExit() == .exited(0))
        #expect(process.stderrText == "jane\n" + secret + "\n")
    }

    /// Two secure fields: typed, edited (a word erased and typed again, a character taken
    /// back), left with Tab and come back to with Shift-Tab, accepted: no copy of either, and
    /// both answers on stdout.
    @Test(.enabled(if: geteuid() == 0, "reading a non-dumpable process's memory needs CAP_SYS_PTRACE"))
    func twoSecureFieldsLeaveNoCopy() throws {
        let first = "Tr0ub4dor&3-zebra-9157", second = "correct-Horse-battery-5tapl3"
        let process = try PtyProcess(["--title", "Memory", "--field", "Old", "--secure", "--field", "New", "--secure",
                                      "--min-length", "20"], screen: "$ ask\n", traced: true)
        #expect(process.waitForScreen("╰"))
        process.type(first + "XY\u{7F}\u{7F}")
        #expect(process.waitForScreen(String(repeating: "•", count: 22)))
        process.type("\t" + "correct-Horse-\u{17}correct-Horse-battery-5tapl")  // Ctrl-W erases the word
        process.type("\u{1B}[Z" + "\t3")  // Shift-Tab back to the first field, Tab to the second again
        #expect(process.waitForScreen(String(repeating: "•", count: 24)))  // the field scrolls: 26 columns
        process.type("\r")
        #expect(process.waitForExitStop())
        #expect(process.memoryRegions(containingAny: Self.encodings(first) + Self.encodings(second)) == [])
        #expect(process.finishTracedExit() == .exited(0))
        #expect(process.stdoutText == first + "\n" + second + "\n")
    }

    /// Checked on Enter (a pattern, a keyboard type's shape), shown with Ctrl-R: still no copy.
    @Test(.enabled(if: geteuid() == 0, "reading a non-dumpable process's memory needs CAP_SYS_PTRACE"))
    func noCopyIsLeftAfterValidationOrRevealing() throws {
        let secret = "Zq9Xw7PkLm3Nb5Vc8Rt2Yu6+Reveal@ex.io"
        let process = try PtyProcess(["--secure", "--allow-reveal", "--keyboard", "email", "--pattern", ".*@ex\\.io"],
                                     screen: "$ ask\n", traced: true)
        #expect(process.waitForScreen("╰"))
        process.type(secret)
        process.type("\u{12}")  // Ctrl-R: shown in clear
        #expect(process.waitForScreen("Reveal@"))
        process.type("\r")
        #expect(process.waitForExitStop())
        #expect(process.memoryRegions(containingAny: Self.encodings(secret)) == [])
        #expect(process.finishTracedExit() == .exited(0))
        #expect(process.stdoutText == secret + "\n")
    }

    /// Revealed graphemes of several scalars (letters with marks) are kept as bytes apart from
    /// the cells; they are wiped too.
    @Test(.enabled(if: geteuid() == 0, "reading a non-dumpable process's memory needs CAP_SYS_PTRACE"))
    func revealedGraphemesOfSeveralScalarsLeaveNoCopy() throws {
        // Short graphemes, and one of ten scalars (longer than a String keeps inline).
        let secret = "q\u{301}z\u{302}x\u{303}k\u{304}w\u{306}j\u{307}v\u{308}p\u{30A}y\u{30B}g\u{30C}"
            + "m\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308}"
        let process = try PtyProcess(["--secure", "--allow-reveal"], screen: "$ ask\n", traced: true)
        #expect(process.waitForScreen("╰"))
        process.type(secret)
        process.type("\u{12}")  // Ctrl-R: shown in clear
        #expect(process.waitForScreen("g\u{30C}"))  // in the same frame as the long one
        process.type("\u{12}")  // and hidden again
        process.type("\r")
        #expect(process.waitForExitStop())
        #expect(process.memoryRegions(containingAny: Self.encodings(secret)) == [])
        #expect(process.finishTracedExit() == .exited(0))
        #expect(process.stdoutText == secret + "\n")
    }

    /// (Being not dumpable, the other half of this, cannot be seen from outside by root, which
    /// these tests run as; what it protects is checked by the memory tests above.)
    @Test func secureEntryTurnsCoreDumpsOff() throws {
        let process = try PtyProcess(["--secure"], screen: "$ ask\n")
        #expect(process.waitForScreen("╰"))
        let status = String(decoding: PtyProcess.readAll("/proc/\(process.pid)/limits"), as: UTF8.self)
        let core = status.split(separator: "\n").first { $0.hasPrefix("Max core file size") }
        #expect(core?.split(separator: " ", omittingEmptySubsequences: true).dropFirst(4).prefix(2) == ["0", "0"])
        process.type("\u{1B}")
        #expect(process.waitForExit() == .exited(1))
    }
}
