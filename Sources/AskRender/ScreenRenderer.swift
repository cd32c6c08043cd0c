import AskLayout
import AskMemory

/// Draws screens inline, below the cursor, writing only the cells that changed.
///
/// Where the alert is, is known from where the terminal's cursor is. Terminals carry the cursor
/// along with the text when rows scroll into or out of their history on a resize, but leave a
/// position saved with DECSC where it was on the screen; so every move is relative to the
/// cursor, whose place inside the alert is tracked, and the saved position is used only while
/// no resize has happened.
///
/// - The first frame asks which terminal this is (`CSI > c`, once) and where the cursor is
///   (`CSI 6 n`; the answers, read as input and taken by `take`, tell whether it re-wraps as
///   tmux does, and the anchor's place: `TerminalConversation`), makes room by feeding lines (the terminal scrolls when the cursor is
///   near the bottom), goes back up, saves the anchor (DECSC) and draws below it.
/// - Each frame diffs against the last and writes the changed cells, moving with relative
///   steps; a short way right over cells already on the terminal is taken by writing them again
///   (a blank is one byte, and the words of a message keep their spaces).
/// - After a resize, `clear(resizedFrom:to:)` asks where the cursor is now (was the alert's
///   first row pushed off the screen?), erases from that first row down — never above it — and
///   the next frame is drawn there; the saved anchor is stale from then on.
/// - `end` erases from the alert's first row down (found one row below the saved anchor while no
///   resize moved the text — whatever others wrote meanwhile — else up from the cursor) and puts
///   the cursor back on the anchor: ESC 8, or one row up at the reported column. Where that is
///   not known (no report came, the width changed under text on the anchor's row, or the
///   alert's first rows went into the scrollback or were re-wrapped apart), the cursor stays at
///   the start of the alert's first row, below the anchor, where nothing of the person's is
///   written over. The crash guard writes the same (`closing`).
package struct ScreenRenderer: Sendable {
    var previous: Screen?
    /// Writes the changed cells; knows where the cursor is.
    var encoder = FrameEncoder()
    /// The alert was erased where it stood: the next frame is drawn there, not below the anchor.
    var inPlace = false
    /// The height of the alert last erased where it stood.
    var erasedHeight = 0
    package internal(set) var anchor = Anchor.none
    /// What was asked of the terminal and what it answered (the anchor's place, which terminal).
    package var conversation = TerminalConversation()
    /// Rows of the alert above its first row (tmux pushed them into its scrollback when it got
    /// shorter; the anchor is above them). Where they come back, they are erased.
    var hiddenRows = 0
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
        var out: [UInt8] = []
        out.reserveCapacity(wipesScreens ? Self.mostBytes(for: screen) + 256 : previous == nil ? 1024 : 64)
        var base: Screen
        if let previous, previous.width == screen.width, previous.height == screen.height {
            base = previous
        } else {
            if previous != nil { out += clear() }
            out += inPlace ? beginInPlace(height: screen.height) : begin(height: screen.height)
            base = Screen(width: screen.width, height: screen.height)
        }
        encoder.encode(ScreenDiff.runs(from: base, to: screen), of: screen, into: &out)
        return out
    }

    mutating func replacePrevious(with screen: Screen?) {
        if wipesScreens, var old = previous {
            previous = nil  // now the only reference: wiped in place
            old.wipe()
        }
        previous = screen
    }
}

/// Writes changed cells as bytes, keeping track of what the terminal's cursor is: where it is in
/// the alert, the style it draws in, whether it shows, and how far each row was written.
package struct FrameEncoder: Sendable {
    /// Where the terminal cursor is, in the alert's coordinates.
    var cursor = Screen.Position(row: 0, column: 0)
    /// The style the terminal draws in now, as `Style.bits` (0: plain).
    var pen: UInt32 = 0
    var cursorVisible = true
    /// For each row of the alert, how many columns were written since it was erased: what a
    /// terminal that re-wraps takes as the row's length.
    var rowExtents: [Int] = []

    /// Appends the bytes that write `runs` of `screen` (relative moves between them, a style
    /// where it changes), then leave the cursor where `screen` wants it, shown or hidden. The
    /// cursor is hidden while it jumps between rows.
    mutating func encode(_ runs: [ScreenDiff.Run], of screen: Screen, into out: inout [UInt8]) {
        if cursorVisible, let first = runs.first, runs.contains(where: { $0.row != first.row }) {
            out += ANSI.hideCursor
            cursorVisible = false
        }
        let width = screen.width
        for run in runs {
            let rowStart = run.row * width
            let target = Screen.Position(row: run.row, column: run.columns.lowerBound)
            if target != cursor { move(to: target, through: screen, thenStyle: screen.stored[rowStart + target.column].styleBits, &out) }
            for column in run.columns {
                let cell = screen.stored[rowStart + column]
                guard cell.width != 0 else { continue }  // the right half of a wide glyph: written with it
                if cell.styleBits != pen {
                    cell.style.appendSGR(to: &out)
                    pen = cell.styleBits
                }
                screen.appendText(of: cell, to: &out)
            }
            cursor.column = run.columns.upperBound
            rowExtents[run.row] = max(rowExtents[run.row], cursor.column)
        }
        if let wanted = screen.cursor, wanted != cursor { move(to: wanted, through: screen, thenStyle: 0, &out) }
        if pen != 0 {
            Style.plain.appendSGR(to: &out)
            pen = 0
        }
        let shouldShow = screen.cursor != nil
        if shouldShow != cursorVisible {
            out += shouldShow ? ANSI.showCursor : ANSI.hideCursor
            cursorVisible = shouldShow
        }
    }

    // MARK: - Moving

    /// Moves the cursor to `target`, where a glyph in `style` (`Style.bits`) is written next
    /// (plain for the frame's last move). Rows by relative steps; a way right, or from the start
    /// of the row, by writing the cells between again when that is shorter than a jump (every
    /// cell on the target's row left of it is on the terminal as `screen` has it).
    private mutating func move(to target: Screen.Position, through screen: Screen, thenStyle style: UInt32,
                               _ out: inout [UInt8]) {
        if target.row > cursor.row {
            let rows = target.row - cursor.row
            if rows == 1 { out.append(0x0A) } else { ANSI.appendCSI(rows, "B", to: &out) }
        } else if target.row < cursor.row {
            ANSI.appendCSI(cursor.row - target.row, "A", to: &out)
        }
        cursor.row = target.row
        guard target.column != cursor.column else { return }
        func styleCost(from pen: UInt32) -> Int { pen == style ? 0 : Style(bits: style).sgrLength }
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
    private func rewriteCost(_ screen: Screen, row: Int, columns: Range<Int>, limit: Int) -> (bytes: Int, pen: UInt32)? {
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
