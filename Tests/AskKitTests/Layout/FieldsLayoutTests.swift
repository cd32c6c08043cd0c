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
import TestSupport
import Testing

/// Golden screens of alerts with several fields: labels beside or above, status lines under
/// each field, scrolling when the terminal is short. Underlined blanks show as `_`.
struct FieldsLayoutTests {
    static func fields(_ labels: [String], title: String = "Sign In", message: String = "",
                       _ change: (inout PromptSpec) -> Void = { _ in }) -> PromptSpec {
        var spec = PromptSpec(title: title, message: message)
        spec.body = .fields(labels.map { FieldSpec(label: $0) })
        change(&spec)
        return spec
    }

    static let login = fields(["User Name", "Password"]) { $0.editFields { $0[1].isSecure = true } }
    static let contact = fields(["Name", "Email", "Phone", "City", "Country"], title: "Contact", message: "Who you are")

    /// Keys as typed (`InputEvent.typed`): Tab, Return, Shift-Tab as `\t`, `\r`, `\u{19}`.
    static func keys(_ text: String) -> [InputEvent] { InputEvent.typed(text) }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let spec: PromptSpec
        let rows: Int
        let columns: Int
        var typed = ""
        let expected: [String]
        /// Where the cursor is: row and column.
        let cursor: (Int, Int)?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "two fields, labels beside, the second focused after Return", spec: login, rows: 24, columns: 80,
             typed: "jane\r", expected: [
                "╭────────────────────────────────╮",
                "│            Sign In             │",
                "│                                │",
                "│ User Name jane________________ │",
                "│                                │",
                "│ Password  ____________________ │",
                "│                                │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │       OK       │",
                "╰───────────────┴────────────────╯",
             ], cursor: (5, 12)),
        Case(name: "two fields: the secure one masked", spec: login, rows: 24, columns: 80, typed: "jane\rpw", expected: [
                "╭────────────────────────────────╮",
                "│            Sign In             │",
                "│                                │",
                "│ User Name jane________________ │",
                "│                                │",
                "│ Password  ••__________________ │",
                "│                                │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │       OK       │",
                "╰───────────────┴────────────────╯",
             ], cursor: (5, 14)),
        Case(name: "three fields", spec: fields(["Host", "Port", "User"], title: "Connect"), rows: 24, columns: 80, expected: [
                "╭────────────────────────────────╮",
                "│            Connect             │",
                "│                                │",
                "│ Host _________________________ │",
                "│                                │",
                "│ Port _________________________ │",
                "│                                │",
                "│ User _________________________ │",
                "│                                │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │       OK       │",
                "╰───────────────┴────────────────╯",
             ], cursor: (3, 7)),
        Case(name: "five fields, wide terminal", spec: contact, rows: 24, columns: 80, expected: [
                "╭────────────────────────────────╮",
                "│            Contact             │",
                "│          Who you are           │",
                "│                                │",
                "│ Name    ______________________ │",
                "│                                │",
                "│ Email   ______________________ │",
                "│                                │",
                "│ Phone   ______________________ │",
                "│                                │",
                "│ City    ______________________ │",
                "│                                │",
                "│ Country ______________________ │",
                "│                                │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │       OK       │",
                "╰───────────────┴────────────────╯",
             ], cursor: (4, 10)),
        Case(name: "five fields, short terminal: the message goes first, the fields scroll to the focused one",
             spec: contact, rows: 9, columns: 40, typed: "\r\r\r\r", expected: [
                "╭────────────────────────────────╮",
                "│ Email   ______________________↑│",
                "│ Phone   ______________________ │",
                "│ City    ______________________ │",
                "│ Country ______________________ │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │       OK       │",
                "╰───────────────┴────────────────╯",
             ], cursor: (4, 10)),
        Case(name: "five fields, short terminal, the first focused: more below", spec: contact, rows: 9, columns: 40, expected: [
                "╭────────────────────────────────╮",
                "│ Name    ______________________ │",
                "│ Email   ______________________ │",
                "│ Phone   ______________________ │",
                "│ City    ______________________↓│",
                "├───────────────┬────────────────┤",
                "│    Cancel     │       OK       │",
                "╰───────────────┴────────────────╯",
             ], cursor: (1, 10)),
        Case(name: "five fields, narrow terminal: labels above", spec: contact, rows: 24, columns: 20, expected: [
                "╭─────────────────╮",
                "│     Contact     │",
                "│   Who you are   │",
                "│                 │",
                "│ Name            │",
                "│ _______________ │",
                "│                 │",
                "│ Email           │",
                "│ _______________ │",
                "│                 │",
                "│ Phone           │",
                "│ _______________ │",
                "│                 │",
                "│ City            │",
                "│ _______________ │",
                "│                 │",
                "│ Country         │",
                "│ _______________ │",
                "│                 │",
                "├────────┬────────┤",
                "│ Cancel │   OK   │",
                "╰────────┴────────╯",
             ], cursor: (5, 2)),
        Case(name: "CJK labels: the column by display width", spec: fields(["用户名", "密码"], title: "登录") { $0.editFields { $0[1].isSecure = true } },
             rows: 24, columns: 80, typed: "张三", expected: [
                "╭────────────────────────────────╮",
                "│              登录              │",
                "│                                │",
                "│ 用户名 张三___________________ │",
                "│                                │",
                "│ 密码   _______________________ │",
                "│                                │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │       OK       │",
                "╰───────────────┴────────────────╯",
             ], cursor: (3, 13)),
        Case(name: "long labels go above the fields",
             spec: fields(["The name of the account", "The account's password"]) { $0.editFields { $0[1].isSecure = true } },
             rows: 24, columns: 40, expected: [
                "╭─────────────────────────────────────╮",
                "│               Sign In               │",
                "│                                     │",
                "│ The name of the account             │",
                "│ ___________________________________ │",
                "│                                     │",
                "│ The account's password              │",
                "│ ___________________________________ │",
                "│                                     │",
                "├──────────────────┬──────────────────┤",
                "│      Cancel      │        OK        │",
                "╰──────────────────┴──────────────────╯",
             ], cursor: (4, 2)),
        Case(name: "a refused field gets the focus and its reason under it",
             spec: fields(["User Name", "Password"]) { $0.editFields { $0[0].validation.isRequired = true } }, rows: 24, columns: 80,
             typed: "\r\r", expected: [
                "╭─────────────────────────────────╮",
                "│             Sign In             │",
                "│                                 │",
                "│ User Name _____________________ │",
                "│           An answer is required │",
                "│ Password  _____________________ │",
                "│                                 │",
                "├────────────────┬────────────────┤",
                "│     Cancel     │       OK       │",
                "╰────────────────┴────────────────╯",
             ], cursor: (3, 12)),
        Case(name: "compact: the current field is named", spec: login, rows: 3, columns: 40, typed: "jane\r", expected: [
                "Password: _____________________________",
             ], cursor: (0, 10)),
    ]

    @Test(arguments: cases)
    func golden(_ example: Case) {
        let content = AlertContent(spec: example.spec, charset: .utf8, usesColor: false)
        var layout = AlertLayout(content: content, fields: example.spec.fields, size: TerminalSize(rows: example.rows, columns: example.columns))
        var state = PromptState(spec: example.spec)
        for event in Self.keys(example.typed) { _ = state.handle(event, buttonOrder: layout.buttonOrder) }
        let screen = layout.render(state)
        #expect(screen.goldenLines == example.expected)
        #expect(screen.cursor.map { [$0.row, $0.column] } == example.cursor.map { [$0.0, $0.1] })
    }

    /// One spacing whatever the rules: a form whose fields have rules (an error can show under
    /// them) has the rows of the same form without any, its fields on the same rows (the box
    /// may be wider, for its longest error), until an error shows.
    @Test(arguments: [
        { (spec: inout PromptSpec) in spec.editFields { $0[1].validation.minimumLength = 8 } },
        { (spec: inout PromptSpec) in spec.editFields { $0[0].validation.isRequired = true } },
        { (spec: inout PromptSpec) in spec.editFields { $0[2].keyboard = .email } },
    ] as [@Sendable (inout PromptSpec) -> Void])
    func rulesDoNotChangeTheSpacing(_ rule: @Sendable (inout PromptSpec) -> Void) {
        /// Each row's kind: a field's, or another (a border, the title, a blank row).
        func rows(_ spec: PromptSpec) -> [Bool] {
            var layout = AlertLayout(content: AlertContent(spec: spec, charset: .utf8, usesColor: false), fields: spec.fields,
                                     size: TerminalSize(rows: 24, columns: 80))
            return layout.render(PromptState(spec: spec)).goldenLines.map { $0.contains("_") }
        }
        let plain = Self.fields(["User", "Password", "Email"], title: "Account")
        var ruled = plain
        rule(&ruled)
        #expect(rows(ruled) == rows(plain))
        #expect(rows(plain) == [false, false, false, true, false, true, false, true, false, false, false, false])
    }

    /// Scrolling moves as little as it can: going back up one field shows it at the top, and
    /// the fields below stay where they are until the focus reaches past them.
    @Test func theFieldsScrollAsLittleAsTheyCan() {
        let content = AlertContent(spec: Self.contact, charset: .ascii, usesColor: false)
        var layout = AlertLayout(content: content, fields: Self.contact.fields, size: TerminalSize(rows: 8, columns: 40))
        var state = PromptState(spec: Self.contact)
        func shown() -> [String] {
            layout.render(state).goldenLines.dropFirst().prefix(3).map { String($0.dropFirst(2).prefix(7)) }
        }
        func press(_ keys: String) { for event in Self.keys(keys) { _ = state.handle(event, buttonOrder: layout.buttonOrder) } }
        #expect(shown() == ["Name   ", "Email  ", "Phone  "])
        press("\r\r")
        #expect(shown() == ["Name   ", "Email  ", "Phone  "])
        press("\r")
        #expect(shown() == ["Email  ", "Phone  ", "City   "])
        press("\r")
        #expect(shown() == ["Phone  ", "City   ", "Country"])
        press("\u{19}\u{19}")
        #expect(shown() == ["Phone  ", "City   ", "Country"])
        press("\u{19}")
        #expect(shown() == ["Email  ", "Phone  ", "City   "])
        // Tab from the last field reaches the buttons; the fields stay as they were.
        press("\t\t\t\t")
        #expect(state.focus == .button(.cancel))
        #expect(shown() == ["Phone  ", "City   ", "Country"])
    }

    /// The focused field's label is bold (with one field there is no label to mark).
    @Test func theFocusedFieldsLabelIsBold() {
        let content = AlertContent(spec: Self.login, charset: .utf8, usesColor: true)
        var layout = AlertLayout(content: content, fields: Self.login.fields, size: TerminalSize(rows: 24, columns: 80))
        var state = PromptState(spec: Self.login)
        var screen = layout.render(state)
        #expect(screen[3, 2].style.bold && !screen[5, 2].style.bold)
        _ = state.handle(.key(.tab), buttonOrder: layout.buttonOrder)
        screen = layout.render(state)
        #expect(!screen[3, 2].style.bold && screen[5, 2].style.bold)
    }

    /// Moving the focus from one field to the next rewrites only the two labels' cells (their
    /// weight) and moves the cursor: no field, no border, no button is written again.
    @Test func movingTheFocusWritesOnlyWhatChanged() {
        let content = AlertContent(spec: Self.login, charset: .utf8, usesColor: true)
        var layout = AlertLayout(content: content, fields: Self.login.fields, size: TerminalSize(rows: 24, columns: 80))
        var state = PromptState(spec: Self.login)
        for event in Self.keys("jane") { _ = state.handle(event, buttonOrder: layout.buttonOrder) }
        let before = layout.render(state)
        _ = state.handle(.key(.enter), buttonOrder: layout.buttonOrder)
        let after = layout.render(state)
        let runs = ScreenDiff.runs(from: before, to: after)
        #expect(runs.map { $0.row }.sorted() == [3, 5])
        #expect(runs.allSatisfy { $0.columns.lowerBound >= 2 && $0.columns.upperBound <= 11 })
    }
}
