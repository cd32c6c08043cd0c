import AskSystem
import Glibc
import TestSupport

// The gauge: ten thousand updates written to its standard input as fast as they come, against
// `whiptail --gauge` and `dialog --gauge`: the bytes each writes to the terminal per update, and
// the CPU it spends.

/// How many updates a run writes.
let gaugeUpdates = 10_000

/// The two feeds: a task's progress rising from 0 to 100 (each percentage a hundred times
/// over, as a copy reports it), and one where every update changes the bar.
enum GaugeFeed: CaseIterable {
    case rising, everyLineChanges, paced

    var name: String {
        switch self {
        case .rising: "rising 0→100, at once"
        case .everyLineChanges: "every update new, at once"
        case .paced: "every update new, one a millisecond"
        }
    }

    /// Each update's line.
    var lines: [[UInt8]] {
        (0..<gaugeUpdates).map { index in Array("\(self == .rising ? index * 100 / (gaugeUpdates - 1) : index % 101)\n".utf8) }
    }
}

struct GaugeTool {
    let name: String
    let executable: String
    let arguments: [String]
    let drawsOnStdout: Bool

    static func ask(_ path: String) -> GaugeTool {
        GaugeTool(name: "ask", executable: path, arguments: ["--gauge", "--title", "Bench", "--message", "Copying"],
                  drawsOnStdout: false)
    }

    static func curses(_ name: String, _ path: String) -> GaugeTool {
        GaugeTool(name: name, executable: path, arguments: ["--title", "Bench", "--gauge", "Copying", "8", "60", "0"],
                  drawsOnStdout: true)
    }
}

struct GaugeSample {
    var bytes = 0, bytesPerUpdate = 0.0, cpu = 0.0, seconds = 0.0
    var failure: String?
}

func gaugeSession(_ tool: GaugeTool, _ feed: GaugeFeed) throws -> GaugeSample {
    var sample = GaugeSample()
    let process = try PtyProcess(tool.arguments, executable: tool.executable, environment: ["TERM": "xterm-256color"],
                                 screen: screen(leaving: 17), input: .pipe, stdoutToTerminal: tool.drawsOnStdout)
    // Its first frame, and the terminal quiet, before the updates: only what they cost is counted.
    waitQuiet(process, milliseconds: 100)
    let before = process.transcript.count
    let start = MonotonicClock.now
    if feed == .paced {
        for line in feed.lines {
            process.writeStdin(bytes: line)
            process.pause(milliseconds: 1)
        }
    } else {
        process.writeStdin(bytes: feed.lines.flatMap { $0 })  // (40 kB: the pipe holds it whatever the reader does)
    }
    process.closeStdin()
    guard let ended = process.waitForExit(seconds: 300) else {
        sample.failure = "it did not end with its input"
        process.signal(SIGKILL)
        return sample
    }
    sample.seconds = MonotonicClock.now - start
    if ended != .exited(0) { sample.failure = "it ended \(ended)" }
    _ = process.pump(milliseconds: 50)
    sample.bytes = process.transcript.count - before
    sample.bytesPerUpdate = Double(sample.bytes) / Double(gaugeUpdates)
    sample.cpu = process.cpuSeconds
    return sample
}

/// The gauge benchmark: every tool and feed, interleaved over `rounds` rounds.
func gaugeBenchmark(tools: [GaugeTool], rounds: Int, verbose: Bool) throws -> [String] {
    var samples: [String: [GaugeSample]] = [:]
    for round in stride(from: 1, through: rounds, by: 1) {
        for feed in GaugeFeed.allCases {
            for tool in tools {
                let sample = try gaugeSession(tool, feed)
                if verbose || sample.failure != nil { Descriptor.standardError.writeAll("\(tool.name), gauge: \(sample)\n") }
                samples[tool.name + "\u{0}" + feed.name, default: []].append(sample)
            }
        }
        Descriptor.standardError.writeAll("gauge round \(round)/\(rounds)\n")
    }
    var lines = ["| feed | tool | bytes in all | bytes per update | CPU (ms) | from the first update to the end (ms) |",
                 "|---|---|---|---|---|---|"]
    for feed in GaugeFeed.allCases {
        for tool in tools {
            let all = samples[tool.name + "\u{0}" + feed.name] ?? []
            let good = all.filter { $0.failure == nil }
            guard !all.isEmpty, good.count == all.count else {
                lines.append("| \(feed.name) | \(tool.name) (failed in \(all.count - good.count) of \(all.count) rounds) | — | — | — | — |")
                continue
            }
            lines.append("| \(feed.name) | \(tool.name) | \(count(median(good.map { Double($0.bytes) }))) | "
                         + "\(format3(median(good.map(\.bytesPerUpdate)))) | \(format3(median(good.map { $0.cpu * 1000 }))) | "
                         + "\(format3(median(good.map { $0.seconds * 1000 }))) |")
        }
    }
    var targets = ["", "Targets, feed by feed:", ""]
    for feed in GaugeFeed.allCases {
        func medians(_ name: String) -> (bytes: Double, cpu: Double)? {
            let all = samples[name + "\u{0}" + feed.name] ?? []
            guard !all.isEmpty, all.allSatisfy({ $0.failure == nil }) else { return nil }
            return (median(all.map(\.bytesPerUpdate)), median(all.map { $0.cpu * 1000 }))
        }
        let theirs = tools.filter { $0.name != "ask" }.compactMap { medians($0.name) }
        guard let ours = medians("ask"), !theirs.isEmpty else {
            targets.append("- \(feed.name): whiptail and dialog not installed, or ask failed: not judged.")
            continue
        }
        let fewest = theirs.map(\.bytes).min()!, least = theirs.map(\.cpu).min()!
        targets.append("- \(feed.name): no more bytes per update than whiptail's or dialog's: "
                       + verdict(ours.bytes <= fewest, "ask \(format3(ours.bytes)), the fewest of theirs \(format3(fewest))")
                       + "; no more CPU: " + verdict(ours.cpu <= least, "ask \(format3(ours.cpu)) ms, the least of theirs \(format3(least)) ms"))
    }
    return lines + targets + [""]
}

/// What the gauge table measures, for the document.
func gaugeProse(rounds: Int) -> String {
    """
    ### A gauge fed \(grouped(gaugeUpdates)) updates

    `ask --gauge --title Bench --message Copying` against `whiptail --title Bench --gauge Copying 8 60 0` and `dialog` \
    with the same arguments, each on a pseudo-terminal of 80 × 24 with its standard input a pipe: once its first frame \
    is drawn and the terminal quiet, \(grouped(gaugeUpdates)) lines are written to the pipe as fast as they come, and \
    the pipe closed; the program draws them as it reads them and ends with its input. **Rising**: the \
    percentage goes from 0 to 100 over the lines, each value about a hundred times (a copy's progress); **every \
    update new**: the lines cycle through 0–100, so that no update repeats the last; **at once**: all \
    \(grouped(gaugeUpdates)) lines written in one go (a program that reads them together draws only what they come \
    to); **one a millisecond**: a line, then a millisecond's pause, so that each update arrives on its own and is \
    drawn. **Bytes**: all it wrote to the terminal after the first frame, the last frame's erasing included; per \
    update, divided by the updates. **CPU**: user + system time of the whole run. Interleaved over \(rounds) rounds \
    (dialog paces its gauge at about 10 ms an update, so a run of it takes minutes); medians.


    """
}
