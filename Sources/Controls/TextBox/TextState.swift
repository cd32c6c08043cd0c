import AskModel

/// Text to read in the alert's body: a file's lines below the message, scrolled, closed with
/// OK (a text box: `--text-file`, whiptail's and dialog's `--textbox`) — or none, the message
/// alone, drawn and left on the screen as the alert ends at once (an info box: `--info`,
/// `--infobox`).
package struct TextSpec: Equatable, Sendable {
    /// The file shown, read while the box shows; nil: an info box.
    package var file: String?

    package init(file: String? = nil) {
        self.file = file
    }

    /// An info box: nothing to read but the message, no button, ended as soon as it is drawn.
    package var isInfo: Bool { file == nil }

    /// A text box's OK closes it; an info box has none (it ends as it is drawn).
    package var buttonRow: ButtonRow { isInfo ? .none : .ok }

    /// The most of a file a text box reads (a bigger one is refused, not cut).
    package static let largestFile = 64 << 20
}

/// Where a text box is scrolled to: a line of the text, and a row of that line as it wraps.
package struct TextPosition: Comparable, Sendable {
    package var line: Int
    package var row: Int

    package init(line: Int = 0, row: Int = 0) {
        self.line = line
        self.row = row
    }

    package static func < (a: TextPosition, b: TextPosition) -> Bool { (a.line, a.row) < (b.line, b.row) }
}

/// A text box's text, as it arrives, and where it is scrolled to; an info box's nothing.
///
/// The text is kept as its bytes and where each line starts — a few bytes a line beyond the text
/// itself — and is made glyphs only where it is drawn (`TextView`), so that a file of 64 MiB costs
/// little more than its size. A line longer than `longestLine` bytes is taken as several, cut
/// before a character's first byte: a row is never made of more than that.
package struct TextState: Sendable {
    package let isInfo: Bool
    /// The bytes read (not UTF-8: shown with U+FFFD).
    package private(set) var bytes: [UInt8] = []
    /// Where each line starts in `bytes`, and where the next would (`bytes.count` once the last
    /// line has ended).
    private var starts: [UInt32] = [0]
    /// More of the text is to come.
    package private(set) var isLoading: Bool
    /// More arrived than `TextSpec.largestFile`: it was refused.
    package private(set) var isTooLarge = false
    /// The first row shown (the view keeps it within the rows there are).
    package var top = TextPosition()

    /// The most bytes of a line; a longer one goes on as another.
    package static let longestLine = 16 << 10

    /// `text`: the file's bytes, all of it; a line break is LF or CR LF, and a last line break
    /// ends the last line, not a line of its own.
    package init(text: [UInt8], isInfo: Bool = false) {
        self.init(loading: true, isInfo: isInfo)
        text.withUnsafeBytes { _ = append($0) }
        isLoading = false
    }

    /// `loading`: the text arrives later (`append`, then `ended`).
    package init(loading: Bool, isInfo: Bool = false) {
        self.isInfo = isInfo
        isLoading = loading
    }

    /// An info box's state: no text of its own.
    package static let info = TextState(text: [], isInfo: true)

    /// How many lines there are (the last one perhaps not ended yet).
    package var lineCount: Int { starts.count - (Int(starts[starts.count - 1]) == bytes.count ? 1 : 0) }

    /// Takes more of the text; false once it is more than `TextSpec.largestFile` (nothing more is
    /// taken).
    package mutating func append(_ more: UnsafeRawBufferPointer) -> Bool {
        guard !isTooLarge else { return false }
        guard bytes.count + more.count <= TextSpec.largestFile else {
            isTooLarge = true
            return false
        }
        let old = bytes.count
        bytes.append(contentsOf: more)
        var start = Int(starts[starts.count - 1])
        bytes.withUnsafeBufferPointer { bytes in
            for index in old..<bytes.count {
                if bytes[index] == 0x0A {
                    start = index + 1
                    starts.append(UInt32(start))
                } else if index - start >= Self.longestLine && bytes[index] & 0xC0 != 0x80 {
                    start = index
                    starts.append(UInt32(start))
                }
            }
        }
        return true
    }

    /// The text has all arrived.
    package mutating func ended() {
        isLoading = false
    }

    /// Line `index`'s bytes, without its line break.
    package func withLine<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let start = Int(starts[index])
        var end = index + 1 < starts.count ? Int(starts[index + 1]) : bytes.count
        if end > start && bytes[end - 1] == 0x0A {
            end -= 1
            if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        }
        return bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
    }

    /// Line `index` as text, tabs expanded to every eighth column.
    package func line(at index: Int) -> String {
        withLine(at: index) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            guard bytes.contains(0x09) else { return text }
            var expanded = ""
            var column = 0
            for character in text {
                if character == "\t" {
                    let spaces = 8 - column % 8
                    expanded += String(repeating: " ", count: spaces)
                    column += spaces
                } else {
                    expanded.append(character)
                    column += 1
                }
            }
            return expanded
        }
    }
}
