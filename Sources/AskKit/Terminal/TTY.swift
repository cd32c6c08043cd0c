import CAskSystem

/// Why `ask` could not put an alert on a terminal.
public enum TerminalError: Error, Equatable, Sendable {
    /// No controlling terminal (CI, cron, `setsid`): `/dev/tty` cannot be opened.
    case noTerminal(reason: String)
    /// The terminal was there but refused to be set up.
    case setupFailed(reason: String)

    public var message: String {
        switch self {
        case let .noTerminal(reason): return "no terminal to prompt on: cannot open /dev/tty (\(reason))"
        case let .setupFailed(reason): return "cannot set up the terminal: \(reason)"
        }
    }
}

/// The controlling terminal: the only place `ask` draws and reads keys. All termios and
/// terminal-descriptor code is here.
public final class TTY {
    public let fd: Int32
    /// The settings found on opening, restored on every way out.
    public let original: termios
    private(set) var isRaw = false
    /// The settings raw mode set, to tell later whether someone changed them.
    private var rawSettings = termios()

    /// Opens `/dev/tty` read-write, without making it the controlling terminal and without
    /// leaking it into children.
    public init(path: String = "/dev/tty") throws(TerminalError) {
        let fd = ask_open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw TerminalError.noTerminal(reason: Errno.describe(errno)) }
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else {
            let reason = Errno.describe(errno)
            close(fd)
            throw TerminalError.noTerminal(reason: reason)
        }
        self.fd = fd
        original = settings
    }

    deinit {
        restore()
        close(fd)
    }

    /// Raw mode: bytes as typed, no echo, no signals from keys, no output processing.
    /// TCSAFLUSH drops type-ahead, so keys pressed before the alert do not end up in the answer.
    public func enterRawMode() throws(TerminalError) {
        var raw = original
        cfmakeraw(&raw)
        raw.c_cflag |= tcflag_t(CREAD)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        var result: Int32
        repeat { result = tcsetattr(fd, TCSAFLUSH, &raw) } while result != 0 && errno == EINTR
        guard result == 0 else { throw TerminalError.setupFailed(reason: Errno.describe(errno)) }
        isRaw = true
        rawSettings = raw
    }

    /// Whether the terminal is still in the raw mode `enterRawMode` set (nobody changed it since).
    public var isStillRaw: Bool {
        guard isRaw else { return false }
        var now = termios()
        guard tcgetattr(fd, &now) == 0 else { return false }
        var set = rawSettings
        return now.c_iflag == set.c_iflag && now.c_oflag == set.c_oflag && now.c_cflag == set.c_cflag
            && now.c_lflag == set.c_lflag
            && withUnsafeBytes(of: &now.c_cc) { a in withUnsafeBytes(of: &set.c_cc) { b in a.elementsEqual(b) } }
    }

    /// Puts back the settings found on opening (idempotent).
    public func restore() {
        guard isRaw else { return }
        var settings = original
        var result: Int32
        repeat { result = tcsetattr(fd, TCSADRAIN, &settings) } while result != 0 && errno == EINTR
        isRaw = false
    }

    /// The terminal's size; 24×80 when it does not say.
    public func size() -> TerminalSize {
        var rows: UInt16 = 0, columns: UInt16 = 0
        if ask_window_size(fd, &rows, &columns) == 0, rows > 0, columns > 0 {
            return TerminalSize(rows: Int(rows), columns: Int(columns))
        }
        return TerminalSize(rows: 24, columns: 80)
    }

    /// Writes all of `bytes`; gives up quietly when the terminal is gone.
    public func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { FileDescriptor.writeAll(fd, $0) }
    }
}

/// Plain descriptor IO with the retries every caller needs.
public enum FileDescriptor {
    /// Writes every byte, retrying on EINTR and partial writes. Returns errno on failure, 0 on success.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        writeAll(fd, CollectionOfOne(bytes))
    }

    /// Writes every byte of `parts`, in order, with `writev`; retries as `writeAll` does.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ parts: some Collection<UnsafeRawBufferPointer>) -> Int32 {
        // The vectors live on the stack: every frame is written through here.
        withUnsafeTemporaryAllocation(of: iovec.self, capacity: max(parts.count, 1)) { vectors in
            var count = 0
            for part in parts where !part.isEmpty {
                vectors[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: part.baseAddress), iov_len: part.count)
                count += 1
            }
            var first = 0
            while first < count {
                let written = writev(fd, vectors.baseAddress! + first, Int32(count - first))
                if written < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN {
                        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                        _ = poll(&descriptor, 1, 1000)
                        continue
                    }
                    return errno
                }
                var left = written
                while first < count && left >= vectors[first].iov_len {
                    left -= vectors[first].iov_len
                    first += 1
                }
                if left > 0 {
                    vectors[first].iov_base += left
                    vectors[first].iov_len -= left
                }
            }
            return 0
        }
    }

    /// Whether `fd` is open.
    public static func isOpen(_ fd: Int32) -> Bool { ask_is_open(fd) != 0 }
}

/// Error numbers as words.
public enum Errno {
    public static func describe(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}

extension TerminalError {
    public var exitStatus: Int32 {
        switch self {
        case .noTerminal: return ExitStatus.noTerminal
        case .setupFailed: return ExitStatus.noTerminal
        }
    }
}

extension FileDescriptor {
    /// Writes a whole string (diagnostics and help).
    @discardableResult
    public static func writeAll(_ fd: Int32, _ text: String) -> Int32 {
        var text = text
        return text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
    }
}

/// Descriptors 0, 1 and 2 as found at start.
public struct StandardStreams {
    public let stdinOpen: Bool
    public let stdoutOpen: Bool

    /// Notes which of 0, 1, 2 are open, and fills the closed ones with /dev/null, so that
    /// /dev/tty, opened later, can never land on fd 1 and receive the answer.
    public static func secure() -> StandardStreams {
        let open = (0...2).map { FileDescriptor.isOpen(Int32($0)) }
        for fd: Int32 in 0...2 where !open[Int(fd)] {
            let null = ask_open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != fd {
                dup2(null, fd)
                close(null)
            }
        }
        return StandardStreams(stdinOpen: open[0], stdoutOpen: open[1])
    }
}
