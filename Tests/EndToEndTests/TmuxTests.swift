import AskChoices
import AskFields
import AskGauge
import AskKit
import AskLayout
import AskModel
import AskRender
import AskSession
import AskText
import AskPresentation
import AskSystem
import AskTextBox
import Glibc
import TestSupport
import Testing

/// The built `ask` in a real tmux: a server of its own (its own socket, no configuration), one
/// detached window of a fixed size whose shell runs `seq 40` and then `ask`. The window is
/// resized, split and unsplit while the alert is up; afterwards every line printed before `ask`
/// is still there, on the screen or in tmux's scrollback, no piece of the alert is, the shell's
/// next output starts where `ask` started, and the answer and status are right.
///
/// Skipped when tmux is not installed, unless ASK_REQUIRE_TOOLS is set (then it fails).
@Suite struct TmuxTests {

    /// A tmux server for one test, killed when released. Every wait polls tmux with a deadline.
    final class Server {
        let tmux: String
        let directory = TemporaryDirectory()
        let socket: String

        init(columns: Int, rows: Int) throws {
            tmux = try Tools.require("tmux")
            socket = "ask-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            _ = directory.link("ask", to: PtyProcess.askPath)
            let shell = "env -i PATH=/usr/bin:/bin HOME=\(directory.path) LANG=C.UTF-8 TERM=screen PS1='$ ' /bin/sh"
            try run(["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-c", directory.path, "-s", "t", shell])
            // Keys typed before the shell's prompt would be echoed before it.
            guard try wait(until: { $0 == ["$"] }) else { throw PtyProcess.Failure("the shell never prompted") }
            // Everything written in the pane, to tell when the alert was drawn again.
            try run(["pipe-pane", "-t", "t:0.0", "-o", "cat >>'\(directory.path)/pane'"])
        }

        /// How many times the alert was erased to be drawn anew, so far.
        var framesDrawn: Int {
            directory.read("pane").split(separator: "\u{1B}[J", omittingEmptySubsequences: false).count - 1
        }

        deinit { _ = try? run(["kill-server"]) }

        /// Runs a tmux command against this server; returns what it printed.
        @discardableResult
        func run(_ arguments: [String]) throws -> String {
            // tmux keeps its socket under TMUX_TMPDIR: this test's directory, not the user's.
            let process = try PtyProcess(["-L", socket, "-f", "/dev/null"] + arguments, executable: tmux,
                                         environment: ["TMUX_TMPDIR": directory.path], input: .null,
                                         controllingTerminal: false)
            guard process.waitForExit(seconds: 10) == .exited(0) else {
                throw PtyProcess.Failure("tmux \(arguments.joined(separator: " ")): \(process.stderrText)")
            }
            return process.stdoutText
        }

        /// Types `text` into the first pane, then Enter when asked.
        func type(_ text: String, enter: Bool = false) throws {
            try run(["send-keys", "-t", "t:0.0", "-l", text])
            if enter { try run(["send-keys", "-t", "t:0.0", "Enter"]) }
        }

        /// The first pane's lines: the screen, or the scrollback and the screen, trailing empty
        /// lines left out.
        func lines(scrollback: Bool = false) throws -> [String] {
            var lines = try run(["capture-pane", "-p", "-t", "t:0.0"] + (scrollback ? ["-S", "-"] : []))
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            while lines.last?.isEmpty == true { lines.removeLast() }
            return lines
        }

        /// The first pane's size.
        func paneSize() throws -> TerminalSize {
            let numbers = try run(["display-message", "-p", "-t", "t:0.0", "#{pane_height} #{pane_width}"])
                .split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
            return TerminalSize(rows: numbers.first ?? 0, columns: numbers.last ?? 0)
        }

        /// Polls the screen until `condition` holds, at most `seconds`.
        func wait(seconds: Double = 10, until condition: ([String]) -> Bool) throws -> Bool {
            let deadline = MonotonicClock.now + seconds
            while MonotonicClock.now < deadline {
                if condition(try lines()) { return true }
                _ = poll(nil, 0, 10)  // between two looks at the screen
            }
            return false
        }

    }

    static let spec = PromptSpec(title: "Server Password", message: "x", isSecure: true)
    static let command = "seq 40; ./ask -t 'Server Password' -m x --secure >out; echo $? >status; echo done"

    /// Whether the screen shows the alert drawn for `size` (once) with `abc` typed.
    static func alertShown(_ lines: [String], for size: TerminalSize) -> Bool {
        let layout = AlertLayout(content: AlertContent(spec: spec, charset: .utf8, usesColor: true), fields: spec.fields, size: size)
        if layout.isCompact { return lines.filter { $0.hasPrefix("Server Password: •••") }.count == 1 }
        let bottoms = lines.filter { $0.hasPrefix("╰") }
        return bottoms.count == 1 && bottoms[0].count == layout.width && lines.contains { $0.hasPrefix("│ ••• ") }
            && lines.filter { $0.hasPrefix("╭") }.count == 1
    }

