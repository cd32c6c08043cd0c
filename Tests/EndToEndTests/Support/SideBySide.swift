import Glibc
import TestSupport
import Testing

/// Another program and `ask` under its name, run side by side: the same arguments and keys,
/// each in a pseudo-terminal of its own; what each ended with, to be compared.
enum SideBySide {
    /// How the script takes the answer.
    enum Taking: Sendable {
        /// On stderr, the box on stdout (`2>answer`).
        case stderr
        /// `x=$(whiptail … 3>&1 1>&2 2>&3)`: the answer comes out on stdout.
        case swapped
        /// `--output-fd 3` and `3>&1`: on stdout, the box on the terminal.
        case descriptor3
        /// dialog's `--stdout`: on stdout, the box on the terminal.
        case stdout
    }

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        /// Each sent once the program waits for keys.
        var keys: [String] = []
        var taking = Taking.stderr
        /// Its standard input (a gauge's percentages), else the terminal.
        var input: [UInt8]?
        /// Only the status is compared (what goes to the terminal, help, differs).
        var statusOnly = false
        /// Variables besides the tests' own (dialog's DIALOG_OK, …).
        var environment: [String: String] = [:]
        /// The keys are typed once the screen shows this, not once the program waits for keys
        /// (a pause: its clock wakes it each second, so it never waits on its keys alone).
        var shows: String?
        var testDescription: String { name }
    }

    struct Result: Equatable, CustomStringConvertible {
        let status: PtyProcess.Termination?
        let answer: String
        let restored: Bool
        /// The screen as the first keys were typed (not compared: each program draws its own).
        var screen: [String] = []
        var description: String { "\(status.map { "\($0)" } ?? "running") \(answer.debugDescription) restored: \(restored)" }

        static func == (left: Result, right: Result) -> Bool {
            left.status == right.status && left.answer == right.answer && left.restored == right.restored
        }
    }

    /// Runs `program` (a path) with the row's arguments and keys. `settles`: once the keys are
    /// read, a program waiting for more is taken as still running (nil), and ended.
    static func run(_ program: String, _ row: Row, file: String, settles: Bool = false) throws -> Result {
        let arguments = row.arguments.map { $0 == "TEXTFILE" ? file : $0 }
        let redirection: String
        switch row.taking {
        case .stderr: redirection = ""
        case .swapped: redirection = " 3>&1 1>&2 2>&3"
        case .descriptor3: redirection = " 3>&1 1>&2"
        case .stdout: redirection = ""
        }
        let process = try PtyProcess(["-c", "exec \"$0\" \"$@\"" + redirection, program] + arguments, executable: "/bin/sh",
                                     environment: row.environment, input: row.input.map { .bytes($0) } ?? .terminal,
                                     stdoutToTerminal: row.taking == .stderr, stderrToTerminal: row.taking != .stderr)
        var screen: [String] = []
        for keys in row.keys {
            if let shows = row.shows {
                #expect(process.waitForScreen(shows), "\(program): \(process.terminal.lines)")
            } else {
                process.waitUntilWaitingForKeys()
            }
            if screen.isEmpty { screen = process.terminal.lines }
            process.type(keys)
        }
        if settles {
            process.waitUntilWaitingForKeys()
            _ = process.wait(seconds: 0.3) { $0.termination != nil }
        }
        let status = process.waitForExit(seconds: settles && process.termination == nil ? 0 : 10)
        let answer = row.taking == .stderr ? process.stderrText : process.stdoutText
        // An error's words are each program's own (whiptail prints its usage): its status is compared.
        let compared = !row.statusOnly && !row.name.hasPrefix("error:")
        return Result(status: status, answer: compared ? answer : "", restored: process.settingsRestored, screen: screen)
    }

    /// A script's step: once the screen shows `shows` and the box waits for keys, `keys` typed at
    /// once (a person typing ahead of what the box does with them). Without `shows`, between two
    /// boxes: once no box is left running, `keys` typed, then the script let go on (a line into
    /// the FIFO `"$GO"`, which it reads before its next box).
    struct Step: Sendable {
        var shows: String?
        let keys: String
    }

    /// Runs `script` (sh; `"$P"` is the program, `"$OUT"` a file for what the script saw, `"$GO"`
    /// a FIFO to wait on between boxes) with the installed `program` and with `ask` linked under
    /// its name, taking `steps`, and expects the same in `$OUT` from both and the terminal's
    /// settings restored.
    static func compareScript(_ program: String, _ script: String, _ steps: [Step]) throws {
        let theirs = try Tools.require(program)
        let directory = TemporaryDirectory()
        let link = directory.link(program, to: PtyProcess.askPath)
        func run(_ path: String) throws -> String {
            let out = directory.path + "/out-" + (path == link ? "ask" : program), go = directory.path + "/go"
            unlink(go)
            guard mkfifo(go, 0o600) == 0 else { throw PtyProcess.Failure("mkfifo \(go)") }
            let process = try PtyProcess(["-c", script], executable: "/bin/sh", environment: ["P": path, "OUT": out, "GO": go],
                                         rows: 30, columns: 100, stdoutToTerminal: true, stderrToTerminal: true)
            for step in steps {
                guard let shows = step.shows else {
                    #expect(process.wait(seconds: 10) { reader(under: $0.pid) == $0.pid }, "\(path): a box is still running")
                    process.type(step.keys)
                    let fifo = open(go, O_WRONLY)
                    _ = write(fifo, "\n", 1)
                    close(fifo)
                    continue
                }
                #expect(process.waitForScreen(shows, seconds: 10), "\(path): \(process.terminal.lines)")
                process.waitUntilWaitingForKeys(of: reader(under: process.pid))
                process.type(step.keys)
            }
            #expect(process.waitForExit(seconds: 10) == .exited(0), "\(path): \(process.terminal.lines)")
            #expect(process.settingsRestored)
            return (try? Util.readText(out)) ?? ""
        }
        let their = try run(theirs)
        let ours = try run(link)
        #expect(!their.isEmpty && ours == their, "\(program): \(their.debugDescription); ask: \(ours.debugDescription)")
    }

    /// The last of the processes under `pid`, each the first child of the one before: the box a
    /// script is showing (in a subshell of its own, or not).
    static func reader(under pid: pid_t) -> pid_t {
        var last = pid
        while case let child = ResizeEndToEndTests.child(of: last), child > 0 { last = child }
        return last
    }

    /// Runs `row` with the installed `program` and with `ask` linked under its name, and expects
    /// the same status and answer from both, and the terminal's settings restored by `ask`.
    static func compare(_ program: String, _ row: Row) throws {
        let theirs = try Tools.require(program)
        let directory = TemporaryDirectory()
        let file = directory.path + "/notes.txt"
        try Util.writeFile(file, (1...30).map { "Line \($0) of the notes\n" }.joined())
        let link = directory.link(program, to: PtyProcess.askPath)
        let their = try run(theirs, row, file: file)
        let ours = try run(link, row, file: file)
        #expect(ours == their, "\(program): \(their); ask: \(ours)")
        #expect(ours.status != nil && ours.restored)
    }
}
