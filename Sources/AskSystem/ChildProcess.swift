import CAskSystem

/// A command `ask` runs, as a terminal runs a job: in a session and process group of its own,
/// without a terminal (what would open /dev/tty, sudo asking for a password, fails at once with
/// its own words rather than stopping in a background group), its standard output and error into
/// a pipe `ask` reads, its standard input /dev/null (the keys are the alert's), its signals at
/// their defaults. Stopped as Ctrl-C stops a job: the signal to its whole group, then SIGCONT.
package final class ChildProcess: Sendable {
    package let pid: Int32

    /// How a command ended.
    package enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)

        /// The status a shell gives it (128 and the signal's number for a signal).
        package var status: Int32 {
            switch self {
            case let .exited(status): status
            case let .signalled(signal): 128 + signal
            }
        }
    }

    private init(pid: Int32) { self.pid = pid }

    /// Starts `arguments` (the program looked for on PATH): the process and the read end of its
    /// output (closed on exec, so no later child holds it), or why it could not start.
    package static func start(_ arguments: [String]) -> Result<(ChildProcess, Descriptor), SystemError> {
        var ends: [Int32] = [-1, -1]
        guard let program = arguments.first else { return .failure(SystemError(ENOENT)) }
        if let missing = findProblem(program) { return .failure(missing) }
        guard ask_pipe_cloexec(&ends) == 0 else { return .failure(.last) }
        let output = Descriptor(owning: ends[0]), input = Descriptor(owning: ends[1])
        var strings = arguments.map { strdup($0) }
        defer { for string in strings { free(string) } }
        strings.append(nil)
        let pid = strings.withUnsafeMutableBufferPointer { ask_spawn($0.baseAddress, input.raw) }
        guard pid > 0 else { return .failure(.last) }
        _ = ask_set_nonblocking(output.raw)
        return .success((ChildProcess(pid: pid), output))
    }

    /// Why `program` cannot be run, found as the shell finds it: itself when it names a path,
    /// else the first executable file of that name in a directory of PATH (an unset PATH is left
    /// to posix_spawnp). Said before anything starts, so that a program not found is the same
    /// error everywhere, under qemu-user too (whose emulated vfork hides the exec's failure).
    package static func findProblem(_ program: String) -> SystemError? {
        func executable(_ path: String) -> SystemError? {
            guard let info = FileStatus.at(path) else { return .last }
            guard !info.isDirectory else { return SystemError(EACCES) }
            return access(path, X_OK) == 0 ? nil : .last
        }
        if program.contains("/") { return executable(program) }
        guard let path = ProcessEnvironment.value("PATH") else { return nil }
        var problem = SystemError(ENOENT)
        for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + program
            guard let found = executable(candidate) else { return nil }
            // As execvp: a file there that cannot be run is said rather than "not found".
            if found.code == EACCES { problem = found }
        }
        return problem
    }

    /// Sends `signal` to its process group (SIGINT: as a terminal's Ctrl-C would), then SIGCONT,
    /// so that a stopped one takes it.
    package func signal(_ signal: Int32) {
        _ = ask_signal_group(pid, signal)
    }

    /// Waits for it to end.
    package func wait() -> Ending {
        let status = ask_wait_child(pid)
        return status < 0 ? .signalled(-status) : .exited(status)
    }

    /// A file of `ask`'s own in the temporary directory (`TMPDIR`, else /tmp), named from
    /// `prefix`, for what must outlive a call: its path and descriptor.
    package static func temporaryFile(_ prefix: String) -> Result<(String, Descriptor), SystemError> {
        let directory = ProcessEnvironment.value("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((directory + "/" + prefix + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { ask_make_temporary($0.baseAddress!) }
        guard fd >= 0 else { return .failure(.last) }
        return .success((String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self), Descriptor(owning: fd)))
    }

    /// Removes the file at `path`.
    package static func remove(_ path: String) {
        _ = unlink(path)
    }
}
