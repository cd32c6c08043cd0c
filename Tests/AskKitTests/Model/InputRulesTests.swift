import AskChoices
import AskCommandLine
import AskFields
import AskGauge
@testable import AskKit
import AskLayout
import AskModel
import AskRender
import AskSession
import AskPresentation
import AskSystem
import AskText
import AskTextBox
import Glibc
import Testing

/// Keyboard types, validation, repeat entry and reveal: tables of (rule, input) → result.
struct InputRulesTests {
    /// Types `keys` into a fresh state for `spec`; returns the state and whether any key was refused.
    static func typing(_ keys: String, _ spec: PromptSpec) -> (state: PromptState, bells: Int) {
        var state = PromptState(spec: spec)
        var bells = 0
        for scalar in keys.unicodeScalars {
            let event: InputEvent = scalar == "\r" ? .key(.enter) : .character(scalar)
            if state.handle(event) == .bell { bells += 1 }
        }
        return (state, bells)
    }

    static func spec(_ keyboard: KeyboardType = .default, _ change: (inout Validation) -> Void = { _ in }) -> PromptSpec {
        var spec = PromptSpec()
        spec.editFields { $0[0].keyboard = keyboard }
        spec.editFields { change(&$0[0].validation) }
        return spec
    }

    @Test(arguments: [
        (KeyboardType.number, "12a3.4", "1234"),
        (.decimal, "-12.5", "-12.5"),
        (.decimal, "1.2.3", "1.23"),
        (.decimal, "1-2", "12"),
        (.decimal, "--1", "-1"),
        (.decimal, "abc", ""),
        (.phone, "+1 (555) 010-9999 x12", "+1 (555) 010-9999 12"),
        (.phone, "*#31#", "*#31#"),
        (.email, "jane doe@example.com", "janedoe@example.com"),
        (.url, "example.com/a b", "example.com/ab"),
        (.ascii, "naïve café", "nave caf"),
        (.default, "naïve café 😀", "naïve café 😀"),
    ])
    func typingIsFiltered(keyboard: KeyboardType, keys: String, kept: String) {
        let (state, bells) = Self.typing(keys, Self.spec(keyboard))
        #expect(state.currentField!.editor.text.string == kept)
        // Every refused key rang the bell.
        #expect(bells == keys.unicodeScalars.count - kept.unicodeScalars.count)
    }

    @Test(arguments: [
        (KeyboardType.decimal, "12", true), (.decimal, "-0.5", true), (.decimal, ".5", true), (.decimal, "5.", true),
        (.decimal, "-", false), (.decimal, ".", false), (.decimal, "-.", false),
        (.phone, "+1 555", true), (.phone, "+ ( ) -", false),
        (.email, "jane@example.com", true), (.email, "a.b+c@mail.example.org", true), (.email, "jane@example", false),
        (.email, "@example.com", false), (.email, "jane@@example.com", false), (.email, "jane@example.", false),
        (.email, "jane@.com", false),
        (.url, "https://example.com/x?y", true), (.url, "http://localhost:8080", true), (.url, "example.com/x", true),
        (.url, "ftp://files", true), (.url, "example", false), (.url, "https://", false), (.url, "1http://x.y", false),
        (.url, "://example.com", false),
        (.number, "0042", true), (.ascii, "anything", true), (.default, "", true), (.email, "", true),
    ])
    func shapeCheckedOnAccept(keyboard: KeyboardType, answer: String, valid: Bool) {
        #expect(keyboard.check(Array(answer.unicodeScalars)) == valid)
    }

    struct RuleCase: Sendable, CustomTestStringConvertible {
        let name: String
        let spec: PromptSpec
        let answer: String
        let failure: ValidationFailure?
        let message: String?
        var testDescription: String { name }
    }

