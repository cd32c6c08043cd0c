import AskMemory

/// One thing shown in one or two terminal columns: a grapheme already made safe to print.
package struct Glyph: Equatable, Sendable {
    package var text: String
    package var width: Int
    /// The scalar's value when the glyph is one scalar (nearly always), else `Glyph.compound`:
    /// lets a screen keep its cells as plain numbers.
    let code: UInt32

    static let compound: UInt32 = 0xFFFF_FFFF

    package init(_ text: String, width: Int) {
        self.text = text
        self.width = width
        var scalars = text.unicodeScalars.makeIterator()
        if let first = scalars.next(), scalars.next() == nil { code = first.value } else { code = Self.compound }
    }

    /// A one-scalar glyph.
    package init(_ scalar: Unicode.Scalar, width: Int) {
        text = String(Character(scalar))
        self.width = width
        code = scalar.value
    }

    package static func == (a: Glyph, b: Glyph) -> Bool { a.text == b.text && a.width == b.width }

    package static let space = Glyph(" ", width: 1)
}

/// One cell of the screen, as tests and callers see it. A wide glyph fills its cell and leaves
/// the next as a continuation.
package struct Cell: Equatable, Sendable {
    package var text: String
    /// 1 or 2 for a glyph, 0 for the right half of a wide glyph.
    package var width: Int
    package var style: Style

    package init(_ text: String = " ", width: Int = 1, style: Style = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }
}

