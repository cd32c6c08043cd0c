import AskSystem
import Glibc
import TestSupport

// The output box: 100 MB of a command's output through `ask --output` (standard input a file)
// and `ask --run -- cat FILE`, beside `dialog --progressbox` and `cat` to the terminal: the
// bytes each writes to the terminal, its CPU (a command run counted in: `ask --run`'s is ask's
// and cat's together) and its peak RSS, each measured by the runner (`run-measured`).

/// The output's size, and its line.
let outputBytes = 100_000_000
let outputLine = "a line of output from a busy command, forty-odd bytes\n"

struct OutputTool {
    let name: String
    /// The runner's input and output (`/dev/tty`: the terminal), then the program and its arguments.
    let input: String
    let output: String
    let command: [String]
}

struct OutputSample {
    var bytes = 0, cpu = 0.0, peakRSS = 0, wall = 0.0
    var failure: String?
}

/// Writes the output's file: `outputLine` over and over, `outputBytes` in all.
func writeOutputFile(_ path: String) {
    let block = Array(String(repeating: outputLine, count: 1000).utf8)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    defer { close(fd) }
    var left = outputBytes
    while left > 0 {
        let piece = min(left, block.count)
        block.withUnsafeBytes { _ = Descriptor(borrowing: fd).writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<piece])) }
        left -= piece
    }
}

func outputSession(_ tool: OutputTool, runner: String) throws -> OutputSample {
    var sample = OutputSample()
    let process = try PtyProcess([tool.input, tool.output] + tool.command, executable: runner,
                                 environment: ["TERM": "xterm-256color", "PATH": "/usr/bin:/bin"], screen: "$ bench\n")
    guard let ended = process.waitForExit(seconds: 900) else {
        process.signal(SIGKILL)
        sample.failure = "it did not end"
        return sample
    }
    let fields = process.stderrText.split(separator: "\n").last?.split(separator: " ").compactMap { Double($0) } ?? []
    guard ended == .exited(0), fields.count == 4, fields[0] == 0 else {
        sample.failure = "it ended \(ended): \(process.stderrText)"
        return sample
    }
    sample.bytes = process.transcript.count
    sample.wall = fields[1] / 1e6
    sample.peakRSS = Int(fields[2])
    sample.cpu = fields[3] / 1e6
    return sample
}

/// The output box's benchmark: each tool, interleaved over `rounds` rounds; a Markdown table.
func outputBenchmark(askPath: String, runner: String, rounds: Int, verbose: Bool) throws -> [String] {
    let directory = TemporaryDirectory()
    let file = directory.path + "/output.txt"
    writeOutputFile(file)
    var tools = [
        OutputTool(name: "ask --output", input: file, output: "/dev/null", command: [askPath, "--output", "--title", "Bench"]),
        OutputTool(name: "ask --run -- cat FILE", input: "/dev/null", output: "/dev/null",
                   command: [askPath, "--title", "Bench", "--run", "--", "/usr/bin/cat", file]),
    ]
    if exists("/usr/bin/dialog") {
        tools.append(OutputTool(name: "dialog --progressbox", input: file, output: "/dev/tty",
                                command: ["/usr/bin/dialog", "--title", "Bench", "--progressbox", "20", "78"]))
    }
    tools.append(OutputTool(name: "cat to the terminal", input: file, output: "/dev/tty", command: ["/usr/bin/cat"]))
    var samples: [String: [OutputSample]] = [:]
    for round in stride(from: 1, through: rounds, by: 1) {
        for tool in tools {
            let sample = try outputSession(tool, runner: runner)
            if verbose || sample.failure != nil { Descriptor.standardError.writeAll("\(tool.name): \(sample)\n") }
            samples[tool.name, default: []].append(sample)
        }
        Descriptor.standardError.writeAll("output round \(round)/\(rounds)\n")
    }
    var lines = ["| tool | bytes to the terminal | CPU (ms) | peak RSS (KiB) | start → end (ms) |", "|---|---|---|---|---|"]
    for tool in tools {
        let all = samples[tool.name] ?? []
        let good = all.filter { $0.failure == nil }
        guard !all.isEmpty, good.count == all.count else {
            lines.append("| \(tool.name) (failed in \(all.count - good.count) of \(all.count) rounds) | — | — | — | — |")
            continue
        }
        lines.append("| \(tool.name) | \(count(median(good.map { Double($0.bytes) }))) | \(format3(median(good.map { $0.cpu * 1000 }))) | "
                     + "\(count(median(good.map { Double($0.peakRSS) }))) | \(format3(median(good.map { $0.wall * 1000 }))) |")
    }
    return lines
}

func outputProse(rounds: Int) -> String {
    """
    ### 100 MB of output

    A file of \(outputBytes) bytes (the line `\(outputLine.dropLast())` over and over) through `ask --output --title Bench` (standard input the file) and `ask --title Bench --run -- cat FILE` (its CPU and peak RSS include cat's, which ask starts and waits for), beside `dialog --title Bench --progressbox 20 78` (standard input the file) and `cat` with its output on the terminal, each on a pseudo-terminal of 80 × 24, started by `Tests/BenchReference/run-measured.c` (its CPU: user + system time; its peak RSS: wait4's ru_maxrss). **Bytes to the terminal**: all the program wrote there. **Start → end**: from starting the program to its exit. Interleaved over \(rounds) round\(rounds == 1 ? "" : "s"); medians.


    """
}
