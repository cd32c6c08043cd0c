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
import TestSupport
import Testing

/// Keys in an action sheet: what is highlighted, marked and typed, and how it ends. Keys are
/// written as in `FieldsStateTests` (`↑` `↓` arrows, `⎋` Esc, `\t` Tab, `⌫` Backspace, `⌃N`
/// Ctrl-N), with `⇞` `⇟` PgUp and PgDn, `⇱` `⇲` Home and End, and `⌥A` Alt-A.
struct SheetStateTests {
    static func events(_ keys: String) -> [InputEvent] {
        var events: [InputEvent] = []
        var rest = ""
        var alt = false
        func flush() {
            events += FieldsStateTests.events(rest)
            rest = ""
        }
        for character in keys {
            let named: Key? = switch character {
            case "⇞": .pageUp
            case "⇟": .pageDown
            case "⇱": .home
            case "⇲": .end
            default: nil
            }
            if alt {
                flush()
                events.append(.alt(character.unicodeScalars.first!))
                alt = false
            } else if character == "⌥" {
                alt = true
            } else if let named {
                flush()
                events.append(.key(named))
            } else {
                rest.append(character)
            }
        }
        flush()
        return events
    }

    static func spec(_ choices: [Choice], _ change: (inout SheetSpec) -> Void = { _ in }) -> PromptSpec {
        var spec = PromptSpec(title: "Fruit")
        spec.body = .fields([])
        var sheet = SheetSpec(choices: choices)
        change(&sheet)
        spec.body = .choices(sheet)
        return spec
    }

