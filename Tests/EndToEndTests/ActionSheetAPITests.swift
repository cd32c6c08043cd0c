import Glibc
import TestSupport
import Testing

/// AskKit's `ActionSheet`, used as a program would (`Tests/AlertDemo sheet`): the actions in the
/// order shown (the destructive one first), the chosen ones answered by their indices in the
/// order given, the fallbacks, and the process put back once `present()` returns.
@Suite struct ActionSheetAPITests {
    func start(_ arguments: [String], typing: Bool = true) throws -> PtyProcess {
        let process = try PtyProcess(["sheet"] + arguments, executable: PtyProcess.alertDemoPath, screen: "$ demo\n")
        #expect(process.waitForScreen("╰"), "the sheet never appeared:\n\(process.terminal.text)")
        if typing { #expect(process.waitUntilWaitingForKeys()) }
        return process
    }

    static let restored = TextAlertTests.restored

    /// Move is highlighted first (`selectedIndices`); the keys move from there. Delete, though
    /// given second, is shown first; a digit chooses by its place as shown (a destructive
    /// action's digit only moves to it: Return chooses it).
    @Test(arguments: [
        ("\r", "chosen [2] Move"),
        ("\u{1B}[A\r", "chosen [0] Archive"),
        ("\u{1B}[A\u{1B}[A\r", "chosen [1] Delete"),
        ("1\r", "chosen [1] Delete"),
        ("2", "chosen [0] Archive"),
        ("mo\r", "chosen [2] Move"),
        ("\u{1B}", "cancelled"),
        ("\t\r", "cancelled"),
    ])
    func aChoiceComesBackAsItsIndex(keys: String, result: String) throws {
        let process = try start([])
        let rows = process.terminal.lines.filter { $0.contains("Archive") || $0.contains("Delete") || $0.contains("Move") }
        #expect(rows.count == 3 && rows[0].contains("1 ! Delete") && rows[1].contains("2 Archive") && rows[2].contains("› 3 Move"),
                "\(process.terminal.lines)")
        process.type(keys)
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == result + "\n" + Self.restored)
        #expect(process.settingsRestored)
        #expect(process.terminal.text == "$ demo")
    }

    /// `query` opens the sheet on the matches of "v", Move (the shorter) ranked above Archive,
    /// Delete not shown; with `sortsMatches` false, in the order shown unfiltered. Move, selected,
    /// is highlighted either way; the answer is the index in `actions`.
    @Test(arguments: [
        (["query"], ["› Move", "Archive"], "\u{1B}[B\r"),
        (["query", "no-sort"], ["Archive", "› Move"], "\u{1B}[A\r"),
    ])
    func aQueryStartsTheFilter(arguments: [String], rows: [String], keys: String) throws {
        let process = try start(arguments)
        let shown = process.terminal.lines.filter { $0.contains("Archive") || $0.contains("Delete") || $0.contains("Move") }
        #expect(shown.count == 2 && zip(shown, rows).allSatisfy { $0.contains($1) }, "\(process.terminal.lines)")
        #expect(process.terminal.contains("│ v ") && process.terminal.contains("2/3"), "\(process.terminal.lines)")
        process.type(keys)
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "chosen [0] Archive\n" + Self.restored)
        #expect(process.settingsRestored)
    }

    /// A checklist: Move and Archive marked first, Move (the first of `selectedIndices`)
    /// highlighted; Space marks Delete too; Done (Tab, Tab, Return) answers the marked ones in
    /// the order given. Required, nothing marked, Return is refused with a reason.
    @Test func aChecklistAnswersTheMarkedOnes() throws {
        let process = try start(["multiple"])
        #expect(process.terminal.contains("[x] 2 Archive") && process.terminal.contains("› [x] 3 Move"), "\(process.terminal.lines)")
        #expect(process.terminal.lines.contains { $0.contains("Cancel") && $0.contains("Done") }, "\(process.terminal.lines)")
        process.type("\u{1B}[A\u{1B}[A ")  // from Move up to Delete, marked
        #expect(process.waitForScreen("› [x] 1 ! Delete"), "\(process.terminal.lines)")
        process.type("\t\t\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "chosen [0, 1, 2] Archive,Delete,Move\n" + Self.restored)

        let required = try start(["multiple", "required"])
        required.type(" \u{1B}[A \r")  // Move and Archive unmarked: nothing marked
        #expect(required.waitForScreen("Mark at least one choice"), "\(required.terminal.lines)")
        required.type(" \r")
        #expect(required.waitForExit() == .exited(0))
        #expect(required.stdoutText == "chosen [0] Archive\n" + Self.restored)
    }

    /// `selectionLimit` 2 with two marked first: a third mark is refused, and says why; an
    /// action's `detail` shows under the list while it is highlighted.
    @Test func aLimitAndADetail() throws {
        let process = try start(["multiple", "limit", "detail"])
        process.type("\u{1B}[A\u{1B}[A ")  // from Move up to Delete: a third mark
        #expect(process.waitForScreen("Mark at most 2 choices"), "\(process.terminal.lines)")
        process.type("\u{1B}[B")  // Archive: its detail
        #expect(process.waitForScreen("Kept, out of the way"), "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "chosen [0, 2] Archive,Move\n" + Self.restored)
    }

    @Test func aTimeoutIsAResult() throws {
        let process = try start(["timeout"], typing: false)
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "timed out\n" + Self.restored)
        #expect(process.settingsRestored)
    }

    /// Ctrl-C reaches the program as SIGINT; one that ignores it gets the result.
    @Test func ctrlCIsTheProgramsToHandle() throws {
        let dies = try start([])
        dies.type("\u{03}")
        #expect(dies.waitForExit() == .signaled(SIGINT))
        #expect(dies.settingsRestored)

        let ignores = try start(["ignore-int"])
        ignores.type("\u{03}")
        #expect(ignores.waitForExit() == .exited(0))
        #expect(ignores.stdoutText == "interrupted 2\ncore restored\nsigint ignored\nsigpipe default\n")
    }

    @Test(arguments: [
        ([String](), "", "failed no terminal to prompt on (/dev/tty: No such device or address) noTerminal=true\n"),
        (["fallback-selected"], "", "chosen [2] Move\n"),
        (["fallback-selected", "multiple"], "", "chosen [0, 2] Archive,Move\n"),
        // A line names an action by its title, in any case, or its number as shown.
        (["fallback-stdin"], "archive\n", "chosen [0] Archive\n"),
        (["fallback-stdin"], "1\n", "chosen [1] Delete\n"),
        // With those selected marked already.
        (["fallback-stdin", "multiple"], "delete\n\n", "chosen [0, 1, 2] Archive,Delete,Move\n"),
        (["fallback-stdin"], "kiwi\n", "failed answer refused: no choice is named 'kiwi' (give its number, its label or "
            + "its value) noTerminal=false\n"),
        (["fallback-stdin", "empty"], "", "failed no choices to choose from: the list is empty noTerminal=false\n"),
    ])
    func withoutATerminalTheFallbackAnswers(arguments: [String], stdin: String, expected: String) throws {
        let process = try PtyProcess(["sheet"] + arguments, executable: PtyProcess.alertDemoPath,
                                     input: .bytes(Array(stdin.utf8)), controllingTerminal: false)
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == expected + Self.restored)
    }
}
