import AskSystem
import Glibc
import TestSupport

// A text box of a 60 MB file: `ask --text-file` against `whiptail --textbox` and `dialog
// --textbox`, through the same pseudo-terminal script: how soon it is drawn and has the file,
// End, a resize and Return each served, and the memory it holds.

/// The file's size (its last line aside), and its last line: on the screen once End has gone there.
let textBoxBytes = 60_000_000
let textBoxLastLine = "The end of the file."
/// The terminal the box opens on, and the size it is resized to.
let textBoxTerminal = (rows: 24, columns: 80), textBoxResized = (rows: 20, columns: 60)

/// Writes the text box's file: a block of a thousand lines of 0 to 14 words, repeated past
/// `textBoxBytes`, then `textBoxLastLine`. Returns its size in bytes.
func writeTextBoxFile(_ path: String) -> Int {
    let words = ["lorem", "ipsum", "dolor", "sit", "amet,", "consectetur", "adipiscing", "elit,", "sed", "do", "eiusmod"]
    let block = Array((0..<1000).map { line in
        (0..<(line % 15)).map { words[($0 * 7 + line) % words.count] }.joined(separator: " ") + "\n"
    }.joined().utf8)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    defer { close(fd) }
    let copies = textBoxBytes / block.count + 1
    for _ in 0..<copies { block.withUnsafeBytes { _ = Descriptor(borrowing: fd).writeAll($0) } }
    _ = Descriptor(borrowing: fd).writeAll(textBoxLastLine + "\n")
    return copies * block.count + textBoxLastLine.utf8.count + 1
}

struct TextBoxTool {
    let name: String
    let executable: String
    let arguments: [String]
    let drawsOnStdout: Bool
    /// On the screen once the box is drawn.
    let marker: String
    /// Whether it has a key that goes to the end (whiptail's text box has only the arrows and
    /// PgUp/PgDn).
    let hasEnd: Bool

    static func ask(_ path: String, file: String) -> TextBoxTool {
        TextBoxTool(name: "ask", executable: path, arguments: ["--title", "Bench", "--text-file", file], drawsOnStdout: false,
                    marker: "╯", hasEnd: true)
    }

    /// whiptail or dialog: `--textbox FILE HEIGHT WIDTH`, the whole terminal but for a row and
    /// two columns, about as large as ask's box here (23 rows, as wide as the terminal).
    static func curses(_ name: String, _ path: String, file: String) -> TextBoxTool {
        TextBoxTool(name: name, executable: path,
                    arguments: ["--title", "Bench", "--textbox", file, "\(textBoxTerminal.rows - 1)", "\(textBoxTerminal.columns - 2)"],
                    drawsOnStdout: true, marker: name == "dialog" ? "EXIT" : "<Ok>", hasEnd: name != "whiptail")
    }
}

struct TextBoxSample {
    /// From starting the program: the box drawn, the file all read (ask: `loading` gone; the
    /// others read it before they draw, or as they show it).
    var firstPaint = Double.nan, ready = Double.nan
    /// From pressing End (once ready) to the file's last line on the screen; from starting the
    /// program to that.
    var end = Double.nan, untilEnd = Double.nan
    /// From the resize to the last output before the terminal went quiet (NaN: nothing redrawn),
    /// and the bytes written meanwhile.
    var resize = Double.nan, resizeBytes = 0
    /// From Return to the program's exit.
    var exit = Double.nan
    var cpu = 0.0, peakBeforeResize = 0, peakRSS = 0
    var failure: String?
}

