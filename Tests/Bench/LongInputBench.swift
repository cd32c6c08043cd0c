import AskSystem
import Glibc
import TestSupport

// What is large in one piece, in the action sheet, against fzf: 1 MiB pasted into the filter of
// a list of a few thousand lines, and a list of eight 1 MiB lines beside the same bytes in short
// lines. Each tool reads the list from a file (ask by name, fzf on its stdin).

/// A list written to a file for the long-input benchmark.
struct ListFile {
    let name: String
    let path: String
    let bytes: Int
    let lineCount: Int
    /// The start of its first line, up to a word's end (how it shows, highlighted, once drawn).
    let firstLine: String

    init(name: String, path: String, lines: [String], firstLine: String) {
        self.name = name
        self.path = path
        let text = Array(lines.map { $0 + "\n" }.joined().utf8)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        text.withUnsafeBytes { _ = Descriptor(borrowing: fd).writeAll($0) }
        close(fd)
        bytes = text.count
        lineCount = lines.count
        self.firstLine = firstLine
    }

    /// Eight lines of 1 MiB each, their line breaks included: words, then the line's number.
    static func longLines(in directory: String) -> ListFile {
        let words = String(repeating: "lorem ipsum dolor sit amet, ", count: 37_449)
        return ListFile(name: "eight lines of 1 MiB", path: directory + "/long",
                        lines: (1...8).map { words + String(1000 + $0).dropFirst() }, firstLine: "lorem ipsum dolor")
    }

    /// The same 8 MiB in lines of 32 bytes: `x`s, then the line's number.
    static func shortLines(in directory: String) -> ListFile {
        let lines = (0..<(1 << 18)).map { String(repeating: "x", count: 30 - String($0).count) + " \($0)" }
        return ListFile(name: "8 MiB in lines of 32 bytes", path: directory + "/short", lines: lines, firstLine: lines[0])
    }

    /// What is pasted into: pseudo-words from the generator of fixed seed, a line each.
    static func pasteList(in directory: String) -> ListFile {
        let lines = pseudoWords(pastedListLines)
        return ListFile(name: "\(grouped(pastedListLines)) pseudo-words", path: directory + "/words", lines: lines, firstLine: lines[0])
    }
}

let pastedListLines = 5_000

/// The status each tool exits with on Esc.
func escapeStatus(_ tool: ListTool) -> PtyProcess.Termination { .exited(tool.name == "fzf" ? 130 : 1) }

/// Types Esc and waits for the tool to exit as Esc ends it; how long that took, or nil if it did not.
func escape(_ process: PtyProcess, _ tool: ListTool) -> Double? {
    let typed = MonotonicClock.now
    process.type("\u{1B}")
    guard process.waitForExit(seconds: 60) == escapeStatus(tool) else { return nil }
    return MonotonicClock.now - typed
}

/// `ask --choices-from FILE`, and fzf reading FILE on its stdin, inline as in the list benchmark.
func listTools(askPath: String, fzfPath: String?, file: String) -> [ListTool] {
    [ListTool.ask(askPath, from: file)] + (fzfPath.map { [ListTool.fzf($0, from: file)] } ?? [])
}

func startListTool(_ tool: ListTool) throws -> PtyProcess {
    try PtyProcess(tool.arguments, executable: tool.executable, environment: tool.terminalEnvironment, screen: screen(leaving: 16),
                   stderrToTerminal: tool.drawsOnStderr)
}

struct LoadSample {
    /// From starting the program: its first line shown, highlighted; every line read and counted.
    var firstPaint = Double.nan, loaded = Double.nan
    /// From Esc, typed once loaded, to the exit.
    var escape = Double.nan
    var cpu = 0.0, peakRSS = 0
    var failure: String?
}

