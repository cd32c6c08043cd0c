import AskModel
import AskText

/// How well a term matches a label: a score, higher for what a person aims at when typing, and
/// the positions of the best alignment (for highlighting).
///
/// Each character of the term that matches earns `match`, and more where it lands:
///
/// - at the label's first character, `start`; at a word's first character, after a space
///   `afterSpace`, after a `/` `afterSlash`, after other punctuation (`-`, `_`, `.`, …)
///   `afterPunctuation`; at a capital after a lowercase letter, or a digit after what is not
///   one, `camelCase`; a punctuation character itself earns `afterPunctuation` (it was typed on
///   purpose); the term's first character earns its bonus twice;
/// - right after the character matched before it (a run), the most of its own bonus, the run's
///   (the best bonus of the run's characters so far) and `run`: a run that starts at a word
///   carries the word's bonus;
/// - a gap between two matched characters costs `gapStart` for its first byte and `gapByte`
///   for each other, however long.
///
/// A fuzzy term takes the alignment with the highest score (every one of its characters
/// placed, in order: a dynamic program over the bytes between the first place its first
/// character can go and the last place its last can go, O(label × term) there); a term in one
/// piece (`'`, `^`, `$`) the best of its occurrences, scored as a run. The matches are ordered by
/// the sum of their terms' scores, then the shorter label, then the list's order.
enum FilterScore {
    static let match: Int32 = 16
    static let start: Int32 = 12
    static let afterSpace: Int32 = 10
    static let afterSlash: Int32 = 9
    static let afterPunctuation: Int32 = 8
    static let camelCase: Int32 = 8
    static let inName: Int32 = 4
    static let run: Int32 = 4
    static let gapStart: Int32 = -3
    static let gapByte: Int32 = -1
    static let firstCharacterTimes: Int32 = 2

    /// Below any score: no alignment there.
    static let none: Int32 = Int32.min / 4

    /// What a byte is, for the bonuses: a lowercase or capital ASCII letter, a digit, a byte of a
    /// character beyond ASCII (taken for a letter), a space (or a control), a slash, other
    /// punctuation; and before the label's first byte, its start.
    enum Class: Int {
        case lower, upper, digit, letter, space, slash, punctuation, start
    }

    static func classOf(_ byte: UInt8) -> Class {
        if byte &- 0x61 < 26 { return .lower }
        if byte &- 0x41 < 26 { return .upper }
        if byte &- 0x30 < 10 { return .digit }
        if byte >= 0x80 { return .letter }
        if byte == 0x2F { return .slash }
        return byte <= 0x20 || byte == 0x7F ? .space : .punctuation
    }

    /// The bonus of a character of class `current` after one of class `previous`.
    static func bonus(after previous: Class, _ current: Class) -> Int32 {
        switch current {
        case .space, .slash, .punctuation, .start:
            return afterPunctuation
        case .lower, .upper, .digit, .letter:
            switch previous {
            case .start: return start
            case .space: return afterSpace
            case .slash: return afterSlash
            case .punctuation: return afterPunctuation
            case .lower: return current == .upper || current == .digit ? camelCase : 0
            case .upper, .letter: return current == .digit ? camelCase : 0
            case .digit: return 0
            }
        }
    }

    /// The most a character's bonus can be.
    static let mostBonus = max(start, afterSpace, afterSlash, afterPunctuation, camelCase)

    /// The score a key puts first: scores are kept as 16 bits, from this far below zero.
    static let bias: Int32 = 16384

    /// `score` as kept (clamped to 16 bits).
    static func kept(_ score: Int32) -> UInt16 {
        UInt16(min(max(score + bias, 0), 65535))
    }
}

/// A query made ready for matching: every term's bytes in one pool, so that a loop over the
/// labels reaches them through a few pointers (`withMatcher`).
struct CompiledQuery: Sendable {
    /// One term, as its bytes lie in the pool.
    struct Term: Sendable {
        var kind: FilterQuery.Kind
        var negated: Bool
        /// Its bytes: `pool[start..<end]`.
        var start: Int
        var end: Int
        /// Where each of its characters ends (in the pool): `characterEnds[firstCharacter..<endCharacter]`.
        var firstCharacter: Int
        var endCharacter: Int
        /// The term begins / ends with a space: the label's spaces there are not passed over.
        var keepsLeadingSpace: Bool
        var keepsTrailingSpace: Bool
        /// Every character is ASCII (a byte each): the alignment takes its quicker form.
        var isASCII: Bool
        /// It has no uppercase letter (smart case): it matches a label folded (`TextFold`).
        var ignoresCase: Bool
        /// What a character matched in a path's last component earns (`FilterScore.inName`): the
        /// last group's terms only (a path is typed from its directories to its name).
        var inName: Int32
    }

