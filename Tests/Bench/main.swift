import AskChoices
import AskFields
import AskGauge
import AskKit
import AskModel
import AskRender
import AskSession
import AskLayout
import AskPresentation
import AskSystem
import AskText
import AskTextBox
import Glibc
import TestSupport

// ask-bench: ask against a minimal C raw-mode prompt, whiptail and dialog (those installed),
// through the same pseudo-terminal script, interleaved over several rounds; then the decoder
// and editor on their own; then the action sheet: a million lines piped in against fzf
// (SheetBench.swift), `--filter` on them and the scorer on its own, how well the filter ranks
// against fzf (RelevanceBench.swift), ten thousand items against whiptail and dialog's menus
// (MenuBench.swift); a 1 MiB paste into the filter and lines of 1 MiB, against fzf
// (LongInputBench.swift); a gauge fed ten thousand updates against theirs (GaugeBench.swift); a
// text box of 60 MB against theirs (TextBoxBench.swift); 100 MB of output through the output box
// beside dialog's progress box and cat (OutputBench.swift). Prints medians and ratios as Markdown
// tables.
//
//   ask-bench --ask PATH --reference PATH [--runner PATH] [--toolchain DIR] [--rounds N]
//             [--paste-rounds N] [--list-rounds N] [--long-rounds N] [--textbox-rounds N]
//             [--relevance-samples N]
//             [--sections prompt,lists,filter,scorer,relevance,menus,longinput,gauge,textbox,output] [--out FILE]
//   ask-bench --instructions x86_64:PATH,aarch64:PATH,armv7:PATH   (InstructionBench.swift)
//
// --runner: `Tests/BenchReference/run-measured.c` built, which the `--filter` runs and the
// relevance need (without it they are left out); --toolchain: the Swift toolchain's directory
// (else the one above the `bin` of the `swift` on the PATH).

struct Tool {
    let name: String
    let executable: String
    let arguments: [String]
    /// Draws on stdout and answers on stderr (whiptail, dialog).
    let drawsOnStdout: Bool
    /// Text on the screen once the first frame is complete.
    let marker: String
    let bracketedPaste: Bool
    /// Keys typed after the first paint and before the measured ones, one at a time (Return to
    /// move to a later field); the bytes each writes are counted apart.
    var lead = ""
    /// What the answer holds before the typed text (the answers of the fields passed over).
    var answerBefore = ""
    var pastes = true
    /// Measured in the session too (a tool that is only pasted into is not).
    var sessions = true
    /// What is pasted into it, and the keys that accept it afterwards.
    var pasted = pasteText
    var accept = "\r"
    /// Made ready before each session (a history file written anew, since answering trims it).
    var setUp: (() -> Void)?
}

struct Sample {
    var firstPaint = 0.0, firstPaintBytes = 0, bytesPerKey = 0.0, session = 0.0, cpu = 0.0, peakRSS = 0
    /// Bytes written per key of `Tool.lead` (moving the focus to the next field); NaN without.
    var bytesPerLeadKey = Double.nan
    var answered = false
}

struct PasteSample {
    var seconds = 0.0, bytes = 0, intact = false, timedOut = false, peakRSS = 0
}

func answer(_ process: PtyProcess, _ tool: Tool) -> String {
    var text = tool.drawsOnStdout ? process.stderrText : process.stdoutText
    while text.last == "\n" { text.removeLast() }
    return text
}

let typed = "benchmark"

func session(_ tool: Tool) throws -> Sample {
    var sample = Sample()
    tool.setUp?()
    let start = MonotonicClock.now
    let process = try PtyProcess(tool.arguments, executable: tool.executable, environment: ["TERM": "xterm-256color"],
                                 screen: "$ bench\n", traced: true, stdoutToTerminal: tool.drawsOnStdout)
    process.watch(tool.marker)
    guard process.waitForScreen(tool.marker, seconds: 10), let painted = process.watchedTime else { return sample }
    // When the output that completed the prompt arrived, not when this harness had emulated it.
    sample.firstPaint = painted - start
    waitQuiet(process, milliseconds: 30)
    sample.firstPaintBytes = process.transcript.count
    sample.bytesPerLeadKey = mean(bytesWritten(process, typing: tool.lead.map(String.init)))
    sample.bytesPerKey = mean(bytesWritten(process, typing: typed.map(String.init)))
    process.type("\r")
    // Stopped by ptrace as it exits: its memory's high-water mark is complete and still readable.
    _ = process.waitForExitStop(seconds: 10)
    sample.session = MonotonicClock.now - start
    sample.peakRSS = peakRSS(process.pid)
    process.finishTracedExit()
    sample.cpu = process.cpuSeconds
    sample.answered = answer(process, tool) == tool.answerBefore + typed
    return sample
}

