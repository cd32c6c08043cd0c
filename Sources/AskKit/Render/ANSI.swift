/// Every escape sequence `ask` writes to the terminal, and nothing else.
///
///     CSI ? 2004 h / l     bracketed paste on / off
///     CSI ? 25 h / l       show / hide the cursor
///     ESC 7 / ESC 8        save / restore the cursor (DECSC / DECRC): the anchor above the alert
///     CSI n A / B          cursor up / down n rows (never scrolls)
///     CSI n G              cursor to column n (1-based)
///     CR LF                column 0 / down one row (raw mode: no CR added), scrolling at the bottom
///     CSI J                erase from the cursor to the end of the screen
///     CSI 0 ; … m / CSI m  select graphic rendition / reset
///     BEL                  the bell, for a refused key
public enum ANSI {
    public static let pasteOn = bytes("\u{1B}[?2004h")
    public static let pasteOff = bytes("\u{1B}[?2004l")
    public static let showCursor = bytes("\u{1B}[?25h")
    public static let hideCursor = bytes("\u{1B}[?25l")
    public static let saveCursor = bytes("\u{1B}7")
    public static let restoreCursor = bytes("\u{1B}8")
    public static let eraseBelow = bytes("\u{1B}[J")
    public static let resetStyle = bytes("\u{1B}[m")
    public static let bell: [UInt8] = [0x07]
    public static let carriageReturn: [UInt8] = [0x0D]
    public static let lineFeed: [UInt8] = [0x0A]

    public static func up(_ rows: Int) -> [UInt8] { rows == 1 ? bytes("\u{1B}[A") : bytes("\u{1B}[\(rows)A") }
    public static func down(_ rows: Int) -> [UInt8] { rows == 1 ? bytes("\u{1B}[B") : bytes("\u{1B}[\(rows)B") }
    public static func column(_ column: Int) -> [UInt8] { bytes("\u{1B}[\(column + 1)G") }

    /// What restores the terminal's look when `ask` leaves: paste off, style reset, cursor shown.
    public static let leave = pasteOff + resetStyle + showCursor

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
