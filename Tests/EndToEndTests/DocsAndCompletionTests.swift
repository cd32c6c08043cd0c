import AskCommandLine
import AskSystem
import AskKit
import Glibc
import Testing
import TestSupport

/// The man page, the shell completions and `make install` against the real `ask`: every option
/// that `ask --help` shows is documented and completed, nothing documented or completed is
/// missing from `ask`, the value sets agree, the page is lint-clean, each shell really completes
/// from its file, and install/uninstall put and remove exactly the expected files.
///
/// zsh, fish, mandoc, groff and make are skipped when missing, unless ASK_REQUIRE_TOOLS is set
/// (as CI does after installing them): then a missing tool fails.
@Suite struct DocsAndCompletionTests {
    // MARK: - The options, from `ask --help`

    @Test func theHelpParserFindsEveryOptionOfTheTable() throws {
        let help = try Help.shared()
        // The parser below is what every other test trusts: check it against the table once.
        #expect(help.options.map(\.long) == OptionInfo.all.map(\.long))
        #expect(help.options.map(\.short) == OptionInfo.all.map { $0.short.map(String.init) })
        #expect(help.options.map(\.valueName) == OptionInfo.all.map(\.valueName))
        #expect(help.options.map(\.choices) == OptionInfo.all.map(\.choices))
        #expect(help.options.map(\.group) == OptionInfo.all.map(\.group.rawValue))
        for name in Help.enumerated { #expect(help.option(name)?.choices?.isEmpty == false, "--\(name) lists no choices") }
        #expect(help.exitStatuses.contains(0) && help.exitStatuses.contains(124))
    }

    @Test(arguments: Document.allCases)
    func everyOptionIsDocumentedAndNothingElse(_ document: Document) throws {
        let help = try Help.shared()
        let found = try document.options()
        let helpLongs = Set(help.options.map(\.long))
        let helpShorts = Set(help.options.compactMap(\.short))

        let missingLongs = helpLongs.subtracting(found.longs).sorted()
        let missingShorts = helpShorts.subtracting(found.shorts).sorted()
        #expect(missingLongs.isEmpty, "\(document) lacks \(missingLongs.map { "--" + $0 })")
        #expect(missingShorts.isEmpty, "\(document) lacks \(missingShorts.map { "-" + $0 })")

        let unknownLongs = found.longs.union(found.mentionedLongs).subtracting(helpLongs).sorted()
        let unknownShorts = found.shorts.union(found.mentionedShorts).subtracting(helpShorts).sorted()
        #expect(unknownLongs.isEmpty, "\(document) has options ask does not: \(unknownLongs.map { "--" + $0 })")
        #expect(unknownShorts.isEmpty, "\(document) has options ask does not: \(unknownShorts.map { "-" + $0 })")
        #expect(found.longs.count >= 30, "\(document): parsed only \(found.longs.count) options")
    }

    @Test(arguments: [Document.bash, .zsh, .fish])
    func completionValueSetsMatchTheHelpChoices(_ document: Document) throws {
        let help = try Help.shared()
        let withChoices = help.options.filter { $0.choices != nil }
        #expect(Set(Help.enumerated).isSubset(of: Set(withChoices.map(\.long))))
        let completed = try document.valueSets(for: withChoices)
        for option in withChoices {
            let values = completed[option.long] ?? []
            #expect(Set(values) == Set(option.choices ?? []),
                    "\(document) completes --\(option.long) with \(values), ask --help says \(option.choices ?? [])")
            #expect(values.count == Set(values).count, "\(document) repeats values of --\(option.long): \(values)")
        }
        let extra = Set(completed.keys).subtracting(withChoices.map(\.long)).sorted()
        #expect(extra.isEmpty, "\(document) completes fixed values for options that take free text: \(extra)")
    }

    // MARK: - The man page

    @Test func theManPageHasEverySectionAndFollowsTheHelp() throws {
        let help = try Help.shared()
        let page = try ManPage.load()
        let required = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "KEYS", "EXIT STATUS", "ENVIRONMENT",
                        "EXAMPLES", "SECURITY", "SEE ALSO"]
        #expect(page.sectionNames.filter(required.contains) == required, "sections: \(page.sectionNames)")

