import AskChoices
import AskFields
import AskGauge
import AskLayout
import AskModel
import AskSession
import AskKit
import AskPresentation
import AskRender
import AskText
import AskTextBox
import Testing

/// What plain mode writes for an action sheet, read as a transcript: the numbered list (a
/// destructive choice and one marked first said to be), what to type and what Enter alone
/// takes, then the prompt line.
struct PlainSheetModeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let spec: PromptSpec
        var keys = ""
        let screen: String
        var testDescription: String { name }
    }

    static func spec(_ choices: [Choice], _ change: (inout SheetSpec) -> Void = { _ in }) -> PromptSpec {
        var spec = SheetStateTests.spec(choices, change)
        spec.title = "Pick"
        return spec
    }

    static let fruit = [Choice("Apple"), Choice("Banana"), Choice("Cherry")]

    static let cases: [Case] = [
        Case(name: "descriptions after their choices; a checklist's bounds said", spec: spec([
            Choice(label: Array("Apple".utf8), value: Array("a".utf8), description: Array("Crisp".utf8)), Choice("Banana"),
        ]) {
            $0.allowsMultiple = true
            $0.mostMarks = 2
        }, screen: """
            Pick
            1) Apple — Crisp
            2) Banana
            (numbers or names, between spaces or commas, at most 2; Esc: Cancel)
            >
            """),
        Case(name: "a menu: Enter takes the first choice", spec: spec(fruit), keys: "ch", screen: """
            Pick
            1) Apple
            2) Banana
            3) Cherry
            (a number or a name; Enter: Apple; Esc: Cancel)
            > ch
            """),
        Case(name: "a selected choice: Enter takes it", spec: spec(fruit) { $0.selected = [ChoiceName("banana")] }, screen: """
            Pick
            1) Apple
            2) Banana
            3) Cherry
            (a number or a name; Enter: Banana; Esc: Cancel)
            >
            """),
        Case(name: "a destructive choice: said to be, and Enter takes the first that is not",
             spec: spec([Choice("Keep them"), Choice("Delete them", isDestructive: true)]), screen: """
            Pick
            1) Delete them (destructive)
            2) Keep them
            (a number or a name; Enter: Keep them; Esc: Cancel)
            >
            """),
        Case(name: "only destructive choices: Enter takes none of them",
             spec: spec([Choice("Delete", isDestructive: true), Choice("Wipe", isDestructive: true)]), screen: """
            Pick
            1) Delete (destructive)
            2) Wipe (destructive)
            (a number or a name; Esc: Cancel)
            >
            """),
        Case(name: "a checklist with marks: the marked said to be, names added to them",
             spec: spec(fruit) { $0.allowsMultiple = true; $0.selected = [ChoiceName("Apple"), ChoiceName("Cherry")] }, screen: """
            Pick
            1) Apple (marked)
            2) Banana
            3) Cherry (marked)
            (numbers or names, between spaces or commas, added to those marked; Esc: Cancel)
            >
            """),
        Case(name: "a checklist without marks", spec: spec(fruit) { $0.allowsMultiple = true; $0.requiresSelection = true }, screen: """
            Pick
            1) Apple
            2) Banana
            3) Cherry
            (numbers or names, between spaces or commas, at least one; Esc: Cancel)
            >
            """),
        Case(name: "a radio list: one name, Enter takes the marked one",
             spec: spec(fruit) { $0.allowsMultiple = true; $0.marksOne = true; $0.selected = [ChoiceName("Banana")] }, screen: """
            Pick
            1) Apple
            2) Banana (marked)
            3) Cherry
            (a number or a name; Enter: Banana; Esc: Cancel)
            >
            """),
        Case(name: "a destructive choice marked first", spec: spec([Choice("Apple"), Choice("Burn", isDestructive: true)]) {
                $0.allowsMultiple = true
                $0.selected = [ChoiceName("Burn")]
             }, screen: """
            Pick
            1) Burn (destructive, marked)
            2) Apple
            (numbers or names, between spaces or commas, added to those marked; Esc: Cancel)
            >
            """),
        Case(name: "a destructive choice's number is said back, and Enter alone takes it",
             spec: spec([Choice("Keep them"), Choice("Delete them", isDestructive: true)]), keys: "1\r", screen: """
            Pick
            1) Delete them (destructive)
            2) Keep them
            (a number or a name; Enter: Keep them; Esc: Cancel)
            > 1
            Delete them is destructive: Enter chooses it, or type another
            >
            """),
    ]

    @Test(arguments: cases)
    func transcript(_ test: Case) {
        let content = AlertContent(spec: test.spec, charset: .utf8, usesColor: false)
        var state = SheetState(spec: test.spec, loading: false, namesChoices: true)
        var renderer = PlainSheetRenderer()
        var writes = [renderer.begin(content, state)]
        for event in FieldsStateTests.events(test.keys) {
            _ = state.handle(event, page: 1)
            writes.append(renderer.update(content, state))
        }
        #expect(PlainModeTests.screen(writes) == test.screen)
    }
}
