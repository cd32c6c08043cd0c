import AskModel
import AskText

/// What each keyboard type lets through while typing, and what it checks on accept. The
/// checks walk scalars, so they work on a secret without making it a `String`.
extension KeyboardType {
    /// Whether `scalar` may be inserted at grapheme `cursor` of `text`.
    package func accepts(_ scalar: Unicode.Scalar, in text: TextBuffer, at cursor: Int) -> Bool {
        let value = scalar.value
        let isDigit = (0x30...0x39).contains(value)
        switch self {
        case .default, .path:
            return true
        case .number:
            return isDigit
        case .decimal:
            if isDigit { return !(cursor == 0 && text.count > 0 && text.firstScalar(of: 0) == "-") }
            if scalar == "-" { return cursor == 0 && (text.isEmpty || text.firstScalar(of: 0) != "-") }
            if scalar == "." { return !(0..<text.count).contains { text.firstScalar(of: $0) == "." }
                && !(cursor == 0 && text.count > 0 && text.firstScalar(of: 0) == "-") }
            return false
        case .phone:
            return isDigit || " +*#()-".unicodeScalars.contains(scalar)
        case .email, .url:
            return !scalar.properties.isWhitespace
        case .ascii:
            return (0x20...0x7E).contains(value)
        }
    }

    /// Whether accepting checks the answer's shape: what typing lets through, and more — a
    /// starting text (`--value`) never went through the typing filter.
    package var checksShape: Bool { self != .default && self != .path }

    /// Whether a whole answer has this type's shape (an empty answer is left to `--required`).
    package func check(_ scalars: [Unicode.Scalar]) -> Bool {
        guard !scalars.isEmpty else { return true }
        switch self {
        case .default, .path:
            return true
        case .number:
            return scalars.allSatisfy(Self.isDigit)
        case .ascii:
            return scalars.allSatisfy { (0x20...0x7E).contains($0.value) }
        case .decimal:
            // -?(digits[.digits*] | .digits)
            var rest = scalars[...]
            if rest.first == "-" { rest = rest.dropFirst() }
            let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count <= 2, parts.allSatisfy({ $0.allSatisfy(Self.isDigit) }) else { return false }
            return parts.contains { !$0.isEmpty }
        case .phone:
            return scalars.contains(where: Self.isDigit)
        case .email:
            // local@domain.tld: one @, something before it, a dot inside the domain with text on both sides.
            let parts = scalars.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !scalars.contains(where: { $0.properties.isWhitespace }) else { return false }
            let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
            return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
        case .url:
            return Self.looksLikeURL(scalars)
        }
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { (0x30...0x39).contains(scalar.value) }

    /// `scheme://host[...]`, or a bare host with a dot (`example.com/x`).
    private static func looksLikeURL(_ scalars: [Unicode.Scalar]) -> Bool {
        guard !scalars.contains(where: { $0.properties.isWhitespace }) else { return false }
        let text = scalars
        var hostStart = 0
        if let colon = text.firstIndex(of: ":"), colon + 2 < text.count, text[colon + 1] == "/", text[colon + 2] == "/" {
            let scheme = text[0..<colon]
            guard let first = scheme.first, first.properties.isAlphabetic, first.isASCII,
                  scheme.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || isDigit($0) || "+.-".unicodeScalars.contains($0)) })
            else { return false }
            hostStart = colon + 3
            let host = text[hostStart...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            return !host.isEmpty && host.first != ":"
        }
        let host = text.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }
}
