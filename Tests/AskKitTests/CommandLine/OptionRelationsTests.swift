import AskCommandLine
import AskDocs
import AskModel
import Testing

/// The relations the option table declares (the body an option fixes or goes with, conflicts,
/// an option undoing another, requirements, how often) and the one pass that checks them
/// (`Invocation.validateRelations`): each kind of relation refused in its words, and every pair
/// the completions leave out refused by the command line.
struct OptionRelationsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        /// nil: they go together.
        let expected: UsageError?
        let words: String?

        init(_ arguments: [String], _ expected: UsageError?, _ words: String? = nil) {
            self.arguments = arguments
            self.expected = expected
            self.words = words
        }

        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        // Conflicts: named in the order given, in the table's words when it has its own.
        Case(["--choice", "A", "--allow-other", "--index"], .conflictingOptions("--allow-other", "--index"),
             "options '--allow-other' and '--index' contradict each other"),
        Case(["--choice", "A", "--index", "--allow-other"], .conflictingOptions("--index", "--allow-other"),
             "options '--index' and '--allow-other' contradict each other"),
        Case(["--choice", "A", "--multiple", "-n"], .noNewlineWithMultiple,
             "option '--no-newline' would run the marked choices of '--multiple' together (use '--null' to end each with NUL)"),
        Case(["-n", "--choice", "A", "--filter", "a"], .noNewlineWithFilter,
             "option '--no-newline' would run the choices '--filter' prints together (use '--null' to end each with NUL)"),
        Case(["--multiline", "--askpass", "Notes:"], .notForMultiline(option: "--askpass", field: nil),
             "option '--askpass' does not go with '--multiline': an askpass client reads one line"),
        Case(["--field", "A", "--askpass", "P"], .conflictingOptions("--field", "--askpass")),
        // An option undone by a later one counts no more.
        Case(["--choice", "A", "--multiple", "-n", "--null"], nil),
        Case(["--null", "-n", "--choice", "A", "--multiple"], .noNewlineWithMultiple),
        Case(["--cancel", "No", "--no-cancel", "--choice", "A"], nil),
        // The body: the first option that fixes it, and what goes with it.
        Case(["--gauge", "--secure"], .conflictingOptions("--gauge", "--secure"), "options '--gauge' and '--secure' contradict each other"),
        Case(["--secure", "--gauge"], .conflictingOptions("--secure", "--gauge")),
        Case(["--gauge", "--stdin"], .conflictingOptions("--gauge", "--stdin")),
        Case(["--gauge", "--choice", "A"], .conflictingOptions("--gauge", "--choice")),
        Case(["--choice", "A", "--info"], .conflictingOptions("--choice", "--info")),
        Case(["--info", "--ok", "Fine"], .conflictingOptions("--info", "--ok")),
        Case(["--text-file", "notes", "--ok", "Fine"], nil),
        Case(["--text-file", "notes", "--cancel", "No"], .conflictingOptions("--text-file", "--cancel")),
        Case(["--text-file", "notes", "--required"], .conflictingOptions("--text-file", "--required")),
        Case(["--gauge", "--timeout", "5", "--keep", "-t", "Copying"], nil),
        Case(["--choice", "A", "--secondary", "Later"], .notForSheet(option: "--secondary"),
             "option '--secondary' does not apply to an action sheet (its only button is Cancel)"),
        Case(["--choice", "A", "--mask", "*"], .notForSheet(option: "--mask"), "option '--mask' does not apply to an action sheet"),
        Case(["--choice", "A", "--required", "--no-cancel", "--stdin"], nil),
        Case(["--no-sort"], .needsChoices(option: "--no-sort"), "option '--no-sort' needs choices: give '--choice' or '--choices-from'"),
        Case(["--login", "--select-1"], .needsChoices(option: "--select-1")),
        Case(["--askpass", "P", "--choice", "A"], .conflictingOptions("--askpass", "--choice")),
        // Requirements.
        Case(["--on-timeout", "accept"], .needsOption("--on-timeout", needed: "--timeout"),
             "option '--on-timeout' has no effect without '--timeout'"),
        Case(["--on-timeout", "accept", "--timeout", "3"], nil),
        // How often.
        Case(["--choices-from", "a", "--choices-from", "b"], .repeatedOption("--choices-from", unless: nil),
             "option '--choices-from' may be given only once"),
        Case(["--choice", "A", "--choice", "B", "--selected", "A", "--selected", "B"], .repeatedOption("--selected", unless: "--multiple"),
             "option '--selected' may be given only once without '--multiple'"),
        Case(["--choice", "A", "--choice", "B", "--selected", "A", "--selected", "B", "--multiple"], nil),
    ]

    @Test(arguments: cases)
    func refusesInItsWords(_ testCase: Case) {
        do throws(UsageError) {
            _ = try ArgumentParser().parse(testCase.arguments)
            #expect(testCase.expected == nil, "accepted, not \(String(describing: testCase.expected))")
        } catch {
            #expect(error == testCase.expected)
            if let words = testCase.words { #expect(error.message == words) }
        }
    }

    /// The options that are commands of their own, or hand the rest to another command line.
    static let commands: Set<String> = ["help", "version", "pinentry", "whiptail", "dialog"]

    /// Every pair the completions leave out (`OptionInfo.excludes`), given in either order, is
    /// refused, in one line that names one of the two — but for two options where the later
    /// undoes the earlier, which are taken (the last counts).
    @Test(arguments: OptionInfo.all.filter { !commands.contains($0.long) }.map(\.long))
    func everyExcludedPairIsRefused(_ long: String) throws {
        let option = try #require(OptionInfo.named(long))
        func arguments(_ option: OptionInfo) -> [String] {
            ["--" + option.long] + (option.takesValue ? [ArgumentParserTests.sampleValue(for: option)] : [])
        }
        let excluded = OptionInfo.all.filter { option.excludes($0) && !Self.commands.contains($0.long) }
        #expect(!excluded.isEmpty || option.bodies.count == AlertBody.allCases.count, "--\(long) excludes nothing")
        for other in excluded {
            let argv = arguments(option) + arguments(other)
            do throws(UsageError) {
                _ = try ArgumentParser().parse(argv)
                let undone = option.undoes.contains(other.long) || other.undoes.contains(option.long)
                #expect(undone, "\(argv) accepted, and the completions leave --\(other.long) out after --\(long)")
            } catch {
                let message = error.message
                #expect(!message.contains("\n"))
                #expect(message.contains("'--\(long)") || message.contains("'--\(other.long)"), "\(argv): \(message)")
            }
        }
    }

    /// The man page says each option's relations, from the table: what it does not go with (a
    /// group named as one when all of it or all but two go), what it undoes, needs, how often.
    @Test(arguments: [
        ("gauge", [#"Not with \fB\-\-field\fR,"#, #"\fB\-\-stdin\fR"#, #"any option under \fBField\fR,"#,
                   #"or any option under \fBButtons\fR."#]),
        ("text-file", [#"any option under \fBButtons\fR but \fB\-\-ok\fR."#]),
        ("multiple", [#"any option under \fBField\fR but \fB\-\-required\fR"#,
                      #"under \fBButtons\fR but \fB\-\-cancel\fR and \fB\-\-no\-cancel\fR."#, #"\fB\-\-allow\-other\fR"#]),
        ("no-newline", [#"Not with \fB\-\-multiple\fR or \fB\-\-filter\fR."#, #"Of it and \fB\-\-null\fR, the one given last counts."#]),
        ("on-timeout", [#"It needs \fB\-\-timeout\fR."#]),
        ("selected", [#"It may be given once, unless with \fB\-\-multiple\fR."#]),
    ])
    func theManPageSaysTheRelations(long: String, phrases: [String]) throws {
        let option = try #require(OptionInfo.named(long))
        let lines = Documentation.manRelations(of: option)
        let text = lines.joined(separator: " ")
        for phrase in phrases { #expect(text.contains(phrase), "--\(long): \(text)") }
        #expect(lines.allSatisfy { $0.utf8.count <= 80 && !$0.hasPrefix(".") && !$0.hasPrefix("'") })
        #expect(Documentation.manRelations(of: try #require(OptionInfo.named("title"))) == [])
    }

    /// The relations name options of the table, and none relates an option to itself.
    @Test func theRelationsNameOptionsOfTheTable() {
        let names = Set(OptionInfo.all.map(\.long))
        for option in OptionInfo.all {
            for named in option.conflicts.map(\.option) + option.undoes + [option.requires].compactMap({ $0 }) {
                #expect(names.contains(named) && named != option.long, "--\(option.long): \(named)")
            }
            if case let .unless(other) = option.once { #expect(names.contains(other), "--\(option.long): \(other)") }
            if let body = option.fixes { #expect(option.bodies == [body], "--\(option.long)") }
        }
    }
}
