import AskChoices
import AskFields
import AskGauge
import AskKit
import AskPresentation
import AskSystem
import AskTextBox
import CAskSystem
import CTestSupport
import Glibc

/// Runs a program with a fresh pseudo-terminal as its controlling terminal and its stdout and
/// stderr on pipes, the way a shell runs `x=$(ask ...)`. Every wait polls with a deadline and
/// drains all pipes; nothing sleeps.
package final class PtyProcess {
    package enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        package var description: String {
            switch self {
            case let .exited(code): return "exited(\(code))"
            case let .signaled(signal): return "signaled(\(signal))"
            }
        }
    }

    /// Where the child's stdin comes from.
    package enum Input {
        /// The terminal, as in an interactive shell.
        case terminal
        /// A pipe holding these bytes, then end of file.
        case bytes([UInt8])
        /// A pipe the test writes to (`writeStdin`) and closes (`closeStdin`).
        case pipe
        /// /dev/null.
        case null
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
        package init(_ description: String) { self.description = description }
    }

    package let pid: pid_t
    package let terminal: VirtualTerminal
    /// Every byte the program wrote to the terminal.
    package private(set) var transcript: [UInt8] = []
    package private(set) var stdout: [UInt8] = []
    package private(set) var stderr: [UInt8] = []
    package private(set) var termination: Termination?
    /// The resources the program used (CPU time, peak RSS), once it has ended.
    package private(set) var usage: rusage?
    /// The terminal's settings before the program started.
    package let settingsBefore: termios
    /// The terminal's device (`/dev/pts/N`): what a pinentry is told to open.
    package let terminalPath: String

    // Descriptors become -1 once closed, so that nothing is closed twice: a second close could
    // hit a descriptor number another test has been given meanwhile.
    private var master: Int32
    private let slave: Int32
    private var stdoutRead: Int32
    private let stderrRead: Int32
    private var stdinWrite: Int32 = -1
    /// Which of master, stdout, stderr reached end of file.
    private var ended: Set<Int> = []
    /// Traced with ptrace: waits go through `waitForExitStop` instead of reaping.
    private let isTraced: Bool

    /// The directory the test bundle was built in (the built programs are beside it).
    static var buildDirectory: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        return exe.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    }

    /// The built `ask`: next to the test bundle, or `ASK_BINARY` (to test a release build).
    package static var askPath: String {
        if let override = getenv("ASK_BINARY") { return String(cString: override) }
        return builtAskPath
    }

    /// The `ask` built beside the tests for this machine, whatever `ASK_BINARY` names: what a
    /// build for another architecture is held to.
    package static var builtAskPath: String { buildDirectory + "/ask" }

    /// The emulator the `ask` under test runs in (`ASK_EMULATOR`, set with `ASK_BINARY` by `make
    /// check-arm`: qemu-user for an ARM build), or nil when it runs on this machine's processor.
    /// A test that cannot hold under emulation says so by it.
    package static var emulator: String? { getenv("ASK_EMULATOR").map { String(cString: $0) } }

    /// The name process `pid` was started under, as the program sees it (its argv[0]): for a
    /// program qemu-user runs, the name qemu was told to give it (`-0 NAME`), not qemu's own.
    package static func startedName(of pid: pid_t) -> [UInt8]? {
        let arguments = readAll("/proc/\(pid)/cmdline").split(separator: 0)
        guard let first = arguments.first else { return nil }
        if first.split(separator: UInt8(ascii: "/")).last?.starts(with: "qemu-".utf8) == true,
           let flag = arguments.firstIndex(where: { $0.elementsEqual("-0".utf8) }), flag + 1 < arguments.endIndex {
            return Array(arguments[flag + 1])
        }
        return Array(first)
    }

    /// The job-control shell built beside the tests.
    package static var jobShellPath: String { buildDirectory + "/jobshell" }

    /// The program that uses AskKit's public API, built beside the tests.
    package static var alertDemoPath: String { buildDirectory + "/alertdemo" }

    /// The environment tests start from: a UTF-8 xterm, nothing else inherited.
    package static let baseEnvironment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]

    /// Starts `executable` (the built `ask` by default) on a new pty of `rows`×`columns`.
    /// `screen` is text already on the terminal (a shell prompt), so the alert starts below it.
    /// Writing to a program that has ended (its stdin pipe closed) is an error to notice, not a
    /// death of the test process by SIGPIPE. Done once, before the first program starts.
    private static let brokenPipesIgnored: Void = { _ = Glibc.signal(SIGPIPE, SIG_IGN) }()

    package init(_ arguments: [String], executable: String? = nil, environment: [String: String] = [:],
                rows: Int = 24, columns: Int = 80, screen: String = "$ ask\n", input: Input = .terminal,
                controllingTerminal: Bool = true, typeAhead: String = "", stdoutClosed: Bool = false,
                traced: Bool = false, stdoutToTerminal: Bool = false, stderrToTerminal: Bool = false) throws {
        Self.brokenPipesIgnored
        terminal = VirtualTerminal(rows: rows, columns: columns)
        terminal.print(screen)

        // posix_openpt by hand: /dev/ptmx, unlock, and the slave's number.
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw Failure("cannot open /dev/ptmx: \(SystemError(errno).description)") }
        var unlock: Int32 = 0
        _ = ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock)
        var number: UInt32 = 0
        _ = ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number)
        let slavePath = "/dev/pts/\(number)"
        terminalPath = slavePath
        slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { throw Failure("cannot open \(slavePath)") }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var settings = termios()
        tcgetattr(slave, &settings)
        settingsBefore = settings
        // Keys typed before the program starts wait in the terminal's input queue.
        let masterFD = master
        var typed = typeAhead
        typed.withUTF8 { _ = Descriptor(borrowing: masterFD).writeAll(UnsafeRawBufferPointer($0)) }
        // A write to the master lands in the kernel's flip buffer, and only a moment later in the
        // line discipline; a flush (TCSAFLUSH) empties the line discipline alone. So the keys
        // count as typed ahead once the line discipline has echoed them, as a shell shows them.
        // (So type-ahead is printable: the echo spells control keys otherwise.)
        if !typeAhead.isEmpty {
            guard let echoed = Self.readEcho(of: Array(typeAhead.utf8), from: master) else {
                throw Failure("the terminal did not echo the type-ahead \(typeAhead.debugDescription)")
            }
            transcript += echoed
            terminal.feed(echoed)
        }

        var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        ask_pipe_cloexec(&outPipe)
        ask_pipe_cloexec(&errPipe)
        stdoutRead = outPipe[0]
        stderrRead = errPipe[0]
        for fd in [master, stdoutRead, stderrRead] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var inPipe: [Int32] = [-1, -1]
        switch input {
        case .terminal:
            // After setsid, the first terminal opened becomes the controlling terminal.
            posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        case .null:
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .bytes, .pipe:
            ask_pipe_cloexec(&inPipe)
            posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        }
        if stdoutClosed {
            posix_spawn_file_actions_addclose(&actions, 1)
        } else if stdoutToTerminal {
            // Programs that draw on stdout (whiptail, dialog) and answer on stderr.
            posix_spawn_file_actions_addopen(&actions, 1, slavePath, O_RDWR, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        }
        if stderrToTerminal {
            // Programs that draw on stderr (fzf, inline) and answer on stdout.
            posix_spawn_file_actions_addopen(&actions, 2, slavePath, O_RDWR, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        }
        if controllingTerminal, case .terminal = input {} else if controllingTerminal {
            // stdin is not the terminal, but the terminal is still the controlling one: open it
            // on a spare descriptor first so it becomes the controlling terminal, then close it.
            // After the pipes are in place: one of them may be descriptor 9 here.
            posix_spawn_file_actions_addopen(&actions, 9, slavePath, O_RDWR, 0)
            posix_spawn_file_actions_addclose(&actions, 9)
        }
        // The child closes every other descriptor before its exec, while posix_spawn still
        // waits for it. Close-on-exec alone is not enough: the kernel lets posix_spawn return
        // once the exec has replaced the child's memory, and only then closes the child's
        // close-on-exec descriptors, so a pipe end closed right after a spawn (see `spawning`)
        // could still be open in that child for a moment.
        ask_test_spawn_close_from(&actions, 3)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD, SIGWINCH] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var noMask = sigset_t()
        sigemptyset(&noMask)
        posix_spawnattr_setsigmask(&attributes, &noMask)
        let setsid: Int16 = 0x80  // POSIX_SPAWN_SETSID, not imported
        posix_spawnattr_setflags(&attributes, setsid | Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let path = executable ?? Self.askPath
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let env = Self.baseEnvironment.merging(environment) { $1 }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            env.forEach { free($0) }
        }
        var child: pid_t = 0
        let result = Self.spawning { posix_spawn(&child, path, &actions, &attributes, argv, env) }
        close(outPipe[1])
        close(errPipe[1])
        if inPipe[0] >= 0 { close(inPipe[0]) }
        guard result == 0 else { throw Failure("cannot start \(path): \(SystemError(result).description)") }
        pid = child
        isTraced = traced
        if traced && ask_test_seize(child) != 0 { throw Failure("cannot trace: \(SystemError(errno).description)") }
        if case let .bytes(bytes) = input {
            bytes.withUnsafeBytes { _ = Descriptor(borrowing: inPipe[1]).writeAll($0) }
            close(inPipe[1])
        } else if case .pipe = input {
            stdinWrite = inPipe[1]
        }
    }

    deinit {
        if termination == nil {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        for fd in [master, slave, stdoutRead, stderrRead, stdinWrite] where fd >= 0 { close(fd) }
    }

    // MARK: - Talking to it

    /// Types text (UTF-8) at the terminal.
    package func type(_ text: String) { send(Array(text.utf8)) }

    /// Writes to the terminal, reading what the program writes meanwhile: a program blocked on
    /// a full terminal stops reading its input, so writing without draining would deadlock.
    package func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, min($0.count, 4096)) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno != EAGAIN && errno != EINTR {
                return
            } else {
                // Wait until the terminal takes more, or the program writes something to read.
                var descriptors = [pollfd(fd: master, events: Int16(POLLOUT | POLLIN), revents: 0),
                                   pollfd(fd: ended.contains(1) ? -1 : stdoutRead, events: Int16(POLLIN), revents: 0),
                                   pollfd(fd: ended.contains(2) ? -1 : stderrRead, events: Int16(POLLIN), revents: 0)]
                _ = poll(&descriptors, 3, 100)
            }
            pump(milliseconds: 0)
        }
    }

    /// Waits until the program waits for keys with no time limit and none are pending, so that
    /// the next key is taken on its own: not as the tail of a paste (keys within 50 ms of a
    /// paste's end are part of it) nor of an escape sequence. It must hold for 10 ms on end:
    /// input can still be in the kernel's flip buffer, on its way to the line discipline (say
    /// a long paste's end marker). Where /proc cannot say what the program is blocked in (a
    /// secure ask is not dumpable, so not readable without privilege), a person's pause stands
    /// in. Never true under `--timeout`, whose countdown has poll wake up. Returns whether it
    /// came to that, or the program ended.
    /// `program`: the process that reads the keys, when it is not the one started here (a
    /// pinentry started by gpg-agent for the gpg started here).
    @discardableResult
    package func waitUntilWaitingForKeys(seconds: Double = 5, of program: pid_t? = nil) -> Bool {
        let pid = program ?? pid
        guard ask_test_input_wait(pid) >= 0 else {
            pause(milliseconds: 100)
            return true
        }
        var idleSince: Double?
        return wait(seconds: seconds) { process in
            // One that has ended waits for nothing more.
            if program == nil && process.termination != nil { return true }
            var pending: Int32 = 0
            _ = ioctl(process.slave, UInt(FIONREAD), &pending)
            guard pending == 0 && ask_test_input_wait(pid) == 1 else {
                idleSince = nil
                return false
            }
            let now = MonotonicClock.now
            if idleSince == nil { idleSince = now }
            return now - idleSince! >= 0.01
        }
    }

    /// Whether the program is waiting for input with a time limit: for the rest of an escape
    /// sequence or of a paste, or (under `--timeout`) for the countdown's next tick. Nil where
    /// /proc cannot say.
    package var isWaitingBriefly: Bool? {
        let wait = ask_test_input_wait(pid)
        return wait < 0 ? nil : wait == 2
    }

    /// Lets `milliseconds` of quiet pass on the input (a person's pause), reading output meanwhile.
    package func pause(milliseconds: Int) {
        let until = MonotonicClock.now + Double(milliseconds) / 1000
        while MonotonicClock.now < until { pump(milliseconds: 1) }
    }

    package func writeStdin(_ text: String) {
        writeStdin(bytes: Array(text.utf8))
    }

    package func writeStdin(bytes: [UInt8]) {
        bytes.withUnsafeBytes { _ = Descriptor(borrowing: stdinWrite).writeAll($0) }
    }

    /// Closes the parent's end of the stdout pipe, like a reader that went away (EPIPE), then
    /// waits (`seconds` at most) until no process has a read end of that pipe open, so that
    /// the program's next write to stdout fails. Returns nil once none has; otherwise which
    /// processes still have one (pid and command line), or why that could not be checked.
    package func closeStdoutReader(seconds: Double = 5) -> String? {
        // A write end of the same pipe, opened anew so that it is non-blocking without making
        // the program's stdout so: a byte written to it fails with EPIPE exactly when no read
        // end is open anywhere. (The bytes it writes meanwhile are never read.)
        let probe = open("/proc/self/fd/\(stdoutRead)", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        let openError = errno
        var info = stat()
        fstat(stdoutRead, &info)
        Self.closeLastCopy(of: &stdoutRead)
        guard probe >= 0 else { return "cannot open the stdout pipe to check it: \(SystemError(openError).description)" }
        defer { close(probe) }
        var byte: UInt8 = 0
        if wait(seconds: seconds, until: { _ in write(probe, &byte, 1) < 0 && errno == EPIPE }) { return nil }
        let readers = Self.processes(withReadEndOf: info.st_ino)
        return "a read end of the stdout pipe is still open after \(seconds) s, in "
            + (readers.isEmpty ? "no process /proc shows" : readers.joined(separator: ", "))
    }

    /// The processes that have a read end of the pipe `inode` open, each as "pid (command line)".
    static func processes(withReadEndOf inode: ino_t) -> [String] {
        func name(_ entry: UnsafeMutablePointer<dirent>) -> String {
            withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let target = "pipe:[\(inode)]"
        var found: [String] = []
        guard let processes = opendir("/proc") else { return [] }
        defer { closedir(processes) }
        while let process = readdir(processes) {
            let pid = name(process)
            guard Int32(pid) != nil, let descriptors = opendir("/proc/\(pid)/fd") else { continue }
            defer { closedir(descriptors) }
            while let descriptor = readdir(descriptors) {
                let fd = name(descriptor)
                var link = [CChar](repeating: 0, count: 64)
                let count = readlink("/proc/\(pid)/fd/\(fd)", &link, link.count - 1)
                guard count > 0, String(decoding: link[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) == target
                else { continue }
                // Both ends link to the same pipe; fdinfo's flags (octal) tell a read end.
                let fdinfo = String(decoding: readAll("/proc/\(pid)/fdinfo/\(fd)"), as: UTF8.self)
                let flags = fdinfo.split(separator: "\n").first { $0.hasPrefix("flags:") }
                    .flatMap { Int32($0.dropFirst("flags:".count).filter { $0 != "\t" && $0 != " " }, radix: 8) }
                guard let flags, flags & O_ACCMODE == O_RDONLY else { continue }
                let commandLine = readAll("/proc/\(pid)/cmdline").map { $0 == 0 ? UInt8(ascii: " ") : $0 }
                found.append("\(pid) (\(String(decoding: commandLine, as: UTF8.self).dropLast()))")
                break
            }
        }
        return found
    }

    /// Hands the write end of the stdin pipe (`Input.pipe`) to the caller, who closes it (a
    /// writer of its own, say); -1 when there is none.
    package func takeStdinPipe() -> Int32 {
        defer { stdinWrite = -1 }
        return stdinWrite
    }

    package func closeStdin() {
        if stdinWrite >= 0 { Self.closeLastCopy(of: &stdinWrite) }
    }

    /// Closes a pipe end, never while a process is being started (see `spawning`).
    private static func closeLastCopy(of descriptor: inout Int32) {
        let fd = descriptor
        spawning { close(fd) }
        descriptor = -1
    }

    /// Tests run side by side, each starting processes. A child being started holds a copy of
    /// every descriptor of this process until it closes them (just before its exec, while
    /// posix_spawn waits), so a pipe end closed meanwhile would stay open in it (a write would
    /// not see EPIPE, a read not see the end). Starting a process and closing such an end are
    /// therefore never at the same time.
    nonisolated(unsafe) private static let spawnLock: UnsafeMutablePointer<pthread_mutex_t> = {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        return lock
    }()

    @discardableResult
    private static func spawning<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(spawnLock)
        defer { pthread_mutex_unlock(spawnLock) }
        return body()
    }

    package func signal(_ signal: Int32) { kill(pid, signal) }

    /// Resizes the terminal; the kernel sends SIGWINCH to the program. What the program wrote
    /// before is shown first, as a terminal would have shown it before being resized.
    package func resize(rows: Int, columns: Int) {
        while pump(milliseconds: 0) {}
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        terminal.resize(rows: rows, columns: columns)
    }

    /// Hangs up the terminal, as when the window is closed.
    package func hangUp() {
        close(master)
        master = -1
    }

    /// The terminal's settings now.
    package var settingsNow: termios {
        var settings = termios()
        tcgetattr(slave, &settings)
        return settings
    }

    /// Whether the terminal's settings are exactly those from before the program ran.
    package var settingsRestored: Bool { Self.same(settingsBefore, settingsNow) }

    static func same(_ a: termios, _ b: termios) -> Bool {
        var a = a, b = b
        return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
            && withUnsafeBytes(of: &a.c_cc) { x in withUnsafeBytes(of: &b.c_cc) { y in x.elementsEqual(y) } }
    }

    // MARK: - Waiting

    /// What to watch for on the screen (`watch`), and when it first showed: the arrival time of
    /// the output that completed it (`MonotonicClock`), taken as it was read, before this
    /// process spent its own time emulating the terminal.
    private var watched: ((VirtualTerminal) -> Bool)?
    package private(set) var watchedTime: Double?
    /// When the last output to the terminal arrived (`MonotonicClock`), taken as it was read.
    package private(set) var lastOutputTime: Double?

    /// Reads from `master` until `expected` has come back (the terminal echoing typed keys), or
    /// five seconds pass. Returns what was read, or nil if `expected` never came.
    private static func readEcho(of expected: [UInt8], from master: Int32) -> [UInt8]? {
        var echoed: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = MonotonicClock.now + 5
        while !contains(echoed[...], expected) {
            guard MonotonicClock.now < deadline else { return nil }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count > 0 { echoed += buffer[0..<count] }
        }
        return echoed
    }

    /// Notes when `text` first shows on the screen (in `watchedTime`). Call before waiting.
    package func watch(_ text: String) {
        watch { $0.contains(text) }
    }

    /// Notes when the screen first satisfies `condition` (in `watchedTime`). Call before waiting.
    package func watch(_ condition: @escaping (VirtualTerminal) -> Bool) {
        watched = condition
        watchedTime = nil
    }

    /// Reads what is available from the terminal and the pipes, waiting at most `milliseconds`.
    /// Returns whether anything arrived.
    @discardableResult
    package func pump(milliseconds: Int32 = 20) -> Bool {
        // A descriptor at end of file is left out (poll would report it ready for ever).
        var descriptors = [master, stdoutRead, stderrRead].enumerated().map { index, fd in
            pollfd(fd: ended.contains(index) ? -1 : fd, events: Int16(POLLIN), revents: 0)
        }
        guard poll(&descriptors, 3, milliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 65536)
        // Everything available is read first, each piece with its arrival time; only then is
        // the terminal emulated, so that emulating one piece never delays reading the next.
        var arrived: [(index: Int, bytes: [UInt8], time: Double)] = []
        for (index, descriptor) in descriptors.enumerated() where descriptor.revents != 0 {
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, $0.count) }
                if count == 0 && index > 0 { ended.insert(index) }
                guard count > 0 else { break }
                arrived.append((index, Array(buffer[0..<count]), MonotonicClock.now))
            }
        }
        for (index, chunk, time) in arrived {
            switch index {
            case 0:
                transcript += chunk
                terminal.feed(chunk)
                lastOutputTime = time
                if let watched, watchedTime == nil, watched(terminal) { watchedTime = time }
                // The terminal's answers (a cursor report) are input, as a terminal sends them.
                let replies = terminal.takeReplies()
                if !replies.isEmpty && master >= 0 { replies.withUnsafeBytes { _ = Descriptor(borrowing: master).writeAll($0) } }
            case 1: stdout += chunk
            default: stderr += chunk
            }
        }
        return !arrived.isEmpty
    }

    /// Pumps until `condition` holds or `seconds` pass. Returns whether it held.
    @discardableResult
    package func wait(seconds: Double = 5, until condition: (PtyProcess) -> Bool) -> Bool {
        let deadline = MonotonicClock.now + seconds
        while !condition(self) {
            if MonotonicClock.now > deadline { return false }
            pump()
            reap()
        }
        return true
    }

    /// Waits until the screen shows `text`.
    @discardableResult
    package func waitForScreen(_ text: String, seconds: Double = 5) -> Bool {
        wait(seconds: seconds) { $0.terminal.contains(text) }
    }

    /// Waits for the program to end; kills it if it does not within `seconds`.
    @discardableResult
    package func waitForExit(seconds: Double = 5) -> Termination? {
        if !wait(seconds: seconds, until: { $0.termination != nil }) {
            kill(pid, SIGKILL)
            return nil
        }
        while pump(milliseconds: 0) {}
        return termination
    }

    /// Waits until the program is stopped (Ctrl-Z); true if it stopped.
    package func waitForStop(seconds: Double = 5) -> Bool {
        let deadline = MonotonicClock.now + seconds
        while MonotonicClock.now < deadline {
            pump()
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG | WUNTRACED) == pid {
                if status & 0xFF == 0x7F { return true }
                record(status)
                return false
            }
        }
        return false
    }

    private func reap() {
        guard termination == nil else { return }
        if isTraced {
            // Signals the program gets (SIGCHLD, SIGWINCH) stop it under ptrace until passed on.
            guard !isExitStopped else { return }
            var status: Int32 = 0
            var resources = rusage()
            switch ask_test_poll_trace(pid, &status, &resources) {
            case 1: isExitStopped = true
            case 2:
                usage = resources
                record(status)
            default: break
            }
            return
        }
        var status: Int32 = 0
        var resources = rusage()
        if wait4(pid, &status, WNOHANG, &resources) == pid {
            usage = resources
            record(status)
        }
    }

    private func record(_ status: Int32) {
        if status & 0x7F == 0 {
            termination = .exited((status >> 8) & 0xFF)
        } else if status & 0xFF != 0x7F {
            termination = .signaled(status & 0x7F)
        }
    }

    // MARK: - Memory (traced processes)

    /// Whether the traced program is stopped at its exit (seen while waiting for something else).
    private var isExitStopped = false

    /// Waits until the traced program is about to exit, its memory still in place.
    package func waitForExitStop(seconds: Double = 5) -> Bool {
        let deadline = MonotonicClock.now + seconds
        while MonotonicClock.now < deadline {
            if isExitStopped { return true }
            pump()
            var status: Int32 = 0
            var resources = rusage()
            switch ask_test_poll_trace(pid, &status, &resources) {
            case 1: return true
            case 2:
                usage = resources
                record(status)
                return false
            default: continue
            }
        }
        return false
    }

    /// Lets a program stopped at its exit finish, and collects how it ended.
    @discardableResult
    package func finishTracedExit(seconds: Double = 5) -> Termination? {
        isExitStopped = false
        _ = ask_test_continue(pid)
        let deadline = MonotonicClock.now + seconds
        while termination == nil && MonotonicClock.now < deadline {
            pump()
            var status: Int32 = 0
            var resources = rusage()
            if ask_test_poll_trace(pid, &status, &resources) == 2 {
                usage = resources
                record(status)
            }
        }
        while pump(milliseconds: 0) {}
        return termination
    }

    /// What the vector registers held before `deliver` planted a value in them.
    private var savedVectorRegisters: [UInt8]?

    /// Sends `signal` to the traced program (unless something else did: `sending` false) and
    /// lets it be delivered; with `stoppingAtHandlerReturn`, stops the program again as the
    /// handler returns, the frame the kernel saved its registers in still in memory
    /// (`returnFromHandler` lets it go on). `vectorRegisters` (16 bytes) are in every vector
    /// register while the signal comes, as if the program had just copied them (x86_64).
    /// Returns whether it came to that.
    package func deliver(_ signal: Int32, sending: Bool = true, stoppingAtHandlerReturn: Bool,
                        vectorRegisters: [UInt8]? = nil, seconds: Double = 5) -> Bool {
        if sending { kill(pid, signal) }
        let milliseconds = Int32(seconds * 1000)
        let stop: Int32 = stoppingAtHandlerReturn ? 1 : 0
        guard let vectorRegisters else { return ask_test_deliver(pid, signal, stop, nil, nil, milliseconds) == 0 }
        precondition(vectorRegisters.count == 16)
        var saved = [UInt8](repeating: 0, count: max(ask_test_vector_state_size(), 1))
        defer { savedVectorRegisters = saved }
        return ask_test_deliver(pid, signal, stop, vectorRegisters, &saved, milliseconds) == 0
    }

    /// Lets a traced program stopped by `deliver` as its handler returns go on, its vector
    /// registers as they were before anything was planted in them.
    @discardableResult
    package func returnFromHandler(seconds: Double = 5) -> Bool {
        defer { savedVectorRegisters = nil }
        guard let saved = savedVectorRegisters else { return ask_test_return_from_handler(pid, nil, Int32(seconds * 1000)) == 0 }
        return ask_test_return_from_handler(pid, saved, Int32(seconds * 1000)) == 0
    }

    /// The memory regions (from /proc/PID/maps) in which `needle` occurs.
    package func memoryRegions(containing needle: [UInt8]) -> [String] {
        memoryRegions(containingAny: [needle])
    }

    /// The memory regions in which any of `needles` occurs (memory read once).
    package func memoryRegions(containingAny needles: [[UInt8]]) -> [String] {
        var found: [String] = []
        for match in memoryMatches(ofAny: needles) where found.last != match.region { found.append(match.region) }
        return found
    }

    /// Every place in memory where one of `needles` starts: its region's line from
    /// /proc/PID/maps and its address (memory read once).
    package func memoryMatches(ofAny needles: [[UInt8]]) -> [(region: String, address: UInt)] {
        var found: [(region: String, address: UInt)] = []
        let maps = String(decoding: Self.readAll("/proc/\(pid)/maps"), as: UTF8.self)
        let memory = open("/proc/\(pid)/mem", O_RDONLY)
        guard memory >= 0 else { return [("cannot open /proc/\(pid)/mem: \(SystemError(errno).description)", 0)] }
        defer { close(memory) }
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 2, fields[1].hasPrefix("r"), !line.contains("[vvar]"), !line.contains("[vsyscall]") else { continue }
            let bounds = fields[0].split(separator: "-").compactMap { UInt(String($0), radix: 16) }
            guard bounds.count == 2 else { continue }
            var region = [UInt8](repeating: 0, count: Int(bounds[1] - bounds[0]))
            let count = region.withUnsafeMutableBytes { pread(memory, $0.baseAddress, $0.count, off_t(bounds[0])) }
            guard count > 0 else { continue }
            for needle in needles {
                for offset in Self.offsets(of: needle, in: region[0..<count]) { found.append((String(line), bounds[0] + UInt(offset))) }
            }
        }
        return found
    }

    static func contains(_ haystack: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        !offsets(of: needle, in: haystack, first: true).isEmpty
    }

    /// Where `needle` starts in `haystack` (offsets from its start): every place, or the first.
    static func offsets(of needle: [UInt8], in haystack: ArraySlice<UInt8>, first: Bool = false) -> [Int] {
        guard let lead = needle.first, haystack.count >= needle.count else { return [] }
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                var found: [Int] = []
                var start = hay.baseAddress!
                var left = hay.count
                // memchr for the first byte, then memcmp: fast even in a debug build.
                while left >= pin.count, let match = memchr(start, Int32(lead), left - pin.count + 1) {
                    if memcmp(match, pin.baseAddress!, pin.count) == 0 {
                        found.append(UnsafeRawPointer(match) - hay.baseAddress!)
                        if first { break }
                    }
                    let skipped = UnsafeRawPointer(match) - start + 1
                    start += skipped
                    left -= skipped
                }
                return found
            }
        }
    }

    package static func readAll(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        return readAll(fd: fd)
    }

    /// Reads `fd` to its end.
    package static func readAll(fd: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            result += buffer[0..<count]
        }
        return result
    }

    package var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    package var stderrText: String { String(decoding: stderr, as: UTF8.self) }
    package var transcriptText: String { String(decoding: transcript, as: UTF8.self) }
}