let pasteText = String(repeating: "0123456789abcdef", count: 65_536)  // 1 MiB, one line
/// 1 MiB of 16-byte lines (65,536 line breaks), for a multi-line field.
let linesText = String(repeating: "0123456789abcde\n", count: 65_536)
/// How much longer than the one-line paste into ask the paste of lines into ask --multiline may take.
let linesPasteTarget = 1.5

func paste(_ tool: Tool) throws -> PasteSample {
    var sample = PasteSample()
    let process = try PtyProcess(tool.arguments, executable: tool.executable, environment: ["TERM": "xterm-256color"],
                                 screen: "$ bench\n", traced: true, stdoutToTerminal: tool.drawsOnStdout)
    guard process.waitForScreen(tool.marker, seconds: 10) else { return sample }
    waitQuiet(process, milliseconds: 30)
    let before = process.transcript.count
    let start = MonotonicClock.now
    let payload = tool.bracketedPaste ? "\u{1B}[200~" + tool.pasted + "\u{1B}[201~" : tool.pasted
    process.type(payload)
    // Handled once the terminal has been quiet for 100 ms; that quiet is not counted.
    waitQuiet(process, milliseconds: 100, limit: 30)
    sample.seconds = MonotonicClock.now - start - 0.1
    sample.timedOut = sample.seconds > 29
    sample.bytes = process.transcript.count - before
    process.type(tool.accept)
    _ = process.waitForExitStop(seconds: 30)
    sample.peakRSS = peakRSS(process.pid)
    process.finishTracedExit(seconds: 30)
    var expected = tool.pasted
    while expected.last == "\n" { expected.removeLast() }  // (as `answer` leaves it)
    sample.intact = answer(process, tool) == expected
    return sample
}

// MARK: - Unit level

func bestOf(_ runs: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        let start = MonotonicClock.now
        body()
        best = min(best, MonotonicClock.now - start)
    }
    return best
}

func unitBenchmarks() -> [(String, String)] {
    var results: [(String, String)] = []
    let typing = Array(String(repeating: "abc \u{1B}[D\u{1B}[C é 中 ", count: 40_000).utf8)
    var events: [InputEvent] = []
    events.reserveCapacity(typing.count)
    var count = 0
    let decode = bestOf(5) {
        var decoder = KeyDecoder()
        events.removeAll(keepingCapacity: true)
        typing.withUnsafeBytes { decoder.feed($0, moreAvailable: false, into: &events) }
        count = events.count
    }
    results.append(("KeyDecoder, mixed typing (\(typing.count / 1024) KiB)", "\(Int(Double(count) / decode / 1e6)) M events/s"))
    let pasteBytes = Array(("\u{1B}[200~" + pasteText + "\u{1B}[201~").utf8)
    let decodePaste = bestOf(5) {
        var decoder = KeyDecoder()
        events.removeAll(keepingCapacity: true)
        pasteBytes.withUnsafeBytes { decoder.feed($0, moreAvailable: false, into: &events) }
    }
    results.append(("KeyDecoder, 1 MiB bracketed paste", String(format3(decodePaste * 1000)) + " ms"))
    let state = bestOf(5) {
        var prompt = PromptState(spec: PromptSpec())
        // As the session does: the buttons' order comes from the layout once, not per key.
        let order = ButtonRole.order(of: prompt.chrome, stacked: false)
        for event in events { _ = prompt.handle(event, buttonOrder: order) }
        precondition(prompt.fields[0].editor.text.count == pasteText.utf8.count)
    }
    results.append(("PromptState, the 1 MiB paste's events into the field", format3(state * 1000) + " ms"))
    var multiline = PromptSpec()
    multiline.editFields { $0[0].isMultiline = true }
    let linesBytes = Array(("\u{1B}[200~" + linesText + "\u{1B}[201~").utf8)
    var decoder = KeyDecoder()
    events.removeAll(keepingCapacity: true)
    linesBytes.withUnsafeBytes { decoder.feed($0, moreAvailable: false, into: &events) }
    let lines = bestOf(5) {
        var prompt = PromptState(spec: multiline)
        let order = ButtonRole.order(of: prompt.chrome, stacked: false)
        for event in events { _ = prompt.handle(event, buttonOrder: order) }
        precondition(prompt.fields[0].editor.text.count == linesText.utf8.count)
    }
    results.append(("PromptState, 1 MiB of 16-byte lines pasted into a multi-line field", format3(lines * 1000) + " ms"))
    let text = TextBuffer(pasteText)
    var editor = LineEditor(text: text)
    let keysAtEnd = bestOf(3) {
        for _ in 0..<1000 { editor.apply(.insert("x")) }
        for _ in 0..<1000 { editor.apply(.deleteBackward) }
    }
    results.append(("LineEditor, a key at the end of 1 MiB", format3(keysAtEnd / 2000 * 1e9) + " ns"))
    editor.setCursor(text.count / 2)
    let keysInMiddle = bestOf(3) {
        for _ in 0..<100 { editor.apply(.insert("x")) }
        for _ in 0..<100 { editor.apply(.deleteBackward) }
    }
    results.append(("LineEditor, a key in the middle of 1 MiB", format3(keysInMiddle / 200 * 1e6) + " µs"))
    return results
}

