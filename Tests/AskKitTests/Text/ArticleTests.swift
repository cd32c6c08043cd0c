import AskText
import Testing

/// "a" or "an" by how the word is said.
struct ArticleTests {
    @Test(arguments: [
        // A vowel letter said as a vowel.
        ("email", "an"), ("ascii", "an"), ("item", "an"), ("answer", "an"), ("umbrella", "an"), ("option", "an"),
        ("uninstalled", "an"),
        // A consonant.
        ("number", "a"), ("phone", "a"), ("decimal", "a"), ("default", "a"), ("field", "a"), ("secret", "a"),
        // Spelled with a vowel, said with a consonant ("you", "wun").
        ("url", "a"), ("user", "a"), ("unicode", "a"), ("unit", "a"), ("unix", "a"), ("usual", "a"), ("one-line", "a"),
        ("once", "a"), ("European", "a"),
        // An h that is not said.
        ("hour", "an"), ("honest", "an"), ("heir", "an"), ("house", "a"),
        // Capitals said a letter at a time.
        ("SSH", "an"), ("LF", "an"), ("XXX", "an"), ("URL", "a"), ("ASCII", "an"), ("TAB", "a"),
        // The word's first letters decide; nothing to go by is "a".
        ("email-address", "an"), ("", "a"), ("42", "a"), ("Email", "an"), ("A", "an"),
    ])
    func theArticleFollowsTheSound(_ word: String, article: String) {
        #expect(Article.indefinite(for: word) == article, "\(word)")
        #expect(Article.indefinite(word) == article + " " + word)
    }
}