    static let ruleCases: [RuleCase] = [
        RuleCase(name: "required, empty", spec: spec { $0.isRequired = true }, answer: "", failure: .empty,
                 message: "An answer is required"),
        RuleCase(name: "required, given", spec: spec { $0.isRequired = true }, answer: "x", failure: nil, message: nil),
        RuleCase(name: "not required, empty", spec: spec(), answer: "", failure: nil, message: nil),
        RuleCase(name: "min length counts graphemes", spec: spec { $0.minimumLength = 3 }, answer: "e\u{301}🇫🇷",
                 failure: .tooShort(minimum: 3), message: "Enter at least 3 characters"),
        RuleCase(name: "min length 1", spec: spec { $0.minimumLength = 1 }, answer: "",
                 failure: .tooShort(minimum: 1), message: "Enter at least 1 character"),
        RuleCase(name: "min length met", spec: spec { $0.minimumLength = 3 }, answer: "abc", failure: nil, message: nil),
        RuleCase(name: "max length (a --value too long)", spec: spec { $0.maximumLength = 2 }, answer: "abc",
                 failure: .tooLong(maximum: 2), message: "Enter at most 2 characters"),
        RuleCase(name: "decimal shape", spec: spec(.decimal), answer: "-", failure: .notA(.decimal), message: "Enter a number"),
        RuleCase(name: "email shape", spec: spec(.email), answer: "jane", failure: .notA(.email),
                 message: "Enter an email address, like name@example.com"),
        RuleCase(name: "url shape", spec: spec(.url), answer: "nowhere", failure: .notA(.url),
                 message: "Enter a web address, like example.com"),
        RuleCase(name: "phone shape", spec: spec(.phone), answer: "()", failure: .notA(.phone), message: "Enter a phone number"),
        RuleCase(name: "number: a --value of letters", spec: spec(.number), answer: "abc", failure: .notA(.number), message: "Enter a number"),
        RuleCase(name: "number: a --value of digits", spec: spec(.number), answer: "0042", failure: nil, message: nil),
        RuleCase(name: "ascii: a --value with an accent", spec: spec(.ascii), answer: "café", failure: .notA(.ascii),
                 message: "Enter ASCII characters only"),
        RuleCase(name: "ascii: a --value of ASCII", spec: spec(.ascii), answer: "cafe au lait", failure: nil, message: nil),
        RuleCase(name: "pattern must match the whole answer", spec: spec { $0.pattern = "[a-z]+[0-9]" }, answer: "abc12",
                 failure: .noMatch, message: "The answer is not in the expected format"),
        RuleCase(name: "pattern matched", spec: spec { $0.pattern = "[a-z]+[0-9]+" }, answer: "abc12", failure: nil, message: nil),
        RuleCase(name: "--error replaces the reason", spec: spec {
            $0.pattern = "[0-9]{4}"
            $0.errorMessage = "Four digits, please"
        }, answer: "12", failure: .noMatch, message: "Four digits, please"),
        RuleCase(name: "checks in order: empty before pattern", spec: spec {
            $0.isRequired = true
            $0.pattern = "x"
        }, answer: "", failure: .empty, message: "An answer is required"),
    ]

    @Test(arguments: ruleCases)
    func rules(_ example: RuleCase) {
        let failure = example.spec.fields[0].problem(with: TextBuffer(example.answer), pattern: example.spec.fields[0].compiledPattern)
        #expect(failure == example.failure)
        // Enter with that answer: refused with exactly the message, text kept; or accepted.
        var spec = example.spec
        spec.editFields { $0[0].value = example.answer }
        var state = PromptState(spec: spec, patterns: spec.compiledPatterns)
        let reaction = state.handle(.key(.enter))
        if let message = example.message {
            #expect(reaction == .bell)
            #expect(state.currentField!.status == StatusLine(message, isError: true))
            #expect(state.currentField!.editor.text.string == example.answer)
            // The next edit clears the error.
            _ = state.handle(example.answer.isEmpty ? .character("1") : .key(.backspace))
            #expect(state.currentField!.status == nil)
        } else {
            #expect(reaction == .finish(.accepted(.ok)))
        }
    }

    @Test func maxLengthRefusesTypingAndShowsACounterNearTheLimit() {
        let spec = Self.spec { $0.maximumLength = 8 }
        var (state, bells) = Self.typing("abcd", spec)
        #expect(state.currentField!.counter == nil)
        (state, bells) = Self.typing("abcde", spec)
        #expect(state.currentField!.counter == "5/8")
        (state, bells) = Self.typing("abcdefghij", spec)
        #expect(state.currentField!.editor.text.string == "abcdefgh")
        #expect(bells == 2)
        #expect(state.currentField!.counter == "8/8")
        // A combining mark still joins the last character at the limit.
        (state, bells) = Self.typing("abcdefge\u{301}", spec)
        #expect(state.currentField!.editor.text.string == "abcdefge\u{301}")
        #expect(bells == 0)
    }

    static func paste(_ text: String, into state: inout PromptState) -> Reaction {
        _ = state.handle(.pasteBegin)
        for scalar in text.unicodeScalars { _ = state.handle(.pasted(scalar)) }
        return state.handle(.pasteEnd)
    }

    @Test func aPasteLongerThanTheLimitIsCutAndSaysSo() {
        var state = PromptState(spec: Self.spec { $0.maximumLength = 10 })
        _ = state.handle(.character(">"))
        #expect(Self.paste("0123456789ABCDEF", into: &state) == .bell)
        #expect(state.currentField!.editor.text.string == ">012345678")
        #expect(state.currentField!.counter == "10/10")
        #expect(state.currentField!.status == StatusLine("Pasted text was cut", isError: true))
    }

