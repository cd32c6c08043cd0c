import Glibc
import TestSupport
import Testing

/// An action sheet's list from hostile sources: endless, never written, unreadable, with lines
/// too long or holding a NUL, and choices that are not one line of UTF-8. Each ends in one line
/// on stderr and its status, the terminal as it was, or answers as given; keys and the timeout
/// are served throughout.
@Suite struct HostileListTests {
    /// Runs `ask` from a shell (`$0` is ask): for lists from a pipeline, and arguments of any
    /// bytes.
    static func shell(_ script: String, controllingTerminal: Bool = true) throws -> PtyProcess {
        try PtyProcess(["-c", script, PtyProcess.askPath], executable: "/bin/sh", input: controllingTerminal ? .terminal : .null,
                       controllingTerminal: controllingTerminal)
    }

    /// A line with a NUL, or longer than 1 MiB, is refused: exit 65, said with its number, on a
    /// terminal and without one.
    @Test(arguments: [
        ("exec \"$0\" --choices-from /dev/zero", "ask: cannot take the choices from '/dev/zero': line 1 holds a NUL byte (a choice is one line of text)\n"),
        ("printf 'a\\nb\\0c\\n' | exec \"$0\" --choices-from -", "ask: cannot take the choices from standard input: line 2 holds a NUL byte (a choice is one line of text)\n"),
        ("head -c 1048577 /dev/zero | tr '\\0' x | exec \"$0\" --choices-from -",
         "ask: cannot take the choices from standard input: line 1 is longer than 1 MiB (1,048,576 bytes)\n"),
    ], [true, false])
    func aRefusedLine(_ given: (script: String, message: String), terminal: Bool) throws {
        let (script, message) = given
        let process = try Self.shell(script + (terminal ? "" : " --fallback value"), controllingTerminal: terminal)
        #expect(process.waitForExit(seconds: 10) == .exited(65), "\(process.stderrText)")
        #expect(process.stderrText == message)
        #expect(process.stdout.isEmpty)
        if terminal {
            #expect(process.settingsRestored)
            #expect(!process.terminal.contains("╭"), "\(process.terminal.lines)")
        }
    }

    /// A line exactly 1 MiB long is a choice.
    @Test func aLineOfOneMebibyte() throws {
        let process = try Self.shell("head -c 1048576 /dev/zero | tr '\\0' x | exec \"$0\" --choices-from - --fallback value",
                                     controllingTerminal: false)
        #expect(process.waitForExit(seconds: 10) == .exited(0), "\(process.stderrText)")
        #expect(process.stdout.count == (1 << 20) + 1)
    }

    /// A list that never ends and never pauses: Esc and the timeout are served while it is read.
    @Test(arguments: [("\u{1B}", 1), ("", 124)])
    func anEndlessList(keys: String, status: Int32) throws {
        let process = try Self.shell("yes | exec \"$0\" --choices-from - --choice a --timeout 2")
        #expect(process.waitForScreen("loading"), "\(process.terminal.lines)")
        process.type(keys)
        #expect(process.waitForExit(seconds: 8) == .exited(status), "\(process.stderrText)")
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
    }

