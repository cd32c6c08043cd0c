import AskModel

/// A message as the box lays it out: its lines as written — a tab to the next stop of eight
/// columns, a run of spaces one space unless the layout keeps them (`MessageLayout.keepsSpaces`)
/// — with each glyph's style, and whether it reads as structured text, laid out from the left
/// rather than centred line by line.
package struct MessageText: Sendable {
    /// The lines as written, made safe.
    package let lines: [[Glyph]]
    /// Each line's glyphs' styles, parallel to `lines`; empty when the whole message is plain.
    package let styles: [[Style]]
    /// It has a line that looks like a label of its own (`Key:` above its value), is indented or
    /// aligned in columns (a tab, spaces kept), or has more than a few lines as written.
    package let isStructured: Bool

    /// More lines than this (as written, or once wrapped) and the message is laid out from the left.
    package static var fewLines: Int { 4 }
    /// Where tabs stop: every eight columns, as terminals, whiptail and dialog put them.
    package static var tabStop: Int { 8 }

    package init(_ text: String, emphasis: [EmphasisRun] = [], layout: MessageLayout = MessageLayout(), charset: Charset) {
        guard !text.isEmpty else {
            (lines, styles, isStructured) = ([], [], false)
            return
        }
        var lines: [[Glyph]] = []
        var styles: [[Style]] = []
        var line: [Glyph] = []
        var lineStyles: [Style] = []
        var column = 0
        var aligned = false
        var run = 0
        let styled = emphasis.contains { !$0.emphasis.isPlain }
        func endLine() {
            if !layout.keepsSpaces {
                while line.last == Glyph.space {
                    line.removeLast()
                    lineStyles.removeLast()
                }
            }
            lines.append(line)
            styles.append(lineStyles)
            line = []
            lineStyles = []
            column = 0
        }
        for (index, character) in text.enumerated() {
            if character == "\n" || character == "\r\n" {
                endLine()
                continue
            }
            while run < emphasis.count && emphasis[run].start + emphasis[run].count <= index { run += 1 }
            let style = run < emphasis.count && emphasis[run].start <= index ? Self.style(of: emphasis[run].emphasis) : .plain
            var glyphs: [Glyph] = []
            if character == " " || character == "\t" {
                if layout.keepsSpaces {
                    let count = character == "\t" ? Self.tabStop - column % Self.tabStop : 1
                    glyphs = Array(repeating: .space, count: count)
                    aligned = aligned || character == "\t" || line.isEmpty || line.last == Glyph.space
                } else if !line.isEmpty && line.last != Glyph.space {
                    glyphs = [.space]
                }
            } else {
                DisplayText.append(character, charset: charset, to: &glyphs)
            }
            line += glyphs
            lineStyles += Array(repeating: style, count: glyphs.count)
            column += DisplayText.width(glyphs)
        }
        endLine()
        self.lines = lines
        self.styles = styled ? styles : []
        let written = lines.filter { !$0.isEmpty }.count
        let labelled = lines.indices.contains { index in
            index + 1 < lines.count && !lines[index + 1].isEmpty && Self.looksLikeLabel(lines[index])
        }
        isStructured = aligned || written > Self.fewLines || labelled
    }

    /// A line of its own that names what follows it: it ends in a colon (`Fingerprint:`,
    /// `Please enter the passphrase to unlock the OpenPGP secret key:`).
    static func looksLikeLabel(_ line: [Glyph]) -> Bool {
        line.last?.text == ":" || line.last?.text == "\u{FF1A}"
    }

    /// Whether the message is laid out from the left when it takes `rows` rows.
    package func isLeading(rows: Int) -> Bool { isStructured || rows > Self.fewLines }

    /// The rows of the message wrapped to `width` columns: each a line's span.
    package func rows(width: Int) -> [MessageRow] {
        lines.indices.flatMap { index in Wrap.rows(lines[index], width: width).map { MessageRow(line: index, span: $0) } }
    }

    /// A row's glyphs.
    package func glyphs(_ row: MessageRow) -> ArraySlice<Glyph> { lines[row.line][row.span] }

    /// A row's glyphs' styles (nil: all plain).
    package func styles(_ row: MessageRow) -> ArraySlice<Style>? { styles.isEmpty ? nil : styles[row.line][row.span] }

    /// How an emphasis is drawn, within the contrast rules (`AlertContent`'s colours): bold,
    /// underline and reverse as they are; a colour (dialog's `\Z1`–`\Z6`) as bold in the
    /// terminal's own foreground, since no colour of xterm's palette reaches 4.5:1 as text on
    /// both its light and its dark background — the emphasis stays, its hue does not. Black
    /// and white (`\Z0`, `\Z7`) are dialog's own text colours on its screen: the terminal's own.
    package static func style(of emphasis: TextEmphasis) -> Style {
        var style = Style(bold: emphasis.bold, underline: emphasis.underline, inverse: emphasis.reverse)
        if let color = emphasis.color, (1...6).contains(color) { style.bold = true }
        return style
    }
}

/// One row of a wrapped message: a span of one of its lines.
package struct MessageRow: Equatable, Sendable {
    package let line: Int
    package let span: Range<Int>
}
