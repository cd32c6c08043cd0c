/// Text to read in the alert's body: a file's lines below the message, scrolled, closed with
/// OK (a text box: `--text-file`, whiptail's and dialog's `--textbox`) — or none, the message
/// alone, drawn and left on the screen as the alert ends at once (an info box: `--info`,
/// `--infobox`).
package struct TextSpec: Equatable, Sendable {
    /// The file shown, read whole before anything is drawn; nil: an info box.
    package var file: String?

    package init(file: String? = nil) {
        self.file = file
    }

    /// An info box: nothing to read but the message, no button, ended as soon as it is drawn.
    package var isInfo: Bool { file == nil }

    /// The most of a file a text box reads (a bigger one is refused, not cut).
    package static let largestFile = 64 << 20
}

/// A text box's text and where it is scrolled to; an info box's nothing.
package struct TextState: Sendable {
    /// The text's lines, tabs expanded to every eighth column.
    package let lines: [String]
    package let isInfo: Bool
    /// The first of the text's rows shown, as the text is wrapped at the box's width (the view
    /// keeps it within the rows there are).
    package var first = 0

    /// `text`: the file's bytes (not UTF-8: shown with U+FFFD); a line break is LF or CR LF, and
    /// a last line break ends the last line, not a line of its own.
    package init(text: [UInt8], isInfo: Bool = false) {
        self.isInfo = isInfo
        var lines: [String] = []
        var start = 0
        for (index, byte) in text.enumerated() where byte == 0x0A {
            lines.append(Self.line(text[start..<index]))
            start = index + 1
        }
        if start < text.count { lines.append(Self.line(text[start...])) }
        self.lines = lines
    }

    /// An info box's state: no text of its own.
    package static let info = TextState(text: [], isInfo: true)

    private static func line(_ bytes: ArraySlice<UInt8>) -> String {
        let bytes = bytes.last == 0x0D ? bytes.dropLast() : bytes
        guard bytes.contains(0x09) else { return String(decoding: bytes, as: UTF8.self) }
        var expanded = ""
        var column = 0
        for character in String(decoding: bytes, as: UTF8.self) {
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
