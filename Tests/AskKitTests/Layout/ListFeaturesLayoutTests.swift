import AskChoices
import AskLayout
import AskKit
import AskModel
import TestSupport
import Testing

/// Golden screens of a list's later features: a checklist's bounds said under the list, the
/// highlighted choice's description, `--ansi`'s colours, long labels (a path cut in the middle,
/// the highlighted one whole under the list, `--wrap`).
struct ListFeaturesLayoutTests {
    typealias Case = SheetLayoutTests.Case

    static func checklist(_ change: @escaping (inout SheetSpec) -> Void) -> PromptSpec {
        SheetLayoutTests.spec(SheetStateTests.fruit) {
            $0.allowsMultiple = true
            change(&$0)
        }
    }

    static func described(_ change: @escaping (inout SheetSpec) -> Void = { _ in }) -> PromptSpec {
        SheetLayoutTests.spec([
            Choice(label: Array("Apple".utf8), value: Array("a".utf8), description: Array("Crisp, from the orchard".utf8)),
            Choice(label: Array("Banana".utf8), value: Array("b".utf8),
                   description: Array("Long and yellow, and its description longer than one row of the box can hold".utf8)),
            Choice(label: Array("Cherry".utf8), value: Array("c".utf8), description: Array(String(repeating: "red ", count: 30).utf8)),
            Choice("Damson"),
        ], change)
    }

    /// Four paths that differ only at their ends, as a build's are.
    static let paths = ["EndToEndTests", "AskKitTests", "AskDocs", "FuzzSheet"].map {
        "./.build/x86_64-unknown-linux-gnu/debug/\($0).build/main.swift.o\n"
    }.joined()