    @Test(arguments: [
        (KeyboardType.number, "12-34\n56", "123456"),
        (.decimal, "-1.2.3", "-1.23"),
        (.phone, "+1 (555)\t010", "+1 (555) 010"),
        (.default, "line one\r\nline two\n\n", "line one line two"),
        (.default, "tab\there\u{1B}[31mred\u{7}", "tab here[31mred"),
    ])
    func pastesAreFilteredLikeTyping(keyboard: KeyboardType, pasted: String, kept: String) {
        var state = PromptState(spec: Self.spec(keyboard))
        _ = Self.paste(pasted, into: &state)
        #expect(state.currentField!.editor.text.string == kept)
    }

    @Test func repeatEntryMismatchStartsOverThenMatchAccepts() {
        var spec = PromptSpec()
        spec.editFields { $0[0].repeatsEntry = true }
        spec.editFields { $0[0].repeatLabel = "Again" }
        spec.editFields { $0[0].isSecure = true }
        var state = PromptState(spec: spec)
        for scalar in "pass1".unicodeScalars { _ = state.handle(.character(scalar)) }
        #expect(state.handle(.key(.enter)) == .proceed)
        #expect(state.currentField!.isRepeating)
        #expect(state.currentField!.editor.isEmpty)
        #expect(state.currentField!.placeholder == "Again")
        for scalar in "pass2".unicodeScalars { _ = state.handle(.character(scalar)) }
        #expect(state.handle(.key(.enter)) == .bell)
        #expect(state.currentField!.status == StatusLine("Entries don't match", isError: true))
        #expect(!state.currentField!.isRepeating)
        #expect(state.currentField!.editor.isEmpty)
        for scalar in "pass3".unicodeScalars { _ = state.handle(.character(scalar)) }
        #expect(state.handle(.key(.enter)) == .proceed)
        for scalar in "pass3".unicodeScalars { _ = state.handle(.character(scalar)) }
        #expect(state.handle(.key(.enter)) == .finish(.accepted(.ok)))
        #expect(state.currentField!.editor.text.string == "pass3")
    }

    @Test func repeatChecksTheRulesOnTheFirstEntry() {
        var spec = Self.spec { $0.minimumLength = 4 }
        spec.editFields { $0[0].repeatsEntry = true }
        var state = PromptState(spec: spec)
        _ = state.handle(.character("a"))
        #expect(state.handle(.key(.enter)) == .bell)
        #expect(!state.currentField!.isRepeating)
    }

    @Test(arguments: [(true, true), (false, false)])
    func revealOnlyWhenAllowed(allowed: Bool, revealed: Bool) {
        var spec = PromptSpec()
        spec.editFields { $0[0].isSecure = true }
        spec.editFields { $0[0].allowsReveal = allowed }
        var state = PromptState(spec: spec)
        #expect(!state.currentField!.showsText)
        #expect(state.handle(.control("r")) == (allowed ? .proceed : .bell))
        #expect(state.currentField!.showsText == revealed)
        #expect(state.currentField!.hint == (allowed ? .text("Ctrl-R hides the text") : nil))
    }

    @Test func secureWordMotionsTreatTheTextAsOneWord() {
        var spec = PromptSpec()
        spec.editFields { $0[0].isSecure = true }
        spec.editFields { $0[0].value = "correct horse battery" }
        var state = PromptState(spec: spec)
        _ = state.handle(.alt("b"))
        #expect(state.currentField!.editor.cursor == 0)
        _ = state.handle(.control("e"))
        _ = state.handle(.control("w"))
        #expect(state.currentField!.editor.isEmpty)
    }