// MARK: - Main

let askPath = option("--ask") ?? ".build/release/ask"
let referencePath = option("--reference") ?? ".build/bench/reference-prompt"
/// The same C prompt linked statically, as ask is: shown beside the yardstick, for what linking adds.
let staticReferencePath = option("--reference-static")
let rounds = Int(option("--rounds") ?? "") ?? 7
let only = option("--only")
let verbose = CommandLine.arguments.contains("--verbose")
let pasteRounds = Int(option("--paste-rounds") ?? "") ?? 3
/// The lists piped in to the action sheet take longer: fewer rounds by default.
let listRounds = Int(option("--list-rounds") ?? "") ?? rounds
/// The paste into the filter and the lists of long lines; the 60 MB text box: fewer rounds.
let longRounds = Int(option("--long-rounds") ?? "") ?? min(rounds, 5)
let textBoxRounds = Int(option("--textbox-rounds") ?? "") ?? min(rounds, 3)
/// Which parts run (all by default; fewer for a trial run): the prompt, the piped lists, `--filter`
/// on them, the scorer on its own, the relevance, the menus, long input, the gauge, the text box.
let sections = Set((option("--sections") ?? "prompt,lists,filter,scorer,relevance,menus,longinput,gauge,textbox,output")
    .split(separator: ",").map(String.init))
let runnerPath = option("--runner")
let relevanceSamples = Int(option("--relevance-samples") ?? "") ?? 200
let listLines = 1_000_000
let menuItems = 10_000

/// A history file of `historyEntries` answers, written before each session that reads it.
let historyEntries = 100_000
let historyEntriesText = "100,000"
let historyBench = TemporaryDirectory()
let historyText = (1...historyEntries).map { "host-\($0).example.com\n" }.joined()
/// Writes `text` as the file at `path` and waits until it is on the disk: a file at rest, as a
/// history is between runs (a file just written makes its reader wait on its dirty pages).
func writeAtRest(_ path: String, _ text: String) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var text = text
    text.withUTF8 { _ = write(fd, $0.baseAddress, $0.count) }
    fsync(fd)
    close(fd)
}
/// How much longer than ask's first paint without a history the first paint with one may take.
let historyTarget = 1.1

