import AskSystem
import Glibc
import TestSupport

// What every part of ask-bench uses: options, medians, formatting, a process's memory.

func option(_ name: String) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

func exists(_ path: String) -> Bool { access(path, X_OK) == 0 }

/// Peak resident memory (VmHWM) of a process, in KiB: stopped at its exit, or so far while it
/// runs (the mark only rises). (`ru_maxrss` from wait4 is no use here: posix_spawn's child
/// shares the parent's memory until exec, and counts it.)
func peakRSS(_ pid: pid_t) -> Int {
    let status = String(decoding: PtyProcess.readAll("/proc/\(pid)/status"), as: UTF8.self)
    guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
    return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
}

/// Pumps until nothing has arrived for `milliseconds`, or `limit` seconds pass.
func waitQuiet(_ process: PtyProcess, milliseconds: Int32, limit: Double = 30) {
    let deadline = MonotonicClock.now + limit
    while MonotonicClock.now < deadline && process.pump(milliseconds: milliseconds) {}
}

/// Types each of `keys` after the last one's output went quiet (15 ms); the bytes each wrote.
func bytesWritten(_ process: PtyProcess, typing keys: [String]) -> [Int] {
    keys.map { key in
        let before = process.transcript.count
        process.type(key)
        _ = process.wait(seconds: 2) { $0.transcript.count > before }
        waitQuiet(process, milliseconds: 15)
        return process.transcript.count - before
    }
}

/// The mean of `values` (NaN for none).
func mean(_ values: [Int]) -> Double { values.isEmpty ? .nan : Double(values.reduce(0, +)) / Double(values.count) }

func count(_ value: Double) -> String { value.isFinite ? String(Int(value)) : "—" }

func format3(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    let scaled = (value * 10).rounded() / 10
    return scaled >= 100 ? String(Int(scaled.rounded())) : String(scaled)
}

/// A ratio with two decimals (1.15×): one would round the target of 1.2× either way.
func formatRatio(_ value: Double) -> String {
    guard value.isFinite else { return "—" }
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)×"
}

/// The first line of a command's output, or "".
func firstLine(_ executable: String, _ arguments: [String]) -> String {
    guard exists(executable), let process = try? PtyProcess(arguments, executable: executable, input: .null,
                                                             controllingTerminal: false) else { return "" }
    _ = process.waitForExit()
    let text = process.stdoutText.isEmpty ? process.stderrText : process.stdoutText
    return text.split(separator: "\n").first.map(String.init) ?? ""
}


/// What the 24-row pseudo-terminal shows before a list's tool starts: lines of earlier output,
/// then the prompt, leaving `rowsBelow` rows below the cursor. ask's list takes the rows below
/// the cursor: a list of ten rows for every tool compared wants the same room.
func screen(leaving rowsBelow: Int) -> String {
    (1..<max(24 - rowsBelow - 1, 1)).map { "output \($0)\n" }.joined() + "$ bench\n"
}

extension PtyProcess {
    /// The user and system CPU time it took, in seconds, once it has ended (0 before).
    var cpuSeconds: Double {
        guard let usage else { return 0 }
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Waits until nothing has been written for `quiet` seconds (`limit` at most), serving a
    /// traced program's stops on the way (a resize's SIGWINCH stops it until passed on).
    /// Returns the arrival time of the last output after `since`, or nil if there was none.
    func settle(since: Double, quiet: Double = 0.05, limit: Double = 30) -> Double? {
        wait(seconds: limit) { process in
            MonotonicClock.now - max(process.lastOutputTime ?? since, since) >= quiet || process.termination != nil
        }
        guard let last = lastOutputTime, last > since else { return nil }
        return last
    }

    /// When the screen first showed what `condition` looks for: the arrival time of the output
    /// that completed it, the last output's when it already shows; nil if it does not within
    /// `seconds`.
    func timeShown(seconds: Double = 60, _ condition: @escaping (VirtualTerminal) -> Bool) -> Double? {
        if condition(terminal) { return lastOutputTime ?? MonotonicClock.now }
        watch(condition)
        guard wait(seconds: seconds, until: { $0.watchedTime != nil }) else { return nil }
        return watchedTime
    }
}
