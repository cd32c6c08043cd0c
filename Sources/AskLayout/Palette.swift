/// xterm's 256 colours as red, green and blue, and the contrast between two of them as WCAG
/// measures it: what the theme's rule of 3:1 is computed on.
package enum Palette {
    /// xterm's default values of the 16 ANSI colours.
    static let ansi: [UInt32] = [0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
                                 0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF]
    /// The levels of the 6×6×6 cube (16–231).
    static let levels: [UInt32] = [0, 95, 135, 175, 215, 255]

    /// `color` as 0xRRGGBB.
    package static func rgb(_ color: Style.Color) -> UInt32 {
        let index = Int(color.index)
        if index < 16 { return ansi[index] }
        if index >= 232 {
            let gray = UInt32(8 + 10 * (index - 232))
            return gray << 16 | gray << 8 | gray
        }
        let cube = index - 16
        return levels[cube / 36] << 16 | levels[cube / 6 % 6] << 8 | levels[cube % 6]
    }

    /// The colour of the cube and the gray ramp (16–255, the same on every terminal that has
    /// 256) nearest to `rgb`, as tmux draws RGB on a terminal without it.
    package static func nearest(to rgb: UInt32) -> Style.Color {
        func distance(_ a: UInt32, _ b: UInt32) -> Int {
            var sum = 0
            for shift in [16, 8, 0] {
                let delta = Int(a >> UInt32(shift) & 0xFF) - Int(b >> UInt32(shift) & 0xFF)
                sum += delta * delta
            }
            return sum
        }
        var best = 16
        var bestDistance = Int.max
        for index in 16...255 {
            let candidate = distance(rgb, Self.rgb(Style.Color(UInt8(index))))
            if candidate < bestDistance {
                (best, bestDistance) = (index, candidate)
            }
        }
        return Style.Color(UInt8(best))
    }

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
