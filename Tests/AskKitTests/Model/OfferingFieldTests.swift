import AskFields
import AskKit
import AskModel
import AskText
import TestSupport
import Testing

/// A field that offers text: a path completed on Tab (from a file system given as a table),
/// suggestions shown after the cursor and taken with Right or Tab, and a history recalled with
/// Up and Down as a shell's.
struct OfferingFieldTests {
    /// A file system as a table: each directory's entries, names ending in `/` directories.
    static func files(_ tree: [String: [String]], home: String? = "/home/ann") -> FieldFiles {
        FieldFiles(home: home) { directory in
            tree[directory].map { names in
                ([".", ".."] + names).map { DirectoryEntry($0.hasSuffix("/") ? String($0.dropLast()) : $0, isDirectory: $0.hasSuffix("/") || $0 == "." || $0 == "..") }
            }
        }
    }

    static let files = files([
        ".": ["docs/", "Makefile", "README.md", "Sources/", "Tests/", ".git/", ".gitignore"],
        "docs/": ["ARCHITECTURE.md", "BENCHMARK.md"],
        "Sources/": ["AskKit/", "AskModel/", "ask/"],
        "/home/ann/": ["notes.txt", "photos/"],
        "/": ["etc/", "home/", "tmp/"],
    ])

    // MARK: - Paths