var tools = [
    Tool(name: "reference (C)", executable: referencePath, arguments: ["Bench"], drawsOnStdout: false, marker: "Bench:",
         bracketedPaste: false),
    Tool(name: "ask", executable: askPath, arguments: ["--title", "Bench", "--message", "Type here"], drawsOnStdout: false,
         marker: "╯", bracketedPaste: true),
    // Typed into the last of three fields, reached with Return twice.
    Tool(name: "ask, three fields", executable: askPath,
         arguments: ["--title", "Bench", "--message", "Type here", "--field", "Host", "--field", "Port", "--field", "User"],
         drawsOnStdout: false, marker: "╯", bracketedPaste: true, lead: "\r\r", answerBefore: "\n\n", pastes: false),
    // The same set-up without a history: what writing and syncing the file costs the next start.
    Tool(name: "ask, the same file written, no --history", executable: askPath, arguments: ["--title", "Bench", "--message", "Type here"],
         drawsOnStdout: false, marker: "╯", bracketedPaste: true, pastes: false, setUp: { writeAtRest(historyBench.path + "/history", historyText) }),
    // A history of 100,000 answers, read from its end at the first key: first paint as without one.
    Tool(name: "ask --history (100,000 entries)", executable: askPath,
         arguments: ["--title", "Bench", "--message", "Type here", "--history", historyBench.path + "/history"],
         drawsOnStdout: false, marker: "╯", bracketedPaste: true, pastes: false, setUp: { writeAtRest(historyBench.path + "/history", historyText) }),
    // The paste alone: 1 MiB of lines, accepted with Ctrl-D.
    Tool(name: "ask --multiline", executable: askPath, arguments: ["--title", "Bench", "--message", "Type here", "--multiline"],
         drawsOnStdout: false, marker: "╯", bracketedPaste: true, sessions: false, pasted: linesText, accept: "\u{4}"),
]
if let staticReferencePath {
    tools.append(Tool(name: "reference (C, static)", executable: staticReferencePath, arguments: ["Bench"],
                      drawsOnStdout: false, marker: "Bench:", bracketedPaste: false))
}
if exists("/usr/bin/whiptail") {
    tools.append(Tool(name: "whiptail", executable: "/usr/bin/whiptail", arguments: ["--inputbox", "Bench", "8", "40"],
                      drawsOnStdout: true, marker: "<Cancel>", bracketedPaste: false))
}
if exists("/usr/bin/dialog") {
    tools.append(Tool(name: "dialog", executable: "/usr/bin/dialog", arguments: ["--inputbox", "Bench", "8", "40"],
                      drawsOnStdout: true, marker: "<Cancel>", bracketedPaste: false))
}

// --instructions MACHINE:PATH,…: the instructions each release binary executes under qemu-user,
// the first the one the others are held to (make bench-arm).
if let binaries = option("--instructions") {
    let list = binaries.split(separator: ",").map { item in
        EmulatedBinary(machine: String(item.prefix { $0 != ":" }), path: String(item.drop { $0 != ":" }.dropFirst()))
    }
    let scratch = TemporaryDirectory()
    for line in try instructionTable(list, scratch: scratch.path) { Descriptor.standardOutput.writeAll(line + "\n") }
    exit(0)
}
if CommandLine.arguments.contains("--unit-only") {
    for (what, result) in unitBenchmarks() { Descriptor.standardOutput.writeAll("\(what): \(result)\n") }
    exit(0)
}
if let only { tools = tools.filter { $0.name.hasPrefix(only) } }
if !sections.contains("prompt") { tools = [] }
var sessions: [String: [Sample]] = [:]
var pastes: [String: [PasteSample]] = [:]
for round in stride(from: 1, through: tools.isEmpty ? 0 : rounds, by: 1) {
    for tool in tools where tool.sessions {
        let sample = try session(tool)
        if verbose { Descriptor.standardError.writeAll("\(tool.name): \(sample)\n") }
        sessions[tool.name, default: []].append(sample)
    }
    Descriptor.standardError.writeAll("round \(round)/\(rounds)\n")
}
for round in stride(from: 1, through: tools.isEmpty ? 0 : pasteRounds, by: 1) {
    for tool in tools where tool.pastes { pastes[tool.name, default: []].append(try paste(tool)) }
    Descriptor.standardError.writeAll("paste round \(round)/\(pasteRounds)\n")
}

