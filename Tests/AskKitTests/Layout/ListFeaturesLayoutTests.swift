import AskChoices
import AskLayout
import AskKit
import AskModel
import TestSupport
import Testing

/// Golden screens of a list's later features: a checklist's bounds said under the list.
struct ListFeaturesLayoutTests {
    typealias Case = SheetLayoutTests.Case

    static func checklist(_ change: @escaping (inout SheetSpec) -> Void) -> PromptSpec {
        SheetLayoutTests.spec(SheetStateTests.fruit) {
            $0.allowsMultiple = true
            change(&$0)
        }
    }

    static let cases: [Case] = [
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

    @Test(arguments: cases)
    func golden(_ test: Case) {
        let screen = SheetLayoutTests.render(test)
        #expect(screen.goldenLines == test.expected, Comment(rawValue: "\n" + screen.goldenLines.map { "\"\($0)\"," }.joined(separator: "\n")))
    }
}
