/// Which choices match the query, in the order shown: those containing the query as one
/// contiguous piece first, then those that contain its characters in order (fuzzy), each group
/// in list order. Case-insensitive unless the query has a capital letter (smart case). An empty
/// query matches everything (without materialising an index array).
///
/// The query is a sequence of UTF-8 characters; a label matches fuzzily when each of them occurs
/// in the label's bytes in order, each as a contiguous byte sequence (so a multi-byte character
/// never matches across characters). Ignoring case folds ASCII A–Z only; any ASCII capital in
/// the query makes the whole query case-sensitive. A space is a character like any other (the
/// query is one piece, not words). Invalid UTF-8 in a label only fails to match what it does not
/// contain; bytes of the query that are not UTF-8 are characters of one byte each.
///
/// The filter follows one list: after the list grows, `listGrew` (or `setQuery`) brings it up to
/// date; until then `count` and the matches are those of the choices it has seen.
package struct ChoiceFilter: Sendable {
    /// The matches of one query.
    struct Matches: Sendable {
        var query: [UInt8] = []
        /// The choices containing the query in one piece, in list order.
        var contiguous: [UInt32] = []
        /// The others that contain its characters in order, in list order.
        var fuzzy: [UInt32] = []
        /// How many of the list's choices were looked at.
        var seen = 0

        var count: Int { query.isEmpty ? seen : contiguous.count + fuzzy.count }
    }

    /// The matches shown.
    private var current = Matches()
    /// The matches of shorter queries, each a prefix of the current one, shortest first: what
    /// Backspace goes back to, and what a query typed again after it narrows.
    private var earlier: [Matches] = []
    /// How many shorter queries' matches are kept at the most (the oldest go first), and how
    /// many indices they hold together at the most, for each choice of the list.
    static let keptQueries = 16
    static let keptIndicesPerChoice = 2

    package init() {}

    /// UTF-8 bytes of the query.
    package var query: [UInt8] { current.query }

    /// Whether the query has an ASCII capital, so case counts.
    package var isCaseSensitive: Bool { Pattern.isCaseSensitive(current.query) }

    /// Sets the query and filters `list`. A query that extends the last one examines only the
    /// last one's matches (a capital typed makes the query case-sensitive, which only narrows);
    /// a shorter one (Backspace) takes back the matches kept for it, or narrows those of a kept
    /// prefix of it, else filters the whole list.
    package mutating func setQuery(_ query: [UInt8], in list: ChoiceList) {
        if query == current.query { return listGrew(list) }
        guard !query.isEmpty else {
            earlier = []
            current = Matches(seen: list.count)
            return
        }
        if query.starts(with: current.query) {
            if !current.query.isEmpty {
                Self.catchUp(&current, in: list)
                earlier.append(current)
                forgetOldest(budget: list.count * Self.keptIndicesPerChoice)
            }
            current = Self.narrowed(current, to: query, in: list)
            return
        }
        while let last = earlier.last, !query.starts(with: last.query) { earlier.removeLast() }
        if earlier.last?.query == query {
            current = earlier.removeLast()
            Self.catchUp(&current, in: list)
        } else if var base = earlier.popLast() {
            Self.catchUp(&base, in: list)
            earlier.append(base)
            current = Self.narrowed(base, to: query, in: list)
        } else {
            current = Self.narrowed(Matches(), to: query, in: list)
        }
    }

    /// Forgets the oldest kept matches (the shortest queries', the largest) while more than
    /// `keptQueries` are kept or they hold more than `budget` indices.
    private mutating func forgetOldest(budget: Int) {
        var kept = earlier.reduce(0) { $0 + $1.contiguous.count + $1.fuzzy.count }
        while let oldest = earlier.first, earlier.count > Self.keptQueries || kept > budget {
            kept -= oldest.contiguous.count + oldest.fuzzy.count
            earlier.removeFirst()
        }
    }

    /// The list grew (lines arrived while loading): filters only the new choices (from the count
    /// last seen) and adds the matches to their groups.
    package mutating func listGrew(_ list: ChoiceList) {
        Self.catchUp(&current, in: list)
    }

    /// Number of matches (list.count when the query is empty).
    package var count: Int { current.count }

    /// How many of the matches contain the query in one piece: they are shown first, at the
    /// positions below this.
    package var contiguousCount: Int { current.query.isEmpty ? current.seen : current.contiguous.count }

    /// The list index of the match shown at `position` (0-based).
    package func choice(at position: Int) -> Int {
        if current.query.isEmpty {
            precondition(position >= 0 && position < current.seen, "no match at this position")
            return position
        }
        let contiguous = current.contiguous.count
        return Int(position < contiguous ? current.contiguous[position] : current.fuzzy[position - contiguous])
    }

    /// The position at which list index `index` is shown, if it matches (used to keep the
    /// highlight on the same choice when the query changes): O(log n).
    package func position(of index: Int) -> Int? {
        if current.query.isEmpty { return index >= 0 && index < current.seen ? index : nil }
        guard index >= 0 && index <= Int(UInt32.max) else { return nil }
        if let found = Self.search(UInt32(index), in: current.contiguous) { return found }
        return Self.search(UInt32(index), in: current.fuzzy).map { current.contiguous.count + $0 }
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

    /// Byte offsets into `label` of the characters that matched `query` (for highlighting the
    /// visible rows only): for a contiguous match, the first occurrence's bytes; for a fuzzy
    /// one, the leftmost greedy match. Every byte of each matched UTF-8 character is included.
    /// Empty when query is empty or no match.
    package static func matchedBytes(of query: [UInt8], in label: UnsafeRawBufferPointer) -> [Int] {
        guard !query.isEmpty, let base = label.baseAddress else { return [] }
        let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: label.count)
        return Pattern(query).withMatcher { matcher in
            var offsets: [Int] = []
            let whole = matcher.find(0, matcher.query.count, in: bytes, from: 0, to: bytes.count)
            if whole >= 0 {
                offsets.append(contentsOf: whole..<whole + matcher.query.count)
                return offsets
            }
            var from = 0
            var characterStart = 0
            for characterEnd in matcher.characterEnds {
                let found = matcher.find(characterStart, characterEnd, in: bytes, from: from, to: bytes.count)
                guard found >= 0 else { return [] }
                from = found + characterEnd - characterStart
                offsets.append(contentsOf: found..<from)
                characterStart = characterEnd
            }
            return offsets
        }
    }

    // MARK: Filtering

    /// Filters the choices `matches` has not seen yet and adds those that match.
    private static func catchUp(_ matches: inout Matches, in list: ChoiceList) {
        let count = list.count
        guard count > matches.seen else { return }
        if !matches.query.isEmpty {
            Pattern(matches.query).withMatcher { matcher in
                list.withStorage { storage in
                    matcher.scan(matches.seen..<count, of: storage, into: &matches)
                }
            }
        }
        matches.seen = count
    }

    /// The matches of `query` among those of `base` (a prefix of it: whatever matches `query`
    /// matches it too, as one piece or in order, and with case ignored when `query` ignores it).
    private static func narrowed(_ base: Matches, to query: [UInt8], in list: ChoiceList) -> Matches {
        var matches = Matches(query: query)
        guard !base.query.isEmpty else {
            catchUp(&matches, in: list)
            return matches
        }
        matches.seen = base.seen
        Pattern(query).withMatcher { matcher in
            list.withStorage { storage in
                base.contiguous.withUnsafeBufferPointer { contiguous in
                    base.fuzzy.withUnsafeBufferPointer { fuzzy in
                        // Both groups of the base, merged back into list order.
                        var (c, f) = (0, 0)
                        while c < contiguous.count || f < fuzzy.count {
                            let index: UInt32
                            if f == fuzzy.count || c < contiguous.count && contiguous[c] < fuzzy[f] {
                                index = contiguous[c]
                                c += 1
                            } else {
                                index = fuzzy[f]
                                f += 1
                            }
                            matcher.classify(Int(index), of: storage, into: &matches)
                        }
                    }
                }
            }
        }
        return matches
    }
}

