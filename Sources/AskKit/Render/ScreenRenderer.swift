import CAskSystem

/// Draws screens inline, below the cursor, writing only the cells that changed.
///
/// Where the alert is, is known only from where the terminal's cursor is. Terminals carry the
/// cursor along with the text when rows scroll into or out of their history on a resize, but
/// leave a position saved with DECSC where it was on the screen; so every move is relative to
/// the cursor, whose place inside the alert is tracked.
///
/// - The first frame asks which terminal this is (`CSI > c`, once) and where the cursor is
///   (`CSI 6 n`; the answers, read as input, tell whether it re-wraps as tmux does, and the
///   anchor's column), makes room by feeding lines (the terminal scrolls when the cursor is
///   near the bottom), goes back up, saves the anchor (DECSC) and draws below it.
/// - Each frame diffs against the last and writes the changed cells, moving with relative
///   steps; a short way right over cells already on the terminal is taken by writing them again
///   (a blank is one byte, and the words of a message keep their spaces).
/// - After a resize, `clear(resizedFrom:to:)` asks where the cursor is now (was the alert's
///   first row pushed off the screen?), erases from that first row down — never above it — and
///   the next frame is drawn there; the saved anchor is stale from then on.
/// - `end` erases the same way and puts the cursor back on the anchor: ESC 8 while no resize
///   moved the text, else one row up at the reported column. Where that is not known (no report
///   came, the width changed under text on the anchor's row, or the alert's first rows went
///   into the scrollback or were re-wrapped apart), the cursor stays at the start of the
///   alert's first row, below the anchor, where nothing of the person's is written over.
public struct ScreenRenderer: Sendable {
    /// How the way back to the anchor — where the cursor was when the alert began — is known.
    public enum Anchor: Equatable, Sendable {
        /// Nothing is drawn: the next frame begins at the cursor, which becomes the anchor.
        case none
        /// Saved with DECSC, and no resize has moved the text since: ESC 8 goes back exactly.
        case saved
        /// The row above the alert's first row (a resize moved the text, and the saved position
        /// with it no longer).
        case above
        /// Unknown: the rows above the alert may be pieces of it.
        case unknown
    }

    /// What a cursor report asked for will tell, oldest first (answers come in order).
    enum Report: Equatable, Sendable {
        /// The anchor's column.
        case anchor
        /// Where the cursor is after a resize: the alert's first rows are off the screen (in
        /// the scrollback) when that is fewer rows from the top than the alert had above the
        /// cursor. (After a width change tmux re-wraps what it holds there too.)
        case resize(rowsAbove: Int, widthChanged: Bool)
    }

    /// tmux's answer to the secondary device attributes.
    public static let tmuxKind = 84

    private var previous: Screen?
    /// For each row of the alert, how many columns were written since it was erased: what a
    /// terminal that re-wraps takes as the row's length.
    private var rowExtents: [Int] = []
    /// Where the terminal cursor is, in the alert's coordinates.
    private var cursor = Screen.Position(row: 0, column: 0)
    /// The style the terminal draws in now, as `Style.bits` (0: plain).
    private var pen: UInt8 = 0
    private var cursorVisible = true
    /// The alert was erased where it stood: the next frame is drawn there, not below the anchor.
    private var inPlace = false
    public private(set) var anchor = Anchor.none
    /// The anchor's column (0-based), from the terminal's answer to the first frame's report.
    public private(set) var anchorColumn: Int?
    private var pendingReports: [Report] = []
    /// The first frame asked which terminal this is, and no answer came yet.
    public private(set) var awaitsTerminalKind = false
    private var askedTerminalKind = false
    /// The terminal is tmux, which re-wraps rows wider than a narrower screen, and when it gets
    /// taller pulls back first the rows it last pushed into its scrollback (rules read from its
    /// source): the rows the alert then has above the cursor are known.
    public private(set) var reWrapsLikeTmux = false
    /// Rows of the alert above its first row (tmux pushed them into its scrollback when it got
    /// shorter; the anchor is above them). Where they come back, they are erased.
    private(set) var hiddenRows = 0
    /// Wipe each screen once it is replaced (when it may have shown revealed secure text).
    public var wipesScreens = false

    public init() {}

    /// Whether a frame has been drawn since the last `end` (or ever).
    public var isShowing: Bool { previous != nil }

