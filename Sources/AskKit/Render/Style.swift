/// How a cell is drawn: a few SGR attributes and one of six basic colours.
public struct Style: Equatable, Hashable, Sendable {
    /// The SGR colour numbers (30 + raw value). Raw values stay within 1–7: a screen keeps a
    /// colour in three bits, 0 meaning none.
    public enum Color: UInt8, Sendable, CaseIterable {
        case red = 1, green = 2, yellow = 3, blue = 4, magenta = 5, cyan = 6
    }

    public var bold = false
    public var dim = false
    public var underline = false
    public var inverse = false
    public var foreground: Color?

    public init(bold: Bool = false, dim: Bool = false, underline: Bool = false, inverse: Bool = false,
                foreground: Color? = nil) {
        self.bold = bold
        self.dim = dim
        self.underline = underline
        self.inverse = inverse
        self.foreground = foreground
    }

    public static let plain = Style()

    /// The style in one byte: the four attributes as bits 0–3, the colour in bits 4–6 (0: none).
    /// A new attribute needs a bit here too (the tests try every style).
    var bits: UInt8 {
        (bold ? 1 : 0) | (dim ? 2 : 0) | (underline ? 4 : 0) | (inverse ? 8 : 0) | (foreground?.rawValue ?? 0) << 4
    }

    init(bits: UInt8) {
        bold = bits & 1 != 0
        dim = bits & 2 != 0
        underline = bits & 4 != 0
        inverse = bits & 8 != 0
        foreground = Color(rawValue: bits >> 4)
    }

    /// The SGR sequence that sets exactly this style from any other: `CSI 0 ; … m`.
    public var sgr: [UInt8] {
        var out: [UInt8] = []
        appendSGR(to: &out)
        return out
    }

    /// How many bytes `sgr` is.
    var sgrLength: Int {
        guard self != .plain else { return 3 }
        return 4 + (bold ? 2 : 0) + (dim ? 2 : 0) + (underline ? 2 : 0) + (inverse ? 2 : 0) + (foreground == nil ? 0 : 3)
    }

    /// Appends `sgr` to `out` (every style change of every frame goes through here).
    func appendSGR(to out: inout [UInt8]) {
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
                out.append(UInt8(ascii: ";"))
                out.append(UInt8(ascii: "3"))
                ANSI.appendDecimal(Int(foreground.rawValue), to: &out)
            }
        }
        out.append(UInt8(ascii: "m"))
    }
}
