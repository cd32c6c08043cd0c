import Glibc
import TestSupport
import Testing

/// A real client: debconf's dialog frontend (`DEBIAN_FRONTEND=dialog`), finding `ask`'s
/// `whiptail` link first in PATH, asks a real package's questions through it, and the answers
/// land in the debconf database — `dpkg-reconfigure debconf` (two menus) and `dpkg-reconfigure
/// man-db` (a yes/no question). The database is a copy, named by `DEBCONF_SYSTEMRC`, so the
/// machine's own is never touched; the answers the test gives change nothing on the machine
/// (man-db's is its own default, No).
@Suite(.serialized) struct DebconfTests {
    static let enabled = geteuid() == 0 && Tools.available("dpkg-reconfigure")
        && (Tools.required || access("/var/lib/dpkg/info/man-db.config", F_OK) == 0)

    /// A debconf configuration whose database is a copy of the machine's, in `directory`.
    static func database(in directory: TemporaryDirectory) throws -> String {
        for name in ["config.dat", "templates.dat"] {
            try Util.writeFile(directory.path + "/" + name, String(decoding: try Util.readBytes("/var/cache/debconf/" + name),
                                                                      as: UTF8.self))
        }
        let configuration = directory.path + "/debconf.conf"
        try Util.writeFile(configuration, """
            Config: configdb
            Templates: templatedb

            Name: configdb
            Driver: File
            Mode: 644
            Filename: \(directory.path)/config.dat

            Name: templatedb
            Driver: File
            Mode: 644
            Filename: \(directory.path)/templates.dat

            """)
        return configuration
    }

    /// `debconf-show PACKAGE` against the copy: `name: value` for each question.
    static func show(_ package: String, _ configuration: String) throws -> [String] {
        let shown = try Util.run(try Tools.require("debconf-show"), [package], environment: ["DEBCONF_SYSTEMRC": configuration])
        return shown.stdoutText.split(separator: "\n").map { $0.dropFirst(2).description }
    }

    /// The process started under the whiptail link's name (debconf runs `whiptail` from PATH).
    static func process(running path: String) -> pid_t? {
        let program = Array((path.split(separator: "/").last ?? "").utf8)
        guard let processes = opendir("/proc") else { return nil }
        defer { closedir(processes) }
        while let entry = readdir(processes) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = pid_t(name) else { continue }
            let first = PtyProcess.startedName(of: pid) ?? []
            if first == program || first == Array(path.utf8) { return pid }
        }
        return nil
    }

    /// Waits for `ask` to show `text`, then types `keys` once it waits for them.
    static func answer(_ process: PtyProcess, link: String, showing text: String, with keys: [String]) -> Bool {
        guard process.wait(seconds: 20, until: { $0.terminal.contains(text) && $0.terminal.contains("╰") }),
              let ask = Self.process(running: link) else { return false }
        for key in keys {
            process.waitUntilWaitingForKeys(of: ask)
            process.type(key)
        }
        return true
    }

    static func reconfigure(_ package: String, _ configuration: String, link directory: String, locale: String = "C.UTF-8") throws -> PtyProcess {
        try PtyProcess([package], executable: try Tools.require("dpkg-reconfigure"),
                       environment: ["DEBCONF_SYSTEMRC": configuration, "DEBIAN_FRONTEND": "dialog",
                                     "PATH": directory + ":/usr/sbin:/usr/bin:/sbin:/bin", "LANG": locale],
                       rows: 40, columns: 100, screen: "# dpkg-reconfigure \(package)\n")
    }

    /// The copy of the database with the questions preset (Dialog, high, man-db's Yes) and a
    /// directory holding `ask`'s `whiptail` link: the configuration, the directory, the link.
    static func prepared(in directory: TemporaryDirectory) throws -> (configuration: String, bin: String, link: String) {
        let configuration = try Self.database(in: directory)
        let bin = directory.path + "/bin"
        mkdir(bin, 0o755)
        let link = bin + "/whiptail"
        symlink(PtyProcess.askPath, link)
        try Util.writeFile(directory.path + "/selections", "debconf debconf/frontend select Dialog\n"
                           + "debconf debconf/priority select high\nman-db man-db/install-setuid boolean true\n")
        let preset = try Util.run(try Tools.require("debconf-set-selections"), [directory.path + "/selections"],
                                  environment: ["DEBCONF_SYSTEMRC": configuration])
        try #require(preset.termination == .exited(0), "\(preset.stderrText)")
        return (configuration, bin, link)
    }

    @Test(.enabled(if: enabled, "needs root, debconf and man-db"))
    func debconfsQuestionsAreAnsweredThroughAsk() throws {
        let directory = TemporaryDirectory()
        let (configuration, bin, link) = try Self.prepared(in: directory)

        // Two menus: the interface (Dialog → Readline) and the priority (high → low).
        let debconf = try Self.reconfigure("debconf", configuration, link: bin)
        #expect(Self.answer(debconf, link: link, showing: "Interface to use", with: ["\u{1B}[B", "\r"]), "\(debconf.terminal.lines)")
        #expect(Self.answer(debconf, link: link, showing: "Ignore questions", with: ["\u{1B}[B", "\u{1B}[B", "\r"]),
                "\(debconf.terminal.lines)")
        #expect(debconf.waitForExit(seconds: 20) == .exited(0), "\(debconf.stderrText)")
        #expect(debconf.settingsRestored)
        let settings = try Self.show("debconf", configuration)
        #expect(settings.contains("debconf/frontend: Readline") && settings.contains("debconf/priority: low"), "\(settings)")

        // A yes/no question, Yes first (as set above): Tab to No, Return.
        let manDB = try Self.reconfigure("man-db", configuration, link: bin)
        #expect(Self.answer(manDB, link: link, showing: "setuid man", with: ["\t", "\r"]), "\(manDB.terminal.lines)")
        #expect(manDB.waitForExit(seconds: 60) == .exited(0), "\(manDB.stderrText)")
        #expect(try Self.show("man-db", configuration).contains("man-db/install-setuid: false"))
        #expect(manDB.settingsRestored)
    }

    /// Under `LANG=de_DE.UTF-8` debconf asks man-db's question in German (its template's German
    /// description) through `ask` as whiptail, whose buttons say whiptail's German words, newt's
    /// `Ja` and `Nein`; Tab to Nein, Return: the answer lands in the database.
    @Test(.enabled(if: enabled && Tools.available("whiptail"), "needs root, debconf, man-db and whiptail's catalogs"))
    func aGermanQuestionHasGermanButtons() throws {
        let directory = TemporaryDirectory()
        let (configuration, bin, link) = try Self.prepared(in: directory)
        let manDB = try Self.reconfigure("man-db", configuration, link: bin, locale: "de_DE.UTF-8")
        #expect(Self.answer(manDB, link: link, showing: "»setuid man« installieren?", with: []), "\(manDB.terminal.lines)")
        #expect(LanguageSideBySideTests.buttons(manDB.terminal.lines) == ["Ja", "Nein"], "\(manDB.terminal.lines)")
        #expect(Self.answer(manDB, link: link, showing: "Nein", with: ["\t", "\r"]), "\(manDB.terminal.lines)")
        #expect(manDB.waitForExit(seconds: 60) == .exited(0), "\(manDB.stderrText)")
        #expect(try Self.show("man-db", configuration).contains("man-db/install-setuid: false"))
        #expect(manDB.settingsRestored)
    }
}
