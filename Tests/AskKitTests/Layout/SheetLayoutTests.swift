import AskChoices
import AskFields
import AskGauge
import AskLayout
import AskModel
import AskRender
import AskSession
import AskKit
import AskPresentation
import AskText
import AskTextBox
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
            _ = state.handle(event, page: layout.page, buttonOrder: layout.buttonOrder)
            if !layout.isCurrent(for: state) {
                let top = layout.top
                layout = SheetLayout(content: content, size: layout.size, state: state, labelWidths: layout.labelWidths)
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
    static func piped(title: String = "Pick", message: String = "",
                      _ change: (inout SheetSpec) -> Void = { _ in }) -> PromptSpec {
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
                "│ Type to filter                 │",
                "├────────────────────────────────┤",
                "│   1 Apple                      │",
                "│ › 2 Banana                     │",
                "│   3 Cherry                     │",
                "├────────────────────────────────┤",
                "│             Cancel             │",
                "╰────────────────────────────────╯",
            ]),
        Case(name: "a destructive choice goes first, the highlight below it; a message under the title",
             spec: spec([Choice("Keep"), Choice("Delete All", isDestructive: true)], title: "Old Files", message: "12 files are older than a year."),
             expected: [
                "╭─────────────────────────────────╮",
                "│            Old Files            │",
                "│ 12 files are older than a year. │",
                "│ Type to filter                  │",
                "├─────────────────────────────────┤",
                "│   1 ! Delete All                │",
                "│ › 2 Keep                        │",
                "├─────────────────────────────────┤",
                "│             Cancel              │",
                "╰─────────────────────────────────╯",
            ]),
        Case(name: "--allow-other: the typed text offered after the matches", spec: spec(SheetStateTests.fruit.prefix(3).map { $0 }) {
            $0.allowsOther = true
        }, keys: "an↓", expected: [
                "╭────────────────────────────────╮",
                "│             Fruit              │",
                "│ an                         1/3 │",
                "├────────────────────────────────┤",
                "│   Banana                       │",
                "│ › Use ‘an’                     │",
                "│                                │",
                "│                                │",
                "├────────────────────────────────┤",
                "│             Cancel             │",
                "╰────────────────────────────────╯",
            ]),
        Case(name: "a checklist: marks before the labels", spec: spec(SheetStateTests.fruit) {
            $0.allowsMultiple = true
            $0.selected = ["Banana", "Damson"]
        }, keys: "↓↓", expected: [
                "╭────────────────────────────────╮",
                "│             Fruit              │",
                "│ Space marks, type to filter    │",
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
                "│ Space marks, type to filter    │",
                "├────────────────────────────────┤",
                "│ › [ ] 1 Apple                  │",
                "│   [ ] 2 Banana                 │",
                "├────────────────────────────────┤",
                "│              Done              │",
                "╰────────────────────────────────╯",
            ]),
        Case(name: "a long checklist: the hint names Space; cut to a narrow box", spec: piped { $0.allowsMultiple = true },
             lines: numbers, rows: 12, columns: 36, expected: [
                "╭────────────────────────────────╮",
                "│              Pick              │",
                "│ Space marks, typ… 1–4 of 1,000 │",
                "├────────────────────────────────┤",
                "│ › [ ] item 1                   │",
                "│   [ ] item 2                   │",
                "│   [ ] item 3                   │",
                "│   [ ] item 4                   │",
                "├───────────────┬────────────────┤",
                "│    Cancel     │      Done      │",
                "╰───────────────┴────────────────╯",
            ]),
        Case(name: "a long list scrolls: which rows show, of how many", spec: piped(), lines: numbers, keys: "⇟⇟↓",
             expected: [
                "╭────────────────────────────────╮",
                "│              Pick              │",
                "│ Type to filter  13–22 of 1,000 │",
                "├────────────────────────────────┤",
                "│   item 13                      │",
                "│   item 14                      │",
                "│   item 15                      │",
                "│   item 16                      │",
                "│   item 17                      │",
                "│   item 18                      │",
                "│   item 19                      │",
                "│   item 20                      │",
                "│   item 21                      │",
                "│ › item 22                      │",
                "├────────────────────────────────┤",
                "│             Cancel             │",
                "╰────────────────────────────────╯",
            ]),
        Case(name: "filtered: the best matches first, the matched characters, the count of matches", spec: piped(),
             lines: numbers, keys: "99", expected: [
                "╭────────────────────────────────╮",
                "│              Pick              │",
                "│ 99            1–10 of 28/1,000 │",
                "├────────────────────────────────┤",
                "│ › item 99                      │",
                "│   item 990                     │",
                "│   item 991                     │",
                "│   item 992                     │",
                "│   item 993                     │",
                "│   item 994                     │",
                "│   item 995                     │",
                "│   item 996                     │",
                "│   item 997                     │",
                "│   item 998                     │",
                "├────────────────────────────────┤",
                "│             Cancel             │",
                "╰────────────────────────────────╯",
            ]),
        Case(name: "still arriving: the box as wide as the lines read so far", spec: piped(title: ""), lines: numbers,
             loading: true, expected: [
                "╭────────────────────────────────╮",
                "│ Type t… 1–10 of 1,000, loading │",
                "├────────────────────────────────┤",
                "│ › item 1                       │",
                "│   item 2                       │",
                "│   item 3                       │",
                "│   item 4                       │",
                "│   item 5                       │",
                "│   item 6                       │",
                "│   item 7                       │",
                "│   item 8                       │",
                "│   item 9                       │",
                "│   item 10                      │",
                "├────────────────────────────────┤",
                "│             Cancel             │",
                "╰────────────────────────────────╯",
            ]),
        Case(name: "a narrow box: the hint gives way to the counter", spec: piped(title: ""), lines: numbers, rows: 9,
             columns: 29, loading: true, expected: [
                "╭──────────────────────────╮",
                "│ T… 1–3 of 1,000, loading │",
                "│ › item 1                 │",
                "│   item 2                 │",
                "│   item 3                 │",
                "├──────────────────────────┤",
                "│          Cancel          │",
                "╰──────────────────────────╯",
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
                "| Space marks, type to filter    |",
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
        Case(name: "a personality's tags and items: two columns, the items aligned by display width (wide tags too)",
             spec: spec([Choice("日本\tJapan"), Choice("a\tAlpha"), Choice("中文字\tChinese"), Choice("ｂｃ\tFullwidth")],
                        title: "Pick") { $0.tagColumns = true }, keys: "↓",
             expected: [
                "╭────────────────────────────────╮",
                "│              Pick              │",
                "│ Type to filter                 │",
                "├────────────────────────────────┤",
                "│   1 日本    Japan              │",
                "│ › 2 a       Alpha              │",
                "│   3 中文字  Chinese            │",
                "│   4 ｂｃ    Fullwidth          │",
                "├────────────────────────────────┤",
                "│             Cancel             │",
                "╰────────────────────────────────╯",
             ]),
        Case(name: "whiptail's checklist: no digits beside the rows, no filter's row; a letter changes nothing",
             spec: SheetStateTests.list(SheetStateTests.devices, .checkBoxes, multiple: true), keys: "↓ n",
             expected: [
                "╭────────────────────────────────╮",
                "│             Fruit              │",
                "├────────────────────────────────┤",
                "│   [ ] usb                      │",
                "│ › [x] nas                      │",
                "│   [ ] s3                       │",
                "│   [ ] none                     │",
                "├───────────────┬────────────────┤",
                "│      OK       │     Cancel     │",
                "╰───────────────┴────────────────╯",
             ]),
        Case(name: "dialog's long list: the rows shown of how many, and nothing about filtering; a letter moves the highlight",
             spec: SheetStateTests.list((1...12).map { Choice("tag\($0)") }, .jumpsRound), rows: 16, keys: "tt",
             expected: [
                "╭────────────────────────────────╮",
                "│             Fruit              │",
                "│                      1–8 of 12 │",
                "├────────────────────────────────┤",
                "│   tag1                         │",
                "│   tag2                         │",
                "│ › tag3                         │",
                "│   tag4                         │",
                "│   tag5                         │",
                "│   tag6                         │",
                "│   tag7                         │",
                "│   tag8                         │",
                "├───────────────┬────────────────┤",
                "│      OK       │     Cancel     │",
                "╰───────────────┴────────────────╯",
             ]),
        Case(name: "Tab: Cancel focused, no highlight", spec: spec(SheetStateTests.fruit.prefix(2).map { $0 }), keys: "\t",
             expected: [
                "╭────────────────────────────────╮",
                "│             Fruit              │",
                "│ Type to filter                 │",
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
        let screen = Self.render(test)
        #expect(screen.goldenLines == test.expected)
        // The cursor, when it shows (where, `CursorLayoutTests` says), is inside the sheet.
        #expect(screen.cursor.map { $0.row < screen.height && $0.column < screen.width } != false)
    }

    /// Where typing does not filter (a whiptail or dialog list), no caret shows on the list's
    /// top row, long as the list is: nothing typed goes there. With the filter, it does.
    @Test(arguments: [(ListTyping.jumpsOnward, false), (.filters, true)])
    func noCaretWhereTypingDoesNotFilter(typing: ListTyping, caret: Bool) {
        let spec = SheetStateTests.list((1...12).map { Choice("tag\($0)") }, typing)
        let screen = Self.render(Case(name: "", spec: spec, rows: 16, expected: []))
        #expect((screen.cursor != nil) == caret)
    }

    /// Two buttons too wide to stand side by side stack, Done above Cancel, and Tab goes through
    /// them as they are drawn: the frame decides, and the state is told with each key. (It once
    /// worked the order out again, thought two buttons never stack, and went to Cancel first.)
    @Test func aLongCancelStacksTheButtonsAndTabFollowsThem() {
        var spec = Self.spec(SheetStateTests.fruit.prefix(2).map { $0 }) { $0.allowsMultiple = true }
        spec.cancelLabel = "Leave everything just as it was"
        var state = SheetState(spec: spec, loading: false)
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: true)
        var layout = SheetLayout(content: content, size: TerminalSize(rows: 24, columns: 80), state: state)
        #expect(layout.buttonOrder == [.ok, .cancel])
        var focused: [String] = []
        for event in SheetStateTests.events(" \t\t\t") {
            _ = state.handle(event, page: layout.page, buttonOrder: layout.buttonOrder)
            let screen = layout.render(state)
            // The focused button is drawn in inverse; none is while the list has the focus.
            let lines = screen.goldenLines.map(Array.init)
            focused.append(["Done", "Leave everything just as it was"].first { label in
                lines.indices.contains { row in
                    let column = lines[row].indices.first { lines[row][$0...].starts(with: label) }
                    return column.map { screen[row, $0].style.inverse } ?? false
                }
            } ?? "the list")
        }
        #expect(focused == ["the list", "Done", "Leave everything just as it was", "the list"])
        #expect(layout.render(state).goldenLines == [
            "╭──────────────────────────────────────────────────────────────╮",
            "│                            Fruit                             │",
            "│ Space marks, type to filter                                  │",
            "├──────────────────────────────────────────────────────────────┤",
            "│ › [x] 1 Apple                                                │",
            "│   [ ] 2 Banana                                               │",
            "├──────────────────────────────────────────────────────────────┤",
            "│                             Done                             │",
            "├──────────────────────────────────────────────────────────────┤",
            "│               Leave everything just as it was                │",
            "╰──────────────────────────────────────────────────────────────╯",
        ])
    }

    /// The widest label read, as it is drawn: controls as `^X` (two columns a byte), wide
    /// characters two columns, marks none, what is not UTF-8 a U+FFFD a maximal bad sequence;
    /// short lines that cannot be wider are passed over, but never one that could.
    @Test(arguments: [
        ("ASCII", Array("Apple\nBanana\n".utf8), 6),
        ("controls after a longer line", Array("abcd\n\u{1B}\u{1B}\u{1B}\n".utf8), 6),
        ("controls after a longer line still", Array("abcdefgh\n\u{1B}\u{1B}\u{1B}\n".utf8), 8),
        ("DEL and a C1 control", Array("\u{7F}\n\u{85}x\n".utf8), 2),
        ("wide characters", Array("abcde\n日本語\n".utf8), 6),
        ("wide characters, one more", Array("abcdef\n日本語x\n".utf8), 7),
        ("combining marks take no column", Array("abc\ne\u{301}e\u{301}e\u{301}e\u{301}\n".utf8), 4),
        ("an emoji with a skin tone", Array("a\n👍🏽\n".utf8), 2),
        ("a format character is not drawn", Array("\u{200B}ab\n".utf8), 2),
        ("the label of VALUE<TAB>LABEL", Array("a-very-long-value\tLabel\n".utf8), 5),
        ("bytes that are not UTF-8", [0x61, 0xFF, 0xFE, 0x62, 0x0A], 4),
        ("an overlong sequence: each byte a U+FFFD", [0x61, 0x0A, 0xE0, 0x80, 0x80, 0x0A], 3),
        ("a surrogate: each byte a U+FFFD", [0x61, 0x0A, 0xED, 0xA0, 0x80, 0x0A], 3),
        ("a sequence cut short: one U+FFFD", [0xF0, 0x9F, 0x98, 0x61, 0x0A], 2),
        ("a last line without its end", Array("ab\nabcdef".utf8), 6),
    ] as [(String, [UInt8], Int)])
    func theWidestLabelIsMeasuredAsDrawn(_ name: String, _ input: [UInt8], _ widest: Int) {
        let list = ChoiceList()
        input.withUnsafeBytes { list.append(bytes: $0) }
        list.finish()
        var widths = LabelWidths()
        widths.measure(list, charset: .utf8)
        #expect(widths.widest == widest)
        let drawn = (0..<list.count).map { index in
            list.withLabel(at: index) { DisplayText.width(SheetLayout.label($0, matches: [], charset: .utf8).0) }
        }
        #expect(drawn.max() == widest)
        #expect(widths.measured == list.count)
    }

    /// Labels the box has room for already are passed over: only a wider one counts.
    @Test(arguments: [
        ("short\nlines\n", 0), ("short\nlines\na longer line\n", 13), ("\u{1B}\u{1B}\u{1B}\u{1B}\u{1B}\u{1B}\n", 12),
    ])
    func labelsTheBoxHasRoomForArePassedOver(_ lines: String, _ widest: Int) {
        let list = ChoiceList()
        Array(lines.utf8).withUnsafeBytes { list.append(bytes: $0) }
        var widths = LabelWidths()
        widths.measure(list, charset: .utf8, beyond: 10)
        #expect(widths.widest == widest && widths.measured == list.count)
    }

    /// A list read from a pipe makes the box as wide as the same choices given one by one (the
    /// widest line, within the screen and the alert's widest), not the widest the alert can be.
    @Test(arguments: [
        (["Apple", "Banana", "Cherry"], 80, 34),
        (["Apple", "A label of forty columns, give or take a"], 80, 49),
        (["日本語のラベル", "x"], 80, 34),
        (["\u{1B}[31m" + String(repeating: "x", count: 30)], 80, 45),
        ([String(repeating: "long ", count: 20)], 80, 64),
        ([String(repeating: "long ", count: 20)], 50, 49),
    ] as [([String], Int, Int)])
    func aPipedListIsAsWideAsItsWidestLine(_ labels: [String], _ columns: Int, _ width: Int) {
        let size = TerminalSize(rows: 24, columns: columns)
        let given = Self.spec(labels.map { Choice($0) })
        let content = AlertContent(spec: given, charset: .utf8, usesColor: true)
        #expect(SheetLayout(content: content, size: size, state: SheetState(spec: given, loading: false)).width == width)
        let piped = Self.piped(title: "Fruit")
        var state = SheetState(spec: piped, loading: true)
        Array(labels.map { $0 + "\n" }.joined().utf8).withUnsafeBytes { state.list.append(bytes: $0) }
        #expect(state.listEnded() == nil)
        let layout = SheetLayout(content: AlertContent(spec: piped, charset: .utf8, usesColor: true), size: size, state: state)
        #expect(layout.width == width)
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

    /// The counter says the same things in the same words in every state: the rows shown when
    /// not all are ("1–10 of"), then how many are listed, as matches of the whole list when
    /// filtered ("28/1,000"), then whether the list is arriving or full.
    @Test(arguments: [
        (0, 10, 5, 5, false, false, false, ""),
        (0, 10, 5, 5, false, true, false, "loading"),
        (0, 10, 1000, 1000, false, false, false, "1–10 of 1,000"),
        (12, 10, 1000, 1000, false, true, false, "13–22 of 1,000, loading"),
        (0, 10, 28, 1000, true, false, false, "1–10 of 28/1,000"),
        (18, 10, 28, 1000, true, false, false, "19–28 of 28/1,000"),
        (0, 10, 3, 1000, true, false, false, "3/1,000"),
        (0, 10, 0, 1000, true, false, true, "0/1,000, list full"),
        (0, 10, 1, 14999, true, true, false, "1/14,999, loading"),
    ] as [(Int, Int, Int, Int, Bool, Bool, Bool, String)])
    func theCounter(first: Int, rows: Int, shown: Int, total: Int, filtered: Bool, loading: Bool, full: Bool,
                    expected: String) {
        #expect(ChoicesView.position(first: first, rows: rows, shown: shown, total: total, filtered: filtered,
                                     loading: loading, full: full) == expected)
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
            #expect(screen[row, column].style == Style(bold: role == .ok, inverse: role == focused), "\(label)")
        }
        #expect(screen.goldenLines.contains { $0.hasPrefix("│ ›") } == (focused == nil))
    }

    /// Colour and emphasis: the highlight in inverse (a destructive one white on red), the
    /// characters the query matched bold and underlined, a destructive choice after its sign
    /// (bold red), every text in the terminal's own colours.
    @Test func styles() {
        let spec = Self.spec([Choice("Blueberry Pancakes"), Choice("Burn It", isDestructive: true)])
        let screen = Self.render(Case(name: "", spec: spec, keys: "bn", expected: []))
        let lines = screen.goldenLines
        let burn = lines.firstIndex { $0.contains("Burn It") }!
        let banana = lines.firstIndex { $0.contains("Blueberry") }!
        func style(_ row: Int, _ text: String, offset: Int = 0) -> Style {
            let column = Array(lines[row]).firstIndex(of: Character(String(text.first!)))! + offset
            return screen[row, lines[row].distance(from: lines[row].startIndex, to: lines[row].index(lines[row].startIndex, offsetBy: column))].style
        }
        // "Burn It" matches best (the shorter gap) and is highlighted: a red bar, white text,
        // matched "B" and "n" bold and underlined.
        #expect(burn < banana)
        #expect(style(burn, "B") == Style(bold: true, underline: true, foreground: .white, background: .red))
        #expect(style(burn, "u") == Style(foreground: .white, background: .red))
        #expect(style(burn, "!") == Style(bold: true, foreground: .white, background: .red))
        #expect(style(banana, "B") == Style(bold: true, underline: true))
        #expect(style(banana, "l") == Style())
        #expect(style(banana, "n") == Style(bold: true, underline: true))
        let query = lines.firstIndex { $0.contains("2/2") }!
        #expect(style(query, "2") == Style())
        // Not highlighted, the destructive choice's sign is bold red, its label the terminal's.
        let below = Self.render(Case(name: "", spec: spec, keys: "bn↓", expected: []))
        let row = below.goldenLines.firstIndex { $0.contains("! Burn It") }!
        let sign = Array(below.goldenLines[row]).firstIndex(of: "!")!
        #expect(below[row, sign].style == Style(bold: true, foreground: .red))
        #expect(below[row, sign + 2].style == Style(bold: true, underline: true))
        #expect(below[row, sign + 3].style == Style())
    }
}