/// A query made ready for matching.
struct Pattern {
    let query: [UInt8]
    /// For each byte of the query, what is ORed into a label's byte before comparing: 0x20 for a
    /// lowercase ASCII letter when case is ignored (so A matches a), else 0.
    let masks: [UInt8]
    /// Where each character of the query ends: a lead byte and the continuation bytes that
    /// follow it, as many as it announces at the most; any other byte on its own.
    let characterEnds: [Int]

    init(_ query: [UInt8]) {
        self.query = query
        let ignoresCase = !Self.isCaseSensitive(query)
        masks = query.map { ignoresCase && $0 &- 0x61 < 26 ? 0x20 : 0 }
        var ends: [Int] = []
        var offset = 0
        while offset < query.count {
            let lead = query[offset]
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
            let limit = min(offset + length, query.count)
            offset += 1
            while offset < limit && query[offset] & 0xC0 == 0x80 { offset += 1 }
            ends.append(offset)
        }
        characterEnds = ends
    }

    static func isCaseSensitive(_ query: [UInt8]) -> Bool {
        query.contains { $0 &- 0x41 < 26 }
    }

    func withMatcher<R>(_ body: (Matcher) -> R) -> R {
        withUnsafeBuffers(query, masks, characterEnds) { body(Matcher(query: $0, masks: $1, characterEnds: $2)) }
    }
}