    /// tmux commands run while the alert is up, each waited on until the alert is drawn again.
    @Test(.enabled(if: Tools.available("tmux"), "tmux is not installed"), arguments: [
        [["split-window", "-t", "t"], ["kill-pane", "-t", "t:0.1"]],
        [["resize-window", "-t", "t", "-y", "14"], ["resize-window", "-t", "t", "-y", "30"]],
        [["resize-window", "-t", "t", "-y", "40"], ["resize-window", "-t", "t", "-y", "20"]],
        [["resize-window", "-t", "t", "-y", "4"], ["resize-window", "-t", "t", "-y", "30"]],
        [["resize-window", "-t", "t", "-x", "25"], ["resize-window", "-t", "t", "-x", "80"]],
        [["resize-window", "-t", "t", "-x", "20", "-y", "12"], ["resize-window", "-t", "t", "-x", "80", "-y", "30"]],
        [["split-window", "-h", "-t", "t"], ["resize-pane", "-t", "t:0.0", "-x", "30"], ["kill-pane", "-t", "t:0.1"]],
    ])
    func everyLineIsKeptAndNoPieceOfTheAlertIsLeft(steps: [[String]]) throws {
        let server = try Server(columns: 80, rows: 30)
        try server.type(Self.command, enter: true)
        #expect(try server.wait { $0.contains { $0.hasPrefix("╰") } })
        try server.type("abc")
        #expect(try server.wait { Self.alertShown($0, for: TerminalSize(rows: 30, columns: 80)) })
        for step in steps {
            let frames = server.framesDrawn
            try server.run(step)
            let size = try server.paneSize()
            let shown = try server.wait { Self.alertShown($0, for: size) && server.framesDrawn > frames }
            #expect(shown, "after \(step): \((try? server.lines()) ?? [])")
        }
        try server.type("", enter: true)
        #expect(try server.wait { $0.suffix(2) == ["done", "$"] })
        #expect(server.directory.read("out") == "abc\n")
        #expect(server.directory.read("status") == "0\n")
        // From the first of the forty lines on: the forty, then what the shell printed next
        // where the cursor was when ask started, then its prompt. Nothing else, on the screen or
        // in the scrollback.
        let all = try server.lines(scrollback: true)
        let first = all.firstIndex(of: "1") ?? all.count
        #expect(Array(all[first...]) == (1...40).map(String.init) + ["done", "$"], "\(all)")
    }
}

extension TmuxTests {
    /// Near the top of a pane, a width narrower than the alert has tmux push the alert's first
    /// rows into its scrollback (it keeps the blank rows below the alert on the screen), and
    /// widening brings them back re-wrapped: pieces of the old box may stay (README says so).
    /// What holds even then: the lines above are untouched, nothing is written over them, and
    /// the answer is right.
    @Test(.enabled(if: Tools.available("tmux"), "tmux is not installed"))
    func nearTheTopANarrowerPaneTouchesNoLineAbove() throws {
        let server = try Server(columns: 80, rows: 30)
        // (A command line of three rows at 80 columns: the alert's first rows go into the scrollback.)
        try server.type("printf 'one\\ntwo\\n'; ./ask -t 'Server Password' -m x --secure >out; echo $? >status; echo done"
                        + String(repeating: " ", count: 80), enter: true)
        #expect(try server.wait { $0.contains { $0.hasPrefix("╰") } })
        try server.type("abc")
        for columns in [25, 80] {
            let frames = server.framesDrawn
            try server.run(["resize-window", "-t", "t", "-x", "\(columns)"])
            // Drawn again at the new width (pieces of the old box may show above it).
            let width = AlertLayout(content: AlertContent(spec: Self.spec, charset: .utf8, usesColor: true), fields: Self.spec.fields,
                                    size: try server.paneSize()).width
            let shown = try server.wait {
                $0.contains { $0.hasPrefix("╰") && $0.count == width } && $0.contains { $0.hasPrefix("│ ••• ") }
                    && server.framesDrawn > frames
            }
            #expect(shown, "\((try? server.lines()) ?? [])")
        }
        try server.type("", enter: true)
        #expect(try server.wait { $0.suffix(2) == ["done", "$"] })
        #expect(server.directory.read("out") == "abc\n" && server.directory.read("status") == "0\n")
        let all = try server.lines(scrollback: true)
        #expect(all.first?.hasPrefix("$ printf") == true && all.dropFirst().prefix(3).contains("one"), "\(all)")
        #expect(all.firstIndex(of: "two") == all.firstIndex(of: "one").map { $0 + 1 }, "\(all)")
    }
}

