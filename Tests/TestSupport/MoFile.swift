/// A gettext `.mo` file made from entries, in either byte order, as msgfmt lays it out (the
/// originals sorted by their bytes, each string followed by its NUL, no hash table): what the
/// catalog tests read, and what they damage to see a damaged one refused.
package enum MoFile {
    /// `entries` (original, translation; a header is the empty original's) as a `.mo` file.
    package static func bytes(_ entries: [(String, String)], bigEndian: Bool = false) -> [UInt8] {
        let sorted = entries.map { (Array($0.0.utf8), Array($0.1.utf8)) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }
        let count = sorted.count
        let originals = 28, translations = 28 + count * 8
        var strings: [UInt8] = []
        var table: [UInt32] = []
        var tableOfTranslations: [UInt32] = []
        let stringsStart = translations + count * 8
        for (original, _) in sorted {
            table += [UInt32(original.count), UInt32(stringsStart + strings.count)]
            strings += original + [0]
        }
        for (_, translation) in sorted {
            tableOfTranslations += [UInt32(translation.count), UInt32(stringsStart + strings.count)]
            strings += translation + [0]
        }
        let header: [UInt32] = [0x9504_12de, 0, UInt32(count), UInt32(originals), UInt32(translations), 0, UInt32(stringsStart)]
        var result: [UInt8] = []
        for word in header + table + tableOfTranslations {
            let bytes = [UInt8(word & 0xff), UInt8(word >> 8 & 0xff), UInt8(word >> 16 & 0xff), UInt8(word >> 24)]
            result += bigEndian ? bytes.reversed() : bytes
        }
        return result + strings
    }

    /// A header naming `pluralForms`.
    package static func header(_ pluralForms: String) -> (String, String) {
        ("", "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: \(pluralForms)\n")
    }
}
