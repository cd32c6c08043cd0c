import AskChoices
import AskCommandLine
import AskDocs
import AskFields
import AskGauge
import AskKit
import AskPresentation
import AskTextBox
import Glibc
import TestSupport
import Testing

/// The documentation: the completions and the man page's OPTIONS are what the option table
/// writes (`make docs`); the rest of the man page and README say what the table and the exit
/// statuses say; the page is lint-clean.
///
/// groff and mandoc are skipped when missing, unless ASK_REQUIRE_TOOLS is set (as CI does after
/// installing them): then a missing tool fails.
@Suite struct DocumentationTests {
    // MARK: - Written from the table

    /// A completion file and what the table writes into it, named by its path (the test's
    /// output names the file, not the whole script).
    struct Completion: Sendable, CustomTestStringConvertible {
        let path: String
        let written: String
        var testDescription: String { path }
    }

    @Test(arguments: [
        Completion(path: Documentation.bashPath, written: Documentation.bash()),
        Completion(path: Documentation.zshPath, written: Documentation.zsh()),
        Completion(path: Documentation.fishPath, written: Documentation.fish()),
    ])
    func theCompletionsAreWhatTheTableWrites(_ completion: Completion) throws {
        let committed = try Util.readText(Paths.root + "/" + completion.path)
        #expect(committed == completion.written, "\(completion.path) differs from what `make docs` writes: run it and commit the result")
    }

    /// The man page's text of each option, out of the code (`docs/options.roff`).
    static func manual() throws -> OptionManual {
        OptionManual(parsing: try Util.readText(Paths.root + "/" + OptionManual.path))
    }