    let query: FilterQuery
    private(set) var pool: [UInt8] = []
    /// For each byte of the pool, what is ORed into a label's byte before comparing: 0x20 for a
    /// lowercase ASCII letter of a term that ignores case (so A matches a), else 0.
    private(set) var masks: [UInt8] = []
    private(set) var characterEnds: [Int] = []
    private(set) var terms: [Term] = []
    /// Where each group's terms end in `terms`.
    private(set) var groupEnds: [Int] = []
    /// A term every match holds (the one term of a group, not negated): its first byte is what
    /// a scan of the whole list looks for.
    private(set) var anchor: Int?
    /// A term ignores case: a label with letters beyond ASCII that fold is matched folded.
    private(set) var ignoresCase = false

    init(_ query: FilterQuery) {
        self.query = query
        for group in query.groups {
            for term in group {
                let start = pool.count
                let firstCharacter = characterEnds.count
                pool += term.text
                masks += term.text.map { !term.caseSensitive && $0 &- 0x61 < 26 ? 0x20 : 0 }
                var offset = 0
                while offset < term.text.count {
                    let lead = term.text[offset]
                    let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
                    let limit = min(offset + length, term.text.count)
                    offset += 1
                    while offset < limit && term.text[offset] & 0xC0 == 0x80 { offset += 1 }
                    characterEnds.append(start + offset)
                }
                let spaces = term.text.withUnsafeBufferPointer { text in
                    (Whitespace.length(in: text, at: 0) > 0, Whitespace.length(in: text, endingAt: text.count) > 0)
                }
                if anchor == nil && group.count == 1 && !term.negated { anchor = terms.count }
                terms.append(Term(kind: term.kind, negated: term.negated, start: start, end: pool.count,
                                  firstCharacter: firstCharacter, endCharacter: characterEnds.count,
                                  keepsLeadingSpace: spaces.0, keepsTrailingSpace: spaces.1,
                                  isASCII: term.text.allSatisfy { $0 < 0x80 }, ignoresCase: !term.caseSensitive,
                                  inName: groupEnds.count == query.groups.count - 1 ? FilterScore.inName : 0))
                ignoresCase = ignoresCase || !term.caseSensitive
            }
            groupEnds.append(terms.count)
        }
    }

    /// The longest term's characters.
    var mostCharacters: Int { terms.reduce(0) { max($0, $1.endCharacter - $1.firstCharacter) } }

    func withMatcher<R>(_ body: (QueryMatcher) -> R) -> R {
        let scratch = UnsafeMutablePointer<AlignmentScratch>.allocate(capacity: 1)
        scratch.initialize(to: AlignmentScratch(characters: mostCharacters))
        defer {
            scratch.pointee.release()
            scratch.deallocate()
        }
        return pool.withUnsafeBufferPointer { pool in
            masks.withUnsafeBufferPointer { masks in
                withUnsafeBuffers(characterEnds, terms, groupEnds) { ends, terms, groupEnds in
                    body(QueryMatcher(pool: pool, masks: masks, characterEnds: ends, terms: terms, groupEnds: groupEnds,
                                      anchor: anchor, ignoresCase: ignoresCase, scratch: scratch))
                }
            }
        }
    }
}

/// Memory the matching works in: the bonus tables; for the alignment, two rows of scores and of
/// run bonuses and the window's bonuses, grown to the widest window aligned, and for each
/// character of the term the first and last place it can go; a label folded, and where each of
/// its bytes came from.
struct AlignmentScratch {
    /// Each byte's `FilterScore.Class`.
    let classes: UnsafeMutablePointer<UInt8>
    /// The bonus of a byte of one class after one of another: `bonuses[previous * 8 + current]`.
    let bonuses: UnsafeMutablePointer<Int32>
    private(set) var width = 0
    private(set) var scores: UnsafeMutablePointer<Int32>
    private(set) var runs: UnsafeMutablePointer<Int32>
    private(set) var window: UnsafeMutablePointer<Int32>
    let earliest: UnsafeMutablePointer<Int>
    let latest: UnsafeMutablePointer<Int>
    private(set) var foldedCapacity = 0
    private(set) var folded: UnsafeMutablePointer<UInt8>
    private(set) var origins: UnsafeMutablePointer<Int32>