var lines: [String] = []
lines.append("| tool | first paint (ms) | bytes at first paint | bytes per key | bytes per move to the next field | session (ms) | session CPU (ms) | 1 MiB paste (ms) | paste intact | bytes written for the paste | peak RSS (KiB) | peak RSS with the paste (KiB) |")
lines.append("|---|---|---|---|---|---|---|---|---|---|---|---|")
var medians: [String: [Double]] = [:]
for tool in tools {
    let samples = sessions[tool.name] ?? []
    let pasted = pastes[tool.name] ?? []
    let row = [
        median(samples.map { $0.firstPaint * 1000 }), median(samples.map { Double($0.firstPaintBytes) }),
        median(samples.map(\.bytesPerKey)), median(samples.map { $0.session * 1000 }), median(samples.map { $0.cpu * 1000 }),
        median(pasted.map { $0.seconds * 1000 }), median(pasted.map { Double($0.bytes) }), median(samples.map { Double($0.peakRSS) }),
        median(pasted.map { Double($0.peakRSS) }), median(samples.map(\.bytesPerLeadKey)),
    ]
    medians[tool.name] = row
    let intact = pasted.isEmpty ? "—" : pasted.allSatisfy(\.intact) ? "yes" : pasted.contains(where: \.timedOut) ? "no (over 30 s)" : "no"
    let answered = samples.allSatisfy(\.answered) ? "" : " (answer wrong)"
    lines.append("| \(tool.name)\(answered) | \(format3(row[0])) | \(count(row[1])) | \(format3(row[2])) | \(format3(row[9])) | \(format3(row[3])) | "
                 + "\(format3(row[4])) | \(format3(row[5])) | \(intact) | \(count(row[6])) | \(count(row[7])) | \(count(row[8])) |")
}
lines.append("")
lines.append("Ratios to the reference prompt (lower is better):")
lines.append("")
lines.append("| tool | first paint | session | session CPU | peak RSS | peak RSS with the paste |")
lines.append("|---|---|---|---|---|---|")
if let reference = medians["reference (C)"] {
    for tool in tools where tool.name != "reference (C)" {
        guard let row = medians[tool.name] else { continue }
        func ratio(_ index: Int) -> String { formatRatio(row[index] / reference[index]) }
        lines.append("| \(tool.name) | \(ratio(0)) | \(ratio(3)) | \(ratio(4)) | \(ratio(7)) | \(ratio(8)) |")
    }
}
// The paste of lines is judged against the one-line paste of the same size, in the same run.
lines.append("")
lines.append("Target:")
lines.append("")
if let oneLine = medians["ask"]?[5], let ofLines = medians["ask --multiline"]?[5], oneLine.isFinite, ofLines.isFinite,
   (pastes["ask --multiline"] ?? []).allSatisfy(\.intact) {
    lines.append("- 1 MiB of 16-byte lines pasted into `ask --multiline` within \(formatRatio(linesPasteTarget)) the time of 1 MiB on "
                 + "one line into `ask`: " + verdict(ofLines <= linesPasteTarget * oneLine,
                                                     "\(format3(ofLines)) ms against \(format3(oneLine)) ms, \(formatRatio(ofLines / oneLine))"))
} else {
    lines.append("- 1 MiB of lines pasted into `ask --multiline` as fast as on one line: not measured, or not intact; not judged.")
}
let historyName = "ask --history (100,000 entries)"
// Judged round by round: each round starts ask without the history, then with it, just after the
// same write, so what the machine was doing then weighs on both.
let historyRounds = Array(zip(sessions["ask, the same file written, no --history"] ?? [], sessions[historyName] ?? []))
if !historyRounds.isEmpty, historyRounds.allSatisfy({ $0.1.answered && $0.0.firstPaint > 0 && $0.1.firstPaint > 0 }) {
    let none = median(historyRounds.map(\.0.firstPaint)) * 1000, long = median(historyRounds.map(\.1.firstPaint)) * 1000
    let ratio = median(historyRounds.map { $0.1.firstPaint / $0.0.firstPaint })
    lines.append("- a history file of \(historyEntriesText) entries opens as fast as none: first paint within "
                 + "\(formatRatio(historyTarget)) ask's without one, after the same file written (the median of the rounds' ratios): "
                 + verdict(ratio <= historyTarget, "\(format3(long)) ms against \(format3(none)) ms, \(formatRatio(ratio))"))
} else {
    lines.append("- a history file of \(historyEntriesText) entries opens as fast as none: not measured, or not answered; not judged.")
}
lines.append("")
lines.append("Unit level (best of several runs):")
lines.append("")
lines.append("| what | result |")
lines.append("|---|---|")
for (what, result) in unitBenchmarks() { lines.append("| \(what) | \(result) |") }
if !sections.contains("prompt") { lines = [] }

