import AskModel
import AskText

/// Which choices match the query, and in what order they are shown: ranked by how well they
/// match (`FilterScore`: the highest score first, then the shorter label, then the list's
/// order), or with `sorts` false in the list's order. The query is read in fzf's syntax
/// (`FilterQuery`: terms that must all match, `|`, `'`, `^`, `$`, `!`); a query with no term
/// matches everything, in the list's order, without materialising an index array.
///
/// A term's characters are UTF-8 characters; a label matches a fuzzy term when each of them
/// occurs in the label's bytes in order, each as a contiguous byte sequence (so a multi-byte
/// character never matches across characters). A term without an uppercase letter ignores case
/// as fzf does (`TextFold`): ASCII letters are folded as they are compared, and a label with
/// letters beyond ASCII that fold (the list marks them as they arrive) is matched folded, its
/// matches highlighted where they came from. Invalid UTF-8 in a label only fails to match what
/// it does not contain.
///
/// Only the choices that match are scored. A query that narrows the last one (a character
/// typed at the end of a term, a term added: `FilterQuery.narrows`) examines only the last
/// one's matches; one that does not takes back the matches kept for an earlier query it
/// narrows (Backspace), else filters the whole list. The order is a radix sort of small keys
/// (`RankOrder`), not a comparison sort.
///
/// The filter follows one list: after the list grows, `listGrew` (or `setQuery`) brings it up to
/// date; until then `count` and the matches are those of the choices it has seen.
package struct ChoiceFilter: Sendable {
    /// The matches of one query, in the list's order.
    struct Matches: Sendable {
        /// The query as typed.
        var text: [UInt8] = []
        var query = FilterQuery([])
        var indices: [UInt32] = []
        /// Each match's score as kept (`FilterScore.kept`), when the filter sorts.
        var scores: [UInt16] = []
        /// How many of the list's choices were looked at.
        var seen = 0

        var count: Int { query.isEmpty ? seen : indices.count }
    }

    /// The matches shown.
    private var current = Matches()
    /// The current query, ready for matching.
    private var compiled = CompiledQuery(FilterQuery([]))
    /// The order shown (`RankOrder` entries), when the matches are ranked (`ranks`).
    private var ranked: [UInt64] = []
    /// The matches are ranked: the filter sorts, and the query has a term that is not negated
    /// (negated terms alone score nothing: the list's order, as fzf keeps it).
    private var ranks = false
    /// The matches of earlier queries, each narrowed by the next and the last by the current
    /// one: what Backspace goes back to, and what a query typed again after it narrows.
    private var earlier: [Matches] = []
    /// How many earlier queries' matches are kept at the most (the oldest go first), and how
    /// many indices they hold together at the most, for each choice of the list.
    static let keptQueries = 16
    static let keptIndicesPerChoice = 2

    /// Whether the matches are ranked; false keeps them in the list's order (`--no-sort`).
    package let sorts: Bool

    package init(sorts: Bool = true) {
        self.sorts = sorts
    }

    /// UTF-8 bytes of the query, as typed.
    package var query: [UInt8] { current.text }

    /// The query as read.
    package var parsedQuery: FilterQuery { current.query }

    /// Whether the query has a term: some choices may not match.
    package var isFiltering: Bool { !current.query.isEmpty }

    /// How many times a new query filtered the list (a paste is one, however long).
    package private(set) var passes = 0

    /// Sets the query and filters `list` (see the type's description for what is examined).
    package mutating func setQuery(_ text: [UInt8], in list: ChoiceList) {
        if text == current.text { return listGrew(list) }
        passes += 1
        let query = FilterQuery(text)
        defer {
            current.text = text
            compiled = CompiledQuery(current.query)
            ranks = sorts && current.query.groups.contains { $0.contains { !$0.negated } }
            rank(list)
        }
        if query == current.query { return Self.catchUp(&current, compiled, in: list, sorts: sorts) }
        guard !query.isEmpty else {
            earlier = []
            current = Matches(query: query, seen: list.count)
            return
        }
        if query.narrows(current.query) {
            if !current.query.isEmpty {
                Self.catchUp(&current, compiled, in: list, sorts: sorts)
                earlier.append(current)
                forgetOldest(budget: list.count * Self.keptIndicesPerChoice)
            }
            current = narrowed(current, to: query, in: list)
            return
        }
        while let last = earlier.last, !query.narrows(last.query) { earlier.removeLast() }
        if earlier.last?.query == query {
            current = earlier.removeLast()
            Self.catchUp(&current, CompiledQuery(query), in: list, sorts: sorts)
        } else if let base = earlier.last {
            current = narrowed(base, to: query, in: list)
        } else {
            current = narrowed(Matches(), to: query, in: list)
        }
    }

    /// Forgets the oldest kept matches (the widest queries', the largest) while more than
    /// `keptQueries` are kept or they hold more than `budget` indices.
    private mutating func forgetOldest(budget: Int) {
        var kept = earlier.reduce(0) { $0 + $1.indices.count }
        while let oldest = earlier.first, earlier.count > Self.keptQueries || kept > budget {
            kept -= oldest.indices.count
            earlier.removeFirst()
        }
    }

    /// The list grew (lines arrived while loading): filters only the new choices (from the count
    /// last seen), and places their matches in the order shown.
    package mutating func listGrew(_ list: ChoiceList) {
        let before = current.indices.count
        Self.catchUp(&current, compiled, in: list, sorts: sorts)
        guard ranks, current.indices.count > before else { return }
        var added = Self.entries(of: current, from: before, in: list)
        RankOrder.sort(&added)
        ranked = RankOrder.merge(ranked, added)
    }

    /// Number of matches (list.count when the query has no term).
    package var count: Int { current.count }

    /// The list index of the match shown at `position` (0-based).
    package func choice(at position: Int) -> Int {
        if current.query.isEmpty {
            precondition(position >= 0 && position < current.seen, "no match at this position")
            return position
        }
        return ranks ? RankOrder.index(ranked[position]) : Int(current.indices[position])
    }

    /// The list index of the match at `rank` in the list's order (0-based): what plain output lists.
    package func choice(inListOrderAt rank: Int) -> Int {
        current.query.isEmpty ? rank : Int(current.indices[rank])
    }

    /// The position at which list index `index` is shown, if it matches (used to keep the
    /// highlight on a choice): O(log n) in the list's order, O(n) ranked.
    package func position(of index: Int) -> Int? {
        if current.query.isEmpty { return index >= 0 && index < current.seen ? index : nil }
        guard let at = UInt32(exactly: index), let found = Self.search(at, in: current.indices) else { return nil }
        guard ranks else { return found }
        return ranked.firstIndex { RankOrder.index($0) == index }
    }

    /// Where `value` is in `sorted`, by bisection.
    private static func search(_ value: UInt32, in sorted: [UInt32]) -> Int? {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == value ? low : nil
    }

    /// Byte offsets into `label` of the characters the query matched, in the best alignment of
    /// each group's term that matched (for highlighting the visible rows only). Every byte of
    /// each matched UTF-8 character is included. Empty when the query has no term or no match.
    package func matchedBytes(in label: UnsafeRawBufferPointer) -> [Int] {
        Self.matchedBytes(compiled, in: label)
    }

    /// `matchedBytes(in:)` for a query given as typed.
    package static func matchedBytes(of query: [UInt8], in label: UnsafeRawBufferPointer) -> [Int] {
        matchedBytes(CompiledQuery(FilterQuery(query)), in: label)
    }

    private static func matchedBytes(_ compiled: CompiledQuery, in label: UnsafeRawBufferPointer) -> [Int] {
        guard !compiled.query.isEmpty, let base = label.baseAddress else { return [] }
        let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: label.count)
        return compiled.withMatcher { matcher in
            guard matcher.ignoresCase, TextFold.foldsBeyondASCII(bytes) else { return matcher.matchedBytes(bytes, start: 0, end: bytes.count) }
            return matcher.matchedBytes(bytes, start: 0, end: bytes.count, folded: matcher.folded(bytes, start: 0, end: bytes.count))
        }
    }

    /// The score of `label` under a query given as typed, or nil when it does not match (the
    /// ranking's first key; for tests and benchmarks).
    package static func score(of query: [UInt8], in label: UnsafeRawBufferPointer) -> Int? {
        let compiled = CompiledQuery(FilterQuery(query))
        return Array(label).withUnsafeBufferPointer { bytes in
            compiled.withMatcher { $0.evaluate(label: bytes, scoring: true) }.map { Int($0) }
        }
    }

    /// The score of each term of a query given as typed in `label`, by the general alignment
    /// (the one highlighting takes), nil for a term that does not match: what the quicker forms
    /// must agree with (for tests).
    package static func termScores(of query: [UInt8], in label: [UInt8]) -> [Int?] {
        let compiled = CompiledQuery(FilterQuery(query))
        return label.withUnsafeBufferPointer { bytes in
            compiled.withMatcher { matcher in
                matcher.terms.map { term in
                    var positions: [Int] = []
                    return matcher.positive(term, bytes, start: 0, end: bytes.count, scoring: true, record: &positions).map { Int($0) }
                }
            }
        }
    }

    // MARK: Filtering

    /// Orders the current matches (when the filter sorts).
    private mutating func rank(_ list: ChoiceList) {
        guard ranks else {
            ranked = []
            return
        }
        ranked = Self.entries(of: current, from: 0, in: list)
        RankOrder.sort(&ranked)
    }

    /// The `RankOrder` entries of the matches from `from` on, in the list's order.
    private static func entries(of matches: Matches, from: Int, in list: ChoiceList) -> [UInt64] {
        list.withStorage { storage in
            var entries: [UInt64] = []
            entries.reserveCapacity(matches.indices.count - from)
            for position in from..<matches.indices.count {
                let index = matches.indices[position]
                let (start, end) = storage.searched(Int(index))
                entries.append(RankOrder.entry(score: matches.scores[position], length: end - start, index: index))
            }
            return entries
        }
    }

    /// Filters the choices `matches` has not seen yet and adds those that match.
    private static func catchUp(_ matches: inout Matches, _ compiled: CompiledQuery, in list: ChoiceList, sorts: Bool) {
        let count = list.count
        guard count > matches.seen else { return }
        if !matches.query.isEmpty {
            compiled.withMatcher { matcher in
                list.withStorage { storage in
                    matcher.scan(matches.seen..<count, of: storage, scoring: sorts, into: &matches)
                }
            }
        }
        matches.seen = count
    }

    /// The matches of `query` among those of `base` (which it narrows), or of the whole list
    /// when `base` has no term.
    private func narrowed(_ base: Matches, to query: FilterQuery, in list: ChoiceList) -> Matches {
        var matches = Matches(query: query)
        let compiled = CompiledQuery(query)
        guard !base.query.isEmpty else {
            Self.catchUp(&matches, compiled, in: list, sorts: sorts)
            return matches
        }
        matches.seen = base.seen
        matches.indices.reserveCapacity(base.indices.count)
        if sorts { matches.scores.reserveCapacity(base.indices.count) }
        compiled.withMatcher { matcher in
            list.withStorage { storage in
                for index in base.indices { matcher.classify(Int(index), of: storage, scoring: sorts, into: &matches) }
            }
        }
        Self.catchUp(&matches, compiled, in: list, sorts: sorts)
        return matches
    }
}