    /// `--pattern` is a POSIX extended expression (grep -E) matched on the whole answer's bytes.
    @Test(arguments: [
        ("[0-9]{6}", "123456", true),
        ("[0-9]{6}", "12345", false),
        ("[0-9]{6}", "1234567", false),
        ("a|b", "a", true),
        ("a|b", "ab", false),  // the whole answer, also with alternatives
        ("[[:upper:]]{3}-[[:digit:]]+", "ABC-12", true),
        ("[A-Za-z0-9_]{4}", "ab_9", true),
        ("x+", "", false),
        ("(ab)*", "", true),
        ("caf.", "café", false),  // one byte per dot: é is two
        ("caf..", "café", true),
        ("café", "café", true),
        ("[\\\\]+", "\\\\", true),  // a doubled backslash in brackets: one backslash, in any syntax
        ("[a-z0-9_-]+", "my-slug_2", true),  // ] first and - last need no escape
        (".{0,200}", "short", true),  // optional repeats within reason compile
        ("\\w+\\s\\S", "ab c", true),  // the escapes glibc knows
        ("(a|b)\\1", "aa", true),
        ("(a|b)\\1", "ab", false),
        ("[[:alpha:]]\\.", "x.", true),
        ("[]a]+", "]a]", true),
        ("[^]]", "x", true),
        (".*@ex\\.io", "me@ex.io", true),
        (".*@ex\\.io", "me@exaio", false),
        ("a)", "a)", true),  // an unmatched ) is itself, as in grep -E
        ("a)|b", "a", false),
        ("(a|ab)(c|bcd)", "abcd", true),  // longest, not first: POSIX
        ("x*", "xxy", false),
    ])
    func patternIsPosixExtended(pattern: String, answer: String, matches: Bool) {
        let text = TextBuffer(answer)
        let compiled = try? RegularExpression(pattern, probe: false)
        #expect(text.withBytes { compiled?.matchesWhole($0) } == matches)
    }

    @Test(arguments: [
        (["--pattern", "\\d{6}"], "ask: invalid pattern '\\d{6}': \\d is not POSIX: use [0-9] or [^0-9]"),
        (["--pattern", "x\\D"], "ask: invalid pattern 'x\\D': \\D is not POSIX"),
        (["--pattern", "[a^]\\d"], "ask: invalid pattern '[a^]\\d': \\d is not POSIX"),
        (["--pattern", "[^^]\\d"], "ask: invalid pattern '[^^]\\d': \\d is not POSIX"),
        (["--pattern", "\\x31"], "ask: invalid pattern '\\x31': \\x is not POSIX extended syntax"),
        (["--pattern", "\\t"], "ask: invalid pattern '\\t': \\t is not POSIX extended syntax"),
        (["--pattern", "[\\d-]+"], "ask: invalid pattern '[\\d-]+': a backslash inside [...] is itself in POSIX"),
        (["--pattern", "[^\\s]"], "ask: invalid pattern '[^\\s]': a backslash inside [...]"),
        (["--pattern", "[]\\d]"], "ask: invalid pattern '[]\\d]': a backslash inside [...]"),
        (["--pattern", "[a-z0-9\\-_]+"], "ask: invalid pattern '[a-z0-9\\-_]+': a backslash inside [...] is itself"),
        (["--pattern", "[^\\]]+"], "ask: invalid pattern '[^\\]]+': a backslash inside [...]"),
        (["--min-length", "5", "--max-length", "3"],
         "ask: options '--min-length 5' and '--max-length 3' contradict each other"),
        (["--max-length", "-1"], "ask: invalid value '-1' for '--max-length' (expected a number)"),
    ])
    /// Refused while parsing, by the scan of what the C library would misread; what only the C
    /// library can refuse is refused when the alert starts (`InputRulesEndToEndTests`).
    func badRulesAreUsageErrors(arguments: [String], prefix: String) {
        #expect(throws: UsageError.self) { try ArgumentParser().parse(arguments) }
        do throws(UsageError) {
            _ = try ArgumentParser().parse(arguments)
        } catch {
            #expect(("ask: " + error.message).hasPrefix(prefix))
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func anEmptyMaskHidesTheLengthFromTheCounterToo() {
        var spec = PromptSpec()
        spec.editFields { $0[0].isSecure = true }
        spec.editFields { $0[0].mask = "" }
        spec.editFields { $0[0].validation.maximumLength = 12 }
        var state = PromptState(spec: spec)
        for scalar in "0123456789".unicodeScalars { _ = state.handle(.character(scalar)) }
        #expect(state.currentField!.counter == nil)
        spec.editFields { $0[0].mask = nil }
        state = PromptState(spec: spec)
        for scalar in "0123456789".unicodeScalars { _ = state.handle(.character(scalar)) }
        #expect(state.currentField!.counter == "10/12")
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("a\u{1B}[2Jb", "a[2Jb"),
        ("one\r\ntwo\nthree\n", "one two three"),
        ("\ntab\there", "tab here"),
        ("c1\u{9B}x\u{7F}y", "c1xy"),
        ("é 中 😀", "é 中 😀"),
    ])
    func valueIsTakenLikeAPaste(value: String, field: String) {
        #expect(PromptState.asPasted(value) == field)
        var spec = PromptSpec()
        spec.editFields { $0[0].value = value }
        #expect(PromptState(spec: spec).currentField!.editor.text.string == field)
    }
}
