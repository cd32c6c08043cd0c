import CAskSystem

/// Why an alert could not be put on a terminal.
package enum TerminalError: Error, Equatable, Sendable {
    /// No terminal at `path` (CI, cron, `setsid` for `/dev/tty`): it cannot be opened, or is not a terminal.
    case noTerminal(path: String, SystemError)
    /// The terminal was there but refused to be set up.
    case setupFailed(SystemError)
}

/// A terminal opened by path (the controlling one, `/dev/tty`, unless told otherwise): the
/// only place `ask` draws and reads keys. All termios and terminal-descriptor code is here.
package final class Terminal {
    /// Owned: closed after the settings are restored, when the terminal goes away.
    package let descriptor: Descriptor
    private var fd: Int32 { descriptor.raw }
    /// The settings found on opening, restored on every way out.
    package let original: termios
    package private(set) var isRaw = false
    /// The settings raw mode set, to tell later whether someone changed them.
    private var rawSettings = termios()

    /// The terminal's size in cells.
    package struct Size: Equatable, Sendable {
        package var rows: Int
        package var columns: Int
        package init(rows: Int, columns: Int) {
            self.rows = rows
            self.columns = columns
        }
    }

    /// Opens `path` read-write, without making it the controlling terminal and without
    /// leaking it into children.
    package init(path: String = "/dev/tty") throws(TerminalError) {
        let fd = ask_open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw TerminalError.noTerminal(path: path, SystemError.last) }
        let descriptor = Descriptor(owning: fd)
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { throw TerminalError.noTerminal(path: path, SystemError.last) }
        self.descriptor = descriptor
        original = settings
    }

    deinit {
        restore()
    }

    /// Raw mode: bytes as typed, no echo, no signals from keys, no output processing.
    /// TCSAFLUSH drops type-ahead, so keys pressed before the alert do not end up in the answer.
    package func enterRawMode() throws(TerminalError) {
        var raw = original
        cfmakeraw(&raw)
        raw.c_cflag |= tcflag_t(CREAD)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        var result: Int32
        repeat { result = tcsetattr(fd, TCSAFLUSH, &raw) } while result != 0 && errno == EINTR
        guard result == 0 else { throw TerminalError.setupFailed(SystemError.last) }
        isRaw = true
        rawSettings = raw
    }

    /// Whether the terminal is still in the raw mode `enterRawMode` set (nobody changed it since).
    package var isStillRaw: Bool {
        guard isRaw else { return false }
        var now = termios()
        guard tcgetattr(fd, &now) == 0 else { return false }
        return Self.same(now, rawSettings)
    }

    /// Whether two sets of settings are the same, field by field.
    package static func same(_ a: termios, _ b: termios) -> Bool {
        var a = a, b = b
        return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
            && withUnsafeBytes(of: &a.c_cc) { x in withUnsafeBytes(of: &b.c_cc) { y in x.elementsEqual(y) } }
    }

    /// Puts back the settings found on opening (idempotent).
    package func restore() {
        guard isRaw else { return }
        var settings = original
        var result: Int32
        repeat { result = tcsetattr(fd, TCSADRAIN, &settings) } while result != 0 && errno == EINTR
        isRaw = false
    }

    /// The terminal's size; 24×80 when it does not say.
    package func size() -> Size {
        var rows: UInt16 = 0, columns: UInt16 = 0
        if ask_window_size(fd, &rows, &columns) == 0, rows > 0, columns > 0 {
            return Size(rows: Int(rows), columns: Int(columns))
        }
        return Size(rows: 24, columns: 80)
    }

    /// Writes all of `bytes`; gives up quietly when the terminal is gone.
    package func write(_ bytes: [UInt8]) {
        descriptor.write(bytes)
    }
}
