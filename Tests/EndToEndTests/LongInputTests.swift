import Glibc
import TestSupport
import Testing

/// What is large in one piece costs what its bytes cost, in a real terminal: a list of
/// megabyte-long lines loads as fast as the same bytes in short lines, and a megabyte pasted
/// into a list's filter is one edit of the query, answered at once, Esc served right after it.
@Suite struct LongInputTests {
    /// The CPU time `ask --choices-from file` takes to load `file` (until the list is no longer
    /// "loading" on the screen) and be cancelled with Esc.
    static func cpuToLoad(_ file: String) throws -> Double {
        let process = try PtyProcess(["--choices-from", file], rows: 24, columns: 100)
        #expect(process.waitForScreen("╰", seconds: 60), "\(process.terminal.lines)")
        #expect(process.wait(seconds: 120) { !$0.terminal.contains("loading") }, "\(process.terminal.lines)")
        process.type("\u{1B}")
        #expect(process.waitForExit(seconds: 60) == .exited(1), "\(process.stderrText)")
        #expect(process.settingsRestored)
        guard let usage = process.usage else { return .infinity }
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Eight lines of 1 MiB against 8 MiB in lines of 32 bytes: CPU time, not the wall clock's, so
    /// that a loaded machine does not decide (the long lines once cost forty times more: each
    /// piece read drew every long label shown in full).
    @Test func longLinesLoadAsFastAsShortOnes() throws {
        let directory = TemporaryDirectory()
        let long = directory.path + "/long", short = directory.path + "/short"
        let line = String(repeating: "lorem ipsum dolor sit amet, ", count: 37_449) + "123\n"  // 1 MiB with its line break
        #expect(line.utf8.count == 1 << 20)
        try Util.writeFile(long, String(repeating: line, count: 8))
        try Util.writeFile(short, (0..<(1 << 18)).map { String(repeating: "x", count: 29 - String($0).count) + " \($0) \n" }.joined())
        let shortCPU = try Self.cpuToLoad(short)
        let longCPU = try Self.cpuToLoad(long)
        #expect(longCPU <= 2 * shortCPU + 0.25, "eight 1 MiB lines: \(longCPU) s of CPU; 8 MiB of short lines: \(shortCPU) s")
    }

    /// 1 MiB pasted into the filter: the query holds it once the paste is over, nothing matches,
    /// and Esc right behind the paste is served (each pasted character filtering the list kept
    /// Esc and Ctrl-C waiting twenty seconds and more).
    @Test(arguments: [("\u{1B}", PtyProcess.Termination.exited(1)), ("\u{3}", .signaled(SIGINT))])
    func aMebibytePastedIntoTheFilter(key: String, ending: PtyProcess.Termination) throws {
        let process = try PtyProcess(["--choice", "Apple", "--choice", "Banana", "--choice", "0123456789"], rows: 24, columns: 80)
        #expect(process.waitForScreen("Apple"), "\(process.terminal.lines)")
        process.waitUntilWaitingForKeys()
        process.type("\u{1B}[200~" + String(repeating: "0123456789abcdef", count: 65_536) + "\u{1B}[201~")
        #expect(process.waitForScreen("bcdef", seconds: 10), "\(process.terminal.lines)")
        #expect(process.terminal.contains("0/3"), "\(process.terminal.lines)")
        process.type(key)
        #expect(process.waitForExit(seconds: 5) == ending, "\(process.stderrText)")
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
    }
}
