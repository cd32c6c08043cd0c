import CAskSystem

/// The names in a directory, each with whether it is a directory (a link followed).
package enum Directory {
    /// The entries of `path` (`.` and `..` among them), or nil when it cannot be read.
    package static func entries(_ path: String) -> [(name: String, isDirectory: Bool)]? {
        guard let stream = opendir(path) else { return nil }
        defer { closedir(stream) }
        var entries: [(name: String, isDirectory: Bool)] = []
        var type: UInt8 = 0
        while let entry = ask_next_entry(stream, &type) {
            let name = String(cString: entry)
            var isDirectory = type == UInt8(DT_DIR)
            if type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN) {
                isDirectory = FileStatus.at(path.hasSuffix("/") ? path + name : path + "/" + name)?.isDirectory == true
            }
            entries.append((name, isDirectory))
        }
        return entries
    }
}

/// A file of lines kept across runs (a field's history): read from its end, so that a long file
/// opens as fast as a short one; appended to under a lock, one line in one write, so that no line
/// is lost when several processes answer at once; and held to its last lines, rewritten whole
/// through a temporary file renamed over it, under the same lock.
package enum LineFile {
    /// The last `count` lines of the file at `path`, oldest first (none when there is no file).
    package static func lastLines(_ path: String, count: Int) -> Result<[String], SystemError> {
        let fd = ask_open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return errno == ENOENT ? .success([]) : .failure(.last) }
        return lastLines(of: Descriptor(owning: fd), count: count).map { $0.lines }
    }

    /// Why the file at `path` cannot be read, if it cannot (none when there is no file: it is
    /// made when the first line is appended).
    package static func checkReadable(_ path: String) -> SystemError? {
        guard case let .failure(error) = Descriptor.open(forReading: path), error.code != ENOENT else { return nil }
        return error
    }

    /// Appends `line` to the file at `path` (created, readable by its owner only) unless it is
    /// already the last; then keeps only its last `keeping` lines.
    package static func append(_ line: String, to path: String, keeping: Int) -> SystemError? {
        while true {
            let fd = ask_open_mode(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
            guard fd >= 0 else { return .last }
            let file = Descriptor(owning: fd)
            while flock(fd, LOCK_EX) != 0 {
                guard errno == EINTR else { return .last }
            }
            // Another process renamed a shorter file over this one while this waited: that one
            // is the file now.
            guard let held = FileStatus.of(fd) else { return .last }
            guard let named = FileStatus.at(path), named.isSameFile(as: held) else { continue }
            var kept: (lines: [String], more: Bool)
            switch lastLines(of: file, count: keeping) {
            case let .success(read): kept = read
            case let .failure(error): return error
            }
            if kept.lines.last == line { return nil }
            if let error = file.writeAll(line + "\n") { return error }
            kept.lines.append(line)
            guard kept.more || kept.lines.count > keeping else { return nil }
            return replace(path, with: kept.lines.suffix(keeping))
        }
    }

    /// The file at `path` replaced by `lines` at once: written to a temporary file beside it,
    /// then renamed over it (the caller holds the lock).
    private static func replace(_ path: String, with lines: ArraySlice<String>) -> SystemError? {
        let temporary = path + ".\(getpid()).tmp"
        let fd = ask_open_mode(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return .last }
        let file = Descriptor(owning: fd)
        if let error = file.writeAll(lines.map { $0 + "\n" }.joined()) ?? (fsync(fd) == 0 ? nil : .last) {
            unlink(temporary)
            return error
        }
        guard rename(temporary, path) == 0 else {
            let error = SystemError.last
            unlink(temporary)
            return error
        }
        return nil
    }

    /// The last `count` lines of `file`, read a block at a time from its end, no further back
    /// than where they begin; `more`: the file holds something before them.
    private static func lastLines(of file: Descriptor, count: Int) -> Result<(lines: [String], more: Bool), SystemError> {
        guard let info = FileStatus.of(file.raw) else { return .failure(.last) }
        let size = Int(info.size)
        var end = size
        var blocks: [[UInt8]] = []
        // Where the lines wanted begin, once the line break before them is found: the one
        // `count` breaks back from the last line's end (a last line break ends the last line).
        var begin: Int?
        var breaksLeft = count
        while end > 0 && begin == nil {
            let length = min(65536, end)
            var block = [UInt8](repeating: 0, count: length)
            let read = block.withUnsafeMutableBytes { pread(file.raw, $0.baseAddress, length, off_t(end - length)) }
            if read < 0 {
                if errno == EINTR { continue }
                return .failure(.last)
            }
            guard read == length else { return .failure(SystemError(EIO)) }
            end -= length
            block.withUnsafeBufferPointer { bytes in
                for index in stride(from: length - 1, through: 0, by: -1) where bytes[index] == 0x0A {
                    if end + index == size - 1 { continue }  // the last line's own break
                    breaksLeft -= 1
                    if breaksLeft == 0 {
                        begin = end + index + 1
                        return
                    }
                }
            }
            blocks.append(block)
        }
        let start = begin ?? 0
        var tail: [UInt8] = []
        tail.reserveCapacity(size - start)
        for block in blocks.reversed() { tail += block }
        let lines = tail[(start - (size - tail.count))...].split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        return .success((lines, start > 0))
    }
}
