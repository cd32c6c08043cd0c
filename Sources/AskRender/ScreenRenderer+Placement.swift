import AskLayout
import AskText

/// Where the alert is: where it begins, what the terminal's answers tell, how it is erased
/// after a resize and at the end, and the way back to the anchor.
extension ScreenRenderer {
    /// How the way back to the anchor — where the cursor was when the alert began — is known.
    package enum Anchor: Equatable, Sendable {
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

    /// Asks which terminal this is (the first time) and where the cursor is (the anchor), makes
    /// room for `height` rows, saves the anchor and goes to the alert's first row, erasing from
    /// there down.
    mutating func begin(height: Int) -> [UInt8] {
        encoder.cursor = Screen.Position(row: 0, column: 0)
        encoder.rowExtents = Array(repeating: 0, count: height)
        anchor = .saved
        var out = conversation.askAnchor()
        guard height > 0 else { return out + ANSI.saveCursor }
        out += [UInt8](repeating: 0x0A, count: height)
        out += ANSI.up(height) + ANSI.saveCursor + ANSI.carriageReturn + ANSI.lineFeed + ANSI.eraseBelow
        return out
    }

    /// Makes room for `height` rows from the cursor, at the start of the alert's first row
    /// (erased by `clear`). Taller than the alert it replaces, the room made may scroll the
    /// screen, and a position saved with DECSC stays where it was on the screen, not with the
    /// text: the anchor is then the row above the alert's first row.
    mutating func beginInPlace(height: Int) -> [UInt8] {
        inPlace = false
        if height > erasedHeight && anchor == .saved { anchor = .above }
        encoder.cursor = Screen.Position(row: 0, column: 0)
        encoder.rowExtents = Array(repeating: 0, count: height)
        guard height > 1 else { return [] }
        return [UInt8](repeating: 0x0A, count: height - 1) + ANSI.up(height - 1)
    }

    /// Takes the terminal's answer `event` to a question asked (`TerminalConversation`), and
    /// places the alert by what it says. Returns whether it was one awaited.
    @discardableResult
    package mutating func take(_ event: InputEvent) -> Bool {
        guard let answer = conversation.take(event) else { return false }
        if case let .resize(lost, widthChanged) = answer, lost > 0, anchor == .above {
            if conversation.reWrapsLikeTmux && !widthChanged { hiddenRows += lost } else { anchor = .unknown }
        }
        return true
    }

    /// Gives up waiting for answers (the terminal does not give them). Where the alert is, is
    /// still known; whether its first row left the screen after a resize is not. `keepingAnchor`:
    /// the anchor's answer is still taken when it comes.
    package mutating func forgetReports(keepingAnchor: Bool = false) {
        if conversation.giveUp(keepingAnchor: keepingAnchor), anchor == .above { anchor = .unknown }
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
    /// says it at once) — except in tmux, which, when it gets taller, gives back first the rows
    /// it pushed into its scrollback: those are erased with the rest then. Without sizes
    /// (Ctrl-L) nothing moved the text: while the saved anchor holds, the erase is found from it.
    package mutating func clear(resizedFrom old: TerminalSize? = nil, to new: TerminalSize? = nil) -> [UInt8] {
        guard let shown = previous else { return [] }
        var out: [UInt8] = []
        var rowsAbove = encoder.cursor.row
        if let old, let new {
            // A resize, though the size may look the same: two that went and came back before
            // the first was seen still moved the text. The saved anchor no longer holds.
            if anchor == .saved { anchor = .above }
            let widthChanged = new.columns != old.columns
            if widthChanged && conversation.anchorColumn != 0 { anchor = .unknown }
            if new.columns < old.columns && (encoder.rowExtents.max() ?? 0) > new.columns {
                if conversation.reWrapsLikeTmux {
                    rowsAbove = Self.reWrappedRows(of: shown, extents: encoder.rowExtents, above: encoder.cursor, width: new.columns)
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
            if rowsAbove > new.rows - 1 && !conversation.reWrapsLikeTmux { anchor = .unknown }
            out += conversation.askAfterResize(rowsAbove: rowsAbove, widthChanged: widthChanged, column: encoder.cursor.column)
        }
        out += erasing(fromRowsAbove: rowsAbove)
        encoder.cursor = Screen.Position(row: 0, column: 0)
        erasedHeight = shown.height
        replacePrevious(with: nil)
        inPlace = true
        return out
    }

    /// How many rows tmux has between the start of `screen`'s first row and the cursor at
    /// `position` once it has re-wrapped the rows to `width` columns. tmux splits a row longer
    /// than the width (its length: the columns written, `extents`) into pieces, each as many
    /// glyphs as fit without cutting a wide one; the cursor stays on its cell, or past the end
    /// of a row, at the end of its last piece.
    package static func reWrappedRows(of screen: Screen, extents: [Int], above position: Screen.Position, width: Int) -> Int {
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
    package mutating func end() -> [UInt8] {
        guard previous != nil else { return [] }
        let out = closing
        replacePrevious(with: nil)
        encoder.cursor = Screen.Position(row: 0, column: 0)
        anchor = .none
        hiddenRows = 0
        inPlace = false
        return out
    }

    /// Leaves the alert on the screen and puts the cursor at the start of the row below it (a
    /// line fed when it was the screen's last). The next frame starts afresh, below.
    package mutating func leave() -> [UInt8] {
        guard let shown = previous else { return [] }
        var out: [UInt8] = []
        let below = shown.height - 1 - encoder.cursor.row
        if below > 0 { ANSI.appendCSI(below, "B", to: &out) }
        out += ANSI.carriageReturn + ANSI.lineFeed
        replacePrevious(with: nil)
        encoder.cursor = Screen.Position(row: 0, column: 0)
        anchor = .none
        hiddenRows = 0
        inPlace = false
        return out
    }

    /// What `end` would write now (the crash guard writes it).
    package var closing: [UInt8] {
        guard previous != nil else { return [] }
        var out = erasing(fromRowsAbove: encoder.cursor.row)
        switch anchor {
        case .saved:
            out += ANSI.restoreCursor
        case .above:
            // Without the column, going up could put the shell's next output over the
            // person's text on the anchor's row: the cursor stays below it.
            guard let column = conversation.anchorColumn, hiddenRows == 0 else { break }
            out += ANSI.up(1)
            if column > 0 { out += ANSI.column(column) }
        case .none, .unknown:
            break
        }
        return out
    }

    /// Goes to the alert's first row — up `rows` rows, or, while the saved anchor holds, one row
    /// below it (which stays right whatever others wrote meanwhile, short of scrolling) — and
    /// erases everything from there down, leaving the cursor at the row's start. `CSI J` goes
    /// from the second column: at the screen's top-left corner tmux copies the screen into its
    /// history before erasing (scroll-on-clear), and the alert's first row is there when the
    /// anchor has scrolled away. The first column goes with `CSI K`.
    func erasing(fromRowsAbove rows: Int) -> [UInt8] {
        var out: [UInt8] = []
        if anchor == .saved {
            out = ANSI.restoreCursor + ANSI.down(1)
        } else if rows > 0 {
            ANSI.appendCSI(rows, "A", to: &out)
        }
        return out + ANSI.column(1) + ANSI.eraseBelow + ANSI.carriageReturn + ANSI.eraseLineRight
    }

    /// Forgets what is on the terminal, so the next frame redraws from an erased alert (after
    /// the terminal was used by someone else, as on suspend).
    package mutating func invalidate() {
        replacePrevious(with: nil)
        encoder.cursorVisible = true
        encoder.pen = 0
        anchor = .none
        hiddenRows = 0
        inPlace = false
    }
}
