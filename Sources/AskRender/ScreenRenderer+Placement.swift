import AskLayout

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

    /// What a cursor report asked for will tell, oldest first (answers come in order).
    enum Report: Equatable, Sendable {
        /// The anchor's column.
        case anchor
        /// Where the cursor is after a resize: the alert's first rows are off the screen (in
        /// the scrollback) when that is fewer rows from the top than the alert had above the
        /// cursor. (After a width change tmux re-wraps what it holds there too.)
        case resize(rowsAbove: Int, widthChanged: Bool, column: Int)
    }

    /// Asks which terminal this is (the first time) and where the cursor is (the anchor), makes
    /// room for `height` rows, saves the anchor and goes to the alert's first row, erasing from
    /// there down.
    mutating func begin(height: Int) -> [UInt8] {
        encoder.cursor = Screen.Position(row: 0, column: 0)
        encoder.rowExtents = Array(repeating: 0, count: height)
        anchor = .saved
        anchorColumn = nil
        anchorRow = nil
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

    /// Takes the terminal's answer to a cursor report asked for (1-based, as sent). Returns
    /// whether one was awaited.
    @discardableResult
    package mutating func cursorReported(row: Int, column: Int) -> Bool {
        guard let report = pendingReports.first, row >= 1, column >= 1 else { return false }
        if case let .resize(_, widthChanged, expected) = report, !widthChanged, column - 1 != expected {
            // Not where the cursor was: a key that looks like an answer (Ctrl-F3 is `CSI 1;5 R`).
            return false
        }
        pendingReports.removeFirst()
        hasAnswered = true
        switch report {
        case .anchor:
            anchorColumn = column - 1
            anchorRow = row - 1
            awaitsTerminalKind = false  // its answer comes first, if it comes
        case let .resize(rowsAbove, widthChanged, _):
            let lost = rowsAbove - (row - 1)
            guard lost > 0, anchor == .above else { break }
            if reWrapsLikeTmux && !widthChanged { hiddenRows += lost } else { anchor = .unknown }
        }
        return true
    }

    /// Takes the terminal's answer to the secondary device attributes (`CSI > kind ; … c`).
    package mutating func terminalKindReported(_ kind: Int) {
        guard awaitsTerminalKind else { return }
        awaitsTerminalKind = false
        hasAnswered = true
        reWrapsLikeTmux = kind == Self.tmuxKind
    }

    /// Gives up waiting for answers (the terminal does not give them). Where the alert is, is
    /// still known; whether its first row left the screen after a resize is not. `keepingAnchor`:
    /// the anchor's column is still taken when it comes — a terminal that has not answered yet
    /// may be slow rather than mute (a resize came before its first answer).
    package mutating func forgetReports(keepingAnchor: Bool = false) {
        if pendingReports.contains(where: { if case .resize = $0 { return true } else { return false } }),
           anchor == .above {
            anchor = .unknown
        }
        let anchorOwed = keepingAnchor && pendingReports.first == .anchor
        pendingReports.removeAll()
        if anchorOwed { pendingReports.append(.anchor) } else { awaitsTerminalKind = false }
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
            if widthChanged && anchorColumn != 0 { anchor = .unknown }
            if new.columns < old.columns && (encoder.rowExtents.max() ?? 0) > new.columns {
                if reWrapsLikeTmux {
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
            if rowsAbove > new.rows - 1 && !reWrapsLikeTmux { anchor = .unknown }
            out += ANSI.reportCursor
            pendingReports.append(.resize(rowsAbove: rowsAbove, widthChanged: widthChanged, column: encoder.cursor.column))
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
            guard let column = anchorColumn, hiddenRows == 0 else { break }
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
