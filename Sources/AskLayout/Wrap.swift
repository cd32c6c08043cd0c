/// Word wrapping on glyphs: at spaces, a word longer than the line broken where it must be.
package enum Wrap {
    /// The lines of one paragraph wrapped to `width` columns.
    package static func paragraph(_ glyphs: [Glyph], width: Int) -> [[Glyph]] {
        guard width > 0 else { return [] }
        var lines: [[Glyph]] = []
        var line: [Glyph] = []
        var lineWidth = 0
        var word: [Glyph] = []
        var wordWidth = 0

        func flushWord() {
            guard !word.isEmpty else { return }
            if lineWidth > 0 && lineWidth + 1 + wordWidth > width {
                lines.append(line)
                line = []
                lineWidth = 0
            }
            if lineWidth > 0 {
                line.append(.space)
                lineWidth += 1
            }
            for glyph in word {
                if lineWidth + glyph.width > width && !line.isEmpty {
                    lines.append(line)
                    line = []
                    lineWidth = 0
                }
                line.append(glyph)
                lineWidth += glyph.width
            }
            word = []
            wordWidth = 0
        }

        for glyph in glyphs {
            if glyph.text == " " {
                flushWord()
            } else {
                word.append(glyph)
                wordWidth += glyph.width
            }
        }
        flushWord()
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// Every paragraph wrapped, blank lines kept.
    package static func paragraphs(_ paragraphs: [[Glyph]], width: Int) -> [[Glyph]] {
        paragraphs.flatMap { paragraph(Array($0), width: width) }
    }
}
