import AskChoices
import AskFields
import AskGauge
import AskKit
import AskLayout
import AskPresentation
import AskText
import AskTextBox

/// A small terminal emulator for tests: it interprets the sequences `ask` writes (and records
/// any it does not know), so tests compare what a person would see, not raw bytes.
///
/// xterm behaviour where it matters: writing in the last column leaves a pending wrap, LF at
/// the bottom scrolls into the scrollback, CUU/CUD stop at the edges, DECSC/DECRC save and
/// restore the cursor, `CSI 6 n` and `CSI > c` are answered (in `replies`). A resize is tmux's (without
/// re-wrapping): a shorter screen first loses rows below the cursor, then pushes rows from the
/// top into the scrollback; a taller one pulls them back. The cursor moves with the text; a
/// saved position does not. `CSI J` at the top-left corner first copies the screen into the
/// scrollback, as tmux's scroll-on-clear does.
package final class VirtualTerminal {
    package struct Cell: Equatable {
        package var text: String = " "
        package var style = Style.plain
        /// 0 for the right half of a wide glyph.
        package var width = 1
    }

    package private(set) var rows: Int
    package private(set) var columns: Int
    package private(set) var grid: [[Cell]]
    package private(set) var cursorRow = 0
    package private(set) var cursorColumn = 0
    package private(set) var cursorVisible = true
    package private(set) var bracketedPaste = false
    /// Rows scrolled off the top, oldest first.
    private var history: [[Cell]] = []
    /// How many of the last rows of `history` a taller screen pulls back (tmux's `hscrolled`).
    private var pullable = 0
    /// Whether `CSI 6 n` is answered.
    package var answersCursorReports = true
    /// The answer to `CSI > c` (xterm's: 41, a VT420); nil for none.
    package var kind: Int? = 41
    /// What the terminal answered, for the program to read; taken by `takeReplies`.
    package private(set) var replies: [UInt8] = []
    /// Escape sequences received that this emulator does not implement.
    package private(set) var unknownSequences: [String] = []
    package private(set) var bells = 0

    private var pen = Style.plain
    private var saved: (row: Int, column: Int, style: Style)?
    private var pendingWrap = false
    private var parser = Parser.ground
    private var sequence: [UInt8] = []
    private var utf8: [UInt8] = []
    private var breaker = GraphemeBreak()
    private var lastCell: (row: Int, column: Int)?

    private enum Parser { case ground, escape, csi, string(sawEscape: Bool), charsetDesignation }

    package init(rows: Int = 24, columns: Int = 80) {
        self.rows = rows
        self.columns = columns
        grid = Array(repeating: Array(repeating: Cell(), count: columns), count: rows)
    }

    /// Feeds text as if a program had written it (LF means CR LF here, as the shell's output).
    package func print(_ text: String) {
        feed(Array(text.replacingLF().utf8))
    }

    /// Lines scrolled off the top, oldest first.
    package var scrollback: [String] { history.map(Self.text(of:)) }

    /// The scrollback and the screen, as lines (what tmux's `capture-pane -S -` gives).
    package var allLines: [String] { scrollback + lines }

    /// Takes what the terminal answered since the last call.
    package func takeReplies() -> [UInt8] {
        defer { replies = [] }
        return replies
    }

    /// Changes the size as tmux does, without re-wrapping: rows are cut or padded on the right;
    /// a shorter screen drops rows below the cursor first, then pushes rows from the top into
    /// the scrollback; a taller one pulls rows back from it, then adds blank rows at the bottom.
    /// The cursor stays on its text; a saved position stays where it was on the screen.
    package func resize(rows: Int, columns: Int) {
        grid = grid.map { row in
            var row = Array(row.prefix(columns))
            if let last = row.last, last.width == 2 { row[row.count - 1] = Cell() }  // half a wide glyph
            return row + Array(repeating: Cell(), count: max(columns - row.count, 0))
        }
        history = history.map { Array($0.prefix(columns)) }
        if rows < self.rows {
            var needed = self.rows - rows
            let below = min(self.rows - 1 - cursorRow, needed)
            grid.removeLast(below)
            needed -= below
            history += grid.prefix(needed)
            pullable += needed
            grid.removeFirst(needed)
            cursorRow -= needed
        } else if rows > self.rows {
            let pulled = min(pullable, rows - self.rows)
            grid = Array(history.suffix(pulled)) + grid
            history.removeLast(pulled)
            pullable -= pulled
            cursorRow += pulled
            grid += Array(repeating: Array(repeating: Cell(), count: columns), count: rows - grid.count)
        }
        grid = grid.map { $0.count < columns ? $0 + Array(repeating: Cell(), count: columns - $0.count) : $0 }
        self.rows = rows
        self.columns = columns
        cursorColumn = min(cursorColumn, columns - 1)
        pendingWrap = false
        lastCell = nil
    }

    package func feed(_ bytes: [UInt8]) {
        for byte in bytes { step(byte) }
    }

    /// The rows as text, trailing spaces removed.
    package var lines: [String] { grid.map(Self.text(of:)) }

    private static func text(of row: [Cell]) -> String {
        var line = row.map(\.text).joined()
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    /// The screen as one string, rows joined by newlines, trailing empty rows removed.
    package var text: String {
        var all = lines
        while all.last == "" { all.removeLast() }
        return all.joined(separator: "\n")
    }

    package func contains(_ needle: String) -> Bool { lines.contains { $0.contains(needle) } }

    /// The style of the cell showing `needle`'s first glyph, if it is on screen.
    package func style(of needle: String) -> Style? {
        for (row, line) in lines.enumerated() {
            guard let range = line.firstRange(of: needle) else { continue }
            let prefix = line[..<range.lowerBound]
            var column = 0
            var seen = 0
            for cell in grid[row] {
                if seen >= prefix.count { break }
                if cell.width != 0 { seen += 1 }
                column += 1
            }
            while column < columns && grid[row][column].width == 0 { column += 1 }
            return grid[row][column].style
        }
        return nil
    }

    // MARK: - Parsing

    private func step(_ byte: UInt8) {
        switch parser {
        case .ground: ground(byte)
        case .escape: escape(byte)
        case .csi:
            if (0x20...0x3F).contains(byte) { sequence.append(byte) } else {
                parser = .ground
                csi(final: byte)
            }
        case .charsetDesignation:
            parser = .ground  // ESC ( B and the like: which character set; the text is unaffected here
        case let .string(sawEscape):
            if byte == 0x07 || (sawEscape && byte == UInt8(ascii: "\\")) {
                parser = .ground
                unknownSequences.append("string")
            } else {
                parser = .string(sawEscape: byte == 0x1B)
            }
        }
    }

    private func ground(_ byte: UInt8) {
        if !utf8.isEmpty || byte >= 0x80 {
            utf8.append(byte)
            let expected = utf8[0] >= 0xF0 ? 4 : utf8[0] >= 0xE0 ? 3 : utf8[0] >= 0xC0 ? 2 : 1
            if utf8.count >= expected {
                let scalars = String(decoding: utf8, as: UTF8.self).unicodeScalars
                utf8 = []
                for scalar in scalars { put(scalar) }
            }
            return
        }
        switch byte {
        case 0x1B: parser = .escape; breaker = GraphemeBreak()
        case 0x07: bells += 1
        case 0x08: cursorColumn = max(cursorColumn - 1, 0); pendingWrap = false
        case 0x09: cursorColumn = min((cursorColumn / 8 + 1) * 8, columns - 1)
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x0D: cursorColumn = 0; pendingWrap = false
        case 0x00..<0x20, 0x7F: unknownSequences.append(String(format: byte))
        default: put(Unicode.Scalar(byte))
        }
    }

    private func escape(_ byte: UInt8) {
        parser = .ground
        switch byte {
        case UInt8(ascii: "["): parser = .csi; sequence = []
        case UInt8(ascii: "7"): saved = (cursorRow, cursorColumn, pen)
        case UInt8(ascii: "8"):
            if let saved {
                cursorRow = min(saved.row, rows - 1)
                cursorColumn = min(saved.column, columns - 1)
                pen = saved.style
            } else {
                cursorRow = 0
                cursorColumn = 0
            }
            pendingWrap = false
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            parser = .string(sawEscape: false)
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"):
            parser = .charsetDesignation
            unknownSequences.append("ESC \(Character(Unicode.Scalar(byte)))")
        default: unknownSequences.append("ESC \(Character(Unicode.Scalar(byte)))")
        }
    }

    private func csi(final: UInt8) {
        let text = String(decoding: sequence, as: UTF8.self)
        if text == ">" && final == UInt8(ascii: "c") {
            if let kind { replies += Array("\u{1B}[>\(kind);390;0c".utf8) }
            return
        }
        let isPrivate = text.hasPrefix("?")
        let numbers = (isPrivate ? String(text.dropFirst()) : text).split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) }
        let first = (numbers.first ?? nil) ?? 0
        let count = max(first, 1)
        pendingWrap = false
        breaker = GraphemeBreak()
        switch (isPrivate, Character(Unicode.Scalar(final))) {
        case (false, "A"): cursorRow = max(cursorRow - count, 0)
        case (false, "B"): cursorRow = min(cursorRow + count, rows - 1)
        case (false, "C"): cursorColumn = min(cursorColumn + count, columns - 1)
        case (false, "D"): cursorColumn = max(cursorColumn - count, 0)
        case (false, "G"): cursorColumn = min(max(count - 1, 0), columns - 1)
        case (false, "d"): cursorRow = min(max(count - 1, 0), rows - 1)
        case (false, "H"), (false, "f"):
            cursorRow = min(max(count - 1, 0), rows - 1)
            let column = numbers.count > 1 ? ((numbers[1] ?? 1)) : 1
            cursorColumn = min(max(column - 1, 0), columns - 1)
        case (false, "J"):
            switch first {
            case 0:
                if cursorRow == 0 && cursorColumn == 0 { scrollScreenIntoHistory() }
                erase(row: cursorRow, from: cursorColumn, to: columns)
                for row in (cursorRow + 1)..<max(rows, cursorRow + 1) { erase(row: row, from: 0, to: columns) }
            case 1:
                for row in 0..<cursorRow { erase(row: row, from: 0, to: columns) }
                erase(row: cursorRow, from: 0, to: cursorColumn + 1)
            default:
                for row in 0..<rows { erase(row: row, from: 0, to: columns) }
            }
        case (false, "K"):
            switch first {
            case 0: erase(row: cursorRow, from: cursorColumn, to: columns)
            case 1: erase(row: cursorRow, from: 0, to: cursorColumn + 1)
            default: erase(row: cursorRow, from: 0, to: columns)
            }
        case (false, "m"): applySGR(numbers.map { $0 ?? 0 })
        case (false, "n") where first == 6:
            if answersCursorReports { replies += Array("\u{1B}[\(cursorRow + 1);\(cursorColumn + 1)R".utf8) }
        case (false, "X"):
            erase(row: cursorRow, from: cursorColumn, to: cursorColumn + count)
            unknownSequences.append("CSI \(text)X")
        case (true, "h"), (true, "l"):
            let on = final == UInt8(ascii: "h")
            for number in numbers {
                switch number {
                case 25: cursorVisible = on
                case 2004: bracketedPaste = on
                default: unknownSequences.append("CSI ?\(number ?? -1)\(on ? "h" : "l")")
                }
            }
        default:
            unknownSequences.append("CSI \(text)\(Character(Unicode.Scalar(final)))")
        }
    }

    private func applySGR(_ codes: [Int]) {
        var codes = (codes.isEmpty ? [0] : codes)[...]
        while let code = codes.popFirst() {
            switch code {
            case 0: pen = .plain
            case 1: pen.bold = true
            case 2: pen.dim = true
            case 4: pen.underline = true
            case 7: pen.inverse = true
            case 30...37: pen.foreground = Style.Color(UInt8(code - 30))
            case 90...97: pen.foreground = Style.Color(UInt8(code - 82))
            case 40...47: pen.background = Style.Color(UInt8(code - 40))
            case 100...107: pen.background = Style.Color(UInt8(code - 92))
            case 38, 48:
                // 256 colours: `38;5;n` (`48;5;n`).
                guard codes.first == 5, codes.count >= 2, let index = UInt8(exactly: codes[codes.startIndex + 1]) else {
                    unknownSequences.append("SGR \(code)")
                    continue
                }
                codes.removeFirst(2)
                if code == 38 { pen.foreground = Style.Color(index) } else { pen.background = Style.Color(index) }
            case 39: pen.foreground = nil
            case 49: pen.background = nil
            default: unknownSequences.append("SGR \(code)")
            }
        }
    }

    // MARK: - Drawing

    private func put(_ scalar: Unicode.Scalar) {
        let joins = !breaker.isBoundary(before: scalar)
        if joins, let lastCell {
            grid[lastCell.row][lastCell.column].text.unicodeScalars.append(scalar)
            return
        }
        let width = DisplayWidth.of(scalar: scalar)
        if width == 0 {
            if let lastCell { grid[lastCell.row][lastCell.column].text.unicodeScalars.append(scalar) }
            return
        }
        if pendingWrap || cursorColumn + width > columns {
            cursorColumn = 0
            lineFeed()
        }
        pendingWrap = false
        var cell = Cell(text: String(Character(scalar)), style: pen, width: width)
        clearHalf(row: cursorRow, column: cursorColumn)
        grid[cursorRow][cursorColumn] = cell
        lastCell = (cursorRow, cursorColumn)
        if width == 2 && cursorColumn + 1 < columns {
            cell.text = ""
            cell.width = 0
            clearHalf(row: cursorRow, column: cursorColumn + 1)
            grid[cursorRow][cursorColumn + 1] = cell
        }
        if cursorColumn + width >= columns {
            cursorColumn = columns - 1
            pendingWrap = true
        } else {
            cursorColumn += width
        }
    }

    /// Writing over half of a wide glyph blanks the other half.
    private func clearHalf(row: Int, column: Int) {
        let cell = grid[row][column]
        if cell.width == 0, column > 0 { grid[row][column - 1] = Cell(text: " ", style: grid[row][column - 1].style) }
        if cell.width == 2, column + 1 < columns { grid[row][column + 1] = Cell(text: " ", style: grid[row][column + 1].style) }
    }

    /// tmux's scroll-on-clear: the rows down to the last one written go into the scrollback,
    /// which a taller screen then no longer pulls back.
    private func scrollScreenIntoHistory() {
        guard let last = lines.lastIndex(where: { !$0.isEmpty }) else { return }
        history += grid.prefix(last + 1)
        pullable = 0
    }

    private func lineFeed() {
        pendingWrap = false
        if cursorRow == rows - 1 {
            history.append(grid[0])
            pullable += 1
            grid.removeFirst()
            grid.append(Array(repeating: Cell(), count: columns))
            lastCell = nil  // a saved cursor stays where it was on the screen, as in xterm
        } else {
            cursorRow += 1
        }
    }

    private func erase(row: Int, from start: Int, to end: Int) {
        guard row >= 0 && row < rows else { return }
        for column in max(start, 0)..<min(end, columns) { grid[row][column] = Cell(text: " ", style: .plain) }
    }
}

private extension String {
    /// `\n` → `\r\n`, the way a terminal with ONLCR shows program output.
    func replacingLF() -> String {
        var result = ""
        for scalar in unicodeScalars {
            if scalar == "\n" { result += "\r\n" } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    init(format byte: UInt8) {
        self = "0x" + String(byte, radix: 16)
    }
}