// The action sheet: a list piped in, against fzf; ten thousand items as arguments, against
// whiptail and dialog.
var listTools = [ListTool.ask(askPath)]
let fzfPath = "/usr/bin/fzf"
if exists(fzfPath) { listTools.append(.fzf(fzfPath)) } else { Descriptor.standardError.writeAll("fzf is not installed: ask alone\n") }
var sheetLines: [String] = []
let pipedLists = sections.isDisjoint(with: ["lists", "filter", "scorer"]) ? [] : [PipedList.numbers(listLines), PipedList.words(listLines)]
if sections.contains("lists") {
    sheetLines += try listBenchmark(tools: listTools, lists: pipedLists + [PipedList.colouredWords(listLines)], rounds: listRounds,
                                    verbose: verbose)
}
let fzfIfInstalled = exists(fzfPath) ? fzfPath : nil
var filterLines: [String] = []
var relevanceLines: [String] = []
if runnerPath == nil && !sections.isDisjoint(with: ["filter", "relevance"]) {
    Descriptor.standardError.writeAll("no --runner: --filter and the relevance left out\n")
}
if let runnerPath, sections.contains("filter") {
    filterLines = try filterBenchmark(askPath: askPath, fzfPath: fzfIfInstalled, runner: runnerPath, lists: pipedLists,
                                      rounds: listRounds)
}
let scorerLines = sections.contains("scorer") ? scorerBenchmark(lists: pipedLists) : []
if let runnerPath, sections.contains("relevance") {
    relevanceLines = try relevanceBenchmark(askPath: askPath, fzfPath: fzfIfInstalled, runner: runnerPath,
                                            samples: relevanceSamples, verbose: verbose)
}
var menuTools = [Tool.askMenu(askPath, items: menuItems)]
for name in ["whiptail", "dialog"] {
    if exists("/usr/bin/" + name) {
        menuTools.append(.cursesMenu(name, "/usr/bin/" + name, items: menuItems))
    } else {
        Descriptor.standardError.writeAll("\(name) is not installed: the menus without it\n")
    }
}
var menuLines: [String] = []
if sections.contains("menus") { menuLines = try menuBenchmark(tools: menuTools, rounds: rounds, verbose: verbose) }
var longInputLines: [String] = []
if sections.contains("longinput") {
    longInputLines = try longInputBenchmark(askPath: askPath, fzfPath: fzfIfInstalled, rounds: longRounds, verbose: verbose)
}
var gaugeTools = [GaugeTool.ask(askPath)]
for name in ["whiptail", "dialog"] where exists("/usr/bin/" + name) { gaugeTools.append(.curses(name, "/usr/bin/" + name)) }
var gaugeLines: [String] = []
if sections.contains("gauge") { gaugeLines = try gaugeBenchmark(tools: gaugeTools, rounds: min(rounds, 2), verbose: verbose) }
var textBoxLines: [String] = []
if sections.contains("textbox") {
    let others = ["whiptail", "dialog"].filter { exists("/usr/bin/" + $0) }.map { (name: $0, path: "/usr/bin/" + $0) }
    textBoxLines = try textBoxBenchmark(askPath: askPath, others: others, rounds: textBoxRounds, verbose: verbose)
}
var outputLines: [String] = []
if let runnerPath, sections.contains("output") {
    outputLines = try outputBenchmark(askPath: askPath, runner: runnerPath, rounds: min(rounds, 2), verbose: verbose)
}

let table = lines.joined(separator: "\n") + "\n"
Descriptor.standardOutput.writeAll([table, sheetLines.joined(separator: "\n"), filterLines.joined(separator: "\n"),
                                    scorerLines.joined(separator: "\n"), relevanceLines.joined(separator: "\n"),
                                    menuLines.joined(separator: "\n"), longInputLines.joined(separator: "\n"),
                                    gaugeLines.joined(separator: "\n"), textBoxLines.joined(separator: "\n"),
                                    outputLines.joined(separator: "\n")].joined(separator: "\n") + "\n")

