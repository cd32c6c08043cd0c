import AskLayout
import AskModel
import AskText
import Testing

/// Golden screens of action sheets: a menu, a destructive choice, a checklist, a long list
/// scrolled and filtered, a list still arriving, a short terminal.
struct SheetLayoutTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let spec: PromptSpec
        var lines: String = ""
        var rows = 24
        var columns = 80
        var keys = ""
        var loading = false
        var charset = Charset.utf8
        let expected: [String]
        var testDescription: String { name }
    }

    static func render(_ test: Case) -> Screen {
        var state = SheetState(spec: test.spec, loading: test.loading)
        Array(test.lines.utf8).withUnsafeBytes { state.list.append(bytes: $0) }
        state.listGrew()
        let content = AlertContent(spec: test.spec, charset: test.charset, usesColor: true)
        var layout = SheetLayout(content: content, size: TerminalSize(rows: test.rows, columns: test.columns), state: state)
        _ = layout.render(state)
        for event in SheetStateTests.events(test.keys) {
            _ = state.handle(event, page: layout.page)
            if !layout.isCurrent(for: state) {
                let top = layout.top
                layout = SheetLayout(content: content, size: layout.size, state: state)
                layout.top = top
            }
            _ = layout.render(state)
        }
        return layout.render(state)
    }

    static func spec(_ choices: [Choice], title: String = "Fruit", message: String = "",
                     _ change: (inout SheetSpec) -> Void = { _ in }) -> PromptSpec {
        var spec = SheetStateTests.spec(choices, change)
        spec.title = title
        spec.message = message
        return spec
    }

    static let numbers = (1...1000).map { "item \($0)\n" }.joined()

    /// A sheet whose choices are read from stdin.
    static func piped(title: String = "Pick", message: String = "", _ change: (inout SheetSpec) -> Void = { _ in }) -> PromptSpec {
        spec([], title: title, message: message) {
            $0.source = .standardInput
            change(&$0)
        }
    }

    static let cases: [Case] = [
        Case(name: "a menu: digits beside the choices, Cancel apart", spec: spec(SheetStateTests.fruit.prefix(3).map { $0 }),
             keys: "↓", expected: [
                "╭────────────────────────────────╮",
                "│             Fruit              │",
                "├────────────────────────────────┤",
                "│   1 Apple                      │",
                "│ › 2 Banana                     │",
                "│   3 Cherry                     │",
                "├────────────────────────────────┤",
                "│             Cancel             │",
                "╰────────────────────────────────╯",
            ]),
        Case(name: "a destructive choice goes first; a message under the title",
             spec: spec([Choice("Keep"), Choice("Delete All", isDestructive: true)], title: "Old Files", message: "12 files are older than a year."),
             expected: [
                "╭─────────────────────────────────╮",
                "│            Old Files            │",
                "│ 12 files are older than a year. │",
                "├─────────────────────────────────┤",
                "│ › 1 Delete All                  │",
                "│   2 Keep                        │",
                "├─────────────────────────────────┤",
                "│             Cancel              │",
                "╰─────────────────────────────────╯",
            ]),
        Case(name: "a checklist: marks before the labels", spec: spec(SheetStateTests.fruit) {
            $0.allowsMultiple = true
            $0.selected = ["Banana", "Damson"]
        }, keys: "↓↓", expected: [
                "╭────────────────────────────────╮",
                "│             Fruit              │",
                "├────────────────────────────────┤",
                "│   [ ] 1 Apple                  │",
                "│   [x] 2 Banana                 │",
                "│   [ ] 3 Cherry                 │",
                "│ › [x] 4 Damson                 │",
                "│   [ ] 5 Elderberry             │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │      Done      │",
                "╰───────────────┴────────────────╯",
            ]),
        Case(name: "a checklist without Cancel: Done alone", spec: spec(SheetStateTests.fruit.prefix(2).map { $0 }) {
            $0.allowsMultiple = true
        }.noCancel, expected: [
                "╭────────────────────────────────╮",
                "│             Fruit              │",
                "├────────────────────────────────┤",
                "│ › [ ] 1 Apple                  │",
                "│   [ ] 2 Banana                 │",
                "├────────────────────────────────┤",
                "│              Done              │",
                "╰────────────────────────────────╯",
            ]),
        Case(name: "a long checklist: the hint names Space; cut to a narrow box", spec: piped { $0.allowsMultiple = true },
             lines: numbers, rows: 12, columns: 36, expected: [
                "╭─────────────────────────────────╮",
                "│              Pick               │",
                "│ Space marks, type… 1–4 of 1,000 │",
                "├─────────────────────────────────┤",
                "│ › [ ] item 1                    │",
                "│   [ ] item 2                    │",
                "│   [ ] item 3                    │",
                "│   [ ] item 4                    │",
                "├────────────────┬────────────────┤",
                "│     Cancel     │      Done      │",
                "╰────────────────┴────────────────╯",
            ]),
        Case(name: "a long list scrolls: which rows show, of how many", spec: piped(), lines: numbers, keys: "⇟⇟↓",
             expected: [
                "╭──────────────────────────────────────────────────────────────╮",
                "│                             Pick                             │",
                "│ Type to filter                                13–22 of 1,000 │",
                "├──────────────────────────────────────────────────────────────┤",
                "│   item 13                                                    │",
                "│   item 14                                                    │",
                "│   item 15                                                    │",
                "│   item 16                                                    │",
                "│   item 17                                                    │",
                "│   item 18                                                    │",
                "│   item 19                                                    │",
                "│   item 20                                                    │",
                "│   item 21                                                    │",
                "│ › item 22                                                    │",
                "├──────────────────────────────────────────────────────────────┤",
                "│                            Cancel                            │",
                "╰──────────────────────────────────────────────────────────────╯",
            ]),
        Case(name: "filtered: the matched characters, the count of matches", spec: piped(), lines: numbers,
             keys: "99", expected: [
                "╭──────────────────────────────────────────────────────────────╮",
                "│                             Pick                             │",
                "│ 99                                        1–10 of 28 matches │",
                "├──────────────────────────────────────────────────────────────┤",
                "│ › item 99                                                    │",
                "│   item 199                                                   │",
                "│   item 299                                                   │",
                "│   item 399                                                   │",
                "│   item 499                                                   │",
                "│   item 599                                                   │",
                "│   item 699                                                   │",
                "│   item 799                                                   │",
                "│   item 899                                                   │",
                "│   item 990                                                   │",
                "├──────────────────────────────────────────────────────────────┤",
                "│                            Cancel                            │",
                "╰──────────────────────────────────────────────────────────────╯",
            ]),
        Case(name: "still arriving", spec: piped(title: ""), lines: numbers, loading: true, expected: [
                "╭──────────────────────────────────────────────────────────────╮",
                "│ Type to filter                        1–10 of 1,000, loading │",
                "├──────────────────────────────────────────────────────────────┤",
                "│ › item 1                                                     │",
                "│   item 2                                                     │",
                "│   item 3                                                     │",
                "│   item 4                                                     │",
                "│   item 5                                                     │",
                "│   item 6                                                     │",
                "│   item 7                                                     │",
                "│   item 8                                                     │",
                "│   item 9                                                     │",
                "│   item 10                                                    │",
                "├──────────────────────────────────────────────────────────────┤",
                "│                            Cancel                            │",
                "╰──────────────────────────────────────────────────────────────╯",
            ]),
        Case(name: "a short terminal: the list keeps three rows; title and message give way",
             spec: piped(message: "A long message that takes two lines in a narrow box, or more."), lines: numbers,
             rows: 9, columns: 40, expected: [
                "╭─────────────────────────────────────╮",
                "│ Type to filter         1–3 of 1,000 │",
                "│ › item 1                            │",
                "│   item 2                            │",
                "│   item 3                            │",
                "├─────────────────────────────────────┤",
                "│               Cancel                │",
                "╰─────────────────────────────────────╯",
            ]),
        Case(name: "too short for the box: one line", spec: piped(), lines: numbers, rows: 5, columns: 40,
             keys: "↓", expected: [
                "Pick: item 2                     2/1000",
            ]),
        Case(name: "ASCII", spec: spec(SheetStateTests.fruit) { $0.allowsMultiple = true }, keys: " ", charset: .ascii, expected: [
                "+--------------------------------+",
                "|             Fruit              |",
                "+--------------------------------+",
                "| > [x] 1 Apple                  |",
                "|   [ ] 2 Banana                 |",
                "|   [ ] 3 Cherry                 |",
                "|   [ ] 4 Damson                 |",
                "|   [ ] 5 Elderberry             |",
                "+---------------+----------------+",
                "|    Cancel     |      Done      |",
                "+---------------+----------------+",
            ]),
        Case(name: "Tab: Cancel focused, no highlight", spec: spec(SheetStateTests.fruit.prefix(2).map { $0 }), keys: "\t",
             expected: [
                "╭────────────────────────────────╮",
                "│             Fruit              │",
                "├────────────────────────────────┤",
                "│   1 Apple                      │",
                "│   2 Banana                     │",
                "├────────────────────────────────┤",
                "│             Cancel             │",
                "╰────────────────────────────────╯",
            ]),
    ]

    @Test(arguments: cases)
    func golden(_ test: Case) {
        #expect(Self.render(test).goldenLines == test.expected)
    }

    /// A highlighted row reads as one bar: from its first cell to its last — pointer, mark,
    /// number, label, matched characters — one background and one foreground; what stands out
    /// in it does so by bold and underline only.
    @Test(arguments: [
        Case(name: "digits", spec: spec(SheetStateTests.fruit.prefix(3).map { $0 }), keys: "↓", expected: []),
        Case(name: "marks and digits", spec: spec(SheetStateTests.fruit) { $0.allowsMultiple = true }, keys: "↓ ", expected: []),
        Case(name: "destructive", spec: spec([Choice("Keep"), Choice("Delete All", isDestructive: true)]), expected: []),
        Case(name: "matched characters", spec: spec([Choice("Banana"), Choice("Burn It", isDestructive: true)]), keys: "bn↓",
             expected: []),
        Case(name: "marked and matched", spec: spec(SheetStateTests.fruit) { $0.allowsMultiple = true }, keys: "an ",
             expected: []),
    ])
    func aHighlightedRowIsOneBar(_ test: Case) {
        let screen = Self.render(test)
        let row = screen.goldenLines.firstIndex { $0.hasPrefix("│ ›") }!
        var bar = Set<Style>()
        for column in 1..<(screen.width - 1) {
            var style = screen[row, column].style
            style.bold = false
            style.underline = false
            bar.insert(style)
        }
        #expect(bar.count == 1, "\(bar)")
    }

    /// A checklist's Done is drawn as the alert's OK: the default (bold), in inverse once Tab
    /// reaches it, after Cancel.
    @Test(arguments: [("", nil), ("\t", ButtonRole.cancel), ("\t\t", .ok)] as [(String, ButtonRole?)])
    func doneIsTheDefaultButton(keys: String, focused: ButtonRole?) throws {
        let spec = Self.spec(SheetStateTests.fruit) { $0.allowsMultiple = true }
        let screen = Self.render(Case(name: "", spec: spec, keys: keys, expected: []))
        let row = try #require(screen.goldenLines.firstIndex { $0.contains("Done") })
        let line = Array(screen.goldenLines[row])
        for (label, role) in [("Cancel", ButtonRole.cancel), ("Done", .ok)] {
            let column = try #require((0..<line.count).first { String(line[$0..<min($0 + label.count, line.count)]) == label })
            #expect(screen[row, column].style == Style(bold: role == .ok, inverse: role == focused, foreground: .brightBlue),
                    "\(label)")
        }
        #expect(screen.goldenLines.contains { $0.hasPrefix("│ ›") } == (focused == nil))
    }

    /// Colour and emphasis: the highlight in inverse (a destructive one white on red), the
    /// characters the query matched in bold blue (bold and underlined in the highlight), a
    /// destructive choice in red, the digits and the counter in gray.
    @Test func styles() {
        let spec = Self.spec([Choice("Banana"), Choice("Burn It", isDestructive: true)])
        let screen = Self.render(Case(name: "", spec: spec, keys: "bn", expected: []))
        let lines = screen.goldenLines
        let burn = lines.firstIndex { $0.contains("Burn It") }!
        let banana = lines.firstIndex { $0.contains("Banana") }!
        func style(_ row: Int, _ text: String, offset: Int = 0) -> Style {
            let column = Array(lines[row]).firstIndex(of: Character(String(text.first!)))! + offset
            return screen[row, lines[row].distance(from: lines[row].startIndex, to: lines[row].index(lines[row].startIndex, offsetBy: column))].style
        }
        // "Burn It" comes first (destructive) and is highlighted: a red bar, white text, matched
        // "B" and "n" bold and underlined.
        #expect(burn < banana)
        #expect(style(burn, "B") == Style(bold: true, underline: true, foreground: .white, background: .red))
        #expect(style(burn, "u") == Style(foreground: .white, background: .red))
        #expect(style(banana, "B") == Style(bold: true, foreground: .brightBlue))
        #expect(style(banana, "a") == Style())
        #expect(style(banana, "n") == Style(bold: true, foreground: .brightBlue))
        let query = lines.firstIndex { $0.contains("2 of 2") }!
        #expect(style(query, "2") == Style(foreground: .gray))
    }
}
