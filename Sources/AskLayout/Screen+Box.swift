/// The pieces of a box every layout draws: its borders and sides, and centred text.
extension Screen {
    /// A horizontal border on `row`: `left`, lines, `right`, and `middle` where two halves meet.
    mutating func border(row: Int, _ charset: Charset, _ left: Unicode.Scalar, _ right: Unicode.Scalar,
                         middle: (column: Int, scalar: Unicode.Scalar)? = nil) {
        fill(row: row, columns: 0..<width, with: charset.horizontal)
        fill(row: row, columns: 0..<1, with: left)
        fill(row: row, columns: (width - 1)..<width, with: right)
        if let middle { fill(row: row, columns: middle.column..<(middle.column + 1), with: middle.scalar) }
    }

    /// The box's left and right sides on `row`.
    mutating func sides(row: Int, _ charset: Charset) {
        fill(row: row, columns: 0..<1, with: charset.vertical)
        fill(row: row, columns: (width - 1)..<width, with: charset.vertical)
    }

    /// Draws `glyphs` centred in `span` columns from `column`, cut with `ellipsis` when too
    /// wide. Returns the columns drawn.
    @discardableResult
    mutating func centred(_ glyphs: [Glyph], row: Int, from column: Int, width span: Int, style: Style,
                          ellipsis: Glyph) -> Range<Int> {
        let shown = DisplayText.truncated(glyphs, to: span, ellipsis: ellipsis)
        let start = column + (span - DisplayText.width(shown)) / 2
        let end = draw(shown, row: row, column: start, style: style, limit: column + span)
        return start..<end
    }
}