/// Starts the tool on `list`, waits until it shows every line read, and ends it with Esc.
func loadSession(_ tool: ListTool, _ list: ListFile) throws -> LoadSample {
    var sample = LoadSample()
    let start = MonotonicClock.now
    let process = try startListTool(tool)
    defer { if process.termination == nil { process.signal(SIGKILL) } }
    func failed(_ what: String) -> LoadSample {
        sample.failure = what + "; the screen:\n" + process.terminal.lines.joined(separator: "\n")
        return sample
    }
    guard let painted = process.timeShown(seconds: 120, { tool.showsFirst($0, list.firstLine) }) else {
        return failed("the list never showed")
    }
    sample.firstPaint = painted - start
    guard let loaded = process.timeShown(seconds: 120, { tool.showsLoaded($0, list.lineCount) }) else {
        return failed("the list never showed as loaded")
    }
    sample.loaded = loaded - start
    _ = process.settle(since: MonotonicClock.now)
    // Its high-water mark once loaded, while it still runs (not traced: fzf's Go runtime).
    sample.peakRSS = peakRSS(process.pid)
    guard let escape = escape(process, tool) else { return failed("Esc did not end it as it should") }
    sample.escape = escape
    sample.cpu = process.cpuSeconds
    return sample
}

struct FilterPasteSample {
    /// From the paste's first byte to the last output before the terminal went quiet, the tool
    /// showing by then the query's end and that nothing matches; from Esc, typed then, to the exit.
    var paste = Double.nan, escape = Double.nan
    var cpu = 0.0, peakRSS = 0
    /// Not shown within `pasteLimit`: the tool was killed, and no number of the round counts;
    /// how much of the paste the terminal had taken from the harness by then.
    var timedOut = false, written = 0
    var failure: String?
}

/// 1 MiB on one line, its last 16 bytes unlike the rest (how the query's end is told on the screen).
let pasteEnd = "fedcba9876543210"
let filterPaste = String(repeating: "0123456789abcdef", count: 65_535) + pasteEnd
/// How long a tool may take to show the paste (then it is killed).
let pasteLimit = 30.0

/// Starts the tool on `list`, pastes 1 MiB on one line into its query once loaded, then Esc.
func filterPasteSession(_ tool: ListTool, _ list: ListFile) throws -> FilterPasteSample {
    var sample = FilterPasteSample()
    let process = try startListTool(tool)
    defer { if process.termination == nil { process.signal(SIGKILL) } }
    func failed(_ what: String) -> FilterPasteSample {
        sample.failure = what + "; the screen:\n" + process.terminal.lines.joined(separator: "\n")
        return sample
    }
    guard process.timeShown({ tool.showsLoaded($0, list.lineCount) }) != nil else { return failed("the list never showed as loaded") }
    _ = process.settle(since: MonotonicClock.now)
    // Written 64 KiB at a time, as fast as the tool reads, until it is all written or the time is up.
    let payload = Array(("\u{1B}[200~" + filterPaste + "\u{1B}[201~").utf8)
    let sent = MonotonicClock.now
    for offset in stride(from: 0, to: payload.count, by: 65536) where MonotonicClock.now - sent < pasteLimit {
        process.send(Array(payload[offset..<min(offset + 65536, payload.count)]))
        sample.written = min(offset + 65536, payload.count)
    }
    let left = pasteLimit - (MonotonicClock.now - sent)
    guard left > 0, process.timeShown(seconds: left, { $0.contains(pasteEnd) && tool.showsMatches($0, 0, list.lineCount) }) != nil else {
        sample.timedOut = true
        return failed("the paste's end and no match were not shown within \(Int(pasteLimit)) s")
    }
    guard let answered = process.settle(since: sent, quiet: 0.1, limit: 60) else { return failed("nothing was drawn") }
    sample.paste = answered - sent
    sample.peakRSS = peakRSS(process.pid)
    guard let escape = escape(process, tool) else { return failed("Esc did not end it as it should") }
    sample.escape = escape
    sample.cpu = process.cpuSeconds
    return sample
}

