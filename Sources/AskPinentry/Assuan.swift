import AskMemory

/// The Assuan protocol's lines, as GnuPG speaks it to a pinentry on its standard input and
/// output: requests one a line, `OK` or `ERR` to end each, `D` lines of data, `S` status lines,
/// `#` comments, `INQUIRE` to ask the client. Bytes only: nothing here reads or writes.
package enum Assuan {
    /// The longest request line taken, its CR (if any) counted, its LF not: what fits the
    /// protocol's 1000 bytes and CR LF. A longer one ends the conversation.
    package static let maximumRequestLength = 1001
    /// A `D` line is ended once it holds this many bytes ("D " and escapes counted): with the
    /// LF and an escape that may make it three bytes longer, it stays within 1000 bytes.
    static let dataLineLimit = 998
    /// At most this many bytes of the passphrase go into an `INQUIRE QUALITY` line, so that it
    /// fits one line however escaped.
    package static let qualityInquiryLimit = 300

    /// A request's argument with `%XX` decoded: a `%` followed by two more bytes stands for the
    /// byte they spell in hex (a description's `%0A` line breaks); anything else stays as it is.
    package static func percentDecoded(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%"), bytes.endIndex - index >= 3 {
                result.append(hexValue(bytes[index + 1]) << 4 | hexValue(bytes[index + 2]))
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    /// A hex digit's value (anything else counts as its low bits, as the C `xtoi` does not
    /// check either; never more than 15).
    private static func hexValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return byte & 0x0F
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// `data` as `D` lines, each byte given to `emit`: `%`, CR and LF escaped as `%25`, `%0D`,
    /// `%0A`; a new line once one is full. Nothing for no data.
    package static func encodeData(_ data: UnsafeRawBufferPointer, _ emit: (UInt8) -> Void) {
        var length = 0
        for byte in data {
            if length == 0 {
                emit(UInt8(ascii: "D"))
                emit(UInt8(ascii: " "))
                length = 2
            }
            if byte == UInt8(ascii: "%") || byte == 0x0D || byte == 0x0A {
                emitEscaped(byte, emit)
                length += 3
            } else {
                emit(byte)
                length += 1
            }
            if length >= dataLineLimit {
                emit(0x0A)
                length = 0
            }
        }
        if length > 0 { emit(0x0A) }
    }

    /// `data` as `D` lines (text that is not secret).
    package static func dataLines(_ data: [UInt8]) -> [UInt8] {
        var lines: [UInt8] = []
        data.withUnsafeBytes { bytes in encodeData(bytes) { lines.append($0) } }
        return lines
    }

    /// The line that asks the client how good `passphrase` is (its first
    /// `qualityInquiryLimit` bytes), into `line`: spaces as `+`, control bytes, `+` and `%` as
    /// `%XX`, as the agent decodes it (pinentry leaves `%` as it is, so that `50%ab` reaches
    /// the agent as other text).
    package static func qualityInquiry(_ passphrase: UnsafeRawBufferPointer, into line: SecureBytes) {
        for byte in "INQUIRE QUALITY ".utf8 { line.append(byte) }
        for byte in passphrase.prefix(qualityInquiryLimit) {
            if byte < 0x20 || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "%") {
                emitEscaped(byte) { line.append($0) }
            } else {
                line.append(byte == UInt8(ascii: " ") ? UInt8(ascii: "+") : byte)
            }
        }
        line.append(0x0A)
    }

    private static func emitEscaped(_ byte: UInt8, _ emit: (UInt8) -> Void) {
        emit(UInt8(ascii: "%"))
        emit(hexDigits[Int(byte >> 4)])
        emit(hexDigits[Int(byte & 0x0F)])
    }

    /// The number at the start of `bytes`, as C's `atoi` reads it (0 when there is none).
    package static func integer(_ bytes: ArraySlice<UInt8>) -> Int {
        var rest = bytes.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        var sign = 1
        if let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            sign = first == UInt8(ascii: "-") ? -1 : 1
            rest = rest.dropFirst()
        }
        var value = 0
        for byte in rest {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"), value < 1_000_000_000 else { break }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return sign * value
    }

    /// A line the server writes, ended.
    package static func line(_ text: String) -> [UInt8] { Array(text.utf8) + [0x0A] }
}

/// Request lines as they arrive, in pieces of any size: complete lines out, a CR before the LF
/// dropped.
package struct AssuanInput: Sendable {
    private var pending: [UInt8] = []
    /// Where the search for the next LF starts (what is before it has none).
    private var searched = 0

    package init() {}

    package enum Next: Equatable, Sendable {
        case line([UInt8])
        /// More than `Assuan.maximumRequestLength` bytes without an LF.
        case tooLong
        /// No complete line yet.
        case none
    }

    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        pending.append(contentsOf: bytes)
    }

    /// Whether a piece of a line is waiting (at the end of input: an incomplete last line).
    package var hasPartialLine: Bool { !pending.isEmpty }

    /// Whether a whole line (or too much for one) is waiting: reading more can wait until it
    /// has been taken.
    package var holdsLine: Bool { pending.count > Assuan.maximumRequestLength || pending.contains(0x0A) }

    /// Puts `line`, taken by `next()`, back in front, to be taken again.
    package mutating func putBack(_ line: [UInt8]) {
        pending.insert(contentsOf: line + [0x0A], at: 0)
        searched = 0
    }

    package mutating func next() -> Next {
        if let end = pending[searched...].firstIndex(of: 0x0A) {
            var line = Array(pending[..<end])
            pending.removeSubrange(...end)
            searched = 0
            if line.count > Assuan.maximumRequestLength { return .tooLong }
            if line.last == 0x0D { line.removeLast() }
            return .line(line)
        }
        searched = pending.count
        return pending.count > Assuan.maximumRequestLength ? .tooLong : .none
    }
}