extension QueryMatcher {
    /// Adds choice `index` to the matches if it matches, with its score.
    /// `hint`: where the label first holds the anchor term's first byte.
    @inline(__always)
    func classify(_ index: Int, of storage: ChoiceList.Storage, scoring: Bool, hint: Int? = nil,
                  into matches: inout ChoiceFilter.Matches) {
        let (start, end) = storage.searched(index)
        let found = if ignoresCase && storage.hasFoldable && storage.folds(index) {
            evaluate(storage.arena, start: start, end: end, scoring: scoring, folded: folded(storage.arena, start: start, end: end))
        } else {
            evaluate(storage.arena, start: start, end: end, scoring: scoring, hint: hint)
        }
        guard let score = found else { return }
        matches.indices.append(UInt32(index))
        if scoring { matches.scores.append(FilterScore.kept(score)) }
    }

    /// Classifies the choices in `range`. With a term every match holds (`anchor`), only those
    /// whose label has its first byte are looked at: the arena is scanned for that byte eight
    /// bytes at a time, across lines. A label that folds, when a term ignores case, is looked
    /// at on its own (folded, it may hold the byte where it does not as it lies).
    func scan(_ range: Range<Int>, of storage: ChoiceList.Storage, scoring: Bool, into matches: inout ChoiceFilter.Matches) {
        guard ignoresCase && storage.hasFoldable else { return scanAsLaid(range, of: storage, scoring: scoring, into: &matches) }
        var from = range.lowerBound
        while from < range.upperBound {
            let next = storage.nextFoldable(from: from, before: range.upperBound)
            scanAsLaid(from..<next, of: storage, scoring: scoring, into: &matches)
            guard next < range.upperBound else { return }
            classify(next, of: storage, scoring: scoring, into: &matches)
            from = next + 1
        }
    }