    init(characters: Int) {
        classes = .allocate(capacity: 256)
        for byte in 0..<256 { classes[byte] = UInt8(FilterScore.classOf(UInt8(byte)).rawValue) }
        bonuses = .allocate(capacity: 64)
        for previous in 0..<8 {
            for current in 0..<8 {
                bonuses[previous * 8 + current] = FilterScore.bonus(after: FilterScore.Class(rawValue: previous)!,
                                                                    FilterScore.Class(rawValue: current)!)
            }
        }
        scores = .allocate(capacity: 1)
        runs = .allocate(capacity: 1)
        window = .allocate(capacity: 1)
        earliest = .allocate(capacity: max(characters, 1))
        latest = .allocate(capacity: max(characters, 1))
        folded = .allocate(capacity: 1)
        origins = .allocate(capacity: 1)
    }

    /// Room for a label of `count` bytes folded.
    mutating func reserveFolded(_ count: Int) {
        guard 2 * count > foldedCapacity else { return }
        folded.deallocate()
        origins.deallocate()
        foldedCapacity = max(2 * count, foldedCapacity * 2, 64)
        folded = .allocate(capacity: foldedCapacity)
        origins = .allocate(capacity: foldedCapacity)
    }

    /// Room for two rows of `width` cells and the window's bonuses.
    @inline(__always)
    mutating func reserve(_ width: Int) {
        guard width > self.width else { return }
        scores.deallocate()
        runs.deallocate()
        window.deallocate()
        let grown = max(width, self.width * 2, 64)
        scores = .allocate(capacity: 2 * grown)
        runs = .allocate(capacity: 2 * grown)
        window = .allocate(capacity: grown)
        self.width = grown
    }

    func release() {
        classes.deallocate()
        bonuses.deallocate()
        scores.deallocate()
        runs.deallocate()
        window.deallocate()
        earliest.deallocate()
        latest.deallocate()
        folded.deallocate()
        origins.deallocate()
    }
}

/// Where the alignment records how it reached each cell, for the positions of the best one.
protocol AlignmentRecord {
    /// Starts the rows of a term of `characters` characters over `width` ends.
    mutating func begin(characters: Int, width: Int)
    /// Character `row` ends at `end` (relative to the window), after the one before it ended at `previous`.
    mutating func record(row: Int, end: Int, previous: Int)
}

/// Records nothing: the score alone.
struct NoRecord: AlignmentRecord {
    @inline(__always) mutating func begin(characters: Int, width: Int) {}
    @inline(__always) mutating func record(row: Int, end: Int, previous: Int) {}
}

/// Records every cell's way in.
struct WayTable: AlignmentRecord {
    var width = 0
    var previous: [Int32] = []

    mutating func begin(characters: Int, width: Int) {
        self.width = width
        previous = Array(repeating: -1, count: characters * width)
    }

    mutating func record(row: Int, end: Int, previous: Int) {
        self.previous[row * width + end] = Int32(previous)
    }
}

/// A compiled query's storage, for matching in loops (valid only inside `CompiledQuery.withMatcher`).
struct QueryMatcher {
    let pool: UnsafeBufferPointer<UInt8>
    let masks: UnsafeBufferPointer<UInt8>
    let characterEnds: UnsafeBufferPointer<Int>
    let terms: UnsafeBufferPointer<CompiledQuery.Term>
    let groupEnds: UnsafeBufferPointer<Int>
    let anchor: Int?
    let ignoresCase: Bool
    let scratch: UnsafeMutablePointer<AlignmentScratch>

    typealias Bytes = UnsafeBufferPointer<UInt8>

    /// The label `bytes[start..<end]` folded beyond ASCII (`TextFold`; ASCII letters are folded
    /// as they are compared): what the terms that ignore case match in a label that folds. Valid
    /// until the next label is folded; `scratch.origins` says where each byte came from.
    func folded(_ bytes: Bytes, start: Int, end: Int) -> Bytes {
        scratch.pointee.reserveFolded(end - start)
        let count = TextFold.fold(Bytes(rebasing: bytes[start..<end]), into: scratch.pointee.folded,
                                  origins: scratch.pointee.origins, asciiToo: false)
        return Bytes(start: scratch.pointee.folded, count: count)
    }

    /// The score of a whole label, folded for the terms that ignore case when it folds (for a
    /// label met alone: the list knows which of its labels fold).
    func evaluate(label bytes: Bytes, scoring: Bool) -> Int32? {
        guard ignoresCase, TextFold.foldsBeyondASCII(bytes) else { return evaluate(bytes, start: 0, end: bytes.count, scoring: scoring) }
        return evaluate(bytes, start: 0, end: bytes.count, scoring: scoring, folded: folded(bytes, start: 0, end: bytes.count))
    }

    /// Whether the pool's bytes `from..<to` occur at `position` of `bytes` (which has room for them).
    @inline(__always)
    func occurs(_ from: Int, _ to: Int, in bytes: Bytes, at position: Int) -> Bool {
        var offset = 0
        while from + offset < to {
            if bytes[position + offset] | masks[from + offset] != pool[from + offset] { return false }
            offset += 1
        }
        return true
    }

