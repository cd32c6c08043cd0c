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

    /// A line wrapped to `width` columns as written: each row a span of its glyphs, broken at
    /// the last space that fits (the spaces there belong to neither row), a word longer than the
    /// row where it must. Spaces inside a row are kept, and so are those a line begins with.
    package static func rows(_ glyphs: [Glyph], width: Int) -> [Range<Int>] {
        guard width > 0 else { return [] }
        var rows: [Range<Int>] = []
        var start = 0
        while start < glyphs.count {
            var end = start, used = 0
            while end < glyphs.count && used + glyphs[end].width <= width {
                used += glyphs[end].width
                end += 1
            }
            if end == glyphs.count {
                rows.append(start..<end)
                break
            }
            // Break at the last space that fits (or the one right after the row), else inside the word.
            var cut = end
            while cut > start && glyphs[cut] != .space { cut -= 1 }
            var rowEnd = cut > start ? cut : max(end, start + 1)
            var next = rowEnd
            while rowEnd > start && glyphs[rowEnd - 1] == .space { rowEnd -= 1 }
            while next < glyphs.count && glyphs[next] == .space { next += 1 }
            rows.append(start..<rowEnd)
            start = next
        }
        return rows.isEmpty ? [0..<0] : rows
    }

    /// Every paragraph wrapped, blank lines kept.
    package static func paragraphs(_ paragraphs: [[Glyph]], width: Int) -> [[Glyph]] {
        paragraphs.flatMap { paragraph(Array($0), width: width) }
    }
}
