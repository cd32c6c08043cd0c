import AskModel

/// `--ansi`: the escape sequences of a line of the list taken out of its text, as fzf's `--ansi`
/// takes them. The colour and style sequences (SGR, `ESC [ … m`) are kept beside the text, each
/// with the place in the plain text where it acts; every other sequence (a cursor's move, an
/// erase, a title set by OSC, a charset's switch) is dropped, so that none reaches the terminal.
/// The plain text is what is matched, ranked, shown and answered.
package enum LineStyles {
    /// A kept sequence: where it acts in the plain text (4 bytes, little-endian), how many bytes
    /// its parameters are (1), then the parameters (`1;32`, the text between `ESC [` and `m`).
    /// A sequence whose parameters pass 255 bytes is dropped.
    static let recordHeader = 5

    /// Takes the escape sequences out of `line[start..<end]`, moving the text that stays down
    /// over them; appends each SGR sequence to `records` (its place counted from `start`).
    /// Returns where the plain text now ends.
    static func strip(_ line: UnsafeMutableBufferPointer<UInt8>, from start: Int, to end: Int, into records: inout [UInt8]) -> Int {
        var read = start
        var written = start
        while read < end {
            let byte = line[read]
            guard byte == escape else {
                line[written] = byte
                written += 1
                read += 1
                continue
            }
            read += 1
            guard read < end else { break }
            let kind = line[read]
            read += 1
            switch kind {
            case UInt8(ascii: "["):
                // CSI: parameters (0x30–0x3F), intermediates (0x20–0x2F), a final byte (0x40–0x7E).
                let parameters = read
                while read < end && (0x30...0x3F).contains(line[read]) { read += 1 }
                let parametersEnd = read
                while read < end && (0x20...0x2F).contains(line[read]) { read += 1 }
                guard read < end, (0x40...0x7E).contains(line[read]) else { continue }  // (cut short: dropped)
                let final = line[read]
                read += 1
                guard final == UInt8(ascii: "m"), parametersEnd == read - 1, parametersEnd - parameters <= 255 else { continue }
                append(at: written - start, UnsafeBufferPointer(rebasing: line[parameters..<parametersEnd]), to: &records)
            case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
                // OSC, DCS, SOS, PM, APC: a string to BEL or ST (ESC \), all dropped.
                while read < end && line[read] != bell && line[read] != escape { read += 1 }
                if read < end && line[read] == bell {
                    read += 1
                } else if read + 1 < end && line[read + 1] == UInt8(ascii: "\\") {
                    read += 2  // (ST; another ESC begins a sequence of its own)
                }
            default:
                // ESC and one byte (ESC 7, ESC =), or with intermediates first (ESC ( B): dropped.
                var final = kind
                while (0x20...0x2F).contains(final) && read < end {
                    final = line[read]
                    read += 1
                }
            }
        }
        return written
    }

    private static func append(at offset: Int, _ parameters: UnsafeBufferPointer<UInt8>, to records: inout [UInt8]) {
        let place = UInt32(truncatingIfNeeded: offset)
        records.append(contentsOf: [UInt8(place & 0xFF), UInt8(place >> 8 & 0xFF), UInt8(place >> 16 & 0xFF), UInt8(place >> 24)])
        records.append(UInt8(parameters.count))
        records.append(contentsOf: parameters)
    }

    /// Calls `body` with each record of `records`: its place and its parameters.
    package static func forEach(in records: UnsafeRawBufferPointer, _ body: (Int, UnsafeRawBufferPointer) -> Void) {
        var at = 0
        while at + recordHeader <= records.count {
            let place = Int(records[at]) | Int(records[at + 1]) << 8 | Int(records[at + 2]) << 16 | Int(records[at + 3]) << 24
            let count = Int(records[at + 4])
            let end = min(at + recordHeader + count, records.count)
            body(place, UnsafeRawBufferPointer(rebasing: records[(at + recordHeader)..<end]))
            at = end
        }
    }

    /// The records of `records` that act on `start..<end` of the plain text, their places made
    /// relative to `start` (those before it act at 0, in order, so the style it starts in holds).
    static func rebased(_ records: ArraySlice<UInt8>, start: Int, end: Int, into kept: inout [UInt8]) {
        records.withUnsafeBytes { records in
            forEach(in: records) { place, parameters in
                guard place < end || place == start else { return }
                append(at: max(place - start, 0), parameters.bindMemory(to: UInt8.self), to: &kept)
            }
        }
    }

    static let escape: UInt8 = 0x1B
    static let bell: UInt8 = 0x07
}

/// The style an SGR sequence leaves a label's text in: what `--ansi` draws. Colours are xterm's
/// 256 by number (0–7, 8–15 bright, 16–255 `5;N`); a direct colour is brought to the nearest of
/// them (`ColorTable`).
package struct TextStyle: Equatable, Sendable {
    package var bold = false
    package var dim = false
    package var italic = false
    package var underline = false
    package var inverse = false
    package var foreground: UInt8?
    package var background: UInt8?

    package init() {}

    /// The style after the parameters `parameters` of one SGR sequence (`1;32`, `38;5;208`).
    package mutating func apply(_ parameters: UnsafeRawBufferPointer) {
        var numbers: [Int] = []
        var number = 0
        var any = false
        for byte in parameters {
            if (0x30...0x39).contains(byte) {
                number = min(number * 10 + Int(byte - 0x30), 1 << 16)
                any = true
            } else {
                numbers.append(any ? number : 0)
                number = 0
                any = false
            }
        }
        numbers.append(any ? number : 0)
        var index = 0
        while index < numbers.count {
            let code = numbers[index]
            index += 1
            switch code {
            case 0: self = TextStyle()
            case 1: bold = true
            case 2: dim = true
            case 3: italic = true
            case 4: underline = true
            case 7: inverse = true
            case 21, 22: bold = false; dim = false
            case 23: italic = false
            case 24: underline = false
            case 27: inverse = false
            case 30...37: foreground = UInt8(code - 30)
            case 39: foreground = nil
            case 40...47: background = UInt8(code - 40)
            case 49: background = nil
            case 90...97: foreground = UInt8(code - 90 + 8)
            case 100...107: background = UInt8(code - 100 + 8)
            case 38, 48:
                let colour = Self.extended(numbers, at: &index)
                if code == 38 { foreground = colour } else { background = colour }
            default: break
            }
        }
    }

    /// `5;N` (256 colours) or `2;R;G;B` after 38 or 48 (the nearest of the 256).
    private static func extended(_ numbers: [Int], at index: inout Int) -> UInt8? {
        guard index < numbers.count else { return nil }
        let kind = numbers[index]
        if kind == 5, index + 1 < numbers.count {
            defer { index += 2 }
            return (0..<256).contains(numbers[index + 1]) ? UInt8(numbers[index + 1]) : nil
        }
        if kind == 2, index + 3 < numbers.count {
            defer { index += 4 }
            let channels = numbers[(index + 1)...(index + 3)].map { UInt32(min($0, 255)) }
            return ColorTable.nearest(to: channels[0] << 16 | channels[1] << 8 | channels[2])
        }
        index = numbers.count
        return nil
    }
}