    /// Where the pool's bytes `from..<to` first occur in `bytes[start..<end]`; -1 when they do not.
    @inline(__always)
    func find(_ from: Int, _ to: Int, in bytes: Bytes, from start: Int, to end: Int) -> Int {
        let first = pool[from]
        let firstMask = masks[from]
        let last = end - (to - from)
        var position = start
        while position <= last {
            if bytes[position] | firstMask == first && occurs(from + 1, to, in: bytes, at: position + 1) { return position }
            position += 1
        }
        return -1
    }

    /// Where the pool's bytes `from..<to` last occur starting in `bytes[start...]` and ending by `end`; -1 when they do not.
    @inline(__always)
    func findLast(_ from: Int, _ to: Int, in bytes: Bytes, from start: Int, to end: Int) -> Int {
        let first = pool[from]
        let firstMask = masks[from]
        var position = end - (to - from)
        while position >= start {
            if bytes[position] | firstMask == first && occurs(from + 1, to, in: bytes, at: position + 1) { return position }
            position -= 1
        }
        return -1
    }

    /// The bonus of a character matched at `position` of a label starting at `labelStart`.
    @inline(__always)
    func bonus(_ bytes: Bytes, at position: Int, labelStart: Int) -> Int32 {
        let classes = scratch.pointee.classes
        let previous = position > labelStart ? Int(classes[Int(bytes[position - 1])]) : FilterScore.Class.start.rawValue
        return scratch.pointee.bonuses[previous &* 8 &+ Int(classes[Int(bytes[position])])]
    }

    /// Where the last component of a path in the label starts, looking no further back than
    /// `from`: after its last `/` (one that ends the label aside), else `from` (a label without a
    /// `/` is all name).
    @inline(__always)
    func nameStart(_ bytes: Bytes, from: Int, end: Int) -> Int {
        var position = end &- 1
        if position > from && bytes[position] == 0x2F { position &-= 1 }
        while position >= from && bytes[position] != 0x2F { position &-= 1 }
        return position &+ 1
    }

    // MARK: The whole query

    /// The score of the label `bytes[start..<end]` under the whole query, or nil when it does not
    /// match: the sum of its groups' scores, a group's that of its first term that matches (a
    /// negated term that matches, by not occurring, scores 0, and a later term that matches
    /// scores instead). `scoring`: false asks only whether it matches (the score is then 0).
    /// `hint`: where the label holds the first byte of the anchor term first (it holds none before).
    /// `folded`: the label folded (`folded(_:start:end:)`), which the terms that ignore case match
    /// instead, when it folds.
    @inline(__always)
    func evaluate(_ bytes: Bytes, start: Int, end: Int, scoring: Bool, hint: Int? = nil, folded: Bytes? = nil) -> Int32? {
        // One term (the usual query): straight to it.
        if terms.count == 1 {
            let term = terms[0]
            let (bytes, start, end, hint) = (term.ignoresCase ? folded : nil).map { ($0, 0, $0.count, nil as Int?) } ?? (bytes, start, end, hint)
            if term.kind == .fuzzy && term.isASCII && !term.negated {
                let found = asciiFuzzy(term, bytes, start: start, end: end, from: hint ?? start, scoring: scoring)
                return found == FilterScore.none ? nil : found
            }
            let found = positive(term, bytes, start: start, end: end, scoring: scoring && !term.negated, record: nil)
            return term.negated ? (found == nil ? 0 : nil) : found
        }
        var total: Int32 = 0
        var term = 0
        for groupEnd in groupEnds {
            var best: Int32?
            while term < groupEnd {
                let info = terms[term]
                term += 1
                let (bytes, start, end) = info.ignoresCase ? folded.map { ($0, 0, $0.count) } ?? (bytes, start, end) : (bytes, start, end)
                if info.negated {
                    if best == nil, positive(info, bytes, start: start, end: end, scoring: false, record: nil) == nil {
                        best = 0
                        if !scoring { break }
                    }
                } else if let found = positive(info, bytes, start: start, end: end, scoring: scoring, record: nil) {
                    best = found
                    break
                }
            }
            guard let best else { return nil }
            total &+= best
            term = groupEnd
        }
        return total
    }

