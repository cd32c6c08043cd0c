import AskKit
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
}
