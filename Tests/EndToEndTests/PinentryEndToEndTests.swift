import AskChoices
import AskFields
import AskGauge
import AskKit
import AskPresentation
import AskTextBox
import Glibc
import TestSupport
import Testing

/// `ask --pinentry` as gpg-agent runs it: no controlling terminal, the requests on a pipe, the
/// terminal named by OPTION ttyname.
@Suite struct PinentryEndToEndTests {
    /// Starts `ask --pinentry` on a pty it has not as its controlling terminal, and waits for
    /// its greeting.
    static func start(_ arguments: [String] = ["--pinentry"], executable: String? = nil, rows: Int = 24,
                      traced: Bool = false) throws -> PtyProcess {
        let process = try PtyProcess(arguments, executable: executable, rows: rows, screen: "$ gpg -d secret.gpg\n",
                                     input: .pipe, controllingTerminal: false, traced: traced)
        #expect(process.wait { $0.stdoutText.hasPrefix("OK Pleased to meet you, process \(process.pid)\n") }, "\(process.stderrText)")
        return process
    }

    /// Sends request lines and waits until the replies reach `count` lines.
    static func request(_ process: PtyProcess, _ lines: String, replies count: Int) -> Bool {
        process.writeStdin(lines)
        return process.wait { $0.stdout.filter { $0 == 0x0A }.count >= count }
    }