    /// The byte offsets (from the label's start) of every character the query's terms matched,
    /// in their best alignments, in order: what is highlighted (of each group, the term that
    /// scored). Empty when it does not match. `folded`: as for `evaluate`; what matched there is
    /// highlighted where it came from.
    func matchedBytes(_ bytes: Bytes, start: Int, end: Int, folded: Bytes? = nil) -> [Int] {
        guard evaluate(bytes, start: start, end: end, scoring: false, folded: folded) != nil else { return [] }
        var offsets: [Int] = []
        var foldedOffsets: [Int] = []
        var term = 0
        for groupEnd in groupEnds {
            while term < groupEnd {
                let info = terms[term]
                term += 1
                guard !info.negated else { continue }
                let found = if info.ignoresCase, let folded {
                    positive(info, folded, start: 0, end: folded.count, scoring: true, record: &foldedOffsets)
                } else {
                    positive(info, bytes, start: start, end: end, scoring: true, record: &offsets)
                }
                if found != nil { break }
            }
            term = groupEnd
        }
        // Each folded byte highlights every byte of the character it came from.
        let label = Bytes(rebasing: bytes[start..<end])
        for folded in foldedOffsets {
            let origin = Int(scratch.pointee.origins[folded])
            offsets += (start + origin)..<(start + origin + TextFold.decode(label, at: origin).length)
        }
        var unique: [Int] = []
        for offset in offsets.sorted() where unique.last != offset - start { unique.append(offset - start) }
        return unique
    }

    // MARK: A term

    /// The score of a term that is not negated (whatever `term.negated` says), or nil when it
    /// does not match. `record`: where to put the byte positions of its best alignment.
    @inline(__always)
    func positive(_ term: CompiledQuery.Term, _ bytes: Bytes, start: Int, end: Int, scoring: Bool,
                  record: UnsafeMutablePointer<[Int]>?) -> Int32? {
        switch term.kind {
        case .fuzzy:
            let found = fuzzy(term, bytes, start: start, end: end, scoring: scoring, record: record)
            return found == FilterScore.none ? nil : found
        case .exact:
            return exact(term, bytes, start: start, end: end, scoring: scoring, record: record)
        case .prefix, .suffix, .equal:
            let from = term.kind == .suffix || term.keepsLeadingSpace ? start : start + Whitespace.leading(bytes, start, end)
            let to = term.kind == .prefix || term.keepsTrailingSpace ? end : end - Whitespace.trailing(bytes, from, end)
            let length = term.end - term.start
            guard to - from >= length else { return nil }
            if term.kind == .equal && to - from != length { return nil }
            let at = term.kind == .suffix ? to - length : from
            guard occurs(term.start, term.end, in: bytes, at: at) else { return nil }
            record?.pointee += Array(at..<(at + length))
            return scoring ? runScore(term, bytes, at: at, labelStart: start, end: end) : 0
        }
    }

    /// Swift's `inout` cannot be optional: a recorder's pointer, for `positive`.
    func positive(_ term: CompiledQuery.Term, _ bytes: Bytes, start: Int, end: Int, scoring: Bool,
                  record positions: inout [Int]) -> Int32? {
        withUnsafeMutablePointer(to: &positions) { positive(term, bytes, start: start, end: end, scoring: scoring, record: $0) }
    }

    /// The term in one piece: its best occurrence.
    @inline(__always)
    func exact(_ term: CompiledQuery.Term, _ bytes: Bytes, start: Int, end: Int, scoring: Bool,
               record: UnsafeMutablePointer<[Int]>?) -> Int32? {
        var at = find(term.start, term.end, in: bytes, from: start, to: end)
        guard at >= 0 else { return nil }
        guard scoring else { return 0 }
        var best = FilterScore.none
        var bestAt = at
        while at >= 0 {
            let score = runScore(term, bytes, at: at, labelStart: start, end: end)
            if score > best {
                best = score
                bestAt = at
            }
            at = find(term.start, term.end, in: bytes, from: at + 1, to: end)
        }
        record?.pointee += Array(bestAt..<(bestAt + term.end - term.start))
        return best
    }

    /// The score of the term's characters one after another from `at`: a run.
    @inline(__always)
    func runScore(_ term: CompiledQuery.Term, _ bytes: Bytes, at: Int, labelStart: Int, end: Int) -> Int32 {
        let name = nameStart(bytes, from: at, end: end)
        var position = at
        var run = bonus(bytes, at: position, labelStart: labelStart)
        var score = FilterScore.match + run * FilterScore.firstCharacterTimes
        var characterStart = term.start
        for character in term.firstCharacter..<term.endCharacter {
            let characterEnd = characterEnds[character]
            if character > term.firstCharacter {
                run = max(run, bonus(bytes, at: position, labelStart: labelStart))
                score += FilterScore.match + max(run, FilterScore.run)
            }
            if position >= name { score += term.inName }
            position += characterEnd - characterStart
            characterStart = characterEnd
        }
        return score
    }

