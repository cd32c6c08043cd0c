import AskMemory
import CAskSystem

/// Reads one line from a descriptor the way the shell's `read` does: never past the newline,
/// so that several `ask` calls can share one piped stdin and take a line each.
package enum LineReader {
    package enum Result {
        /// The line, without its `\n` or `\r\n`, in memory that is wiped after use.
        case line(SecureBytes)
        /// End of file before any byte.
        case endOfFile
        /// The line goes on past `maximumLineBytes` (what was read of it is wiped).
        case tooLong
        case timedOut
        /// A terminating signal arrived (only when a signal pipe was given).
        case interrupted(Int32)
        case failed(SystemError)
    }

    /// The longest line taken, not counting its line break: 1 MiB. An answer is one line of
    /// a text field (a 1 MiB paste fills the alert's field too); past this, input is more
    /// likely a file or a device read by mistake (`< /dev/zero`) than an answer, and reading
    /// on would only hold more of it in locked memory.
    package static let maximumLineBytes = 1 << 20

    /// The most read at once: what a pipe holds by default.
    static let blockSize = 65536

    /// Reads up to and including the next `\n` (or to end of file), and not a byte further: a
    /// regular file in blocks with the offset put back just past the newline, a pipe or socket
    /// by looking at what is waiting first (`ask_peek`) and taking only the line, a terminal in
    /// canonical mode a line per read (the terminal never gives more), anything else a byte at
    /// a time. `deadline` is a `MonotonicClock` time after which it gives up. `signals`: the
    /// signal pipe to watch as well (see `Signals`), when the caller must restore something
    /// before dying; a terminating signal ends the read, any other goes to `jobControl`
    /// (Ctrl-Z: the caller gives the terminal back, stops, and takes it again).
    package static func readLine(from input: Descriptor, deadline: Double? = nil, signals: Descriptor? = nil,
                                jobControl: ((Int32) -> Void)? = nil, maximum: Int = maximumLineBytes) -> Result {
        let fd = input.raw
        let line = SecureBytes(capacity: 256)
        var kind = ask_input_kind(fd)
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: kind == ASK_INPUT_OTHER ? 1 : blockSize, alignment: 16)
        defer {
            Memory.wipe(block)
            block.deallocate()
        }
        // Bytes taken so far, the line break included: the line, a `\r`, the `\n`.
        var taken = 0
        var sawNewline = false
        while !sawNewline {
            if deadline != nil || signals != nil {
                switch wait(for: input, deadline: deadline, signals: signals, jobControl: jobControl) {
                case .ready: break
                case .notYet: continue
                case let .ended(result):
                    line.wipe()
                    return result
                }
            }
            guard taken < maximum + 2 else {
                line.wipe()
                return .tooLong
            }
            let count = readPiece(from: fd, kind: &kind, into: UnsafeMutableRawBufferPointer(rebasing: block[0..<min(block.count, maximum + 2 - taken)]))
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // A descriptor someone made non-blocking: wait as a blocking read would
                    // (through `wait`, when there is a deadline or a signal pipe to watch).
                    if deadline == nil && signals == nil { _ = Poll.wait(forInputOn: input, milliseconds: -1) }
                    continue
                }
                line.wipe()
                return .failed(SystemError.last)
            }
            if count == 0 { break }
            taken += count
            var length = count
            if let end = lineEnd(in: UnsafeRawBufferPointer(rebasing: block[0..<count])) {
                sawNewline = true
                length = end - 1
            }
            line.insert(UnsafeRawBufferPointer(rebasing: block[0..<length]), at: line.count)
            Memory.wipe(block.baseAddress, count: count)
        }
        if taken == 0 { return .endOfFile }
        if line.count > 0 && line.pointer[line.count - 1] == 0x0D { line.remove((line.count - 1)..<line.count) }
        guard line.count <= maximum else {
            line.wipe()
            return .tooLong
        }
        return .line(line)
    }

    /// Reads into `block` at most its size and never past a newline, so the piece ends at the
    /// first newline if it holds one. Returns the count, 0 at end of file, -1 (errno set).
    private static func readPiece(from fd: Int32, kind: inout Int32, into block: UnsafeMutableRawBufferPointer) -> Int {
        switch kind {
        case ASK_INPUT_FILE:
            let count = read(fd, block.baseAddress, block.count)
            guard count > 0, let end = lineEnd(in: UnsafeRawBufferPointer(rebasing: block[0..<count])), end < count else { return count }
            lseek(fd, off_t(end - count), SEEK_CUR)
            return end
        case ASK_INPUT_PIPE, ASK_INPUT_SOCKET:
            let waiting = ask_peek(fd, block.baseAddress, block.count)
            if waiting < 0 && errno != EINTR && errno != EAGAIN {
                // Cannot be looked at after all (tee refused by the kernel or a seccomp
                // filter, no descriptor left for the private pipe): a byte at a time.
                kind = ASK_INPUT_OTHER
                return read(fd, block.baseAddress, 1)
            }
            guard waiting > 0 else { return waiting }
            let wanted = lineEnd(in: UnsafeRawBufferPointer(rebasing: block[0..<waiting])) ?? waiting
            // What was looked at is what is read (this is the only reader); were someone else
            // reading too, the bytes read are the ones that count.
            return read(fd, block.baseAddress, wanted)
        case ASK_INPUT_LINES:
            return read(fd, block.baseAddress, block.count)
        default:
            return read(fd, block.baseAddress, 1)
        }
    }

    /// The count of bytes up to and including the first newline, if there is one.
    private static func lineEnd(in bytes: UnsafeRawBufferPointer) -> Int? {
        Memory.firstOffset(of: 0x0A, in: bytes).map { $0 + 1 }
    }

    private enum Wait {
        case ready
        case notYet
        case ended(Result)
    }

    /// What is waited on.
    private enum Source { case input, signals }

    /// Waits until `input` can be read, the deadline passes or a terminating signal comes.
    private static func wait(for input: Descriptor, deadline: Double?, signals: Descriptor?, jobControl: ((Int32) -> Void)?) -> Wait {
        let remaining = deadline.map { $0 - MonotonicClock.now } ?? 60
        if !(remaining > 0) { return .ended(.timedOut) }  // NaN too: never a trap below
        var watches = [Poll.Watch(input, as: Source.input)]
        if let signals { watches.append(Poll.Watch(signals, as: .signals)) }
        let ready: [Source]
        switch Poll.wait(for: watches, milliseconds: Int32(min(remaining * 1000, 60_000).rounded(.up))) {
        case let .success(names?): ready = names
        case .success(nil), .failure(.interrupted): return .notYet
        case let .failure(error): return .ended(.failed(error))
        }
        if let signals, ready.contains(.signals) {
            for signal in Signals.drain(signals) {
                if Signals.terminating.contains(signal) { return .ended(.interrupted(signal)) }
                jobControl?(signal)
            }
        }
        return ready.contains(.input) ? .ready : .notYet
    }
}
