/// Makes text safe and measurable before it reaches the terminal.
///
/// Nothing given to `ask` (title, message, labels, typed text) is written as it is: C0 controls
/// and DEL are shown in caret notation (`^[`), C1 controls as a replacement glyph, Unicode
/// format characters (bidi overrides and isolates, zero-width characters, BOM, tag characters
/// outside emoji flags, U+2028/2029) are removed from given text and shown as a replacement in
/// typed text, and a grapheme keeps at most a few combining marks. Widths are those of what is
/// shown.
public enum DisplayText {
    /// Combining scalars kept per grapheme; the rest are not drawn.
    static let maximumScalarsPerGlyph = 12

    /// Text made safe for a terminal as one line of text: what `glyphs` shows, joined.
    public static func visible(_ text: String) -> String {
        glyphs(text, charset: .utf8).map { $0.text }.joined()
    }

    /// The glyphs for one line of given text (no line breaks: they are shown as `^J`).
    public static func glyphs(_ text: some StringProtocol, charset: Charset) -> [Glyph] {
        var result: [Glyph] = []
        result.reserveCapacity(text.utf8.count)
        for character in text {
            append(character.unicodeScalars, charset: charset, formatAsReplacement: false, to: &result)
        }
        return result
    }

    /// The lines of a message: split at `\n` (and `\r\n`); every other control is shown.
    public static func lines(_ text: String, charset: Charset) -> [[Glyph]] {
        var lines: [[Glyph]] = [[]]
        for character in text {
            if character == "\n" || character == "\r\n" {
                lines.append([])
            } else {
                append(character.unicodeScalars, charset: charset, formatAsReplacement: false, to: &lines[lines.count - 1])
            }
        }
        return lines
    }

    /// The glyph for one grapheme of typed text (never removed, so the cursor stays honest).
    public static func glyph(ofTyped scalars: some Sequence<Unicode.Scalar>, charset: Charset) -> Glyph {
        // No intermediate array: revealed secure text passes through here.
        var controls = 0
        var first: Unicode.Scalar?
        for scalar in scalars {
            if first == nil { first = scalar }
            if scalar.value < 0x20 || scalar.value == 0x7F { controls += 1 }
        }
        guard let base = first else { return charset.replacement }
        // One position of the field is one cell (or two): a grapheme of several controls (CR LF)
        // is shown as one replacement.
        if controls > 0 { return controls == 1 && base.value < 0x80 ? caret(base) : charset.replacement }
        return shown(scalars, charset: charset, formatAsReplacement: true) ?? charset.replacement
    }

    private static func append(_ scalars: some Sequence<Unicode.Scalar>, charset: Charset, formatAsReplacement: Bool,
                               to result: inout [Glyph]) {
        var iterator = scalars.makeIterator()
        guard let base = iterator.next() else { return }
        if base.value < 0x20 || base.value == 0x7F {
            // Controls, one glyph each (a CR LF pair is one grapheme but two controls).
            result.append(caret(base))
            while let next = iterator.next() {
                if next.value < 0x20 || next.value == 0x7F { result.append(caret(next)) }
            }
            return
        }
        if let glyph = shown(scalars, charset: charset, formatAsReplacement: formatAsReplacement) { result.append(glyph) }
    }

    /// The glyph for a grapheme that does not start with a C0 control, or nil when it is removed.
    private static func shown(_ scalars: some Sequence<Unicode.Scalar>, charset: Charset, formatAsReplacement: Bool) -> Glyph? {
        var iterator = scalars.makeIterator()
        guard let base = iterator.next() else { return nil }
        let value = base.value
        let second = iterator.next()
        // Printable ASCII on its own, the common case, needs no Unicode table.
        if second == nil && value >= 0x20 && value < 0x7F { return Glyph(base, width: 1) }
        if (0x80...0x9F).contains(value) { return charset.replacement }
        switch base.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator, .surrogate:
            return formatAsReplacement ? charset.replacement : nil
        default: break
        }
        if !charset.isUTF8 { return value < 0x7F ? Glyph(base, width: 1) : charset.replacement }
        var text = ""
        if GraphemeBreak.category(of: base) == .extend {
            // A mark with nothing to combine with: give it a dotted circle to sit on.
            text.unicodeScalars.append(Unicode.Scalar(UInt32(0x25CC))!)
        }
        text.unicodeScalars.append(base)
        var kept = 1
        let allowsTags = base.value == 0x1F3F4  // subdivision flags are spelled with tag characters
        var next = second
        while let scalar = next {
            next = iterator.next()
            guard kept < maximumScalarsPerGlyph else { continue }
            if (0xE0000...0xE007F).contains(scalar.value) && !allowsTags { continue }
            if scalar.properties.generalCategory == .format && scalar.value != 0x200D && scalar.value != 0x200C
                && !(0xE0000...0xE007F).contains(scalar.value) { continue }
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
            text.unicodeScalars.append(scalar)
            kept += 1
        }
        let width = max(DisplayWidth.of(graphemeScalars: text.unicodeScalars), 1)
        return Glyph(text, width: width)
    }

    /// `^[` for ESC, `^?` for DEL, `^@` for NUL.
    static func caret(_ scalar: Unicode.Scalar) -> Glyph {
        let shown = scalar.value == 0x7F ? "?" : String(Character(Unicode.Scalar(UInt8(scalar.value) + 0x40)))
        return Glyph("^" + shown, width: 2)
    }

    /// Total width of glyphs.
    public static func width(_ glyphs: some Sequence<Glyph>) -> Int { glyphs.reduce(0) { $0 + $1.width } }

    /// `glyphs` cut to `width` columns, ending with the ellipsis when anything was cut.
    public static func truncated(_ glyphs: [Glyph], to width: Int, ellipsis: Glyph) -> [Glyph] {
        guard width > 0 else { return [] }
        if Self.width(glyphs) <= width { return glyphs }
        var result: [Glyph] = []
        var used = 0
        for glyph in glyphs {
            if used + glyph.width > width - ellipsis.width { break }
            result.append(glyph)
            used += glyph.width
        }
        if ellipsis.width <= width { result.append(ellipsis) }
        return result
    }
}