    /// A FIFO without a writer: opened at once, the sheet shows "loading" and takes keys (Esc,
    /// Ctrl-C) and the timeout; a writer coming later brings the list.
    @Test(arguments: [("\u{1B}", PtyProcess.Termination.exited(1)), ("\u{3}", .signaled(SIGINT)), ("", .exited(124))])
    func aFIFOWithoutAWriter(keys: String, ending: PtyProcess.Termination) throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path + "/list"
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = try PtyProcess(["--choices-from", fifo, "--timeout", "2", "--title", "Waiting"])
        #expect(process.waitForScreen("loading"), "\(process.terminal.lines)")
        #expect(process.waitForScreen("Waiting"))
        process.type(keys)
        #expect(process.waitForExit(seconds: 8) == ending, "\(process.stderrText)")
        #expect(process.stdout.isEmpty)
        #expect(process.settingsRestored)
    }

    @Test func aFIFOsWriterComesLater() throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path + "/list"
        #expect(mkfifo(fifo, 0o600) == 0)
        let process = try PtyProcess(["--choices-from", fifo])
        #expect(process.waitForScreen("loading"), "\(process.terminal.lines)")
        // The sheet has the FIFO open: this open does not wait.
        let writer = open(fifo, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        #expect(writer >= 0)
        _ = "first\nsecond\n".withCString { write(writer, $0, 13) }
        close(writer)
        #expect(process.waitForScreen("2 second"), "\(process.terminal.lines)")
        #expect(process.wait { !$0.terminal.contains("loading") }, "\(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "first\n")
    }

    /// Without a terminal, a FIFO's writer is waited for until the timeout, or its list taken.
    @Test func aFIFOWithoutATerminal() throws {
        let directory = TemporaryDirectory()
        let fifo = directory.path + "/list"
        #expect(mkfifo(fifo, 0o600) == 0)
        let waiting = try PtyProcess(["--choices-from", fifo, "--fallback", "value", "--timeout", "1"], input: .null,
                                     controllingTerminal: false)
        #expect(waiting.waitForExit(seconds: 5) == .exited(124), "\(waiting.stderrText)")
        #expect(waiting.stdout.isEmpty)
        // The writer's open waits for the reader, so it is started first.
        let writer = try PtyProcess(["-c", "printf 'x\\ny\\n' > \"$0\"", fifo], executable: "/bin/sh", input: .null,
                                    controllingTerminal: false)
        let process = try PtyProcess(["--choices-from", fifo, "--fallback", "value", "--selected", "y"], input: .null,
                                     controllingTerminal: false)
        #expect(process.waitForExit(seconds: 5) == .exited(0), "\(process.stderrText)")
        #expect(process.stdoutText == "y\n")
        #expect(writer.waitForExit() == .exited(0))
    }

    /// A list that cannot be read: exit 74, naming the file and why, on a terminal and without.
    @Test(arguments: [("/", "Is a directory"), ("/proc/self/mem", "Input/output error")], [true, false])
    func anUnreadableList(_ given: (path: String, reason: String), terminal: Bool) throws {
        let (path, reason) = given
        let process = try PtyProcess(["--choices-from", path] + (terminal ? [] : ["--fallback", "value"]),
                                     input: terminal ? .terminal : .null, controllingTerminal: terminal)
        #expect(process.waitForExit() == .exited(74), "\(process.stderrText)")
        #expect(process.stderrText == "ask: cannot read the choices from '\(path)': \(reason)\n")
        #expect(process.stdout.isEmpty)
        if terminal { #expect(process.settingsRestored) }
    }

    /// A choice is one line: a line break in one is a usage error (it would answer as two
    /// choices marked would).
    @Test(arguments: ["--choice", "--destructive-choice"])
    func aChoiceWithALineBreak(option: String) throws {
        let process = try PtyProcess([option, "a\nb", "--choice", "c"])
        #expect(process.waitForExit() == .exited(64))
        #expect(process.stderrText == "ask: invalid value 'a^Jb' for '\(option)' (a choice is one line: it may not hold a line break)\n")
        #expect(process.stdout.isEmpty)
    }

    /// A `--choice` that is not UTF-8 is shown with U+FFFD and answered with its own bytes, as a
    /// line of a list is; `--selected` names it by those bytes.
    @Test func aChoiceThatIsNotUTF8() throws {
        let process = try Self.shell("exec \"$0\" --choice \"$(printf 'caf\\351')\" --choice tea")
        #expect(process.waitForScreen("caf\u{FFFD}"), "\(process.terminal.lines)")
        #expect(process.waitUntilWaitingForKeys())
        process.type("\r")
        #expect(process.waitForExit() == .exited(0), "\(process.stderrText)")
        #expect(process.stdout == [0x63, 0x61, 0x66, 0xE9, 0x0A])

        let selected = try Self.shell("exec \"$0\" --choice tea --choice \"$(printf 'v\\351\\tLabel')\" --selected \"$(printf 'V\\351')\" --fallback value",
                                      controllingTerminal: false)
        #expect(selected.waitForExit() == .exited(0), "\(selected.stderrText)")
        #expect(selected.stdout == [0x76, 0xE9, 0x0A])
    }
}
