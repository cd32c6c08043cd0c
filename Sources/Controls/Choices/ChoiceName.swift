import AskModel
import AskText

/// A name given for a choice (`--selected`, a line on stdin, plain mode's line), and the one
/// comparison that decides whether it names a choice: the choice's label or its value, equal
/// once both are folded (`TextFold`, the fold the filter ignores case by: `über` names `Über`,
/// `Σίσυφος` names `σίσυφος`), byte for byte — so a query that names a choice is always among
/// that choice's matches (a composed `é` and an `e` with a combining accent are two texts, as
/// they are to fzf); bytes that are not UTF-8 name only the same bytes (ASCII letters in any case).
///
/// ASCII against ASCII — nearly every name and line — is compared byte by byte; the fold is made
/// only when either side has other bytes.
package struct ChoiceName: Equatable, Sendable {
    /// The name as given.
    package let bytes: [UInt8]
    /// The name folded.
    private let folded: [UInt8]
    private let isASCII: Bool
    /// Only the same bytes are named (case counts).
    private let exactCase: Bool

    /// `exactCase`: case counts (a filter's query with a capital, as smart case reads it).
    package init(_ bytes: [UInt8], exactCase: Bool = false) {
        self.bytes = bytes
        self.exactCase = exactCase
        isASCII = bytes.allSatisfy { $0 < 0x80 }
        folded = TextFold.folded(bytes)
    }

    package init(_ text: String) {
        self.init(Array(text.utf8))
    }

    /// The name as text, for messages (bytes that are not UTF-8 shown as U+FFFD).
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the name names `candidate` (a label, or a value).
    package func names(_ candidate: UnsafeRawBufferPointer) -> Bool {
        if exactCase { return candidate.elementsEqual(bytes) }
        if candidate.count == bytes.count {
            var offset = 0
            while offset < bytes.count && ChoiceList.lowercased(candidate[offset]) == ChoiceList.lowercased(bytes[offset]) { offset += 1 }
            if offset == bytes.count { return true }
        }
        guard !(isASCII && !candidate.contains(where: { $0 >= 0x80 })) else { return false }
        return TextFold.folded(Array(candidate)) == folded
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
