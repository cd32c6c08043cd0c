/// How a cell is drawn: a few SGR attributes, and for the text and the cell behind it each one
/// of the 16 ANSI colours or the terminal's own.
package struct Style: Equatable, Hashable, Sendable {
    /// The ANSI colour numbers: 1–7 are SGR 30 + raw value (40 + for a background), 8–15 the
    /// bright ones, SGR 90 + (raw value − 8) (100 + for a background). Raw values stay within
    /// 1–15: a screen keeps a colour in four bits, 0 meaning none (the terminal's own).
    package enum Color: UInt8, Sendable, CaseIterable {
        case red = 1, green = 2, yellow = 3, blue = 4, magenta = 5, cyan = 6
        /// Bright black (SGR 90): xterm's #7F7F7F.
        case gray = 8
        /// Bright blue (SGR 94): xterm's #5C5CFF.
        case brightBlue = 12
        /// Bright white (SGR 97): xterm's #FFFFFF.
        case white = 15
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

    /// The style in two bytes: the four attributes as bits 0–3, the foreground in bits 4–7 and
    /// the background in bits 8–11 (0: none). A new attribute needs a bit here too (the tests
    /// try every style).
    package var bits: UInt16 {
        UInt16((bold ? 1 : 0) | (dim ? 2 : 0) | (underline ? 4 : 0) | (inverse ? 8 : 0) | (foreground?.rawValue ?? 0) << 4)
            | UInt16(background?.rawValue ?? 0) << 8
    }

    package init(bits: UInt16) {
        bold = bits & 1 != 0
        dim = bits & 2 != 0
        underline = bits & 4 != 0
        inverse = bits & 8 != 0
        foreground = Color(rawValue: UInt8(bits >> 4 & 0xF))
        background = Color(rawValue: UInt8(bits >> 8 & 0xF))
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
        return 4 + (bold ? 2 : 0) + (dim ? 2 : 0) + (underline ? 2 : 0) + (inverse ? 2 : 0) + (foreground == nil ? 0 : 3)
            + (background.map { $0.rawValue >= 8 ? 4 : 3 } ?? 0)
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
            if let foreground {
                // Two digits either way: 3n for the basic colours, 9n for the bright ones.
                let bright = foreground.rawValue >= 8
                out.append(UInt8(ascii: ";"))
                out.append(UInt8(ascii: bright ? "9" : "3"))
                out.append(UInt8(ascii: "0") + (foreground.rawValue & 7))
            }
            if let background {
                // 4n for the basic colours, 10n for the bright ones.
                out.append(UInt8(ascii: ";"))
                if background.rawValue >= 8 {
                    out.append(UInt8(ascii: "1"))
                    out.append(UInt8(ascii: "0"))
                } else {
                    out.append(UInt8(ascii: "4"))
                }
                out.append(UInt8(ascii: "0") + (background.rawValue & 7))
            }
        }
        out.append(UInt8(ascii: "m"))
    }
}
