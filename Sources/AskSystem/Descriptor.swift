import CAskSystem

/// Plain descriptor IO with the retries every caller needs.
package enum Descriptor {
    /// Writes every byte, retrying on EINTR and partial writes.
    @discardableResult
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> SystemError? {
        writeAll(fd, CollectionOfOne(bytes))
    }

    /// Writes every byte of `parts`, in order, with `writev`; retries as `writeAll` does.
    @discardableResult
    package static func writeAll(_ fd: Int32, _ parts: some Collection<UnsafeRawBufferPointer>) -> SystemError? {
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
                    return SystemError.last
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
            return nil
        }
    }

    /// Writes a whole string (diagnostics and help).
    @discardableResult
    package static func writeAll(_ fd: Int32, _ text: String) -> SystemError? {
        var text = text
        return text.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
    }

    /// Writes `bytes`, ignoring failure (a terminal that is gone).
    package static func write(_ fd: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { writeAll(fd, $0) }
    }

    /// Opens the file at `path` for reading (closed on exec). A directory is refused as its
    /// first read would be (EISDIR). `nonBlocking`: the open never waits (a FIFO without a
    /// writer opens at once), and neither do reads — poll before reading.
    package static func openForReading(_ path: String, nonBlocking: Bool = false) -> Result<Int32, SystemError> {
        let fd = ask_open(path, O_RDONLY | O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0))
        guard fd >= 0 else { return .failure(SystemError.last) }
        var info = stat()
        if fstat(fd, &info) == 0 && info.st_mode & UInt32(S_IFMT) == UInt32(S_IFDIR) {
            close(fd)
            return .failure(SystemError(EISDIR))
        }
        return .success(fd)
    }

    package static func close(_ fd: Int32) {
        _ = CAskSystem.close(fd)
    }

    /// Reads what is there, at most `buffer.count` bytes: the count, 0 at end of file.
    package static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, SystemError> {
        let count = CAskSystem.read(fd, buffer.baseAddress, buffer.count)
        return count < 0 ? .failure(SystemError.last) : .success(count)
    }

    /// Whether `fd` is open.
    package static func isOpen(_ fd: Int32) -> Bool { ask_is_open(fd) != 0 }

    /// Whether `fd` is a terminal.
    package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
}

/// Descriptors 0, 1 and 2 as found at start.
package struct StandardStreams: Sendable {
    package let stdinOpen: Bool
    package let stdoutOpen: Bool

    /// Notes which of 0, 1, 2 are open, and fills the closed ones with /dev/null, so that
    /// /dev/tty, opened later, can never land on fd 1 and receive the answer.
    package static func secure() -> StandardStreams {
        let open = (0...2).map { Descriptor.isOpen(Int32($0)) }
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

/// Waiting for input on two descriptors at once (the terminal and the signal pipe).
package enum Poll {
    /// Which of them can be read (all but the second: or have hung up, or failed).
    package struct Readiness: Equatable, Sendable {
        package var first: Bool
        package var second: Bool
        package var third = false
        package var fourth = false
        /// `closed`'s other end went away (a pipe's reader, a socket's peer).
        package var closed = false
    }

    /// Waits until `first`, `second`, `third` or `fourth` (-1: none) can be read, or the other
    /// end of `closed` (a descriptor written to; -1: none) goes away, at most `milliseconds`
    /// (-1: for ever). Nil when the time ran out.
    package static func readable(_ first: Int32, _ second: Int32, _ third: Int32 = -1, _ fourth: Int32 = -1,
                                 closed: Int32 = -1, milliseconds: Int32) -> Result<Readiness?, SystemError> {
        var descriptors = [pollfd(fd: first, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: second, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: third, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: fourth, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: closed, events: 0, revents: 0)]
        let ready = poll(&descriptors, 5, milliseconds)
        if ready < 0 { return .failure(SystemError.last) }
        if ready == 0 { return .success(nil) }
        let ended = Int16(POLLIN | POLLHUP | POLLERR)
        return .success(Readiness(first: descriptors[0].revents & ended != 0, second: descriptors[1].revents & Int16(POLLIN) != 0,
                                  third: descriptors[2].revents & ended != 0, fourth: descriptors[3].revents & ended != 0,
                                  closed: descriptors[4].revents & Int16(POLLHUP | POLLERR) != 0))
    }
}

/// Whole files, read and written at once (the documentation generator's).
package enum FileContents {
    /// The bytes of the file at `path`, or the error that stopped the read.
    package static func read(_ path: String) -> Result<[UInt8], SystemError> {
        let fd = ask_open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(SystemError.last) }
        defer { close(fd) }
        var result: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = block.withUnsafeMutableBytes { CAskSystem.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(SystemError.last)
            }
            if count == 0 { return .success(result) }
            result += block[0..<count]
        }
    }

    /// Writes `text` as the whole of the file at `path` (created, or truncated).
    package static func write(_ text: String, to path: String) -> SystemError? {
        let fd = ask_open_mode(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return SystemError.last }
        defer { close(fd) }
        return Descriptor.writeAll(fd, text)
    }
}
