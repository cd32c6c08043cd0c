import AskText

/// Makes text safe and measurable before it reaches the terminal.
///
/// Nothing given to `ask` (title, message, labels, typed text) is written as it is: C0 controls
/// and DEL are shown in caret notation (`^[`), C1 controls as a replacement glyph, Unicode
/// format characters (bidi overrides and isolates, zero-width characters, BOM, tag characters
/// outside emoji flags, U+2028/2029) are removed from given text and shown as a replacement in
/// typed text, and a grapheme keeps at most a few combining marks. Widths are those of what is
/// shown.
package enum DisplayText {
    /// Combining scalars kept per grapheme; the rest are not drawn.
    package static let maximumScalarsPerGlyph = 12

    /// Text made safe for a terminal as one line of text: what `glyphs` shows, joined.
    package static func visible(_ text: String) -> String {
        glyphs(text, charset: .utf8).map { $0.text }.joined()
    }

    /// The glyphs for one line of given text (no line breaks: they are shown as `^J`).
    package static func glyphs(_ text: some StringProtocol, charset: Charset) -> [Glyph] {
        var result: [Glyph] = []
        result.reserveCapacity(text.utf8.count)
        for character in text {
            append(character.unicodeScalars, charset: charset, formatAsReplacement: false, to: &result)
        }
        return result
    }

    /// The lines of a message: split at `\n` (and `\r\n`); every other control is shown.
    package static func lines(_ text: String, charset: Charset) -> [[Glyph]] {
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

    /// Appends the glyphs one character of given text is shown as (none when it is removed,
    /// two for a control pair): what `lines` does with each character.
    package static func append(_ character: Character, charset: Charset, to result: inout [Glyph]) {
        append(character.unicodeScalars, charset: charset, formatAsReplacement: false, to: &result)
    }

    /// One grapheme of typed text as it is shown: a glyph, or, when it keeps several scalars,
    /// only its width; its scalars are then `kept(_:)` of the grapheme's, to be drawn with
    /// `Screen.drawCompound` without ever becoming a `String` (revealed secure text).
    package enum Typed: Equatable {
        case glyph(Glyph)
        case compound(width: Int)

        package var width: Int {
            switch self {
            case let .glyph(glyph): return glyph.width
            case let .compound(width): return width
            }
        }
    }

    /// The glyph for one grapheme of typed text (never removed, so the cursor stays honest).
    package static func glyph(ofTyped scalars: some Sequence<Unicode.Scalar>, charset: Charset) -> Glyph {
        switch typed(scalars, charset: charset) {
        case let .glyph(glyph): return glyph
        case let .compound(width):
            return compoundGlyph(scalars, width: width)
        }
    }

    /// How one grapheme of typed text is shown, without building its text (see `Typed`).
    package static func typed(_ scalars: some Sequence<Unicode.Scalar>, charset: Charset) -> Typed {
        // No intermediate array: revealed secure text passes through here.
        var controls = 0
        var first: Unicode.Scalar?
        for scalar in scalars {
            if first == nil { first = scalar }
            if scalar.isC0OrDelete { controls += 1 }
        }
        guard let base = first else { return .glyph(charset.replacement) }
        // One position of the field is one cell (or two): a grapheme of several controls (CR LF)
        // is shown as one replacement.
        if controls > 0 { return .glyph(controls == 1 && base.value < 0x80 ? caret(base) : charset.replacement) }
        return shownKind(scalars, charset: charset, formatAsReplacement: true) ?? .glyph(charset.replacement)
    }

    private static func append(_ scalars: some Sequence<Unicode.Scalar>, charset: Charset, formatAsReplacement: Bool,
                               to result: inout [Glyph]) {
        var iterator = scalars.makeIterator()
        guard let base = iterator.next() else { return }
        if base.isC0OrDelete {
            // Controls, one glyph each (a CR LF pair is one grapheme but two controls).
            result.append(caret(base))
            while let next = iterator.next() {
                if next.isC0OrDelete { result.append(caret(next)) }
            }
            return
        }
        if let glyph = shown(scalars, charset: charset, formatAsReplacement: formatAsReplacement) { result.append(glyph) }
    }

    /// The glyph for a grapheme that does not start with a C0 control, or nil when it is removed.
    private static func shown(_ scalars: some Sequence<Unicode.Scalar>, charset: Charset, formatAsReplacement: Bool) -> Glyph? {
        switch shownKind(scalars, charset: charset, formatAsReplacement: formatAsReplacement) {
        case nil: return nil
        case let .glyph(glyph): return glyph
        case let .compound(width):
            return compoundGlyph(scalars, width: width)
        }
    }

    /// How a grapheme that does not start with a C0 control is shown, or nil when it is removed.
    private static func shownKind(_ scalars: some Sequence<Unicode.Scalar>, charset: Charset,
                                  formatAsReplacement: Bool) -> Typed? {
        var iterator = scalars.makeIterator()
        guard let base = iterator.next() else { return nil }
        let value = base.value
        let second = iterator.next()
        // Printable ASCII on its own, the common case, needs no Unicode table.
        if second == nil && value >= 0x20 && value < 0x7F { return .glyph(Glyph(base, width: 1)) }
        if (0x80...0x9F).contains(value) { return .glyph(charset.replacement) }
        switch base.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator, .surrogate:
            return formatAsReplacement ? .glyph(charset.replacement) : nil
        default: break
        }
        if !charset.isUTF8 { return .glyph(value < 0x7F ? Glyph(base, width: 1) : charset.replacement) }
        let width = max(DisplayWidth.of(graphemeScalars: kept(scalars)), 1)
        var keptScalars = kept(scalars).makeIterator()
        _ = keptScalars.next()
        if keptScalars.next() == nil { return .glyph(Glyph(base, width: width)) }
        return .compound(width: width)
    }

    /// The glyph of a grapheme that keeps several scalars, as a `String` (not for secure text:
    /// see `Screen.drawCompound`).
    private static func compoundGlyph(_ scalars: some Sequence<Unicode.Scalar>, width: Int) -> Glyph {
        var text = ""
        for scalar in kept(scalars) { text.unicodeScalars.append(scalar) }
        return Glyph(text, width: width)
    }

    /// The scalars of a grapheme that are drawn: a dotted circle under a mark that has nothing
    /// to combine with, the base, then what follows it, without controls, format characters
    /// (but ZWJ, ZWNJ and an emoji flag's tags) and beyond `maximumScalarsPerGlyph`.
    package static func kept<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> KeptScalars<S.Iterator> {
        KeptScalars(scalars.makeIterator())
    }

    package struct KeptScalars<Base: IteratorProtocol<Unicode.Scalar>>: Sequence, IteratorProtocol {
        private var base: Base
        private var started = false
        private var pendingBase: Unicode.Scalar?
        private var kept = 0
        private var allowsTags = false

        init(_ base: Base) { self.base = base }

        package mutating func next() -> Unicode.Scalar? {
            if !started {
                started = true
                guard let first = base.next() else { return nil }
                allowsTags = first.value == 0x1F3F4  // subdivision flags are spelled with tags
                kept = 1
                if GraphemeBreak.category(of: first) == .extend {
                    // A mark with nothing to combine with: give it a dotted circle to sit on.
                    pendingBase = first
                    return Unicode.Scalar(UInt32(0x25CC))!
                }
                return first
            }
            if let pending = pendingBase {
                pendingBase = nil
                return pending
            }
            while let scalar = base.next() {
                guard kept < DisplayText.maximumScalarsPerGlyph else { continue }
                if (0xE0000...0xE007F).contains(scalar.value) && !allowsTags { continue }
                if scalar.properties.generalCategory == .format && scalar.value != 0x200D && scalar.value != 0x200C
                    && !(0xE0000...0xE007F).contains(scalar.value) { continue }
                if scalar.isControl { continue }
                kept += 1
                return scalar
            }
            return nil
        }
    }

    /// `^[` for ESC, `^?` for DEL, `^@` for NUL.
    static func caret(_ scalar: Unicode.Scalar) -> Glyph {
        let shown = scalar.value == 0x7F ? "?" : String(Character(Unicode.Scalar(UInt8(scalar.value) + 0x40)))
        return Glyph("^" + shown, width: 2)
    }

    /// Whether `glyphs` take at most `width` columns (looks no further than that).
    static func fits(_ glyphs: [Glyph], in width: Int) -> Bool {
        var used = 0
        for glyph in glyphs {
            used += glyph.width
            if used > width { return false }
        }
        return true
    }

    /// Total width of glyphs.
    package static func width(_ glyphs: some Sequence<Glyph>) -> Int { glyphs.reduce(0) { $0 + $1.width } }

    /// The one colon rule, for every control's one-line form and `--keep`'s line: `label`, its
    /// trailing spaces dropped, as it stands before what it labels — with a colon of its own,
    /// unless it ends in punctuation that ends a phrase already (a question, a prompt's colon, a
    /// full stop, an ellipsis, in any script): "Your name: Ada", "Which fruit? apple",
    /// "Password: ******", "Delete everything! [Cancel]". Empty stays empty.
    package static func labelled(_ label: [Glyph]) -> [Glyph] {
        var label = label
        while label.last == Glyph.space { label.removeLast() }
        guard let last = label.last?.text.unicodeScalars.last else { return label }
        return endsPhrase.contains(last) ? label : label + [Glyph(":", width: 1)]
    }

    /// What ends a label so that it needs no colon.
    static let endsPhrase: Set<Unicode.Scalar> = ["?", ":", "!", ".", ";", "\u{2026}", "\u{203D}", "\u{FF1F}", "\u{FF1A}", "\u{FF01}",
                                                  "\u{FF0E}", "\u{FF1B}", "\u{3002}", "\u{061F}", "\u{0589}", "\u{0964}"]

    /// `glyphs` cut to `width` columns, ending with the ellipsis when anything was cut.
    package static func truncated(_ glyphs: [Glyph], to width: Int, ellipsis: Glyph) -> [Glyph] {
        guard width > 0 else { return [] }
        if fits(glyphs, in: width) { return glyphs }
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

    /// `glyphs` cut to `width` columns in the middle, the ellipsis in place of what was cut: its
    /// start and its end (where a question is) both show, the end given the odd column.
    package static func truncatedInMiddle(_ glyphs: [Glyph], to width: Int, ellipsis: Glyph) -> [Glyph] {
        guard width > 0 else { return [] }
        if fits(glyphs, in: width) { return glyphs }
        guard ellipsis.width <= width else { return [] }
        let kept = width - ellipsis.width
        var head = 0, headWidth = 0
        while head < glyphs.count && headWidth + glyphs[head].width <= kept / 2 {
            headWidth += glyphs[head].width
            head += 1
        }
        var tail = glyphs.count, tailWidth = 0
        while tail > head && tailWidth + glyphs[tail - 1].width <= kept - headWidth {
            tailWidth += glyphs[tail - 1].width
            tail -= 1
        }
        return Array(glyphs[..<head]) + [ellipsis] + Array(glyphs[tail...])
    }
}
