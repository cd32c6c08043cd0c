import CAskSystem

/// Reads one line from a descriptor the way the shell's `read` does: never past the newline,
/// so that several `ask` calls can share one piped stdin and take a line each.
public enum LineReader {
    public enum Result {
        /// The line, without its `\n` or `\r\n`, in memory that is wiped after use.
        case line(SecureBytes)
        /// End of file before any byte.
        case endOfFile
        case timedOut
        /// A terminating signal arrived (only when a signal pipe was given).
        case interrupted(Int32)
        case failed(Int32)
    }

    /// Reads up to and including the next `\n` (or to end of file). A regular file is read in
    /// blocks and the offset put back just past the newline; anything else, a byte at a time.
    /// `deadline` is a `MonotonicClock` time after which it gives up.
    /// `signals`: the signal pipe to watch as well (see `Signals`), when the caller must restore
    /// something before dying.
    public static func readLine(from fd: Int32, deadline: Double? = nil, signals: Int32? = nil) -> Result {
        let line = SecureBytes(capacity: 256)
        var sawAnything = false
        let seekable = lseek(fd, 0, SEEK_CUR) >= 0 && isRegularFile(fd)
        var block = [UInt8](repeating: 0, count: seekable ? 4096 : 1)
        defer { for index in block.indices { block[index] = 0 } }
        while true {
            if deadline != nil || signals != nil {
                let remaining = deadline.map { $0 - MonotonicClock.now } ?? 60
                if !(remaining > 0) { line.wipe(); return .timedOut }  // NaN too: never a trap below
                var descriptors = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
                                   pollfd(fd: signals ?? -1, events: Int16(POLLIN), revents: 0)]
                let ready = poll(&descriptors, 2, Int32(min(remaining * 1000, 60_000).rounded(.up)))
                if ready < 0 && errno != EINTR { line.wipe(); return .failed(errno) }
                if let signals, descriptors[1].revents != 0,
                   let signal = Signals.drain(signals).first(where: Signals.terminating.contains) {
                    line.wipe()
                    return .interrupted(signal)
                }
                if ready <= 0 || descriptors[0].revents == 0 { continue }
            }
            let count = block.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                line.wipe()
                return .failed(errno)
            }
            if count == 0 { break }
            sawAnything = true
            if let newline = block[0..<count].firstIndex(of: 0x0A) {
                for byte in block[0..<newline] { line.append(byte) }
                if seekable { lseek(fd, off_t(newline + 1 - count), SEEK_CUR) }
                break
            }
            for byte in block[0..<count] { line.append(byte) }
        }
        if !sawAnything { return .endOfFile }
        if line.count > 0 && line.pointer[line.count - 1] == 0x0D { line.remove((line.count - 1)..<line.count) }
        return .line(line)
    }

    private static func isRegularFile(_ fd: Int32) -> Bool {
        ask_is_regular_file(fd) != 0
    }
}

/// Monotonic seconds, for deadlines.
public enum MonotonicClock {
    public static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
