import AskModel
import AskText

/// A query as typed into an action sheet's filter, read in fzf's extended syntax: terms between
/// spaces, each of which must match (AND); `|` between two terms makes either do (OR);
/// `'term` holds the term in one piece, `^term` at the start, `term$` at the end, `^term$` the
/// whole label; `!term` must not hold it in one piece (`!^term`, `!term$`, `!'term` fuzzily);
/// `\ ` is a space within a term. Any other term matches fuzzily: its characters in order.
///
/// Case is decided per term (smart case, as fzf decides it): a term with an uppercase letter of
/// any script (one that `TextFold` changes: `A`, `Ü`, `Σ`) is case-sensitive; one without
/// matches every letter in either case (`über` matches `Über` and `ÜBER`; `Über` only itself). Spaces before the first term and after the
/// last are not part of any (a `\ ` at the end is). A term left with nothing to match (`^`,
/// `!`, `'`) matches everything and is dropped, as a `|` with no term before it is taken
/// as a term of its own.
package struct FilterQuery: Equatable, Sendable {
    /// How a term matches a label.
    package enum Kind: UInt8, Equatable, Sendable {
        /// Its characters in order, with anything between them.
        case fuzzy
        /// In one piece, anywhere.
        case exact
        /// In one piece at the start (after spaces, unless the term begins with one).
        case prefix
        /// In one piece at the end (before spaces, unless the term ends with one).
        case suffix
        /// The whole label (spaces around it aside, as for prefix and suffix).
        case equal
    }

    /// One term: what it matches and how.
    package struct Term: Equatable, Sendable {
        package var kind: Kind
        /// `!`: the term must not match.
        package var negated: Bool
        /// Its UTF-8 bytes, markers and escapes taken out.
        package var text: [UInt8]
        /// It has an uppercase letter: case counts.
        package var caseSensitive: Bool

        package init(_ kind: Kind, _ text: String, negated: Bool = false) {
            self.kind = kind
            self.negated = negated
            self.text = Array(text.utf8)
            caseSensitive = FilterQuery.hasCapital(self.text)
        }

        init(kind: Kind, negated: Bool, text: [UInt8]) {
            self.kind = kind
            self.negated = negated
            self.text = text
            caseSensitive = FilterQuery.hasCapital(text)
        }
    }

    /// The groups a label must all match; it matches a group when it matches any of its terms.
    package private(set) var groups: [[Term]]

    /// Reads `bytes` (UTF-8) as the syntax says.
    package init(_ bytes: [UInt8]) {
        groups = Self.parse(bytes)
    }

    package init(groups: [[Term]]) {
        self.groups = groups
    }

    /// Nothing to match: every label matches (the query is empty, or only markers and spaces).
    package var isEmpty: Bool { groups.isEmpty }

    /// The number of terms.
    package var termCount: Int { groups.reduce(0) { $0 + $1.count } }

    static let space: UInt8 = 0x20
    static let backslash: UInt8 = 0x5C

    /// Whether `bytes` holds `piece` in one piece.
    static func holds(_ bytes: [UInt8], _ piece: [UInt8]) -> Bool {
        guard piece.count <= bytes.count else { return false }
        return (0...(bytes.count - piece.count)).contains { start in bytes[start..<(start + piece.count)].elementsEqual(piece) }
    }

    static func hasCapital(_ bytes: [UInt8]) -> Bool {
        TextFold.hasUppercase(bytes)
    }

    /// The terms between unescaped spaces, and the groups `|` makes of them.
    private static func parse(_ bytes: [UInt8]) -> [[Term]] {
        var from = 0
        var to = bytes.count
        while from < to && bytes[from] == space { from += 1 }
        // Trailing spaces go, but not one a backslash escapes.
        while to > from && bytes[to - 1] == space && !(to - 2 >= from && bytes[to - 2] == backslash) { to -= 1 }
        var tokens: [[UInt8]] = []
        var token: [UInt8] = []
        var index = from
        while index < to {
            let byte = bytes[index]
            if byte == backslash && index + 1 < to && bytes[index + 1] == space {
                token.append(space)
                index += 2
                continue
            }
            if byte == space {
                if !token.isEmpty { tokens.append(token) }
                token = []
            } else {
                token.append(byte)
            }
            index += 1
        }
        if !token.isEmpty { tokens.append(token) }

        var groups: [[Term]] = []
        var group: [Term] = []
        // A term after `|` joins the group before it instead of starting one.
        var joins = false
        var afterBar = false
        for token in tokens {
            if !group.isEmpty && !afterBar && token == [0x7C] {
                joins = true
                afterBar = true
                continue
            }
            afterBar = false
            guard let term = term(token) else { continue }
            if !joins && !group.isEmpty {
                groups.append(group)
                group = []
            }
            group.append(term)
            joins = false
        }
        if !group.isEmpty { groups.append(group) }
        return groups
    }

    /// One token's term: its markers read and taken off; nil when nothing is left to match.
    private static func term(_ token: [UInt8]) -> Term? {
        var text = token[...]
        var kind = Kind.fuzzy
        var negated = false
        if text.first == 0x21 {  // !
            negated = true
            kind = .exact
            text = text.dropFirst()
        }
        if text.count > 1 && text.last == 0x24 {  // $, unless it is the whole term
            kind = .suffix
            text = text.dropLast()
        }
        if text.first == 0x27 {  // '
            kind = negated ? .fuzzy : .exact
            text = text.dropFirst()
        } else if text.first == 0x5E {  // ^
            kind = kind == .suffix ? .equal : .prefix
            text = text.dropFirst()
        }
        guard !text.isEmpty else { return nil }
        return Term(kind: kind, negated: negated, text: Array(text))
    }

    // MARK: Narrowing

    /// Whether every label this query matches is one `other` matches too, as far as can be told
    /// from the terms alone: then filtering `other`'s matches finds all of this one's. True when
    /// each group of `other` is implied by a group of this query, a group by another when each
    /// of its terms implies one of the other's (what typing at the end of a term, or adding a
    /// term, gives; a `|` or a `!` typed widens, and is not).
    package func narrows(_ other: FilterQuery) -> Bool {
        other.groups.allSatisfy { wider in
            groups.contains { narrower in narrower.allSatisfy { term in wider.contains { term.implies($0) } } }
        }
    }
}

extension FilterQuery.Term {
    /// Whether a label this term matches is always one `other` matches.
    func implies(_ other: FilterQuery.Term) -> Bool {
        // A case-sensitive term is implied only by one that is; a term that ignores case by any
        // whose text, case ignored, holds it.
        guard other.caseSensitive ? caseSensitive : true else { return false }
        let mine = other.caseSensitive ? text : TextFold.folded(text)
        if negated || other.negated {
            // Lacking a piece, a label lacks any piece that holds it.
            guard negated && other.negated && caseSensitive == other.caseSensitive else { return false }
            return kind == other.kind && text == other.text
                || kind == .exact && other.kind == .exact && FilterQuery.holds(other.text, text)
        }
        switch other.kind {
        case .fuzzy:
            // Whatever matches in any way holds its characters in order.
            return mine.starts(with: other.text)
        case .exact:
            return kind != .fuzzy && mine.starts(with: other.text)
        case .prefix:
            return (kind == .prefix || kind == .equal) && mine.starts(with: other.text)
        case .suffix:
            return (kind == .suffix || kind == .equal) && mine.reversed().starts(with: other.text.reversed())
        case .equal:
            return kind == .equal && mine == other.text
        }
    }
}
