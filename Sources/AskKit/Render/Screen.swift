/// One thing shown in one or two terminal columns: a grapheme already made safe to print.
public struct Glyph: Equatable, Sendable {
    public var text: String
    public var width: Int

    public init(_ text: String, width: Int) {
        self.text = text
        self.width = width
    }

    public static let space = Glyph(" ", width: 1)
}

/// One cell of the screen. A wide glyph fills its cell and leaves the next as a continuation.
public struct Cell: Equatable, Sendable {
    public var text: String
    /// 1 or 2 for a glyph, 0 for the right half of a wide glyph.
    public var width: Int
    public var style: Style

    public init(_ text: String = " ", width: Int = 1, style: Style = .plain) {
        self.text = text
        self.width = width
        self.style = style
    }

    public static let blank = Cell()
}

/// A grid of cells the size of the alert, and where the cursor should be.
///
/// Layouts draw into a `Screen`; `ScreenRenderer` turns the difference between two screens
/// into bytes. Tests compare `lines` with literals.
public struct Screen: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Where the terminal cursor is left; nil hides it.
    public var cursor: Position?

    public struct Position: Equatable, Sendable {
        public var row: Int
        public var column: Int
        public init(row: Int, column: Int) {
            self.row = row
            self.column = column
        }
    }

    public init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(row: Int, column: Int) -> Cell {
        cells[row * width + column]
    }

    /// Draws `glyphs` from `column` on `row` in `style`, stopping before `limit` (the width by
    /// default). A wide glyph that would straddle the limit becomes a space. Returns the column
    /// after the last glyph drawn.
    @discardableResult
    public mutating func draw(_ glyphs: some Sequence<Glyph>, row: Int, column: Int, style: Style = .plain,
                              limit: Int? = nil) -> Int {
        let limit = min(limit ?? width, width)
        guard row >= 0, row < height else { return column }
        var column = max(column, 0)
        for glyph in glyphs {
            let glyphWidth = max(glyph.width, 1)
            if column + glyphWidth > limit {
                if column < limit && glyphWidth == 2 { set(row, column, Cell(" ", width: 1, style: style)) }
                break
            }
            set(row, column, Cell(glyph.text, width: glyphWidth, style: style))
            if glyphWidth == 2 { set(row, column + 1, Cell("", width: 0, style: style)) }
            column += glyphWidth
        }
        return column
    }

    /// Draws one glyph repeated to fill columns `range`.
    public mutating func fill(row: Int, columns range: Range<Int>, with text: String = " ", style: Style = .plain) {
        guard row >= 0, row < height else { return }
        for column in range where column >= 0 && column < width { set(row, column, Cell(text, width: 1, style: style)) }
    }

    /// Changes the style of the cells in `range` on `row`, keeping their text.
    public mutating func restyle(row: Int, columns range: Range<Int>, _ change: (inout Style) -> Void) {
        guard row >= 0, row < height else { return }
        for column in range where column >= 0 && column < width { change(&cells[row * width + column].style) }
    }

    private mutating func set(_ row: Int, _ column: Int, _ cell: Cell) {
        let index = row * width + column
        // Overwriting half of a wide glyph leaves the other half blank.
        if cells[index].width == 0, column > 0, cells[index - 1].width == 2 { cells[index - 1] = Cell(" ", style: cells[index - 1].style) }
        if cells[index].width == 2, column + 1 < width, cell.width != 2 { cells[index + 1] = Cell(" ", style: cells[index + 1].style) }
        cells[index] = cell
    }

    /// The rows as text with trailing spaces removed, for golden tests.
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width { line += self[row, column].text }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}