    static let cases: [Case] = [
        Case(name: "paths too long for the box: cut in the middle, the names kept; the highlighted one whole under the list",
             spec: SheetLayoutTests.piped(), lines: paths, columns: 50, keys: "↓", expected: [
                "╭───────────────────────────────────────────────╮",
                "│                     Pick                      │",
                "│ Type to filter                                │",
                "├───────────────────────────────────────────────┤",
                "│   1 ./.buil…/EndToEndTests.build/main.swift.o │",
                "│ › 2 ./.build/…/AskKitTests.build/main.swift.o │",
                "│   3 ./.build/x86_…/AskDocs.build/main.swift.o │",
                "│   4 ./.build/x8…/FuzzSheet.build/main.swift.o │",
                "│ ./.build/x86_64-unknown-linux-gnu/debug/AskKi │",
                "│ tTests.build/main.swift.o                     │",
                "├───────────────────────────────────────────────┤",
                "│                    Cancel                     │",
                "╰───────────────────────────────────────────────╯",
             ]),
        Case(name: "a long label that is no path is cut at its end, and shows whole when highlighted", spec: SheetLayoutTests.piped(),
             lines: "short\nThe quick brown fox jumps over the lazy dog, and then over the lazy cat\n", columns: 50, keys: "↓", expected: [
                "╭───────────────────────────────────────────────╮",
                "│                     Pick                      │",
                "│ Type to filter                                │",
                "├───────────────────────────────────────────────┤",
                "│   1 short                                     │",
                "│ › 2 The quick brown fox jumps over the lazy … │",
                "│ The quick brown fox jumps over the lazy dog,  │",
                "│ and then over the lazy cat                    │",
                "├───────────────────────────────────────────────┤",
                "│                    Cancel                     │",
                "╰───────────────────────────────────────────────╯",
             ]),
        Case(name: "a path whose name alone is too long keeps the name's end", spec: SheetLayoutTests.piped(),
             lines: "a/" + String(repeating: "x", count: 60) + "-the-end\n", columns: 40, expected: [
                "╭─────────────────────────────────────╮",
                "│                Pick                 │",
                "│ Type to filter                      │",
                "├─────────────────────────────────────┤",
                "│ › 1 …xxxxxxxxxxxxxxxxxxxxxx-the-end │",
                "│ a/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx │",
                "│ xxxxxxxxxxxxxxxxxxxxxxxxxxx-the-end │",
                "├─────────────────────────────────────┤",
                "│               Cancel                │",
                "╰─────────────────────────────────────╯",
             ]),
        Case(name: "--wrap: long labels go on in the rows below, the bar over all of the highlighted one's",
             spec: SheetLayoutTests.piped { $0.wrapsLabels = true }, lines: paths, columns: 50, keys: "↓", expected: [
                "╭───────────────────────────────────────────────╮",
                "│                     Pick                      │",
                "│ Type to filter                                │",
                "├───────────────────────────────────────────────┤",
                "│   1 ./.build/x86_64-unknown-linux-gnu/debug/E │",
                "│     ndToEndTests.build/main.swift.o           │",
                "│ › 2 ./.build/x86_64-unknown-linux-gnu/debug/A │",
                "│     skKitTests.build/main.swift.o             │",
                "│   3 ./.build/x86_64-unknown-linux-gnu/debug/A │",
                "│     skDocs.build/main.swift.o                 │",
                "│   4 ./.build/x86_64-unknown-linux-gnu/debug/F │",
                "│     uzzSheet.build/main.swift.o               │",
                "├───────────────────────────────────────────────┤",
                "│                    Cancel                     │",
                "╰───────────────────────────────────────────────╯",
             ]),
        Case(name: "--wrap: scrolled as little as keeps the highlighted label whole",
             spec: SheetLayoutTests.piped { $0.wrapsLabels = true }, lines: paths, rows: 10, columns: 50, keys: "↓↓↓", expected: [
                "╭───────────────────────────────────────────────╮",
                "│                     Pick                      │",
                "│ Type to filter                       4–4 of 4 │",
                "│ › 4 ./.build/x86_64-unknown-linux-gnu/debug/F │",
                "│     uzzSheet.build/main.swift.o               │",
                "│                                               │",
                "├───────────────────────────────────────────────┤",
                "│                    Cancel                     │",
                "╰───────────────────────────────────────────────╯",
             ]),
        Case(name: "a description under the list: the highlighted choice's", spec: described(), keys: "", expected: [
                "╭────────────────────────────────╮",
                "│             Fruit              │",
                "│ Type to filter                 │",
                "├────────────────────────────────┤",
                "│ › 1 Apple                      │",
                "│   2 Banana                     │",
                "│   3 Cherry                     │",
                "│   4 Damson                     │",
                "│ Crisp, from the orchard        │",
                "│                                │",
                "├────────────────────────────────┤",
                "│             Cancel             │",
                "╰────────────────────────────────╯",
             ]),
        Case(name: "a description wraps to the rows under the list", spec: described(), keys: "↓", expected: [
                "╭────────────────────────────────╮",
                "│             Fruit              │",
                "│ Type to filter                 │",
                "├────────────────────────────────┤",
                "│   1 Apple                      │",
                "│ › 2 Banana                     │",
                "│   3 Cherry                     │",
                "│   4 Damson                     │",
                "│ Long and yellow, and its       │",
                "│ description longer than one …  │",
                "├────────────────────────────────┤",
                "│             Cancel             │",
                "╰────────────────────────────────╯",
             ]),
        Case(name: "a description past its rows is cut with an ellipsis", spec: described(), keys: "↓↓", expected: [
                "╭────────────────────────────────╮",
                "│             Fruit              │",
                "│ Type to filter                 │",
                "├────────────────────────────────┤",
                "│   1 Apple                      │",
                "│   2 Banana                     │",
                "│ › 3 Cherry                     │",
                "│   4 Damson                     │",
                "│ red red red red red red red    │",
                "│ red red red red red red red …  │",
                "├────────────────────────────────┤",
                "│             Cancel             │",
                "╰────────────────────────────────╯",
             ]),
        Case(name: "a choice without a description leaves its rows blank", spec: described(), keys: "↓↓↓", expected: [
                "╭────────────────────────────────╮",
                "│             Fruit              │",
                "│ Type to filter                 │",
                "├────────────────────────────────┤",
                "│   1 Apple                      │",
                "│   2 Banana                     │",
                "│   3 Cherry                     │",
                "│ › 4 Damson                     │",
                "│                                │",
                "│                                │",
                "├────────────────────────────────┤",
                "│             Cancel             │",
                "╰────────────────────────────────╯",
             ]),
        Case(name: "descriptions read from a list, VALUE<TAB>LABEL<TAB>DESCRIPTION", spec: SheetLayoutTests.piped(),
             lines: "m\tmain\tthe default branch\nf\tfeature/login\tthe login page, half done\n", keys: "↓", expected: [
                "╭────────────────────────────────╮",
                "│              Pick              │",
                "│ Type to filter                 │",
                "├────────────────────────────────┤",
                "│   1 main                       │",
                "│ › 2 feature/login              │",
                "│ the login page, half done      │",
                "│                                │",
                "├────────────────────────────────┤",
                "│             Cancel             │",
                "╰────────────────────────────────╯",
             ]),
        Case(name: "--ansi: the sequences are not shown, the text is", spec: SheetLayoutTests.piped { $0.keepsStyles = true },
             lines: "\u{1B}[32mmain\u{1B}[0m\n\u{1B}]0;title\u{7}\u{1B}[1;31mfix\u{1B}[0m-login\u{1B}[2J\n", expected: [
                "╭────────────────────────────────╮",
                "│              Pick              │",
                "│ Type to filter                 │",
                "├────────────────────────────────┤",
                "│ › 1 main                       │",
                "│   2 fix-login                  │",
                "├────────────────────────────────┤",
                "│             Cancel             │",
                "╰────────────────────────────────╯",
             ]),
        Case(name: "without --ansi the sequences show harmlessly", spec: SheetLayoutTests.piped(),
             lines: "\u{1B}[32mmain\u{1B}[0m\n", expected: [
                "╭────────────────────────────────╮",
                "│              Pick              │",
                "│ Type to filter                 │",
                "├────────────────────────────────┤",
                "│ › 1 ^[[32mmain^[[0m            │",
                "├────────────────────────────────┤",
                "│             Cancel             │",
                "╰────────────────────────────────╯",
             ]),
        Case(name: "--limit 2: the third mark refused, and why under the list", spec: checklist { $0.mostMarks = 2 }, keys: " ↓ ↓ ",
             expected: [
                "╭────────────────────────────────╮",
                "│             Fruit              │",
                "│ Space marks, type to filter    │",
                "├────────────────────────────────┤",
                "│   [x] 1 Apple                  │",
                "│   [x] 2 Banana                 │",
                "│ › [ ] 3 Cherry                 │",
                "│   [ ] 4 Damson                 │",
                "│   [ ] 5 Elderberry             │",
                "│ Mark at most 2 choices         │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │      Done      │",
                "╰───────────────┴────────────────╯",
             ]),
        Case(name: "Ctrl-A after a filter: only the matches are marked", spec: checklist { _ in }, keys: "an⌃A",
             expected: [
                "╭────────────────────────────────╮",
                "│             Fruit              │",
                "│ an                         2/5 │",
                "├────────────────────────────────┤",
                "│ › [x] Banana                   │",
                "│   [x] Damson                   │",
                "│                                │",
                "│                                │",
                "│                                │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │      Done      │",
                "╰───────────────┴────────────────╯",
             ]),
    ]

