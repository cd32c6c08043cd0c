import Glibc
import TestSupport
import Testing

/// `--allow-other` with the built `ask`: choose from the list or type an answer of one's own —
/// drawn, in plain mode, and from stdin without a terminal.
struct AllowOtherTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var arguments: [String] = []
        /// Typed once the alert waits (nil: no terminal, `stdin` piped in).
        var keys: String?
        var stdin = ""
        let status: Int32
        let stdout: String
        var stderr = ""
        var testDescription: String { name }
    }

    static let fruit = ["-t", "Fruit", "--choice", "Apple", "--choice", "Banana", "--allow-other"]

    static let cases: [Case] = [
        Case(name: "text of one's own", keys: "kiwi\r", status: 0, stdout: "kiwi\n"),
        Case(name: "a match is still chosen first", keys: "ban\r", status: 0, stdout: "Banana\n"),
        Case(name: "the offer below the match", keys: "ban\u{1B}[B\r", status: 0, stdout: "ban\n"),
        Case(name: "plain mode: a line naming no choice", arguments: ["--plain"], keys: "kiwi\r", status: 0, stdout: "kiwi\n"),
        Case(name: "without a terminal: a line naming no choice", arguments: ["--fallback", "stdin"], stdin: "kiwi\n", status: 0,
             stdout: "kiwi\n"),
        Case(name: "without a terminal: a line naming one", arguments: ["--fallback", "stdin"], stdin: "banana\n", status: 0,
             stdout: "Banana\n"),
        Case(name: "without a terminal: held to what typing takes", arguments: ["--fallback", "stdin"], stdin: "ki\u{07}wi\n",
             status: 65, stdout: "", stderr: "ask: answer refused: the answer contains control characters\n"),
        Case(name: "not with --multiple", arguments: ["--multiple"], stdin: "", status: 64, stdout: "",
             stderr: "ask: options '--allow-other' and '--multiple' contradict each other\n"),
    ]

    /// Typed text beside choices that differ from it only in case, in a real terminal: the sheet
    /// shows what fzf's `--filter` finds, in its order (one fold and smart case, as fzf's); a
    /// query that names a choice as the filter matches it (`über` names `Über`) is offered no row
    /// of its own, one that names none (`KEEP`: a capital, so case counts) is; Return takes the
    /// first match, or the offer when nothing matches — never only the bell.
    @Test(.enabled(if: Tools.available("fzf"), "fzf is not installed"), arguments: [
        ("über", false), ("Über", false), ("ÜBER", false), ("keep", false), ("KEEP", true), ("Keep", false), ("σίσυφος", false),
    ])
    func caseAsTheFilterMatches(query: String, offered: Bool) throws {
        let fzf = try Tools.require("fzf")
        let labels = ["Apple", "Über", "über", "ÜBER", "Keep", "ΣΊΣΥΦΟΣ", "Σίσυφος"]
        let directory = TemporaryDirectory()
        defer { _ = directory }
        let path = directory.path + "/list"
        try Util.writeFile(path, labels.map { $0 + "\n" }.joined())
        let theirs = try Util.run("/bin/sh", ["-c", "exec \"$0\" --filter \"$1\" < \"$2\"", fzf, query, path])
        let fzfOrder = theirs.stdoutText.split(separator: "\n").map(String.init)
        let process = try PtyProcess(["--choices-from", path, "--allow-other"], screen: "$ ask\n")
        #expect(process.waitForScreen("Apple"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        process.type(query)
        #expect(process.waitForScreen("\(fzfOrder.count)/\(labels.count)"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        let rows = process.terminal.lines.map { $0.split(whereSeparator: { $0 == "│" || $0 == "›" || $0 == " " }).joined(separator: " ") }
        #expect(rows.filter(labels.contains) == fzfOrder, "\(process.terminal.lines)")
        #expect(process.terminal.contains("Use ‘\(query)’") == offered, "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == (fzfOrder.first ?? query) + "\n")
        #expect(process.settingsRestored)
    }

    @Test(arguments: cases)
    func theTextIsTheAnswer(_ test: Case) throws {
        let arguments = Self.fruit + test.arguments
        guard let keys = test.keys else {
            let process = try PtyProcess(arguments, input: .bytes(Array(test.stdin.utf8)), controllingTerminal: false)
            #expect(process.waitForExit() == .exited(test.status))
            #expect(process.stdoutText == test.stdout)
            #expect(process.stderrText == test.stderr)
            return
        }
        let process = try PtyProcess(arguments, screen: "$ ask\n")
        #expect(process.waitUntilWaitingForKeys())
        process.type(keys)
        #expect(process.waitForExit() == .exited(test.status))
        #expect(process.stdoutText == test.stdout)
        #expect(process.settingsRestored)
    }
}
