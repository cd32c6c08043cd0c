import AskLayout

/// Every escape sequence `ask` writes to the terminal, and nothing else.
///
///     CSI ? 2004 h / l     bracketed paste on / off
///     CSI ? 25 h / l       show / hide the cursor
///     CSI > c              which terminal is this (secondary device attributes; asked once)
///     CSI 6 n              report the cursor's position (as the alert begins, and after a resize)
///     ESC 7 / ESC 8        save / restore the cursor (DECSC / DECRC): the anchor above the alert,
///                          restored only while no resize has moved the text since
///     CSI n A / B          cursor up / down n rows (never scrolls)
///     CSI n G              cursor to column n (1-based)
///     CR LF                column 0 / down one row (raw mode: no CR added), scrolling at the bottom
///     CSI J                erase from the cursor to the end of the screen (never from the
///                          top-left corner, where tmux would first copy the screen to its history)
///     CSI K                erase from the cursor to the end of the line
///     CSI 0 ; … m / CSI m  select graphic rendition / reset: 1 bold, 2 faint, 4 underline,
///                          7 inverse, 31 red, 90 gray, 94 bright blue (see Style)
///     BEL                  the bell, for a refused key
///
/// And what the terminal answers, read as input: `CSI > kind ; version ; … c` (tmux says 84)
/// and `CSI row ; column R` to the position report.
package enum ANSI {
    package static let pasteOn = bytes("\u{1B}[?2004h")
    package static let pasteOff = bytes("\u{1B}[?2004l")
    package static let showCursor = bytes("\u{1B}[?25h")
    package static let hideCursor = bytes("\u{1B}[?25l")
    package static let reportCursor = bytes("\u{1B}[6n")
    package static let askTerminalKind = bytes("\u{1B}[>c")
    package static let saveCursor = bytes("\u{1B}7")
    package static let restoreCursor = bytes("\u{1B}8")
    package static let eraseBelow = bytes("\u{1B}[J")
    package static let eraseLineRight = bytes("\u{1B}[K")
    package static let resetStyle = bytes("\u{1B}[m")
    package static let bell: [UInt8] = [0x07]
    package static let carriageReturn: [UInt8] = [0x0D]
    package static let lineFeed: [UInt8] = [0x0A]

    package static func up(_ rows: Int) -> [UInt8] { csi(rows, "A") }
    package static func down(_ rows: Int) -> [UInt8] { csi(rows, "B") }
    package static func column(_ column: Int) -> [UInt8] { csi(column + 1, "G") }

    /// CSI n `final`, the count left out when it is 1 (the default).
    static func csi(_ count: Int, _ final: Unicode.Scalar) -> [UInt8] {
        var out: [UInt8] = []
        appendCSI(count, final, to: &out)
        return out
    }

    /// Appends CSI n `final` to `out` without building anything in between (it is on every
    /// frame's path).
    static func appendCSI(_ count: Int, _ final: Unicode.Scalar, to out: inout [UInt8]) {
        out.append(0x1B)
        out.append(UInt8(ascii: "["))
        if count != 1 { appendDecimal(count, to: &out) }
        out.append(UInt8(final.value))
    }

    /// How many bytes `appendCSI(count, …)` writes.
    static func csiLength(_ count: Int) -> Int {
        guard count != 1 else { return 3 }
        var digits = 1
        var rest = max(count, 0)
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return 3 + digits
    }

    /// Appends `value` (0 or more) in decimal digits.
    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = max(value, 0)
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }

    /// What restores the terminal's look when `ask` leaves: paste off, style reset, cursor shown.
    package static let leave = pasteOff + resetStyle + showCursor

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
