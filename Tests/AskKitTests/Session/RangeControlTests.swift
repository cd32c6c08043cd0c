import AskLayout
import AskModel
import AskRange
import AskRender
import AskSession
import AskText
import Testing

/// A number between bounds (dialog's `--rangebox`): the keys as dialog's range box takes them —
/// each case's answer side by side with Debian's dialog in DialogTests — and its screen. The
/// time is given, never waited for.
struct RangeControlTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var spec = RangeControlTests.dialogs(RangeSpec(minimum: 0, maximum: 60, value: 10, page: 2))
        let keys: [String]
        let outcome: Outcome
        /// The number answered (nil: nothing, as after Cancel or Esc).
        let answer: String?
        var testDescription: String { name }
    }

    /// As dialog has it: Up makes the number smaller.
    static func dialogs(_ spec: RangeSpec) -> RangeSpec {
        var spec = spec
        spec.upLowers = true
        return spec
    }

    static let up = "\u{1B}OA", down = "\u{1B}OB", left = "\u{1B}OD", right = "\u{1B}OC"

    static let cases: [Case] = [
        Case(name: "Return: the starting number", keys: ["\r"], outcome: .accepted(.ok), answer: "10"),
        Case(name: "Up twice: 2 less", keys: [up, up, "\r"], outcome: .accepted(.ok), answer: "8"),
        Case(name: "Down: 1 more", keys: [down, "\r"], outcome: .accepted(.ok), answer: "11"),
        Case(name: "+ + -: 1 more", keys: ["+", "+", "-", "\r"], outcome: .accepted(.ok), answer: "11"),
        Case(name: "PgDn: a page more", keys: ["\u{1B}[6~", "\r"], outcome: .accepted(.ok), answer: "12"),
        Case(name: "Home: the lowest", keys: ["\u{1B}OH", "\r"], outcome: .accepted(.ok), answer: "0"),
        Case(name: "End: the highest", keys: ["\u{1B}OF", "\r"], outcome: .accepted(.ok), answer: "60"),
        Case(name: "End then Down: held to the highest", keys: ["\u{1B}OF", down, "\r"], outcome: .accepted(.ok), answer: "60"),
        Case(name: "Left to the ones: 5 typed", keys: [left, "5", "\r"], outcome: .accepted(.ok), answer: "15"),
        Case(name: "Left twice to the tens: 3 typed", keys: [left, left, "3", "\r"], outcome: .accepted(.ok), answer: "30"),
        Case(name: "the tens: 7 would pass the highest", keys: [left, left, "7", "\r"], outcome: .accepted(.ok), answer: "10"),
        Case(name: "the tens: Up takes ten", keys: [left, left, up, "\r"], outcome: .accepted(.ok), answer: "0"),
        Case(name: "a digit on a button does nothing", keys: ["5", "\r"], outcome: .accepted(.ok), answer: "10"),
        Case(name: "Right through Cancel and the columns, round to OK", keys: [right, right, right, right, "\r"],
             outcome: .accepted(.ok), answer: "10"),
        Case(name: "Tab: Cancel answers nothing", keys: ["\t", "\r"], outcome: .accepted(.cancel), answer: nil),
        Case(name: "Space presses", keys: ["\t", " "], outcome: .accepted(.cancel), answer: nil),
        Case(name: "a digit before the number's spaces makes none", spec: Self.dialogs(RangeSpec(minimum: -5, maximum: 500, value: 5)),
             keys: [left, left, left, "1", "\r"], outcome: .accepted(.ok), answer: "5"),
        Case(name: "below 0", spec: Self.dialogs(RangeSpec(minimum: -5, maximum: 5, value: -5)), keys: [up, "\r"], outcome: .accepted(.ok), answer: "-5"),
        Case(name: "the bounds the wrong way round are one", spec: RangeSpec(minimum: 10, maximum: 5, value: 99), keys: ["\r"],
             outcome: .accepted(.ok), answer: "10"),
    ]

    static func rig(_ spec: RangeSpec) -> ControllerRig<RangeControl> {
        var chrome = AlertChrome(title: "Duration")
        chrome.leadsWithOK = true
        return ControllerRig(control: RangeControl(chrome: chrome, spec: spec))
    }

    @Test(arguments: cases)
    func keys(_ test: Case) {
        var rig = Self.rig(test.spec)
        rig.start(at: 0)
        for (index, keys) in test.keys.enumerated() { rig.type(keys, at: Double(index + 1)) }
        #expect(rig.controller.outcome == test.outcome)
        let response = rig.controller.response()
        #expect(response.answers.first.map { $0.withBytes { String(decoding: $0, as: UTF8.self) } } == test.answer)
    }

    /// In `ask`'s own range, Up makes the number larger and Down smaller; + and - as they say.
    @Test(arguments: [([up, up], "12"), ([down], "9"), (["+", "+", "-"], "11"), ([left, left, up], "20")])
    func upIsMoreInAsksOwn(_ keys: [String], answer: String) {
        var rig = Self.rig(RangeSpec(minimum: 0, maximum: 60, value: 10))
        rig.start(at: 0)
        for (index, key) in (keys + ["\r"]).enumerated() { rig.type(key, at: Double(index + 1)) }
        #expect(rig.controller.response().answers.first.map { $0.withBytes { String(decoding: $0, as: UTF8.self) } } == answer)
    }

    /// Esc (once it stands alone) cancels, answering nothing.
    @Test func escCancels() {
        var rig = Self.rig(RangeSpec(minimum: 0, maximum: 60, value: 10))
        rig.start(at: 0)
        rig.type("\u{1B}", at: 1)
        rig.wait(until: 2)
        #expect(rig.controller.outcome == .cancelled)
        #expect(rig.controller.response().answers.isEmpty)
    }

    /// The number centred over the bar of where it stands; the cursor on a column of the
    /// number once the focus is there, hidden on a button.
    @Test func itsScreen() {
        var rig = Self.rig(RangeSpec(minimum: 0, maximum: 60, value: 30))
        rig.start(at: 0)
        let box = rig.terminal.lines.drop { !$0.hasPrefix("╭") }.prefix { !$0.isEmpty }
        #expect(Array(box) == [
            "╭────────────────────────────────╮",
            "│            Duration            │",
            "│                                │",
            "│               30               │",
            "│ ████████████░░░░░░░░░░░░░      │",
            "├───────────────┬────────────────┤",
            "│      OK       │     Cancel     │",
            "╰───────────────┴────────────────╯",
        ], "\(rig.terminal.lines)")
        #expect(rig.terminal.cursorVisible == false)
        rig.type(Self.left, at: 1)
        #expect(rig.terminal.cursorVisible == true)
    }
}