/// A grid of cells the size of the alert, and where the cursor should be.
///
/// Layouts draw into a `Screen`; `ScreenRenderer` turns the difference between two screens
/// into bytes. Cells are kept as plain values — a scalar (or an index into a small table for
/// the rare glyph of several scalars), a width and a style — so building, copying and
/// comparing a screen for every key costs little. Tests compare `lines` with literals.
package struct Screen: Equatable, Sendable {
    package let width: Int
    package let height: Int
    package var stored: [StoredCell]
    /// The UTF-8 of glyphs of more than one scalar, one after another, and where each one is:
    /// plain bytes, so that a screen that showed revealed secure text can be wiped.
    package var compoundBytes: [UInt8] = []
    package var compounds: [(start: Int32, count: Int32)] = []
    /// Where the terminal cursor is left; nil hides it.
    package var cursor: Position?

    /// Eight bytes with no padding, so that rows compare with memcmp and cells as one word.
    package struct StoredCell: Equatable, Sendable {
        /// A scalar value, or `compoundFlag | index` into `compounds`.
        package var code: UInt32
        /// `Style.bits` in the low 24 bits, the width in the high 8.
        private var packed: UInt32

        init(code: UInt32, width: UInt8, style: Style) {
            self.code = code
            packed = style.bits | UInt32(width) << 24
        }

        /// `Style.bits`.
        package var styleBits: UInt32 { packed & 0xFF_FFFF }

        package var width: UInt8 {
            get { UInt8(packed >> 24) }
            set { packed = styleBits | UInt32(newValue) << 24 }
        }

        package var style: Style {
            get { Style(bits: styleBits) }
            set { packed = newValue.bits | packed & 0xFF00_0000 }
        }

        static let blank = StoredCell(code: 0x20, width: 1, style: .plain)
        static let continuation = StoredCell(code: 0, width: 0, style: .plain)
    }

    package static let compoundFlag: UInt32 = 0x8000_0000

    package struct Position: Equatable, Sendable {
        package var row: Int
        package var column: Int
        package init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    package init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        stored = Array(repeating: .blank, count: self.width * self.height)
    }

    package subscript(row: Int, column: Int) -> Cell {
        let cell = stored[row * width + column]
        return Cell(text(of: cell), width: Int(cell.width), style: cell.style)
    }

    /// The text a stored cell shows ("" for a continuation).
    func text(of cell: StoredCell) -> String {
        if cell.width == 0 { return "" }
        if cell.code & Self.compoundFlag != 0 { return String(decoding: compoundText(of: cell), as: UTF8.self) }
        return String(Character(Unicode.Scalar(cell.code) ?? " "))
    }

    /// Appends a stored cell's UTF-8 to `out` (encoded by hand: every cell of a frame comes here;
    /// a code is always a `Unicode.Scalar`'s value or a compound's index).
    @inline(__always)
    package func appendText(of cell: StoredCell, to out: inout [UInt8]) {
        let code = cell.code
        assert(code & Self.compoundFlag != 0 || Unicode.Scalar(code) != nil)
        if code < 0x80 {
            out.append(UInt8(code))
        } else if code & Self.compoundFlag != 0 {
            out += compoundText(of: cell)
        } else if code < 0x800 {
            out.append(0xC0 | UInt8(code >> 6))
            out.append(0x80 | UInt8(code & 0x3F))
        } else if code < 0x1_0000 {
            out.append(0xE0 | UInt8(code >> 12))
            out.append(0x80 | UInt8(code >> 6 & 0x3F))
            out.append(0x80 | UInt8(code & 0x3F))
        } else {
            out.append(0xF0 | UInt8(code >> 18))
            out.append(0x80 | UInt8(code >> 12 & 0x3F))
            out.append(0x80 | UInt8(code >> 6 & 0x3F))
            out.append(0x80 | UInt8(code & 0x3F))
        }
    }

    /// The UTF-8 of a compound cell.
    func compoundText(of cell: StoredCell) -> ArraySlice<UInt8> {
        let span = compounds[Int(cell.code & ~Self.compoundFlag)]
        return compoundBytes[Int(span.start)..<Int(span.start + span.count)]
    }

    /// Whether two cells (each of its own screen) show the same thing.
    package static func same(_ a: StoredCell, in first: Screen, _ b: StoredCell, in second: Screen) -> Bool {
        if a == b { return a.code & compoundFlag == 0 || first.compoundText(of: a).elementsEqual(second.compoundText(of: b)) }
        guard a.width == b.width, a.styleBits == b.styleBits, a.code & compoundFlag != 0, b.code & compoundFlag != 0 else { return false }
        return first.compoundText(of: a).elementsEqual(second.compoundText(of: b))
    }

    /// Appends the UTF-8 of `scalars` to `buffer`; when it is full, moves it to a bigger one by
    /// hand and wipes the old one before it is freed (it may hold revealed secure text).
    static func appendWiping(_ scalars: some Sequence<Unicode.Scalar>, to buffer: inout [UInt8]) {
        for scalar in scalars {
            buffer.reserveWiping(extra: 4)
            UTF8.encode(scalar) { buffer.append($0) }
        }
    }

    /// Draws one glyph of several scalars, given as its scalars (none of them ever in a
    /// `String`: revealed secure text is drawn this way), `width` columns wide.
    package mutating func drawCompound(_ scalars: some Sequence<Unicode.Scalar>, width glyphWidth: Int, row: Int,
                                      column: Int, style: Style = .plain) {
        guard row >= 0, row < height, column >= 0, column + glyphWidth <= width else { return }
        put(addCompound(scalars), width: glyphWidth, row: row, column: column, style: style)
    }

    /// Keeps the UTF-8 of a glyph of several scalars; returns the code its cell refers to it by.
    private mutating func addCompound(_ scalars: some Sequence<Unicode.Scalar>) -> UInt32 {
        let start = compoundBytes.count
        Self.appendWiping(scalars, to: &compoundBytes)
        compounds.append((Int32(start), Int32(compoundBytes.count - start)))
        return Self.compoundFlag | UInt32(compounds.count - 1)
    }

    /// Sets the cell for a glyph (and the continuation of a wide one).
    private mutating func put(_ code: UInt32, width glyphWidth: Int, row: Int, column: Int, style: Style) {
        set(row, column, StoredCell(code: code, width: UInt8(glyphWidth), style: style))
        if glyphWidth == 2 { set(row, column + 1, StoredCell(code: 0, width: 0, style: style)) }
    }

    /// Draws `glyphs` from `column` on `row` in `style`, stopping before `limit` (the width by
    /// default). A wide glyph that would straddle the limit becomes a space. Returns the column
    /// after the last glyph drawn.
    @discardableResult
    package mutating func draw(_ glyphs: some Sequence<Glyph>, row: Int, column: Int, style: Style = .plain,
                              limit: Int? = nil) -> Int {
        let limit = min(limit ?? width, width)
        guard row >= 0, row < height else { return column }
        var column = max(column, 0)
        for glyph in glyphs {
            let glyphWidth = min(max(glyph.width, 1), 2)
            if column + glyphWidth > limit {
                if column < limit && glyphWidth == 2 { set(row, column, StoredCell(code: 0x20, width: 1, style: style)) }
                break
            }
            let code = glyph.code == Glyph.compound ? addCompound(glyph.text.unicodeScalars) : glyph.code
            put(code, width: glyphWidth, row: row, column: column, style: style)
            column += glyphWidth
        }
        return column
    }

    /// Fills columns `range` with one single-scalar glyph.
    package mutating func fill(row: Int, columns range: Range<Int>, with text: Unicode.Scalar = " ", style: Style = .plain) {
        let lower = max(range.lowerBound, 0), upper = min(range.upperBound, width)
        guard row >= 0, row < height, lower < upper else { return }
        let cell = StoredCell(code: text.value, width: 1, style: style)
        // Only the ends can split a wide glyph: `set` mends those, the cells between are plain.
        set(row, lower, cell)
        guard upper - lower > 1 else { return }
        set(row, upper - 1, cell)
        stored.withUnsafeMutableBufferPointer { cells in
            for index in (row * width + lower + 1)..<(row * width + upper - 1) { cells[index] = cell }
        }
    }

    /// Changes the style of the cells in `range` on `row`, keeping their text.
    package mutating func restyle(row: Int, columns range: Range<Int>, _ change: (inout Style) -> Void) {
        guard row >= 0, row < height else { return }
        for column in range where column >= 0 && column < width { change(&stored[row * width + column].style) }
    }

    private mutating func set(_ row: Int, _ column: Int, _ cell: StoredCell) {
        let index = row * width + column
        // Overwriting half of a wide glyph leaves the other half blank (unless this is the
        // right half of a new wide glyph, whose left half was just put there).
        if stored[index].width == 0, cell.width != 0, column > 0, stored[index - 1].width == 2 {
            stored[index - 1].code = 0x20
            stored[index - 1].width = 1
        }
        if stored[index].width == 2, column + 1 < width, cell.width != 2 {
            stored[index + 1].code = 0x20
            stored[index + 1].width = 1
        }
        stored[index] = cell
    }

    /// Overwrites every cell and every glyph's bytes with zeros (a screen that showed revealed
    /// secure text).
    package mutating func wipe() {
        stored.wipeBytes()
        compoundBytes.wipeBytes()
        compounds.removeAll()
        compoundBytes.removeAll()
    }

    /// The rows as text with trailing spaces removed, for golden tests.
    package var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width { line += self[row, column].text }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    package static func == (a: Screen, b: Screen) -> Bool {
        guard a.width == b.width, a.height == b.height, a.cursor == b.cursor else { return false }
        return zip(a.stored, b.stored).allSatisfy { same($0, in: a, $1, in: b) }
    }
}