func textBoxSession(_ tool: TextBoxTool) throws -> TextBoxSample {
    var sample = TextBoxSample()
    let start = MonotonicClock.now
    let process = try PtyProcess(tool.arguments, executable: tool.executable, environment: ["TERM": "xterm-256color"],
                                 rows: textBoxTerminal.rows, columns: textBoxTerminal.columns, screen: "$ bench\n",
                                 stdoutToTerminal: tool.drawsOnStdout)
    defer { if process.termination == nil { process.signal(SIGKILL) } }
    func failed(_ what: String) -> TextBoxSample {
        sample.failure = what + "; the screen:\n" + process.terminal.lines.joined(separator: "\n")
        return sample
    }
    guard let painted = process.timeShown({ $0.contains(tool.marker) }) else { return failed("it never showed") }
    sample.firstPaint = painted - start
    guard let ready = process.timeShown({ $0.contains(tool.marker) && !$0.contains("loading") }) else {
        return failed("it never showed the whole file read")
    }
    sample.ready = ready - start
    if tool.hasEnd {
        // End as the terminal sends it: in the application mode a curses program turns on, SS3 F.
        let end = process.transcriptText.contains("\u{1B}[?1h") ? "\u{1B}OF" : "\u{1B}[F"
        let pressed = MonotonicClock.now
        process.type(end)
        guard let shown = process.timeShown({ $0.contains(textBoxLastLine) }) else { return failed("End never showed the last line") }
        sample.end = shown - pressed
        sample.untilEnd = shown - start
    }
    _ = process.settle(since: MonotonicClock.now)
    sample.peakBeforeResize = peakRSS(process.pid)
    let resized = MonotonicClock.now, before = process.transcript.count
    process.resize(rows: textBoxResized.rows, columns: textBoxResized.columns)
    if let redrawn = process.settle(since: resized, quiet: 0.1) { sample.resize = redrawn - resized }
    sample.resizeBytes = process.transcript.count - before
    // Read while it runs (not traced: a traced program's resize would wait for the harness to
    // pass its SIGWINCH on); Return then only ends it.
    sample.peakRSS = peakRSS(process.pid)
    let returned = MonotonicClock.now
    process.type("\r")
    guard let ended = process.waitForExit(seconds: 60) else { return failed("Return did not end it") }
    sample.exit = MonotonicClock.now - returned
    guard ended == .exited(0) else { return failed("it ended \(ended), not with status 0") }
    sample.cpu = process.cpuSeconds
    return sample
}

