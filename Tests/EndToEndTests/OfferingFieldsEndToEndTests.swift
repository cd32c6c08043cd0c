import AskFields
import AskPresentation
import Glibc
import TestSupport
import Testing

/// A path completed on Tab, suggestions, and a history kept in a file, in the built `ask` on a
/// real terminal, with a temporary directory for the files.
@Suite struct OfferingFieldsEndToEndTests {
    static let up = "\u{1B}[A"
    static let right = "\u{1B}[C"

    func start(_ arguments: [String], environment: [String: String] = [:]) throws -> PtyProcess {
        let process = try PtyProcess(arguments, environment: environment, screen: "$ ask\n")
        #expect(process.waitForScreen("╰"))
        return process
    }

    /// `alpha.txt`, `alps/` and `beta` in a new directory.
    static func tree() -> TemporaryDirectory {
        let directory = TemporaryDirectory()
        directory.write("alpha.txt", "")
        directory.write("beta", "")
        mkdir(directory.path + "/alps", 0o700)
        return directory
    }

    /// Tab takes the part the names share, then lists them under the field; Tab again takes each.
    @Test func tabCompletesAPathAsAShellDoes() throws {
        let directory = Self.tree()
        let process = try start(["--title", "File", "--keyboard", "path", "--value", directory.path + "/al"])
        process.type("\t")
        #expect(process.waitForScreen(directory.path + "/alp "), "\(process.terminal.lines)")
        process.type("\t")
        #expect(process.waitForScreen("alpha.txt  alps/"), "\(process.terminal.lines)")
        process.type("\t")
        #expect(process.waitForScreen("/alpha.txt "), "\(process.terminal.lines)")
        #expect(process.terminal.style(of: "alpha.txt  alps/")?.inverse == true)
        #expect(process.terminal.style(of: "alps/")?.inverse == false)
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == directory.path + "/alpha.txt\n")
        #expect(process.settingsRestored)
    }

    /// `--directory` offers directories only; `~` is the home directory.
    @Test func directoriesOnlyAndTheHomeDirectory() throws {
        let directory = Self.tree()
        let process = try start(["--directory"], environment: ["HOME": directory.path])
        process.type("~/a\t")
        #expect(process.waitForScreen(directory.path + "/alps/"), "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == directory.path + "/alps/\n")
    }

    /// The rest of a suggestion shows faint after the cursor; Right takes it.
    @Test func aSuggestionShowsFaintAndRightTakesIt() throws {
        let process = try start(["--suggest", "staging", "--suggest", "production"])
        process.type("pr")
        #expect(process.waitForScreen("│ production"), "\(process.terminal.lines)")
        #expect(process.terminal.style(of: "oduction")?.dim == true)
        #expect(process.terminal.style(of: "pr")?.dim == false)
        process.type(Self.right + "\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "production\n")
    }

    /// Suggestions from a file, a line each.
    @Test func suggestionsFromAFile() throws {
        let directory = TemporaryDirectory()
        directory.write("hosts", "alpha.example.com\nbravo.example.com\n")
        let process = try start(["--suggestions-from", directory.path + "/hosts"])
        process.type("br\t\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "bravo.example.com\n")
    }

    /// Up recalls the newest answer, then older ones; the answer is appended, but not twice.
    @Test func upRecallsAnswersAndTheAnswerIsKept() throws {
        let directory = TemporaryDirectory()
        directory.write("history", "one\ntwo\n")
        let file = directory.path + "/history"
        let process = try start(["--history", file])
        process.type(Self.up)
        #expect(process.waitForScreen("│ two"))
        process.type(Self.up + "\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "one\n")
        #expect(directory.read("history") == "one\ntwo\none\n")

        let again = try start(["--history", file])
        again.type("one\r")
        #expect(again.waitForExit() == .exited(0))
        #expect(directory.read("history") == "one\ntwo\none\n", "the last answer again is not added")
    }

    /// The history is read when the field first takes a key, not before the alert is drawn (a long
    /// one costs the first frame nothing): what the file holds by then is what Up recalls.
    @Test func theHistoryIsReadAtTheFirstKey() throws {
        let directory = TemporaryDirectory()
        directory.write("history", "before\n")
        let process = try start(["--history", directory.path + "/history"])
        #expect(process.waitUntilWaitingForKeys())
        directory.write("history", "before\nafter the first frame\n")
        process.type(Self.up)
        #expect(process.waitForScreen("│ after the first frame"), "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "after the first frame\n")
    }

    /// A history that cannot be read is said before anything is drawn, in one line (74), the
    /// terminal untouched.
    @Test func aHistoryThatCannotBeReadIsSaidFirst() throws {
        let directory = TemporaryDirectory()
        let process = try PtyProcess(["--history", directory.path], screen: "$ ask\n")
        #expect(process.waitForExit() == .exited(74))
        #expect(process.stderrText == "ask: cannot read '\(directory.path)': Is a directory\n")
        #expect(process.terminal.lines.filter { !$0.isEmpty } == ["$ ask"])
        #expect(process.stdoutText.isEmpty)
        #expect(process.settingsRestored)
    }

    /// Answers given at once by several runs are all kept; the file is created for its owner only.
    @Test func concurrentRunsLoseNoLine() throws {
        let directory = TemporaryDirectory()
        let file = directory.path + "/history"
        let processes = try (0..<6).map { _ in try start(["--history", file]) }
        for (index, process) in processes.enumerated() { process.type("answer \(index)") }
        for process in processes { #expect(process.waitUntilWaitingForKeys()) }
        for process in processes { process.type("\r") }
        for process in processes { #expect(process.waitForExit() == .exited(0)) }
        let lines = directory.read("history").split(separator: "\n").map(String.init)
        #expect(Set(lines) == Set((0..<6).map { "answer \($0)" }))
        #expect(lines.count == 6)
        var info = stat()
        stat(file, &info)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    /// A long history opens from its end; once written it holds the last entries only.
    @Test func aLongHistoryIsHeldToItsLastEntries() throws {
        let directory = TemporaryDirectory()
        let count = 100_000
        directory.write("history", (1...count).map { "entry \($0)\n" }.joined())
        let process = try start(["--history", directory.path + "/history"])
        process.type(Self.up)
        #expect(process.waitForScreen("│ entry 100000"))
        process.type("\u{15}new\r")
        #expect(process.waitForExit() == .exited(0))
        let lines = directory.read("history").split(separator: "\n")
        #expect(lines.count == FieldsRoom.historyEntries)
        #expect(lines.first == "entry \(count - FieldsRoom.historyEntries + 2)")
        #expect(lines.last == "new")
    }

    /// A secret keeps no history and is offered nothing: refused before anything is drawn.
    @Test(arguments: [["--history", "h"], ["--suggest", "x"], ["--keyboard", "path"]])
    func aSecureFieldRefusesThem(_ option: [String]) throws {
        let process = try PtyProcess(["--secure"] + option, screen: "$ ask\n")
        #expect(process.waitForExit() == .exited(64))
        #expect(process.stderrText.contains("--secure"), "\(process.stderrText)")
        #expect(process.stdout.isEmpty)
    }

    /// In a form, a secret typed beside a field with a history and suggestions never reaches the
    /// history file, a suggestion, nor any memory left behind.
    @Test(.enabled(if: geteuid() == 0, "reading a non-dumpable process's memory needs CAP_SYS_PTRACE"))
    func aSecretNeverReachesTheHistoryNorASuggestion() throws {
        let secret = "Tr0ub4dor&3-zebra-9157"
        let directory = TemporaryDirectory()
        let file = directory.path + "/history"
        // The suggestion shares only four characters with the secret: no piece the scan looks for.
        let process = try PtyProcess(["--field", "User", "--history", file, "--suggest", "Tr0uble",
                                      "--field", "Password", "--secure", "--allow-reveal"], screen: "$ ask\n", traced: true)
        #expect(process.waitForScreen("╰"))
        process.type("ann\rTr0\u{12}")  // Ctrl-R: the secret's beginning shown
        #expect(process.waitForScreen("Password Tr0 "), "\(process.terminal.lines)")
        #expect(!process.terminal.contains("Tr0uble"), "a secret is offered no suggestion")
        process.type(String(secret.dropFirst(3)))
        #expect(process.waitForScreen("zebra-9157"), "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForExitStop())
        #expect(process.memoryRegions(containingAny: FaultTests.encodings(secret)) == [])
        #expect(process.finishTracedExit() == .exited(0))
        #expect(process.stdoutText == "ann\n" + secret + "\n")
        #expect(directory.read("history") == "ann\n")
    }
}
