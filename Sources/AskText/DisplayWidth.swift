/// How many terminal columns text takes, computed from Unicode properties and the East Asian
/// Width table (the platform has no `wcwidth` for Swift, and a locale's table would vary).
package enum DisplayWidth {
    /// The columns one grapheme cluster takes: 0, 1 or 2.
    package static func of<S: Sequence>(graphemeScalars scalars: S) -> Int where S.Element == Unicode.Scalar {
        var iterator = scalars.makeIterator()
        guard let base = iterator.next() else { return 0 }
        let baseWidth = of(scalar: base)
        if baseWidth == 2 { return 2 }
        var next = iterator.next()
        if next == nil { return baseWidth }  // one scalar: no selector or modifier follows
        let baseIsEmoji = base.properties.isEmoji
        var regional = GraphemeBreak.category(of: base) == .regionalIndicator
        while let scalar = next {
            next = iterator.next()
            if scalar.value == 0xFE0F && baseIsEmoji { return 2 }  // emoji presentation selector
            if scalar.properties.isEmojiModifier { return 2 }
            if regional && GraphemeBreak.category(of: scalar) == .regionalIndicator { return 2 }
            regional = false
        }
        return baseWidth
    }

    /// The columns one grapheme takes.
    package static func of(_ character: Character) -> Int { of(graphemeScalars: character.unicodeScalars) }

    /// The columns a string takes, as the sum of its graphemes.
    package static func of(_ string: some StringProtocol) -> Int { string.reduce(0) { $0 + of($1) } }

    /// The columns one scalar takes when it starts a grapheme.
    package static func of(scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control, .lineSeparator, .paragraphSeparator:
            return 0
        default: break
        }
        if properties.isEmojiPresentation { return 2 }
        return isWide(value) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth ranges (EastAsianWidth.txt, W and F), emoji excepted:
    /// emoji are decided by Emoji_Presentation above. First and last of each range, in order.
    private static let wideBounds: [UInt32] = [
        0x1100, 0x115F, 0x2329, 0x232A, 0x2E80, 0x303E, 0x3041, 0x3247, 0x3250, 0x4DBF,
        0x4E00, 0xA4CF, 0xA960, 0xA97F, 0xAC00, 0xD7A3, 0xF900, 0xFAFF, 0xFE10, 0xFE19,
        0xFE30, 0xFE6F, 0xFF00, 0xFF60, 0xFFE0, 0xFFE6, 0x16FE0, 0x16FE4, 0x16FF0, 0x16FF1,
        0x17000, 0x18CD5, 0x18D00, 0x18D08, 0x1AFF0, 0x1B2FF, 0x1F200, 0x1F202, 0x1F210, 0x1F23B,
        0x1F240, 0x1F248, 0x1F250, 0x1F251, 0x1F260, 0x1F265, 0x20000, 0x2FFFD, 0x30000, 0x3FFFD,
    ]

    static func isWide(_ value: UInt32) -> Bool {
        guard value >= 0x1100 else { return false }
        var low = 0, high = wideBounds.count / 2 - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < wideBounds[2 * middle] { high = middle - 1 }
            else if value > wideBounds[2 * middle + 1] { low = middle + 1 }
            else { return true }
        }
        return false
    }
}
