import AskChoices
import AskLayout
import AskKit
import AskModel
import TestSupport
import Testing

/// Golden screens of a list's later features: a checklist's bounds said under the list, the
/// highlighted choice's description, `--ansi`'s colours.
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

    static let cases: [Case] = [
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
        #expect(cell("login")?.foreground == (usesColor ? .red : nil))
        #expect(cell("!")?.bold == false && cell("!")?.foreground == (usesColor ? .red : nil))
    }

    @Test(arguments: cases)
    func golden(_ test: Case) {
        let screen = SheetLayoutTests.render(test)
        #expect(screen.goldenLines == test.expected, Comment(rawValue: "\n" + screen.goldenLines.map { "\"\($0)\"," }.joined(separator: "\n")))
    }
}
