import AskChoices
import AskFields
import AskGauge
@testable import AskKit
import AskPresentation
import AskText
import AskTextBox
import Testing

/// (text, cursor, commands) → (text, cursor): the editor on its own, no terminal.
struct LineEditorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        let cursor: Int
        let wordsAreOpaque: Bool
        /// Plain output's multi-line field: only the last line may change.
        var keepsEarlierLines = false
        let commands: [EditCommand]
        let expectedText: String
        let expectedCursor: Int
        /// What `apply` returns for the last command.
        let lastChanged: Bool
        var testDescription: String { name }

        init(_ name: String, _ text: String, cursor: Int? = nil, opaque: Bool = false, _ commands: [EditCommand],
             _ expectedText: String, _ expectedCursor: Int, changed: Bool = true) {
            self.name = name
            self.text = text
            self.cursor = cursor ?? text.count
            self.wordsAreOpaque = opaque
            self.commands = commands
            self.expectedText = expectedText
            self.expectedCursor = expectedCursor
            self.lastChanged = changed
        }

        /// The same, in plain output (the lines before the last kept).
        static func plain(_ name: String, _ text: String, cursor: Int? = nil, _ commands: [EditCommand], _ expectedText: String,
                          _ expectedCursor: Int, changed: Bool = true) -> Case {
            var result = Case(name, text, cursor: cursor, commands, expectedText, expectedCursor, changed: changed)
            result.keepsEarlierLines = true
            return result
        }
    }

    /// Typing each scalar of `text`.
    static func type(_ text: String) -> [EditCommand] { text.unicodeScalars.map { .insert($0) } }

    static let cases: [Case] = [
        // Typing.
        Case("type into empty", "", type("abc"), "abc", 3),
        Case("insert at end", "abc", [.insert("d")], "abcd", 4),
        Case("insert in the middle", "ac", cursor: 1, [.insert("b")], "abc", 2),
        Case("insert at start", "bc", cursor: 0, [.insert("a")], "abc", 1),
        Case("insert wide", "ab", cursor: 1, [.insert("中")], "a中b", 2),

        // Moving, clamped at both ends.
        Case("moveLeft", "abc", [.moveLeft], "abc", 2),
        Case("moveLeft at 0", "abc", cursor: 0, [.moveLeft], "abc", 0, changed: false),
        Case("moveLeft on empty", "", [.moveLeft], "", 0, changed: false),
        Case("moveRight", "abc", cursor: 1, [.moveRight], "abc", 2),
        Case("moveRight at end", "abc", [.moveRight], "abc", 3, changed: false),
        Case("many moves left", "abc", Array(repeating: .moveLeft, count: 10), "abc", 0, changed: false),
        Case("many moves right", "abc", cursor: 0, Array(repeating: .moveRight, count: 10), "abc", 3, changed: false),
        Case("home", "abc", cursor: 2, [.moveToStart], "abc", 0),
        Case("home at 0", "abc", cursor: 0, [.moveToStart], "abc", 0, changed: false),
        Case("end", "abc", cursor: 1, [.moveToEnd], "abc", 3),
        Case("end at end", "abc", [.moveToEnd], "abc", 3, changed: false),
        Case("move then type", "ac", [.moveLeft, .insert("b")], "abc", 2),

        // Deleting one grapheme.
        Case("deleteBackward", "abc", cursor: 2, [.deleteBackward], "ac", 1),
        Case("deleteBackward at end", "abc", [.deleteBackward], "ab", 2),
        Case("deleteBackward at 0", "abc", cursor: 0, [.deleteBackward], "abc", 0, changed: false),
        Case("deleteBackward on empty", "", [.deleteBackward], "", 0, changed: false),
        Case("deleteForward", "abc", cursor: 1, [.deleteForward], "ac", 1),
        Case("deleteForward at 0", "abc", cursor: 0, [.deleteForward], "bc", 0),
        Case("deleteForward at end", "abc", [.deleteForward], "abc", 3, changed: false),

        // Deleting to either end.
        Case("deleteToStart", "hello world", cursor: 6, [.deleteToStart], "world", 0),
        Case("deleteToStart at end", "hello", [.deleteToStart], "", 0),
        Case("deleteToStart at 0", "hello", cursor: 0, [.deleteToStart], "hello", 0, changed: false),
        Case("deleteToEnd", "hello world", cursor: 5, [.deleteToEnd], "hello", 5),
        Case("deleteToEnd at 0", "hello", cursor: 0, [.deleteToEnd], "", 0),
        Case("deleteToEnd at end", "hello", [.deleteToEnd], "hello", 5, changed: false),

        // Words: letters and digits (Alt) against whitespace (Ctrl-W).
        Case("moveWordLeft", "foo bar baz", [.moveWordLeft], "foo bar baz", 8),
        Case("moveWordLeft twice", "foo bar baz", [.moveWordLeft, .moveWordLeft], "foo bar baz", 4),
        Case("moveWordLeft to start", "foo bar baz", Array(repeating: .moveWordLeft, count: 5), "foo bar baz", 0,
             changed: false),
        Case("moveWordLeft over punctuation", "foo-bar", [.moveWordLeft], "foo-bar", 4),
        Case("moveWordLeft over trailing spaces", "foo bar  ", [.moveWordLeft], "foo bar  ", 4),
        Case("moveWordRight", "foo bar", cursor: 0, [.moveWordRight], "foo bar", 3),
        Case("moveWordRight twice", "foo bar", cursor: 0, [.moveWordRight, .moveWordRight], "foo bar", 7),
        Case("moveWordRight at end", "foo bar", [.moveWordRight], "foo bar", 7, changed: false),
        Case("moveWordRight over punctuation", "a.b.c", cursor: 1, [.moveWordRight], "a.b.c", 3),
        Case("deleteWordBackward stops at punctuation", "foo-bar", [.deleteWordBackward], "foo-", 4),
        Case("deleteWordBackward twice", "foo-bar", [.deleteWordBackward, .deleteWordBackward], "", 0),
        Case("deleteWordBackward with trailing space", "hello world  ", [.deleteWordBackward], "hello ", 6),
        Case("deleteWordBackward in the middle", "one two three", cursor: 7, [.deleteWordBackward], "one  three", 4),
        Case("deleteWordBackward at 0", "abc", cursor: 0, [.deleteWordBackward], "abc", 0, changed: false),
        Case("deleteWordBackward keeps digits and _", "x = a_1", [.deleteWordBackward], "x = ", 4),
        Case("deleteWordBackward over letters beyond ASCII", "über straße", [.deleteWordBackward], "über ", 5),
        Case("deleteWordBackward over CJK", "你好 世界", [.deleteWordBackward], "你好 ", 3),
        Case("deleteBigWordBackward takes punctuation", "foo-bar", [.deleteBigWordBackward], "", 0),
        Case("deleteBigWordBackward path", "cd /usr/lib", [.deleteBigWordBackward], "cd ", 3),
        Case("deleteBigWordBackward with trailing space", "hello world  ", [.deleteBigWordBackward], "hello ", 6),
        Case("deleteBigWordBackward at 0", "abc", cursor: 0, [.deleteBigWordBackward], "abc", 0, changed: false),
        Case("deleteWordForward", "foo bar", cursor: 0, [.deleteWordForward], " bar", 0),
        Case("deleteWordForward over a space", "foo bar", cursor: 3, [.deleteWordForward], "foo", 3),
        Case("deleteWordForward over punctuation", "a--b c", cursor: 1, [.deleteWordForward], "a c", 1),
        Case("deleteWordForward at end", "foo", [.deleteWordForward], "foo", 3, changed: false),

        // Secure entry: the whole text is one word, so motions cannot reveal where spaces are.
        Case("opaque Ctrl-W", "ab cd", opaque: true, [.deleteBigWordBackward], "", 0),
        Case("opaque Alt-Backspace", "ab-cd ef", opaque: true, [.deleteWordBackward], "", 0),
        Case("opaque Alt-Backspace mid-text", "ab cd", cursor: 4, opaque: true, [.deleteWordBackward], "d", 0),
        Case("opaque moveWordLeft", "ab cd", opaque: true, [.moveWordLeft], "ab cd", 0),
        Case("opaque moveWordRight", "ab cd", cursor: 0, opaque: true, [.moveWordRight], "ab cd", 5),
        Case("opaque deleteWordForward", "ab cd", cursor: 1, opaque: true, [.deleteWordForward], "a", 1),
        Case("opaque trailing space", "ab  ", opaque: true, [.deleteBigWordBackward], "", 0),

        // Graphemes are the unit: a combining mark joins the letter before it.
        Case("e + combining acute is one grapheme", "", type("e\u{301}"), "e\u{301}", 1),
        Case("one deleteBackward removes e and its accent", "", type("e\u{301}") + [.deleteBackward], "", 0),
        Case("two accents stay with the e", "", type("e\u{301}\u{302}x") + [.moveLeft, .deleteBackward], "x", 0),
        Case("accent typed after a moved cursor", "ex", cursor: 1, type("\u{301}"), "e\u{301}x", 1),
        Case("accent then move left", "", type("cafe\u{301}") + [.moveLeft], "cafe\u{301}", 3),
        Case("deleteForward removes a whole grapheme", "e\u{301}x", cursor: 0, [.deleteForward], "x", 0),
        Case("flag: two regional indicators", "", type("🇫🇷"), "🇫🇷", 1),
        Case("two flags typed", "", type("🇫🇷🇩🇪"), "🇫🇷🇩🇪", 2),
        Case("deleteBackward removes one flag", "", type("🇫🇷🇩🇪") + [.deleteBackward], "🇫🇷", 1),
        Case("ZWJ family", "", type("👨\u{200D}👩\u{200D}👧"), "👨\u{200D}👩\u{200D}👧", 1),
        Case("ZWJ family deleted at once", "", type("👨\u{200D}👩\u{200D}👧") + [.deleteBackward], "", 0),
        Case("skin tone joins", "", type("👍🏽"), "👍🏽", 1),
        Case("Hangul jamo ᄒ+ᅡ+ᆫ", "", type("\u{1112}\u{1161}\u{11AB}"), "\u{1112}\u{1161}\u{11AB}", 1),
        Case("moveRight over a ZWJ sequence", "a👩\u{200D}💻b", cursor: 1, [.moveRight], "a👩\u{200D}💻b", 2),
        Case("word deletion keeps graphemes", "e\u{301}e\u{301} x", [.deleteWordBackward], "e\u{301}e\u{301} ", 3),

        // Segmentation after edits is still the String's (deleting can join neighbours).
        Case("deleting between L and V jamo joins them", "\u{1112}x\u{1161}", cursor: 2, [.deleteBackward],
             "\u{1112}\u{1161}", 1),
        Case("deleting between regional indicators joins them", "🇫x🇷", cursor: 2, [.deleteBackward], "🇫🇷", 1),
        Case("a regional indicator typed before a flag re-pairs the rest", "🇫🇷🇩🇪", cursor: 0, [.insert("🇺")],
             "🇺🇫🇷🇩🇪", 1),

        // Across lines (a multi-line field): a line break is one character; Home, End, Ctrl-U and
        // Ctrl-K keep to the cursor's line.
        Case("a line break typed", "ab", type("\ncd"), "ab\ncd", 5),
        Case("a line break typed in the middle", "abcd", cursor: 2, [.insert("\n")], "ab\ncd", 3),
        Case("home: the line's start", "ab\ncd", cursor: 4, [.moveToStart], "ab\ncd", 3),
        Case("home on the first line", "ab\ncd", cursor: 1, [.moveToStart], "ab\ncd", 0),
        Case("home at a line's start stays", "ab\ncd", cursor: 3, [.moveToStart], "ab\ncd", 3, changed: false),
        Case("end: the line's end, before its break", "ab\ncd", cursor: 0, [.moveToEnd], "ab\ncd", 2),
        Case("end on the last line", "ab\ncd", cursor: 3, [.moveToEnd], "ab\ncd", 5),
        Case("end on an empty line stays", "a\n\nb", cursor: 2, [.moveToEnd], "a\n\nb", 2, changed: false),
        Case("home and end across wide characters", "中文\n字字", cursor: 4, [.moveToStart, .moveToEnd], "中文\n字字", 5),
        Case("left over a line break", "ab\ncd", cursor: 3, [.moveLeft], "ab\ncd", 2),
        Case("right over a line break", "ab\ncd", cursor: 2, [.moveRight], "ab\ncd", 3),
        Case("backspace at a line's start joins the lines", "ab\ncd", cursor: 3, [.deleteBackward], "abcd", 2),
        Case("backspace joins an empty line", "ab\n\ncd", cursor: 4, [.deleteBackward], "ab\ncd", 3),
        Case("delete at a line's end joins the next", "ab\ncd", cursor: 2, [.deleteForward], "abcd", 2),
        Case("Ctrl-U: to the line's start", "ab\ncd", [.deleteToStart], "ab\n", 3),
        Case("Ctrl-U at a line's start deletes nothing", "ab\ncd", cursor: 3, [.deleteToStart], "ab\ncd", 3, changed: false),
        Case("Ctrl-K: to the line's end", "ab\ncd\nef", cursor: 4, [.deleteToEnd], "ab\nc\nef", 4),
        Case("Ctrl-K at a line's end deletes nothing", "ab\ncd", cursor: 2, [.deleteToEnd], "ab\ncd", 2, changed: false),
        Case("Ctrl-U over wide characters", "x\n中文字", cursor: 4, [.deleteToStart], "x\n字", 2),
        Case("a combining mark after a line break stands alone", "a", type("\n\u{301}"), "a\n\u{301}", 3),
        Case("Alt-Backspace at a line's start takes the break and the word", "ab\ncd", cursor: 3, [.deleteWordBackward], "cd", 0),
        Case("Ctrl-W takes the break as a space", "ab cd\nef", cursor: 6, [.deleteBigWordBackward], "ab ef", 3),

        // Plain output: the lines before the last are written; nothing reaches back into them.
        .plain("left stops at the last line's start", "ab\ncd", cursor: 3, [.moveLeft], "ab\ncd", 3, changed: false),
        .plain("backspace does not join", "ab\ncd", cursor: 3, [.deleteBackward], "ab\ncd", 3, changed: false),
        .plain("backspace within the last line", "ab\ncd", [.deleteBackward], "ab\nc", 4),
        .plain("Ctrl-W stops at the last line's start", "ab\ncd", [.deleteBigWordBackward], "ab\n", 3),
        .plain("Alt-Backspace too", "ab\nc d", [.deleteWordBackward, .deleteWordBackward], "ab\n", 3),
        .plain("a word left stops there", "ab\ncd", cursor: 3, [.moveWordLeft], "ab\ncd", 3, changed: false),
        .plain("home and Ctrl-U: the last line's start", "ab\ncd", [.moveToStart, .moveToEnd, .deleteToStart], "ab\n", 3),
    ]

    @Test(arguments: cases)
    func applies(_ testCase: Case) {
        var editor = LineEditor(text: TextBuffer(testCase.text), wordsAreOpaque: testCase.wordsAreOpaque)
        editor.keepsEarlierLines = testCase.keepsEarlierLines
        editor.setCursor(testCase.cursor)
        #expect(editor.cursor == testCase.cursor)
        var changed = true
        for command in testCase.commands { changed = editor.apply(command) }
        #expect(editor.text.string == testCase.expectedText)
        #expect(editor.cursor == testCase.expectedCursor)
        #expect(changed == testCase.lastChanged)
        // The buffer's graphemes are the String's.
        #expect(editor.text.count == testCase.expectedText.count)
        #expect(Self.graphemes(of: editor.text) == testCase.expectedText.map { Array($0.unicodeScalars) })
    }

    static func graphemes(of buffer: TextBuffer) -> [[Unicode.Scalar]] {
        (0..<buffer.count).map { Array(buffer.scalars(of: $0)) }
    }

    @Test func newEditorStartsAtTheEnd() {
        let editor = LineEditor(text: TextBuffer("héllo"))
        #expect(editor.cursor == 5)
        #expect(editor.text.count == 5)
        #expect(!editor.isEmpty)
        #expect(LineEditor().isEmpty)
        #expect(LineEditor().cursor == 0)
    }

    @Test func setCursorIsClamped() {
        var editor = LineEditor(text: TextBuffer("abc"))
        editor.setCursor(-4)
        #expect(editor.cursor == 0)
        editor.setCursor(99)
        #expect(editor.cursor == 3)
    }

    @Test func clearEmptiesAndWipes() {
        var editor = LineEditor(text: TextBuffer("secret"))
        editor.clear()
        #expect(editor.isEmpty)
        #expect(editor.cursor == 0)
        #expect(editor.text.byteCount == 0)
    }

    @Test func pasteInsertsUTF8AtTheCursor() {
        var editor = LineEditor(text: TextBuffer("ad"))
        editor.setCursor(1)
        Array("bé中".utf8).withUnsafeBytes { editor.insert(utf8: $0) }
        #expect(editor.text.string == "abé中d")
        #expect(editor.cursor == 4)
    }

    // MARK: - Random edits against a model

    /// Random edits on plain ASCII text agree with the same edits on an array of characters.
    @Test func randomEditsAgreeWithAModel() {
        var random = Xorshift(seed: 0xED17)
        let letters: [Unicode.Scalar] = ["a", "b", " ", "-", "1"]
        for _ in 0..<300 {
            var editor = LineEditor()
            var model: [Character] = []
            var cursor = 0
            for _ in 0..<40 {
                switch random.next(below: 8) {
                case 0, 1, 2, 3:
                    let scalar = letters[random.next(below: letters.count)]
                    editor.apply(.insert(scalar))
                    model.insert(Character(scalar), at: cursor)
                    cursor += 1
                case 4:
                    let changed = editor.apply(.deleteBackward)
                    #expect(changed == (cursor > 0))
                    if cursor > 0 { model.remove(at: cursor - 1); cursor -= 1 }
                case 5:
                    let changed = editor.apply(.deleteForward)
                    #expect(changed == (cursor < model.count))
                    if cursor < model.count { model.remove(at: cursor) }
                case 6:
                    editor.apply(.moveLeft)
                    cursor = max(cursor - 1, 0)
                default:
                    let position = random.next(in: -2...(model.count + 2))
                    editor.setCursor(position)
                    cursor = min(max(position, 0), model.count)
                }
                #expect(editor.text.string == String(model))
                #expect(editor.cursor == cursor)
                #expect(editor.text.count == model.count)
            }
        }
    }

    /// Random scalars (marks, joiners, jamo, regional indicators) typed and deleted anywhere:
    /// the buffer's graphemes stay those of its text as a `String`.
    @Test func randomUnicodeEditsKeepStringSegmentation() {
        var random = Xorshift(seed: 0xC0FFEE)
        let pool: [Unicode.Scalar] = ["a", "e", " ", "\u{301}", "\u{302}", "\u{200D}", "👩", "💻", "🏽", "\u{1112}",
                                      "\u{1161}", "\u{11AB}", "한", "🇫", "🇷", "中", "\u{FE0F}", "❤"]
        var failures = 0
        for round in 0..<300 {
            var editor = LineEditor()
            var history: [String] = []
            for _ in 0..<12 {
                switch random.next(below: 6) {
                case 0:
                    editor.apply(.deleteBackward); history.append("⌫")
                case 1:
                    let position = random.next(in: 0...editor.text.count)
                    editor.setCursor(position); history.append("@\(position)")
                default:
                    let scalar = pool[random.next(below: pool.count)]
                    editor.apply(.insert(scalar)); history.append("U+\(String(scalar.value, radix: 16))")
                }
                let string = editor.text.string
                let expected = string.map { Array($0.unicodeScalars) }
                if Self.graphemes(of: editor.text) != expected {
                    failures += 1
                    if failures <= 3 {
                        Issue.record("round \(round): after \(history.joined(separator: " ")) the buffer has \(Self.graphemes(of: editor.text).map { $0.map { String($0.value, radix: 16) } }), String has \(expected.map { $0.map { String($0.value, radix: 16) } })")
                    }
                    break
                }
                #expect(editor.cursor >= 0 && editor.cursor <= editor.text.count)
            }
        }
        #expect(failures == 0, "\(failures) of 300 random edit runs disagreed with String")
    }
}
