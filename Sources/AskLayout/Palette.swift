import AskModel

/// A screen's colours as red, green and blue (`ColorTable`), and the contrast between two of them
/// as WCAG measures it: what the theme's rule of 3:1 is computed on.
package enum Palette {
    /// `color` as 0xRRGGBB.
    package static func rgb(_ color: Style.Color) -> UInt32 { ColorTable.rgb(color.index) }

    /// The colour of the cube and the gray ramp (16–255) nearest to `rgb`.
    package static func nearest(to rgb: UInt32) -> Style.Color { Style.Color(ColorTable.nearest(to: rgb)) }

    /// WCAG's relative luminance of 0xRRGGBB.
    package static func luminance(_ rgb: UInt32) -> Double {
        func linear(_ channel: UInt32) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : power24((value + 0.055) / 1.055)
        }
        return 0.2126 * linear(rgb >> 16 & 0xFF) + 0.7152 * linear(rgb >> 8 & 0xFF) + 0.0722 * linear(rgb & 0xFF)
    }

    /// WCAG's contrast ratio of two colours, from 1 to 21.
    package static func contrast(_ a: UInt32, _ b: UInt32) -> Double {
        let (first, second) = (luminance(a), luminance(b))
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    /// `x`^2.4 for `x` in 0...1, without the C library (the Embedded build has none of its
    /// mathematics): x² times the fifth root of x², found by Newton's method from 1.
    static func power24(_ x: Double) -> Double {
        let square = x * x
        guard square > 0 else { return 0 }
        var root = 1.0
        for _ in 0..<60 {
            let fourth = root * root * root * root
            root -= (fourth * root - square) / (5 * fourth)
        }
        return square * root
    }
}
