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
///     CSI 0 ; … m / CSI m  select graphic rendition / reset
///     BEL                  the bell, for a refused key
///
/// And what the terminal answers, read as input: `CSI > kind ; version ; … c` (tmux says 84)
/// and `CSI row ; column R` to the position report.
public enum ANSI {
    public static let pasteOn = bytes("\u{1B}[?2004h")
    public static let pasteOff = bytes("\u{1B}[?2004l")
    public static let showCursor = bytes("\u{1B}[?25h")
    public static let hideCursor = bytes("\u{1B}[?25l")
    public static let reportCursor = bytes("\u{1B}[6n")
    public static let askTerminalKind = bytes("\u{1B}[>c")
    public static let saveCursor = bytes("\u{1B}7")
    public static let restoreCursor = bytes("\u{1B}8")
    public static let eraseBelow = bytes("\u{1B}[J")
    public static let eraseLineRight = bytes("\u{1B}[K")
    public static let resetStyle = bytes("\u{1B}[m")
    public static let bell: [UInt8] = [0x07]
    public static let carriageReturn: [UInt8] = [0x0D]
    public static let lineFeed: [UInt8] = [0x0A]

    public static func up(_ rows: Int) -> [UInt8] { csi(rows, "A") }
    public static func down(_ rows: Int) -> [UInt8] { csi(rows, "B") }
    public static func column(_ column: Int) -> [UInt8] { csi(column + 1, "G") }

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
    public static let leave = pasteOff + resetStyle + showCursor

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
