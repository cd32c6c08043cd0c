import AskSystem
import Glibc
import TestSupport

// What the tests of the files that ship beside the binary (man page, completions, README,
// Makefile) and of other programs use.

/// Where the package's files are.
enum Paths {
    /// The package root: this file is Tests/EndToEndTests/Support/ProjectFiles.swift.
    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    static let manPage = root + "/man/ask.1"
    static let bash = root + "/completions/ask.bash"
    static let zsh = root + "/completions/_ask"
    static let fish = root + "/completions/ask.fish"
    /// The languages ask has catalogs for: po/LL.po.
    static let languages = FileContents.files(under: root + "/po", ending: ".po").map { String($0.split(separator: "/").last!.dropLast(3)) }
}

/// External tools, and whether a missing one skips its tests (the default) or fails them
/// (ASK_REQUIRE_TOOLS set).
enum Tools {
    static let required = getenv("ASK_REQUIRE_TOOLS") != nil

    static func path(_ name: String) -> String? {
        let search = (getenv("PATH").map { String(cString: $0) } ?? "") + ":/usr/bin:/bin:/usr/local/bin"
        return search.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    /// Whether tests that need `name` run: it is installed, or it has to be.
    static func available(_ name: String) -> Bool { required || path(name) != nil }

    static func require(_ name: String) throws -> String {
        guard let path = path(name) else {
            throw PtyProcess.Failure("\(name) is not installed, and ASK_REQUIRE_TOOLS is set")
        }
        return path
    }
}

/// Files, programs and text, for the tests of what ships beside the binary.
enum Util {
    /// Runs a program without a terminal and waits for it (10 s at most).
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> PtyProcess {
        let process = try PtyProcess(arguments, executable: executable, environment: environment, input: .null,
                                     controllingTerminal: false)
        guard process.waitForExit(seconds: 10) != nil else {
            throw PtyProcess.Failure("\(executable) \(arguments) did not finish: \(process.stderrText)")
        }
        return process
    }

    static func readBytes(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PtyProcess.Failure("cannot open \(path): \(SystemError(errno).description)") }
        defer { close(fd) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            result += buffer[0..<count]
        }
        return result
    }

    static func readText(_ path: String) throws -> String { String(decoding: try Util.readBytes(path), as: UTF8.self) }

    /// Writes a file, creating its directories.
    static func writeFile(_ path: String, _ contents: String) throws {
        var directory = ""
        for part in path.split(separator: "/").dropLast() {
            directory += "/" + part
            if mkdir(directory, 0o755) != 0 && errno != EEXIST { throw PtyProcess.Failure("mkdir \(directory)") }
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw PtyProcess.Failure("cannot create \(path)") }
        defer { close(fd) }
        var contents = contents
        guard contents.withUTF8({ Descriptor(borrowing: fd).writeAll(UnsafeRawBufferPointer($0)) }) == nil else {
            throw PtyProcess.Failure("cannot write \(path)")
        }
    }

    /// Every file and directory under `directory`, as full paths.
    static func listing(_ directory: String) throws -> (files: Set<String>, directories: Set<String>) {
        var files: Set<String> = [], directories: Set<String> = []
        func walk(_ path: String) throws {
            guard let handle = opendir(path) else { throw PtyProcess.Failure("cannot list \(path)") }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name == "." || name == ".." { continue }
                let full = path + "/" + name
                var info = stat()
                guard lstat(full, &info) == 0 else { throw PtyProcess.Failure("cannot stat \(full)") }
                if info.st_mode & S_IFMT == S_IFDIR {
                    directories.insert(full)
                    try walk(full)
                } else {
                    files.insert(full)
                }
            }
        }
        try walk(directory)
        return (files, directories)
    }

    /// A line of roff as plain text: `\-` a hyphen, fonts and zero-width escapes gone.
    static func plain(_ line: String) -> String {
        var result = ""
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            let next = line.index(after: index)
            guard character == "\\", next < line.endIndex else {
                result.append(character)
                index = next
                continue
            }
            switch line[next] {
            case "-": result.append("-"); index = line.index(after: next)
            case "e": result.append("\\"); index = line.index(after: next)
            case "&": index = line.index(after: next)
            case "f": index = line.index(next, offsetBy: 2, limitedBy: line.endIndex) ?? line.endIndex
            case "(":
                let name = line[line.index(after: next)...].prefix(2)
                result.append(["aq": "'", "lq": "\"", "rq": "\"", "bu": "*"][String(name)] ?? "?")
                index = line.index(next, offsetBy: 3, limitedBy: line.endIndex) ?? line.endIndex
            default: result.append(line[next]); index = line.index(after: next)
            }
        }
        return result
    }

    /// The text a font macro line sets (`.BR LC_ALL ", " LANG` is `LC_ALL, LANG`); other lines as they are.
    static func macroText(_ line: String) -> String {
        guard line.hasPrefix(".") else { return line }
        let parts = Util.shellWords(line)
        let alternating = ["BR", "RB", "BI", "IB", "IR", "RI"].contains(String(parts.first?.dropFirst() ?? ""))
        return parts.dropFirst().joined(separator: alternating ? "" : " ")
    }

    /// Splits a shell line into words, honouring single and double quotes; stops at a comment.
    static func shellWords(_ line: String) -> [String] {
        var result: [String] = []
        var current = "", inWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { result.append(current) }
                current = ""
                inWord = false
            } else if character == "#" && !inWord {
                break
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { result.append(current) }
        return result
    }

    static func trimmed<S: StringProtocol>(_ text: S) -> String {
        String(text.drop { $0 == " " || $0 == "\n" }.reversed().drop { $0 == " " || $0 == "\n" }.reversed())
    }

    static func unquoted<S: StringProtocol>(_ text: S) -> String {
        Util.trimmed(text).filter { $0 != "\"" }
    }

    /// The text between the first `start` and the following `end` (or the end of `text`).
    static func section(of text: String, after start: String, before end: String) -> String {
        guard let from = text.firstRange(of: start) else { return "" }
        let rest = text[from.upperBound...]
        return String(rest.firstRange(of: end).map { rest[..<$0.lowerBound] } ?? rest)
    }

}