    @Test func theManPagesOptionsAreWhatTheTableWrites() throws {
        let committed = try Util.readText(Paths.manPage)
        let written = try #require(Documentation.manPage(updating: committed, manual: try Self.manual()),
                                   "man/ask.1 lacks the OPTIONS markers")
        #expect(committed == written, "man/ask.1's OPTIONS differ from what `make docs` writes: run it and commit the result")
    }

    /// README's key tables, the man page's and `--help`'s are the tables the controls act by:
    /// every line of each, in each place.
    @Test func theKeyTablesAreWhatTheControlsDeclare() throws {
        let committed = try Util.readText(Paths.root + "/" + Documentation.readmePath)
        let written = try #require(Documentation.readme(updating: committed), "README lacks the markers of a key table")
        #expect(committed == written, "README's key tables differ from what `make docs` writes: run it and commit the result")
        let page = try Util.readText(Paths.manPage)
        let help = HelpText.render()
        for table in KeyTables.all {
            #expect(help.contains("\n" + table.title + ":\n"), "--help has no \(table.title)")
            #expect(page.contains(Documentation.manKeys(table)), "the man page lacks \(table.title)")
            for line in table.lines {
                #expect(committed.contains("| \(line.keys) | \(line.does) |"), "README: \(line.keys)")
                #expect(help.contains("  " + line.keys), "--help: \(line.keys)")
            }
        }
    }

    /// The man page's text is out of the binary: `ask` (the one under test: the debug build, or
    /// the release build under `make check-release`) holds no roff of the options' texts, and
    /// still their help lines.
    @Test func theBinaryCarriesNoManual() throws {
        let binary = try Util.readBytes(PtyProcess.askPath)
        func holds(_ text: String) -> Bool {
            let needle = Array(text.utf8)
            return binary.withUnsafeBufferPointer { haystack in
                guard let first = needle.first, haystack.count >= needle.count else { return false }
                var at = 0
                while at <= haystack.count - needle.count {
                    if haystack[at] == first && needle.indices.allSatisfy({ haystack[at + $0] == needle[$0] }) { return true }
                    at += 1
                }
                return false
            }
        }
        let manual = try Self.manual()
        for text in ["\n.BR \\-\\-", "\n.B \\-\\-", manual.groups["Field"] ?? "?", manual.options["timeout"] ?? "?"] {
            #expect(!holds(text), "the binary holds \(text.prefix(40))")
        }
        #expect(holds(try #require(OptionInfo.all.first { $0.long == "title" }).help))
    }

    /// A block of `docs/options.roff` runs from its marker to the next, blank lines at its end
    /// left out; the lines before the first are the file's own.
    @Test(arguments: [
        ("", [String: String](), [String: String]()),
        (".\\\" the file's\n.\\\" option: --title\nThe title.\n\n", [:], ["title": "The title."]),
        (".\\\" group: Field\nOne\nTwo\n.\\\" option: --a\nA\n.\\\" option: --b\n.B x\n", ["Field": "One\nTwo"], ["a": "A", "b": ".B x"]),
    ])
    func aManualIsReadByItsBlocks(text: String, groups: [String: String], options: [String: String]) {
        let manual = OptionManual(parsing: text)
        #expect(manual.groups == groups)
        #expect(manual.options == options)
    }

    /// The generator writes every option, under its group, with its synopsis and its text;
    /// `docs/options.roff` has a text for every option and none for an option that is not.
    @Test func theGeneratedOptionsHaveEveryOption() throws {
        let manual = try Self.manual()
        #expect(manual.problems().isEmpty, "\(manual.problems())")
        let options = Documentation.manOptions(manual: manual)
        for option in OptionInfo.all {
            #expect(options.contains(#"\fB\-\-"# + option.long.split(separator: "-").joined(separator: #"\-"#) + #"\fR"#),
                    "--\(option.long) is missing")
            let text = manual.options[option.long] ?? ""
            #expect(!text.isEmpty && options.contains(text), "--\(option.long) has no manual text")
        }
        for group in OptionGroup.allCases { #expect(options.contains(".SS " + group.rawValue + "\n")) }
        let zsh = Documentation.zsh(), fish = Documentation.fish(), bash = Documentation.bash()
        let bashWords = Set(bash.split(whereSeparator: { " \n'".contains($0) }))
        for option in OptionInfo.all {
            #expect(zsh.contains("--" + option.long + (option.takesValue ? "=[" : "[")), "zsh: --\(option.long)")
            #expect(fish.contains(" -l " + option.long + " "), "fish: --\(option.long)")
            #expect(bashWords.contains(Substring("--" + option.long)), "bash: --\(option.long)")
            for choice in option.choices ?? [] { #expect(zsh.contains(choice) && fish.contains(choice) && bash.contains(choice)) }
        }
    }

    // MARK: - What is written by hand

    /// README's table of options lists every option of the table, and nothing else.
    @Test func theReadmeListsEveryOption() throws {
        let readme = try Util.readText(Paths.root + "/README.md")
        let table = Util.section(of: readme, after: "## Options\n", before: "\n## ")
        var listed: Set<String> = []
        for line in table.split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.dropFirst(2).prefix { $0 != "|" }
            for word in cell.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "`" }) where word.hasPrefix("--") {
                listed.insert(String(word.dropFirst(2).prefix { $0 != "=" }))
            }
        }
        #expect(listed == Set(OptionInfo.all.map(\.long)), "README lists \(listed.symmetricDifference(OptionInfo.all.map(\.long)).sorted()) wrongly")
    }

    /// README's "From Swift" shows the example package's programs, word for word.
    @Test(arguments: ["sign-in", "clean-up"])
    func theReadmeShowsTheExamplePrograms(name: String) throws {
        let readme = try Util.readText(Paths.root + "/README.md")
        let program = try Util.readText(Paths.root + "/Examples/SignIn/Sources/\(name)/main.swift")
        let section = Util.section(of: readme, after: "## From Swift\n", before: "\n## ")
        #expect(section.contains("```swift\n" + program + "```"), "README's From Swift does not show Examples/SignIn's \(name)")
    }

    /// README's Fuzzing section names every target in Tests/Fuzz, as Package.swift and
    /// Tests/Fuzz/run do.
    @Test func everyFuzzTargetIsNamed() throws {
        let fuzz = Paths.root + "/Tests/Fuzz"
        let targets = try Util.listing(fuzz).directories.map { String($0.dropFirst(fuzz.count + 1)) }
            .filter { $0.hasPrefix("Fuzz") && !$0.contains("/") }
        #expect(targets.count >= 7, "\(targets)")
        let section = Util.section(of: try Util.readText(Paths.root + "/README.md"), after: "## Fuzzing\n", before: "\n## ")
        let package = try Util.readText(Paths.root + "/Package.swift"), run = try Util.readText(fuzz + "/run")
        for target in targets {
            #expect(section.contains("`\(target)`"), "README's Fuzzing section does not name \(target)")
            #expect(package.contains("\"\(target)\""), "Package.swift does not build \(target)")
            #expect(run.contains(target), "Tests/Fuzz/run does not run \(target)")
        }
    }

    /// README says what a newcomer needs: the toolchain, how to answer the first alert, how long
    /// the first test run takes; and, for ssh's askpass, what a cancel costs.
    @Test func theReadmeSaysWhatANewcomerNeeds() throws {
        // Prose, its lines joined.
        let readme = String(try Util.readText(Paths.root + "/README.md").map { $0 == "\n" ? " " : $0 })
        let tryIt = Util.section(of: readme, after: "## Try it ", before: " ## ")
        for text in ["Swift 6.3 or later", "Return", "Esc cancels", "a couple of minutes"] {
            #expect(tryIt.contains(text), "README's Try it does not say \(text)")
        }
        let askpass = Util.section(of: readme, after: "### As an askpass helper ", before: " ### ")
        #expect(askpass.contains("failed attempt") && askpass.contains("NumberOfPasswordPrompts"))
    }

    @Test func theManPageHasEverySectionAndEveryExitStatus() throws {
        let page = try ManPage(Util.readText(Paths.manPage))
        let required = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "KEYS", "EXIT STATUS", "ENVIRONMENT",
                        "EXAMPLES", "SECURITY", "SEE ALSO"]
        #expect(page.sectionNames.filter(required.contains) == required, "sections: \(page.sectionNames)")

        #expect(Set(page.tags(in: "EXIT STATUS").compactMap { Int32($0) }) == Set(ExitStatus.allCases.map(\.rawValue)))
        #expect(page.text(of: "EXIT STATUS").contains("SIGINT"))

        let environment = Set(page.tags(in: "ENVIRONMENT").flatMap { $0.split(separator: ",").map(Util.trimmed) })
        for variable in ["ASK_FALLBACK", "NO_COLOR", "TERM", "LANG", "LC_ALL", "LC_CTYPE", "LANGUAGE", "LC_MESSAGES", "ASK_LOCALEDIR",
                         "SSH_ASKPASS_PROMPT"] {
            #expect(environment.contains(variable), "ENVIRONMENT lacks \(variable)")
        }

        let examples = page.text(of: "EXAMPLES")
        #expect(examples.contains("--secure |"), "no example pipes a secret into a command")
        #expect(examples.contains("ASK_FALLBACK=stdin") && examples.contains("--fallback value"), "no CI example")
        #expect(examples.contains("SSH_ASKPASS=") && examples.contains("ask-askpass"), "no askpass example")
        #expect(examples.contains("--destructive"), "no destructive confirmation example")

        let security = page.text(of: "SECURITY")
        #expect(security.contains("--value") && security.contains("ps (1)") && security.contains("standard output"))

        #expect(page.lines.first { $0.hasPrefix(".TH ") }?.contains("\"ask \(HelpText.version)\"") == true,
                "the .TH line does not name ask \(HelpText.version)")
    }

    @Test func theHelpShowsEveryStatus() {
        let help = HelpText.render()
        for status in ExitStatus.allCases { #expect(help.contains("\(status.rawValue) "), "--help lacks status \(status.rawValue)") }
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    // MARK: - Lint

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

    /// man/ask.1's sections, and the tags of their `.TP` lists, as text.
    struct ManPage {
        let lines: [String]

        init(_ text: String) {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }

        var sectionNames: [String] { lines.filter { $0.hasPrefix(".SH ") }.map { Util.unquoted($0.dropFirst(4)) } }

        /// The lines of `section`.
        private func lines(of section: String) -> ArraySlice<String> {
            guard let start = lines.firstIndex(where: { $0.hasPrefix(".SH ") && Util.unquoted($0.dropFirst(4)) == section })
            else { return [] }
            let end = lines[(start + 1)...].firstIndex { $0.hasPrefix(".SH ") } ?? lines.endIndex
            return lines[(start + 1)..<end]
        }

        /// The tag line after each `.TP` in `section`, as text (fonts and escapes removed).
        func tags(in section: String) -> [String] {
            let body = Array(lines(of: section))
            return body.indices.dropLast().filter { body[$0] == ".TP" }.map { Util.plain(Util.macroText(body[$0 + 1])) }
        }

        /// The section's lines with escapes removed.
        func text(of section: String) -> String {
            lines(of: section).map { Util.plain($0) }.joined(separator: "\n")
        }
    }
}
