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

/// The built `ask` as the pinentry of a real gpg-agent (Debian's gnupg): a GnuPG home of its own
/// whose gpg-agent.conf names a link `pinentry-ask` to it, gpg run on a pty with GPG_TTY naming
/// that pty (the agent starts the pinentry without a terminal and tells it the pty's name), and
/// the alert answered there.
///
/// Skipped when gpg is not installed, unless ASK_REQUIRE_TOOLS is set (then it fails).
@Suite(.enabled(if: Tools.available("gpg"))) struct GnuPGTests {
    /// A GnuPG home for one test (a short path: the agent's socket lives in it), its agent
    /// killed when released.
    final class Home {
        let directory = TemporaryDirectory()
        let gpg: String
        let pinentry: String
        /// The user the home belongs to, gpg and its agent run as (nil: this process's).
        let user: uid_t?
        var path: String { directory.path }

        /// With `pinentry` the agent's pinentry instead of `ask` (pinentry-curses, to compare).
        init(pinentry program: String? = nil, user: uid_t? = nil) throws {
            gpg = try Tools.require("gpg")
            self.user = user
            chmod(directory.path, 0o700)
            pinentry = program ?? directory.link("pinentry-ask", to: PtyProcess.askPath)
            directory.write("gpg-agent.conf", "pinentry-program \(pinentry)\n")
            directory.write("message.txt", "attack at dawn\n")
            if let user {
                for name in ["", "/gpg-agent.conf", "/message.txt"] { chown(directory.path + name, user, gid_t(user)) }
            }
        }

        deinit {
            if let gpgconf = Tools.path("gpgconf") {
                _ = try? Util.run(user == nil ? gpgconf : "/usr/bin/setpriv",
                                  Self.asUser(user) + (user == nil ? [] : [gpgconf]) + ["--homedir", directory.path, "--kill", "gpg-agent"])
            }
        }

        /// setpriv's arguments to run a program as `user` (none for nil).
        static func asUser(_ user: uid_t?) -> [String] {
            user.map { ["--reuid=\($0)", "--regid=\($0)", "--clear-groups"] } ?? []
        }

        /// Runs `program` (gpg) with `arguments` in the home, on a pty of its own that
        /// GPG_TTY names.
        func run(_ arguments: [String], program: String? = nil) throws -> PtyProcess {
            let quoted = (Self.asUser(user).map { "'" + $0 + "'" } + ["\"$GPG\" --homedir \"$G\""] + arguments.map { "'" + $0 + "'" })
                .joined(separator: " ")
            return try PtyProcess(["-c", "GPG_TTY=$(tty); export GPG_TTY; cd \"$G\"; exec \(user == nil ? "" : "/usr/bin/setpriv ")" + quoted],
                                  executable: "/bin/sh", environment: ["G": path, "GPG": program ?? gpg, "HOME": path],
                                  screen: "$ gpg \(arguments.joined(separator: " "))\n")
        }

        /// gpg with `--batch`, asking the agent (and so the pinentry) for passphrases.
        func gpg(_ arguments: [String]) throws -> PtyProcess {
            try run(["--batch", "--pinentry-mode", "ask"] + arguments)
        }

        /// The pinentry the agent started, prompting on `terminal`: the process named
        /// `pinentry-ask` (or a path ending so: as qemu-user names it) that has it open.
        func pinentryProcess(on terminal: String) -> pid_t? {
            guard let processes = opendir("/proc") else { return nil }
            defer { closedir(processes) }
            while let entry = readdir(processes) {
                guard let pid = pid_t(Self.name(entry)),
                      PtyProcess.startedName(of: pid)?.split(separator: UInt8(ascii: "/")).last.map(Array.init) == Array("pinentry-ask".utf8),
                      let descriptors = opendir("/proc/\(pid)/fd") else { continue }
                defer { closedir(descriptors) }
                while let descriptor = readdir(descriptors) {
                    var link = [CChar](repeating: 0, count: 256)
                    let count = readlink("/proc/\(pid)/fd/\(Self.name(descriptor))", &link, link.count - 1)
                    if count > 0, String(decoding: link[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) == terminal { return pid }
                }
            }
            return nil
        }

        private static func name(_ entry: UnsafeMutablePointer<dirent>) -> String {
            withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }

        /// Waits for the alert showing `text`, then types `keys` into it once it waits for them.
        func answer(_ process: PtyProcess, showing text: String, with keys: String) -> Bool {
            guard process.wait(seconds: 15, until: { $0.terminal.contains(text) && $0.terminal.contains("╰") }) else { return false }
            guard let pinentry = pinentryProcess(on: process.terminalPath) else { return false }
            process.waitUntilWaitingForKeys(of: pinentry)
            process.type(keys)
            return true
        }
    }

    /// `gpg -c` and `gpg -d`: the alert shows on gpg's terminal, the passphrase typed there
    /// (twice to encrypt) encrypts the file and decrypts it again.
    @Test func aFileIsEncryptedAndDecryptedWithThePassphraseTypedInTheAlert() throws {
        let home = try Home()
        let encrypt = try home.gpg(["--no-symkey-cache", "-o", "message.gpg", "-c", "message.txt"])
        #expect(home.answer(encrypt, showing: "Passphrase:", with: "c0rrect h0rse\r"), "\(encrypt.stderrText) \(encrypt.terminal.lines)")
        #expect(home.answer(encrypt, showing: "Repeat", with: "c0rrect h0rse\r"), "\(encrypt.stderrText) \(encrypt.terminal.lines)")
        #expect(encrypt.waitForExit(seconds: 15) == .exited(0), "\(encrypt.stderrText)")
        #expect(!encrypt.transcriptText.contains("c0rrect h0rse"))
        #expect(encrypt.settingsRestored)

        let decrypt = try home.gpg(["--no-symkey-cache", "-d", "message.gpg"])
        #expect(home.answer(decrypt, showing: "Passphrase:", with: "c0rrect h0rse\r"), "\(decrypt.stderrText) \(decrypt.terminal.lines)")
        #expect(decrypt.waitForExit(seconds: 15) == .exited(0), "\(decrypt.stderrText)")
        #expect(decrypt.stdoutText == "attack at dawn\n")
        #expect(decrypt.settingsRestored)
    }

    /// Esc in the alert: gpg reports the operation cancelled.
    @Test func escapeCancelsTheOperation() throws {
        let home = try Home()
        let encrypt = try home.gpg(["--no-symkey-cache", "-o", "message.gpg", "-c", "message.txt"])
        #expect(home.answer(encrypt, showing: "Passphrase:", with: "\u{1B}"), "\(encrypt.stderrText) \(encrypt.terminal.lines)")
        #expect(encrypt.waitForExit(seconds: 15) == .exited(2), "\(encrypt.stderrText)")
        #expect(encrypt.stderrText.contains("Operation cancelled"), "\(encrypt.stderrText)")
        #expect(encrypt.settingsRestored)
    }

    /// A key made with a passphrase: the new-passphrase alert asks it twice, says so when the
    /// two differ, and rates it as it is typed; a wrong passphrase to decrypt shows the agent's
    /// error when it asks again.
    @Test func aKeyIsMadeWithANewPassphraseAndUnlockedAfterAWrongOne() throws {
        let home = try Home()
        let generate = try home.gpg(["--quick-gen-key", "Alice <alice@example.org>", "future-default", "default", "never"])
        #expect(home.answer(generate, showing: "protect your new key", with: "tr0ub4dor&3\r"),
                "\(generate.stderrText) \(generate.terminal.lines)")
        // The second entry differs: the agent's error, and the first entry is asked again.
        #expect(home.answer(generate, showing: "Repeat", with: "tr0ub4dor&4\r"), "\(generate.stderrText) \(generate.terminal.lines)")
        #expect(home.answer(generate, showing: "does not match - try again", with: "tr0ub4dor&3\r"), "\(generate.terminal.lines)")
        #expect(home.answer(generate, showing: "Repeat", with: "tr0ub4dor&3\r"), "\(generate.stderrText) \(generate.terminal.lines)")
        #expect(generate.waitForExit(seconds: 15) == .exited(0), "\(generate.stderrText)")
        #expect(!generate.transcriptText.contains("tr0ub4dor"))
        #expect(generate.settingsRestored)

        let encrypt = try home.gpg(["--trust-model", "always", "-r", "alice@example.org", "-o", "message.gpg", "-e", "message.txt"])
        #expect(encrypt.waitForExit(seconds: 15) == .exited(0), "\(encrypt.stderrText)")
        let decrypt = try home.gpg(["-d", "message.gpg"])
        #expect(home.answer(decrypt, showing: "Passphrase:", with: "wrong one\r"), "\(decrypt.stderrText) \(decrypt.terminal.lines)")
        // The agent asks again, saying why, under the field.
        #expect(home.answer(decrypt, showing: "Bad Passphrase (try 2 of 3)", with: "tr0ub4dor&3\r"), "\(decrypt.stderrText) \(decrypt.terminal.lines)")
        #expect(decrypt.waitForExit(seconds: 15) == .exited(0), "\(decrypt.stderrText)")
        #expect(decrypt.stdoutText == "attack at dawn\n")
        #expect(decrypt.settingsRestored)
    }

    /// A terminal the pinentry may not open — gpg's own after `su -` to another user; here gpg
    /// runs as nobody on root's pty — is said as what happened, "Permission denied", in the
    /// lines gpg prints with pinentry-curses, never as "cancelled by user". (Root opens any
    /// terminal, so it takes root to start gpg as nobody.)
    @Test(.enabled(if: geteuid() == 0 && access("/usr/bin/setpriv", X_OK) == 0, "it takes root to run gpg as another user"))
    func aTerminalThePinentryMayNotOpenIsSaidAsPinentryCursesSaysIt() throws {
        func said(pinentry: String?) throws -> [String] {
            let home = try Home(pinentry: pinentry, user: 65534)
            let encrypt = try home.gpg(["--no-symkey-cache", "-o", "message.gpg", "-c", "message.txt"])
            #expect(encrypt.waitForExit(seconds: 15) == .exited(2), "\(encrypt.stderrText)")
            #expect(encrypt.settingsRestored)
            return encrypt.stderrText.replacing(home.path, with: "HOME").split(separator: "\n").map(String.init)
        }
        let lines = try said(pinentry: nil)
        #expect(lines.contains("gpg: problem with the agent: Permission denied"), "\(lines)")
        #expect(!lines.contains { $0.contains("cancelled by user") }, "\(lines)")
        // Side by side with pinentry-curses where it is installed (gpg-agent's first choice of
        // pinentry, which Debian's gnupg brings).
        if let curses = Tools.path("pinentry-curses") {
            #expect(try said(pinentry: curses) == lines)
        }
    }

    /// gpg-connect-agent's GET_CONFIRMATION: OK answers OK, Cancel an error.
    @Test(arguments: [("\r", "OK\n"), ("\u{1B}", "ERR 83886179 Operation cancelled <Pinentry>\n")])
    func theAgentAsksForAConfirmation(keys: String, reply: String) throws {
        let home = try Home()
        let gpgConnectAgent = try Tools.require("gpg-connect-agent")
        let confirm = try home.run(["GET_CONFIRMATION Continue%3F", "/bye"], program: gpgConnectAgent)
        #expect(confirm.wait(seconds: 15) { $0.terminal.contains("Cancel") && $0.terminal.contains("OK") && $0.terminal.contains("╰") },
                "\(confirm.stderrText) \(confirm.terminal.lines)")
        #expect(home.answer(confirm, showing: "Continue?", with: keys), "\(confirm.stderrText) \(confirm.terminal.lines)")
        #expect(confirm.waitForExit(seconds: 15) == .exited(0), "\(confirm.stderrText)")
        #expect(confirm.stdoutText == reply)
        #expect(confirm.settingsRestored)
    }

    /// GET_PASSPHRASE --qualitybar: the agent rates the passphrase as it is typed (the
    /// pinentry's INQUIRE QUALITY), and the meter under the field shows it.
    @Test func theAgentRatesANewPassphrase() throws {
        let home = try Home()
        let gpgConnectAgent = try Tools.require("gpg-connect-agent")
        let ask = try home.run(["GET_PASSPHRASE --data --qualitybar ask:test X Passphrase: New%20passphrase", "/bye"],
                               program: gpgConnectAgent)
        #expect(home.answer(ask, showing: "Quality:", with: "x"), "\(ask.stderrText) \(ask.terminal.lines)")
        #expect(ask.waitForScreen("(too weak)"), "\(ask.terminal.lines)")
        ask.type("9-Long&Strong-passphrase")
        #expect(ask.wait { $0.terminal.contains("Quality:") && !$0.terminal.contains("(too weak)") && !$0.terminal.contains(" 0%") },
                "\(ask.terminal.lines)")
        ask.type("\r")
        #expect(ask.waitForExit(seconds: 15) == .exited(0), "\(ask.stderrText)")
        #expect(ask.stdoutText == "D x9-Long&Strong-passphrase\nOK\n", "\(ask.stdoutText)")
        #expect(ask.settingsRestored)
    }
}