    /// A fuzzy term: its characters in order, scored by the best alignment (see `FilterScore`);
    /// `FilterScore.none` when it does not match.
    @inline(__always)
    func fuzzy(_ term: CompiledQuery.Term, _ bytes: Bytes, start: Int, end: Int, scoring: Bool,
               record: UnsafeMutablePointer<[Int]>?) -> Int32 {
        let earliest = scratch.pointee.earliest
        let latest = scratch.pointee.latest
        let characters = term.endCharacter - term.firstCharacter
        // Each character at the first place it can go.
        var from = start
        var characterStart = term.start
        for character in 0..<characters {
            let characterEnd = characterEnds[term.firstCharacter + character]
            let found = find(characterStart, characterEnd, in: bytes, from: from, to: end)
            guard found >= 0 else { return FilterScore.none }
            earliest[character] = found
            from = found + characterEnd - characterStart
            characterStart = characterEnd
        }
        guard scoring else { return 0 }
        if characters == 1 { return single(term, bytes, start: start, end: end, from: earliest[0], record: record) }
        if term.isASCII && record == nil { return asciiFuzzy(term, bytes, start: start, end: end, from: earliest[0], scoring: true) }
        // And at the last (from the end, each before the next).
        var limit = end
        for character in stride(from: characters - 1, through: 0, by: -1) {
            let characterEnd = characterEnds[term.firstCharacter + character]
            let characterBegin = character == 0 ? term.start : characterEnds[term.firstCharacter + character - 1]
            let found = findLast(characterBegin, characterEnd, in: bytes, from: earliest[character], to: limit)
            latest[character] = found
            limit = found
        }
        if record == nil {
            var none = NoRecord()
            return align(term, bytes, labelStart: start, labelEnd: end, characters: characters, record: &none).score
        }
        var table = WayTable()
        let (score, last, base) = align(term, bytes, labelStart: start, labelEnd: end, characters: characters, record: &table)
        // Back from the best end of the last character.
        var positions: [Int] = []
        var endAt = last
        for character in stride(from: characters - 1, through: 0, by: -1) {
            let characterEnd = characterEnds[term.firstCharacter + character]
            let characterBegin = character == 0 ? term.start : characterEnds[term.firstCharacter + character - 1]
            let length = characterEnd - characterBegin
            positions += Array((base + endAt - length)..<(base + endAt))
            endAt = Int(table.previous[character * table.width + endAt])
        }
        record?.pointee += positions
        return score
    }

    /// `fuzzy` for a term of ASCII characters (a byte each), its score alone: the same alignment
    /// (`align`), in tighter loops. `from`: where to look for the first character (none is before).
    func asciiFuzzy(_ term: CompiledQuery.Term, _ bytes: Bytes, start: Int, end: Int, from: Int, scoring: Bool) -> Int32 {
        let none = FilterScore.none
        guard let label = bytes.baseAddress, let text = pool.baseAddress.map({ $0 + term.start }),
              let mask = masks.baseAddress.map({ $0 + term.start }) else { return none }
        let characters = term.end - term.start
        let earliest = scratch.pointee.earliest
        var position = from
        for character in 0..<characters {
            let (wanted, folded) = (text[character], mask[character])
            while position < end && label[position] | folded != wanted { position &+= 1 }
            guard position < end else { return none }
            earliest[character] = position
            position &+= 1
        }
        guard scoring else { return 0 }
        let classes = scratch.pointee.classes
        let bonuses = scratch.pointee.bonuses
        @inline(__always) func bonus(at position: Int) -> Int32 {
            let previous = position > start ? Int(classes[Int(label[position &- 1])]) : FilterScore.Class.start.rawValue
            return bonuses[previous &* 8 &+ Int(classes[Int(label[position])])]
        }
        let name = nameStart(bytes, from: earliest[0], end: end)
        if characters == 1 {
            // Its occurrence with the best bonus.
            let (wanted, folded) = (text[0], mask[0])
            @inline(__always) func worth(_ at: Int) -> Int32 {
                bonus(at: at) &* FilterScore.firstCharacterTimes &+ (at >= name ? term.inName : 0)
            }
            let most = FilterScore.mostBonus &* FilterScore.firstCharacterTimes &+ term.inName
            var best = worth(earliest[0])
            position = earliest[0] &+ 1
            while best < most && position < end {
                if label[position] | folded == wanted { best = max(best, worth(position)) }
                position &+= 1
            }
            return FilterScore.match &+ best
        }
        // The last character's last place bounds every row: a character goes no later than
        // leaves room for those after it.
        var last = end &- 1
        let (lastWanted, lastFolded) = (text[characters &- 1], mask[characters &- 1])
        while label[last] | lastFolded != lastWanted { last &-= 1 }
        let base = earliest[0]
        last &-= base
        scratch.pointee.reserve(last &+ 2)
        let rowWidth = scratch.pointee.width
        let window = label + base
        var previousScores = scratch.pointee.scores
        var previousRuns = scratch.pointee.runs
        var scores = previousScores + rowWidth
        var runs = previousRuns + rowWidth
        // Ends are a byte after the character: the row before ends in [previousLow, previousHigh].
        var high = last &- (characters &- 1)
        var (wanted, folded) = (text[0], mask[0])
        for at in 0...high {
            guard window[at] | folded == wanted else {
                scores[at &+ 1] = none
                continue
            }
            let bonus = bonus(at: base &+ at)
            scores[at &+ 1] = FilterScore.match &+ bonus &* FilterScore.firstCharacterTimes &+ (base &+ at >= name ? term.inName : 0)
            runs[at &+ 1] = bonus
        }
        var previousLow = 1
        var best = none
        for character in 1..<characters {
            swap(&scores, &previousScores)
            swap(&runs, &previousRuns)
            let previousHigh = high &+ 1
            let low = earliest[character] &- base
            high &+= 1
            (wanted, folded) = (text[character], mask[character])
            var gap = none
            for at in previousLow...high {
                if at > previousLow {
                    let before = at &- 1 <= previousHigh ? previousScores[at &- 1] : none
                    gap = max(gap &+ FilterScore.gapByte, before &+ FilterScore.gapStart)
                }
                guard at >= low else { continue }
                guard window[at] | folded == wanted else {
                    scores[at &+ 1] = none
                    continue
                }
                let bonus = bonus(at: base &+ at)
                var score = gap &+ FilterScore.match &+ bonus
                var run = bonus
                if at <= previousHigh, previousScores[at] > none / 2 {
                    let carried = max(previousRuns[at], bonus)
                    let consecutive = previousScores[at] &+ FilterScore.match &+ max(carried, FilterScore.run)
                    if consecutive >= score {
                        score = consecutive
                        run = carried
                    }
                }
                if base &+ at >= name { score &+= term.inName }
                scores[at &+ 1] = score
                runs[at &+ 1] = run
                best = max(best, score)
            }
            // Cells of this row before `low` are never written: the next row reads from `low` on.
            previousLow = low &+ 1
            if character < characters &- 1 { best = none }
        }
        return best
    }

