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
import Testing

/// The filter's query syntax (fzf's extended search): how a query as typed is read into terms
/// and groups, and which queries narrow which (what may be filtered from the last matches).
/// What the terms then match is held to fzf itself (`FzfSyntaxTests`).
struct FilterQueryTests {
    /// A query read back in a compact form: groups between `;`, the terms of a group between
    /// ` | `, each as its kind, a `!` when negated and a `=` before its text when case-sensitive.
    static func described(_ query: FilterQuery) -> String {
        query.groups.map { group in
            group.map { term in
                (term.negated ? "!" : "") + "\(term.kind):" + (term.caseSensitive ? "=" : "") + String(decoding: term.text, as: UTF8.self)
            }.joined(separator: " | ")
        }.joined(separator: "; ")
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let query: String
        let read: String
        var testDescription: String { query.debugDescription }
        init(_ query: String, _ read: String) {
            self.query = query
            self.read = read
        }
    }

    static let cases: [Case] = [
        Case("", ""),
        Case("   ", ""),
        Case("abc", "fuzzy:abc"),
        Case("  abc  ", "fuzzy:abc"),
        Case("a b  c", "fuzzy:a; fuzzy:b; fuzzy:c"),
        Case("'abc", "exact:abc"),
        Case("^abc", "prefix:abc"),
        Case("abc$", "suffix:abc"),
        Case("^abc$", "equal:abc"),
        Case("'abc$", "exact:abc"),
        Case("!abc", "!exact:abc"),
        Case("!^abc", "!prefix:abc"),
        Case("!abc$", "!suffix:abc"),
        Case("!'abc", "!fuzzy:abc"),
        Case("!^abc$", "!equal:abc"),
        Case("a | b", "fuzzy:a | fuzzy:b"),
        Case("a | b c", "fuzzy:a | fuzzy:b; fuzzy:c"),
        Case("a | ^b | c$ d", "fuzzy:a | prefix:b | suffix:c; fuzzy:d"),
        Case("a |", "fuzzy:a"),
        Case("| a", "fuzzy:|; fuzzy:a"),
        Case("a | | b", "fuzzy:a | fuzzy:|; fuzzy:b"),
        Case("a|b", "fuzzy:a|b"),
        Case("$", "fuzzy:$"),
        Case("\\$", "suffix:\\"),
        Case("^", ""),
        Case("'", ""),
        Case("!", ""),
        Case("^$", ""),
        Case("! a", "fuzzy:a"),
        Case("a\\ b", "fuzzy:a b"),
        Case("a\\ ", "fuzzy:a "),
        Case("\\ a", "fuzzy: a"),
        Case("a\\\\ b", "fuzzy:a\\ b"),
        Case("a\\b", "fuzzy:a\\b"),
        Case("Abc def", "fuzzy:=Abc; fuzzy:def"),
        Case("abC", "fuzzy:=abC"),
        Case("!Ab", "!exact:=Ab"),
        Case("é É", "fuzzy:é; fuzzy:=É"),  // an uppercase letter of any script: case-sensitive (as fzf)
        Case("über ΣΊΣ дом", "fuzzy:über; fuzzy:=ΣΊΣ; fuzzy:дом"),
        Case("^a | !B", "prefix:a | !exact:=B"),
    ]

    @Test(arguments: cases)
    func read(_ example: Case) {
        #expect(Self.described(FilterQuery(Array(example.query.utf8))) == example.read)
    }

    struct Narrowing: Sendable, CustomTestStringConvertible {
        let from: String
        let to: String
        let narrows: Bool
        var testDescription: String { "\(from.debugDescription) → \(to.debugDescription)" }
        init(_ from: String, _ to: String, _ narrows: Bool) {
            self.from = from
            self.to = to
            self.narrows = narrows
        }
    }

    /// Whether every label `to` matches is one `from` matches (so `to` may filter `from`'s
    /// matches): true where that follows from the terms, false where it does not or may not.
    static let narrowings: [Narrowing] = [
        Narrowing("", "a", true),
        Narrowing("a", "ab", true),
        Narrowing("ab", "a", false),
        Narrowing("a", "a b", true),
        Narrowing("a b", "a bc", true),
        Narrowing("a b", "a", false),
        Narrowing("ab", "aB", true),
        Narrowing("aB", "aBc", true),
        Narrowing("aB", "ab", false),
        Narrowing("a", "'a", true),
        Narrowing("ab", "'ab", true),
        Narrowing("'ab", "'abc", true),
        Narrowing("'ab", "ab", false),
        Narrowing("^a", "^ab", true),
        Narrowing("^a", "^ab$", true),
        Narrowing("a", "a$", true),
        Narrowing("b$", "ab$", true),
        Narrowing("a$", "ab$", false),
        Narrowing("ab$", "'ab", false),
        Narrowing("!a", "!ab", false),
        Narrowing("!ab", "!a", true),
        Narrowing("!a", "!a b", true),
        Narrowing("a", "a |", true),
        Narrowing("a", "a | b", false),
        Narrowing("a | b", "a", true),
        Narrowing("a | b", "ab | b", true),
        Narrowing("a | b", "a b", true),
        Narrowing("a b", "b a", true),
        Narrowing("x", "^", false),
        Narrowing("a", "a ", true),
    ]

    @Test(arguments: narrowings)
    func narrows(_ example: Narrowing) {
        let from = FilterQuery(Array(example.from.utf8))
        let to = FilterQuery(Array(example.to.utf8))
        #expect(to.narrows(from) == example.narrows)
    }
}
