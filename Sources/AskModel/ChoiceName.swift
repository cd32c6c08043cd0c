import AskText

/// A name given for a choice (`--selected`, a line on stdin, plain mode's line), and the one
/// comparison that decides whether it names a choice: the choice's label or its value, equal
/// in any case. Letters are folded as Unicode lowercases them (`über` names `Über`), and the
/// texts compared as Swift compares strings (a letter and its decomposed form are equal);
/// bytes that are not UTF-8 name only the same bytes (ASCII letters in any case).
///
/// ASCII against ASCII — nearly every name and line — is compared byte by byte; the Unicode
/// comparison is made only when either side has other bytes.
package struct ChoiceName: Equatable, Sendable {
    /// The name as given.
    package let bytes: [UInt8]
    /// The name lowercased, when it is UTF-8 (nil: not UTF-8, only equal bytes name it).
    private let folded: String?
    private let isASCII: Bool

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        isASCII = bytes.allSatisfy { $0 < 0x80 }
        folded = bytes.withUnsafeBytes { UTF8Decoder.isValid($0) } ? String(decoding: bytes, as: UTF8.self).lowercased() : nil
    }

    package init(_ text: String) {
        self.init(Array(text.utf8))
    }

    /// The name as text, for messages (bytes that are not UTF-8 shown as U+FFFD).
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the name names `candidate` (a label, or a value).
    package func names(_ candidate: UnsafeRawBufferPointer) -> Bool {
        if candidate.count == bytes.count {
            var offset = 0
            while offset < bytes.count && ChoiceList.lowercased(candidate[offset]) == ChoiceList.lowercased(bytes[offset]) { offset += 1 }
            if offset == bytes.count { return true }
        }
        guard !(isASCII && !candidate.contains(where: { $0 >= 0x80 })), let folded, UTF8Decoder.isValid(candidate) else {
            return false
        }
        return String(decoding: candidate, as: UTF8.self).lowercased() == folded
    }

    /// Whether the name names `candidate`.
    package func names(_ candidate: String) -> Bool {
        var candidate = candidate
        return candidate.withUTF8 { names(UnsafeRawBufferPointer($0)) }
    }
}

extension ChoiceName: ExpressibleByStringLiteral {
    package init(stringLiteral text: String) {
        self.init(text)
    }
}
