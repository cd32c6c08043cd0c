import AskModel

/// A gauge: a bar a task fills as it reports its progress (`--gauge`), read from standard input
/// a line at a time in the form whiptail's and dialog's gauges read:
///
///     10                  a percentage: the bar shows it (0 to 100; past either end, that end)
///     XXX                 a block: the next line is the percentage, the lines after it until
///     50                  the closing XXX are the new message (`\n` written out is a line
///     Copying the files   break, as in the message given)
///     XXX
///
/// A line that does not begin with a number (spaces and a sign allowed before it) is ignored.
/// Side by side with the real programs: dialog reads all of this so; whiptail (newt 0.52) takes
/// only a line that is a number and nothing else, and shows only a block's first line.
package struct GaugeSpec: Equatable, Sendable {
    /// Where the bar starts.
    package var percent = 0
    /// A gauge has no button: it ends when its input does (Esc cancels).
    package static let buttonRow = ButtonRow.none

    package init(percent: Int = 0) {
        self.percent = GaugeState.clamped(percent)
    }
}

/// What a gauge shows, fed the bytes its input brings (`take`) until it ends (`end`).
package struct GaugeState {
    package let chrome: AlertChrome
    /// How full the bar is, 0 to 100.
    package private(set) var percent: Int
    /// The message shown above the bar (the spec's, until a block replaces it).
    package private(set) var message: String
    /// Its input ended: the gauge is done.
    package private(set) var isEnded = false

    /// A line read in part (what arrived after the last line break).
    private var pending: [UInt8] = []
    /// The line being read is past `longestLine`: the rest of it is dropped, the line ignored.
    private var skipping = false
    /// Inside an XXX block: the lines read so far (the percentage's first), nil outside.
    private var block: [String]?
    private var blockBytes = 0

    /// A line longer than this is ignored (as a line on stdin may be 1 MiB).
    package static let longestLine = 1 << 20
    /// A block's message keeps at most this many bytes; the rest is dropped.
    package static let longestMessage = 1 << 16

    package init(chrome: AlertChrome, gauge: GaugeSpec) {
        self.chrome = chrome
        percent = gauge.percent
        message = GaugeState.breakingLines(chrome.message)
    }

    /// `value` within 0...100.
    package static func clamped(_ value: Int) -> Int { min(max(value, 0), 100) }

    /// Takes bytes of the input; returns whether what is shown changed.
    package mutating func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let before = (percent, message)
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            collect(bytes[start..<offset])
            finishLine()
            start = offset + 1
        }
        collect(bytes[start..<bytes.count])
        return before != (percent, message)
    }

    /// The input ended: a last line without its line break counts; an unclosed block is dropped.
    package mutating func end() {
        if !pending.isEmpty || skipping { finishLine() }
        block = nil
        isEnded = true
    }

    private mutating func collect(_ bytes: Slice<UnsafeRawBufferPointer>) {
        guard !skipping, !bytes.isEmpty else { return }
        if pending.count + bytes.count > Self.longestLine {
            skipping = true
            pending.removeAll()
            return
        }
        pending.append(contentsOf: bytes)
    }

    private mutating func finishLine() {
        defer {
            pending.removeAll(keepingCapacity: pending.count <= 4096)
            skipping = false
        }
        guard !skipping else { return }
        if pending.last == 0x0D { pending.removeLast() }
        let line = String(decoding: pending, as: UTF8.self)
        if line == "XXX" {
            if let lines = block {
                // The percentage first, then the message.
                if let first = lines.first, let value = Self.leadingNumber(first) { percent = Self.clamped(value) }
                message = Self.breakingLines(lines.dropFirst().joined(separator: "\n"))
                block = nil
            } else {
                block = []
                blockBytes = 0
            }
            return
        }
        if block != nil {
            guard blockBytes + pending.count <= Self.longestMessage else { return }
            blockBytes += pending.count + 1
            block?.append(line)
            return
        }
        if let value = Self.leadingNumber(line) { percent = Self.clamped(value) }
    }

    /// The number a line begins with, as C's `sscanf("%d")` reads it: spaces, a sign, digits.
    package static func leadingNumber(_ line: String) -> Int? {
        var scalars = Substring(line).unicodeScalars.drop { $0 == " " || $0 == "\t" }
        var negative = false
        if let sign = scalars.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            scalars = scalars.dropFirst()
        }
        var value = 0
        var digits = 0
        for scalar in scalars {
            guard let digit = Int(exactly: scalar.value), (0x30...0x39).contains(digit) else { break }
            value = min(value * 10 + digit - 0x30, 1_000_000)
            digits += 1
        }
        guard digits > 0 else { return nil }
        return negative ? -value : value
    }

    /// `\n` written out in a message is a line break, as whiptail and dialog read their text.
    package static func breakingLines(_ text: String) -> String {
        var bytes: [UInt8] = []
        var backslash = false
        for byte in text.utf8 {
            if backslash && byte == UInt8(ascii: "n") {
                bytes[bytes.count - 1] = 0x0A
                backslash = false
                continue
            }
            backslash = byte == UInt8(ascii: "\\") && !backslash
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
