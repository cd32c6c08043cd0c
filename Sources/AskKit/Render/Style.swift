/// How a cell is drawn: a few SGR attributes and one of the eight basic colours.
public struct Style: Equatable, Hashable, Sendable {
    public enum Color: UInt8, Sendable {
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

    /// The SGR sequence that sets exactly this style from any other: `CSI 0 ; … m`.
    public var sgr: [UInt8] {
        var text = "\u{1B}[0"
        if bold { text += ";1" }
        if dim { text += ";2" }
        if underline { text += ";4" }
        if inverse { text += ";7" }
        if let foreground { text += ";3\(foreground.rawValue)" }
        if self == .plain { text = "\u{1B}[" }
        return Array((text + "m").utf8)
    }
}