    static let fruit = ["Apple", "Banana", "Cherry", "Damson", "Elderberry"].map { Choice($0) }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let spec: PromptSpec
        let keys: String
        /// What is printed, if it ended with a choice.
        var answer: [String]?
        var outcome: Outcome?
        /// Where the highlight is (among those shown) when it has not ended.
        var highlight: Int?
        var bells = 0
        var page = 2
        var plain = false
        /// The frame stacks the buttons (it decides; the state is told with each key).
        var stacked = false
        /// The line under the list at the end (why a key was refused), when it matters.
        var status: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "Return chooses the highlighted choice", spec: spec(fruit), keys: "↓↓\r", answer: ["Cherry"]),
        Case(name: "Ctrl-N and Ctrl-P move as Down and Up", spec: spec(fruit), keys: "⌃N⌃N⌃P\r", answer: ["Banana"]),
        Case(name: "the highlight stops at the ends, with the bell", spec: spec(fruit), keys: "↑⇲↓", highlight: 4, bells: 2),
        Case(name: "PgDn and PgUp move a page and stop at the ends", spec: spec(fruit), keys: "⇟⇟⇟⇞", highlight: 2, bells: 1),
        Case(name: "Home and End go to the first and the last", spec: spec(fruit), keys: "⇲⇱\r", answer: ["Apple"]),
        Case(name: "with at most nine choices a digit chooses at once", spec: spec(fruit), keys: "4", answer: ["Damson"]),
        Case(name: "a digit past the last is typed as a query", spec: spec(fruit), keys: "7", highlight: 0),
        Case(name: "a destructive choice's digit only moves the highlight to it",
             spec: spec([Choice("Keep them"), Choice("Delete them", isDestructive: true)]), keys: "1", highlight: 0),
        Case(name: "a destructive choice's digit, then Return, chooses it",
             spec: spec([Choice("Keep them"), Choice("Delete them", isDestructive: true)]), keys: "1\r", answer: ["Delete them"]),
        Case(name: "a destructive choice's digit, then another digit, chooses the other",
             spec: spec([Choice("Keep them"), Choice("Delete them", isDestructive: true)]), keys: "12", answer: ["Keep them"]),
        Case(name: "--multiple: a destructive choice's digit marks nothing, Space marks it",
             spec: spec(fruit + [Choice("Delete", isDestructive: true)]) { $0.allowsMultiple = true }, keys: "1\r", answer: []),
        Case(name: "--multiple: a destructive choice's digit, then Space, marks it",
             spec: spec(fruit + [Choice("Delete", isDestructive: true)]) { $0.allowsMultiple = true }, keys: "1 \r", answer: ["Delete"]),
        Case(name: "typing filters; the best match first (the start of a word before the inside of one)", spec: spec(fruit),
             keys: "er\r", answer: ["Elderberry"]),
        Case(name: "typing filters; the best match first (a run before scattered characters)", spec: spec(fruit),
             keys: "rr\r", answer: ["Cherry"]),
        Case(name: "the query's syntax: a term at the end", spec: spec(fruit), keys: "a$\r", answer: ["Banana"]),
        Case(name: "the query matches its characters in order", spec: spec(fruit), keys: "eby\r", answer: ["Elderberry"]),
        Case(name: "lowercase matches any case; a capital only itself", spec: spec(fruit), keys: "D\r", answer: ["Damson"]),
        Case(name: "Backspace widens the list again", spec: spec(fruit), keys: "zz⌫⌫↓\r", answer: ["Banana"]),
        Case(name: "Return with no match rings the bell", spec: spec(fruit), keys: "zzz\r", highlight: 0, bells: 1),
        Case(name: "--allow-other: text naming no choice is offered, and answered", spec: spec(fruit) { $0.allowsOther = true },
             keys: "kiwi\r", answer: ["kiwi"]),
        Case(name: "--allow-other: the offer comes after the matches", spec: spec(fruit) { $0.allowsOther = true },
             keys: "ban↓\r", answer: ["ban"]),
        Case(name: "--allow-other: the best match is still first", spec: spec(fruit) { $0.allowsOther = true },
             keys: "ban\r", answer: ["Banana"]),
        Case(name: "--allow-other: text naming a choice offers nothing more", spec: spec(fruit) { $0.allowsOther = true },
             keys: "banana↓", highlight: 0, bells: 1),
        // Naming as the filter matches (one fold, smart case): what names a choice is among the
        // matches, so Return always has something to take.
        Case(name: "--allow-other: über names Über, which the filter shows, and Return chooses it",
             spec: spec(fruit + [Choice("Über")]) { $0.allowsOther = true }, keys: "über\r", answer: ["Über"]),
        Case(name: "--allow-other: über names Über; no row offers it", spec: spec(fruit + [Choice("Über")]) { $0.allowsOther = true },
             keys: "über↓", highlight: 0, bells: 1),
        Case(name: "--allow-other: keep names Keep", spec: spec([Choice("Keep"), Choice("Drop")]) { $0.allowsOther = true },
             keys: "keep\r", answer: ["Keep"]),
        Case(name: "--allow-other: KEEP (a capital: case counts) is no match of Keep, and is offered",
             spec: spec([Choice("Keep"), Choice("Drop")]) { $0.allowsOther = true }, keys: "KEEP\r", answer: ["KEEP"]),
        Case(name: "--allow-other: ÜBER is no match of Über, and is offered",
             spec: spec(fruit + [Choice("Über")]) { $0.allowsOther = true }, keys: "ÜBER\r", answer: ["ÜBER"]),
        Case(name: "--allow-other: Über names itself", spec: spec(fruit + [Choice("Über")]) { $0.allowsOther = true },
             keys: "Über↓", highlight: 0, bells: 1),
        Case(name: "--allow-other: a value typed is offered, and answers what its choice would",
             spec: spec([Choice("Apple", value: "a1")]) { $0.allowsOther = true }, keys: "a1\r", answer: ["a1"]),
        Case(name: "--allow-other: End reaches the offer", spec: spec(fruit) { $0.allowsOther = true }, keys: "e⇲\r", answer: ["e"]),
        Case(name: "--allow-other in plain mode: a line naming no choice", spec: spec(fruit) { $0.allowsOther = true },
             keys: "kiwi\r", answer: ["kiwi"], plain: true),
        Case(name: "--allow-other in plain mode: a number still names its choice", spec: spec(fruit) { $0.allowsOther = true },
             keys: "2\r", answer: ["Banana"], plain: true),
        Case(name: "Esc cancels", spec: spec(fruit), keys: "↓⎋", outcome: .cancelled),
        Case(name: "Ctrl-D on an empty query cancels", spec: spec(fruit), keys: "⌃D", outcome: .cancelled),
        Case(name: "Tab reaches Cancel; Return on it cancels", spec: spec(fruit), keys: "\t\r", outcome: .accepted(.cancel)),
        Case(name: "Tab and back: Return chooses again", spec: spec(fruit), keys: "\t\t↓\r", answer: ["Banana"]),
        Case(name: "without a Cancel button Tab rings", spec: spec(fruit).noCancel, keys: "\t\r", answer: ["Apple"], bells: 1),
        Case(name: "a destructive choice is first, and Return does not choose it", spec: spec(fruit + [Choice("Delete", isDestructive: true)]),
             keys: "\r", answer: ["Apple"]),
        Case(name: "the highlight starts below the destructive choices", spec: spec(fruit + [Choice("Delete", isDestructive: true)]),
             keys: "", highlight: 1),
        Case(name: "Up reaches a destructive choice", spec: spec(fruit + [Choice("Delete", isDestructive: true)]), keys: "↑\r",
             answer: ["Delete"]),
        Case(name: "--selected may start on a destructive choice", spec: spec(fruit + [Choice("Delete", isDestructive: true)]) {
            $0.selected = ["delete"]
        }, keys: "\r", answer: ["Delete"]),
        Case(name: "every choice destructive: Cancel has the focus, Return cancels",
             spec: spec([Choice("Delete", isDestructive: true), Choice("Wipe", isDestructive: true)]), keys: "\r", outcome: .accepted(.cancel)),
        Case(name: "every choice destructive: Tab back to the list, Return chooses",
             spec: spec([Choice("Delete", isDestructive: true), Choice("Wipe", isDestructive: true)]), keys: "\t↓\r", answer: ["Wipe"]),
        Case(name: "every choice destructive, no Cancel: the first is highlighted",
             spec: spec([Choice("Delete", isDestructive: true), Choice("Wipe", isDestructive: true)]).noCancel, keys: "", highlight: 0),
        Case(name: "--multiple: the highlight starts below the destructive choices",
             spec: spec(fruit + [Choice("Delete", isDestructive: true)]) { $0.allowsMultiple = true }, keys: " \r", answer: ["Apple"]),
        Case(name: "--selected names a choice in any case, Unicode letters too", spec: spec([Choice("Apple"), Choice("Über")]) {
            $0.selected = ["über"]
        }, keys: "\r", answer: ["Über"]),
        Case(name: "--multiple: two names of one choice mark it once", spec: spec(fruit) {
            $0.allowsMultiple = true
            $0.selected = ["apple", "APPLE", "cherry"]
        }, keys: "\r", answer: ["Apple", "Cherry"]),
        Case(name: "a value is printed instead of the label", spec: spec([Choice("Apple", value: "a"), Choice("Banana", value: "b")]),
             keys: "↓\r", answer: ["b"]),
        Case(name: "--index prints the place, counted from 1", spec: spec(fruit) { $0.answer = .index }, keys: "an\r",
             answer: ["2"]),
        Case(name: "--selected highlights a choice first", spec: spec(fruit) { $0.selected = ["cherry"] }, keys: "\r",
             answer: ["Cherry"]),
        Case(name: "--selected names a value too", spec: spec([Choice("Apple", value: "a"), Choice("Banana", value: "b")]) {
            $0.selected = ["b"]
        }, keys: "\r", answer: ["b"]),
        Case(name: "--multiple: Space marks, Return accepts in list order", spec: spec(fruit) { $0.allowsMultiple = true },
             keys: "↓↓ ↑↑ \r", answer: ["Apple", "Cherry"]),
        Case(name: "--multiple: Space again unmarks", spec: spec(fruit) { $0.allowsMultiple = true }, keys: "  ↓ \r",
             answer: ["Banana"]),
        Case(name: "--multiple: digits mark", spec: spec(fruit) { $0.allowsMultiple = true }, keys: "52\r",
             answer: ["Banana", "Elderberry"]),
        Case(name: "--multiple: nothing marked accepts nothing", spec: spec(fruit) { $0.allowsMultiple = true }, keys: "\r",
             answer: []),
        Case(name: "--multiple --required: nothing marked is refused", spec: spec(fruit) {
            $0.allowsMultiple = true
            $0.requiresSelection = true
        }, keys: "\r", highlight: 0, bells: 1),
        Case(name: "--multiple --selected marks them", spec: spec(fruit) {
            $0.allowsMultiple = true
            $0.selected = ["Banana", "Damson"]
        }, keys: "\r", answer: ["Banana", "Damson"]),
        Case(name: "selected by index: the first is highlighted", spec: spec(fruit) { $0.selectedIndices = [3, 1] }, keys: "↓\r",
             answer: ["Elderberry"]),
        Case(name: "selected by index with --multiple: all marked, the first highlighted", spec: spec(fruit) {
            $0.allowsMultiple = true
            $0.selectedIndices = [3, 1, 9]
        }, keys: "↓ \r", answer: ["Banana", "Damson", "Elderberry"]),
        Case(name: "--multiple: Tab reaches Cancel, then Done; Return on Done accepts the marked ones",
             spec: spec(fruit) { $0.allowsMultiple = true }, keys: "↓ \t\t\r", answer: ["Banana"]),
        Case(name: "--multiple: Space on Done accepts", spec: spec(fruit) { $0.allowsMultiple = true }, keys: " \t\t ",
             answer: ["Apple"]),
        Case(name: "--multiple: Return on Cancel cancels", spec: spec(fruit) { $0.allowsMultiple = true }, keys: " \t\r",
             outcome: .accepted(.cancel)),
        Case(name: "--multiple: Tab from Done goes back to the list", spec: spec(fruit) { $0.allowsMultiple = true },
             keys: "\t\t\t↓ \r", answer: ["Banana"]),
        Case(name: "--multiple: Shift-Tab goes the other way, to Done first", spec: spec(fruit) { $0.allowsMultiple = true },
             keys: " \u{19}\r", answer: ["Apple"]),
        Case(name: "--multiple: Left and Right move between Cancel and Done, no further",
             spec: spec(fruit) { $0.allowsMultiple = true }, keys: " \t→→←←\r", outcome: .accepted(.cancel), bells: 2),
        Case(name: "--multiple --no-cancel: Tab reaches Done alone, and back", spec: spec(fruit) { $0.allowsMultiple = true }.noCancel,
             keys: "\t\t↓ \t\r", answer: ["Banana"]),
        Case(name: "--multiple --required: Done with nothing marked is refused, and the list has the keys again",
             spec: spec(fruit) {
                 $0.allowsMultiple = true
                 $0.requiresSelection = true
             }, keys: "\t\t\r↓ \r", answer: ["Banana"], bells: 1),
        Case(name: "--multiple: a letter on Done goes to the query", spec: spec(fruit) { $0.allowsMultiple = true },
             keys: "\t\tch \r", answer: ["Cherry"]),
        Case(name: "a radio list: Return answers the marked choice, not the highlighted",
             spec: spec(fruit) { $0.radio(marked: [1]) }, keys: "↓↓\r", answer: ["Banana"]),
        Case(name: "a radio list: Space marks the highlighted one and unmarks the other",
             spec: spec(fruit) { $0.radio(marked: [1]) }, keys: "↓↓ \r", answer: ["Cherry"]),
        Case(name: "a radio list: Space on the marked one keeps it", spec: spec(fruit) { $0.radio(marked: [0]) },
             keys: "  \r", answer: ["Apple"]),
        Case(name: "a radio list with nothing marked answers nothing", spec: spec(fruit) { $0.radio(marked: []) },
             keys: "↓\r", answer: []),
        Case(name: "a radio list: of two marked first, the last stays", spec: spec(fruit) { $0.radio(marked: [0, 2]) },
             keys: "\r", answer: ["Cherry"]),
        Case(name: "starting at the top: the highlight is on the first choice, not the one marked",
             spec: spec(fruit) {
                 $0.allowsMultiple = true
                 $0.startsAtTop = true
                 $0.selectedIndices = [2]
             }, keys: "↓ \r", answer: ["Banana", "Cherry"]),
        Case(name: "leading with OK (whiptail): Tab reaches OK, then Cancel", spec: spec(fruit).personality(), keys: "↓\t\r",
             answer: ["Banana"]),
        Case(name: "leading with OK (whiptail): Tab, Tab reaches Cancel", spec: spec(fruit).personality(), keys: "↓\t\t\r",
             outcome: .accepted(.cancel)),
        Case(name: "buttons holding the focus (dialog): Tab goes round the buttons, Down still moves",
             spec: spec(fruit) { $0.buttonsHoldFocus = true }.personality(extra: true), keys: "\t↓\r", outcome: .accepted(.secondary)),
        Case(name: "buttons holding the focus (dialog): Return presses the default button",
             spec: spec(fruit) { $0.buttonsHoldFocus = true }.personality(default: .cancel), keys: "↓\r", outcome: .accepted(.cancel)),
        Case(name: "dialog's Help button ends with the highlighted choice",
             spec: spec(fruit) { $0.buttonsHoldFocus = true }.personality(help: true), keys: "↓\t\t\r", outcome: .accepted(.help)),
        Case(name: "a checklist, side by side: Tab reaches Cancel first", spec: spec(fruit) { $0.allowsMultiple = true },
             keys: "\t\r", outcome: .accepted(.cancel)),
        Case(name: "a checklist, side by side: Tab, Tab reaches Done", spec: spec(fruit) { $0.allowsMultiple = true },
             keys: " \t\t\r", answer: ["Apple"]),
        Case(name: "a checklist, stacked: Tab reaches Done first, on top", spec: spec(fruit) { $0.allowsMultiple = true },
             keys: " \t\r", answer: ["Apple"], stacked: true),
        Case(name: "a checklist, stacked: Tab, Tab reaches Cancel, at the bottom", spec: spec(fruit) { $0.allowsMultiple = true },
             keys: " \t\t\r", outcome: .accepted(.cancel), stacked: true),
        Case(name: "a checklist, stacked: Shift-Tab from the list reaches Cancel", spec: spec(fruit) { $0.allowsMultiple = true },
             keys: " \u{19}\r", outcome: .accepted(.cancel), stacked: true),
        Case(name: "a checklist, stacked: Right from Done reaches Cancel, Left comes back", spec: spec(fruit) { $0.allowsMultiple = true },
             keys: " \t→←\r", answer: ["Apple"], stacked: true),
        Case(name: "a checklist, stacked: Right from Cancel rings", spec: spec(fruit) { $0.allowsMultiple = true },
             keys: " \t→→\r", outcome: .accepted(.cancel), bells: 1, stacked: true),
        Case(name: "a menu has no Done: Tab goes to Cancel and back", spec: spec(fruit), keys: "\t\t\t\r", outcome: .accepted(.cancel)),
        Case(name: "--multiple: marks stay while the filter changes", spec: spec(fruit) { $0.allowsMultiple = true },
             keys: "ch ⌃Uel \r", answer: ["Cherry", "Elderberry"]),
        Case(name: "a paste goes into the query, without its line breaks", spec: spec(fruit), keys: "⟦dam\n⟧\r",
             answer: ["Damson"]),
        Case(name: "plain: a number chooses", spec: spec(fruit), keys: "3\r", answer: ["Cherry"], plain: true),
        Case(name: "plain: a label chooses, in any case", spec: spec(fruit), keys: "banana\r", answer: ["Banana"], plain: true),
        Case(name: "plain: a name that is not a choice is refused", spec: spec(fruit), keys: "kiwi\r", highlight: 0, bells: 1,
             plain: true),
        Case(name: "plain: an empty line takes the first choice", spec: spec(fruit), keys: "\r", answer: ["Apple"], plain: true),
        Case(name: "plain: an empty line never takes a destructive choice", spec: spec(fruit + [Choice("Delete", isDestructive: true)]),
             keys: "\r", answer: ["Apple"], plain: true),
        Case(name: "plain: an empty line takes the --selected choice", spec: spec(fruit) { $0.selected = ["damson"] }, keys: "\r",
             answer: ["Damson"], plain: true),
        Case(name: "plain: every choice destructive, an empty line is refused",
             spec: spec([Choice("Delete", isDestructive: true)]), keys: "\r", highlight: 0, bells: 1, plain: true),
        Case(name: "plain: a destructive choice is taken when named", spec: spec(fruit + [Choice("Delete", isDestructive: true)]),
             keys: "delete\r", answer: ["Delete"], plain: true),
        Case(name: "plain: a destructive choice's number is said back, and waits", spec: spec(fruit + [Choice("Delete", isDestructive: true)]),
             keys: "1\r", highlight: 1, plain: true),
        Case(name: "plain: a destructive choice's number, then an empty line, takes it",
             spec: spec(fruit + [Choice("Delete", isDestructive: true)]), keys: "1\r\r", answer: ["Delete"], plain: true),
        Case(name: "plain: a destructive choice's number, then another number, takes that one",
             spec: spec(fruit + [Choice("Delete", isDestructive: true)]), keys: "1\r3\r", answer: ["Banana"], plain: true),
        Case(name: "plain: --multiple with a destructive choice's number waits for an empty line",
             spec: spec(fruit + [Choice("Delete", isDestructive: true)]) { $0.allowsMultiple = true }, keys: "1 2\r\r",
             answer: ["Delete", "Apple"], plain: true),
        Case(name: "plain: --multiple takes several names", spec: spec(fruit) { $0.allowsMultiple = true }, keys: "5, apple 2\r",
             answer: ["Apple", "Banana", "Elderberry"], plain: true),
    ] + listCases + bulkCases

    /// A checklist's bulk keys (Ctrl-A, Alt-A, Ctrl-T) over the choices shown, and its bounds
    /// (`--limit`, `--min`).
    static func checklist(_ change: (inout SheetSpec) -> Void = { _ in }) -> PromptSpec {
        spec(fruit) {
            $0.allowsMultiple = true
            change(&$0)
        }
    }
    static let bulkCases: [Case] = [
        Case(name: "Ctrl-A marks every choice", spec: checklist(), keys: "⌃A\r",
             answer: ["Apple", "Banana", "Cherry", "Damson", "Elderberry"]),
        Case(name: "Ctrl-A with every choice marked unmarks them", spec: checklist(), keys: "⌃A⌃A\r", answer: []),
        Case(name: "Ctrl-A marks only those the filter shows", spec: checklist(), keys: "an⌃A⌃U\r", answer: ["Banana", "Damson"]),
        Case(name: "Ctrl-A keeps the marks of those the filter hides", spec: checklist(), keys: " ↓ ch⌃A⌃U\r",
             answer: ["Apple", "Banana", "Cherry"]),
        Case(name: "Ctrl-A, some shown marked already: marks the rest", spec: checklist(), keys: "↓ ⌃A\r",
             answer: ["Apple", "Banana", "Cherry", "Damson", "Elderberry"]),
        Case(name: "Alt-A unmarks every choice shown, not those hidden", spec: checklist(), keys: "⌃Aan⌥A⌃U\r",
             answer: ["Apple", "Cherry", "Elderberry"]),
        Case(name: "Ctrl-T turns the marks over", spec: checklist(), keys: " ↓↓ ⌃T\r", answer: ["Banana", "Damson", "Elderberry"]),
        Case(name: "Ctrl-T twice leaves them as they were", spec: checklist(), keys: " ⌃T⌃T\r", answer: ["Apple"]),
        Case(name: "Ctrl-T turns over only those the filter shows", spec: checklist(), keys: " an⌃T⌃U\r",
             answer: ["Apple", "Banana", "Damson"]),
        Case(name: "no checklist: Ctrl-A moves to the filter's start", spec: spec(fruit), keys: "an⌃Ad\r", answer: ["Damson"]),
        Case(name: "no checklist: Alt-A and Ctrl-T ring", spec: spec(fruit), keys: "⌥A⌃T", highlight: 0, bells: 2),
        Case(name: "a radio list: the bulk keys ring", spec: spec(fruit) { $0.radio(marked: [1]) }, keys: "⌥A⌃T", highlight: 0, bells: 2),
        Case(name: "--limit 2: a third mark is refused, and says why", spec: checklist { $0.mostMarks = 2 }, keys: " ↓ ↓ ",
             highlight: 2, bells: 1, status: "Mark at most 2 choices"),
        Case(name: "--limit 2: the refused mark is not made", spec: checklist { $0.mostMarks = 2 }, keys: " ↓ ↓ \r",
             answer: ["Apple", "Banana"], bells: 1),
        Case(name: "--limit 2: unmarking one makes room again", spec: checklist { $0.mostMarks = 2 }, keys: " ↓ ↓ ↑ ↓ \r",
             answer: ["Apple", "Cherry"], bells: 1),
        Case(name: "--limit 2 with three --selected: the first two in the list are marked", spec: checklist {
            $0.mostMarks = 2
            $0.selected = ["cherry", "apple", "banana"]
        }, keys: "\r", answer: ["Apple", "Banana"]),
        Case(name: "--limit 1: says one choice", spec: checklist { $0.mostMarks = 1 }, keys: " ↓ ", highlight: 1, bells: 1,
             status: "Mark at most one choice"),
        Case(name: "--limit 3: Ctrl-A marks the first three shown, and says why it stopped", spec: checklist { $0.mostMarks = 3 },
             keys: "⌃A", highlight: 0, bells: 1, status: "Mark at most 3 choices"),
        Case(name: "--limit 3: Ctrl-A's marks stand", spec: checklist { $0.mostMarks = 3 }, keys: "⌃A\r",
             answer: ["Apple", "Banana", "Cherry"], bells: 1),
        Case(name: "--limit 3: Ctrl-A within the limit marks all shown", spec: checklist { $0.mostMarks = 3 }, keys: "an⌃A⌃U\r",
             answer: ["Banana", "Damson"]),
        Case(name: "--limit 3: Ctrl-T past the limit is refused whole", spec: checklist { $0.mostMarks = 3 }, keys: " ⌃T\r",
             answer: ["Apple"], bells: 1),
        Case(name: "--limit 3: Ctrl-T within it turns them over", spec: checklist { $0.mostMarks = 3 }, keys: " ↓ ⌃T\r",
             answer: ["Cherry", "Damson", "Elderberry"]),
        Case(name: "--min 2: Done with one marked is refused, and says why", spec: checklist { $0.fewestMarks = 2 }, keys: " \r",
             highlight: 0, bells: 1, status: "Mark at least 2 choices (Space)"),
        Case(name: "--min 2: Done with two marked accepts", spec: checklist { $0.fewestMarks = 2 }, keys: " \r↓ \r",
             answer: ["Apple", "Banana"], bells: 1),
        Case(name: "--min 2 and --required: the larger stands", spec: checklist {
            $0.fewestMarks = 2
            $0.requiresSelection = true
        }, keys: " \r", highlight: 0, bells: 1, status: "Mark at least 2 choices (Space)"),
        Case(name: "--required: says one choice", spec: checklist { $0.requiresSelection = true }, keys: "\r", highlight: 0, bells: 1,
             status: "Mark at least one choice (Space)"),
        Case(name: "a mark after a refusal clears the reason", spec: checklist { $0.fewestMarks = 1 }, keys: "\r ", highlight: 0, bells: 1,
             status: nil),
        Case(name: "plain --limit 2: three names are refused", spec: checklist { $0.mostMarks = 2 }, keys: "1 2 3\r", highlight: 0,
             bells: 1, plain: true, status: "Mark at most 2 choices"),
        Case(name: "plain --limit 2: two names are taken", spec: checklist { $0.mostMarks = 2 }, keys: "1 3\r", answer: ["Apple", "Cherry"],
             plain: true),
        Case(name: "plain --min 2: one name is refused", spec: checklist { $0.fewestMarks = 2 }, keys: "1\r", highlight: 0, bells: 1,
             plain: true, status: "Mark at least 2 choices"),
    ]

    /// A whiptail or dialog list's keys (`ListTyping`), as `WhiptailTests` and `DialogTests` hold
    /// them to the programs: nothing filters, and a typed character only moves the highlight.
    static let devices = ["usb", "nas", "s3", "none"].map { Choice($0) }
    static let vms = ["101", "102", "110"].map { Choice($0) }
    static let cities = ["Amsterdam", "Berlin", "Bern", "Bratislava", "Brussels", "Bucharest", "Budapest", "Copenhagen"].map { Choice($0) }
    static func list(_ choices: [Choice], _ typing: ListTyping, multiple: Bool = false) -> PromptSpec {
        spec(choices) {
            $0.typing = typing
            $0.sortsMatches = false
            $0.buttonsHoldFocus = typing == .jumpsRound
            $0.allowsMultiple = multiple
            $0.startsAtTop = multiple
        }.personality()
    }
    static let listCases: [Case] = [
        Case(name: "whiptail's menu: s moves to s3, Return chooses it", spec: list(devices, .jumpsOnward), keys: "s\r", answer: ["s3"]),
        Case(name: "whiptail's menu: N, n moves to nas, then none", spec: list(devices, .jumpsOnward), keys: "Nn\r", answer: ["none"]),
        Case(name: "whiptail's menu: past the last tag starting with it, the highlight stays", spec: list(devices, .jumpsOnward),
             keys: "nnn", highlight: 3),
        Case(name: "whiptail's menu: B B B steps Berlin, Bern, Bratislava", spec: list(cities, .jumpsOnward), keys: "BBB\r",
             answer: ["Bratislava"]),
        Case(name: "whiptail's menu: from a row not starting with it, the first that does", spec: list(cities, .jumpsOnward),
             keys: "⇲b\r", answer: ["Berlin"]),
        Case(name: "whiptail's menu: a digit does nothing, nothing is chosen", spec: list(vms, .jumpsOnward), keys: "102", highlight: 0),
        Case(name: "whiptail's menu: a digit, then Return, chooses the highlighted", spec: list(vms, .jumpsOnward), keys: "2\r",
             answer: ["101"]),
        Case(name: "whiptail's menu: Space does nothing", spec: list(devices, .jumpsOnward), keys: "↓ ", highlight: 1),
        Case(name: "whiptail's menu: Backspace and Left do nothing", spec: list(devices, .jumpsOnward), keys: "↓⌫←", highlight: 1),
        Case(name: "whiptail's menu: a letter on a button does nothing", spec: list(devices, .jumpsOnward), keys: "\ts\r",
             answer: ["usb"]),
        Case(name: "whiptail's checklist: letters do nothing, nor Home and End", spec: list(devices, .checkBoxes, multiple: true),
             keys: "n⇲s", highlight: 0),
        Case(name: "whiptail's checklist: Right and Left move down and up, Backspace up",
             spec: list(devices, .checkBoxes, multiple: true), keys: "→→→←⌫ \r", answer: ["nas"]),
        Case(name: "whiptail's menu: Right goes to OK, Right again to Cancel", spec: list(devices, .jumpsOnward), keys: "↓→→\r",
             outcome: .accepted(.cancel)),
        Case(name: "whiptail's menu: Down on OK goes to Cancel", spec: list(devices, .jumpsOnward), keys: "→↓\r", outcome: .accepted(.cancel)),
        Case(name: "whiptail's menu: past Cancel the focus stays", spec: list(devices, .jumpsOnward), keys: "\t\t→↓\r",
             outcome: .accepted(.cancel)),
        Case(name: "whiptail's menu: Up on OK goes back to the list, the highlight where it was", spec: list(devices, .jumpsOnward),
             keys: "↓\t↑\r", answer: ["nas"]),
        Case(name: "whiptail's menu: Left on OK goes back to the list, Down then moves", spec: list(devices, .jumpsOnward),
             keys: "→←↓\r", answer: ["nas"]),
        Case(name: "whiptail's menu: PgDn on OK goes to Cancel, PgUp back to the list", spec: list(devices, .jumpsOnward),
             keys: "\t⇟⇞↓\r", answer: ["nas"]),
        Case(name: "whiptail's menu: Backspace on Cancel goes to OK", spec: list(devices, .jumpsOnward), keys: "↓\t\t⌫\r",
             answer: ["nas"]),
        Case(name: "whiptail's checklist: Tab, Left, back in the list", spec: list(devices, .checkBoxes, multiple: true),
             keys: "\t←↓ \r", answer: ["nas"]),
        Case(name: "dialog's list: n, n, n goes round", spec: list(devices, .jumpsRound), keys: "nnn\r", answer: ["nas"]),
        Case(name: "dialog's list: a digit moves to a tag it starts", spec: list(vms, .jumpsRound), keys: "11\r", answer: ["110"]),
        Case(name: "dialog's list: a digit no tag starts moves to that row", spec: list(devices, .jumpsRound), keys: "3\r",
             answer: ["s3"], page: 4),
        Case(name: "dialog's list: 1 0 2 is 102", spec: list(vms, .jumpsRound), keys: "102\r", answer: ["102"]),
        Case(name: "dialog's list: a digit past the rows shown does nothing", spec: list(devices, .jumpsRound), keys: "4", highlight: 0,
             page: 3),
        Case(name: "dialog's list: a digit counts from the first row shown", spec: list(cities, .jumpsRound), keys: "↓↓↓2", highlight: 2,
             page: 3),
        Case(name: "dialog's menu: Space chooses, as Return", spec: list(devices, .jumpsRound), keys: "↓ ", answer: ["nas"]),
        Case(name: "dialog's checklist: a letter moves, Space marks", spec: list(devices, .jumpsRound, multiple: true), keys: "s \r",
             answer: ["s3"]),
        Case(name: "dialog's list: Left from OK goes round to Cancel", spec: list(devices, .jumpsRound), keys: "←\r",
             outcome: .accepted(.cancel)),
    ]

    @Test(arguments: cases)
    func keys(_ test: Case) {
        var state = SheetState(spec: test.spec, loading: false, namesChoices: test.plain)
        var outcome: Outcome?
        var bells = 0
        let order = ButtonRole.order(of: test.spec.framed, stacked: test.stacked)
        for event in Self.events(test.keys) where outcome == nil {
            switch state.handle(event, page: test.page, buttonOrder: order) {
            case .bell: bells += 1
            case let .finish(ended): outcome = ended
            default: break
            }
        }
        if let answer = test.answer {
            #expect(outcome == .accepted(.ok))
            #expect(state.answers().map { String(decoding: $0, as: UTF8.self) } == answer)
        } else if let expected = test.outcome {
            #expect(outcome == expected)
        } else {
            #expect(outcome == nil)
            #expect(state.highlight == test.highlight)
        }
        #expect(bells == test.bells)
        if test.status != nil || test.name.contains("clears") { #expect(state.status?.text == test.status) }
    }

    /// Choices that arrive after the sheet shows: filtered as they come, a `--selected` one
    /// takes the highlight when it arrives, unless a key moved it; an empty list, or one
    /// without the `--selected` choice, is a problem once it has ended.
    /// A paste is one edit of the query, filtered once however long it is (each character of it
    /// filtering the list made a paste's cost grow with its square); typed keys filter a time each.
    @Test(arguments: [
        ("dam", 3, "dam", ["Damson"]), ("⟦dam⟧", 1, "dam", ["Damson"]), ("da⟦m\n⟧", 3, "dam", ["Damson"]),
        ("⟦⟧", 0, "", ["Apple", "Banana", "Cherry", "Damson", "Elderberry"]), ("⟦\n\t⟧", 0, "", ["Apple", "Banana", "Cherry", "Damson", "Elderberry"]),
        ("⟦ch⟧⟦e⟧", 2, "che", ["Cherry"]), ("⟦ban⟧⌫⌫", 3, "b", ["Banana", "Elderberry"]),
    ])
    func aPasteFiltersOnce(keys: String, passes: Int, query: String, shown: [String]) {
        var state = SheetState(spec: Self.spec(Self.fruit), loading: false)
        for event in Self.events(keys) { _ = state.handle(event, page: 5) }
        #expect(state.filter.passes == passes)
        #expect(String(decoding: state.queryBytes, as: UTF8.self) == query)
        #expect((0..<state.shownCount).map { state.list.label(at: state.choice(at: $0)) } == shown)
    }

    /// 1 MiB pasted: one pass, the whole of it in the query (its line breaks left out).
    @Test func aMebibytePasted() {
        var state = SheetState(spec: Self.spec(Self.fruit + [Choice(String(repeating: "0123456789abcde", count: 3))]), loading: false)
        let line = String(repeating: "0123456789abcde", count: 4) + "\n"
        var events: [InputEvent] = [.pasteBegin]
        for _ in 0..<(1 << 20) / 64 { events += line.unicodeScalars.map { .pasted($0) } }
        events.append(.pasteEnd)
        for event in events { #expect(state.handle(event, page: 5) == .proceed) }
        #expect(state.filter.passes == 1)
        #expect(state.queryBytes.count == (1 << 20) / 64 * 60)
        #expect(state.shownCount == 0)
        #expect(state.handle(.key(.escape), page: 5) == .finish(.cancelled))
    }

    @Test func aListArriving() {
        var spec = Self.spec([]) { $0.selected = ["line 30"] }
        spec.editSheet { $0.source = .standardInput }
        var state = SheetState(spec: spec, loading: true)
        func arrive(_ text: String) {
            Array(text.utf8).withUnsafeBytes { state.list.append(bytes: $0) }
            state.listGrew()
        }
        arrive((1...20).map { "line \($0)\n" }.joined() + "line 2")
        #expect(state.list.count == 20 && state.highlight == 0)
        arrive("1\nline 30\n")
        #expect(state.list.count == 22 && state.choice(at: state.highlight) == 21)
        #expect(state.handle(.character("3"), page: 5) == .proceed)  // a query, not a digit: still loading
        #expect(state.shownCount == 3)  // line 3, line 13, line 30
        arrive("line 31\n")
        #expect(state.shownCount == 4)
        #expect(state.listEnded() == nil)
        #expect(state.answers().map { String(decoding: $0, as: UTF8.self) } == ["line 3"])

        // Typing first: the --selected choice arriving later leaves the highlight be.
        var typed = SheetState(spec: spec, loading: true)
        #expect(typed.handle(.character("l"), page: 5) == .proceed)
        Array((1...40).map { "line \($0)\n" }.joined().utf8).withUnsafeBytes { typed.list.append(bytes: $0) }
        typed.listGrew()
        #expect(typed.highlight == 0)

        var empty = SheetState(spec: spec, loading: true)
        #expect(empty.listEnded() == .noChoices)
        var missing = SheetState(spec: spec, loading: true)
        Array("a\nb".utf8).withUnsafeBytes { missing.list.append(bytes: $0) }
        #expect(missing.listEnded() == .noSuchChoice("line 30"))
        #expect(missing.list.count == 2)
    }

    /// Two `--selected` names of one choice arriving: both are resolved by it (the sheet once
    /// said the second named none); a Unicode name in another case names it too.
    @Test func namesOfOneChoiceArriving() {
        var spec = Self.spec([]) {
            $0.allowsMultiple = true
            $0.selected = ["apple", "APPLE", "über"]
        }
        spec.editSheet { $0.source = .standardInput }
        var state = SheetState(spec: spec, loading: true)
        Array("Apple\nBanana\nÜber\n".utf8).withUnsafeBytes { state.list.append(bytes: $0) }
        state.listGrew()
        #expect(state.listEnded() == nil)
        #expect(state.answers().map { String(decoding: $0, as: UTF8.self) } == ["Apple", "Über"])
    }

    /// A destructive choice given with a list to come: Return waits for a choice that is not
    /// destructive (it rings meanwhile), which takes the highlight when it arrives; a list of
    /// destructive choices only leaves the focus on Cancel.
    @Test func destructiveChoicesBeforeTheListArrives() {
        var spec = Self.spec([Choice("Delete all", isDestructive: true)])
        spec.editSheet { $0.source = .standardInput }
        var state = SheetState(spec: spec, loading: true)
        #expect(state.handle(.key(.enter), page: 5) == .bell)
        Array("a.txt\nb.txt\n".utf8).withUnsafeBytes { state.list.append(bytes: $0) }
        state.listGrew()
        #expect(state.listEnded() == nil)
        #expect(state.handle(.key(.enter), page: 5) == .finish(.accepted(.ok)))
        #expect(state.answers() == [Array("a.txt".utf8)])

        var onlyDestructive = SheetState(spec: spec, loading: true)
        #expect(onlyDestructive.listEnded() == nil)
        #expect(onlyDestructive.focus == .button(.cancel))
        #expect(onlyDestructive.handle(.key(.enter), page: 5) == .finish(.accepted(.cancel)))
    }

    /// A line of invalid UTF-8 is answered with its own bytes.
    @Test func invalidUTF8IsAnsweredAsRead() {
        var spec = Self.spec([])
        spec.editSheet { $0.source = .standardInput }
        var state = SheetState(spec: spec, loading: true)
        [UInt8]([0x61, 0xFF, 0x62, 0x0A]).withUnsafeBytes { state.list.append(bytes: $0) }
        #expect(state.listEnded() == nil)
        #expect(state.handle(.key(.enter), page: 5) == .finish(.accepted(.ok)))
        #expect(state.answers() == [[0x61, 0xFF, 0x62]])
    }
}

extension PromptSpec {
    /// As a personality shows a list: OK first, then the Extra, Cancel and Help buttons asked for.
    func personality(extra: Bool = false, help: Bool = false, default role: ButtonRole? = nil) -> PromptSpec {
        var spec = self
        spec.leadsWithOK = true
        if extra { spec.secondaryLabel = "Extra" }
        if help { spec.helpLabel = "Help" }
        spec.defaultButton = role
        return spec
    }

    var noCancel: PromptSpec {
        var spec = self
        spec.cancelLabel = nil
        return spec
    }
}

extension SheetSpec {
    /// A radio list (whiptail's `--radiolist`) with `marked` marked first, its highlight at the top.
    fileprivate mutating func radio(marked: [Int]) {
        allowsMultiple = true
        marksOne = true
        startsAtTop = true
        selectedIndices = marked
    }
}
