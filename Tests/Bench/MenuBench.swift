import AskSystem
import Glibc
import TestSupport

// The action sheet with its choices as arguments: `ask --choice` against `whiptail --menu`
// and `dialog --menu`, ten thousand items each.

extension Tool {
    /// The items are `1`…`count`, each shown as `Item N`; choosing one answers its number.
    static func askMenu(_ path: String, items count: Int) -> Tool {
        Tool(name: "ask", executable: path, arguments: ["--title", "Bench"] + (1...count).flatMap { ["--choice", "\($0)\tItem \($0)"] },
             drawsOnStdout: false, marker: "╯", bracketedPaste: true)
    }

    /// whiptail or dialog: `--menu TEXT HEIGHT WIDTH MENU-HEIGHT TAG ITEM…`, the list ten rows
    /// high as ask's is on a terminal of 24 rows.
    static func cursesMenu(_ name: String, _ path: String, items count: Int) -> Tool {
        Tool(name: name, executable: path,
             arguments: ["--title", "Bench", "--menu", "", "18", "64", "10"] + (1...count).flatMap { ["\($0)", "Item \($0)"] },
             drawsOnStdout: true, marker: "<Cancel>", bracketedPaste: false)
    }
}

struct MenuSample {
    var firstPaint = 0.0, firstPaintBytes = 0, bytesPerMove = 0.0
    /// The width of ask's box, in columns (0 for the others).
    var width = 0
    var failure: String?
}

/// The highlight is moved down this many times, one row each, within the first page.
let menuMoves = 5

func menuSession(_ tool: Tool) throws -> MenuSample {
    var sample = MenuSample()
    let start = MonotonicClock.now
    let process = try PtyProcess(tool.arguments, executable: tool.executable, environment: ["TERM": "xterm-256color"],
                                 screen: screen(leaving: 17), stdoutToTerminal: tool.drawsOnStdout)
    process.watch(tool.marker)
    guard process.waitForScreen(tool.marker, seconds: 10), let painted = process.watchedTime else {
        sample.failure = "it never showed"
        return sample
    }
    sample.firstPaint = painted - start
    waitQuiet(process, milliseconds: 30)
    sample.firstPaintBytes = process.transcript.count
    if let bottom = process.terminal.lines.first(where: { $0.contains("╰") && $0.contains("╯") }) {
        sample.width = bottom.drop { $0 != "╰" }.count
    }
    // Down as the terminal sends it: in the application mode a curses program turns on, SS3 B.
    let down = process.transcriptText.contains("\u{1B}[?1h") ? "\u{1B}OB" : "\u{1B}[B"
    sample.bytesPerMove = mean(bytesWritten(process, typing: Array(repeating: down, count: menuMoves)))
    process.type("\r")
    _ = process.waitForExit(seconds: 10)
    let answer = answer(process, tool)
    if answer != String(menuMoves + 1) { sample.failure = "it answered \(answer.debugDescription), not \"\(menuMoves + 1)\"" }
    return sample
}

/// The menu benchmark: every tool, interleaved over `rounds` rounds.
func menuBenchmark(tools: [Tool], rounds: Int, verbose: Bool) throws -> [String] {
    var samples: [String: [MenuSample]] = [:]
    for round in stride(from: 1, through: rounds, by: 1) {
        for tool in tools {
            let sample = try menuSession(tool)
            if verbose || sample.failure != nil { Descriptor.standardError.writeAll("\(tool.name), menu: \(sample)\n") }
            samples[tool.name, default: []].append(sample)
        }
        Descriptor.standardError.writeAll("menu round \(round)/\(rounds)\n")
    }
    var lines = ["| tool | first paint (ms) | bytes at first paint | bytes per move of the highlight |", "|---|---|---|---|"]
    var target = "- one or two rows' worth of bytes per move: ask answered wrong; not judged."
    for tool in tools {
        let all = samples[tool.name] ?? []
        let good = all.filter { $0.failure == nil }
        guard !all.isEmpty, good.count == all.count else {
            lines.append("| \(tool.name) (wrong in \(all.count - good.count) of \(all.count) rounds) | — | — | — |")
            continue
        }
        let move = median(good.map(\.bytesPerMove))
        lines.append("| \(tool.name) | \(format3(median(good.map { $0.firstPaint * 1000 }))) | "
                     + "\(count(median(good.map { Double($0.firstPaintBytes) }))) | \(format3(move)) |")
        if tool.name == "ask", let width = good.first?.width {
            let most = 2 * (width + rowAllowance)
            target = "- one or two rows' worth of bytes per move (at most 2 × (\(width) columns + \(rowAllowance)) = \(most)): "
                + verdict(move <= Double(most), "\(format3(move)) bytes")
        }
    }
    return lines + ["", "Target:", "", target, ""]
}

/// What a row's worth of bytes allows beyond its cells: moving there, and its styles.
let rowAllowance = 32

/// What the menu table measures, for the document.
func menuProse(rounds: Int, items: Int) -> String {
    """
    ### \(grouped(items)) items as arguments

    `ask --title Bench --choice "N<TAB>Item N"` for N from 1 to \(grouped(items)) (it shows `Item N` and answers `N`) \
    against `whiptail --title Bench --menu "" 18 64 10 N "Item N" …` and `dialog` with the same arguments (a list of \
    10 rows, as ask's: the prompt stands where 17 rows are left below the cursor, which ask's list of ten takes), through the same pseudo-terminal script, interleaved over \(rounds) rounds; medians. **First \
    paint**: from starting the program to the arrival of the output that completes its first frame. **Bytes per \
    move**: Down pressed \(menuMoves) times (as the terminal sends it: `ESC O B` once the program has turned on \
    application cursor keys, else `ESC [ B`), the bytes written after each until the terminal has been quiet for \
    15 ms, averaged; the highlight stays within the first page. Then Enter: the answer must be `\(menuMoves + 1)`.


    """
}