    /// `scan` over labels none of which folds (or when no term ignores case).
    private func scanAsLaid(_ range: Range<Int>, of storage: ChoiceList.Storage, scoring: Bool,
                            into matches: inout ChoiceFilter.Matches) {
        guard !range.isEmpty else { return }
        guard let anchor else {
            for index in range { classify(index, of: storage, scoring: scoring, into: &matches) }
            return
        }
        let first = pool[terms[anchor].start]
        let mask = masks[terms[anchor].start]
        let bytes = storage.arena
        let scanEnd = Int(storage.starts[range.upperBound])
        var index = range.lowerBound
        var position = storage.searched(index).start
        while true {
            let hit = Self.next(first, mask: mask, in: bytes, from: position, to: scanEnd)
            guard hit >= 0 else { return }
            while Int(storage.starts[index + 1]) <= hit { index += 1 }
            let start = storage.searched(index).start
            // A hit in a value, before the label.
            guard hit >= start else {
                position = start
                continue
            }
            classify(index, of: storage, scoring: scoring, hint: hit, into: &matches)
            index += 1
            guard index < range.upperBound else { return }
            position = storage.searched(index).start
        }
    }

    /// Where `first` (ORed with `mask` before comparing) next occurs in `bytes[start..<end]`; -1
    /// when it does not.
    @inline(__always)
    static func next(_ first: UInt8, mask: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard start < end, let base = bytes.baseAddress else { return -1 }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let firsts = UInt64(first) &* ones
        let masks = UInt64(mask) &* ones
        var position = start
        while position + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            // A zero byte where the byte is the first one; the lowest flagged byte is always one.
            let difference = (word | masks) ^ firsts
            let zeros = (difference &- ones) & ~difference & (ones << 7)
            if zeros != 0 { return position + zeros.trailingZeroBitCount >> 3 }
            position += 8
        }
        while position < end {
            if base[position] | mask == first { return position }
            position += 1
        }
        return -1
    }
}
