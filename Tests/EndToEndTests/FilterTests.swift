import Glibc
import TestSupport
import Testing

/// The filter from outside: `--filter` without a terminal, its query syntax side by side with
/// fzf's on the same list, its order, and the options that decide before anything is drawn
/// (`--select-1`, `--exit-0`) or start the sheet filtered (`--query`).
@Suite struct FilterTests {
    /// A list that has what each part of the syntax reaches for: paths, words joined by `-` and
    /// `_`, capitals, spaces (one and two), and the syntax's own characters inside labels.
    static let list = [
        "vim", "rvim", "Sources/AskModel/FilterQuery.swift", "Sources/AskModel/ChoiceFilter.swift",
        "Sources/AskKit/Session/Presentation+Sheet.swift", "Tests/AskKitTests/Model/FilterQueryTests.swift",
        "README.md", "docs/ARCHITECTURE.md", "man/ask.1", "foo bar", "foobar", "foo  baz", "Makefile", "makefile.old",
        "src/main.c", "src/main_test.c", "test/main.c", "python3", "activate-global-python-argcomplete", "git",
        "expect_rlogin-cwd", "git-upload-pack", "GitHub Desktop", "camelCaseName", "snake_case_name", "a|b", "^caret",
        "dollar$", "!bang", "'quote", "back\\slash",
    ]

    /// Writes the list to a file of a new directory, a line each.
    static func listFile(_ lines: [String] = list) throws -> (TemporaryDirectory, String) {
        let directory = TemporaryDirectory()
        let path = directory.path + "/list"
        try Util.writeFile(path, lines.map { $0 + "\n" }.joined())
        return (directory, path)
    }

    /// Runs `ask --choices-from FILE --filter QUERY` plus `arguments`, without a terminal.
    static func filter(_ query: String, _ path: String, _ arguments: [String] = []) throws -> PtyProcess {
        try Util.run(PtyProcess.askPath, ["--choices-from", path, "--filter", query] + arguments)
    }

