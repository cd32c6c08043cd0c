/// The filter's query syntax written out plainly, apart from the filter's own code: for tests
/// and the fuzzer to hold it to. A query is split at spaces (`\ ` is a space within a term),
/// `|` between two terms joins them (either will do), and every group must match; a term's
/// markers: `!` negates (and holds the term in one piece), `'` holds it in one piece (after `!`,
/// fuzzy again), `^` anchors it at the start, `$` at the end. A term with an uppercase letter
/// (a scalar whose lowercase, as Unicode maps it, is another) is case-sensitive; one without
/// matches the label lowercased, a scalar at a time (bytes that are not UTF-8 as they are). A
/// prefix or suffix skips the label's white space at that end unless the term has white space there.
package enum PlainFilter {
    /// Whether `label` matches `query`.
    package static func matches(_ query: [UInt8], _ label: [UInt8]) -> Bool {
        groups(query).allSatisfy { group in group.contains { term in term.matches(label) } }
    }

    struct Term {
        enum Kind { case fuzzy, exact, prefix, suffix, equal }
        var kind: Kind
        var negated: Bool
        var text: [UInt8]
        var sensitive: Bool

        func matches(_ label: [UInt8]) -> Bool {
            let folded = sensitive ? label : PlainFilter.lowercased(label)
            let found: Bool
            switch kind {
            case .fuzzy: found = PlainFilter.inOrder(characters(text), folded)
            case .exact: found = PlainFilter.contains(folded, text)
            case .prefix, .suffix, .equal:
                var body = folded[...]
                if kind != .suffix && !PlainFilter.isSpace(prefixOf: text) {
                    while let space = PlainFilter.spaceLength(atStartOf: body) { body = body.dropFirst(space) }
                }
                if kind != .prefix && !PlainFilter.isSpace(suffixOf: text) {
                    while let space = PlainFilter.spaceLength(atEndOf: body) { body = body.dropLast(space) }
                }
                switch kind {
                case .prefix: found = body.starts(with: text)
                case .suffix: found = body.reversed().starts(with: text.reversed())
                default: found = Array(body) == text
                }
            }
            return found != negated
        }
    }

    /// `bytes` with each scalar lowercased (the first scalar of Unicode's lowercase mapping: `İ`
    /// is `i`), and what is not UTF-8 as it is.
    static func lowercased(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        var rest = bytes[...]
        while true {
            switch parser.parseScalar(from: &input) {
            case let .valid(encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                let lower = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
                result += Array(String(lower).utf8)
                rest = rest.dropFirst(encoded.count)
            case let .error(length):
                result += rest.prefix(length)
                rest = rest.dropFirst(length)
            case .emptyInput:
                return result
            }
        }
    }

    /// A term's characters: a UTF-8 lead byte with the continuation bytes after it (as many as
    /// it announces), any other byte alone.
    static func characters(_ text: [UInt8]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        for byte in text {
            if byte & 0xC0 == 0x80, var last = result.popLast(), let lead = last.first, lead >= 0xC0,
               last.count < (lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2) {
                last.append(byte)
                result.append(last)
            } else {
                result.append([byte])
            }
        }
        return result
    }

    /// Whether `pieces` occur in `label` in order, each in one piece, none overlapping.
    static func inOrder(_ pieces: [[UInt8]], _ label: [UInt8]) -> Bool {
        var from = 0
        for piece in pieces {
            guard let at = firstIndex(of: piece, in: label, from: from) else { return false }
            from = at + piece.count
        }
        return true
    }

    static func contains(_ label: [UInt8], _ piece: [UInt8]) -> Bool { firstIndex(of: piece, in: label, from: 0) != nil }

    static func firstIndex(of piece: [UInt8], in label: [UInt8], from: Int) -> Int? {
        guard label.count - from >= piece.count else { return nil }
        return (from...(label.count - piece.count)).first { Array(label[$0..<($0 + piece.count)]) == piece }
    }

    /// The Unicode white space a prefix or suffix passes over, as UTF-8.
    static let spaces: [[UInt8]] = [[0x09], [0x0A], [0x0B], [0x0C], [0x0D], [0x20], [0xC2, 0x85], [0xC2, 0xA0], [0xE1, 0x9A, 0x80],
                                    [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9], [0xE2, 0x80, 0xAF], [0xE2, 0x81, 0x9F], [0xE3, 0x80, 0x80]]
        + (0x80...0x8A).map { [0xE2, 0x80, UInt8($0)] }

    static func spaceLength(atStartOf bytes: ArraySlice<UInt8>) -> Int? {
        spaces.first { bytes.starts(with: $0) }?.count
    }

    static func spaceLength(atEndOf bytes: ArraySlice<UInt8>) -> Int? {
        spaces.first { bytes.reversed().starts(with: $0.reversed()) }?.count
    }

    static func isSpace(prefixOf text: [UInt8]) -> Bool { spaceLength(atStartOf: text[...]) != nil }
    static func isSpace(suffixOf text: [UInt8]) -> Bool { spaceLength(atEndOf: text[...]) != nil }

    /// The groups of terms `query` makes.
    static func groups(_ query: [UInt8]) -> [[Term]] {
        // Spaces around the query go (an escaped one at the end stays).
        var text = query
        while text.first == 0x20 { text.removeFirst() }
        while text.last == 0x20 && !(text.count >= 2 && text[text.count - 2] == 0x5C) { text.removeLast() }
        // Split at spaces that are not escaped; an escaped one is part of the term.
        var tokens: [[UInt8]] = []
        var token: [UInt8] = []
        var index = 0
        while index < text.count {
            if text[index] == 0x5C && index + 1 < text.count && text[index + 1] == 0x20 {
                token.append(0x20)
                index += 2
            } else if text[index] == 0x20 {
                if !token.isEmpty { tokens.append(token) }
                token = []
                index += 1
            } else {
                token.append(text[index])
                index += 1
            }
        }
        if !token.isEmpty { tokens.append(token) }
        var groups: [[Term]] = []
        var joining = false
        var barJustSeen = false
        for token in tokens {
            if token == [0x7C] && !groups.isEmpty && !barJustSeen {
                joining = true
                barJustSeen = true
                continue
            }
            barJustSeen = false
            guard let term = term(token) else { continue }
            if joining {
                groups[groups.count - 1].append(term)
            } else {
                groups.append([term])
            }
            joining = false
        }
        return groups
    }

    static func term(_ token: [UInt8]) -> Term? {
        var text = token
        var term = Term(kind: .fuzzy, negated: false, text: [], sensitive: lowercased(token) != token)
        if text.first == UInt8(ascii: "!") {
            term.negated = true
            term.kind = .exact
            text.removeFirst()
        }
        if text.count >= 2 && text.last == UInt8(ascii: "$") {
            term.kind = .suffix
            text.removeLast()
        }
        if text.first == UInt8(ascii: "'") {
            term.kind = term.negated ? .fuzzy : .exact
            text.removeFirst()
        } else if text.first == UInt8(ascii: "^") {
            term.kind = term.kind == .suffix ? .equal : .prefix
            text.removeFirst()
        }
        guard !text.isEmpty else { return nil }
        term.text = text
        return term
    }
}
