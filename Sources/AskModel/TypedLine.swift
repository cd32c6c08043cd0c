import AskText

/// A line given without the alert (standard input, `--value`) held to what a person could type:
/// UTF-8, and no control character (a line break only where a multi-line field takes one).
package enum TypedLine {
    package enum Refusal: Equatable, Sendable, CustomStringConvertible {
        case notUTF8
        case controlCharacters

        package var description: String {
            switch self {
            case .notUTF8: "the answer is not valid UTF-8"
            case .controlCharacters: "the answer contains control characters"
            }
        }
    }

    /// Why `line` could not have been typed, if it could not; `lineBreaks`: a line break is
    /// taken (a multi-line field's lines).
    package static func refusal(of line: UnsafeRawBufferPointer, lineBreaks: Bool = false) -> Refusal? {
        guard UTF8Decoder.isValid(line) else { return .notUTF8 }
        for scalar in UTF8Scalars(line.bindMemory(to: UInt8.self)) where !KeyDecoder.isPrintable(scalar) {
            if scalar == "\n" && lineBreaks { continue }
            return .controlCharacters
        }
        return nil
    }
}