    /// A term of one character: its occurrence with the best bonus, from its first at `from`.
    @inline(__always)
    func single(_ term: CompiledQuery.Term, _ bytes: Bytes, start: Int, end: Int, from: Int,
                record: UnsafeMutablePointer<[Int]>?) -> Int32 {
        let name = nameStart(bytes, from: from, end: end)
        @inline(__always) func worth(_ at: Int) -> Int32 {
            bonus(bytes, at: at, labelStart: start) * FilterScore.firstCharacterTimes + (at >= name ? term.inName : 0)
        }
        var at = from
        var best = worth(at)
        var bestAt = at
        while best < FilterScore.mostBonus * FilterScore.firstCharacterTimes + term.inName {
            at = find(term.start, term.end, in: bytes, from: at + 1, to: end)
            guard at >= 0 else { break }
            let here = worth(at)
            if here > best {
                best = here
                bestAt = at
            }
        }
        record?.pointee += Array(bestAt..<(bestAt + term.end - term.start))
        return FilterScore.match + best
    }

    /// The best alignment of the term's characters between the places they can go
    /// (`scratch.earliest`, `scratch.latest`): its score, where its last character ends and the
    /// window's first byte (ends are relative to it).
    ///
    /// Row by row, a character's cell at each end holds the best score of the characters up
    /// to it ending there: reached from the character before it ending just where it starts
    /// (a run), or earlier (a gap, whose cost grows with its length: the best of those is carried
    /// along the row, a byte less each step).
    @inline(__always)
    func align<Record: AlignmentRecord>(_ term: CompiledQuery.Term, _ bytes: Bytes, labelStart: Int, labelEnd: Int, characters: Int,
                                        record: inout Record) -> (score: Int32, end: Int, base: Int) {
        let earliest = scratch.pointee.earliest
        let latest = scratch.pointee.latest
        let none = FilterScore.none
        let base = earliest[0]
        let lastLength = characterEnds[term.endCharacter - 1] - characterEnds[term.endCharacter - 2]
        let width = latest[characters - 1] + lastLength - base + 1
        scratch.pointee.reserve(width)
        record.begin(characters: characters, width: width)
        let rowWidth = scratch.pointee.width
        var previousScores = scratch.pointee.scores
        var previousRuns = scratch.pointee.runs
        var scores = previousScores + rowWidth
        var runs = previousRuns + rowWidth
        // Each byte's bonus, once: the rows look at them again.
        let bonuses = scratch.pointee.window
        for at in 0..<(width - lastLength) { bonuses[at] = bonus(bytes, at: base + at, labelStart: labelStart) }
        let name = nameStart(bytes, from: base, end: labelEnd) - base
        var characterStart = term.start
        // The ends the row before can have: [previousLow, previousHigh].
        var previousLow = 0
        var previousHigh = -1
        for character in 0..<characters {
            let characterEnd = characterEnds[term.firstCharacter + character]
            let length = characterEnd - characterStart
            let low = earliest[character] - base
            let high = latest[character] - base
            for end in (low + length)...(high + length) { scores[end] = none }
            if character == 0 {
                for at in low...high where occurs(characterStart, characterEnd, in: bytes, at: base + at) {
                    let bonus = bonuses[at]
                    scores[at + length] = FilterScore.match + bonus * FilterScore.firstCharacterTimes + (at >= name ? term.inName : 0)
                    runs[at + length] = bonus
                    record.record(row: 0, end: at + length, previous: -1)
                }
            } else {
                var gap = none
                var gapFrom = -1
                for at in previousLow...high {
                    // The best way in after a gap: the character before ended before `at`.
                    if at > previousLow {
                        let before = at - 1 <= previousHigh ? previousScores[at - 1] : none
                        if before + FilterScore.gapStart >= gap + FilterScore.gapByte {
                            gap = before + FilterScore.gapStart
                            gapFrom = at - 1
                        } else {
                            gap += FilterScore.gapByte
                        }
                    }
                    guard at >= low, occurs(characterStart, characterEnd, in: bytes, at: base + at) else { continue }
                    let bonus = bonuses[at]
                    var best = gap > none / 2 ? gap + FilterScore.match + bonus : none
                    var run = bonus
                    var from = gapFrom
                    if at <= previousHigh && previousScores[at] > none / 2 {
                        let carried = max(previousRuns[at], bonus)
                        let consecutive = previousScores[at] + FilterScore.match + max(carried, FilterScore.run)
                        if consecutive >= best {
                            best = consecutive
                            run = carried
                            from = at
                        }
                    }
                    if at >= name { best += term.inName }
                    scores[at + length] = best
                    runs[at + length] = run
                    if best > none / 2 { record.record(row: character, end: at + length, previous: from) }
                }
            }
            previousLow = low + length
            previousHigh = high + length
            swap(&scores, &previousScores)
            swap(&runs, &previousRuns)
            characterStart = characterEnd
        }
        var best = none
        var bestEnd = previousLow
        for end in previousLow...previousHigh where previousScores[end] > best {
            best = previousScores[end]
            bestEnd = end
        }
        return (best, bestEnd, base)
    }
}

