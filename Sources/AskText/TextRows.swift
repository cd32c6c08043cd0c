/// How a multi-line field's text is laid out in rows `width` columns wide: each line of the text
/// from its start, wrapped character by character where the next character would pass the
/// width (a wide one that does not fit goes to the next row). A line break, and the end of the
/// text, take one column: where the cursor stands after a line's last character. So a line that
/// fills its last row exactly has an empty row after it, for the cursor; and the rows of every
/// line are found from its start, never from the start of the text.
///
/// The field's view draws by it, and Up and Down move by it (the widths are the view's, given as
/// `glyphWidth`). No work here looks at more than the lines it is asked about.
package struct TextRows {
    /// One row: the characters drawn on it, `start..<end`, and where the next row starts (nil for
    /// the last). The cursor positions on it are `start` up to the next row's start, less one (to
    /// the end of the text on the last): after a line break, the cursor is on the next row.
    package struct Row: Equatable, Sendable {
        package let start: Int
        package let end: Int
        package let next: Int?

        package init(start: Int, end: Int, next: Int?) {
            self.start = start
            self.end = end
            self.next = next
        }

        /// The last cursor position on the row.
        package func lastPosition(count: Int) -> Int { next.map { $0 - 1 } ?? count }
    }

    package let text: TextBuffer
    package let width: Int
    /// The columns grapheme `index` takes as shown.
    package let glyphWidth: (Int) -> Int

    package init(text: TextBuffer, width: Int, glyphWidth: @escaping (Int) -> Int) {
        self.text = text
        self.width = max(width, 1)
        self.glyphWidth = glyphWidth
    }

    /// The row that starts at `start` (a row's start: see `rowStart(holding:)`).
    package func row(from start: Int) -> Row {
        let count = text.count
        var used = 0
        var position = start
        while true {
            if position == count || text.isLineBreak(position) {
                // The line's end takes a column of its own: on this row if it fits, else alone on the next.
                if used > 0 && used + 1 > width { return Row(start: start, end: position, next: position) }
                return Row(start: start, end: position, next: position == count ? nil : position + 1)
            }
            let columns = glyphWidth(position)
            if used > 0 && used + columns > width { return Row(start: start, end: position, next: position) }
            used += columns
            position += 1
        }
    }

    /// The start of the row that holds cursor position `position`: its line's rows, from the
    /// line's start.
    package func rowStart(holding position: Int) -> Int {
        var start = text.lineStart(at: position)
        while let next = row(from: start).next, next <= position { start = next }
        return start
    }

    /// The start of the row before the one starting at `start`, if there is one.
    package func rowStart(before start: Int) -> Int? {
        start > 0 ? rowStart(holding: start - 1) : nil
    }

    /// The column of cursor position `position` on the row starting at `start`.
    package func column(of position: Int, onRowFrom start: Int) -> Int {
        var columns = 0
        for index in start..<position { columns += glyphWidth(index) }
        return columns
    }

    /// The cursor position on `row` nearest `column` without passing it (the row's last, when
    /// the row is shorter).
    package func position(atColumn column: Int, on row: Row) -> Int {
        let last = row.lastPosition(count: text.count)
        var used = 0
        var position = row.start
        while position < last {
            let columns = glyphWidth(position)
            if used + columns > column { break }
            used += columns
            position += 1
        }
        return position
    }

    /// Up or Down from `cursor`: the position at the same column on the row above or below
    /// (`goal`: the column kept from the moves before, else the cursor's own). On the first row
    /// Up goes to the start of the text, on the last Down to its end; nil when already there.
    /// Returns the new position and the column to keep.
    package func moved(from cursor: Int, up: Bool, goal: Int?) -> (position: Int, goal: Int)? {
        let start = rowStart(holding: cursor)
        let column = goal ?? self.column(of: cursor, onRowFrom: start)
        let target: Int?
        if up {
            target = rowStart(before: start)
        } else {
            target = row(from: start).next
        }
        guard let target else {
            let end = up ? 0 : text.count
            return cursor == end ? nil : (end, column)
        }
        return (position(atColumn: column, on: row(from: target)), column)
    }
}