/// The long-input benchmark: the paste, then the two lists loaded, every tool interleaved over
/// `rounds` rounds. Returns two tables, then the targets.
func longInputBenchmark(askPath: String, fzfPath: String?, rounds: Int, verbose: Bool) throws -> [String] {
    let directory = TemporaryDirectory()
    let words = ListFile.pasteList(in: directory.path)
    let loads = [ListFile.longLines(in: directory.path), ListFile.shortLines(in: directory.path)]
    var pastes: [String: [FilterPasteSample]] = [:]
    var loaded: [String: [LoadSample]] = [:]
    for round in stride(from: 1, through: rounds, by: 1) {
        for tool in listTools(askPath: askPath, fzfPath: fzfPath, file: words.path) {
            let sample = try filterPasteSession(tool, words)
            if verbose || sample.failure != nil { Descriptor.standardError.writeAll("\(tool.name), paste into the filter: \(sample)\n") }
            pastes[tool.name, default: []].append(sample)
        }
        for list in loads {
            for tool in listTools(askPath: askPath, fzfPath: fzfPath, file: list.path) {
                let sample = try loadSession(tool, list)
                if verbose || sample.failure != nil { Descriptor.standardError.writeAll("\(tool.name), \(list.name): \(sample)\n") }
                loaded[tool.name + "\u{0}" + list.name, default: []].append(sample)
            }
        }
        Descriptor.standardError.writeAll("long input round \(round)/\(rounds)\n")
    }
    let names = listTools(askPath: askPath, fzfPath: fzfPath, file: "").map(\.name)
    var lines = ["1 MiB pasted into the filter of \(grouped(words.lineCount)) lines:", "",
                 "| tool | paste → its frame (ms) | Esc → exit (ms) | CPU (ms) | peak RSS (KiB) |", "|---|---|---|---|---|"]
    /// Each tool's medians: the paste's frame, Esc (ms).
    var pasteMedians: [String: (paste: Double, escape: Double)] = [:]
    for name in names {
        let all = pastes[name] ?? []
        let good = all.filter { $0.failure == nil }
        guard !all.isEmpty, good.count == all.count else {
            let slow = all.filter(\.timedOut)
            let taken = "\(count(median(slow.map { Double($0.written) / 1024 }))) KiB of the paste taken in"
            let why = slow.count == all.count - good.count ? "over \(Int(pasteLimit)) s, \(taken), in \(slow.count)"
                : "failed in \(all.count - good.count)"
            lines.append("| \(name) (\(why) of \(all.count) rounds) | — | — | — | — |")
            continue
        }
        let row = (median(good.map { $0.paste * 1000 }), median(good.map { $0.escape * 1000 }))
        pasteMedians[name] = row
        lines.append("| \(name) | \(format3(row.0)) | \(format3(row.1)) | \(format3(median(good.map { $0.cpu * 1000 }))) | "
                     + "\(count(median(good.map { Double($0.peakRSS) }))) |")
    }
    lines += ["", "Lists of 8 MiB:", "", "| list | tool | first paint (ms) | loaded (ms) | Esc → exit (ms) | CPU (ms) | peak RSS (KiB) |",
              "|---|---|---|---|---|---|---|"]
    /// Each list's and tool's medians: loaded, CPU (ms).
    var loadMedians: [String: (loaded: Double, cpu: Double)] = [:]
    for list in loads {
        for name in names {
            let all = loaded[name + "\u{0}" + list.name] ?? []
            let good = all.filter { $0.failure == nil }
            guard !all.isEmpty, good.count == all.count else {
                lines.append("| \(list.name) | \(name) (failed in \(all.count - good.count) of \(all.count) rounds) | — | — | — | — | — |")
                continue
            }
            let row = (median(good.map { $0.loaded * 1000 }), median(good.map { $0.cpu * 1000 }))
            loadMedians[name + "\u{0}" + list.name] = row
            lines.append("| \(list.name) | \(name) | \(format3(median(good.map { $0.firstPaint * 1000 }))) | \(format3(row.0)) | "
                         + "\(format3(median(good.map { $0.escape * 1000 }))) | \(format3(row.1)) | \(count(median(good.map { Double($0.peakRSS) }))) |")
        }
    }
    lines += ["", "Targets:", ""]
    let slowFzf = (pastes["fzf"] ?? []).contains(where: \.timedOut)
    let fzfPaste = pasteMedians["fzf"].map { "; fzf \(format3($0.paste)) ms and \(format3($0.escape)) ms" }
        ?? (slowFzf ? "; fzf had not shown it after \(Int(pasteLimit)) s" : "")
    if let ask = pasteMedians["ask"] {
        lines.append("- 1 MiB pasted into the filter: its frame within \(longPasteTarget) ms, and Esc then served within \(longEscapeTarget) ms: "
                     + verdict(ask.paste <= Double(longPasteTarget) && ask.escape <= Double(longEscapeTarget),
                               "\(format3(ask.paste)) ms and \(format3(ask.escape)) ms" + fzfPaste))
    } else {
        lines.append("- 1 MiB pasted into the filter: ask failed; not judged.")
    }
    if let long = loadMedians["ask\u{0}" + loads[0].name], let short = loadMedians["ask\u{0}" + loads[1].name] {
        let fzf = loadMedians["fzf\u{0}" + loads[0].name].map { "; fzf's long lines \(formatRatio($0.loaded / long.loaded)) ask's time" } ?? ""
        lines.append("- loading linear in bytes whatever the lines' length: eight 1 MiB lines loaded within \(formatRatio(longLinesTarget)) "
                     + "the time and the CPU of 8 MiB of short lines: "
                     + verdict(long.loaded <= longLinesTarget * short.loaded && long.cpu <= longLinesTarget * short.cpu,
                               "time \(formatRatio(long.loaded / short.loaded)), CPU \(formatRatio(long.cpu / short.cpu))" + fzf))
    } else {
        lines.append("- long lines as fast as short ones: ask failed; not judged.")
    }
    return lines + [""]
}

