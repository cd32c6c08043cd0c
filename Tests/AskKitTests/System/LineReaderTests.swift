import AskChoices
import AskFields
import AskGauge
@testable import AskKit
import AskPresentation
import AskSystem
import AskTextBox
import Glibc
import TestSupport
import Testing

/// One line from a pipe, a socket or a regular file: up to its newline and not a byte further
/// (what follows is left for the next reader), within a length limit.
struct LineReaderTests {
    enum Source: String, CaseIterable, Sendable {
        case pipe, socket, file
    }

    /// What one `readLine` gave.
    enum Read: Equatable, Sendable {
        case line(String)
        case endOfFile
        case tooLong
        case other
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let input: String
        var maximum = 10
        let reads: [Read]
        /// What is left unread after `reads`.
        let rest: String
        var testDescription: String { name }
    }

    static let long = String(repeating: "0123456789", count: 20_000)  // 200 000 bytes: several blocks

    static let cases: [Case] = [
        Case(name: "lines, then what has no newline", input: "one\ntwo\r\nthree", reads: [.line("one"), .line("two"), .line("three"), .endOfFile], rest: ""),
        Case(name: "one line taken, the rest left", input: "one\ntwo\n", reads: [.line("one")], rest: "two\n"),
        Case(name: "an empty line", input: "\nnext", reads: [.line("")], rest: "next"),
        Case(name: "nothing", input: "", reads: [.endOfFile], rest: ""),
        Case(name: "as long as the limit", input: "0123456789\nnext", reads: [.line("0123456789")], rest: "next"),
        Case(name: "as long as the limit, with CR LF", input: "0123456789\r\nnext", reads: [.line("0123456789")], rest: "next"),
        Case(name: "a byte too long", input: "0123456789a\nnext", reads: [.tooLong], rest: "next"),
        Case(name: "far too long: no more than the limit and a line break is read", input: "0123456789abcdef\nnext",
             reads: [.tooLong], rest: "cdef\nnext"),
        Case(name: "too long at the end of input", input: "0123456789abc", reads: [.tooLong], rest: "c"),
        Case(name: "a line over several blocks", input: long + "\n" + "next\n", maximum: LineReader.maximumLineBytes,
             reads: [.line(long), .line("next")], rest: ""),
    ]

    /// A descriptor of `source` holding `input` (the write end closed), read from the start.
    static func descriptor(_ source: Source, holding input: String) -> Int32 {
        var bytes = Array(input.utf8)
        switch source {
        case .pipe, .socket:
            var fds: [Int32] = [0, 0]
            if source == .pipe {
                _ = pipe(&fds)
                _ = fcntl(fds[1], 1031 /* F_SETPIPE_SZ */, 1 << 20)  // all of it fits
            } else {
                _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds)
                var size: Int32 = 1 << 20
                _ = setsockopt(fds[1], SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            }
            #expect(bytes.withUnsafeBytes { Descriptor(borrowing: fds[1]).writeAll($0) } == nil)
            close(fds[1])
            return fds[0]
        case .file:
            var template = Array("/tmp/ask-line-XXXXXX".utf8CString)
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
            _ = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress, $0.count) }
            lseek(fd, 0, SEEK_SET)
            return fd
        }
    }

    @Test(arguments: cases, Source.allCases)
    func readsOneLineAndNoMore(_ testCase: Case, from source: Source) {
        let fd = Self.descriptor(source, holding: testCase.input)
        defer { close(fd) }
        var reads: [Read] = []
        for _ in testCase.reads {
            switch LineReader.readLine(from: Descriptor(borrowing: fd), maximum: testCase.maximum) {
            case let .line(bytes):
                reads.append(.line(String(decoding: bytes.bytes, as: UTF8.self)))
                bytes.wipe()
            case .endOfFile: reads.append(.endOfFile)
            case .tooLong: reads.append(.tooLong)
            default: reads.append(.other)
            }
        }
        #expect(reads == testCase.reads)
        #expect(String(decoding: PtyProcess.readAll(fd: fd), as: UTF8.self) == testCase.rest)
    }
}
