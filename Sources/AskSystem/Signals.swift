import CAskSystem

/// Signals become bytes on a pipe the event loop polls: the handlers (in C) write the signal
/// number and nothing else, and the loop does the work — restoring the terminal, redrawing,
/// stopping, re-raising.
package enum Signals {
    /// The signals the loop handles.
    package static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH]

    /// The signals by name, for code that does not reach the C library.
    package static let interrupt = SIGINT
    package static let hangUp = SIGHUP
    package static let windowChanged = SIGWINCH
    package static let terminalStop = SIGTSTP
    package static let continued = SIGCONT

    /// Stop and continue: a prompt gives the terminal back while stopped.
    package static let jobControl: [Int32] = [SIGTSTP, SIGCONT]

    /// The signals that end a prompt.
    package static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Starts routing `signals` to the pipe; returns its read end (the process keeps it: it is
    /// borrowed). `secret`: a secret is in memory, so the handlers run on a stack of their own
    /// that `drain` wipes (the kernel saves every register there, typed bytes among them at times).
    package static func install(_ signals: [Int32] = handled, secret: Bool) -> Descriptor {
        if secret { ask_signal_stack_use() }
        let fd = ask_signal_pipe()
        for signal in signals { _ = ask_catch_signal(signal) }
        return Descriptor(borrowing: fd)
    }

    /// A closed stdout is an error to report (status 74), not a death by SIGPIPE. For the
    /// whole process: the command line does this at start; a library call never does.
    package static func ignoreBrokenPipe() {
        ask_ignore_sigpipe()
    }

    /// Puts back what the signals `install` caught did before (the default action for the
    /// command line, a program's own handler for one that embeds the alert; one found ignored,
    /// in a background job, stays ignored).
    package static func uninstall(_ signals: [Int32] = handled) {
        for signal in signals { _ = ask_release_signal(signal) }
        ask_signal_stack_wipe()
    }

    /// After `uninstall`: the first terminating signal noted on the pipe since the loop last
    /// drained it. It arrived before anything was written, so the caller ends as interrupted
    /// by it instead of dropping it.
    package static func lateTermination(_ pipe: Descriptor) -> Int32? {
        drain(pipe).first { terminating.contains($0) }
    }

    /// Holds the terminating signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT) from here to the exit:
    /// called just before the answer starts to go out, so that a signal can no longer cut it
    /// short or follow a whole answer with a death. A signal held is dropped when the process
    /// exits with the status it settled (0 once the answer is written).
    package static func holdTerminating() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in terminating { sigaddset(&set, signal) }
        sigprocmask(SIG_BLOCK, &set, nil)
    }

    /// Lets the terminating signals through again (one that came while they were held is
    /// delivered now): the answer written, another box follows.
    package static func releaseTerminating() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in terminating { sigaddset(&set, signal) }
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }

    /// Reads the signals noted since the last call, oldest first, and wipes the frames their
    /// handlers left: each holds every register the program had when the signal came, typed
    /// text among them at times.
    package static func drain(_ pipe: Descriptor) -> [Int32] {
        defer { ask_signal_stack_wipe() }
        var result: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while case let .success(count) = buffer.withUnsafeMutableBytes({ pipe.read(into: $0) }), count > 0 {
            result += buffer[0..<count].map { Int32($0) }
        }
        return result
    }

    /// Stops the process the way the terminal's suspend key would (the caller has restored the
    /// terminal first). Returns once continued.
    package static func stopSelf() {
        ask_stop_self()
    }

    /// Dies of `signal` as if it had never been caught, so the parent sees the real cause.
    /// Delivers `signal` to what the program does with it (its own handler, its default
    /// action, or nothing when it ignores it), as it would have been had it not been caught.
    package static func deliver(_ signal: Int32) {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
    }

    package static func reraise(_ signal: Int32) -> Never {
        _ = ask_default_signal(signal)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        exit(128 + signal)
    }

    /// Restores the terminal on a crash signal before dying (armed while in raw mode).
    package static func armCrashGuard(terminal: Terminal, reset: [UInt8]) {
        var saved = terminal.original
        reset.withUnsafeBytes { bytes in
            ask_crash_guard_arm(terminal.descriptor.raw, &saved, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
        }
    }

    /// Replaces what the armed crash guard writes (the alert moved, say).
    package static func updateCrashGuard(reset: [UInt8]) {
        reset.withUnsafeBytes { bytes in
            ask_crash_guard_update(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count)
        }
    }

    package static func disarmCrashGuard() { ask_crash_guard_disarm() }
}
