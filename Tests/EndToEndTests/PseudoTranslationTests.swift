import AskDocs
import Glibc
import TestSupport
import Testing

/// Every word shown is marked: under a catalog that brackets each of the template's entries
/// (`«Cancel»`, gettext's pseudo-translation), a person's screens — the alert, a field refused,
/// a form's hints and counter, a list's hint, counter and refusal, a gauge, the one-line form,
/// the kept line, a pause's bar, a range, an output box's row under a command, plain mode's lines
/// — hold no letter outside the brackets, the alert's own texts (and the command's name) being
/// given without letters. A word shown but not marked would show bare.
@Suite struct PseudoTranslationTests {
    /// The pseudo-catalog, as German's, in a directory of the build's.
    static let directory: String = {
        let directory = Paths.root + "/.build/test-pseudo-locale"
        let template = (try? POFile.read(Paths.root + "/" + MessageTemplate.path)) ?? POFile("")
        let entries = template.entries.filter { !$0.key.isEmpty }.map { entry -> (String, String) in
            let parts = entry.key.split(separator: "\u{0}", omittingEmptySubsequences: false).map { "«" + $0.split(separator: "\u{4}").last.map(String.init)! + "»" }
            return (entry.key, entry.key.hasPrefix("digit group separator") ? "'" : parts.joined(separator: "\u{0}"))
        }
        let bytes = MoFile.bytes([MoFile.header("nplurals=2; plural=(n != 1);")] + entries)
        _ = try? Util.run("/bin/mkdir", ["-p", directory + "/de/LC_MESSAGES"])
        let file = open(directory + "/de/LC_MESSAGES/ask.mo", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)
        // A command whose name has no letter, for the output box's row that names it.
        _ = try? Util.run("/bin/mkdir", ["-p", directory + "/bin"])
        _ = try? Util.run("/bin/ln", ["-sf", "/bin/sleep", directory + "/bin/①"])
        return directory
    }()

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        var keys: [String] = []
        var stdin: String?
        /// Whether standard input ends once `stdin` is written.
        var endsInput = false
        /// Whether it shows any word of its own (a gauge has none).
        var translates = true
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "alert, the countdown", arguments: ["--no-field", "--title", "①", "--timeout", "9"]),
        Case(name: "a field refused", arguments: ["--title", "①", "--required"], keys: ["\r"]),
        Case(name: "too short", arguments: ["--title", "①", "--min-length", "3", "--keyboard", "email"], keys: ["1\r"]),
        Case(name: "a form's hints and counter", arguments: ["--field", "①", "--multiline", "--field", "②", "--secure", "--allow-reveal",
                                                            "--max-length", "4", "--repeat"], keys: ["\t", "12"]),
        Case(name: "entries that differ", arguments: ["--title", "①", "--secure", "--repeat"], keys: ["12\r", "13\r"]),
        Case(name: "a checklist refused", arguments: ["--title", "①", "--multiple", "--required", "--choice", "1", "--choice", "2"],
             keys: ["\r"]),
        Case(name: "a list counted", arguments: ["--title", "①", "--choices-from", "-"], stdin: (1...1200).map { "\($0)\n" }.joined()),
        Case(name: "other text offered", arguments: ["--title", "①", "--allow-other", "--choice", "1"], keys: ["9"]),
        Case(name: "a destructive choice", arguments: ["--title", "①", "--destructive-choice", "1", "--choice", "2"]),
        Case(name: "a gauge", arguments: ["--gauge", "--title", "①"], stdin: "42\n", translates: false),
        Case(name: "the one-line form", arguments: ["--title", "①", "--multiple", "--choice", "1", "--choice", "2"], keys: ["\t"]),
        Case(name: "plain: a field", arguments: ["--plain", "--title", "①", "--max-length", "2", "--timeout", "30", "--ok", "①",
                                                  "--destructive"], keys: ["123", "\r"]),
        Case(name: "plain: a list", arguments: ["--plain", "--title", "①", "--multiple", "--required", "--destructive-choice", "1",
                                                 "--choice", "2", "--selected", "2"], keys: ["\r"]),
        Case(name: "plain: a text", arguments: ["--plain", "--title", "①", "--multiline"]),
        Case(name: "a pause's bar", arguments: ["--no-field", "--pause", "9", "--title", "①"]),
        Case(name: "a range", arguments: ["--range", "1:9:5", "--title", "①"], keys: ["\u{1B}[A"]),
        Case(name: "plain: a range", arguments: ["--plain", "--range", "1:9:5", "--title", "①"]),
        Case(name: "a command's output box", arguments: ["--title", "①", "--run", "--", "①", "9"]),
        Case(name: "plain: an output box", arguments: ["--plain", "--output", "--ok-at-end", "--title", "①"], stdin: "1\n",
             endsInput: true),
    ]

    @Test(arguments: cases)
    func noWordIsShownUnmarked(_ test: Case) throws {
        let rows = test.name == "the one-line form" ? 2 : 24
        let environment = ["LANG": "de_DE.UTF-8", "ASK_LOCALEDIR": Self.directory, "PATH": Self.directory + "/bin:/usr/bin:/bin"]
        let process = try PtyProcess(test.arguments, environment: environment,
                                     rows: rows, screen: "", input: test.stdin == nil ? .terminal : .pipe)
        if let stdin = test.stdin { process.writeStdin(stdin) }
        if test.endsInput { process.closeStdin() }
        process.waitUntilWaitingForKeys()
        for keys in test.keys {
            process.type(keys)
            process.waitUntilWaitingForKeys()
        }
        _ = process.wait(seconds: 0.3) { _ in false }
        let lines = process.terminal.lines
        process.type("\u{1B}")
        process.closeStdin()
        _ = process.waitForExit(seconds: 10)
        #expect(lines.contains { $0.contains("«") } == test.translates, "\(test.name): \(lines)")
        // The rows as one text: a line of plain mode wraps onto the next row.
        var outside = "", depth = 0
        for character in lines.joined() {
            if character == "«" { depth += 1 } else if character == "»" { depth = max(depth - 1, 0) } else if depth == 0 { outside.append(character) }
        }
        #expect(!outside.contains { $0.isASCII && $0.isLetter }, "\(test.name): a word shows unmarked: \(outside) in \(lines)")
    }
}