    /// Cursor reports asked for and not answered yet.
    public var expectedCursorReports: Int { pendingReports.count }

    /// The bytes that draw `screen`, given what the terminal shows now.
    public mutating func frame(_ screen: Screen) -> [UInt8] {
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
            if previous != nil { out += clear() }
            out += inPlace ? beginInPlace(height: screen.height) : begin(height: screen.height)
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
                if target != cursor { move(to: target, through: screen, thenStyle: cell.styleBits, &body) }
                if cell.styleBits != pen {
                    cell.style.appendSGR(to: &body)
                    pen = cell.styleBits
                }
                if firstRowWritten < 0 { firstRowWritten = row } else if firstRowWritten != row { severalRows = true }
                screen.appendText(of: cell, to: &body)
                column += max(Int(cell.width), 1)
                cursor.column = column
                rowExtents[row] = max(rowExtents[row], column)
            }
        }
        if let wanted = screen.cursor, wanted != cursor { move(to: wanted, through: screen, thenStyle: 0, &body) }
        if pen != 0 {
            Style.plain.appendSGR(to: &body)
            pen = 0
        }

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

    // MARK: - Where the alert is

    /// Asks which terminal this is (the first time) and where the cursor is (the anchor), makes
    /// room for `height` rows, saves the anchor and goes to the alert's first row, erasing from
    /// there down.
    private mutating func begin(height: Int) -> [UInt8] {
        cursor = Screen.Position(row: 0, column: 0)
        rowExtents = Array(repeating: 0, count: height)
        anchor = .saved
        anchorColumn = nil
        var out: [UInt8] = []
        if !askedTerminalKind {
            out += ANSI.askTerminalKind
            askedTerminalKind = true
            awaitsTerminalKind = true
        }
        out += ANSI.reportCursor
        pendingReports.append(.anchor)
        guard height > 0 else { return out + ANSI.saveCursor }
        out += [UInt8](repeating: 0x0A, count: height)
        out += ANSI.up(height) + ANSI.saveCursor + ANSI.carriageReturn + ANSI.lineFeed + ANSI.eraseBelow
        return out
    }

    /// Makes room for `height` rows from the cursor, at the start of the alert's first row
    /// (erased by `clear`).
    private mutating func beginInPlace(height: Int) -> [UInt8] {
        inPlace = false
        cursor = Screen.Position(row: 0, column: 0)
        rowExtents = Array(repeating: 0, count: height)
        guard height > 1 else { return [] }
        return [UInt8](repeating: 0x0A, count: height - 1) + ANSI.up(height - 1)
    }

    /// Takes the terminal's answer to a cursor report asked for (1-based, as sent). Returns
    /// whether one was awaited.
    @discardableResult
    public mutating func cursorReported(row: Int, column: Int) -> Bool {
        guard !pendingReports.isEmpty, row >= 1, column >= 1 else { return false }
        switch pendingReports.removeFirst() {
        case .anchor:
            anchorColumn = column - 1
            awaitsTerminalKind = false  // its answer comes first, if it comes
        case let .resize(rowsAbove, widthChanged):
            let lost = rowsAbove - (row - 1)
            guard lost > 0, anchor == .above else { break }
            if reWrapsLikeTmux && !widthChanged { hiddenRows += lost } else { anchor = .unknown }
        }
        return true
    }

    /// Takes the terminal's answer to the secondary device attributes (`CSI > kind ; … c`).
    public mutating func terminalKindReported(_ kind: Int) {
        guard awaitsTerminalKind else { return }
        awaitsTerminalKind = false
        reWrapsLikeTmux = kind == Self.tmuxKind
    }

    /// Gives up waiting for answers (the terminal does not give them). Where the alert is, is
    /// still known; whether its first row left the screen after a resize is not.
    public mutating func forgetReports() {
        if pendingReports.contains(where: { if case .resize = $0 { return true } else { return false } }),
           anchor == .above {
            anchor = .unknown
        }
        pendingReports.removeAll()
        awaitsTerminalKind = false
    }

    /// Erases the alert and has the next frame drawn where it stood: after the terminal changed
    /// size from `old` to `new`, or (without sizes) to draw it all again.
    ///
    /// The terminal has carried the cursor along with the text; the rows between it and the
    /// alert's first row are those it had, unless rows wider than the terminal now were
    /// re-wrapped. tmux splits them into pieces (counted here as it does); other terminals that
    /// re-wrap (VTE, kitty) cannot be told from those that cut rows (xterm), so only the rows
    /// every one of them agrees on are erased — the upper pieces of split rows stay — and the
    /// anchor is unknown from then on. It is unknown too when the width changed under text on
    /// the anchor's row (re-wrapping may move it), and when the alert's first row left the
    /// screen (the report asked for here says; a screen shorter than the rows above the cursor
    /// says it at once).
    public mutating func clear(resizedFrom old: TerminalSize? = nil, to new: TerminalSize? = nil) -> [UInt8] {
        guard let shown = previous else { return [] }
        var out: [UInt8] = []
        var rowsAbove = cursor.row
        if let old, let new, old != new {
            if anchor == .saved { anchor = .above }
            let widthChanged = new.columns != old.columns
            if widthChanged && anchorColumn != 0 { anchor = .unknown }
            if new.columns < old.columns && (rowExtents.max() ?? 0) > new.columns {
                if reWrapsLikeTmux {
                    rowsAbove = Self.reWrappedRows(of: shown, extents: rowExtents, above: cursor, width: new.columns)
                } else {
                    anchor = .unknown
                }
            }
            if hiddenRows > 0 && widthChanged {
                anchor = .unknown  // tmux re-wraps them where they are
                hiddenRows = 0
            } else if hiddenRows > 0 && new.rows > old.rows {
                let back = min(hiddenRows, new.rows - old.rows)
                rowsAbove += back
                hiddenRows -= back
            }
            if rowsAbove > new.rows - 1 && !reWrapsLikeTmux { anchor = .unknown }
            out += ANSI.reportCursor
            pendingReports.append(.resize(rowsAbove: rowsAbove, widthChanged: widthChanged))
        }
        out += erasing(fromRowsAbove: rowsAbove)
        cursor = Screen.Position(row: 0, column: 0)
        replacePrevious(with: nil)
        inPlace = true
        return out
    }

    /// How many rows tmux has between the start of `screen`'s first row and the cursor at
    /// `position` once it has re-wrapped the rows to `width` columns. tmux splits a row longer
    /// than the width (its length: the columns written, `extents`) into pieces, each as many
    /// glyphs as fit without cutting a wide one; the cursor stays on its cell, or past the end
    /// of a row, at the end of its last piece.
    static func reWrappedRows(of screen: Screen, extents: [Int], above position: Screen.Position, width: Int) -> Int {
        /// The columns at which a row's pieces after the first start.
        func breaks(_ row: Int) -> [Int] {
            var starts: [Int] = []
            var used = 0
            for column in 0..<min(extents[row], screen.width) {
                let cellWidth = Int(screen.stored[row * screen.width + column].width)
                if used + cellWidth > width {
                    starts.append(column)
                    used = 0
                }
                used += cellWidth
            }
            return starts
        }
        var rows = 0
        for row in 0..<min(position.row, screen.height) { rows += 1 + breaks(row).count }
        if position.row < screen.height {
            let starts = breaks(position.row)
            rows += position.column >= extents[position.row] ? starts.count : starts.filter { $0 <= position.column }.count
        }
        return rows
    }

    /// Erases the alert and puts the cursor back on the anchor. The next frame starts afresh.
    public mutating func end() -> [UInt8] {
        guard previous != nil else { return [] }
        let out = closing
        replacePrevious(with: nil)
        cursor = Screen.Position(row: 0, column: 0)
        anchor = .none
        hiddenRows = 0
        inPlace = false
        return out
    }

    /// What `end` would write now (the crash guard writes it).
    public var closing: [UInt8] {
        guard previous != nil else { return [] }
        var out = erasing(fromRowsAbove: cursor.row)
        switch anchor {
        case .saved:
            out += ANSI.restoreCursor
        case .above:
            // Without the column, going up could put the shell's next output over the
            // person's text on the anchor's row: the cursor stays below it.
            guard let column = anchorColumn, hiddenRows == 0 else { break }
            out += ANSI.up(1)
            if column > 0 { out += ANSI.column(column) }
        case .none, .unknown:
            break
        }
        return out
    }

    /// Up `rows` rows, then everything from there down. `CSI J` goes from the second column:
    /// at the screen's top-left corner tmux copies the screen into its history before erasing
    /// (scroll-on-clear), and the alert's first row is there when the anchor has scrolled away.
    /// The first column goes with `CSI K`.
    private func erasing(fromRowsAbove rows: Int) -> [UInt8] {
        var out: [UInt8] = []
        if rows > 0 { ANSI.appendCSI(rows, "A", to: &out) }
        return out + ANSI.column(1) + ANSI.eraseBelow + ANSI.carriageReturn + ANSI.eraseLineRight
    }

    /// Forgets what is on the terminal, so the next frame redraws from an erased alert (after
    /// the terminal was used by someone else, as on suspend).
    public mutating func invalidate() {
        replacePrevious(with: nil)
        cursorVisible = true
        pen = 0
        anchor = .none
        hiddenRows = 0
        inPlace = false
    }

    // MARK: - Moving

    /// Moves the cursor to `target`, where a glyph in `style` (`Style.bits`) is written next
    /// (plain for the frame's last move). Rows by relative steps; a way right, or from the start
    /// of the row, by writing the cells between again when that is shorter than a jump (every
    /// cell on the target's row left of it is on the terminal as `screen` has it).
    private mutating func move(to target: Screen.Position, through screen: Screen, thenStyle style: UInt8,
                               _ out: inout [UInt8]) {
        if target.row > cursor.row {
            let rows = target.row - cursor.row
            if rows == 1 { out.append(0x0A) } else { ANSI.appendCSI(rows, "B", to: &out) }
        } else if target.row < cursor.row {
            ANSI.appendCSI(cursor.row - target.row, "A", to: &out)
        }
        cursor.row = target.row
        guard target.column != cursor.column else { return }
        func styleCost(from pen: UInt8) -> Int { pen == style ? 0 : Style(bits: style).sgrLength }
        var best = (from: -1, cost: target.column == 0 ? 1 : ANSI.csiLength(target.column + 1) + styleCost(from: pen))
        if target.column > cursor.column,
           let (cost, pen) = rewriteCost(screen, row: target.row, columns: cursor.column..<target.column, limit: best.cost) {
            let total = cost + styleCost(from: pen)
            if total <= best.cost { best = (cursor.column, total) }
        }
        if target.column > 0,
           let (cost, pen) = rewriteCost(screen, row: target.row, columns: 0..<target.column, limit: best.cost - 1) {
            let total = 1 + cost + styleCost(from: pen)
            if total < best.cost { best = (0, total) }
        }
        if best.from < 0 {
            if target.column == 0 { out.append(0x0D) } else { ANSI.appendCSI(target.column + 1, "G", to: &out) }
        } else {
            if best.from == 0 && cursor.column != 0 { out.append(0x0D) }
            rewrite(screen, row: target.row, columns: best.from..<target.column, &out)
        }
        cursor.column = target.column
    }

    /// The bytes that write `columns` of `row` again as `screen` has them, starting in the
    /// current pen, and the pen after; nil when a cell there is not a one-column glyph of one
    /// scalar, or the bytes would pass `limit`.
    private func rewriteCost(_ screen: Screen, row: Int, columns: Range<Int>, limit: Int) -> (bytes: Int, pen: UInt8)? {
        guard columns.count <= limit else { return nil }
        var bytes = 0
        var pen = self.pen
        for column in columns {
            let cell = screen.stored[row * screen.width + column]
            guard cell.width == 1, cell.code & Screen.compoundFlag == 0 else { return nil }
            if cell.styleBits != pen {
                bytes += cell.style.sgrLength
                pen = cell.styleBits
            }
            bytes += cell.code < 0x80 ? 1 : cell.code < 0x800 ? 2 : cell.code < 0x1_0000 ? 3 : 4
            if bytes > limit { return nil }
        }
        return (bytes, pen)
    }

    private mutating func rewrite(_ screen: Screen, row: Int, columns: Range<Int>, _ out: inout [UInt8]) {
        rowExtents[row] = max(rowExtents[row], columns.upperBound)
        for column in columns {
            let cell = screen.stored[row * screen.width + column]
            if cell.styleBits != pen {
                cell.style.appendSGR(to: &out)
                pen = cell.styleBits
            }
            screen.appendText(of: cell, to: &out)
        }
    }
}