        // OPTIONS has a subsection per help group, each option under its group.
        let groups = Array(LinkedSet(help.options.map(\.group)))
        #expect(page.optionGroups == groups)
        for option in help.options {
            #expect(page.groupOfOption[option.long] == option.group,
                    "--\(option.long) is under \(page.groupOfOption[option.long] ?? "nothing"), not \(option.group)")
        }

        // The full exit status table: every status the help names, and every one ExitStatus has.
        let known = Set(ExitStatus.allCases.map(\.rawValue))
        #expect(Set(page.tags(in: "EXIT STATUS").compactMap { Int32($0) }) == known.union(help.exitStatuses))
        #expect(page.text(of: "EXIT STATUS").contains("SIGINT"))

        let environment = Set(page.tags(in: "ENVIRONMENT").flatMap { $0.split(separator: ",").map(Util.trimmed) })
        for variable in ["ASK_FALLBACK", "NO_COLOR", "TERM", "LANG", "LC_ALL", "LC_CTYPE", "SSH_ASKPASS_PROMPT"] {
            #expect(environment.contains(variable), "ENVIRONMENT lacks \(variable)")
        }

        let examples = page.text(of: "EXAMPLES")
        #expect(examples.contains("--secure |"), "no example pipes a secret into a command")
        #expect(examples.contains("ASK_FALLBACK=stdin") && examples.contains("--fallback value"), "no CI example")
        #expect(examples.contains("SSH_ASKPASS=") && examples.contains("ask-askpass"), "no askpass example")
        #expect(examples.contains("--destructive"), "no destructive confirmation example")

        let security = page.text(of: "SECURITY")
        #expect(security.contains("--value") && security.contains("ps (1)") && security.contains("standard output"))

        let version = try Util.run(PtyProcess.askPath, ["--version"]).stdoutText
        #expect(page.lines.first { $0.hasPrefix(".TH ") }?.contains("\"\(Util.trimmed(version))\"") == true,
                "the .TH line does not name \(Util.trimmed(version))")
    }

    @Test(.enabled(if: Tools.available("groff"), "groff is not installed"))
    func theManPageIsCleanUnderGroff() throws {
        let groff = try Tools.require("groff")
        let lint = try Util.run(groff, ["-man", "-ww", "-z", Paths.manPage])
        #expect(lint.termination == .exited(0))
        #expect(lint.stderrText == "", "groff -man -ww -z: \(lint.stderrText)")

        // Rendered for a terminal at groff's width for man pages, nothing passes 80 columns.
        let rendered = try Util.run(groff, ["-man", "-Tutf8", "-P-cbou", Paths.manPage])
        #expect(rendered.termination == .exited(0))
        #expect(rendered.stdoutText.contains("EXIT STATUS"))
        let wide = rendered.stdoutText.split(separator: "\n").filter { $0.count > 80 }
        #expect(wide.isEmpty, "lines wider than 80 columns: \(wide)")
    }

    /// mandoc's STYLE notes count as failures too: the page has none, and keeping it so is cheap.
    @Test(.enabled(if: Tools.available("mandoc"), "mandoc is not installed"))
    func theManPageIsCleanUnderMandoc() throws {
        let mandoc = try Tools.require("mandoc")
        let lint = try Util.run(mandoc, ["-Tlint", Paths.manPage])
        #expect(lint.termination == .exited(0))
        #expect(lint.stdoutText + lint.stderrText == "", "mandoc -Tlint: \(lint.stdoutText)\(lint.stderrText)")
    }

    // MARK: - bash

    @Test func bashRegistersTheCompletion() throws {
        let process = try Util.run(try Tools.require("bash"), ["-c", "source \"$1\" && complete -p ask", "bash", Paths.bash])
        #expect(process.termination == .exited(0))
        #expect(process.stdoutText.hasPrefix("complete -F "), "complete -p ask: \(process.stdoutText)")
        #expect(process.stdoutText.hasSuffix(" ask\n"))
    }

    @Test(arguments: [
        (["ask", "--keyb"], ["--keyboard"]),
        (["ask", "--keyboard", ""], ["default", "number", "decimal", "phone", "email", "url", "ascii"]),
        (["ask", "-k", "e"], ["email"]),
        (["ask", "-sk", "d"], ["default", "decimal"]),
        (["ask", "--color", ""], ["auto", "always", "never"]),
        (["ask", "--color", "=", "al"], ["always"]),  // --color=al with '=' in COMP_WORDBREAKS
        (["ask", "--color=al"], ["--color=always"]),  // and without
        (["ask", "--default-button", "s"], ["secondary"]),
        (["ask", "--fallback", "v"], ["value"]),
        (["ask", "--no-new"], ["--no-newline"]),
        (["ask", "--title", ""], []),
        (["ask", "--title", "-"], []),
        (["ask", "--", "--"], []),
    ])
    func bashCompletes(words: [String], expected: [String]) throws {
        #expect(try Document.bashCompletions(words) == expected)
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
    ])
    func fishCompletes(line: String, expected: [String]) throws {
        #expect(try Document.fishCompletions(line) == expected)
    }

    @Test(.enabled(if: Tools.available("fish"), "fish is not installed"))
    func fishOffersEveryOptionOfTheHelp() throws {
        let help = try Help.shared()
        let offered = Set(try Document.fishCompletions("ask -"))
        let expected = Set(help.options.map { "--" + $0.long } + help.options.compactMap { $0.short.map { "-" + $0 } })
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
    /// Tab completes an option, lists a value set, and completes a value after `=`.
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

        shell.type("\u{15}ask --color \t")
        #expect(shell.wait { process in
            process.terminal.lines.contains { line in ["always", "auto", "never"].allSatisfy(line.contains) }
        }, "\(shell.terminal.lines)")

        shell.type("\u{15}ask --fallback=s\t")
        #expect(shell.waitForScreen("zsh> ask --fallback=stdin"), "\(shell.terminal.lines)")

        shell.type("\u{15}exit\r")
        #expect(shell.waitForExit() == .exited(0))
    }

    // MARK: - make

    @Test(.enabled(if: Tools.available("make"), "make is not installed"), arguments: [nil, "/opt/ask"])
    func makeInstallsAndUninstallsExactlyItsFiles(prefix: String?) throws {
        let make = try Tools.require("make")
        let stage = TemporaryDirectory()
        let destdir = stage.path + "/dest dir"  // a space: every path is quoted
        let root = destdir + (prefix ?? "/usr/local")
        let installed = [
            ("bin/ask", PtyProcess.askPath, 0o755),
            ("share/man/man1/ask.1", Paths.manPage, 0o644),
            ("share/bash-completion/completions/ask", Paths.bash, 0o644),
            ("share/zsh/site-functions/_ask", Paths.zsh, 0o644),
            ("share/fish/vendor_completions.d/ask.fish", Paths.fish, 0o644),
        ]
        // Neighbours in the same directories, which uninstall must leave alone.
        let neighbours = ["bin/other", "share/man/man1/other.1", "share/bash-completion/completions/other",
                          "share/zsh/site-functions/_other", "share/fish/vendor_completions.d/other.fish",
                          "share/fish/vendor_completions.d/ask.fish.orig"]
        for name in neighbours { try Util.writeFile(root + "/" + name, "someone else's\n") }
        let before = try Util.listing(destdir)

        let variables = ["DESTDIR=\(destdir)"] + (prefix.map { ["PREFIX=\($0)"] } ?? [])
        let install = try Util.run(make, ["-C", Paths.root, "install-files", "BINARY=\(PtyProcess.askPath)"] + variables)
        try #require(install.termination == .exited(0), "make install-files: \(install.stderrText)")

        for (path, source, mode) in installed {
            let target = root + "/" + path
            #expect(try Util.readBytes(target) == Util.readBytes(source), "\(target) differs from \(source)")
            var info = stat()
            #expect(stat(target, &info) == 0 && info.st_mode & 0o7777 == mode, "\(target) mode")
        }
        let version = try Util.run(root + "/bin/ask", ["--version"])
        #expect(version.termination == .exited(0) && version.stdoutText.hasPrefix("ask "))
        let afterInstall = try Util.listing(destdir)
        #expect(afterInstall.files == before.files.union(installed.map { root + "/" + $0.0 }))

        let uninstall = try Util.run(make, ["-C", Paths.root, "uninstall"] + variables)
        #expect(uninstall.termination == .exited(0), "make uninstall: \(uninstall.stderrText)")
        let after = try Util.listing(destdir)
        let left = after.files.subtracting(before.files).sorted(), removed = before.files.subtracting(after.files).sorted()
        #expect(after.files == before.files, "uninstall left \(left) and removed \(removed)")
        #expect(after.directories == afterInstall.directories, "uninstall removed directories")
    }

    @Test(.enabled(if: Tools.available("make"), "make is not installed"))
    func makeInstallBuildsTheReleaseBinaryFirst() throws {
        let make = try Tools.require("make")
        // -n prints the commands without running them; -B as if nothing were built yet.
        let install = try Util.run(make, ["-C", Paths.root, "-n", "-B", "install", "DESTDIR=/stage", "EMBEDDED=yes",
                                           "TOOLCHAIN_RECORD=/nonexistent"])
        #expect(install.termination == .exited(0), "\(install.stderrText)")
        let lines = install.stdoutText.split(separator: "\n").map(String.init)
        // The release binary: Embedded Swift, linked statically.
        let build = lines.firstIndex { $0.hasPrefix("swiftc -enable-experimental-feature Embedded") }
        let link = lines.firstIndex { $0.contains(" -static ") && $0.contains("-o .build/embedded/ask ") }
        let copy = lines.firstIndex { $0.contains(".build/embedded/ask\" \"/stage/usr/local/bin/ask\"") }
        #expect(build != nil && link != nil && copy != nil && build! < link! && link! < copy!, "\(lines)")

        let all = try Util.run(make, ["-C", Paths.root, "-n", "-B", "EMBEDDED=yes", "TOOLCHAIN_RECORD=/nonexistent"])
        #expect(all.stdoutText.contains("swiftc -enable-experimental-feature Embedded"))
        // A toolchain without Embedded Swift for the machine, or EMBEDDED=no: the ordinary
        // runtime, linked statically.
        for variables in [["EMBEDDED=no"], ["TOOLCHAIN_LIB=/nonexistent"]] {
            let ordinary = try Util.run(make, ["-C", Paths.root, "-n", "-B", "install", "DESTDIR=/stage",
                                               "TOOLCHAIN_RECORD=/nonexistent"] + variables)
            #expect(ordinary.stdoutText.contains("swift build -c release -Xswiftc -static-executable"), "\(variables)")
            #expect(ordinary.stdoutText.contains(".build/static/release/ask\" \"/stage/usr/local/bin/ask\""), "\(variables)")
            #expect(!ordinary.stdoutText.contains("Embedded"), "\(variables)")
        }
        // Where swiftc is not on the PATH (sudo make install), the toolchain the last build
        // recorded decides, so install copies what was built instead of building otherwise.
        let toolchain = TemporaryDirectory()
        for directory in ["lib", "lib/swift", "lib/swift/embedded", "lib/swift/embedded/Swift.swiftmodule",
                          "lib/swift/embedded/t-linux"] {
            mkdir(toolchain.path + "/" + directory, 0o755)
        }
        toolchain.write("lib/swift/embedded/Swift.swiftmodule/t-linux.swiftmodule", "")
        toolchain.write("lib/swift/embedded/t-linux/libswiftUnicodeDataTables.a", "")
        toolchain.write("record", "triple:t-linux\nruntimeResourcePath:\(toolchain.path)/lib/swift\n")
        let recorded = try Util.run(make, ["-C", Paths.root, "-n", "-B", "install", "DESTDIR=/stage",
                                           "TOOLCHAIN_RECORD=\(toolchain.path)/record", "SWIFTC=/nonexistent/swiftc"])
        #expect(recorded.stdoutText.contains("\(toolchain.path)/lib/swift/embedded/t-linux/libswiftUnicodeDataTables.a"))
        #expect(recorded.stdoutText.contains(".build/embedded/ask\" \"/stage/usr/local/bin/ask\""))
        // And when that build was the ordinary one (make EMBEDDED=no), that one.
        toolchain.write("record", "triple:t-linux\nruntimeResourcePath:\(toolchain.path)/lib/swift\nembedded:no\n")
        let ordinaryRecorded = try Util.run(make, ["-C", Paths.root, "-n", "-B", "install", "DESTDIR=/stage",
                                                  "TOOLCHAIN_RECORD=\(toolchain.path)/record", "SWIFTC=/nonexistent/swiftc"])
        #expect(ordinaryRecorded.stdoutText.contains(".build/static/release/ask\" \"/stage/usr/local/bin/ask\""))

        let test = try Util.run(make, ["-C", Paths.root, "-n", "test"])
        #expect(test.stdoutText.split(separator: "\n").contains("swift test"), "\(test.stdoutText)")
    }

    @Test func theReadmeSaysHowToInstall() throws {
        let readme = try Util.readText(Paths.root + "/README.md")
        let headings = readme.split(separator: "\n").filter { $0.hasPrefix("## ") }.map(String.init)
        let tryIt = try #require(headings.firstIndex(of: "## Try it"))
        #expect(headings.dropFirst(tryIt + 1).first == "## Install")
        let section = Util.section(of: readme, after: "## Install\n", before: "\n## ")
        for text in ["make install", "PREFIX", "DESTDIR", "make uninstall", "make test", "man ask",
                     "bin/ask", "share/man/man1/ask.1", "share/bash-completion/completions/ask",
                     "share/zsh/site-functions/_ask", "share/fish/vendor_completions.d/ask.fish"] {
            #expect(section.contains(text), "README's Install section does not mention \(text)")
        }
    }
}