    /// `--ansi`: each glyph in its line's colours and styles; on the highlighted bar, its bold
    /// and underline only (the bar's colours stand); without colour, no colour.
    @Test(arguments: [true, false])
    func ansiColours(usesColor: Bool) {
        let spec = SheetLayoutTests.piped { $0.keepsStyles = true }
        var state = SheetState(spec: spec, loading: true)
        Array("\u{1B}[32mmain\u{1B}[0m\nfix-\u{1B}[1;4;38;5;196mlogin\u{1B}[22;24m!\n".utf8).withUnsafeBytes { state.list.append(bytes: $0) }
        state.listGrew()
        _ = state.listEnded()
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: usesColor)
        var layout = SheetLayout(content: content, size: TerminalSize(rows: 24, columns: 80), state: state)
        let screen = layout.render(state)
        func cell(_ text: String) -> Style? {
            let wanted = text.map(String.init)
            for row in 0..<screen.height {
                let cells = (0..<screen.width).map { screen[row, $0].text }
                for column in 0...(cells.count - wanted.count) where Array(cells[column..<(column + wanted.count)]) == wanted {
                    return screen[row, column].style
                }
            }
            return nil
        }
        // The first choice is highlighted: its bar's colours, not its green.
        #expect(cell("main")?.foreground == nil)
        #expect(cell("main")?.inverse == true)
        #expect(cell("fix")?.bold == false)
        #expect(cell("login")?.bold == true && cell("login")?.underline == true)
        // Its 256-colour red (38;5;196) kept as it is, not brought to one of the 16.
        #expect(cell("login")?.foreground == (usesColor ? Style.Color(196) : nil))
        #expect(cell("!")?.bold == false && cell("!")?.foreground == (usesColor ? Style.Color(196) : nil))
    }

    /// A label in its row (`ChoicesView.fitted`): (label, room, read as a path, what shows).
    @Test(arguments: [
        ("src/main.swift", 20, true, "src/main.swift"),
        ("Sources/Controls/Choices/ChoicesView.swift", 30, true, "Sources/Con…/ChoicesView.swift"),
        ("Sources/Controls/Choices/ChoicesView.swift", 36, true, "Sources/C…/Choices/ChoicesView.swift"),
        ("a/averyveryverylongname.txt", 12, true, "…ongname.txt"),
        ("no slash here at all, long", 12, false, "no slash he…"),
        ("ends/with/", 6, false, "ends/…"),
    ])
    func fitted(label: String, room: Int, path: Bool, shown: String) {
        let glyphs = DisplayText.glyphs(label, charset: .utf8)
        #expect(ChoicesView.isPath(glyphs) == path)
        let fitted = ChoicesView.fitted(glyphs, to: room, path: path, ellipsis: Charset.utf8.ellipsis)
        #expect(fitted.map { $0.glyph.text }.joined() == shown)
        #expect(DisplayText.width(fitted.map { $0.glyph }) <= room)
    }

    @Test(arguments: cases)
    func golden(_ test: Case) {
        let screen = SheetLayoutTests.render(test)
        #expect(screen.goldenLines == test.expected, Comment(rawValue: "\n" + screen.goldenLines.map { "\"\($0)\"," }.joined(separator: "\n")))
    }
}