    @Test func aPassphraseIsAskedOnTheNamedTerminalAndSentAsData() throws {
        let process = try Self.start()
        #expect(Self.request(process, "OPTION ttyname=\(process.terminalPath)\nOPTION ttytype=xterm\nSETDESC Please enter the passphrase%0A"
                             + "to unlock the key%0A\nSETPROMPT Passphrase:\nSETOK _OK\nSETCANCEL _Cancel\n", replies: 7))
        process.writeStdin("GETPIN\n")
        #expect(process.waitForScreen("Passphrase:"), "\(process.terminal.lines)")
        #expect(process.terminal.contains("Please enter the passphrase"))
        #expect(process.terminal.contains("to unlock the key"))
        #expect(!process.terminal.contains("_OK"))
        process.waitUntilWaitingForKeys()
        process.type("100% secret\r")
        #expect(process.wait { $0.stdoutText.hasSuffix("D 100%25 secret\nOK\n") }, "\(process.stdoutText)")
        #expect(!process.transcriptText.contains("secret"))
        #expect(process.settingsRestored)
        process.writeStdin("BYE\n")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText.hasSuffix("OK closing connection\n"))
    }

    /// The client hangs up while the alert shows (both its ends closed): the alert goes, the
    /// terminal is as it was, and ask ends at once without a reply.
    @Test func aClientThatHangsUpMidRequestEndsTheAlert() throws {
        let process = try Self.start()
        #expect(Self.request(process, "OPTION ttyname=\(process.terminalPath)\nSETDESC Unlock\n", replies: 3))
        process.writeStdin("GETPIN\n")
        #expect(process.waitForScreen("╰"), "\(process.terminal.lines)")
        process.type("half")
        #expect(process.waitForScreen("••••"))
        process.closeStdin()
        #expect(process.closeStdoutReader() == nil)
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "OK Pleased to meet you, process \(process.pid)\nOK\nOK\n")
        #expect(!process.terminal.contains("Unlock"))
        #expect(process.settingsRestored)
        #expect(process.stderr.isEmpty)
    }

    /// Requests piped in, the input then ended (`printf 'GETPIN\nBYE\n' | pinentry`): the
    /// client still reads the replies, so the alert stays, is answered, and the request after
    /// it is served too.
    @Test func requestsPipedInAreAllServed() throws {
        let process = try Self.start()
        process.writeStdin("OPTION ttyname=\(process.terminalPath)\nGETPIN\nBYE\n")
        process.closeStdin()
        #expect(process.waitForScreen("╰"), "\(process.terminal.lines)")
        process.waitUntilWaitingForKeys()
        process.type("abc\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText.hasSuffix("OK\nD abc\nOK\nOK closing connection\n"), "\(process.stdoutText)")
        #expect(process.settingsRestored)
    }

    /// A quality inquiry the client is slow to answer holds nothing up: typing goes on, and
    /// one inquiry is open at a time (the text is asked about again once the answer came).
    /// Requests the client sends while the alert shows wait for their turn.
    @Test func anUnansweredInquiryHoldsNothingUp() throws {
        let process = try Self.start()
        #expect(Self.request(process, "OPTION ttyname=\(process.terminalPath)\nSETQUALITYBAR\n", replies: 3))
        process.writeStdin("GETPIN\n")
        #expect(process.waitForScreen("0%"), "\(process.terminal.lines)")
        process.waitUntilWaitingForKeys()
        process.type("a")
        #expect(process.wait { $0.stdoutText.hasSuffix("INQUIRE QUALITY a\n") }, "\(process.stdoutText)")
        process.type("b")
        // Echoed at once, not after the inquiry gave up (it used to wait 5 s for the answer).
        #expect(process.waitForScreen("PIN: •• ", seconds: 3.5), "\(process.terminal.lines)")
        process.writeStdin("D 40\nEND\n")
        #expect(process.wait { $0.stdoutText.hasSuffix("INQUIRE QUALITY ab\n") }, "\(process.stdoutText)")
        #expect(process.waitForScreen("40%"), "\(process.terminal.lines)")
        #expect(process.stdoutText.ranges(of: "INQUIRE").count == 2)
        process.writeStdin("D 80\nEND\nNOP\n")
        #expect(process.waitForScreen("80%"), "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.wait { $0.stdoutText.hasSuffix("D ab\nOK\nOK\n") }, "\(process.stdoutText)")
        process.closeStdin()
        #expect(process.waitForExit() == .exited(0))
    }

    /// With no terminal named and none to control, a request for the person fails as
    /// pinentry-curses' does ("not a terminal", never a cancel), and says why on stderr; the
    /// conversation goes on.
    @Test func withoutATerminalARequestFailsAsNotATerminal() throws {
        let process = try Self.start()
        #expect(Self.request(process, "GETPIN\nCONFIRM\nGETINFO flavor\nBYE\n", replies: 6))
        #expect(process.waitForExit() == .exited(0))
        let notATerminal = "ERR 83918950 Inappropriate ioctl for device <Pinentry>\n"
        #expect(process.stdoutText.hasSuffix("\n" + notATerminal + notATerminal + "D ask\nOK\nOK closing connection\n"), "\(process.stdoutText)")
        #expect(process.stderrText == String(repeating: "ask: pinentry: no terminal to prompt on (/dev/tty: No such device or address)\n", count: 2))
    }

    /// A terminal named that cannot be used: the client hears the system's reason in
    /// libgpg-error's code (pinentry's source, GPG_ERR_SYSTEM_ERROR and the errno's place), as
    /// pinentry-curses answers; gpg says its text. (One the user may not open: GnuPGTests.)
    @Test(arguments: [
        ("/nonexistent/pts/9", "ERR 83918929 No such file or directory <Pinentry>\n"),
        ("/dev/null", "ERR 83918950 Inappropriate ioctl for device <Pinentry>\n"),
        ("/", "ERR 83918899 Is a directory <Pinentry>\n"),
    ])
    func aNamedTerminalThatCannotBeUsedIsSaidAsTheSystemSaysIt(path: String, reply: String) throws {
        let process = try Self.start()
        #expect(Self.request(process, "OPTION ttyname=\(path)\nGETPIN\nBYE\n", replies: 4))
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText.hasSuffix("\nOK\n" + reply + "OK closing connection\n"), "\(process.stdoutText)")
        #expect(process.stderrText.hasPrefix("ask: pinentry: no terminal to prompt on (\(path): "), "\(process.stderrText)")
    }

    /// SETTIMEOUT is the alert's countdown; when it runs out the agent hears Timeout.
    @Test func theTimeoutIsTheCountdown() throws {
        let process = try Self.start()
        #expect(Self.request(process, "OPTION ttyname=\(process.terminalPath)\nSETTIMEOUT 1\n", replies: 3))
        process.writeStdin("GETPIN\n")
        #expect(process.wait { $0.stdoutText.hasSuffix("ERR 83886142 Timeout <Pinentry>\n") }, "\(process.stdoutText)")
        #expect(process.settingsRestored)
        process.closeStdin()
        #expect(process.waitForExit() == .exited(0))
    }

    /// A request line longer than the protocol allows, or input ending within a line, ends the
    /// conversation with a line on stderr (status 65).
    @Test(arguments: [(String(repeating: "a", count: 1100) + "\n", "a request line is longer than 1001 bytes"),
                      ("NOP", "the requests ended in the middle of a line")])
    func requestsThatBreakTheProtocolEndIt(input: String, message: String) throws {
        let process = try Self.start()
        process.writeStdin(input)
        process.closeStdin()
        #expect(process.waitForExit() == .exited(65))
        #expect(process.stderrText == "ask: pinentry: \(message)\n")
    }

    /// A link named pinentry-ask is a pinentry, and `ask --pinentry` one too; pinentry's own
    /// options say the terminal and its type (the others are taken and ignored).
    @Test(arguments: [true, false])
    func aLinkNamedPinentryAskIsAPinentry(link: Bool) throws {
        let directory = TemporaryDirectory()
        let options = ["--ttyname", "/dev/null", "-N", "xterm", "--lc-ctype=C.UTF-8", "-g", "--display", ":0", "--timeout", "30", "-d"]
        let process = try Self.start(link ? options : ["--pinentry"] + options,
                                     executable: link ? directory.link("pinentry-ask", to: PtyProcess.askPath) : nil)
        #expect(Self.request(process, "GETINFO ttyinfo\nBYE\n", replies: 4))
        #expect(process.stdoutText.contains("\nD /dev/null xterm :0 "), "\(process.stdoutText)")
        #expect(process.waitForExit() == .exited(0))
    }

    /// The passphrase leaves no copy in memory: typed, rated by the client through
    /// INQUIRE QUALITY, sent as a D line.
    @Test(.enabled(if: geteuid() == 0, "reading a non-dumpable process's memory needs CAP_SYS_PTRACE"))
    func noCopyOfThePassphraseIsLeftInMemory() throws {
        let secret = "Tr0ub4dor&3-zebra-9157"
        let process = try Self.start(traced: true)
        #expect(Self.request(process, "OPTION ttyname=\(process.terminalPath)\nSETQUALITYBAR\nSETREPEAT Repeat:\n", replies: 4))
        process.writeStdin("GETPIN\n")
        #expect(process.waitForScreen("╰"))
        process.type(secret)
        // Typed in one piece or in several: every inquiry answered, until one is about it all.
        var answered = 0
        while answered < secret.count {
            let asked = process.wait { $0.stdoutText.ranges(of: "INQUIRE QUALITY ").count > answered }
            #expect(asked, "\(process.stdoutText)")
            guard asked else { break }
            answered += 1
            process.writeStdin("D 64\nEND\n")
            if process.stdoutText.hasSuffix("INQUIRE QUALITY \(secret)\n") { break }
        }
        #expect(process.waitForScreen("64%"), "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForScreen("Repeat:"))
        process.type(secret + "\r")
        #expect(process.wait { $0.stdoutText.hasSuffix("S PIN_REPEATED\nD \(secret)\nOK\n") }, "\(process.stdoutText)")
        process.writeStdin("BYE\n")
        #expect(process.waitForExitStop())
        #expect(process.memoryRegions(containingAny: FaultTests.encodings(secret)) == [])
        #expect(process.finishTracedExit() == .exited(0))
        #expect(process.settingsRestored)

        // The same scan sees text that cannot be wiped (an argument), or it proves nothing.
        let control = try Self.start(["--pinentry", "--display", secret], traced: true)
        control.writeStdin("BYE\n")
        #expect(control.waitForExitStop())
        #expect(!control.memoryRegions(containing: Array(secret.utf8)).isEmpty, "the scan cannot see memory")
        control.finishTracedExit()
    }
}
