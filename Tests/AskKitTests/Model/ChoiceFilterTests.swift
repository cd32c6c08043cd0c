import AskModel
import Testing

/// Typing to filter the choices: which match, in what order, and that narrowing, going back
/// and lines arriving late all give what filtering the whole list from scratch gives.
struct ChoiceFilterTests {
    static func list(_ labels: [String]) -> ChoiceList {
        let list = ChoiceList()
        Array(labels.joined(separator: "\n").utf8).withUnsafeBytes { list.append(bytes: $0) }
        list.finish()
        return list
    }

    /// The labels shown, in order.
    static func shown(_ filter: ChoiceFilter, _ list: ChoiceList) -> [String] {
        (0..<filter.count).map { list.label(at: filter.choice(at: $0)) }
    }

    static func filtered(_ query: String, _ list: ChoiceList) -> ChoiceFilter {
        var filter = ChoiceFilter()
        filter.setQuery(Array(query.utf8), in: list)
        return filter
    }

    /// The rules written out plainly: contiguous when the label's bytes (A–Z folded unless the
    /// query has a capital) contain the query's, fuzzy when they contain each of its scalars'
    /// bytes in order, leftmost first.
    static func expected(_ query: String, _ labels: [[UInt8]]) -> [[UInt8]] {
        guard !query.isEmpty else { return labels }
        let sensitive = query.utf8.contains { (0x41...0x5A).contains($0) }
        func fold(_ bytes: [UInt8]) -> [UInt8] { sensitive ? bytes : bytes.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 } }
        func firstOccurrence(_ piece: [UInt8], in label: [UInt8], from: Int) -> Int? {
            guard label.count >= piece.count else { return nil }
            return (from..<max(from, label.count - piece.count + 1)).first { Array(label[$0..<$0 + piece.count]) == piece }
        }
        var contiguous: [[UInt8]] = []
        var fuzzy: [[UInt8]] = []
        for label in labels {
            let folded = fold(label)
            if firstOccurrence(Array(query.utf8), in: folded, from: 0) != nil {
                contiguous.append(label)
                continue
            }
            var from = 0
            var matches = true
            for scalar in query.unicodeScalars {
                let piece = Array(String(scalar).utf8)
                guard let found = firstOccurrence(piece, in: folded, from: from) else { matches = false; break }
                from = found + piece.count
            }
            if matches { fuzzy.append(label) }
        }
        return contiguous + fuzzy
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let labels: [String]
        let query: String
        let shown: [String]
        /// How many of them match in one piece.
        let contiguous: Int
        var testDescription: String { name }
    }

    static let fruit = ["apple", "Banana", "apricot", "grape", "pineapple", "Papaya", "a p p l e", "plea"]

    static let cases: [Case] = [
        Case(name: "an empty query shows everything", labels: fruit, query: "", shown: fruit, contiguous: 8),
        Case(name: "contiguous first, then fuzzy, each in list order", labels: fruit, query: "ple",
             shown: ["apple", "pineapple", "plea", "a p p l e"], contiguous: 3),
        Case(name: "fuzzy: the characters in order, anywhere", labels: fruit, query: "ape",
             shown: ["grape", "apple", "pineapple", "a p p l e"], contiguous: 1),
        Case(name: "lowercase ignores case", labels: fruit, query: "pa", shown: ["Papaya", "pineapple", "plea"], contiguous: 1),
        Case(name: "a capital makes it case-sensitive", labels: fruit, query: "Pa", shown: ["Papaya"], contiguous: 1),
        Case(name: "a capital anywhere in the query", labels: fruit, query: "anA", shown: [], contiguous: 0),
        Case(name: "a space is a character", labels: fruit, query: "p l", shown: ["a p p l e"], contiguous: 1),
        Case(name: "a space in a fuzzy match", labels: fruit, query: "a e", shown: ["a p p l e"], contiguous: 0),
        Case(name: "no match", labels: fruit, query: "xyz", shown: [], contiguous: 0),
        Case(name: "a multi-byte character matches itself", labels: ["café", "cafe", "CAFÉ", "écu"], query: "é",
             shown: ["café", "écu"], contiguous: 2),
        Case(name: "ASCII does not match a multi-byte character", labels: ["café", "cafe"], query: "cafe", shown: ["cafe"],
             contiguous: 1),
        Case(name: "non-ASCII is never folded", labels: ["café", "CAFÉ"], query: "CAFé", shown: [], contiguous: 0),
        Case(name: "multi-byte characters fuzzily", labels: ["日本語", "日語", "本日語"], query: "日語",
             shown: ["日語", "本日語", "日本語"], contiguous: 2),
        Case(name: "a character's bytes never match apart", labels: ["Ã©", "é", "xé"], query: "é", shown: ["é", "xé"],
             contiguous: 2),
        Case(name: "emoji", labels: ["🙂 smile", "🙃 upside", "smile"], query: "🙂s", shown: ["🙂 smile"], contiguous: 0),
        Case(name: "digits", labels: ["1", "12", "21", "102", "3"], query: "12", shown: ["12", "102"], contiguous: 1),
    ]

    @Test(arguments: cases)
    func matches(_ example: Case) {
        let list = Self.list(example.labels)
        let filter = Self.filtered(example.query, list)
        #expect(Self.shown(filter, list) == example.shown)
        #expect(filter.contiguousCount == example.contiguous)
        let labels = example.labels.map { Array($0.utf8) }
        #expect(Self.shown(filter, list).map { Array($0.utf8) } == Self.expected(example.query, labels))
    }

    /// Labels that are not UTF-8 only fail to match; nothing breaks.
    @Test func invalidUTF8InLabels() {
        let list = ChoiceList()
        let input: [UInt8] = [0xC3, 0x28, 0x0A, 0xFF, 0x61, 0x0A, 0xE2, 0x82, 0x0A, 0xC3, 0xA9, 0x0A, 0x80, 0x0A]
        input.withUnsafeBytes { list.append(bytes: $0) }
        for query in ["é", "(", "a", "€", "\u{FFFD}"] {
            let filter = Self.filtered(query, list)
            let shown = (0..<filter.count).map { index in list.withLabel(at: filter.choice(at: index)) { Array($0) } }
            let labels = (0..<list.count).map { index in list.withLabel(at: index) { Array($0) } }
            #expect(shown == Self.expected(query, labels), "\(query)")
        }
        #expect(Self.filtered("é", list).count == 1)
    }

    /// Queries typed one after another (each a step: a character typed, Backspace, or the query
    /// replaced), over labels that exercise case, multi-byte characters and fuzzy matches.
    static let sequences: [[String]] = [
        ["a", "ap", "app", "ap", "a", "", "a", "ap", "apl"],
        ["1", "12", "123", "12", "1", "13", "135", "13", "1"],
        ["1", "12", "123", "13", "135", "1", "14", "7", "77"],
        ["c", "ca", "caf", "café", "caf", "ca", "caF", "caFé", "caF", "ca", "c"],
        ["p", "pA", "pAp", "pA", "p", "pa", "pap"],
        ["é", "éc", "é", "", "ü", "üb"],
        ["a", "a ", "a p", "a pp", "a p", "a ", "a"],
        ["x", "xy", "", "ab", "abc", "b", "bc"],
        ["abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwxy", "a", "ab"],
        ["a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi", "abcdefghij", "abcdefghijk",
         "abcdefghijkl", "abcdefghijklm", "abcdefghijklmn", "abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopq",
         "abcdefghijklmnopqr", "abcdefghijklmnopqrs", "abcdefghijklmnopqr", "abcdefghijklmnopq", "abcdefghijklmnop",
         "abcdefghijklmno", "a", "ab"],
    ]

    static let labels: [String] = {
        var labels = fruit + ["café", "CAFÉ", "caFé", "Café au lait", "écu", "über", "Übung", "abcdefghijklmnopqrs",
                              "a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p-q-r-s", "zyxwvutsrqponmlkjihgfedcba", "xylophone", "pApaya"]
        labels += (1...400).map { String($0 * 7) }
        return labels
    }()

    /// Narrowing from the last query's matches and going back to kept ones give what filtering
    /// the whole list from scratch gives, at every step.
    @Test(arguments: sequences)
    func incremental(_ queries: [String]) {
        let list = Self.list(Self.labels)
        let labels = Self.labels.map { Array($0.utf8) }
        var filter = ChoiceFilter()
        for query in queries {
            filter.setQuery(Array(query.utf8), in: list)
            let shown = Self.shown(filter, list)
            #expect(shown == Self.shown(Self.filtered(query, list), list), "\(query)")
            #expect(shown.map { Array($0.utf8) } == Self.expected(query, labels), "\(query)")
            #expect(filter.query == Array(query.utf8))
        }
    }

    /// Lines arriving while a query is set (a few at a time, Backspace and typing in between)
    /// give what filtering the whole list gives.
    @Test(arguments: sequences)
    func listGrowing(_ queries: [String]) {
        let list = ChoiceList()
        let input = Array(Self.labels.joined(separator: "\r\n").utf8)
        var filter = ChoiceFilter()
        var from = 0
        for (step, query) in queries.enumerated() {
            let to = min(input.count, from + 37 + step * 11)
            input[from..<to].withUnsafeBytes { list.append(bytes: $0) }
            from = to
            if step % 2 == 0 { filter.listGrew(list) }
            filter.setQuery(Array(query.utf8), in: list)
            #expect(Self.shown(filter, list) == Self.shown(Self.filtered(query, list), list), "\(query)")
        }
        input[from...].withUnsafeBytes { list.append(bytes: $0) }
        list.finish()
        filter.listGrew(list)
        #expect(list.count == Self.labels.count)
        #expect(Self.shown(filter, list) == Self.shown(Self.filtered(queries.last!, list), list))
        // Back to every earlier query, kept or not, after the list grew.
        for query in queries.reversed() {
            filter.setQuery(Array(query.utf8), in: list)
            #expect(Self.shown(filter, list) == Self.shown(Self.filtered(query, list), list), "\(query)")
        }
    }

    /// When every choice matches every query typed, few of the earlier matches are kept (two
    /// indices a choice); going back past them filters the list again, to the same result.
    @Test func backspacePastWhatIsKept() {
        let list = Self.list([String](repeating: "aaaaaaaaaa", count: 50) + ["b", "ab"])
        let typed = (1...10).map { String(repeating: "a", count: $0) }
        var filter = ChoiceFilter()
        for query in typed + typed.reversed() + ["ab", "a"] {
            filter.setQuery(Array(query.utf8), in: list)
            #expect(Self.shown(filter, list) == Self.shown(Self.filtered(query, list), list), "\(query)")
        }
        #expect(filter.count == 51)
    }

    /// With an empty query the count follows the list as it grows.
    @Test func emptyQueryFollowsTheList() {
        let list = Self.list(["a", "b"])
        var filter = ChoiceFilter()
        filter.setQuery([], in: list)
        #expect(filter.count == 2)
        list.append(label: "c")
        filter.listGrew(list)
        #expect(filter.count == 3 && filter.choice(at: 2) == 2)
        #expect(filter.position(of: 2) == 2 && filter.position(of: 3) == nil)
    }

    /// `position(of:)` is where `choice(at:)` shows a choice, and nil for one that does not match.
    @Test func positionsAndChoicesAgree() {
        let list = Self.list(Self.labels)
        for query in ["", "a", "pe", "7", "14", "é"] {
            let filter = Self.filtered(query, list)
            var positions = [Int?](repeating: nil, count: list.count)
            for position in 0..<filter.count { positions[filter.choice(at: position)] = position }
            #expect((0..<list.count).map { filter.position(of: $0) } == positions, "\(query)")
        }
    }

    struct Highlight: Sendable, CustomTestStringConvertible {
        let query: String
        let label: [UInt8]
        let offsets: [Int]
        var testDescription: String { "\(query) in \(String(decoding: label, as: UTF8.self))" }

        init(_ query: String, _ label: String, _ offsets: [Int]) {
            self.init(query, Array(label.utf8), offsets)
        }

        init(_ query: String, _ label: [UInt8], _ offsets: [Int]) {
            self.query = query
            self.label = label
            self.offsets = offsets
        }
    }

    static let highlights: [Highlight] = [
        Highlight("", "apple", []),
        Highlight("pl", "apple", [2, 3]),
        Highlight("p", "apple", [1]),
        Highlight("PL", "apple", []),
        Highlight("pl", "APPLE", [2, 3]),
        Highlight("ae", "apple", [0, 4]),
        Highlight("ple", "pineapple", [6, 7, 8]),
        Highlight("pne", "pineapple", [0, 2, 3]),
        Highlight("é", "café", [3, 4]),
        Highlight("cé", "cxé", [0, 2, 3]),
        Highlight("日語", "日本語", [0, 1, 2, 6, 7, 8]),
        Highlight("🙂s", "🙂 smile", [0, 1, 2, 3, 5]),
        Highlight("xyz", "apple", []),
        Highlight("a b", "a b", [0, 1, 2]),
        Highlight("é", [0xC3, 0x28, 0xC3, 0xA9], [2, 3]),
        Highlight("a", [0xFF, 0x61], [1]),
        Highlight("ab", [], []),
    ]

    @Test(arguments: highlights)
    func matchedBytes(_ example: Highlight) {
        let offsets = example.label.withUnsafeBytes { ChoiceFilter.matchedBytes(of: Array(example.query.utf8), in: $0) }
        #expect(offsets == example.offsets)
    }
}