extension DocsAndCompletionTests {
    // MARK: - The help

    /// `ask --help`, parsed.
    struct Help: Sendable {
        struct Option: Sendable, Equatable {
            var long: String
            var short: String?
            var valueName: String?
            var group: String
            var help: String
            /// The values listed after the help (`...: a, b, c`), for an option that takes a value.
            var choices: [String]? {
                guard valueName != nil, let colon = help.ranges(of: ": ").last else { return nil }
                let items = help[colon.upperBound...].split(separator: ",").map(Util.trimmed)
                let word = { (item: String) in !item.isEmpty && item.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } }
                return items.count >= 2 && items.allSatisfy(word) ? items : nil
            }
        }

        /// Options whose value sets the completions must offer.
        static let enumerated = ["keyboard", "color", "fallback", "default-button"]

        var options: [Option] = []
        var exitStatuses: Set<Int32> = []

        func option(_ long: String) -> Option? { options.first { $0.long == long } }

        init(_ text: String) {
            var group = ""
            var current: Int?
            var exitText: String?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
                if exitText != nil {
                    exitText! += " " + line
                } else if line.hasPrefix("Exit status:") {
                    exitText = String(line.dropFirst("Exit status:".count))
                } else if !line.hasPrefix(" "), line.hasSuffix(":"), !line.contains(" ") {
                    group = String(line.dropLast())
                    current = nil
                } else if line.hasPrefix("  -") || line.hasPrefix("      --") {
                    var body = Substring(line.dropFirst(2))
                    var short: String?
                    if body.hasPrefix("-"), !body.hasPrefix("--") {
                        short = String(body.dropFirst().prefix(1))
                        body = body.dropFirst(4)  // "-t, "
                    }
                    body = body.drop { $0 == " " }
                    let synopsis = body.firstRange(of: "  ").map { body[..<$0.lowerBound] } ?? body
                    let helpText = body.firstRange(of: "  ").map { Util.trimmed(body[$0.upperBound...]) } ?? ""
                    let words = synopsis.split(separator: " ").map(String.init)
                    options.append(Option(long: String(words[0].dropFirst(2)), short: short,
                                          valueName: words.count > 1 ? words[1] : nil, group: group, help: helpText))
                    current = options.count - 1
                } else if line.hasPrefix(String(repeating: " ", count: 20)), let index = current {
                    options[index].help += (options[index].help.isEmpty ? "" : " ") + Util.trimmed(line)
                } else {
                    current = nil
                }
            }
            for part in (exitText ?? "").split(whereSeparator: { $0 == "," || $0 == ";" }) {
                if let number = Int32(Util.trimmed(part).prefix { $0.isNumber }) { exitStatuses.insert(number) }
            }
        }

        private static let cached: Result<Help, PtyProcess.Failure> = {
            do {
                let process = try Util.run(PtyProcess.askPath, ["--help"])
                guard process.termination == .exited(0) else { return .failure(.init("ask --help: \(process.stderrText)")) }
                return .success(Help(process.stdoutText))
            } catch {
                return .failure(.init("cannot run ask --help: \(error)"))
            }
        }()

        static func shared() throws -> Help { try cached.get() }
    }

    // MARK: - The documents

    /// Options found in a document: those it documents or completes, and those it only mentions.
    struct FoundOptions {
        var longs: Set<String> = []
        var shorts: Set<String> = []
        var mentionedLongs: Set<String> = []
        var mentionedShorts: Set<String> = []

        /// Adds `--long` or `-s` as documented.
        mutating func add(_ word: String) {
            if word.hasPrefix("--"), word.count > 2 {
                longs.insert(String(word.dropFirst(2)))
            } else if word.hasPrefix("-"), word.count == 2 {
                shorts.insert(String(word.dropFirst()))
            } else {
                mentionedLongs.insert(word)  // not an option at all: reported as unknown
            }
        }
    }

    enum Document: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case manPage = "man/ask.1"
        case bash = "completions/ask.bash"
        case zsh = "completions/_ask"
        case fish = "completions/ask.fish"

        var testDescription: String { rawValue }

        func options() throws -> FoundOptions {
            switch self {
            case .manPage: return try ManPage.load().options
            case .bash:
                // What bash offers for `ask -`: every long and short option the function knows.
                var found = FoundOptions()
                for word in try Document.bashCompletions(["ask", "-"]) { found.add(word) }
                return found
            case .zsh: return try ZshSpecs.load().options
            case .fish: return try FishLines.load().options
            }
        }

        /// The values completed for each option that has a fixed set; `options` are those the help
        /// lists choices for (the bash function is asked about each, the other files are read).
        func valueSets(for options: [Help.Option]) throws -> [String: [String]] {
            switch self {
            case .manPage: return [:]
            case .bash:
                var result: [String: [String]] = [:]
                // Every option with a value, so that a value set for a free-text option shows too.
                for option in try Help.shared().options where option.valueName != nil {
                    let values = try Document.bashCompletions(["ask", "--" + option.long, ""])
                    if !values.isEmpty { result[option.long] = values }
                    if let short = option.short {
                        #expect(try Document.bashCompletions(["ask", "-" + short, ""]) == values,
                                "bash completes -\(short) differently from --\(option.long)")
                    }
                }
                return result
            case .zsh:
                let specs = try ZshSpecs.load().values
                var result: [String: [String]] = [:]
                for (name, values) in specs {
                    // `-k` must offer what `--keyboard` does; it is reported under the long name.
                    let option = try Help.shared().options.first { "-" + ($0.short ?? "") == name }
                    if let option {
                        #expect(values == specs["--" + option.long], "zsh completes \(name) differently from --\(option.long)")
                    } else {
                        result[name.hasPrefix("--") ? String(name.dropFirst(2)) : name] = values
                    }
                }
                return result
            case .fish: return try FishLines.load().values
            }
        }

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
            let home = TemporaryDirectory()
            let process = try Util.run(try Tools.require("fish"),
                                  ["--no-config", "-c", "source $argv[1]; and complete -C $argv[2]", Paths.fish, line],
                                  environment: ["HOME": home.path, "XDG_CONFIG_HOME": home.path + "/config",
                                                "XDG_DATA_HOME": home.path + "/data"])
            guard process.termination == .exited(0) else {
                throw PtyProcess.Failure("fish complete -C '\(line)': \(String(describing: process.termination)) \(process.stderrText)")
            }
            return process.stdoutText.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        }
    }

    /// man/ask.1: sections, the tags of `.TP` lists, and the options under OPTIONS.
    struct ManPage {
        let lines: [String]
        /// (section, subsection, line) for every line.
        private let located: [(section: String, subsection: String?, line: String)]

        static func load() throws -> ManPage { ManPage(try Util.readText(Paths.manPage)) }

        init(_ text: String) {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var section = "", subsection: String?
            var located: [(String, String?, String)] = []
            for line in lines {
                if line.hasPrefix(".SH ") {
                    section = Util.unquoted(line.dropFirst(4))
                    subsection = nil
                } else if line.hasPrefix(".SS ") {
                    subsection = Util.unquoted(line.dropFirst(4))
                }
                located.append((section, subsection, line))
            }
            self.located = located
        }

        var sectionNames: [String] { lines.filter { $0.hasPrefix(".SH ") }.map { Util.unquoted($0.dropFirst(4)) } }

        /// The tag line after each `.TP` in `section`, as text (fonts and escapes removed).
        func tags(in section: String) -> [String] {
            tagLines(in: section).map { Util.plain(Util.macroText($0.line)) }
        }

        private func tagLines(in section: String) -> [(subsection: String?, line: String)] {
            var result: [(String?, String)] = []
            for index in located.indices.dropLast() where located[index].section == section && located[index].line == ".TP" {
                result.append((located[index + 1].subsection, located[index + 1].line))
            }
            return result
        }

        /// The section's text with escapes removed.
        func text(of section: String) -> String {
            located.filter { $0.section == section }.map { Util.plain($0.line) }.joined(separator: "\n")
        }

        var optionGroups: [String] {
            Array(LinkedSet(located.filter { $0.section == "OPTIONS" }.compactMap(\.subsection)))
        }

        /// The help group (the `.SS` under OPTIONS) each documented long option is in.
        var groupOfOption: [String: String] {
            var result: [String: String] = [:]
            for (subsection, line) in tagLines(in: "OPTIONS") {
                for word in Util.words(Util.plain(line)) where word.hasPrefix("--") { result[String(word.dropFirst(2))] = subsection ?? "" }
            }
            return result
        }

        var options: FoundOptions {
            var found = FoundOptions()
            for (_, line) in tagLines(in: "OPTIONS") {
                for word in Util.words(Util.plain(line)) where word.hasPrefix("-") && word != "-" { found.add(word) }
            }
            // Long options named anywhere but the examples (which show other programs' options too).
            for (section, _, line) in located where section != "EXAMPLES" {
                found.mentionedLongs.formUnion(Util.longOptions(in: Util.plain(line)))
            }
            // In the examples, the options given to ask itself.
            var joined: [String] = []
            for (section, _, line) in located where section == "EXAMPLES" && !line.hasPrefix(".") {
                let text = Util.plain(line)
                if let last = joined.last, last.hasSuffix("\\") {
                    joined[joined.count - 1] = String(last.dropLast()) + " " + text
                } else {
                    joined.append(text)
                }
            }
            for line in joined {
                for command in askCommands(in: line) {
                    for word in Util.words(command) where word.hasPrefix("-") && word != "-" && word != "--" {
                        let name = String(word.prefix { $0 != "=" })
                        if name.hasPrefix("--") {
                            found.mentionedLongs.insert(String(name.dropFirst(2)))
                        } else if name.count == 2 {
                            found.mentionedShorts.insert(String(name.dropFirst()))
                        } else {
                            found.mentionedShorts.formUnion(name.dropFirst().map(String.init))  // a bundle
                        }
                    }
                }
            }
            return found
        }

        /// The arguments of each `ask` command in a shell line: from `ask ` to a `|`, `)`, `;` or `&`.
        private func askCommands(in line: String) -> [String] {
            var result: [String] = []
            var rest = Substring(line)
            while let range = rest.firstRange(of: "ask ") {
                let before = rest[..<range.lowerBound].last
                rest = rest[range.upperBound...]
                guard before == nil || before == " " || before == "(" else { continue }
                result.append(String(rest.prefix { !"|);&".contains($0) }))
            }
            return result
        }
    }

    /// completions/_ask: the `_arguments` specs, one per line in single quotes.
    struct ZshSpecs {
        var options = FoundOptions()
        var values: [String: [String]] = [:]

        static func load() throws -> ZshSpecs { ZshSpecs(try Util.readText(Paths.zsh)) }

        init(_ text: String) {
            for raw in text.split(separator: "\n") {
                let line = Util.trimmed(raw)
                guard line.hasPrefix("'"), line.hasSuffix("'"), line.count > 2 else { continue }
                var spec = Substring(line.dropFirst().dropLast())
                // An exclusion list, `(-t --title)`: what it names must be options too.
                if spec.hasPrefix("("), let close = spec.firstIndex(of: ")") {
                    for word in spec[spec.index(after: spec.startIndex)..<close].split(separator: " ")
                    where word.hasPrefix("-") && word != "-" {
                        var found = FoundOptions()
                        found.add(String(word))
                        options.mentionedLongs.formUnion(found.longs.union(found.mentionedLongs))
                        options.mentionedShorts.formUnion(found.shorts)
                    }
                    spec = spec[spec.index(after: close)...]
                }
                guard spec.hasPrefix("-") else { continue }  // a positional argument
                let name = String(spec.prefix { $0.isLetter || $0.isNumber || $0 == "-" })
                options.add(name)
                // `...:type:(a b c)`: a fixed set of values, keyed by `--long` or `-s`.
                if spec.hasSuffix(")"), let open = spec.ranges(of: ":(").last {
                    values[name] = spec[open.upperBound..<spec.index(before: spec.endIndex)]
                        .split(separator: " ").map(String.init)
                }
            }
        }
    }

    /// completions/ask.fish: `complete -c ask ...` lines.
    struct FishLines {
        var options = FoundOptions()
        var values: [String: [String]] = [:]

        static func load() throws -> FishLines { FishLines(try Util.readText(Paths.fish)) }

        init(_ text: String) {
            for raw in text.split(separator: "\n") {
                let words = Util.shellWords(Util.trimmed(raw))
                guard words.first == "complete" else { continue }
                var long: String?, arguments: [String]?
                var index = 1
                while index < words.count {
                    let word = words[index]
                    let next = index + 1 < words.count ? words[index + 1] : ""
                    switch word {
                    case "-s", "--short-option": options.add("-" + next); index += 1
                    case "-l", "--long-option": options.add("--" + next); long = next; index += 1
                    case "-o", "--old-option": options.mentionedLongs.insert("-" + next); index += 1
                    case "-a", "--arguments": arguments = next.split(separator: " ").map(String.init); index += 1
                    case "-c", "--command", "-d", "--description", "-n", "--condition", "-w", "--wraps":
                        index += 1
                    default:
                        // Bundled flags such as -xa take the next word when they end in one that does.
                        if word.hasPrefix("-"), !word.hasPrefix("--"), word.count > 2 {
                            if word.hasSuffix("a") { arguments = next.split(separator: " ").map(String.init); index += 1 }
                            else if "sldcnwo".contains(word.last!) { options.mentionedLongs.insert("unparsed \(word)") }
                        }
                    }
                    index += 1
                }
                if let arguments {
                    values[long ?? "a line without -l"] = arguments
                }
            }
        }
    }

    // MARK: - Helpers


    enum Paths {
        /// The package root: this file is Tests/EndToEndTests/DocsAndCompletionTests.swift.
        static let root: String = {
            var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
            parts.removeLast(3)
            return parts.joined(separator: "/")
        }()

        static let manPage = root + "/man/ask.1"
        static let bash = root + "/completions/ask.bash"
        static let zsh = root + "/completions/_ask"
        static let fish = root + "/completions/ask.fish"
    }

    /// External tools, and whether a missing one skips its tests (the default) or fails them
    /// (ASK_REQUIRE_TOOLS set).
    enum Tools {
        static let required = getenv("ASK_REQUIRE_TOOLS") != nil

        static func path(_ name: String) -> String? {
            let search = (getenv("PATH").map { String(cString: $0) } ?? "") + ":/usr/bin:/bin:/usr/local/bin"
            return search.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
        }

        /// Whether tests that need `name` run: it is installed, or it has to be.
        static func available(_ name: String) -> Bool { required || path(name) != nil }

        static func require(_ name: String) throws -> String {
            guard let path = path(name) else {
                throw PtyProcess.Failure("\(name) is not installed, and ASK_REQUIRE_TOOLS is set")
            }
            return path
        }
    }

    /// Helpers, nested so they cannot clash with other files of the test target.
    enum Util {
        /// Runs a program without a terminal and waits for it (10 s at most).
        static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> PtyProcess {
            let process = try PtyProcess(arguments, executable: executable, environment: environment, input: .null,
                                         controllingTerminal: false)
            guard process.waitForExit(seconds: 10) != nil else {
                throw PtyProcess.Failure("\(executable) \(arguments) did not finish: \(process.stderrText)")
            }
            return process
        }

        static func readBytes(_ path: String) throws -> [UInt8] {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw PtyProcess.Failure("cannot open \(path): \(SystemError(errno).description)") }
            defer { close(fd) }
            var result: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                result += buffer[0..<count]
            }
            return result
        }

        static func readText(_ path: String) throws -> String { String(decoding: try Util.readBytes(path), as: UTF8.self) }

        /// Writes a file, creating its directories.
        static func writeFile(_ path: String, _ contents: String) throws {
            var directory = ""
            for part in path.split(separator: "/").dropLast() {
                directory += "/" + part
                if mkdir(directory, 0o755) != 0 && errno != EEXIST { throw PtyProcess.Failure("mkdir \(directory)") }
            }
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard fd >= 0 else { throw PtyProcess.Failure("cannot create \(path)") }
            defer { close(fd) }
            var contents = contents
            guard contents.withUTF8({ Descriptor.writeAll(fd, UnsafeRawBufferPointer($0)) }) == nil else {
                throw PtyProcess.Failure("cannot write \(path)")
            }
        }

        /// Every file and directory under `directory`, as full paths.
        static func listing(_ directory: String) throws -> (files: Set<String>, directories: Set<String>) {
            var files: Set<String> = [], directories: Set<String> = []
            func walk(_ path: String) throws {
                guard let handle = opendir(path) else { throw PtyProcess.Failure("cannot list \(path)") }
                defer { closedir(handle) }
                while let entry = readdir(handle) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                    if name == "." || name == ".." { continue }
                    let full = path + "/" + name
                    var info = stat()
                    guard lstat(full, &info) == 0 else { throw PtyProcess.Failure("cannot stat \(full)") }
                    if info.st_mode & S_IFMT == S_IFDIR {
                        directories.insert(full)
                        try walk(full)
                    } else {
                        files.insert(full)
                    }
                }
            }
            try walk(directory)
            return (files, directories)
        }

        /// A line of roff as plain text: `\-` a hyphen, fonts and zero-width escapes gone.
        static func plain(_ line: String) -> String {
            var result = ""
            var index = line.startIndex
            while index < line.endIndex {
                let character = line[index]
                let next = line.index(after: index)
                guard character == "\\", next < line.endIndex else {
                    result.append(character)
                    index = next
                    continue
                }
                switch line[next] {
                case "-": result.append("-"); index = line.index(after: next)
                case "e": result.append("\\"); index = line.index(after: next)
                case "&": index = line.index(after: next)
                case "f": index = line.index(next, offsetBy: 2, limitedBy: line.endIndex) ?? line.endIndex
                case "(":
                    let name = line[line.index(after: next)...].prefix(2)
                    result.append(["aq": "'", "lq": "\"", "rq": "\"", "bu": "*"][String(name)] ?? "?")
                    index = line.index(next, offsetBy: 3, limitedBy: line.endIndex) ?? line.endIndex
                default: result.append(line[next]); index = line.index(after: next)
                }
            }
            return result
        }

        /// The text a font macro line sets (`.BR LC_ALL ", " LANG` is `LC_ALL, LANG`); other lines as they are.
        static func macroText(_ line: String) -> String {
            guard line.hasPrefix(".") else { return line }
            let parts = Util.shellWords(line)
            let alternating = ["BR", "RB", "BI", "IB", "IR", "RI"].contains(String(parts.first?.dropFirst() ?? ""))
            return parts.dropFirst().joined(separator: alternating ? "" : " ")
        }

        /// Words separated by spaces and commas.
        static func words(_ text: String) -> [String] {
            text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        }

        /// The names of `--long` options in running text (`--title=Name` gives `title`).
        static func longOptions(in text: String) -> Set<String> {
            var result: Set<String> = []
            var rest = Substring(text)
            while let range = rest.firstRange(of: "--") {
                let name = rest[range.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "-" }
                if let first = name.first, first.isLetter || first.isNumber {
                    result.insert(String(name.reversed().drop { $0 == "-" }.reversed()))
                }
                rest = rest[range.upperBound...].dropFirst(name.count)
            }
            return result
        }

        /// Splits a shell line into words, honouring single and double quotes; stops at a comment.
        static func shellWords(_ line: String) -> [String] {
            var result: [String] = []
            var current = "", inWord = false
            var quote: Character?
            for character in line {
                if let open = quote {
                    if character == open { quote = nil } else { current.append(character) }
                } else if character == "'" || character == "\"" {
                    quote = character
                    inWord = true
                } else if character == " " || character == "\t" {
                    if inWord { result.append(current) }
                    current = ""
                    inWord = false
                } else if character == "#" && !inWord {
                    break
                } else {
                    current.append(character)
                    inWord = true
                }
            }
            if inWord { result.append(current) }
            return result
        }

        static func trimmed<S: StringProtocol>(_ text: S) -> String {
            String(text.drop { $0 == " " || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\n" }.reversed())
        }

        static func unquoted<S: StringProtocol>(_ text: S) -> String {
            Util.trimmed(text).filter { $0 != "\"" }
        }

        /// The text between the first `start` and the following `end` (or the end of `text`).
        static func section(of text: String, after start: String, before end: String) -> String {
            guard let from = text.firstRange(of: start) else { return "" }
            let rest = text[from.upperBound...]
            return String(rest.firstRange(of: end).map { rest[..<$0.lowerBound] } ?? rest)
        }

    }

    /// The distinct elements of a sequence, in first-seen order.
    struct LinkedSet<Element: Hashable>: Sequence {
        private var elements: [Element] = []
        init<S: Sequence>(_ sequence: S) where S.Element == Element {
            var seen: Set<Element> = []
            for element in sequence where seen.insert(element).inserted { elements.append(element) }
        }
        func makeIterator() -> IndexingIterator<[Element]> { elements.makeIterator() }
    }
}
