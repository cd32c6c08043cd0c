/// How a cell is drawn: a few SGR attributes, and for the text and the cell behind it each one
/// of xterm's 256 colours or the terminal's own.
package struct Style: Equatable, Hashable, Sendable {
    /// One of xterm's 256 colours: 0–7 are SGR 30 + index (40 + for a background), 8–15 the
    /// bright ones, SGR 90 + (index − 8) (100 + for a background), 16–255 `38;5;n` (`48;5;n`).
    package struct Color: Equatable, Hashable, Sendable {
        package let index: UInt8
        package init(_ index: UInt8) { self.index = index }

        package static let black = Color(0), red = Color(1), green = Color(2), yellow = Color(3)
        package static let blue = Color(4), magenta = Color(5), cyan = Color(6)
        /// Bright black (SGR 90): xterm's #7F7F7F.
        package static let gray = Color(8)
        /// Bright blue (SGR 94): xterm's #5C5CFF.
        package static let brightBlue = Color(12)
        /// Bright white (SGR 97): xterm's #FFFFFF.
        package static let white = Color(15)
    }

    package var bold = false
    package var dim = false
    package var underline = false
    package var inverse = false
    package var foreground: Color?
    /// The cell's colour behind the text (inverse swaps the two, as terminals do).
    package var background: Color?

    package init(bold: Bool = false, dim: Bool = false, underline: Bool = false, inverse: Bool = false,
                foreground: Color? = nil, background: Color? = nil) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.inverse = inverse
        self.foreground = foreground
        self.background = background
    }

    package static let plain = Style()

    /// The style in 22 bits: the four attributes as bits 0–3, the foreground's index + 1 in bits
    /// 4–12 and the background's in bits 13–21 (0: none). A new attribute needs a bit here too
    /// (the tests try every style); `Style.bitCount` stays within a screen cell's 24.
    package var bits: UInt32 {
        UInt32((bold ? 1 : 0) | (dim ? 2 : 0) | (underline ? 4 : 0) | (inverse ? 8 : 0))
            | Self.colorBits(foreground) << 4 | Self.colorBits(background) << 13
    }

    package static let bitCount = 22

    private static func colorBits(_ color: Color?) -> UInt32 { color.map { UInt32($0.index) + 1 } ?? 0 }
    private static func color(_ bits: UInt32) -> Color? { bits == 0 ? nil : Color(UInt8(bits - 1)) }

    package init(bits: UInt32) {
        bold = bits & 1 != 0
        dim = bits & 2 != 0
        underline = bits & 4 != 0
        inverse = bits & 8 != 0
        foreground = Self.color(bits >> 4 & 0x1FF)
        background = Self.color(bits >> 13 & 0x1FF)
    }

    /// The SGR sequence that sets exactly this style from any other: `CSI 0 ; … m`.
    package var sgr: [UInt8] {
        var out: [UInt8] = []
        appendSGR(to: &out)
        return out
    }

    /// How many bytes `sgr` is.
    package var sgrLength: Int {
        guard self != .plain else { return 3 }
        return 4 + (bold ? 2 : 0) + (dim ? 2 : 0) + (underline ? 2 : 0) + (inverse ? 2 : 0)
            + (foreground.map { Self.colorLength($0, isBackground: false) } ?? 0)
            + (background.map { Self.colorLength($0, isBackground: true) } ?? 0)
    }

    /// Appends `sgr` to `out` (every style change of every frame goes through here).
    package func appendSGR(to out: inout [UInt8]) {
        out.append(0x1B)
        out.append(UInt8(ascii: "["))
        if self != .plain {
            out.append(UInt8(ascii: "0"))
            func attribute(_ on: Bool, _ digit: UInt8) {
                if on {
                    out.append(UInt8(ascii: ";"))
                    out.append(UInt8(ascii: "0") + digit)
                }
            }
            attribute(bold, 1)
            attribute(dim, 2)
            attribute(underline, 4)
            attribute(inverse, 7)
            if let foreground { Self.appendColor(foreground, isBackground: false, to: &out) }
            if let background { Self.appendColor(background, isBackground: true, to: &out) }
        }
        out.append(UInt8(ascii: "m"))
    }

    /// The bytes `appendColor` writes for `color` (with its `;`).
    private static func colorLength(_ color: Color, isBackground: Bool) -> Int {
        switch color.index {
        case 0..<8: 3
        case 8..<16: isBackground ? 4 : 3
        default: 6 + (color.index >= 100 ? 3 : color.index >= 10 ? 2 : 1)
        }
    }

    /// `;3n`, `;9n`, `;38;5;n` (a background: `;4n`, `;10n`, `;48;5;n`).
    private static func appendColor(_ color: Color, isBackground: Bool, to out: inout [UInt8]) {
        out.append(UInt8(ascii: ";"))
        let index = color.index, base = UInt8(ascii: isBackground ? "4" : "3")
        switch index {
        case 0..<8:
            out.append(base)
            out.append(UInt8(ascii: "0") + index)
        case 8..<16:
            if isBackground {
                out.append(UInt8(ascii: "1"))
                out.append(UInt8(ascii: "0"))
            } else {
                out.append(UInt8(ascii: "9"))
            }
            out.append(UInt8(ascii: "0") + index - 8)
        default:
            out.append(base)
            out.append(UInt8(ascii: "8"))
            out.append(UInt8(ascii: ";"))
            out.append(UInt8(ascii: "5"))
            out.append(UInt8(ascii: ";"))
            if index >= 100 { out.append(UInt8(ascii: "0") + index / 100) }
            if index >= 10 { out.append(UInt8(ascii: "0") + index / 10 % 10) }
            out.append(UInt8(ascii: "0") + index % 10)
        }
    }
}
