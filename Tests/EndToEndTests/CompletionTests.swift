import AskCommandLine
import Glibc
import TestSupport
import Testing

/// Each shell really completes from its file: the options, their value sets, a value after
/// `=`. (That the files are what the option table gives is `DocumentationTests`'.)
///
/// zsh and fish are skipped when missing, unless ASK_REQUIRE_TOOLS is set (as CI does after
/// installing them): then a missing tool fails.
@Suite struct CompletionTests {
    // MARK: - bash

    @Test func bashRegistersTheCompletion() throws {
        let process = try Util.run(try Tools.require("bash"), ["-c", "source \"$1\" && complete -p ask", "bash", Paths.bash])
        #expect(process.termination == .exited(0))
        #expect(process.stdoutText.hasPrefix("complete -F "), "complete -p ask: \(process.stdoutText)")
        #expect(process.stdoutText.hasSuffix(" ask\n"))
    }

    @Test(arguments: [
        (["ask", "--keyb"], ["--keyboard"]),
        (["ask", "--keyboard", ""], ["default", "number", "decimal", "phone", "email", "url", "ascii", "path"]),
        (["ask", "-k", "e"], ["email"]),
        (["ask", "-sk", "d"], ["default", "decimal"]),
        (["ask", "--color", ""], ["auto", "always", "never"]),
        (["ask", "--color", "=", "al"], ["always"]),  // --color=al with '=' in COMP_WORDBREAKS
        (["ask", "--color=al"], ["--color=always"]),  // and without
        (["ask", "--default-button", "s"], ["secondary"]),
        (["ask", "--fallback", "v"], ["value"]),
        (["ask", "--no-new"], ["--no-newline"]),
        (["ask", "--fie"], ["--field"]),
        (["ask", "--choices"], ["--choices-from"]),
        (["ask", "--choice", ""], []),
        (["ask", "--mul"], ["--multiline", "--multiple"]),
        (["ask", "--multil"], ["--multiline"]),
        (["ask", "--lin"], ["--lines"]),
        (["ask", "--field", ""], []),
        (["ask", "--title", ""], []),
        (["ask", "--title", "-"], []),
        (["ask", "--", "--"], []),
        // After an option that fixes the alert's body, only what that body takes.
        (["ask", "--gauge", "--sec"], []),
        (["ask", "--gauge", "-s"], []),
        (["ask", "--gauge", "--choi"], []),
        (["ask", "--choice", "A", "--sec"], []),
        (["ask", "--choice", "A", "--requ"], ["--required"]),
        (["ask", "--text-file", "notes", "--o"], ["--ok", "--on-timeout"]),
        (["ask", "--info", "--o"], ["--on-timeout"]),
        (["ask", "-s", "--gau"], []),
        (["ask", "-sp", "Hint", "--gau"], []),
        (["ask", "--multiple", "--fie"], []),
        // Options refused together, or one undoing the other.
        (["ask", "--login", "--fie"], []),
        (["ask", "--filter", "a", "--q"], []),
        (["ask", "--choice", "A", "--allow"], ["--allow-other"]),
        (["ask", "--choice", "A", "--multiple", "--allow"], []),
        (["ask", "--cancel", "No", "--no-c"], []),
        // A value is not an option: --gauge here is the title.
        (["ask", "--title", "--gauge", "--sec"], ["--secondary", "--secure"]),
        (["ask", "--title=--gauge", "--gau"], ["--gauge"]),
    ])
    func bashCompletes(words: [String], expected: [String]) throws {
        #expect(try Self.bashCompletions(words) == expected)
    }

    /// --choices-from takes a file: its value completes to file names, after a space or '='.
    @Test func bashCompletesAFileForChoicesFrom() throws {
        let prefix = Paths.root + "/completions/ask.b"
        #expect(try Self.bashCompletions(["ask", "--choices-from", prefix]) == [Paths.bash])
        #expect(try Self.bashCompletions(["ask", "--choices-from", "=", prefix]) == [Paths.bash])
        #expect(try Self.bashCompletions(["ask", "--choice", prefix]) == [])
    }

    // MARK: - fish

    @Test(.enabled(if: Tools.available("fish"), "fish is not installed"))
    func fishParsesTheFile() throws {
        let process = try Util.run(try Tools.require("fish"), ["--no-execute", Paths.fish])
        #expect(process.termination == .exited(0))
        #expect(process.stderrText == "")
    }

