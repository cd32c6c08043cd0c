import Glibc

/// A directory under /tmp for one test, removed when released.
package final class TemporaryDirectory {
    package let path: String

    package init() {
        var template = Array("/tmp/ask-test-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit {
        _ = try? PtyProcess(["-rf", path], executable: "/bin/rm", input: .null, controllingTerminal: false).waitForExit()
    }

    /// Writes a file (mode 0600 unless given).
    package func write(_ name: String, _ contents: String, mode: mode_t = 0o600) {
        let fd = open(path + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, mode)
        var contents = contents
        contents.withUTF8 { _ = Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    /// Reads a file as text.
    package func read(_ name: String) -> String {
        let fd = open(path + "/" + name, O_RDONLY)
        defer { close(fd) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            result += buffer[0..<count]
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// A symbolic link `name` in this directory pointing at `target`; returns its path.
    package func link(_ name: String, to target: String) -> String {
        symlink(target, path + "/" + name)
        return path + "/" + name
    }
}
