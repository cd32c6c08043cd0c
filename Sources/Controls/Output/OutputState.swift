import AskModel

/// What a command-output box shows: the last lines of an output, made safe as they come, and
/// how long it has run. Fed bytes (`take`) until the output ends (`end`).
///
/// Nothing the output holds reaches the terminal as a control: escape sequences (colours,
/// cursor moves, titles: CSI, OSC, DCS and the rest, as ECMA-48 frames them) are taken out
/// whole, other control characters dropped, a tab made spaces to the next stop of eight, a
/// backspace takes back the character before it, and a carriage return not followed by a line
/// feed starts its line again (a progress counter rewritten in place shows its last value).
/// A string sequence (OSC, DCS) ends at a line feed too, so that an unterminated one cannot
/// swallow the rest of the output.
///
/// Memory is bounded whatever the output: the last `keptLines` lines, each its first
/// `longestLine` bytes (the rest of a longer line is cut). A piece of output with more lines
/// than that is read from where its last `keptLines` lines begin: the lines before would be
/// dropped unseen, so a command writing a lot costs a look at its last lines per read.
package struct OutputState {
    /// Lines kept (more than any terminal shows).
    package static let keptLines = 256
    /// Bytes kept of one line.
    package static let longestLine = 4096

    /// The lines, a ring: `lines[newest]` is the line being written.
    private var lines: [[UInt8]]
    private var newest = 0
    /// The finished lines kept, before the newest.
    private var finished = 0
    /// A carriage return came: the next character starts the line again.
    private var returned = false
    private var escape = Escape.ground

    /// Bytes taken so far.
    package private(set) var byteCount = 0
    /// The output ended.
    package private(set) var isEnded = false
    /// When it began, and the time now (the controller's clock), for the time it has run.
    package private(set) var started: Double?
    package private(set) var now = 0.0
    /// What the box says it shows while it runs (the command), if anything.
    package let label: String
    /// Whether the time it has run is shown (a command's).
    package let showsClock: Bool
    /// Once ended, it waits for its OK.
    package let waitsForOK: Bool
    /// A followed file: it never ends by itself.
    package let isFollowing: Bool
    /// The rows of output the box would show.
    package let rowsWanted: Int
    /// Lines finished so far (of those read: a long piece's lines before its last are skipped).
    package private(set) var lineCount = 0

    /// Where an escape sequence being taken out is.
    private enum Escape {
        case ground, escape, intermediate, csi, string, stringEscape
    }

    package init(spec: OutputSpec) {
        lines = Array(repeating: [], count: Self.keptLines)
        label = spec.label
        showsClock = spec.runsCommand
        waitsForOK = spec.waitsForOK || spec.isFollowing
        isFollowing = spec.isFollowing
        rowsWanted = spec.rows
    }

    /// The time passing (before anything else, it marks the start).
    package mutating func clock(_ now: Double) {
        if started == nil { started = now }
        self.now = now
    }

    /// Whole seconds since it began.
    package var elapsed: Int { Int(max(now - (started ?? now), 0)) }

    /// The newest lines, oldest first, at most `count` of them (the line being written counts
    /// once it has something).
    package func lastLines(_ count: Int, open includesOpen: Bool = true) -> [[UInt8]] {
        let open = lines[newest].isEmpty || !includesOpen ? 0 : 1
        let available = finished + open
        let shown = min(max(count, 0), available)
        var result: [[UInt8]] = []
        result.reserveCapacity(shown)
        // The newest `shown` of the finished lines then the open one.
        let first = newest - finished + (available - shown)
        for offset in 0..<shown {
            let index = ((first + offset) % Self.keptLines + Self.keptLines) % Self.keptLines
            result.append(lines[index])
        }
        return result
    }

    /// Takes a piece of the output.
    package mutating func take(_ bytes: UnsafeRawBufferPointer) {
        byteCount += bytes.count
        var start = 0
        // Only the last `keptLines` lines of a long piece can be seen: start where they begin.
        if bytes.count > Self.keptLines * 8 {
            var breaks = 0
            var index = bytes.count - 1
            while index >= 0 {
                if bytes[index] == 0x0A {
                    breaks += 1
                    if breaks == Self.keptLines { break }
                }
                index -= 1
            }
            if index >= 0 {
                start = index + 1
                for line in lines.indices { lines[line].removeAll(keepingCapacity: true) }
                finished = Self.keptLines - 1
                newest = 0
                returned = false
                escape = .ground
            }
        }
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            switch escape {
            case .ground:
                if byte >= 0x20 && byte != 0x7F {
                    // A run of text at once.
                    var end = index + 1
                    while end < bytes.count, bytes[end] >= 0x20, bytes[end] != 0x7F { end += 1 }
                    append(UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
                    index = end
                    continue
                }
                control(byte)
            case .escape:
                switch byte {
                case UInt8(ascii: "["): escape = .csi
                case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"): escape = .string
                case 0x20...0x2F: escape = .intermediate
                case 0x1B: break
                case 0x0A, 0x18, 0x1A:
                    escape = .ground
                    control(byte)
                default: escape = .ground
                }
            case .intermediate, .csi:
                switch byte {
                case 0x1B: escape = .escape
                case 0x0A, 0x18, 0x1A:
                    escape = .ground
                    control(byte)
                case 0x40...0x7E where escape == .csi, 0x30...0x7E where escape == .intermediate: escape = .ground
                default: break
                }
            case .string, .stringEscape:
                switch byte {
                case 0x07, 0x18, 0x1A: escape = .ground
                case 0x0A:
                    escape = .ground
                    control(byte)
                case 0x1B: escape = .stringEscape
                case UInt8(ascii: "\\") where escape == .stringEscape: escape = .ground
                default: escape = .string
                }
            }
            index += 1
        }
    }

    /// The line being written, unfinished.
    package var openLine: [UInt8] { lines[newest] }

    /// The output ended.
    package mutating func end() {
        isEnded = true
    }

    private mutating func append(_ text: UnsafeRawBufferPointer) {
        if returned {
            lines[newest].removeAll(keepingCapacity: true)
            returned = false
        }
        let room = Self.longestLine - lines[newest].count
        guard room > 0 else { return }
        lines[newest].append(contentsOf: text.prefix(room))
    }

    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x0A:
            newest = (newest + 1) % Self.keptLines
            lines[newest].removeAll(keepingCapacity: true)
            finished = min(finished + 1, Self.keptLines - 1)
            lineCount += 1
            returned = false
        case 0x0D:
            returned = true
        case 0x09:
            let spaces = 8 - lines[newest].count % 8
            withUnsafeBytes(of: (UInt64(0x2020_2020_2020_2020))) { append(UnsafeRawBufferPointer(rebasing: $0.prefix(spaces))) }
        case 0x08:
            // The character before: its UTF-8 continuation bytes, then its first.
            while let last = lines[newest].popLast(), last & 0xC0 == 0x80 {}
        case 0x1B:
            escape = .escape
        default:
            break
        }
    }
}
