import AskChoices
import AskFields
import AskGauge
import AskModel
import AskRender
import AskSession
import AskLayout
import AskText
import AskKit
import AskPresentation
import AskTextBox
import TestSupport
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

    /// The labels `PlainFilter` (the syntax written out plainly) says match, in list order.
    static func expected(_ query: String, _ labels: [[UInt8]]) -> [[UInt8]] {
        labels.filter { PlainFilter.matches(Array(query.utf8), $0) }
    }

    /// A list, a query, and the labels shown, in order.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let labels: [String]
        let query: String
        let shown: [String]
        var sorts = true
        var testDescription: String { name }
    }

    static let fruit = ["apple", "Banana", "apricot", "grape", "pineapple", "Papaya", "a p p l e", "plea"]

    static let cases: [Case] = [
        Case(name: "an empty query shows everything, in list order", labels: fruit, query: "", shown: fruit),
        Case(name: "spaces alone filter nothing", labels: fruit, query: "   ", shown: fruit),
        Case(name: "the start of the label first, then a word's start, then a run", labels: fruit, query: "ple",
             shown: ["plea", "a p p l e", "pineapple", "apple"]),
        Case(name: "fuzzy: the characters in order, anywhere", labels: fruit, query: "ape",
             shown: ["a p p l e", "apple", "grape", "pineapple"]),
        Case(name: "lowercase ignores case", labels: fruit, query: "pa", shown: ["Papaya", "plea", "pineapple"]),
        Case(name: "a capital makes it case-sensitive", labels: fruit, query: "Pa", shown: ["Papaya"]),
        Case(name: "a capital anywhere in the term", labels: fruit, query: "anA", shown: []),
        Case(name: "terms must all match, in any order", labels: fruit, query: "p l", shown: ["a p p l e", "plea", "pineapple", "apple"]),
        Case(name: "an escaped space is a character", labels: fruit, query: "a\\ p", shown: ["a p p l e"]),
        Case(name: "no match", labels: fruit, query: "xyz", shown: []),
        Case(name: "^: at the start", labels: fruit, query: "^p", shown: ["plea", "Papaya", "pineapple"]),
        Case(name: "$: at the end", labels: fruit, query: "e$", shown: ["a p p l e", "apple", "grape", "pineapple"]),
        Case(name: "': in one piece", labels: fruit, query: "'pp", shown: ["apple", "pineapple"]),
        Case(name: "^…$: the whole label", labels: fruit + ["grape "], query: "^grape$", shown: ["grape", "grape "]),
        Case(name: "!: must not hold it", labels: fruit, query: "!p", shown: ["Banana"]),
        Case(name: "a negated term alone keeps the list's order", labels: fruit, query: "!ap", shown: ["Banana", "a p p l e", "plea"]),
        Case(name: "| : either term", labels: fruit, query: "ap | gr", shown: ["apple", "apricot", "a p p l e", "grape", "Papaya", "pineapple"]),
        Case(name: "a term and a negated one", labels: fruit, query: "ap !pine", shown: ["apple", "apricot", "a p p l e", "grape", "Papaya"]),
        Case(name: "the name itself before longer ones holding it, and before it inside a word", labels: ["rvim", "vimdiff", "vim", "gvim"],
             query: "vim", shown: ["vim", "vimdiff", "rvim", "gvim"]),
        Case(name: "the start of a name before a word inside one",
             labels: ["activate-global-python-argcomplete", "python3", "pythonic", "python3.11"], query: "pyth",
             shown: ["python3", "pythonic", "python3.11", "activate-global-python-argcomplete"]),
        Case(name: "the start before the inside of a word", labels: ["expect_rlogin-cwd", "git", "gitk"], query: "gi",
             shown: ["git", "gitk", "expect_rlogin-cwd"]),
        Case(name: "initials: the starts of words, camelCase's too", labels: ["goodUpperPart", "git-upload-pack", "gup", "groupUp"],
             query: "gup", shown: ["gup", "goodUpperPart", "git-upload-pack", "groupUp"]),
        Case(name: "a path's name before its directories", labels: ["/usr/share/vim/doc", "/usr/bin/vimdiff", "/opt/vim/bin/ex"],
             query: "vim", shown: ["/usr/bin/vimdiff", "/opt/vim/bin/ex", "/usr/share/vim/doc"]),
        Case(name: "a gap costs more the longer it is", labels: ["a-------b", "a--b", "a----b"], query: "ab",
             shown: ["a--b", "a----b", "a-------b"]),
        Case(name: "ties: the shorter first, then the list's order", labels: ["abcd", "abc", "abce", "ab"], query: "ab",
             shown: ["ab", "abc", "abcd", "abce"]),
        Case(name: "--no-sort: the list's order", labels: fruit, query: "ple",
             shown: ["apple", "pineapple", "a p p l e", "plea"], sorts: false),
        Case(name: "a multi-byte character matches itself, and its capital", labels: ["café", "cafe", "CAFÉ", "écu"], query: "é",
             shown: ["écu", "café", "CAFÉ"]),
        Case(name: "ASCII does not match a multi-byte character", labels: ["café", "cafe"], query: "cafe", shown: ["cafe"]),
        Case(name: "a capital makes the term case-sensitive, beyond ASCII too", labels: ["café", "CAFÉ"], query: "CAFé", shown: []),
        // Case beyond ASCII, as fzf folds it (smart case: an uppercase letter of any script makes
        // the term case-sensitive; a term without one matches every letter in either case).
        Case(name: "a term without a capital folds letters beyond ASCII", labels: ["Über", "über", "ÜBER", "Uber"], query: "über",
             shown: ["Über", "über", "ÜBER"]),
        Case(name: "a capital beyond ASCII makes the term case-sensitive", labels: ["Über", "über", "ÜBER", "Uber"], query: "Über",
             shown: ["Über"]),
        Case(name: "capitals beyond ASCII match only themselves", labels: ["Über", "über", "ÜBER"], query: "ÜBER", shown: ["ÜBER"]),
        Case(name: "a letter beyond ASCII alone", labels: ["Über", "über", "ÜBER", "Uber"], query: "ü", shown: ["Über", "über", "ÜBER"]),
        Case(name: "Greek: Σ folds to σ, never to the final ς", labels: ["Σίσυφος", "σίσυφος", "ΣΊΣΥΦΟΣ"], query: "σίσυφος",
             shown: ["Σίσυφος", "σίσυφος"]),
        Case(name: "a capital that folds to ASCII (the Kelvin sign)", labels: ["\u{212A}elvin", "Kelvin", "kelvin"], query: "kel",
             shown: ["Kelvin", "kelvin", "\u{212A}elvin"]),
        Case(name: "İ folds to i", labels: ["İstanbul", "istanbul", "Istanbul"], query: "ist", shown: ["istanbul", "Istanbul", "İstanbul"]),
        Case(name: "a label that folds among others, in one piece and anchored", labels: ["apple", "ÄPFEL", "äpfel", "Äpfelchen"],
             query: "^äpf", shown: ["ÄPFEL", "äpfel", "Äpfelchen"]),
        Case(name: "a case-sensitive term and one that folds, together", labels: ["Öl Öko", "öl Öko", "Öl öko", "ÖL ÖKO"], query: "öl 'Ök",
             shown: ["Öl Öko", "öl Öko"]),
        Case(name: "multi-byte characters fuzzily", labels: ["日本語", "日語", "本日語"], query: "日語",
             shown: ["日語", "日本語", "本日語"]),
        Case(name: "a character's bytes never match apart", labels: ["Ã©", "é", "xé"], query: "é", shown: ["é", "xé"]),
        Case(name: "emoji", labels: ["🙂 smile", "🙃 upside", "smile"], query: "🙂s", shown: ["🙂 smile"]),
        Case(name: "digits", labels: ["1", "12", "21", "102", "3"], query: "12", shown: ["12", "102"]),
    ]

    @Test(arguments: cases)
    func matches(_ example: Case) {
        let list = Self.list(example.labels)
        var filter = ChoiceFilter(sorts: example.sorts)
        filter.setQuery(Array(example.query.utf8), in: list)
        #expect(Self.shown(filter, list) == example.shown)
        let labels = example.labels.map { Array($0.utf8) }
        #expect(Set(Self.shown(filter, list).map { Array($0.utf8) }) == Set(Self.expected(example.query, labels)))
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
            #expect(Set(shown) == Set(Self.expected(query, labels)), "\(query)")
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
        ["ü", "üb", "Üb", "ÜB", "Ü", "ü", "übe", "über"],
        ["σ", "σί", "σίσ", "Σ", "Σί", "ΣΊ", "σ"],
        ["k", "ke", "kel", "'kel", "^kel", "^k", "i", "is", "ist", "İst"],
        ["ö", "öl", "öl ö", "öl Ö", "öl Ök", "öl ö", "öl"],
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
        labels += ["ÜBER", "Σίσυφος", "ΣΊΣΥΦΟΣ", "\u{212A}elvin", "İstanbul", "Öl Öko"]
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
            #expect(Set(shown.map { Array($0.utf8) }) == Set(Self.expected(query, labels)), "\(query)")
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
        Highlight("ple", "pineapple", [0, 7, 8]),
        Highlight("'ple", "pineapple", [6, 7, 8]),
        Highlight("ple", "apple", [2, 3, 4]),
        Highlight("^pi", "pineapple", [0, 1]),
        Highlight("e$", "apple e", [6]),
        Highlight("!x pe", "apple", [2, 4]),
        Highlight("!p pe", "apple", []),
        Highlight("x | ap | le", "apple", [0, 1]),
        Highlight("ap le", "apple", [0, 1, 3, 4]),
        Highlight("gup", "git-upload-pack", [0, 4, 5]),
        Highlight("gpk", "git-upload-pack", [0, 11, 14]),
        Highlight("pne", "pineapple", [0, 2, 3]),
        Highlight("é", "café", [3, 4]),
        Highlight("cé", "cxé", [0, 2, 3]),
        Highlight("日語", "日本語", [0, 1, 2, 6, 7, 8]),
        Highlight("🙂s", "🙂 smile", [0, 1, 2, 3, 5]),
        Highlight("xyz", "apple", []),
        Highlight("a b", "a b", [0, 2]),
        Highlight("a\\ b", "a b", [0, 1, 2]),
        Highlight("é", [0xC3, 0x28, 0xC3, 0xA9], [2, 3]),
        Highlight("über", "ÜBER", [0, 1, 2, 3, 4]),
        Highlight("ber", "ÜBER", [2, 3, 4]),
        Highlight("kel", "\u{212A}elvin", [0, 1, 2, 3, 4]),
        Highlight("öl ök", "xÖl Öko", [1, 2, 3, 5, 6, 7]),
        Highlight("ü", [0xFF, 0xC3, 0x9C], [1, 2]),
        Highlight("a", [0xFF, 0x61], [1]),
        Highlight("ab", [], []),
    ]

    @Test(arguments: highlights)
    func matchedBytes(_ example: Highlight) {
        let offsets = example.label.withUnsafeBytes { ChoiceFilter.matchedBytes(of: Array(example.query.utf8), in: $0) }
        #expect(offsets == example.offsets)
    }
}