/// Spaces around a label, as prefix and suffix terms pass over them: ASCII's, and Unicode's other
/// white space (U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000).
enum Whitespace {
    /// The bytes of the white space character at `position`, or 0.
    @inline(__always)
    static func length(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int {
        guard position < bytes.count else { return 0 }
        let byte = bytes[position]
        if byte == 0x20 || byte &- 0x09 < 5 { return 1 }
        guard byte >= 0xC2, position + 1 < bytes.count else { return 0 }
        let second = bytes[position + 1]
        if byte == 0xC2 { return second == 0x85 || second == 0xA0 ? 2 : 0 }
        guard position + 2 < bytes.count else { return 0 }
        let third = bytes[position + 2]
        switch (byte, second) {
        case (0xE1, 0x9A): return third == 0x80 ? 3 : 0
        case (0xE2, 0x80): return third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF ? 3 : 0
        case (0xE2, 0x81): return third == 0x9F ? 3 : 0
        case (0xE3, 0x80): return third == 0x80 ? 3 : 0
        default: return 0
        }
    }

    /// The bytes of the white space character ending at `end`, or 0.
    @inline(__always)
    static func length(in bytes: UnsafeBufferPointer<UInt8>, endingAt end: Int) -> Int {
        for length in 1...3 where end - length >= 0 {
            if Self.length(in: bytes, at: end - length) == length { return length }
        }
        return 0
    }

    /// The white space at the start of `bytes[start..<end]`, in bytes.
    static func leading(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var position = start
        while position < end {
            let length = Self.length(in: bytes, at: position)
            guard length > 0, position + length <= end else { break }
            position += length
        }
        return position - start
    }

    /// The white space at the end of `bytes[start..<end]`, in bytes.
    static func trailing(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var position = end
        while position > start {
            let length = Self.length(in: bytes, endingAt: position)
            guard length > 0, position - length >= start else { break }
            position -= length
        }
        return end - position
    }
}