    @Test(.enabled(if: Tools.available("fish"), "fish is not installed"), arguments: [
        ("ask --keyb", ["--keyboard"]),
        ("ask --color ", ["always", "auto", "never"]),
        ("ask --color=n", ["--color=never"]),
        ("ask -k u", ["url"]),
        ("ask --default-button c", ["cancel"]),
        ("ask --fallback ", ["fail", "stdin", "value"]),
        ("ask --title ", []),
        ("ask ", []),
        // After an option that fixes the alert's body, only what that body takes.
        ("ask --gauge --sec", []),
        ("ask --gauge -", ["-0", "-h", "-m", "-n", "-t", "--accessible", "--color", "--dialog", "--fallback", "--gauge", "--help",
                           "--keep", "--message", "--no-newline", "--null", "--on-timeout", "--pause", "--pinentry", "--plain", "--timeout",
                           "--title", "--version", "--whiptail", "--width"]),
        ("ask --choice A --sec", []),
        ("ask --choice A --requ", ["--required"]),
        ("ask --text-file=notes --o", ["--ok", "--on-timeout"]),
        ("ask -s --gau", []),
        ("ask --login --fie", []),
    ])
    func fishCompletes(line: String, expected: [String]) throws {
        #expect(try Self.fishCompletions(line) == expected)
    }

    /// Each value of an option that takes one of a fixed set has its own few words (the
    /// table's), not the option's description again.
    @Test(.enabled(if: Tools.available("fish"), "fish is not installed"),
          arguments: OptionInfo.all.filter { $0.values != nil }.map { $0.long })
    func fishDescribesEachValue(long: String) throws {
        let option = try #require(OptionInfo.named(long))
        let values = try #require(option.values)
        let completed = try Self.fishDescribedCompletions("ask --\(long) ")
        #expect(completed.map { $0.value }.sorted() == values.map { $0.name }.sorted())
        for value in values {
            let description = completed.first { $0.value == value.name }?.description ?? ""
            #expect(description.lowercased() == value.words.lowercased(), "--\(long) \(value.name): \(description)")
        }
        #expect(Set(completed.map { $0.description }).count == completed.count, "--\(long): \(completed)")
        #expect(!completed.contains { $0.description.lowercased() == option.help.lowercased() }, "--\(long): \(completed)")
    }

    @Test(.enabled(if: Tools.available("fish"), "fish is not installed"))
    func fishCompletesAFileForChoicesFrom() throws {
        #expect(try Self.fishCompletions("ask --choices-from " + Paths.root + "/completions/ask.b") == [Paths.bash])
        #expect(try Self.fishCompletions("ask --choice " + Paths.root + "/completions/ask.b") == [])
    }

    @Test(.enabled(if: Tools.available("fish"), "fish is not installed"))
    func fishOffersEveryOption() throws {
        let offered = Set(try Self.fishCompletions("ask -"))
        let expected = Set(OptionInfo.all.map { "--" + $0.long } + OptionInfo.all.compactMap { $0.short.map { "-" + String($0) } })
        #expect(offered == expected)
    }

    // MARK: - zsh

    @Test(.enabled(if: Tools.available("zsh"), "zsh is not installed"))
    func zshParsesTheFile() throws {
        let process = try Util.run(try Tools.require("zsh"), ["-n", Paths.zsh])
        #expect(process.termination == .exited(0))
        #expect(process.stderrText == "")
    }

    /// A real interactive zsh in a pseudo-terminal, with the completion directory in $fpath:
    /// Tab completes an option, lists a value set, completes a value after `=`, and offers a
    /// field option again after another `--field`.
    @Test(.enabled(if: Tools.available("zsh"), "zsh is not installed"))
    func zshCompletesInATerminal() throws {
        let zsh = try Tools.require("zsh")
        let home = TemporaryDirectory()
        let setup = "fpath=(\(Paths.root)/completions $fpath); autoload -Uz compinit; compinit -u -D; "
            + "print -r -- completion-ready"
        let shell = try PtyProcess(["-f", "-i"], executable: zsh,
                                   environment: ["PS1": "zsh> ", "HOME": home.path, "ASK_ZSH_SETUP": setup],
                                   rows: 24, columns: 100, screen: "")
        defer { if shell.termination == nil { shell.signal(SIGKILL); _ = shell.waitForExit() } }
        try #require(shell.waitForScreen("zsh>"), "no prompt: \(shell.terminal.lines)")
        shell.type("eval \"$ASK_ZSH_SETUP\"\r")
        // The shell's own output goes to the stdout pipe; only the line editor draws on the terminal.
        try #require(shell.wait { $0.stdoutText.contains("completion-ready") },
                     "compinit: \(shell.stdoutText) \(shell.stderrText) \(shell.terminal.lines)")

