/// Decodes UTF-8 a byte at a time, strictly (no overlong forms, no surrogates, nothing past
/// U+10FFFF): what arrives from a terminal, in pieces, and what is checked before it is taken.
package struct UTF8Decoder: Sendable {
    private var value: UInt32 = 0
    private var need = 0
    private var have = 0
    /// The range the next continuation byte must be in (narrower after some lead bytes).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    package init() {}

    /// What a byte did.
    package enum Step: Equatable, Sendable {
        /// A scalar is complete.
        case scalar(Unicode.Scalar)
        /// More bytes of this scalar are to come.
        case needMore
        /// Not UTF-8 here: a lead byte that cannot start a scalar, or a continuation that does
        /// not fit the one begun (which is then dropped; the byte is not taken, so it may be
        /// decoded on its own).
        case invalid(takenByte: Bool)
    }

    /// Whether a scalar has begun and is not complete.
    package var isPending: Bool { need > 0 }

    /// Forgets a scalar begun.
    package mutating func reset() {
        self = UTF8Decoder()
    }

    package mutating func step(_ byte: UInt8) -> Step {
        guard need > 0 else { return begin(byte) }
        guard byte >= lower && byte <= upper else {
            reset()
            return .invalid(takenByte: false)
        }
        value = value << 6 | UInt32(byte & 0x3F)
        have += 1
        lower = 0x80
        upper = 0xBF
        guard have == need else { return .needMore }
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        reset()
        return .scalar(scalar)
    }

    private mutating func begin(_ byte: UInt8) -> Step {
        switch byte {
        case 0x00...0x7F: return .scalar(Unicode.Scalar(byte))
        case 0xC2...0xDF: start(byte & 0x1F, need: 1)
        case 0xE0: start(byte & 0x0F, need: 2, lower: 0xA0)
        case 0xED: start(byte & 0x0F, need: 2, upper: 0x9F)
        case 0xE1...0xEF: start(byte & 0x0F, need: 2)
        case 0xF0: start(byte & 0x07, need: 3, lower: 0x90)
        case 0xF1...0xF3: start(byte & 0x07, need: 3)
        case 0xF4: start(byte & 0x07, need: 3, upper: 0x8F)
        default: return .invalid(takenByte: true)
        }
        return .needMore
    }

    private mutating func start(_ bits: UInt8, need: Int, lower: UInt8 = 0x80, upper: UInt8 = 0xBF) {
        value = UInt32(bits)
        self.need = need
        have = 0
        self.lower = lower
        self.upper = upper
    }

    /// Whether `bytes` are well-formed UTF-8, checked without building a `String`.
    package static func isValid(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var decoder = UTF8Decoder()
        for byte in bytes {
            if case .invalid = decoder.step(byte) { return false }
        }
        return !decoder.isPending
    }
}

extension Unicode.Scalar {
    /// A C0 control or DEL: what caret notation shows (`^[`, `^?`).
    package var isC0OrDelete: Bool { value < 0x20 || value == 0x7F }

    /// A C0 control, DEL or a C1 control: never typed into the field, never written as it is.
    package var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }
}
