/// The one way case is ignored — in naming a choice and in filtering — as fzf ignores it: each
/// scalar becomes its lowercase (Unicode's simple lowercase mapping, as Go's `unicode.ToLower`
/// gives it: `Ü` is `ü`, `Σ` is `σ`, `İ` is `i`, the Kelvin sign is `k`; `ß` stays `ß`, never
/// `ss`). A text has an uppercase letter, for smart case, when folding changes it (fzf: the term
/// differs from its lowercase), whatever its script. Bytes that are not UTF-8 are kept as they
/// are: they fold to themselves.
///
/// ASCII is folded without looking anything up, and text all ASCII is seen eight bytes at a
/// time; only scalars beyond it ask Unicode's tables (scripts without case pass at once).
package enum TextFold {
    /// `scalar` folded.
    @inline(__always)
    package static func lowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        if value < 0x80 { return value &- 0x41 < 26 ? Unicode.Scalar(UInt8(value | 0x20)) : scalar }
        return mayChange(value) ? beyondASCII(scalar) : scalar
    }

    /// Whether a scalar beyond ASCII may have a lowercase other than itself: not in the CJK,
    /// kana, Hangul and other blocks that have no case (`TextFoldTests` holds this to the tables
    /// for every scalar).
    @inline(__always)
    private static func mayChange(_ value: UInt32) -> Bool {
        !(0x2D30..<0xA640).contains(value) && !(0xA800..<0xFF21).contains(value) && !(0xFF3B..<0x10400).contains(value)
    }

    private static func beyondASCII(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard scalar.properties.changesWhenLowercased else { return scalar }
        // The full mapping is the simple one, but for U+0130 (`İ`: `i` and a combining dot), whose
        // simple mapping is its first scalar.
        return scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
    }

    /// Whether `bytes` has an uppercase letter: a scalar that folding changes (smart case).
    package static func hasUppercase(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var position = 0
        while position < bytes.count {
            let (scalar, length) = decode(bytes, at: position)
            if let scalar, lowercase(scalar) != scalar { return true }
            position += length
        }
        return false
    }

    package static func hasUppercase(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { hasUppercase($0) }
    }

    /// Whether folding changes a scalar of `bytes` beyond ASCII (ASCII letters aside, which the
    /// filter folds as it compares): the label needs a folded copy to be filtered.
    package static func foldsBeyondASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var position = 0
        // Eight bytes at a time while they are ASCII: nearly every label is.
        while position + 8 <= bytes.count,
              UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            position += 8
        }
        while position < bytes.count {
            guard bytes[position] >= 0x80 else {
                position += 1
                continue
            }
            let (scalar, length) = decode(bytes, at: position)
            if let scalar, lowercase(scalar) != scalar { return true }
            position += length
        }
        return false
    }

    /// Writes `bytes` folded to `out` (room for `2 × bytes.count`: a folded scalar takes at most
    /// half as many bytes again) and returns how many it wrote. `asciiToo`: false leaves ASCII
    /// letters as they are (the filter folds those as it compares, and keeps their case for the
    /// bonuses). `origins`: for each byte written, where its scalar starts in `bytes`.
    package static func fold(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>,
                             origins: UnsafeMutablePointer<Int32>?, asciiToo: Bool = true) -> Int {
        var position = 0
        var written = 0
        while position < bytes.count {
            let byte = bytes[position]
            if byte < 0x80 {
                out[written] = asciiToo && byte &- 0x41 < 26 ? byte | 0x20 : byte
                origins?[written] = Int32(position)
                written += 1
                position += 1
                continue
            }
            let (scalar, length) = decode(bytes, at: position)
            let folded = scalar.map(lowercase)
            if let folded, folded != scalar {
                UTF8.encode(folded) { unit in
                    out[written] = unit
                    origins?[written] = Int32(position)
                    written += 1
                }
            } else {
                for offset in 0..<length {
                    out[written] = bytes[position + offset]
                    origins?[written] = Int32(position)
                    written += 1
                }
            }
            position += length
        }
        return written
    }

    /// `bytes` folded.
    package static func folded(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBufferPointer { bytes in
            [UInt8](unsafeUninitializedCapacity: 2 * bytes.count) { out, count in
                count = fold(bytes, into: out.baseAddress!, origins: nil)
            }
        }
    }

    /// The well-formed scalar at `position` and its length in bytes, or nil and 1 for a byte
    /// that does not begin one (strictly: no overlong forms, no surrogates, nothing past U+10FFFF).
    @inline(__always)
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (scalar: Unicode.Scalar?, length: Int) {
        let lead = bytes[position]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        let (need, bits, lower, upper): (Int, UInt32, UInt8, UInt8)
        switch lead {
        case 0xC2...0xDF: (need, bits, lower, upper) = (1, UInt32(lead & 0x1F), 0x80, 0xBF)
        case 0xE0: (need, bits, lower, upper) = (2, 0, 0xA0, 0xBF)
        case 0xED: (need, bits, lower, upper) = (2, 0x0D, 0x80, 0x9F)
        case 0xE1...0xEF: (need, bits, lower, upper) = (2, UInt32(lead & 0x0F), 0x80, 0xBF)
        case 0xF0: (need, bits, lower, upper) = (3, 0, 0x90, 0xBF)
        case 0xF1...0xF3: (need, bits, lower, upper) = (3, UInt32(lead & 0x07), 0x80, 0xBF)
        case 0xF4: (need, bits, lower, upper) = (3, 4, 0x80, 0x8F)
        default: return (nil, 1)
        }
        guard position + need < bytes.count else { return (nil, 1) }
        var value = bits
        for offset in 1...need {
            let byte = bytes[position + offset]
            guard byte >= (offset == 1 ? lower : 0x80) && byte <= (offset == 1 ? upper : 0xBF) else { return (nil, 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (Unicode.Scalar(value), need + 1)
    }
}