    /// Every part of the syntax selects the same lines as fzf's `--filter` (the order aside:
    /// each ranks its own way), with the same exit status: terms that must all match, `|`,
    /// `'`, `^`, `$`, `^…$`, `!` alone and combined, `\ `, smart case per term, and the
    /// markers standing alone or inside a term.
    @Test(.enabled(if: Tools.available("fzf"), "fzf is not installed"), arguments: [
        "vim", "VIM", "Vim", "sb", "src main", "'main", "^src", ".swift$", "^git$", "!test", "!^src", "!.md$",
        "swift | md", "^src | ^Tests", "foo\\ bar", "'foo bar", "main !test .c$", "'", "!", "^", "$", "|", "a|b",
        "'a|b", "\\^caret", "'^caret", "dollar$$", "!!bang", "''quote", "back\\slash", "gh", "Gh", "!'main",
        "!^'src", "^'src", "cCN", "ccn", "m | ", " | m", "x | y | vim", "fb$", "^f b", "foo ", " foo", "nothing here",
    ])
    func theSyntaxSelectsWhatFzfSelects(query: String) throws {
        let fzf = try Tools.require("fzf")
        let (directory, path) = try Self.listFile()
        defer { _ = directory }
        let theirs = try Util.run("/bin/sh", ["-c", "exec \"$0\" --filter \"$1\" < \"$2\"", fzf, query, path])
        let ours = try Self.filter(query, path)
        #expect(ours.stdoutText.split(separator: "\n").sorted() == theirs.stdoutText.split(separator: "\n").sorted(),
                "ask: \(ours.stdoutText) fzf: \(theirs.stdoutText)")
        #expect(ours.waitForExit() == theirs.waitForExit())
        #expect(ours.stderrText.isEmpty)
    }

    /// The list above as `ls --color` and `git branch --color` write lines (`--ansi`): each line
    /// coloured its own way — whole, a part, a run of styles, 256 colours, a reset without
    /// parameters, a sequence cut inside a word — and a few with sequences that are not colours
    /// (a title set by OSC, a cursor's move, a charset's switch).
    static let ansiList = list.enumerated().map { offset, line -> String in
        let escape = "\u{1B}["
        switch offset % 6 {
        case 0: return escape + "32m" + line + escape + "0m"
        case 1: return escape + "1;34m" + line.prefix(2) + escape + "m" + line.dropFirst(2)
        case 2: return escape + "38;5;208m" + line.prefix(1) + escape + "4m" + line.dropFirst(1) + escape + "24;39m"
        case 3: return "\u{1B}]0;title\u{7}" + line + escape + "K"
        case 4: return String(line.prefix(3)) + escape + "31m" + line.dropFirst(3) + "\u{1B}(B" + escape + "0m"
        default: return escape + "2A" + line
        }
    }

    /// `--ansi`: the coloured lines match as fzf's `--ansi --filter` matches them — on their plain
    /// text — and come out without their sequences. The colours change nothing of the order: it
    /// is the plain list's, and where the two rank the plain list alike (most queries here; each
    /// ranks its own way), it is fzf's too.
    @Test(.enabled(if: Tools.available("fzf"), "fzf is not installed"), arguments: [
        "vim", "main", "src main", "'main", "^src", ".swift$", "^git$", "!test", "swift | md", "fb", "gh", "mak", "oo b",
        "python", "32m", "[1", "title", "m", "nothing here",
    ])
    func ansiLinesMatchAsFzfMatchesThem(query: String) throws {
        let fzf = try Tools.require("fzf")
        let (directory, path) = try Self.listFile(Self.ansiList)
        defer { _ = directory }
        let theirs = try Util.run("/bin/sh", ["-c", "exec \"$0\" --ansi --filter \"$1\" < \"$2\"", fzf, query, path])
        let ours = try Self.filter(query, path, ["--ansi"])
        let (plainDirectory, plainPath) = try Self.listFile()
        defer { _ = plainDirectory }
        let plain = try Self.filter(query, plainPath)
        let theirsPlain = try Util.run("/bin/sh", ["-c", "exec \"$0\" --filter \"$1\" < \"$2\"", fzf, query, plainPath])
        #expect(ours.stdoutText.split(separator: "\n").sorted() == theirs.stdoutText.split(separator: "\n").sorted(),
                "ask: \(ours.stdoutText) fzf: \(theirs.stdoutText)")
        #expect(ours.stdoutText == plain.stdoutText)
        if plain.stdoutText == theirsPlain.stdoutText { #expect(ours.stdoutText == theirs.stdoutText) }
        #expect(!ours.stdout.contains(0x1B))
        #expect(ours.waitForExit() == theirs.waitForExit())
        #expect(ours.stderrText.isEmpty)
    }

    /// Letters beyond ASCII in either case, as fzf folds them: a term without an uppercase letter
    /// matches every letter in either case (`über` finds `Über` and `ÜBER`), one with an uppercase
    /// letter of any script is case-sensitive (`Über` finds only itself), `Σ` folds to `σ` (not
    /// the final `ς`), `İ` to `i`, the Kelvin sign to `k`. The same lines as fzf's `--filter`, in
    /// the same order (ties, in the list's order, as fzf keeps them) — but where the shorter of
    /// two labels is not the same in bytes and in characters (`İ` is two bytes; `istanbul`
    /// here): the filter ranks by bytes, fzf by characters. (fzf also takes accents
    /// off letters for a term that has none, `uber` finding `Über`; these terms have accents, or
    /// match no accented label, so that it does not here.)
    static let unicodeList = ["Über", "über", "ÜBER", "Uber", "Übung", "Σίσυφος", "σίσυφος", "ΣΊΣΥΦΟΣ", "\u{212A}elvin",
                              "İstanbul", "istanbul", "ДОМ", "дом", "Öl Öko", "öl Öko", "Öl öko", "Keep", "KEEP", "keep"]

    @Test(.enabled(if: Tools.available("fzf"), "fzf is not installed"), arguments: [
        ("über", true), ("Über", true), ("ÜBER", true), ("ü", true), ("Ü", true), ("üb", true), ("Üb", true), ("σίσυφος", true),
        ("Σίσυφος", true), ("σ", true), ("kelvin", true), ("istanbul", false), ("İstanbul", true), ("дом", true), ("ДОМ", true),
        ("öl 'Ök", true), ("öl ök", true), ("!über", true), ("^öl", true), ("ko$", true), ("keep", true), ("KEEP", true),
        ("Keep", true), ("über | дом", true),
    ])
    func caseBeyondASCIIAsFzfFoldsIt(query: String, ordered: Bool) throws {
        let fzf = try Tools.require("fzf")
        let (directory, path) = try Self.listFile(Self.unicodeList)
        defer { _ = directory }
        let theirs = try Util.run("/bin/sh", ["-c", "exec \"$0\" --filter \"$1\" < \"$2\"", fzf, query, path])
        let ours = try Self.filter(query, path)
        #expect(ours.stdoutText.split(separator: "\n").sorted() == theirs.stdoutText.split(separator: "\n").sorted(),
                "ask: \(ours.stdoutText) fzf: \(theirs.stdoutText)")
        if ordered { #expect(ours.stdoutText == theirs.stdoutText, "ask: \(ours.stdoutText) fzf: \(theirs.stdoutText)") }
        #expect(ours.waitForExit() == theirs.waitForExit())
        #expect(ours.stderrText.isEmpty)
    }

    /// `--filter` prints every match best first, each as an answer is printed, and says by its
    /// status whether any matched: a table of (list, query, options, expected output, status).
    @Test(arguments: [
        (["rvim", "vim", "vimrc"], "vim", [], "vim\nvimrc\nrvim\n", 0),
        (["activate-global-python-argcomplete", "python3", "pythonw"], "pyth", [], "python3\npythonw\nactivate-global-python-argcomplete\n", 0),
        (["expect_rlogin-cwd", "gpg-agent", "git"], "gi", [], "git\nexpect_rlogin-cwd\n", 0),
        (["usr/share/doc/a/README", "usr/share/man/man1/git.1.gz", "usr/share/doc/git/README"], "doc git", [],
         "usr/share/doc/git/README\n", 0),
        (["rvim", "vim", "vimrc"], "vim", ["--no-sort"], "rvim\nvim\nvimrc\n", 0),
        (["rvim", "vim", "vimrc"], "vim", ["--index"], "2\n3\n1\n", 0),
        (["rvim", "vim", "vimrc"], "vim", ["-0"], "vim\u{0}vimrc\u{0}rvim\u{0}", 0),
        (["r\tRed", "g\tGreen", "b\tBlue"], "re", [], "r\ng\n", 0),
        (["rvim", "vim"], "emacs", [], "", 1),
        (["b", "a"], "", [], "b\na\n", 0),
        (["b", "a"], "!a", [], "b\n", 0),
    ] as [([String], String, [String], String, Int32)])
    func filterPrintsTheMatchesRanked(lines: [String], query: String, options: [String], expected: String, status: Int32) throws {
        let (directory, path) = try Self.listFile(lines)
        defer { _ = directory }
        let process = try Self.filter(query, path, options)
        #expect(process.waitForExit() == .exited(status), "\(process.stderrText)")
        #expect(process.stdoutText == expected)
        #expect(process.stderrText.isEmpty)
    }

    /// `--filter` reads the choices given one by one, then the list from a pipe (in that order
    /// with `--no-sort`), and never opens
    /// the terminal, even when there is one: nothing drawn, the settings as they were.
    @Test func filterNeverTouchesTheTerminal() throws {
        let process = try PtyProcess(["-c", "printf 'gamma\\nbeta\\n' | exec \"$0\" --choices-from - --choice alpha --filter a --no-sort",
                                      PtyProcess.askPath], executable: "/bin/sh", input: .terminal)
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "alpha\ngamma\nbeta\n")
        // The line the test's shell prompt left, and nothing after it.
        #expect(process.terminal.lines.dropFirst().allSatisfy { $0.allSatisfy(\.isWhitespace) }, "\(process.terminal.lines)")
        #expect(process.settingsRestored)
    }

    /// `--select-1` answers a lone match of the starting query at once, drawing nothing; more
    /// than one opens the sheet on them. `--exit-0` ends with status 1 when none matches.
    @Test(arguments: [
        (["--query", "ban", "--select-1"], PtyProcess.Termination.exited(0), "Banana\n", false),
        (["--select-1"], .exited(0), "", true),
        (["--query", "an", "--select-1"], .exited(0), "", true),
        (["--query", "kiwi", "--exit-0"], .exited(1), "", false),
        (["--query", "ban", "--exit-0"], .exited(0), "", true),
    ] as [([String], PtyProcess.Termination, String, Bool)])
    func decidedBeforeDrawing(options: [String], ending: PtyProcess.Termination, answer: String, draws: Bool) throws {
        let process = try PtyProcess(["--choice", "Apple", "--choice", "Banana", "--choice", "Mango"] + options)
        if draws {
            #expect(process.waitForScreen("╭"), "\(process.terminal.lines)")
            process.type("\u{1B}")
            #expect(process.waitForExit() == .exited(1), "\(process.stderrText)")
        } else {
            #expect(process.waitForExit() == ending, "\(process.stderrText)")
            #expect(!process.terminal.contains("╭"), "\(process.terminal.lines)")
        }
        #expect(process.stdoutText == answer)
        #expect(process.settingsRestored)
    }

    /// A lone match that is destructive is shown, never answered unasked.
    @Test func selectOneNeverDestroys() throws {
        let process = try PtyProcess(["--destructive-choice", "Delete all", "--choice", "Keep", "--query", "del", "--select-1"])
        #expect(process.waitForScreen("Delete all"), "\(process.terminal.lines)")
        process.type("\u{1B}")
        #expect(process.waitForExit() == .exited(1), "\(process.stderrText)")
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
    }

    /// `--query` opens the sheet filtered, the best match highlighted, the query there to edit.
    @Test func queryStartsTheSheetFiltered() throws {
        let process = try PtyProcess(["--choice", "rvim", "--choice", "vim", "--choice", "emacs", "--query", "vim"])
        #expect(process.waitForScreen("2/3"), "\(process.terminal.lines)")
        #expect(process.terminal.contains("› vim "), "\(process.terminal.lines)")
        #expect(!process.terminal.contains("emacs"), "\(process.terminal.lines)")
        process.type("\u{15}\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "rvim\n")
        #expect(process.settingsRestored)
    }
}
