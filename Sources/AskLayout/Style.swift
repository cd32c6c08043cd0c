/// How a cell is drawn: a few SGR attributes and one of the 16 ANSI colours.
package struct Style: Equatable, Hashable, Sendable {
    /// The ANSI colour numbers: 1–7 are SGR 30 + raw value, 8–15 the bright ones, SGR 90 +
    /// (raw value − 8). Raw values stay within 1–15: a screen keeps a colour in four bits, 0
    /// meaning none (the terminal's own foreground).
    package enum Color: UInt8, Sendable, CaseIterable {
        case red = 1, green = 2, yellow = 3, blue = 4, magenta = 5, cyan = 6
        /// Bright black (SGR 90): xterm's #7F7F7F.
        case gray = 8
        /// Bright blue (SGR 94): xterm's #5C5CFF.
        case brightBlue = 12
    }

    package var bold = false
    package var dim = false
    package var underline = false
    package var inverse = false
    package var foreground: Color?

    package init(bold: Bool = false, dim: Bool = false, underline: Bool = false, inverse: Bool = false,
                foreground: Color? = nil) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.inverse = inverse
        self.foreground = foreground
    }

    package static let plain = Style()

    /// The style in one byte: the four attributes as bits 0–3, the colour in bits 4–7 (0: none).
    /// A new attribute needs a bit here too (the tests try every style).
    package var bits: UInt8 {
        (bold ? 1 : 0) | (dim ? 2 : 0) | (underline ? 4 : 0) | (inverse ? 8 : 0) | (foreground?.rawValue ?? 0) << 4
    }

    package init(bits: UInt8) {
        bold = bits & 1 != 0
        dim = bits & 2 != 0
        underline = bits & 4 != 0
        inverse = bits & 8 != 0
        foreground = Color(rawValue: bits >> 4)
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
        }
        out.append(UInt8(ascii: "m"))
    }
}