/// A pattern's storage, for matching in loops (valid only inside `Pattern.withMatcher`).
struct Matcher {
    let query: UnsafeBufferPointer<UInt8>
    let masks: UnsafeBufferPointer<UInt8>
    let characterEnds: UnsafeBufferPointer<Int>

    /// Where the query's bytes `from..<to` first occur in `bytes[start..<end]`, at or after
    /// `start`; -1 when they do not.
    @inline(__always)
    func find(_ from: Int, _ to: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        let first = query[from]
        let firstMask = masks[from]
        let last = end - (to - from)
        var position = start
        while position <= last {
            if bytes[position] | firstMask == first {
                var offset = 1
                while from + offset < to && bytes[position + offset] | masks[from + offset] == query[from + offset] {
                    offset += 1
                }
                if from + offset == to { return position }
            }
            position += 1
        }
        return -1
    }

    /// Adds choice `index` to the group it matches in, if any.
    @inline(__always)
    func classify(_ index: Int, of storage: ChoiceList.Storage, into matches: inout ChoiceFilter.Matches) {
        let (start, end) = storage.label(index)
        classify(index, searchingFrom: start, to: end, in: storage.arena, into: &matches)
    }

    /// Adds choice `index`, whose label ends at `end` and has no match of the query's first
    /// byte before `start`, to the group it matches in, if any.
    @inline(__always)
    func classify(_ index: Int, searchingFrom start: Int, to end: Int, in bytes: UnsafeBufferPointer<UInt8>,
                  into matches: inout ChoiceFilter.Matches) {
        guard end - start >= query.count else { return }
        let firstEnd = characterEnds[0]
        let first = find(0, firstEnd, in: bytes, from: start, to: end)
        guard first >= 0 else { return }
        if find(0, query.count, in: bytes, from: first, to: end) >= 0 {
            matches.contiguous.append(UInt32(index))
            return
        }
        var from = first + firstEnd
        var characterStart = firstEnd
        for character in 1..<characterEnds.count {
            let characterEnd = characterEnds[character]
            let found = find(characterStart, characterEnd, in: bytes, from: from, to: end)
            guard found >= 0 else { return }
            from = found + characterEnd - characterStart
            characterStart = characterEnd
        }
        matches.fuzzy.append(UInt32(index))
    }

    /// Classifies the choices in `range`, looking only at those whose label has the query's
    /// first byte: the arena is scanned for that byte eight bytes at a time, across lines.
    func scan(_ range: Range<Int>, of storage: ChoiceList.Storage, into matches: inout ChoiceFilter.Matches) {
        guard !range.isEmpty else { return }
        let bytes = storage.arena
        let scanEnd = Int(storage.starts[range.upperBound])
        var index = range.lowerBound
        var position = storage.label(index).start
        while true {
            let hit = nextFirstByte(in: bytes, from: position, to: scanEnd)
            guard hit >= 0 else { return }
            while Int(storage.starts[index + 1]) <= hit { index += 1 }
            let (start, end) = storage.label(index)
            // A hit in a value, before the label.
            guard hit >= start else {
                position = start
                continue
            }
            classify(index, searchingFrom: hit, to: end, in: bytes, into: &matches)
            index += 1
            guard index < range.upperBound else { return }
            position = storage.label(index).start
        }
    }

    /// Where the query's first byte (case ignored as it says) next occurs in `bytes[start..<end]`;
    /// -1 when it does not.
    @inline(__always)
    func nextFirstByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard start < end, let base = bytes.baseAddress else { return -1 }
        let first = query[0]
        let mask = masks[0]
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