/// An `ERR` reply: a libgpg-error code (its source in the top byte), its text and its source's
/// name, as libassuan writes them, and what the server adds after ` - `.
package struct AssuanError: Equatable, Sendable {
    package var code: UInt32
    package var text: String
    package var source: String
    package var detail: String?

    init(_ code: UInt32, _ text: String, _ source: String, detail: String? = nil) {
        self.code = code
        self.text = text
        self.source = source
        self.detail = detail
    }

    /// The error sources GnuPG names: pinentry's own, and libassuan's ("User defined source 1").
    private static let pinentry: UInt32 = 5 << 24
    private static let assuan: UInt32 = 32 << 24

    package static let cancelled = AssuanError(pinentry | 99, "Operation cancelled", "Pinentry")
    /// Ctrl-C, or a terminating signal (the agent's SIGINT when its own client went away): gpg
    /// then asks no further.
    package static let fullyCancelled = AssuanError(pinentry | 198, "Operation fully cancelled", "Pinentry")
    package static let notConfirmed = AssuanError(pinentry | 114, "Not confirmed", "Pinentry")
    package static let timeout = AssuanError(pinentry | 62, "Timeout", "Pinentry")
    package static let unknownOption = AssuanError(pinentry | 174, "Unknown option", "Pinentry")
    package static let parameter = AssuanError(pinentry | 280, "IPC parameter error", "Pinentry")
    package static let unknownCommand = AssuanError(assuan | 275, "Unknown IPC command", "User defined source 1")
    package static let notImplemented = AssuanError(assuan | 69, "Not implemented", "User defined source 1")
    /// HELP for a command that is not one.
    package static let noSuchCommand = AssuanError(assuan | 175, "Unknown command", "User defined source 1")
    /// HELP for a command without a help text.
    package static let notFound = AssuanError(assuan | 27, "Not found", "User defined source 1")

    /// A system error (`errno`, as Linux numbers it, and its text, strerror's) as pinentry-curses
    /// reports one — a terminal it could not open or set up — in libgpg-error's codes: gpg-agent
    /// passes it on, and gpg says the text ("Permission denied") where a cancel would say
    /// "Operation cancelled". An errno libgpg-error has no code for is its "Unknown system error".
    package static func system(_ errno: Int32, _ text: String) -> AssuanError {
        guard let index = systemCodes[errno] else { return AssuanError(pinentry | 16382, "Unknown system error", "Pinentry") }
        return AssuanError(pinentry | 1 << 15 | index, text, "Pinentry")
    }

    /// libgpg-error's code (after GPG_ERR_SYSTEM_ERROR) for each errno opening and setting up a
    /// terminal may give, by Linux's numbers.
    private static let systemCodes: [Int32: UInt32] = [
        1: 107,  // EPERM
        2: 81,  // ENOENT
        4: 47,  // EINTR
        5: 49,  // EIO
        6: 104,  // ENXIO
        9: 11,  // EBADF
        11: 6,  // EAGAIN
        12: 86,  // ENOMEM
        13: 1,  // EACCES
        14: 36,  // EFAULT
        16: 19,  // EBUSY
        19: 80,  // ENODEV
        20: 97,  // ENOTDIR
        21: 51,  // EISDIR
        22: 48,  // EINVAL
        23: 75,  // ENFILE
        24: 65,  // EMFILE
        25: 102,  // ENOTTY
        26: 134,  // ETXTBSY
        28: 91,  // ENOSPC
        30: 122,  // EROFS
        36: 69,  // ENAMETOOLONG
        40: 63,  // ELOOP
        75: 106,  // EOVERFLOW
        122: 34,  // EDQUOT
    ]

    package static func syntax(_ detail: String) -> AssuanError {
        AssuanError(assuan | 276, "IPC syntax error", "User defined source 1", detail: detail)
    }

    /// `ERR 83886179 Operation cancelled <Pinentry>`, ended.
    package var line: [UInt8] {
        Assuan.line("ERR \(code) \(text) <\(source)>" + (detail.map { " - " + $0 } ?? ""))
    }
}

/// The client's answer to `INQUIRE QUALITY`, a line at a time: the first `D` line's number
/// (clamped to -100…100), until END — or CAN or ERR, which end it too. `#` comments pass.
package struct QualityAnswer: Equatable, Sendable {
    package private(set) var value: Int?

    package init() {}

    package enum Step: Equatable, Sendable {
        /// Part of the answer; more is to come.
        case more
        /// The answer is complete.
        case done
        /// Not part of an answer (a request): the client has given up on the inquiry.
        case notAnAnswer
    }

    /// Takes one line.
    package mutating func take(_ line: [UInt8]) -> Step {
        for end in ["END", "CAN", "ERR"] where line.starts(with: end.utf8) && (line.count == 3 || line[3] == UInt8(ascii: " ")) {
            return .done
        }
        if line.first == UInt8(ascii: "#") { return .more }
        guard line.count >= 2, line[0] == UInt8(ascii: "D"), line[1] == UInt8(ascii: " ") else { return .notAnAnswer }
        if value == nil { value = min(max(Assuan.integer(line[2...]), -100), 100) }
        return .more
    }
}
