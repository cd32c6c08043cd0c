import CAskSystem

/// Signals become bytes on a pipe the event loop polls: the handlers (in C) write the signal
/// number and nothing else, and the loop does the work — restoring the terminal, redrawing,
/// stopping, re-raising.
public enum Signals {
    /// The signals the loop handles.
    public static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH]

    /// The signals that end a prompt.
    public static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Starts routing `signals` to the pipe; returns its read end.
    public static func install(_ signals: [Int32] = handled) -> Int32 {
        let fd = ask_signal_pipe()
        for signal in signals { _ = ask_catch_signal(signal) }
        ignoreBrokenPipe()
        return fd
    }

    /// A closed stdout is an error to report (status 74), not a death by SIGPIPE.
    public static func ignoreBrokenPipe() {
        ask_ignore_sigpipe()
    }

    /// Puts the default actions back for the signals `install` caught (one it found ignored,
    /// in a background job, stays ignored).
    public static func uninstall(_ signals: [Int32] = handled) {
        for signal in signals { _ = ask_release_signal(signal) }
    }

    /// Reads the signals noted since the last call, oldest first.
    public static func drain(_ fd: Int32) -> [Int32] {
        var result: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            result += buffer[0..<count].map { Int32($0) }
        }
        return result
    }

    /// Stops the process the way the terminal's suspend key would (the caller has restored the
    /// terminal first). Returns once continued.
    public static func stopSelf() {
        _ = ask_default_signal(SIGTSTP)
        raise(SIGTSTP)
        _ = ask_catch_signal(SIGTSTP)
    }

    /// Dies of `signal` as if it had never been caught, so the parent sees the real cause.
    public static func reraise(_ signal: Int32) -> Never {
        _ = ask_default_signal(signal)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        exit(128 + signal)
    }

    /// Restores the terminal on a crash signal before dying (armed while in raw mode).
    public static func armCrashGuard(tty: TTY, reset: [UInt8]) {
        var saved = tty.original
        reset.withUnsafeBytes { bytes in
            ask_crash_guard_arm(tty.fd, &saved, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
        }
    }

    /// Replaces what the armed crash guard writes (the alert moved, say).
    public static func updateCrashGuard(reset: [UInt8]) {
        reset.withUnsafeBytes { bytes in
            ask_crash_guard_update(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
        }
    }

    public static func disarmCrashGuard() { ask_crash_guard_disarm() }
}
