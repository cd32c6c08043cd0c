import AskText
import Testing

/// The one text fold, as fzf folds case: each scalar to its simple lowercase, uppercase for
/// smart case whatever the script, bytes that are not UTF-8 kept as they are.
struct TextFoldTests {
    @Test(arguments: [
        ("Apple", "apple", true), ("apple", "apple", false), ("Über", "über", true), ("ÜBER", "über", true),
        ("über", "über", false), ("ΣΊΣΥΦΟΣ", "σίσυφοσ", true), ("ДОМ", "дом", true), ("\u{212A}", "k", true),
        ("İ", "i", true), ("ẞ", "ß", true), ("ß", "ß", false), ("Ⱥ", "ⱥ", true), ("ǅ", "ǆ", true), ("Ⅻ", "ⅻ", true),
        ("Ａ", "ａ", true), ("日本語", "日本語", false), ("한국어", "한국어", false), ("𐐀", "𐐨", true), ("123 -_/", "123 -_/", false),
    ] as [(String, String, Bool)])
    func foldsAsFzf(text: String, folded: String, hasUppercase: Bool) {
        #expect(TextFold.folded(Array(text.utf8)) == Array(folded.utf8))
        #expect(TextFold.hasUppercase(Array(text.utf8)) == hasUppercase)
        let beyondASCII = text.unicodeScalars.contains { $0.value >= 0x80 && TextFold.lowercase($0) != $0 }
        #expect(Array(text.utf8).withUnsafeBufferPointer(TextFold.foldsBeyondASCII) == beyondASCII)
    }

    /// Bytes that are not UTF-8 fold to themselves, the letters around them folded; with
    /// `asciiToo` false (the filter's copy) ASCII is left as it is; each byte written says
    /// where its character began.
    @Test func bytesThatAreNotUTF8AndOrigins() {
        let bytes: [UInt8] = [0x41, 0xFF, 0xC3, 0x9C, 0xC3, 0x28, 0xE2, 0x84, 0xAA, 0xED, 0xA0, 0x80]
        #expect(TextFold.folded(bytes) == [0x61, 0xFF, 0xC3, 0xBC, 0xC3, 0x28, 0x6B, 0xED, 0xA0, 0x80])
        var out = [UInt8](repeating: 0, count: 2 * bytes.count)
        var origins = [Int32](repeating: -1, count: 2 * bytes.count)
        let count = bytes.withUnsafeBufferPointer { bytes in
            out.withUnsafeMutableBufferPointer { out in
                origins.withUnsafeMutableBufferPointer { TextFold.fold(bytes, into: out.baseAddress!, origins: $0.baseAddress!, asciiToo: false) }
            }
        }
        #expect(Array(out.prefix(count)) == [0x41, 0xFF, 0xC3, 0xBC, 0xC3, 0x28, 0x6B, 0xED, 0xA0, 0x80])
        #expect(Array(origins.prefix(count)) == [0, 1, 2, 2, 4, 5, 6, 9, 10, 11])
    }

    /// The blocks passed over without a look-up have no letter that folds: every scalar folds
    /// as Unicode's tables say (the first scalar of its lowercase mapping).
    @Test func everyScalarFoldsAsTheTablesSay() {
        var wrong: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
            if TextFold.lowercase(scalar) != expected { wrong.append(value) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(20).map { String($0, radix: 16) })")
    }
}
