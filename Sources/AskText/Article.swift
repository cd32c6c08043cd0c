/// English's indefinite article for a word, chosen by how the word is said, not how it is
/// spelled: "an" before a vowel sound (an email, an ascii, an hour, an SSH key), "a" before a
/// consonant sound (a number, a url, a user, a one-line field). A word of capitals is taken as
/// said a letter at a time (an SSH key, a URL, an LF).
package enum Article {
    /// "a" or "an", for `word`.
    package static func indefinite(for word: String) -> String {
        let letters = Array(word.utf8.prefix { isLetter($0) })
        guard let first = letters.first else { return "a" }
        if letters.count > 1 && letters.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) {
            // Said a letter at a time: A, E, F, H, I, L, M, N, O, R, S and X are named with a vowel first.
            return Array("AEFHILMNORSX".utf8).contains(first) ? "an" : "a"
        }
        let lower = letters.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        func starts(_ prefixes: [String]) -> Bool { prefixes.contains { lower.starts(with: $0.utf8) } }
        if starts(consonantSounds) { return "a" }
        if starts(silentH) { return "an" }
        return Array("aeiou".utf8).contains(lower[0]) ? "an" : "a"
    }

    /// `word` after its article: "an email".
    package static func indefinite(_ word: String) -> String { indefinite(for: word) + " " + word }

    /// Beginnings spelled with a vowel and said with a consonant ("you", "wun").
    static let consonantSounds = ["one", "once", "unic", "unif", "unio", "uniq", "unit", "univ", "unix", "use", "usu",
                                  "uti", "uri", "url", "usb", "eu", "ewe"]
    /// Beginnings whose h is not said.
    static let silentH = ["hour", "honest", "honor", "honour", "heir"]

    private static func isLetter(_ byte: UInt8) -> Bool { (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) }
}
