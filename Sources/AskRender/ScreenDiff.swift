import AskLayout
import AskMemory

/// Which cells of a screen differ from another of the same size: runs of changed cells, row by
/// row, left to right. A wide glyph is never split: a run that reaches one half of it takes the
/// other half too.
package enum ScreenDiff {
    /// Changed cells `columns` of `row`, next to each other.
    package struct Run: Equatable, Sendable {
        package var row: Int
        package var columns: Range<Int>

        package init(row: Int, columns: Range<Int>) {
            self.row = row
            self.columns = columns
        }
    }

    /// The runs of cells of `new` that differ from `old` (the same size).
    package static func runs(from old: Screen, to new: Screen) -> [Run] {
        var runs: [Run] = []
        let width = new.width
        // Rows whose cells are byte for byte the same are skipped whole (exact when neither
        // screen has glyphs of several scalars, which live in a table).
        let plainCells = new.compounds.isEmpty && old.compounds.isEmpty
        for row in 0..<new.height {
            let rowStart = row * width
            if plainCells && sameRow(new, old, from: rowStart, count: width) { continue }
            var column = 0
            while column < width {
                guard !Screen.same(new.stored[rowStart + column], in: new, old.stored[rowStart + column], in: old) else {
                    column += 1
                    continue
                }
                var start = column
                if new.stored[rowStart + column].width == 0 {
                    // The right half of a wide glyph changed: from its left half (a right half
                    // with no left half shows nothing to draw).
                    guard column > 0 && new.stored[rowStart + column - 1].width == 2 else {
                        column += 1
                        continue
                    }
                    start = column - 1
                }
                // On while cells differ; a wide glyph's right half goes with it.
                var end = start
                while end < width {
                    let cell = new.stored[rowStart + end]
                    if end > start && cell.width != 0
                        && Screen.same(cell, in: new, old.stored[rowStart + end], in: old) { break }
                    if end > start && cell.width == 0 && new.stored[rowStart + end - 1].width != 2 { break }
                    end += cell.width == 2 ? min(2, width - end) : 1
                }
                if let last = runs.last, last.row == row, last.columns.upperBound == start {
                    runs[runs.count - 1].columns = last.columns.lowerBound..<end
                } else {
                    runs.append(Run(row: row, columns: start..<end))
                }
                column = end
            }
        }
        return runs
    }

    private static func sameRow(_ a: Screen, _ b: Screen, from start: Int, count: Int) -> Bool {
        a.stored.withUnsafeBufferPointer { x in
            b.stored.withUnsafeBufferPointer { y in
                Memory.equal(x.baseAddress! + start, y.baseAddress! + start, count: count * MemoryLayout<Screen.StoredCell>.stride)
            }
        }
    }
}
