/// The characters the alert is drawn with: line drawing and `…` on a UTF-8 terminal, plain
/// ASCII elsewhere.
public struct Charset: Equatable, Sendable {
    public var isUTF8: Bool
    public var horizontal: Unicode.Scalar
    public var vertical: Unicode.Scalar
    public var topLeft: Unicode.Scalar, topRight: Unicode.Scalar, bottomLeft: Unicode.Scalar, bottomRight: Unicode.Scalar
    public var leftTee: Unicode.Scalar, rightTee: Unicode.Scalar, topTee: Unicode.Scalar, bottomTee: Unicode.Scalar
    public var ellipsis: Glyph
    public var defaultMask: String
    /// Shown for a character that cannot be shown as itself.
    public var replacement: Glyph
    /// Put under a combining mark that has no letter to sit on.
    public var dottedCircle: String

    public static let utf8 = Charset(
        isUTF8: true, horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰",
        bottomRight: "╯", leftTee: "├", rightTee: "┤", topTee: "┬", bottomTee: "┴",
        ellipsis: Glyph("…", width: 1), defaultMask: "•", replacement: Glyph("\u{FFFD}", width: 1),
        dottedCircle: "\u{25CC}")

    public static let ascii = Charset(
        isUTF8: false, horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+",
        bottomRight: "+", leftTee: "+", rightTee: "+", topTee: "+", bottomTee: "+",
        ellipsis: Glyph("~", width: 1), defaultMask: "*", replacement: Glyph("?", width: 1),
        dottedCircle: "")

    /// UTF-8 when the locale says so (LC_ALL, then LC_CTYPE, then LANG, as setlocale reads them).
    public static func fromEnvironment(_ environment: [String: String]) -> Charset {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8") ? .utf8 : .ascii
    }
}
