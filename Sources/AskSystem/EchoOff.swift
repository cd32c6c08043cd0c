import CAskSystem

/// Echo turned off on a terminal, for a secret typed at a plain `read`-style prompt.
package final class EchoOff {
    private let fd: Int32
    private var saved = termios()
    private var active = false

    /// Nil unless `fd` is a terminal.
    package init?(fd: Int32) {
        guard isatty(fd) == 1, tcgetattr(fd, &saved) == 0 else { return nil }
        self.fd = fd
        silence()
    }

    private func silence() {
        var quiet = saved
        quiet.c_lflag &= ~tcflag_t(ECHO)
        quiet.c_lflag |= tcflag_t(ECHONL)
        active = tcsetattr(fd, TCSANOW, &quiet) == 0
    }

    package func restore() {
        guard active else { return }
        tcsetattr(fd, TCSANOW, &saved)
        active = false
    }

    /// Ctrl-Z: the echo comes back for the shell while stopped, and goes again once
    /// continued. Continued after a stop that could not be caught (SIGSTOP), the echo goes
    /// again too: the shell may have put it back meanwhile.
    package func follow(_ signal: Int32) {
        switch signal {
        case SIGTSTP:
            restore()
            Signals.stopSelf()
            silence()
        case SIGCONT:
            silence()
        default:
            break
        }
    }

    deinit { restore() }
}