/// The text box benchmark: every tool, interleaved over `rounds` rounds, on one file.
func textBoxBenchmark(askPath: String, others: [(name: String, path: String)], rounds: Int, verbose: Bool) throws -> [String] {
    let directory = TemporaryDirectory()
    let file = directory.path + "/text"
    let size = writeTextBoxFile(file)
    let tools = [TextBoxTool.ask(askPath, file: file)] + others.map { TextBoxTool.curses($0.name, $0.path, file: file) }
    var samples: [String: [TextBoxSample]] = [:]
    for round in stride(from: 1, through: rounds, by: 1) {
        for tool in tools {
            let sample = try textBoxSession(tool)
            if verbose || sample.failure != nil { Descriptor.standardError.writeAll("\(tool.name), text box: \(sample)\n") }
            samples[tool.name, default: []].append(sample)
        }
        Descriptor.standardError.writeAll("text box round \(round)/\(rounds)\n")
    }
    var lines = ["A file of \(grouped(size)) bytes (\(grouped(size / 1024)) KiB).", "",
                 "| tool | first paint (ms) | file read (ms) | End → the last line (ms) | start → the last line (ms) | resize → redrawn (ms) "
                 + "| bytes written for the resize | Return → exit (ms) | CPU (ms) | peak RSS before the resize (KiB) | peak RSS after it (KiB) |",
                 "|---|---|---|---|---|---|---|---|---|---|---|"]
    var medians: [String: [Double]] = [:]
    for tool in tools {
        let all = samples[tool.name] ?? []
        let good = all.filter { $0.failure == nil }
        guard !all.isEmpty, good.count == all.count else {
            lines.append("| \(tool.name) (failed in \(all.count - good.count) of \(all.count) rounds) |" + String(repeating: " — |", count: 10))
            continue
        }
        /// A time's median, or NaN when some round had none (nothing redrawn, no End).
        func time(_ value: (TextBoxSample) -> Double) -> Double {
            good.contains { !value($0).isFinite } ? .nan : median(good.map { value($0) * 1000 })
        }
        let row = [time(\.firstPaint), time(\.ready), time(\.end), time(\.untilEnd), time(\.resize), time(\.exit),
                   median(good.map { $0.cpu * 1000 }), median(good.map { Double($0.peakBeforeResize) }), median(good.map { Double($0.peakRSS) }),
                   median(good.map { Double($0.resizeBytes) })]
        medians[tool.name] = row
        let end = tool.hasEnd ? format3(row[2]) : "no End key"
        let resize = row[4].isFinite ? format3(row[4]) : "nothing redrawn"
        lines.append("| \(tool.name) | \(format3(row[0])) | \(format3(row[1])) | \(end) | \(format3(row[3])) | \(resize) | \(count(row[9])) | "
                     + "\(format3(row[5])) | \(format3(row[6])) | \(count(row[7])) | \(count(row[8])) |")
    }
    lines += ["", "Targets:", ""]
    guard let ask = medians["ask"] else { return lines + ["- ask failed: not judged.", ""] }
    let fileKiB = Double(size) / 1024
    lines.append("- drawn at once, before the file is read: first paint within \(textBoxFirstPaint) ms: "
                 + verdict(ask[0] <= Double(textBoxFirstPaint), "\(format3(ask[0])) ms"))
    lines.append("- memory about the file's size: peak RSS, the resize included, within \(formatRatio(textBoxMemory)) the file: "
                 + verdict(ask[8] <= textBoxMemory * fileKiB, "\(count(ask[8])) KiB, \(formatRatio(ask[8] / fileKiB)) the file"))
    let keys = [ask[2], ask[4], ask[5]]
    lines.append("- keys and the resize served: End, the resize and Return each answered within \(textBoxKeys) ms: "
                 + verdict(keys.allSatisfy { $0.isFinite && $0 <= Double(textBoxKeys) },
                           "End \(format3(ask[2])) ms, the resize \(format3(ask[4])) ms, Return \(format3(ask[5])) ms"))
    return lines + [""]
}

/// The targets: first paint (ms), peak memory (times the file), each key and the resize (ms).
let textBoxFirstPaint = 50, textBoxMemory = 2.0, textBoxKeys = 100

/// What the text box table measures, for the document.
func textBoxProse(rounds: Int) -> String {
    """
    ### A text box of 60 MB

    `ask --title Bench --text-file FILE` against `whiptail --title Bench --textbox FILE \(textBoxTerminal.rows - 1) \
    \(textBoxTerminal.columns - 2)` and `dialog` with the same arguments (about as large as ask's box here), on a \
    pseudo-terminal of \(textBoxTerminal.columns) × \(textBoxTerminal.rows); the file is a block of a \
    thousand lines of 0 to 14 words repeated past \(grouped(textBoxBytes)) bytes, then the line `\(textBoxLastLine)`. \
    Interleaved over \(rounds) rounds; medians. **First paint**: from starting the program to the arrival of the \
    output that shows the box. **File read**: to the output that shows it with the whole file (ask draws at once and \
    says `loading` while it reads; whiptail reads the file before it draws, dialog as it shows it). **End**: pressed \
    then (as the terminal sends it: `ESC O F` once the program has turned on application cursor keys, else `ESC [ F`), \
    until the output that shows the file's last line; and from starting the program to that (whiptail's text box has \
    no End: only the arrows and PgUp/PgDn). **Resize**: once the terminal has been quiet, it is made \
    \(textBoxResized.columns) × \(textBoxResized.rows) (the program gets SIGWINCH): until the last output before it has \
    been quiet for 100 ms, that quiet not counted, and the bytes written meanwhile. **Return**: until the program exits (status 0 in every round, or no \
    number). **CPU**: user + system time of the whole run. **Peak RSS**: VmHWM, read while the program runs: just \
    before the resize, and once it has been served, before Return.


    """
}
