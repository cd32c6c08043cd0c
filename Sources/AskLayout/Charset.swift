import AskModel

/// The characters the alert is drawn with: line drawing and `…` on a UTF-8 terminal, plain
/// ASCII elsewhere.
package struct Charset: Equatable, Sendable {
    package var isUTF8: Bool
    package var horizontal: Unicode.Scalar
    package var vertical: Unicode.Scalar
    package var topLeft: Unicode.Scalar, topRight: Unicode.Scalar, bottomLeft: Unicode.Scalar, bottomRight: Unicode.Scalar
    package var leftTee: Unicode.Scalar, rightTee: Unicode.Scalar, topTee: Unicode.Scalar, bottomTee: Unicode.Scalar
    package var ellipsis: Glyph
    package var defaultMask: String
    /// Shown for a character that cannot be shown as itself.
    package var replacement: Glyph
    /// Put under a combining mark that has no letter to sit on.
    package var dottedCircle: String
    /// Beside the fields when some are scrolled out of view, above and below.
    package var moreAbove: Unicode.Scalar = "↑", moreBelow: Unicode.Scalar = "↓"
    /// The quality meter's cells, filled and empty.
    package var meterFilled: Unicode.Scalar = "\u{25B0}", meterEmpty: Unicode.Scalar = "\u{25B1}"
    /// A gauge's bar, filled and empty.
    package var barFilled: Unicode.Scalar = "\u{2588}", barEmpty: Unicode.Scalar = "\u{2591}"

    package static let utf8 = Charset(
        isUTF8: true, horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰",
        bottomRight: "╯", leftTee: "├", rightTee: "┤", topTee: "┬", bottomTee: "┴",
        ellipsis: Glyph("…", width: 1), defaultMask: "•", replacement: Glyph("\u{FFFD}", width: 1),
        dottedCircle: "\u{25CC}")

    package static let ascii = Charset(
        isUTF8: false, horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+",
        bottomRight: "+", leftTee: "+", rightTee: "+", topTee: "+", bottomTee: "+",
        ellipsis: Glyph("~", width: 1), defaultMask: "*", replacement: Glyph("?", width: 1),
        dottedCircle: "", moreAbove: "^", moreBelow: "v", meterFilled: "#", meterEmpty: "-",
        barFilled: "#", barEmpty: "-")

    /// UTF-8 when the locale says so (LC_ALL, then LC_CTYPE, then LANG, as setlocale reads them).
    package static func fromEnvironment(_ environment: Environment) -> Charset {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        return namesUTF8(locale) ? .utf8 : .ascii
    }

    /// Whether a locale name's codeset is UTF-8 (`C.UTF-8`, `en_US.utf8`), compared byte by byte.
    static func namesUTF8(_ locale: String) -> Bool {
        let bytes = Array(locale.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 })
        for start in bytes.indices where bytes[start] == UInt8(ascii: "u") {
            let rest = bytes[start...]
            if rest.starts(with: Array("utf-8".utf8)) || rest.starts(with: Array("utf8".utf8)) { return true }
        }
        return false
    }
}