/// The targets: the paste's frame and Esc after it (ms); long lines' time and CPU (times the short lines').
let longPasteTarget = 1000, longEscapeTarget = 100, longLinesTarget = 2.0

/// What the long-input tables measure, for the document.
func longInputProse(rounds: Int, fzfArguments: [String]) -> String {
    """
    ### Long input: a paste into the filter, lines of 1 MiB

    `ask --choices-from FILE` against fzf reading the same file on its stdin (`fzf \(fzfArguments.joined(separator: " ")) \
    < FILE`, inline as above), on the same pseudo-terminal of 24 × 80, interleaved over \(rounds) rounds; medians.

    - **The paste**: the list is \(grouped(pastedListLines)) pseudo-words of two to four syllables from a generator of fixed seed; once it \
    shows every line and the terminal is quiet, 1 MiB on one line (`0123456789abcdef` repeated, the last 16 bytes \
    `\(pasteEnd)`) is pasted, bracketed (fzf reads the brackets too), written 64 KiB at a time as fast as the tool \
    takes it: from its first byte written until the last output before the terminal has been quiet for 100 ms (that \
    quiet not counted), the tool showing by then the query's end and that nothing matches (`0/5,000`, `0/5000`); \
    then Esc, until the tool exits (ask with status 1, fzf 130). A tool that has not shown that within \
    \(Int(pasteLimit)) s is killed, and the table says how much of the paste the terminal had taken by then.
    - **The lists**: eight lines of 1 MiB (`lorem ipsum dolor sit amet, ` repeated, then the line's number), and the \
    same 8 MiB in 262,144 lines of 32 bytes. **First paint**: from starting the program to the output that shows the \
    first line highlighted; **loaded**: to the output that shows every line read (ask: its counter without \
    `loading`; fzf: `N/N`); then Esc, until the tool exits.
    - **CPU**: user + system time of the whole run. **Peak RSS**: VmHWM, read after the paste's frame or once loaded, \
    while the tool still runs.


    """
}