        shell.type("ask --keyb\t")
        #expect(shell.waitForScreen("zsh> ask --keyboard="), "\(shell.terminal.lines)")

        // Each value is listed with its own words.
        for long in ["color", "fallback"] {
            let values = try #require(OptionInfo.named(long)?.values)
            shell.type("\u{15}ask --\(long) \t")
            #expect(shell.wait { process in
                values.allSatisfy { value in
                    process.terminal.lines.contains { $0.hasPrefix(value.name + " ") && $0.contains("-- " + value.words) }
                }
            }, "\(shell.terminal.lines)")
        }

        shell.type("\u{15}ask --fallback=s\t")
        #expect(shell.waitForScreen("zsh> ask --fallback=stdin"), "\(shell.terminal.lines)")

        // --field and the field options come again, for the next field.
        shell.type("\u{15}ask --field A --secure --field B --secu\t")
        #expect(shell.waitForScreen("zsh> ask --field A --secure --field B --secure"), "\(shell.terminal.lines)")

        // After --gauge, no field option: Tab completes nothing (the X typed after it lands
        // right after what was typed).
        shell.type("\u{15}ask --gauge --secu\tX")
        #expect(shell.waitForScreen("zsh> ask --gauge --secuX"), "\(shell.terminal.lines)")
        shell.type("\u{15}ask --choice A --secu\tX")
        #expect(shell.waitForScreen("zsh> ask --choice A --secuX"), "\(shell.terminal.lines)")
        shell.type("\u{15}ask --choice A --requ\t")
        #expect(shell.waitForScreen("zsh> ask --choice A --required"), "\(shell.terminal.lines)")

        // --choices-from takes a file.
        shell.type("\u{15}ask --choices-from \(Paths.root)/completions/ask.b\t")
        #expect(shell.waitForScreen("completions/ask.bash"), "\(shell.terminal.lines)")

        shell.type("\u{15}exit\r")
        #expect(shell.waitForExit() == .exited(0))
    }

    // MARK: - Running the shells

    /// Runs the bash completion function for `words`, the last being completed.
    static func bashCompletions(_ words: [String]) throws -> [String] {
        let script = """
            source "$1" || exit 3
            shift
            spec=$(complete -p ask) || exit 4
            function=${spec#*-F }
            function=${function%% *}
            COMP_WORDS=("$@")
            COMP_CWORD=$(($# - 1))
            COMP_LINE="$*"
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            "$function" ask "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            for reply in "${COMPREPLY[@]}"; do printf '%s\\n' "$reply"; done
            """
        let process = try Util.run(try Tools.require("bash"), ["-c", script, "bash", Paths.bash] + words)
        guard process.termination == .exited(0), process.stderrText.isEmpty else {
            throw PtyProcess.Failure("bash completion of \(words): \(String(describing: process.termination)) \(process.stderrText)")
        }
        return process.stdoutText.split(separator: "\n").map(String.init)
    }

    /// What fish completes for `line`, sorted as fish lists it, without the descriptions.
    static func fishCompletions(_ line: String) throws -> [String] {
        try fishDescribedCompletions(line).map { $0.value }
    }

    /// What fish completes for `line`, sorted as fish lists it, each with its description.
    static func fishDescribedCompletions(_ line: String) throws -> [(value: String, description: String)] {
        let home = TemporaryDirectory()
        let process = try Util.run(try Tools.require("fish"),
                              ["--no-config", "-c", "source $argv[1]; and complete -C $argv[2]", Paths.fish, line],
                              environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config",
                                            "XDG_DATA_HOME": home.path + "/data"])
        guard process.termination == .exited(0) else {
            throw PtyProcess.Failure("fish complete -C '\(line)': \(String(describing: process.termination)) \(process.stderrText)")
        }
        return process.stdoutText.split(separator: "\n").map { line in
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
        }
    }
}
