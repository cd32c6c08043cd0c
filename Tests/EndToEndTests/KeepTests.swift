import Glibc
import TestSupport
import Testing

/// `--keep` and `ASK_KEEP` with the built `ask`: the alert goes, one line stays in its place,
/// the answer still on stdout alone, the terminal restored.
struct KeepTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        var environment: [String: String] = [:]
        let keys: String
        let status: Int32
        let stdout: String
        /// The screen afterwards.
        let screen: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a secret", arguments: ["-t", "Password", "--secure", "--keep"], keys: "hunter2-zebra\r", status: 0,
             stdout: "hunter2-zebra\n", screen: ["$ ask", "Password: ••••••"]),
        Case(name: "ASK_KEEP, a choice", arguments: ["-t", "Fruit", "--choice", "Apple", "--choice", "Banana"],
             environment: ["ASK_KEEP": "1"], keys: "\u{1B}[B\r", status: 0, stdout: "Banana\n", screen: ["$ ask", "Fruit: Banana"]),
        Case(name: "cancelled", arguments: ["-t", "Name", "--keep"], keys: "\u{1B}", status: 1, stdout: "",
             screen: ["$ ask", "Name: Cancelled"]),
        Case(name: "ASK_KEEP=false keeps nothing", arguments: ["-t", "Name"], environment: ["ASK_KEEP": "false"], keys: "jane\r",
             status: 0, stdout: "jane\n", screen: ["$ ask"]),
        Case(name: "plain mode writes the same line", arguments: ["-t", "Name", "--keep", "--plain"], keys: "jane\r", status: 0,
             stdout: "jane\n", screen: ["$ ask", "Name", "> jane", "Name: jane"]),
    ]

    @Test(arguments: cases)
    func oneLineStays(_ test: Case) throws {
        let process = try PtyProcess(test.arguments, environment: test.environment, screen: "$ ask\n")
        #expect(process.waitUntilWaitingForKeys())
        process.type(test.keys)
        #expect(process.waitForExit() == .exited(test.status))
        #expect(process.stdoutText == test.stdout)
        #expect(process.settingsRestored)
        #expect(process.terminal.lines.filter { !$0.isEmpty } == test.screen)
        #expect(!process.transcriptText.contains("hunter2"))
    }
}
