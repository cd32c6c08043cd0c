/// xterm's 256 colours as red, green and blue (0xRRGGBB), and the one nearest to a colour given
/// that way: what a theme's `#rrggbb` and a list line's direct colour (`--ansi`) are drawn as.
package enum ColorTable {
    /// xterm's default values of the 16 ANSI colours.
    static let ansi: [UInt32] = [0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
                                 0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF]
    /// The levels of the 6×6×6 cube (16–231).
    static let levels: [UInt32] = [0, 95, 135, 175, 215, 255]

    /// Colour `index` as 0xRRGGBB.
    package static func rgb(_ index: UInt8) -> UInt32 {
        let index = Int(index)
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
    package static func nearest(to rgb: UInt32) -> UInt8 {
        func distance(_ a: UInt32, _ b: UInt32) -> Int {
            var sum = 0
            for shift in [16, 8, 0] {
                let delta = Int(a >> UInt32(shift) & 0xFF) - Int(b >> UInt32(shift) & 0xFF)
                sum += delta * delta
            }
            return sum
        }
        var best: UInt8 = 16
        var bestDistance = Int.max
        for index in UInt8(16)...UInt8(255) {
            let candidate = distance(rgb, Self.rgb(index))
            if candidate < bestDistance {
                (best, bestDistance) = (index, candidate)
            }
        }
        return best
    }
}
