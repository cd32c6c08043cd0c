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

/// Where the terminal's cursor stands in each kind of alert, full and in one line: where typing
/// goes — a field's insertion point, the list's query — and nowhere (hidden) where the focus is
/// drawn already (a button or a choice in inverse, a gauge): a block cursor there would punch a
/// hole in it. Each case is a golden screen, the cursor's cell, and what that cell shows.
struct CursorLayoutTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        var rows = 24
        var columns = 80
        /// The alert drawn at a size, after its keys.
        let draw: @Sendable (TerminalSize) -> Screen
        let expected: [String]
        /// Row and column of the cursor; nil: hidden.
        let cursor: (Int, Int)?
        /// The text of the cell under it.
        var under: String?
        var testDescription: String { name }
    }

    /// Text fields after `keys` (as `FieldsStateTests.events` spells them).
    static func fields(_ spec: PromptSpec, _ keys: String = "") -> @Sendable (TerminalSize) -> Screen {
        { size in
            var layout = AlertLayout(content: AlertContent(spec: spec, charset: .utf8, usesColor: false), fields: spec.fields, size: size)
            var state = PromptState(spec: spec)
            for event in FieldsStateTests.events(keys) { _ = state.handle(event) }
            return layout.render(state)
        }
    }

    /// An action sheet of `choices` after `keys` (as `SheetStateTests.events` spells them).
    static func sheet(_ spec: PromptSpec, _ keys: String = "") -> @Sendable (TerminalSize) -> Screen {
        { size in
            SheetLayoutTests.render(SheetLayoutTests.Case(name: "", spec: spec, rows: size.rows, columns: size.columns, keys: keys,
                                                          expected: []))
        }
    }

    static func gauge(percent: Int) -> @Sendable (TerminalSize) -> Screen {
        { size in
            var spec = PromptSpec(title: "Copying")
            spec.body = .gauge(GaugeSpec(percent: percent))
            let state = GaugeState(spec: spec)
            var view = 0
            let frame = Frame<GaugeView>(state, content: AlertContent(spec: spec, charset: .utf8, usesColor: false), size: size,
                                         view: &view)
            return frame.render(state, view: &view)
        }
    }

    static func text(file: String?) -> @Sendable (TerminalSize) -> Screen {
        { size in
            var spec = PromptSpec(title: "Licence")
            spec.body = .text(TextSpec(file: file))
            let state = file.map { TextState(text: Array($0.utf8)) } ?? .info
            var view = TextView.ViewState()
            let frame = Frame<TextView>(state, content: AlertContent(spec: spec, charset: .utf8, usesColor: false), size: size,
                                        view: &view)
            return frame.render(state, view: &view)
        }
    }

    static let name = PromptSpec(title: "Name")
    static let confirmation = {
        var spec = PromptSpec(title: "Continue?")
        spec.body = .fields([])
        return spec
    }()
    static let wipe = {
        var spec = confirmation
        spec.title = "Wipe the disk?"
        spec.okLabel = "Wipe"
        spec.isDestructive = true
        return spec
    }()
    static let save = {
        var spec = PromptSpec(title: "Save changes?")
        spec.okLabel = "Save"
        spec.secondaryLabel = "Save As"
        return spec
    }()
    static let fruit = SheetStateTests.spec(Array(SheetStateTests.fruit.prefix(3)))
    static let twelve = SheetStateTests.spec((1...12).map { Choice("choice \($0)") })
    static let toppings = SheetStateTests.spec([Choice("Cheese"), Choice("Olives")]) { $0.allowsMultiple = true }
    static let other = SheetStateTests.spec(Array(SheetStateTests.fruit.prefix(3))) { $0.allowsOther = true }
    static let menu = SheetStateTests.spec(Array(SheetStateTests.fruit.prefix(3))) { $0.buttonsHoldFocus = true }.personality()
    static let onlyDestructive = SheetStateTests.spec([Choice("Delete", isDestructive: true), Choice("Wipe", isDestructive: true)])

    /// The alert with `jo` typed: where the cursor is, the cases say.
    static let nameBox = [
        "╭────────────────────────────────╮",
        "│              Name              │",
        "│                                │",
        "│ jo____________________________ │",
        "│                                │",
        "├───────────────┬────────────────┤",
        "│    Cancel     │       OK       │",
        "╰───────────────┴────────────────╯",
    ]
    /// The sheet with `ch` typed.
    static let filtered = [
        "╭────────────────────────────────╮",
        "│             Fruit              │",
        "│ ch                         1/3 │",
        "├────────────────────────────────┤",
        "│ › Cherry                       │",
        "│                                │",
        "│                                │",
        "├────────────────────────────────┤",
        "│             Cancel             │",
        "╰────────────────────────────────╯",
    ]

    static let cases: [Case] = [
        Case(name: "a field: after the typed text", draw: fields(name, "jo"), expected: nameBox, cursor: (3, 4), under: "_"),
        Case(name: "a field, Tab: hidden, Cancel drawn in inverse", draw: fields(name, "jo\t"), expected: nameBox, cursor: nil),
        Case(name: "a field, Tab twice: hidden, OK drawn in inverse", draw: fields(name, "jo\t\t"), expected: nameBox, cursor: nil),
        Case(name: "a confirmation: hidden, the default button drawn in inverse", draw: fields(confirmation), expected: [
            "╭────────────────────────────────╮",
            "│           Continue?            │",
            "├───────────────┬────────────────┤",
            "│    Cancel     │       OK       │",
            "╰───────────────┴────────────────╯",
        ], cursor: nil),
        Case(name: "a destructive confirmation: hidden, Cancel (the default) in inverse", draw: fields(wipe), expected: [
            "╭────────────────────────────────╮",
            "│         Wipe the disk?         │",
            "├───────────────┬────────────────┤",
            "│    Cancel     │     ! Wipe     │",
            "╰───────────────┴────────────────╯",
        ], cursor: nil),
        Case(name: "stacked buttons: Tab to the top one, Down to the next, hidden", draw: fields(save, "\t↓"), expected: [
            "╭────────────────────────────────╮",
            "│         Save changes?          │",
            "│                                │",
            "│ ______________________________ │",
            "│                                │",
            "├────────────────────────────────┤",
            "│              Save              │",
            "├────────────────────────────────┤",
            "│            Save As             │",
            "├────────────────────────────────┤",
            "│             Cancel             │",
            "╰────────────────────────────────╯",
        ], cursor: nil),
        Case(name: "one line, a field: after the typed text", rows: 3, columns: 30, draw: fields(name, "jo"), expected: [
            "Name: jo_____________________",
        ], cursor: (0, 8), under: "_"),
        Case(name: "one line, Tab: the buttons, hidden", rows: 3, columns: 30, draw: fields(name, "jo\t"), expected: [
            "Name: [Cancel] [OK]",
        ], cursor: nil),
        Case(name: "one line, a confirmation: hidden", rows: 3, columns: 30, draw: fields(confirmation), expected: [
            "Continue? [Cancel] [OK]",
        ], cursor: nil),
        Case(name: "a short list: the query's caret, before its hint", draw: sheet(fruit, "↓↓"), expected: [
            "╭────────────────────────────────╮",
            "│             Fruit              │",
            "│ Type to filter                 │",
            "├────────────────────────────────┤",
            "│   1 Apple                      │",
            "│   2 Banana                     │",
            "│ › 3 Cherry                     │",
            "├────────────────────────────────┤",
            "│             Cancel             │",
            "╰────────────────────────────────╯",
        ], cursor: (2, 2), under: "T"),
        Case(name: "a long list: the query's caret, not the highlighted row", rows: 12, draw: sheet(twelve, "↓"), expected: [
            "╭────────────────────────────────╮",
            "│             Fruit              │",
            "│ Type to filter       1–4 of 12 │",
            "├────────────────────────────────┤",
            "│   choice 1                     │",
            "│ › choice 2                     │",
            "│   choice 3                     │",
            "│   choice 4                     │",
            "├────────────────────────────────┤",
            "│             Cancel             │",
            "╰────────────────────────────────╯",
        ], cursor: (2, 2), under: "T"),
        Case(name: "typing filters: after the typed text", draw: sheet(fruit, "ch"), expected: filtered, cursor: (2, 4), under: " "),
        Case(name: "Left into the query: at its insertion point", draw: sheet(fruit, "ch←"), expected: filtered, cursor: (2, 3), under: "h"),
        Case(name: "nothing matches: at the end of the query", draw: sheet(fruit, "zz"), expected: [
            "╭────────────────────────────────╮",
            "│             Fruit              │",
            "│ zz                         0/3 │",
            "├────────────────────────────────┤",
            "│                                │",
            "│                                │",
            "│                                │",
            "├────────────────────────────────┤",
            "│             Cancel             │",
            "╰────────────────────────────────╯",
        ], cursor: (2, 4), under: " "),
        Case(name: "--allow-other, the offer highlighted: after the typed text", draw: sheet(other, "zz"), expected: [
            "╭────────────────────────────────╮",
            "│             Fruit              │",
            "│ zz                         0/3 │",
            "├────────────────────────────────┤",
            "│ › Use ‘zz’                     │",
            "│                                │",
            "│                                │",
            "│                                │",
            "├────────────────────────────────┤",
            "│             Cancel             │",
            "╰────────────────────────────────╯",
        ], cursor: (2, 4), under: " "),
        Case(name: "a checklist: the query's caret, before its hint", draw: sheet(toppings, " "), expected: [
            "╭────────────────────────────────╮",
            "│             Fruit              │",
            "│ Space marks, type to filter    │",
            "├────────────────────────────────┤",
            "│ › [x] 1 Cheese                 │",
            "│   [ ] 2 Olives                 │",
            "├───────────────┬────────────────┤",
            "│    Cancel     │      Done      │",
            "╰───────────────┴────────────────╯",
        ], cursor: (2, 2), under: "S"),
        Case(name: "a list, Tab: hidden", draw: sheet(fruit, "\t"), expected: [
            "╭────────────────────────────────╮",
            "│             Fruit              │",
            "│ Type to filter                 │",
            "├────────────────────────────────┤",
            "│   1 Apple                      │",
            "│   2 Banana                     │",
            "│   3 Cherry                     │",
            "├────────────────────────────────┤",
            "│             Cancel             │",
            "╰────────────────────────────────╯",
        ], cursor: nil),
        Case(name: "only destructive choices: Cancel has the focus, the cursor hidden", draw: sheet(onlyDestructive), expected: [
            "╭────────────────────────────────╮",
            "│             Fruit              │",
            "│ Type to filter                 │",
            "├────────────────────────────────┤",
            "│   1 ! Delete                   │",
            "│   2 ! Wipe                     │",
            "├────────────────────────────────┤",
            "│             Cancel             │",
            "╰────────────────────────────────╯",
        ], cursor: nil),
        Case(name: "dialog's menu: a button holds the focus, the cursor hidden", draw: sheet(menu, "↓"), expected: [
            "╭────────────────────────────────╮",
            "│             Fruit              │",
            "├────────────────────────────────┤",
            "│   1 Apple                      │",
            "│ › 2 Banana                     │",
            "│   3 Cherry                     │",
            "├───────────────┬────────────────┤",
            "│      OK       │     Cancel     │",
            "╰───────────────┴────────────────╯",
        ], cursor: nil),
        Case(name: "dialog's menu, Tab: hidden", draw: sheet(menu, "\t"), expected: [
            "╭────────────────────────────────╮",
            "│             Fruit              │",
            "├────────────────────────────────┤",
            "│ › 1 Apple                      │",
            "│   2 Banana                     │",
            "│   3 Cherry                     │",
            "├───────────────┬────────────────┤",
            "│      OK       │     Cancel     │",
            "╰───────────────┴────────────────╯",
        ], cursor: nil),
        Case(name: "one line, a list: hidden, the choice drawn in inverse", rows: 3, columns: 30, draw: sheet(toppings), expected: [
            "Fruit: [ ] Cheese         1/2",
        ], cursor: nil),
        Case(name: "one line, a list, Tab: the buttons, hidden", rows: 3, columns: 40, draw: sheet(toppings, "\t"),
             expected: [
            "Fruit: [ ] Cheese   [Cancel] [Done] 1/2",
        ], cursor: nil),
        Case(name: "one line, dialog's menu: the choice, then the buttons, hidden", rows: 3, columns: 40, draw: sheet(menu),
             expected: [
            "Fruit: Apple          [OK] [Cancel] 1/3",
        ], cursor: nil),
        Case(name: "a gauge: hidden", draw: gauge(percent: 42), expected: [
            "╭──────────────────────────────────────────╮",
            "│                 Copying                  │",
            "│ ██████████████░░░░░░░░░░░░░░░░░░░░░  42% │",
            "╰──────────────────────────────────────────╯",
        ], cursor: nil),
        Case(name: "one line, a gauge: hidden", rows: 2, columns: 40, draw: gauge(percent: 7), expected: [
            "Copying: █░░░░░░░░░░░░░░░░░░░░░░░░   7%",
        ], cursor: nil),
        Case(name: "a text box: hidden, OK drawn in inverse", draw: text(file: "Permission is hereby granted."), expected: [
            "╭────────────────────────────────╮",
            "│            Licence             │",
            "├────────────────────────────────┤",
            "│ Permission is hereby granted.  │",
            "├────────────────────────────────┤",
            "│               OK               │",
            "╰────────────────────────────────╯",
        ], cursor: nil),
        Case(name: "one line, a text box: the title, then OK, hidden", rows: 3, columns: 30, draw: text(file: "Permission"), expected: [
            "Licence: [OK]",
        ], cursor: nil),
    ]

    @Test(arguments: cases)
    func theCursorStandsOnWhatHasTheFocus(_ test: Case) {
        let screen = test.draw(TerminalSize(rows: test.rows, columns: test.columns))
        #expect(screen.goldenLines == test.expected)
        #expect(screen.cursor.map { [$0.row, $0.column] } == test.cursor.map { [$0.0, $0.1] })
        // What the golden line shows there (a field's blank as `_`).
        #expect(screen.cursor.map { Array(screen.goldenLines[$0.row] + String(repeating: " ", count: screen.width))[$0.column] }
            .map(String.init) == test.under)
    }

    /// Whatever the size, a cursor shown is inside what is drawn, on a cell that is not in
    /// inverse (a hole in a highlight is what it must never be); a field always shows it.
    @Test(arguments: [(24, 80), (12, 40), (6, 30), (3, 30), (2, 20), (8, 20), (40, 200)])
    func theCursorIsNeverAHoleAtAnySize(rows: Int, columns: Int) {
        for test in Self.cases {
            let screen = test.draw(TerminalSize(rows: rows, columns: columns))
            if test.name.hasPrefix("a field:") || test.name.hasPrefix("one line, a field:") {
                #expect(screen.cursor != nil, "\(test.name) at \(rows)×\(columns): \(screen.goldenLines)")
            }
            guard let cursor = screen.cursor else { continue }
            #expect(cursor.row < screen.height && cursor.column < screen.width, "\(test.name)")
            if cursor.row < screen.height && cursor.column < screen.width {
                let style = screen[cursor.row, cursor.column].style
                #expect(!style.inverse && style.background == nil, "\(test.name) at \(rows)×\(columns): \(style)")
            }
        }
    }

    /// A gauge's new value: the changed cells alone, the cursor (hidden) left after them.
    @Test(arguments: [(41, 42, "\u{1B}[A\u{1B}[41G\u{1B}[0;1m2\u{1B}[m"), (9, 10, "\u{1B}[A\u{1B}[40G\u{1B}[0;1m10\u{1B}[m"),
                      (99, 100, "\u{1B}[A\u{1B}[37G█ \u{1B}[0;1m100\u{1B}[m")])
    func aGaugeUpdateWritesNoMoveAfterIt(from: Int, to: Int, expected: String) {
        let size = TerminalSize(rows: 24, columns: 80)
        var renderer = ScreenRenderer()
        _ = renderer.frame(Self.gauge(percent: from)(size))
        #expect(String(decoding: renderer.frame(Self.gauge(percent: to)(size)), as: UTF8.self) == expected)
    }

    /// An info box waits for nothing: it ends as it is drawn, and the cursor goes below it.
    @Test(arguments: [(24, 80), (3, 30)])
    func anInfoBoxHidesTheCursor(rows: Int, columns: Int) {
        #expect(Self.text(file: nil)(TerminalSize(rows: rows, columns: columns)).cursor == nil)
    }
}
