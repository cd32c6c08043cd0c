import AskModel

/// The pieces of a box every layout draws: its borders and sides, and centred text.
extension Screen {
    /// A horizontal border on `row`: `left`, lines, `right`, and `middle` where the lines between
    /// buttons meet it.
    mutating func border(row: Int, _ charset: Charset, _ left: Unicode.Scalar, _ right: Unicode.Scalar,
                         middle: [(column: Int, scalar: Unicode.Scalar)] = [], style: Style = .plain) {
        fill(row: row, columns: 0..<width, with: charset.horizontal, style: style)
        fill(row: row, columns: 0..<1, with: left, style: style)
        fill(row: row, columns: (width - 1)..<width, with: right, style: style)
        for tee in middle { fill(row: row, columns: tee.column..<(tee.column + 1), with: tee.scalar, style: style) }
    }

    /// The box's left and right sides on `row`.
    mutating func sides(row: Int, _ charset: Charset, style: Style = .plain) {
        fill(row: row, columns: 0..<1, with: charset.vertical, style: style)
        fill(row: row, columns: (width - 1)..<width, with: charset.vertical, style: style)
    }

    /// Draws `glyphs` centred in `span` columns from `column`, cut with `ellipsis` when too
    /// wide. Returns the columns drawn.
    @discardableResult
    package mutating func centred(_ glyphs: [Glyph], row: Int, from column: Int, width span: Int, style: Style,
                          ellipsis: Glyph) -> Range<Int> {
        let shown = DisplayText.truncated(glyphs, to: span, ellipsis: ellipsis)
        let start = column + (span - DisplayText.width(shown)) / 2
        let end = draw(shown, row: row, column: start, style: style, limit: column + span)
        return start..<end
    }

    /// The columns of `count` buttons side by side in a box `width` wide, a line between each
    /// two (where the borders above and below meet it): equal, the later ones a column wider
    /// when the columns do not divide evenly.
    package static func buttonSpans(_ count: Int, width: Int) -> [Range<Int>] {
        guard count > 1 else { return [1..<max(width - 1, 1)] }
        let inside = max(width - 2 - (count - 1), 0)
        let each = inside / count, wider = inside % count
        var spans: [Range<Int>] = []
        var start = 1
        for index in 0..<count {
            let span = each + (index >= count - wider ? 1 : 0)
            spans.append(start..<(start + span))
            start += span + 1
        }
        return spans
    }

    /// `order`'s buttons on `row` of the box: side by side with a line between each two, or one
    /// across; each in the style `content` gives its role, the default bold, `focused` in
    /// inverse. A label is centred with a space either side, part of the highlight but never
    /// underlined, and cut with the ellipsis when too wide.
    mutating func buttons(_ order: [ButtonRole], row: Int, content: AlertContent, focused: ButtonRole?) {
        let defaultRole = content.chrome.effectiveDefaultButton
        func button(_ role: ButtonRole, from column: Int, width span: Int) {
            let style = content.style(of: role, isDefault: role == defaultRole, isFocused: role == focused)
            let label = DisplayText.truncated(content.drawnLabel(role), to: span - 2, ellipsis: content.charset.ellipsis)
            let drawn = centred([Glyph.space] + label + [Glyph.space], row: row, from: column, width: span, style: style,
                                ellipsis: content.charset.ellipsis)
            for edge in [drawn.lowerBound, drawn.upperBound - 1] where !drawn.isEmpty {
                restyle(row: row, columns: edge..<(edge + 1)) { $0.underline = false }
            }
            if content.isDestructive(role) && drawn.count > 2 { sign(row: row, column: drawn.lowerBound + 1, content: content) }
        }
        for (role, span) in zip(order, Self.buttonSpans(order.count, width: width)) {
            if span.upperBound < width - 1 { fill(row: row, columns: span.upperBound..<(span.upperBound + 1), with: content.charset.vertical, style: content.borderStyle) }
            button(role, from: span.lowerBound, width: span.count)
        }
    }

    /// `order`'s buttons in one line from `column`, each as `[Label]` with a space after it, in
    /// the style `content` gives its role, the default bold, `focused` in inverse. Returns the
    /// column after them.
    @discardableResult
    package mutating func bracketedButtons(_ order: [ButtonRole], row: Int, column: Int, content: AlertContent, focused: ButtonRole?) -> Int {
        let defaultRole = content.chrome.effectiveDefaultButton
        var column = column
        for role in order {
            let style = content.style(of: role, isDefault: role == defaultRole, isFocused: role == focused)
            let start = column
            column = draw([Glyph("[", width: 1)] + content.drawnLabel(role) + [Glyph("]", width: 1)], row: row, column: column,
                          style: style) + 1
            if content.isDestructive(role) { sign(row: row, column: start + 1, content: content) }
        }
        return column
    }

    /// The destructive sign drawn at `column` restyled as a sign: it and the space after it are
    /// not part of the label (not underlined with it).
    private mutating func sign(row: Int, column: Int, content: AlertContent) {
        restyle(row: row, columns: column..<(column + 1)) { $0 = content.signStyle(on: $0) }
        restyle(row: row, columns: (column + 1)..<(column + 2)) { $0.underline = false }
    }

    /// The columns `bracketedButtons` takes for `order` (the space after the last included).
    package static func bracketedWidth(_ order: [ButtonRole], content: AlertContent) -> Int {
        order.reduce(0) { $0 + DisplayText.width(content.drawnLabel($1)) + 3 }
    }

    /// The buttons of `order` a line shows in `room` columns: all of them, or when they do not
    /// fit, the focused one alone (what has the focus always shows).
    package static func bracketedButtons(_ order: [ButtonRole], fitting room: Int, focused: ButtonRole?, content: AlertContent) -> [ButtonRole] {
        guard let focused, bracketedWidth(order, content: content) - 1 > room else { return order }
        return [focused]
    }
}

extension Screen {
    /// The one-line form's label, drawn the same for every control: cut to `room` columns (in
    /// the middle, for a message's line), followed by its colon by the one rule
    /// (`DisplayText.labelled`), at the start of the line. Returns the column after it and a space
    /// (0 when there is no label).
    @discardableResult
    package mutating func compactLabel(_ label: [Glyph], room: Int, style: Style, ellipsis: Glyph, inMiddle: Bool = false) -> Int {
        let cut = inMiddle ? DisplayText.truncatedInMiddle(label, to: room, ellipsis: ellipsis)
            : DisplayText.truncated(label, to: room, ellipsis: ellipsis)
        guard !cut.isEmpty else { return 0 }
        return draw(DisplayText.labelled(cut), row: 0, column: 0, style: style) + 1
    }

    /// The one-line form's right end, the same for every control: `text` (a counter, the
    /// countdown) ending at column `end`. Returns the column it starts at.
    @discardableResult
    package mutating func compactRight(_ text: [Glyph], end: Int, style: Style) -> Int {
        let start = end - DisplayText.width(text)
        draw(text, row: 0, column: start, style: style)
        return start
    }
}
