/// A compiled gettext catalog (a `.mo` file) read without libintl: a header of seven 32-bit
/// words in the file's byte order (either), then two tables of (length, offset) pairs, the
/// originals sorted by their bytes and the translations in the same order. Catalogs are UTF-8.
/// Every offset is checked as the file is read: a file that is short, of another kind or whose
/// tables point outside it is no catalog (nil), and `ask` then speaks English.
package struct MessageCatalog: Sendable {
    private let bytes: [UInt8]
    private let count: Int
    private let originals: Int
    private let translations: Int
    private let bigEndian: Bool
    /// The catalog's `Plural-Forms` rule (the C rule, `n != 1`, when it has none or one that
    /// does not read).
    package private(set) var plural = PluralRule.english

    /// The catalog in `bytes`, or nil when they are not one.
    package init?(_ bytes: [UInt8]) {
        guard bytes.count >= 28 else { return nil }
        let magicLittle = UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
        switch magicLittle {
        case 0x9504_12de: bigEndian = false
        case 0xde12_0495: bigEndian = true
        default: return nil
        }
        self.bytes = bytes
        // Major revisions 0 and 1 have the same tables; a later one may not.
        guard let revision = Self.word(bytes, at: 4, bigEndian: bigEndian), revision >> 16 <= 1,
              let count = Self.word(bytes, at: 8, bigEndian: bigEndian),
              let originals = Self.word(bytes, at: 12, bigEndian: bigEndian),
              let translations = Self.word(bytes, at: 16, bigEndian: bigEndian) else { return nil }
        self.count = Int(count)
        self.originals = Int(originals)
        self.translations = Int(translations)
        guard self.count <= bytes.count / 16,
              self.originals + self.count * 8 <= bytes.count, self.translations + self.count * 8 <= bytes.count else { return nil }
        for index in 0..<self.count {
            guard Self.string(bytes, table: self.originals, index: index, bigEndian: bigEndian) != nil,
                  Self.string(bytes, table: self.translations, index: index, bigEndian: bigEndian) != nil else { return nil }
        }
        if let rule = header("Plural-Forms").flatMap(PluralRule.init) { plural = rule }
    }

    /// The number of entries, the header's among them.
    package var entries: Int { count }

    /// The translation of `original` (a context's entry as gettext keys it: the context, EOT,
    /// the original), nil when the catalog has none (or an empty one, as gettext treats it).
    package func translation(of original: String, context: String? = nil) -> String? {
        forms(of: context.map { $0 + "\u{4}" + original } ?? original).flatMap { $0.first }
    }

    /// The form of a plural entry for `n` (its key is the singular, NUL, the plural).
    package func translation(singular: String, plural pluralText: String, count n: Int) -> String? {
        guard let forms = forms(of: singular + "\u{0}" + pluralText) else { return nil }
        let index = plural.index(for: n)
        return index < forms.count ? forms[index] : forms.first
    }

    /// The value of a line of the header (the empty original's translation): `Plural-Forms`.
    package func header(_ name: String) -> String? {
        guard let header = forms(of: "")?.first else { return nil }
        let wanted = Array((name + ":").utf8)
        for line in Array(header.utf8).split(separator: 10) where line.starts(with: wanted) {
            return String(decoding: line.dropFirst(wanted.count).drop { $0 == 32 }, as: UTF8.self)
        }
        return nil
    }

    /// The translation's forms (split at NUL) of the entry whose original's bytes are `key`'s,
    /// found by a binary search of the sorted originals.
    private func forms(of key: String) -> [String]? {
        let wanted = Array(key.utf8)
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            guard let found = Self.string(bytes, table: originals, index: middle, bigEndian: bigEndian) else { return nil }
            switch Self.compare(bytes[found], wanted) {
            case 0:
                guard let text = Self.string(bytes, table: translations, index: middle, bigEndian: bigEndian),
                      !text.isEmpty else { return nil }
                var forms: [String] = []
                for piece in bytes[text].split(separator: 0, omittingEmptySubsequences: false) {
                    guard let form = Self.validUTF8(piece) else { return nil }
                    forms.append(form)
                }
                return forms
            case ..<0: low = middle + 1
            default: high = middle
            }
        }
        return nil
    }

    private static func validUTF8(_ piece: ArraySlice<UInt8>) -> String? {
        String(validating: piece, as: UTF8.self)
    }

    /// strcmp's order of two byte strings: negative, zero or positive.
    private static func compare(_ left: ArraySlice<UInt8>, _ right: [UInt8]) -> Int {
        for (a, b) in zip(left, right) where a != b { return Int(a) - Int(b) }
        return left.count - right.count
    }

    private static func word(_ bytes: [UInt8], at offset: Int, bigEndian: Bool) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        let a = UInt32(bytes[offset]), b = UInt32(bytes[offset + 1]), c = UInt32(bytes[offset + 2]), d = UInt32(bytes[offset + 3])
        return bigEndian ? a << 24 | b << 16 | c << 8 | d : d << 24 | c << 16 | b << 8 | a
    }

    /// The range of the `index`th string of a table, when it lies inside the file and is
    /// followed by its NUL.
    private static func string(_ bytes: [UInt8], table: Int, index: Int, bigEndian: Bool) -> Range<Int>? {
        guard let length = word(bytes, at: table + index * 8, bigEndian: bigEndian),
              let offset = word(bytes, at: table + index * 8 + 4, bigEndian: bigEndian) else { return nil }
        let start = Int(offset), end = Int(offset) + Int(length)
        guard end < bytes.count, bytes[end] == 0 else { return nil }
        return start..<end
    }
}