    struct PathCase: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        var directoriesOnly = false
        let result: PathCompletion.Result
        var testDescription: String { name }
    }

    static let pathCases: [PathCase] = [
        PathCase(name: "one match: the whole name", text: "Mak", result: .completed("Makefile")),
        PathCase(name: "a directory is marked", text: "do", result: .completed("docs/")),
        PathCase(name: "several: the part they share first", text: "docs/A", result: .completed("docs/ARCHITECTURE.md")),
        PathCase(name: "several sharing more than typed: that part", text: "S", result: .completed("Sources/")),
        PathCase(name: "several sharing no more: the choices", text: "Sources/Ask",
                 result: .choices(base: "Sources/", names: ["AskKit/", "AskModel/"])),
        PathCase(name: "case counts, as in a shell", text: "Sources/ask", result: .completed("Sources/ask/")),
        PathCase(name: "an empty name lists the directory, hidden names left out", text: "docs/",
                 result: .choices(base: "docs/", names: ["ARCHITECTURE.md", "BENCHMARK.md"])),
        PathCase(name: "hidden names after a leading dot", text: ".g", result: .completed(".git")),
        PathCase(name: "no match: nothing", text: "zz", result: .none),
        PathCase(name: "a directory that cannot be read: nothing", text: "nowhere/x", result: .none),
        PathCase(name: "~ is the home directory", text: "~/no", result: .completed("/home/ann/notes.txt")),
        PathCase(name: "~ alone expands even with nothing to add", text: "~", result: .completed("/home/ann")),
        PathCase(name: "an absolute path", text: "/t", result: .completed("/tmp/")),
        PathCase(name: "directories only", text: "", directoriesOnly: true,
                 result: .choices(base: "", names: ["Sources/", "Tests/", "docs/"])),
        PathCase(name: "directories only: a file is no match", text: "M", directoriesOnly: true, result: .none),
    ]

    @Test(arguments: pathCases)
    func aPathCompletes(_ example: PathCase) {
        #expect(PathCompletion.complete(example.text, directoriesOnly: example.directoriesOnly, in: Self.files) == example.result)
    }

    /// A field of one line changed by `change`; `fields`: that many, this one first.
    static func spec(fields: Int = 1, _ change: (inout FieldSpec) -> Void) -> PromptSpec {
        var spec = PromptSpec()
        spec.body = .fields((0..<fields).map { FieldSpec(label: fields > 1 ? "Field \($0 + 1)" : "") })
        spec.editFields { change(&$0[0]) }
        return spec
    }

    static let path = spec { $0.keyboard = .path }
    static let suggesting = spec { $0.suggestions = ["apple", "apricot", "banana"] }
    static let remembering = spec {
        $0.historyFile = "history"
        $0.history = ["first", "second", "third"]
    }

    struct KeyCase: Sendable, CustomTestStringConvertible {
        let name: String
        let spec: PromptSpec
        let keys: String
        /// The first field's text after the keys, and what shows dim after it.
        let text: String
        var suggestion: String?
        /// The choices under the field, and the one taken.
        var choices: [String] = []
        var chosen: Int?
        let last: Reaction
        var focus = Focus.field(0)
        var testDescription: String { name }
    }

    static let keyCases: [KeyCase] = [
        // Paths
        KeyCase(name: "Tab completes a path", spec: path, keys: "Mak\t", text: "Makefile", last: .proceed),
        KeyCase(name: "Tab in a directory's name, then into it", spec: path, keys: "do\tA\t", text: "docs/ARCHITECTURE.md",
                last: .proceed),
        KeyCase(name: "Tab with nothing to complete rings", spec: path, keys: "zz\t", text: "zz", last: .bell),
        KeyCase(name: "Tab at the shared part lists the choices under the field", spec: path, keys: "Sources/Ask\t",
                text: "Sources/Ask", choices: ["AskKit/", "AskModel/"], last: .proceed),
        KeyCase(name: "Tab again takes each choice in turn", spec: path, keys: "Sources/Ask\t\t\t", text: "Sources/AskModel/",
                choices: ["AskKit/", "AskModel/"], chosen: 1, last: .proceed),
        KeyCase(name: "and round", spec: path, keys: "Sources/Ask\t\t\t\t", text: "Sources/AskKit/",
                choices: ["AskKit/", "AskModel/"], chosen: 0, last: .proceed),
        KeyCase(name: "typing puts the choices away", spec: path, keys: "Sources/Ask\t\t/", text: "Sources/AskKit//", last: .proceed),
        KeyCase(name: "in a path field Tab does not move on", spec: spec(fields: 2) { $0.keyboard = .path }, keys: "zz\t",
                text: "zz", last: .bell),
        KeyCase(name: "Shift-Tab still does", spec: spec(fields: 2) { $0.keyboard = .path }, keys: "zz\u{19}", text: "zz",
                last: .proceed, focus: .button(.ok)),
        KeyCase(name: "Return expands ~ in the answer", spec: path, keys: "~/x\r", text: "/home/ann/x", last: .finish(.accepted(.ok))),

        // Suggestions
        KeyCase(name: "the rest of the first suggestion shows", spec: suggesting, keys: "ap", text: "ap", suggestion: "ple",
                last: .proceed),
        KeyCase(name: "typing narrows it", spec: suggesting, keys: "apr", text: "apr", suggestion: "icot", last: .proceed),
        KeyCase(name: "Right at the end takes it", spec: suggesting, keys: "apr→", text: "apricot", last: .proceed),
        KeyCase(name: "Tab takes it", spec: suggesting, keys: "b\t", text: "banana", last: .proceed),
        KeyCase(name: "none for an empty text", spec: suggesting, keys: "", text: "", last: .proceed),
        KeyCase(name: "none once the text is whole", spec: suggesting, keys: "banana", text: "banana", last: .proceed),
        KeyCase(name: "none when the cursor is not at the end", spec: suggesting, keys: "ap\u{1}", text: "ap", last: .proceed),
        KeyCase(name: "Right not at the end moves the cursor", spec: suggesting, keys: "ap\u{1}→", text: "ap", last: .proceed),
        KeyCase(name: "without one, Tab moves on", spec: spec(fields: 2) { $0.suggestions = ["apple"] }, keys: "x\t", text: "x",
                last: .proceed, focus: .field(1)),

        // History
        KeyCase(name: "Up: the newest answer", spec: remembering, keys: "↑", text: "third", last: .proceed),
        KeyCase(name: "Up again: older ones", spec: remembering, keys: "↑↑↑", text: "first", last: .proceed),
        KeyCase(name: "past the oldest: the bell", spec: remembering, keys: "↑↑↑↑", text: "first", last: .bell),
        KeyCase(name: "Down: newer", spec: remembering, keys: "↑↑↓", text: "third", last: .proceed),
        KeyCase(name: "past the newest: the text being typed", spec: remembering, keys: "dra↑↑↓↓", text: "dra", last: .proceed),
        KeyCase(name: "Down with nothing recalled: the bell", spec: remembering, keys: "dra↓", text: "dra", last: .bell),
        KeyCase(name: "an answer recalled can be edited (and is suggested back)", spec: remembering, keys: "↑\u{7F}\u{7F}", text: "thi",
                suggestion: "rd", last: .proceed),
        KeyCase(name: "the newest answer the text begins is suggested", spec: remembering, keys: "s", text: "s", suggestion: "econd",
                last: .proceed),
        KeyCase(name: "an empty history file: Up rings, the focus stays", spec: spec(fields: 2) { $0.historyFile = "history" },
                keys: "↑", text: "", last: .bell),
        KeyCase(name: "suggestions without a history: Down moves on", spec: spec(fields: 2) { $0.suggestions = ["a"] }, keys: "↓",
                text: "", last: .proceed, focus: .field(1)),
    ]

    @Test(arguments: keyCases)
    func keys(_ example: KeyCase) {
        var state = PromptState(spec: example.spec, files: Self.files)
        var last = Reaction.proceed
        for event in InputEvent.typed(example.keys) { last = state.handle(event) }
        let field = state.fields[0]
        #expect(field.editor.text.string == example.text)
        #expect(field.suggestion.map(String.init) == example.suggestion)
        #expect(field.offers.choices == example.choices)
        #expect(field.offers.chosen == example.chosen)
        #expect(last == example.last)
        #expect(state.focus == example.focus)
    }

    /// A history file, as the room reads it: the answers it keeps.
    static let historyFiles = FieldFiles(home: nil, history: { $0 == "h" ? ["host-a", "host-b"] : [] }) { _ in nil }

    struct ReadCase: Sendable, CustomTestStringConvertible {
        let name: String
        let spec: PromptSpec
        let keys: String
        /// The field with the history, and whether its file has been read after the keys.
        var field = 0
        let read: Bool
        var testDescription: String { name }
    }

    /// Two fields, the second with the history.
    static let secondRemembers = {
        var two = spec(fields: 2) { _ in }
        two.editFields { $0[1].historyFile = "h" }
        return two
    }()

    static let readCases: [ReadCase] = [
        ReadCase(name: "not before the first frame", spec: spec { $0.historyFile = "h" }, keys: "", read: false),
        ReadCase(name: "the field's first key reads it", spec: spec { $0.historyFile = "h" }, keys: "x", read: true),
        ReadCase(name: "Up reads it and recalls its newest", spec: spec { $0.historyFile = "h" }, keys: "↑", read: true),
        ReadCase(name: "a field that starts with text reads it at once (a suggestion may show)",
                 spec: spec { $0.historyFile = "h"; $0.value = "ho" }, keys: "", read: true),
        ReadCase(name: "another field's keys do not", spec: secondRemembers, keys: "ab", field: 1, read: false),
        ReadCase(name: "its own first key does", spec: secondRemembers, keys: "ab\rc", field: 1, read: true),
    ]

    /// A history is read when its field first takes a key, so that a long one costs the first
    /// frame nothing; a field that starts with text reads its own at once.
    @Test(arguments: readCases)
    func aHistoryIsReadWhenFirstNeeded(_ example: ReadCase) {
        var state = PromptState(spec: example.spec, files: Self.historyFiles)
        for event in InputEvent.typed(example.keys) { _ = state.handle(event) }
        #expect(state.fields[example.field].offers.history == (example.read ? ["host-a", "host-b"] : []))
    }

    @Test func theHistoryReadIsOfferedFromTheStart() {
        var state = PromptState(spec: Self.spec { $0.historyFile = "h"; $0.value = "ho" }, files: Self.historyFiles)
        #expect(state.fields[0].suggestion == "st-b")
        _ = state.handle(.key(.up))
        #expect(state.fields[0].editor.text.string == "host-b")
    }

    /// The keys that differ in a field that offers text do what the table says there, and only there.
    @Test func theOfferingKeysAreTheTables() {
        #expect(KeyBindings.action(for: .key(.tab), offers: true) == .complete)
        #expect(KeyBindings.action(for: .key(.tab)) == .focusNext)
        #expect(KeyBindings.action(for: .key(.up), offers: true) == .recall(older: true))
        #expect(KeyBindings.action(for: .key(.down), offers: true) == .recall(older: false))
        #expect(KeyBindings.action(for: .key(.tab, .shift), offers: true) == .focusPrevious)
        #expect(KeyBindings.action(for: .control("w"), offers: true) == .edit(.deleteBigWordBackward))
    }

    /// A field changed by `change`.
    static func field(_ change: (inout FieldSpec) -> Void) -> FieldSpec {
        var field = FieldSpec()
        change(&field)
        return field
    }

    /// A secret neither keeps a history nor is offered anything; a multi-line field neither.
    @Test(arguments: [
        (field { $0.isSecure = true; $0.historyFile = "h" }, SpecProblem.offersNotForSecret),
        (field { $0.isSecure = true; $0.suggestions = ["a"] }, .offersNotForSecret),
        (field { $0.isSecure = true; $0.keyboard = .path }, .offersNotForSecret),
        (field { $0.isMultiline = true; $0.suggestionsFile = "s" }, .offersNotForMultiline),
        (field { $0.isMultiline = true; $0.keyboard = .path }, .keyboardNotForMultiline(.path)),
    ])
    func aSecretIsOfferedNothing(_ field: FieldSpec, _ problem: SpecProblem) {
        #expect(field.problem == problem)
    }
}