if let out = option("--out") {
    let cpu = String(decoding: PtyProcess.readAll("/proc/cpuinfo"), as: UTF8.self).split(separator: "\n")
        .first { $0.hasPrefix("model name") }?.split(separator: ":").last?.drop { $0 == " " } ?? "unknown CPU"
    let cores = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    var document = "# Benchmark\n\n"
    document += "The latest run of `make bench`: `ask` (the release build: Embedded Swift, one static executable)\n"
    document += "against a minimal C raw-mode prompt built from `Tests/BenchReference/reference-prompt.c` (linked\n"
    document += "as C programs usually are, dynamically, like whiptail and dialog: the yardstick of the ratios; the\n"
    document += "same prompt linked statically is shown beside it), and whiptail and dialog where installed, each\n"
    document += "driven through the same pseudo-terminal script, interleaved over \(rounds) rounds\n"
    document += "(\(pasteRounds) for the paste). Medians. The session types `\(typed)` one key at a time, waiting for\n"
    document += "each echo, then Enter; in the three-field alert, into the last field, reached with Return twice\n"
    document += "(the bytes each Return writes are counted apart). First paint: from starting the program to the arrival of the output that puts\n"
    document += "its prompt on the screen (taken as it is read, before the harness emulates the terminal).\n"
    document += "Session CPU: user + system time of the whole run. Peak RSS: the program's VmHWM as it exits (stopped\n"
    document += "there by ptrace), after writing its answer.\n"
    document += "The paste is 1 MiB on one line (bracketed for ask; whiptail, dialog and the reference get the raw\n"
    document += "text), timed from the first byte written until the terminal has been quiet for 100 ms, that quiet\n"
    document += "not counted; it includes moving 1 MiB through the pseudo-terminal. `ask --multiline` gets 1 MiB of\n"
    document += "16-byte lines (65,536 line breaks) the same way, in the same rounds, accepted with Ctrl-D: its line\n"
    document += "breaks kept, one frame for the paste, and the target is to stay within \(formatRatio(linesPasteTarget)) the\n"
    document += "one-line paste's time. `ask --history` has a file of \(historyEntriesText) answers (written anew and synced to the\n"
    document += "disk before each session, since an answer trims it to the last 1000), and the target is a first paint within\n"
    document += "\(formatRatio(historyTarget)) ask's without one, started after the same file written and synced (the row below\n"
    document += "plain `ask`). The file is read when the field takes its first key: its read, and\n"
    document += "the answer appended and the file trimmed, are in the session's time and CPU. The action sheet has a section of\n"
    document += "its own, below.\n\n"
    document += "Machine: \(cpu), \(cores) cores; \(firstLine("/bin/uname", ["-sr"])).\n"
    document += "Tools: \(firstLine("/usr/bin/whiptail", ["--version"])) · \(firstLine("/usr/bin/dialog", ["--version"]))\n\n"
    document += table
    if !(sheetLines + filterLines + scorerLines + relevanceLines + menuLines + longInputLines).isEmpty {
        while document.hasSuffix("\n\n") { document.removeLast() }
        document += "\n## The action sheet\n\n"
        document += "Tools: \(firstLine(fzfPath, ["--version"]).isEmpty ? "fzf not installed" : "fzf " + firstLine(fzfPath, ["--version"]))\n\n"
    }
    if !sheetLines.isEmpty { document += listProse(rounds: listRounds, lines: listLines) + sheetLines.joined(separator: "\n") + "\n" }
    if !filterLines.isEmpty { document += filterProse(rounds: listRounds) + filterLines.joined(separator: "\n") + "\n" }
    if !scorerLines.isEmpty { document += scorerProse(lines: listLines) + scorerLines.joined(separator: "\n") + "\n" }
    if !relevanceLines.isEmpty { document += relevanceProse(samples: relevanceSamples) + relevanceLines.joined(separator: "\n") + "\n" }
    if !menuLines.isEmpty { document += menuProse(rounds: rounds, items: menuItems) + menuLines.joined(separator: "\n") + "\n" }
    if !longInputLines.isEmpty {
        document += longInputProse(rounds: longRounds, fzfArguments: ListTool.fzfArguments) + longInputLines.joined(separator: "\n") + "\n"
    }
    if !gaugeLines.isEmpty {
        while document.hasSuffix("\n\n") { document.removeLast() }
        document += "\n## The gauge\n\n" + gaugeProse(rounds: min(rounds, 2)) + gaugeLines.joined(separator: "\n") + "\n"
    }
    if !textBoxLines.isEmpty {
        while document.hasSuffix("\n\n") { document.removeLast() }
        document += "\n## The text box\n\n" + textBoxProse(rounds: textBoxRounds) + textBoxLines.joined(separator: "\n") + "\n"
    }
    if !outputLines.isEmpty {
        while document.hasSuffix("\n\n") { document.removeLast() }
        document += "\n## The output box\n\n" + outputProse(rounds: min(rounds, 2)) + outputLines.joined(separator: "\n") + "\n"
    }
    let fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    Descriptor(borrowing: fd).writeAll(document)
    close(fd)
}
