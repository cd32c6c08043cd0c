import Glibc
import TestSupport
import Testing

/// `ask --run -- COMMAND…` and `ask --output` from outside, in a real terminal: the command's
/// output and errors shown as they come under the title with its spinner and time, its status
/// passed through, its whole output left on stderr when it fails (or kept in a file named in
/// one line when it is large), Esc sending its process group the interrupt a terminal's Ctrl-C
/// sends, a command writing 100 MB, and the terminal restored every time.
@Suite struct OutputBoxTests {
    /// A command that writes, then waits for the test (a line into the FIFO `$1`).
    static let waits = "echo one; echo two >&2; read line < \"$1\"; echo three"

    static func fifo(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path + "/go"
        guard mkfifo(path, 0o600) == 0 else { throw PtyProcess.Failure("mkfifo \(path)") }
        return path
    }

    static func release(_ fifo: String) {
        let fd = open(fifo, O_WRONLY)
        _ = write(fd, "\n", 1)
        close(fd)
    }

    @Test func aCommandThatSucceeds() throws {
        let directory = TemporaryDirectory()
        let go = try Self.fifo(in: directory)
        let process = try PtyProcess(["--title", "Build", "--run", "--", "sh", "-c", Self.waits, "sh", go])
        #expect(process.waitForScreen("│ two"), "\(process.terminal.lines)")
        #expect(process.terminal.contains("│ one") && process.terminal.contains("Build"), "\(process.terminal.lines)")
        // The spinner's row: the time it has run, then the command.
        #expect(process.terminal.lines.contains { $0.contains("s  sh -c echo one;") }, "\(process.terminal.lines)")
        Self.release(go)
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdout.isEmpty && process.stderrText.isEmpty)
        #expect(process.settingsRestored)
        #expect(!process.terminal.contains("╭") && !process.terminal.contains("Build"), "\(process.terminal.lines)")
    }

    /// Its status is the call's, and its whole output, errors too, in order, is left on stderr.
    @Test func aCommandThatFails() throws {
        let script = "echo first; seq 1 50; echo oops >&2; exit 3"
        let process = try PtyProcess(["--run", "--", "sh", "-c", script])
        #expect(process.waitForExit() == .exited(3), "\(process.stderrText)")
        let expected = (["first"] + (1...50).map(String.init) + ["oops"]).joined(separator: "\n") + "\n"
        #expect(process.stderrText == expected + "ask: sh -c \(script) exited with status 3\n", "\(process.stderrText)")
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
        #expect(!process.terminal.contains("╭"), "\(process.terminal.lines)")
    }

    /// More than a megabyte: kept whole in a file, named in one line.
    @Test func aLargeFailedOutputIsKeptInAFile() throws {
        let directory = TemporaryDirectory()
        let process = try PtyProcess(["--run", "--", "sh", "-c", "seq 1 300000; exit 2"], environment: ["TMPDIR": directory.path])
        #expect(process.waitForExit(seconds: 30) == .exited(2), "\(process.stderrText)")
        let line = process.stderrText
        let prefix = "ask: sh -c seq 1 300000; exit 2 exited with status 2; its whole output (1988895 bytes) is in "
        #expect(line.hasPrefix(prefix) && line.hasSuffix("\n") && line.filter { $0 == "\n" }.count == 1, "\(line)")
        let path = String(line.dropFirst(prefix.count).dropLast())
        #expect(path.hasPrefix(directory.path + "/ask-output."))
        let kept = (try? Util.readText(path)) ?? ""
        #expect(kept == (1...300_000).map(String.init).joined(separator: "\n") + "\n")
        unlink(path)
        #expect(process.settingsRestored)
    }

    /// Esc: the command's group is sent SIGINT, as Ctrl-C in a terminal would; a command that
    /// traps it ends as it likes (its status and output passed on), one that does not dies of it,
    /// and so does the call.
    @Test func escInterruptsTheCommand() throws {
        let directory = TemporaryDirectory()
        let seen = directory.path + "/seen"
        let script = "trap 'echo interrupted; echo INT > \"$1\"; kill $!; exit 7' INT; echo ready; sleep 30 >/dev/null 2>&1 & wait"
        let process = try PtyProcess(["--run", "--", "sh", "-c", script, "sh", seen])
        #expect(process.waitForScreen("│ ready"), "\(process.terminal.lines)")
        process.type("\u{1B}")
        #expect(process.waitForExit(seconds: 10) == .exited(7), "\(process.stderrText)")
        #expect((try? Util.readText(seen)) == "INT\n")
        #expect(process.stderrText.hasPrefix("ready\ninterrupted\n"), "\(process.stderrText)")
        #expect(process.settingsRestored)

        let plain = try PtyProcess(["--run", "--", "sh", "-c", "echo ready; exec sleep 30"])
        #expect(plain.waitForScreen("│ ready"), "\(plain.terminal.lines)")
        plain.type("\u{1B}")
        #expect(plain.waitForExit(seconds: 10) == .signaled(SIGINT), "\(plain.stderrText)")
        #expect(plain.settingsRestored)
        #expect(!plain.terminal.contains("╭"), "\(plain.terminal.lines)")
    }

    /// The command has no terminal (a session of its own): one that would open /dev/tty (sudo
    /// asking for a password) fails at once with its own words, its status passed on, instead of
    /// stopping for ever in a background group with the box waiting on it.
    @Test func aCommandThatWantsTheTerminalFailsAtOnce() throws {
        let script = "read line < /dev/tty || exit 5; echo read"
        let process = try PtyProcess(["--run", "--", "sh", "-c", script])
        #expect(process.waitForExit(seconds: 10) == .exited(5), "\(process.terminal.lines)")
        #expect(process.stderrText.contains("/dev/tty"), "\(process.stderrText)")
        #expect(process.stderrText.hasSuffix("ask: sh -c \(script) exited with status 5\n"), "\(process.stderrText)")
        #expect(process.settingsRestored)
    }

    /// Esc ends a command that has stopped (SIGSTOP from anywhere): the interrupt, then SIGCONT,
    /// as a shell sends a stopped job.
    @Test func escEndsAStoppedCommand() throws {
        let directory = TemporaryDirectory()
        let pidFile = directory.path + "/pid"
        let process = try PtyProcess(["--run", "--", "sh", "-c", "echo $$ > \"$1\"; echo ready; kill -STOP $$; echo resumed", "sh", pidFile])
        #expect(process.waitForScreen("│ ready"), "\(process.terminal.lines)")
        let stopped = process.wait(seconds: 10) { _ in
            guard let pid = try? Util.readText(pidFile).split(separator: "\n").first,
                  let stat = try? Util.readText("/proc/\(pid)/stat") else { return false }
            return stat.split(separator: ")").last?.split(separator: " ").first == "T"
        }
        #expect(stopped)
        process.type("\u{1B}")
        #expect(process.waitForExit(seconds: 10) == .signaled(SIGINT), "\(process.stderrText)")
        #expect(process.stderrText.hasPrefix("ready\nask: "), "never resumed: \(process.stderrText)")
        #expect(process.settingsRestored)
    }

    /// 100 MB through the box: it ends, the terminal gets a few frames a second of it, and memory
    /// stays what a small output takes.
    @Test func aCommandWriting100MB() throws {
        let process = try PtyProcess(["--run", "--", "sh", "-c", "yes 'a line of output from a busy command' | head -c 100000000"])
        // ask's own high-water mark, read as it runs, once it has drawn (wait4's, and /proc's
        // before the exec, would count the memory of this process, which spawned it).
        var peak = 0
        _ = process.wait(seconds: 120) { process in
            if !process.transcript.isEmpty { peak = max(peak, Self.highWaterMark(process.pid) ?? 0) }
            return process.termination != nil
        }
        #expect(process.waitForExit(seconds: 1) == .exited(0), "\(process.stderrText)")
        #expect(process.settingsRestored)
        #expect(process.stderrText.isEmpty && process.stdout.isEmpty)
        #expect(process.transcript.count < 2_000_000, "\(process.transcript.count) bytes to the terminal")
        #expect(peak > 0 && peak < 64 << 20, "peak RSS \(peak)")
    }

    /// A process's VmHWM in bytes, while it runs.
    static func highWaterMark(_ pid: pid_t) -> Int? {
        let status = String(decoding: PtyProcess.readAll("/proc/\(pid)/status"), as: UTF8.self)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
    }

    /// `cmd | ask --output`: its lines under the title; its end ends it (0), erased.
    @Test func standardInputsLines() throws {
        let process = try PtyProcess(["--output", "--title", "Log"], input: .pipe)
        process.writeStdin("\u{1B}[31merror:\u{1B}[0m disk \u{1B}]0;owned\u{7}full\n")
        #expect(process.waitForScreen("│ error: disk full"), "\(process.terminal.lines)")
        #expect(!process.transcript.contains(0x07) && !String(decoding: process.transcript, as: UTF8.self).contains("owned"))
        process.closeStdin()
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.settingsRestored && process.stdout.isEmpty)
    }

    /// A command that cannot be started: one line, status 74 (as a file that cannot be read), nothing drawn.
    @Test func aCommandNotFound() throws {
        let process = try PtyProcess(["--run", "--", "no-such-command-here"])
        #expect(process.waitForExit() == .exited(74), "\(process.stderrText)")
        #expect(process.stderrText == "ask: cannot run 'no-such-command-here': No such file or directory\n")
        #expect(process.settingsRestored)
    }
}
