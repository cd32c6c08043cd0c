import AskText
import Testing

/// Strict UTF-8, a byte at a time: what the key decoder and the checks of stdin answers share.
struct UTF8DecoderTests {
    @Test(arguments: [
        ([0x61], true, "ASCII"),
        ([0xC3, 0xA9], true, "é"),
        ([0xE2, 0x82, 0xAC], true, "€"),
        ([0xF0, 0x9F, 0x98, 0x80], true, "😀"),
        ([0xC0, 0x80], false, "an overlong NUL"),
        ([0xE0, 0x80, 0x80], false, "an overlong three-byte form"),
        ([0xED, 0xA0, 0x80], false, "a surrogate"),
        ([0xF4, 0x90, 0x80, 0x80], false, "past U+10FFFF"),
        ([0xE2, 0x82], false, "cut short at the end"),
        ([0xE2, 0x41], false, "cut short by ASCII"),
        ([0x80], false, "a lone continuation byte"),
        ([0xFF], false, "not a lead byte"),
    ] as [([UInt8], Bool, String)])
    func validity(bytes: [UInt8], valid: Bool, name: String) {
        #expect(bytes.withUnsafeBytes { UTF8Decoder.isValid($0) } == valid, "\(name)")
        #expect(bytes.withUnsafeBytes { UTF8Decoder.isValid($0) } == (String(validating: bytes, as: UTF8.self) != nil), "\(name)")
    }

    /// A continuation that does not fit drops the scalar begun, and is not taken: the byte is
    /// for the caller to decode on its own.
    @Test func aScalarCutShortLeavesTheByte() {
        var decoder = UTF8Decoder()
        #expect(decoder.step(0xE2) == .needMore)
        #expect(decoder.step(0x41) == .invalid(takenByte: false))
        #expect(!decoder.isPending)
        #expect(decoder.step(0x41) == .scalar("A"))
        #expect(decoder.step(0xFF) == .invalid(takenByte: true))
    }

    @Test(arguments: [(0x1B, true, true), (0x7F, true, true), (0x85, false, true), (0x20, false, false), (0xE9, false, false)]
          as [(UInt32, Bool, Bool)])
    func controls(value: UInt32, c0OrDelete: Bool, control: Bool) {
        let scalar = Unicode.Scalar(value)!
        #expect(scalar.isC0OrDelete == c0OrDelete)
        #expect(scalar.isControl == control)
    }
}