extension TmuxTests {
    /// An action sheet of a long list piped in, in real tmux: it takes the rows below the
    /// cursor (tmux says where the cursor is), down to the pane's last row and no further, as
    /// wide as its lines, the lines above stay, typing filters, and nothing of it is left once
    /// it is answered.
    @Test(.enabled(if: Tools.available("tmux"), "tmux is not installed"))
    func aLongListTakesTheRowsBelowTheCursor() throws {
        let server = try Server(columns: 80, rows: 30)
        try server.type("seq 5; seq 1000 | ./ask --choices-from - >out; echo $? >status; echo done", enter: true)
        // The command's row and five lines; the cursor's row; 23 rows of sheet below it.
        let filled = try server.wait { $0.count == 30 && $0[29].hasPrefix("╰") && $0.contains { $0.contains("1–17 of 1,000") } }
        #expect(filled, "\((try? server.lines()) ?? [])")
        #expect(Array(try server.lines().prefix(8).dropFirst()) == ["1", "2", "3", "4", "5", "", "╭" + String(repeating: "─", count: 32) + "╮"])
        try server.type("999")
        #expect(try server.wait { $0.contains { $0.contains("› 999 ") } && $0.contains { $0.contains("/1,000") } })
        try server.type("", enter: true)
        #expect(try server.wait { $0.suffix(2) == ["done", "$"] })
        #expect(server.directory.read("out") == "999\n" && server.directory.read("status") == "0\n")
        let all = try server.lines(scrollback: true)
        #expect(Array(all.dropFirst()) == ["1", "2", "3", "4", "5", "done", "$"], "\(all)")
    }
}

extension TmuxTests {
    /// A short list from a file near the bottom of a pane: the sheet is drawn while the list
    /// loads, then again taller (the screen scrolls under it), then shorter once the list has
    /// ended. The way back to where it began follows the text, not a position saved on the
    /// screen: no frame is left behind while it shows, nothing once it is answered, and the
    /// lines above are whole.
    @Test(.enabled(if: Tools.available("tmux"), "tmux is not installed"))
    func aListFromAFileNearTheBottomLeavesNoFrame() throws {
        let server = try Server(columns: 80, rows: 24)
        server.directory.write("five", "1\n2\n3\n4\n5\n")
        try server.type("seq 1 30; ./ask --choices-from five >out; echo $? >status; echo done", enter: true)
        let shown = try server.wait { $0.last?.hasPrefix("╰") == true && $0.contains { $0.hasPrefix("│   5 5") } }
        #expect(shown, "\((try? server.lines()) ?? [])")
        let screen = try server.lines()
        // One box: its query row's divider and its button's.
        #expect(screen.filter { $0.hasPrefix("╭") }.count == 1 && screen.filter { $0.hasPrefix("├") }.count == 2, "\(screen)")
        #expect(!screen.contains { $0.contains("loading") }, "\(screen)")
        try server.type("", enter: true)
        #expect(try server.wait { $0.suffix(2) == ["done", "$"] })
        #expect(server.directory.read("out") == "1\n" && server.directory.read("status") == "0\n")
        let all = try server.lines(scrollback: true)
        let first = all.firstIndex(of: "1") ?? all.count
        #expect(Array(all[first...]) == (1...30).map(String.init) + ["done", "$"], "\(all)")
    }
}

extension TmuxTests {
    /// Gauges whose input ends at once — `ask`'s, as whiptail and as dialog, three times each —
    /// in a real terminal that answers `ask`'s questions (which terminal, where the cursor is):
    /// each waits for the answers before giving the terminal back, so none reaches the shell,
    /// where it would be echoed (`^[[>84;0;0c^[[1;1R`) or read as the next command. The screen
    /// holds the shell's lines and nothing else, the next command too.
    @Test(.enabled(if: Tools.available("tmux"), "tmux is not installed"))
    func aGaugeEndedAtOnceLeavesNoAnswerForTheShell() throws {
        let server = try Server(columns: 80, rows: 24)
        server.directory.write("gauges", """
            for i in 1 2 3; do
                true | ./ask --gauge --message x; echo "ask $?" >>statuses
                ./ask --whiptail --gauge x 8 40 0 </dev/null; echo "whiptail $?" >>statuses
                ./ask --dialog --gauge x 8 40 0 </dev/null; echo "dialog $?" >>statuses
            done

            """)
        try server.type("clear; sh gauges; echo done", enter: true)
        #expect(try server.wait { $0.suffix(2) == ["done", "$"] }, "\((try? server.lines()) ?? [])")
        try server.type("echo next", enter: true)
        #expect(try server.wait { $0.suffix(2) == ["next", "$"] }, "\((try? server.lines()) ?? [])")
        #expect(try server.lines() == ["done", "$ echo next", "next", "$"])
        #expect(server.directory.read("statuses") == String(repeating: "ask 0\nwhiptail 0\ndialog 0\n", count: 3))
    }
}
