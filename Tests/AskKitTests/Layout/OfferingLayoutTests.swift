import AskFields
import AskKit
import AskLayout
import AskModel
import AskText
import TestSupport
import Testing

/// Golden screens of a field that offers text: a suggestion's rest faint after the cursor, and a
/// path's choices on the line under the field, the one taken in inverse. Underlined blanks show as `_`.
struct OfferingLayoutTests {
    static let files = OfferingFieldTests.files([
        ".": ["ask-docs/", "ask/", "AskKit/", "AskLayout/", "AskModel/", "AskPresentation/", "AskRender/", "AskSession/"],
    ])

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let spec: PromptSpec
        let typed: String
        let expected: [String]
        /// Text on the screen in inverse, and text in faint type (none when nil).
        var inverse: String?
        var faint: String?
        var testDescription: String { name }
    }

    static func field(_ change: (inout FieldSpec) -> Void) -> PromptSpec {
        var spec = PromptSpec(title: "Where")
        var field = FieldSpec()
        change(&field)
        spec.body = .fields([field])
        return spec
    }

    static let cases: [Case] = [
        Case(name: "a suggestion's rest, faint, after the cursor", spec: field { $0.suggestions = ["production"] }, typed: "pr",
             expected: [
                "╭────────────────────────────────╮",
                "│             Where              │",
                "│                                │",
                "│ production____________________ │",
                "│                                │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │       OK       │",
                "╰───────────────┴────────────────╯",
             ], faint: "oduction"),
        Case(name: "a path field keeps a line under it", spec: field { $0.keyboard = .path }, typed: "",
             expected: [
                "╭────────────────────────────────╮",
                "│             Where              │",
                "│                                │",
                "│ ______________________________ │",
                "│                                │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │       OK       │",
                "╰───────────────┴────────────────╯",
             ]),
        Case(name: "the choices under the field", spec: field { $0.keyboard = .path }, typed: "Ask\t",
             expected: [
                "╭────────────────────────────────╮",
                "│             Where              │",
                "│                                │",
                "│ Ask___________________________ │",
                "│ AskKit/  AskLayout/  AskModel/ │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │       OK       │",
                "╰───────────────┴────────────────╯",
             ]),
        Case(name: "the one taken in inverse", spec: field { $0.keyboard = .path }, typed: "Ask\t\t\t",
             expected: [
                "╭────────────────────────────────╮",
                "│             Where              │",
                "│                                │",
                "│ AskLayout/____________________ │",
                "│ AskKit/  AskLayout/  AskModel/ │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │       OK       │",
                "╰───────────────┴────────────────╯",
             ], inverse: "AskLayout/"),
        Case(name: "a choice past the line's end: the line starts at it", spec: field { $0.keyboard = .path }, typed: "Ask\t\t\t\t\t",
             expected: [
                "╭────────────────────────────────╮",
                "│             Where              │",
                "│                                │",
                "│ AskPresentation/______________ │",
                "│ AskPresentation/  AskRender/   │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │       OK       │",
                "╰───────────────┴────────────────╯",
             ], inverse: "AskPresentation/"),
    ]

    @Test(arguments: cases)
    func golden(_ example: Case) {
        let content = AlertContent(spec: example.spec, charset: .utf8, usesColor: false)
        var layout = AlertLayout(content: content, fields: example.spec.fields, size: TerminalSize(rows: 24, columns: 80))
        var state = PromptState(spec: example.spec, files: Self.files)
        for event in InputEvent.typed(example.typed) { _ = state.handle(event, buttonOrder: layout.buttonOrder) }
        let screen = layout.render(state)
        #expect(screen.goldenLines == example.expected)
        #expect(Self.cells(of: screen) { $0.style.inverse } == (example.inverse ?? ""))
        #expect(Self.cells(of: screen) { $0.style.dim } == (example.faint ?? ""))
    }

    /// The text of the cells `condition` picks, in reading order.
    static func cells(of screen: Screen, where condition: (Cell) -> Bool) -> String {
        var text = ""
        for row in 0..<screen.height {
            for column in 0..<screen.width where condition(screen[row, column]) { text += screen[row, column].text }
        }
        return text
    }
}
