import CAskSystem

/// A file descriptor with the IO every caller needs (retries on EINTR and partial writes). One
/// this process opened is owned: it is closed when the last reference to it goes. One it was
/// given — standard input, output and error, a client's — is borrowed and never closed here.
package final class Descriptor: Sendable {
    /// The descriptor's number, for the C library.
    package let raw: Int32
    private let owned: Bool

    /// Takes `raw` as this process's own: closed with the last reference.
    package init(owning raw: Int32) {
        self.raw = raw
        owned = true
    }

    /// Uses `raw` without owning it.
    package init(borrowing raw: Int32) {
        self.raw = raw
        owned = false
    }

    deinit {
        if owned { _ = CAskSystem.close(raw) }
    }

    package static let standardInput = Descriptor(borrowing: 0)
    package static let standardOutput = Descriptor(borrowing: 1)
    package static let standardError = Descriptor(borrowing: 2)

    /// Writes every byte, retrying on EINTR and partial writes.
    @discardableResult
    package func writeAll(_ bytes: UnsafeRawBufferPointer) -> SystemError? {
        writeAll(CollectionOfOne(bytes))
    }

    /// Writes every byte of `parts`, in order, with `writev`; retries as `writeAll` does.
    @discardableResult
    package func writeAll(_ parts: some Collection<UnsafeRawBufferPointer>) -> SystemError? {
        let fd = raw
        // The vectors live on the stack: every frame is written through here.
        return withUnsafeTemporaryAllocation(of: iovec.self, capacity: max(parts.count, 1)) { vectors in
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
    package func writeAll(_ text: String) -> SystemError? {
        var text = text
        return text.withUTF8 { writeAll(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `bytes`, ignoring failure (a terminal that is gone).
    package func write(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { writeAll($0) }
    }

    /// Opens the file at `path` for reading (closed on exec), owned. A directory is refused as
    /// its first read would be (EISDIR). `nonBlocking`: the open never waits (a FIFO without a
    /// writer opens at once), and neither do reads — poll before reading.
    package static func open(forReading path: String, nonBlocking: Bool = false) -> Result<Descriptor, SystemError> {
        let fd = ask_open(path, O_RDONLY | O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0))
        guard fd >= 0 else { return .failure(SystemError.last) }
        let descriptor = Descriptor(owning: fd)
        if FileStatus.of(fd)?.isDirectory == true { return .failure(SystemError(EISDIR)) }
        return .success(descriptor)
    }

    /// Whether it is a regular file: read to its end at once, never waited for (a FIFO or a
    /// device may make a reader wait).
    package var isRegularFile: Bool {
        FileStatus.of(raw)?.isRegularFile == true
    }

    /// Opens (creating or truncating) the file at `path` for writing, owned.
    package static func open(forWriting path: String, mode: UInt32 = 0o644) -> Result<Descriptor, SystemError> {
        let fd = ask_open_mode(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        return fd >= 0 ? .success(Descriptor(owning: fd)) : .failure(SystemError.last)
    }

    /// Reads what is there, at most `buffer.count` bytes: the count, 0 at end of file.
    package func read(into buffer: UnsafeMutableRawBufferPointer) -> Result<Int, SystemError> {
        let count = CAskSystem.read(raw, buffer.baseAddress, buffer.count)
        return count < 0 ? .failure(SystemError.last) : .success(count)
    }

    /// Whether it is a terminal.
    package var isTerminal: Bool { isatty(raw) == 1 }

    /// Whether descriptor `raw` is open.
    package static func isOpen(_ raw: Int32) -> Bool { ask_is_open(raw) != 0 }
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

/// Waiting for several descriptors at once, each watched under a name of the caller's.
package enum Poll {
    /// What a descriptor is watched for.
    package enum Interest: Sendable {
        /// Something to read (or its end, or a failure: a read says which).
        case input
        /// The other end went away (a pipe's reader, a socket's peer) of a descriptor written to.
        case hangUp
    }

    /// One descriptor to watch, and the name it is reported by.
    package struct Watch<Name> {
        package let descriptor: Descriptor
        package let interest: Interest
        package let name: Name

        package init(_ descriptor: Descriptor, for interest: Interest = .input, as name: Name) {
            self.descriptor = descriptor
            self.interest = interest
            self.name = name
        }
    }

    /// Waits until one of `watches` is ready, at most `milliseconds` (-1: for ever). The names
    /// of those ready, in the order watched; nil when the time ran out.
    package static func wait<Name>(for watches: [Watch<Name>], milliseconds: Int32) -> Result<[Name]?, SystemError> {
        var descriptors = watches.map { watch in
            pollfd(fd: watch.descriptor.raw, events: watch.interest == .input ? Int16(POLLIN) : 0, revents: 0)
        }
        let ready = poll(&descriptors, nfds_t(descriptors.count), milliseconds)
        if ready < 0 { return .failure(SystemError.last) }
        if ready == 0 { return .success(nil) }
        var names: [Name] = []
        for (index, watch) in watches.enumerated() {
            let wanted = watch.interest == .input ? Int16(POLLIN | POLLHUP | POLLERR) : Int16(POLLHUP | POLLERR)
            if descriptors[index].revents & wanted != 0 { names.append(watch.name) }
        }
        return .success(names)
    }

    /// Waits until `descriptor` can be read, at most `milliseconds` (-1: for ever): false when
    /// the time ran out.
    package static func wait(forInputOn descriptor: Descriptor, milliseconds: Int32) -> Result<Bool, SystemError> {
        wait(for: [Watch(descriptor, as: 0)], milliseconds: milliseconds).map { $0 != nil }
    }
}

/// Whole files, read and written at once (the documentation generator's).
package enum FileContents {
    /// The bytes of the file at `path`, or the error that stopped the read: EFBIG once more than
    /// `limit` bytes are there.
    package static func read(_ path: String, limit: Int = .max) -> Result<[UInt8], SystemError> {
        let file: Descriptor
        switch Descriptor.open(forReading: path) {
        case let .success(opened): file = opened
        case let .failure(error): return .failure(error)
        }
        var result: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 65536)
        while true {
            switch block.withUnsafeMutableBytes({ file.read(into: $0) }) {
            case .failure(.interrupted): continue
            case let .failure(error): return .failure(error)
            case .success(0): return .success(result)
            case let .success(count):
                guard result.count + count <= limit else { return .failure(SystemError(EFBIG)) }
                result += block[0..<count]
            }
        }
    }

    /// The files under `directory` and its directories whose names end in `ending`, sorted
    /// (those whose names begin with a dot left out); none when it cannot be listed.
    package static func files(under directory: String, ending: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var files: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".") { continue }
            let path = directory + "/" + name
            if entry.pointee.d_type == UInt8(DT_DIR) { files += Self.files(under: path, ending: ending) } else if name.hasSuffix(ending) { files.append(path) }
        }
        return files.sorted()
    }

    /// Writes `text` as the whole of the file at `path` (created, or truncated).
    package static func write(_ text: String, to path: String) -> SystemError? {
        switch Descriptor.open(forWriting: path) {
        case let .success(file): return file.writeAll(text)
        case let .failure(error): return error
        }
    }
}
