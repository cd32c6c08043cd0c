import AskLayout
import AskMemory
import CAskSystem

/// Draws screens inline, below the cursor, writing only the cells that changed.
///
/// The first frame makes room by feeding lines (the terminal scrolls when the cursor is near
/// the bottom), moves back up and saves that spot as the anchor (DECSC). Later frames diff
/// against the last one and move with relative steps from where the cursor was left, so typing
/// a character at the end of the field writes just that character. `end` restores the anchor
/// and erases everything below it.
package struct ScreenRenderer: Sendable {
    private var previous: Screen?
    /// Where the terminal cursor is, in the alert's coordinates.
    private var cursor = Screen.Position(row: 0, column: 0)
    /// The style the terminal draws in now, as `Style.bits` (0: plain).
    private var pen: UInt8 = 0
    private var cursorVisible = true
    /// Wipe each screen once it is replaced (when it may have shown revealed secure text).
    package var wipesScreens = false

    package init() {}

    /// Whether a frame has been drawn since the last `end` (or ever).
    package var isShowing: Bool { previous != nil }

    /// The bytes that draw `screen`, given what the terminal shows now.
    package mutating func frame(_ screen: Screen) -> [UInt8] {
        let out = bytes(for: screen)  // (its copies of the last screen are gone when it returns)
        replacePrevious(with: screen)
        return out
    }

    /// More bytes than drawing every cell of `screen` can take: a move, a style and the
    /// glyph's text for each.
    static func mostBytes(for screen: Screen) -> Int {
        screen.width * screen.height * 48 + screen.compoundBytes.count
    }

    private mutating func bytes(for screen: Screen) -> [UInt8] {
        // A revealed secret is in these bytes: room for the worst case is taken up front, so
        // that no buffer grows (growing frees a copy that could not be wiped).
        let room = wipesScreens ? Self.mostBytes(for: screen) : previous == nil ? 1024 : 64
        var out: [UInt8] = []
        out.reserveCapacity(wipesScreens ? room + 256 : 0)
        var base: Screen
        if let previous, previous.width == screen.width, previous.height == screen.height {
            base = previous
        } else {
            if previous != nil { out += end() }
            out += begin(height: screen.height)
            base = Screen(width: screen.width, height: screen.height)
        }

        var body: [UInt8] = []
        body.reserveCapacity(room)
        /// Rows that had cells written: the cursor is hidden while it jumps between several.
        var firstRowWritten = -1
        var severalRows = false
        let width = screen.width
        // Rows whose cells are byte for byte the same are skipped whole (exact when neither
        // screen has glyphs of several scalars, which live in a table).
        let plainCells = screen.compounds.isEmpty && base.compounds.isEmpty
        for row in 0..<screen.height {
            let rowStart = row * width
            if plainCells && Self.sameRow(screen, base, from: rowStart, count: width) { continue }
            var column = 0
            while column < width {
                var cell = screen.stored[rowStart + column]
                if Screen.same(cell, in: screen, base.stored[rowStart + column], in: base) {
                    column += 1
                    continue
                }
                if cell.width == 0 {
                    // The right half of a wide glyph changed: redraw from its left half.
                    guard column > 0 && screen.stored[rowStart + column - 1].width == 2 else {
                        column += 1
                        continue
                    }
                    column -= 1
                    cell = screen.stored[rowStart + column]
                }
                let target = Screen.Position(row: row, column: column)
                if target != cursor { move(to: target, &body) }
                if cell.styleBits != pen {
                    cell.style.appendSGR(to: &body)
                    pen = cell.styleBits
                }
                if firstRowWritten < 0 { firstRowWritten = row } else if firstRowWritten != row { severalRows = true }
                screen.appendText(of: cell, to: &body)
                column += max(Int(cell.width), 1)
                cursor.column = column
            }
        }
        if pen != 0 {
            Style.plain.appendSGR(to: &body)
            pen = 0
        }
        if let wanted = screen.cursor, wanted != cursor { move(to: wanted, &body) }

        if severalRows && cursorVisible {
            out += ANSI.hideCursor
            cursorVisible = false
        }
        out += body
        if wipesScreens { body.withUnsafeMutableBytes { if let base = $0.baseAddress { explicit_bzero(base, $0.count) } } }
        let shouldShow = screen.cursor != nil
        if shouldShow != cursorVisible {
            out += shouldShow ? ANSI.showCursor : ANSI.hideCursor
            cursorVisible = shouldShow
        }
        return out
    }

    private mutating func replacePrevious(with screen: Screen?) {
        if wipesScreens, var old = previous {
            previous = nil  // now the only reference: wiped in place
            old.wipe()
        }
        previous = screen
    }

    private static func sameRow(_ a: Screen, _ b: Screen, from start: Int, count: Int) -> Bool {
        a.stored.withUnsafeBufferPointer { x in
            b.stored.withUnsafeBufferPointer { y in
                memcmp(x.baseAddress! + start, y.baseAddress! + start, count * MemoryLayout<Screen.StoredCell>.stride) == 0
            }
        }
    }

    /// Makes room for `height` rows, saves the anchor and goes to the alert's first row.
    private mutating func begin(height: Int) -> [UInt8] {
        cursor = Screen.Position(row: 0, column: 0)
        guard height > 0 else { return ANSI.saveCursor }
        var out = [UInt8](repeating: 0x0A, count: height)
        out += ANSI.up(height) + ANSI.saveCursor + ANSI.carriageReturn + ANSI.lineFeed + ANSI.eraseBelow
        return out
    }

    /// Erases the alert and puts the cursor back on the anchor. The next frame starts afresh.
    package mutating func end() -> [UInt8] {
        guard previous != nil else { return [] }
        replacePrevious(with: nil)
        cursor = Screen.Position(row: 0, column: 0)
        return ANSI.restoreCursor + ANSI.eraseBelow
    }

    /// Forgets what is on the terminal, so the next frame redraws from an erased alert (after
    /// the terminal was used by someone else, as on suspend).
    package mutating func invalidate() {
        replacePrevious(with: nil)
        cursorVisible = true
        pen = 0
    }

    private mutating func move(to target: Screen.Position, _ out: inout [UInt8]) {
        if target.row > cursor.row {
            let rows = target.row - cursor.row
            if rows == 1 { out.append(0x0A) } else { ANSI.appendCSI(rows, "B", to: &out) }
        } else if target.row < cursor.row {
            ANSI.appendCSI(cursor.row - target.row, "A", to: &out)
        }
        if target.column != cursor.column {
            if target.column == 0 { out.append(0x0D) } else { ANSI.appendCSI(target.column + 1, "G", to: &out) }
        }
        cursor = target
    }
}
