import AskChoices
import AskFields
import AskGauge
import AskLayout
import AskModel
import AskRender
import AskText
import AskKit
import AskPresentation
import AskSession
import AskTextBox
import Testing

/// `--on-timeout`: the countdown names what the time will do, and when it runs out, `accept`
/// answers what stands as the button the time presses would — rules and all — while `cancel`
/// ends unanswered. The time is given, never waited for.
struct TimeoutAnswerTests {
    struct FieldsCase: Sendable, CustomTestStringConvertible {
        let name: String
        let spec: PromptSpec
        let keys: String
        /// What the countdown's row says two seconds before the end.
        let countdown: String
        let outcome: Outcome
        /// The first field's answer, when it is printed.
        var answer: String?
        /// Why the rules refused what stood.
        var refusal: String?
        var testDescription: String { name }
    }

    static func fields(_ field: FieldSpec = FieldSpec(), onTimeout: TimeoutAction = .accept,
                       _ edit: (inout PromptSpec) -> Void = { _ in }) -> PromptSpec {
        var spec = PromptSpec(title: "Branch")
        spec.body = .fields([field])
        spec.onTimeout = onTimeout
        edit(&spec)
        return spec
    }

    static let fieldCases: [FieldsCase] = {
        var short = FieldSpec()
        short.validation.minimumLength = 8
        var multiline = FieldSpec()
        multiline.isMultiline = true
        var repeated = FieldSpec(isSecure: true)
        repeated.repeatsEntry = true
        return [
            FieldsCase(name: "the typed text", spec: fields(), keys: "fix-42", countdown: "OK in 2s", outcome: .accepted(.ok), answer: "fix-42"),
            FieldsCase(name: "the starting text", spec: fields(FieldSpec(value: "main")), keys: "", countdown: "OK in 2s",
                       outcome: .accepted(.ok), answer: "main"),
            FieldsCase(name: "an OK of its own", spec: fields { $0.okLabel = "Deploy" }, keys: "x", countdown: "Deploy in 2s",
                       outcome: .accepted(.ok), answer: "x"),
            FieldsCase(name: "refused by a rule", spec: fields(short), keys: "abc", countdown: "OK in 2s", outcome: .timedOut,
                       refusal: "Enter at least 8 characters"),
            FieldsCase(name: "not entered again", spec: fields(repeated), keys: "pw", countdown: "OK in 2s", outcome: .timedOut,
                       refusal: "it was not entered a second time"),
            FieldsCase(name: "several lines", spec: fields(multiline), keys: "one\rtwo", countdown: "OK in 2s", outcome: .accepted(.ok),
                       answer: "one\ntwo"),
            FieldsCase(name: "a confirmation", spec: fields { $0.body = .fields([]) }, keys: "", countdown: "OK in 2s",
                       outcome: .accepted(.ok)),
            FieldsCase(name: "a destructive confirmation presses Cancel",
                       spec: fields { $0.body = .fields([]); $0.isDestructive = true; $0.cancelLabel = "Keep" },
                       keys: "", countdown: "Keep in 2s", outcome: .accepted(.cancel)),
            FieldsCase(name: "a destructive confirmation whose default button is OK presses Cancel",
                       spec: fields { $0.body = .fields([]); $0.isDestructive = true; $0.okLabel = "Delete"; $0.defaultButton = .ok },
                       keys: "", countdown: "Cancel in 2s", outcome: .accepted(.cancel)),
            FieldsCase(name: "a destructive alert with a field, its default button OK, presses Cancel",
                       spec: fields { $0.isDestructive = true; $0.okLabel = "Delete"; $0.defaultButton = .ok },
                       keys: "yes", countdown: "Cancel in 2s", outcome: .accepted(.cancel)),
            FieldsCase(name: "a destructive confirmation without Cancel ends as Cancel would",
                       spec: fields { $0.body = .fields([]); $0.isDestructive = true; $0.cancelLabel = nil },
                       keys: "", countdown: "Cancel in 2s", outcome: .accepted(.cancel)),
            FieldsCase(name: "cancel, the default", spec: fields(onTimeout: .cancel), keys: "fix", countdown: "Cancel in 2s",
                       outcome: .timedOut),
        ]
    }()

    @Test(arguments: fieldCases)
    func fieldsAtTheDeadline(_ test: FieldsCase) throws {
        var rig = ControllerRig(test.spec, timeout: 10)
        rig.start(at: 0)
        rig.type(test.keys, at: 1)
        rig.wait(until: 8)
        #expect(rig.terminal.lines.contains { $0.hasSuffix(" " + test.countdown + " │") }, "\(rig.terminal.lines)")
        rig.wait(until: 10)
        #expect(rig.controller.outcome == test.outcome)
        #expect(rig.controller.refusal == test.refusal)
        let response = rig.controller.response()
        if let answer = test.answer { #expect(response.answers.first?.string == answer) }
    }

    struct SheetCase: Sendable, CustomTestStringConvertible {
        let name: String
        let sheet: SheetSpec
        let keys: String
        let countdown: String
        let outcome: Outcome
        var chosen: [String] = []
        var refusal: String?
        var testDescription: String { name }
    }

    static let choices = [Choice("Apple"), Choice("Banana"), Choice("Cherry")]

    static let sheetCases: [SheetCase] = {
        var checklist = SheetSpec(choices: choices)
        checklist.allowsMultiple = true
        checklist.requiresSelection = true
        var destructive = SheetSpec(choices: choices + [Choice("Burn it all", isDestructive: true)])
        destructive.selected = []
        var selectedDestructive = destructive
        selectedDestructive.selected = ["Burn it all"]
        var checkedDestructive = selectedDestructive
        checkedDestructive.allowsMultiple = true
        var markedDestructive = destructive
        markedDestructive.allowsMultiple = true
        return [
            SheetCase(name: "the highlighted choice", sheet: SheetSpec(choices: choices), keys: "\u{1B}[B", countdown: "OK in 2s",
                      outcome: .accepted(.ok), chosen: ["Banana"]),
            SheetCase(name: "the marked ones", sheet: checklist, keys: " \u{1B}[B\u{1B}[B ", countdown: "Done in 2s",
                      outcome: .accepted(.ok), chosen: ["Apple", "Cherry"]),
            SheetCase(name: "nothing marked, one required", sheet: checklist, keys: "", countdown: "Done in 2s",
                      outcome: .timedOut, refusal: "Mark at least one choice (Space)"),
            SheetCase(name: "never a destructive choice", sheet: destructive, keys: "\u{1B}[A", countdown: "OK in 2s",
                      outcome: .accepted(.cancel)),
            SheetCase(name: "never a destructive choice --selected", sheet: selectedDestructive, keys: "", countdown: "OK in 2s",
                      outcome: .accepted(.cancel)),
            SheetCase(name: "never a destructive choice's digit", sheet: destructive, keys: "1", countdown: "OK in 2s",
                      outcome: .accepted(.cancel)),
            SheetCase(name: "never a destructive choice marked by --selected", sheet: checkedDestructive, keys: "",
                      countdown: "Done in 2s", outcome: .accepted(.cancel)),
            SheetCase(name: "never a destructive choice marked by Space, beside others", sheet: markedDestructive,
                      keys: "\u{1B}[A \u{1B}[B ", countdown: "Done in 2s", outcome: .accepted(.cancel)),
        ]
    }()

    @Test(arguments: sheetCases)
    func sheetsAtTheDeadline(_ test: SheetCase) throws {
        var spec = PromptSpec(title: "Fruit")
        spec.body = .choices(test.sheet)
        spec.onTimeout = .accept
        var rig = ControllerRig<ChoicesControl>(spec, timeout: 10)
        rig.start(at: 0)
        rig.type(test.keys, at: 1)
        #expect(rig.controller.outcome == nil)
        rig.wait(until: 8)
        #expect(rig.controller.outcome == nil)
        #expect(rig.terminal.lines.contains { $0.contains(" " + test.countdown + " ") }, "\(rig.terminal.lines)")
        rig.wait(until: 10)
        #expect(rig.controller.outcome == test.outcome)
        #expect(rig.controller.refusal == test.refusal)
        #expect(rig.controller.response().chosen.map { String(decoding: $0, as: UTF8.self) } == test.chosen)
    }

    /// Plain output says once what the time will do.
    @Test(arguments: [(TimeoutAction.cancel, "(Cancel in 30 seconds)"), (.accept, "(OK in 30 seconds)")])
    func plainOutputSaysIt(_ action: TimeoutAction, line: String) {
        var rig = ControllerRig(Self.fields(onTimeout: action), timeout: 30, plain: true)
        rig.start(at: 0)
        #expect(rig.terminal.lines.contains(line), "\(rig.terminal.lines)")
    }
}

/// `--pause` (and dialog's): the time shows from the start as a bar that empties, the seconds
/// left beside it, and running out it presses OK. The time is given, never waited for.
struct PauseTests {
    static func pause(seconds: Double) -> ControllerRig<FieldsControl> {
        var spec = PromptSpec(title: "Rebooting")
        spec.body = .fields([])
        spec.onTimeout = .accept
        spec.chrome.countdownBar = true
        return ControllerRig(spec, timeout: seconds)
    }

    /// The bar's row at each time: full with every second left, shorter each second, never a
    /// countdown in words.
    @Test func theBarEmptiesFromTheStart() {
        var rig = Self.pause(seconds: 40)
        rig.start(at: 0)
        func bar() -> String? {
            rig.terminal.lines.first { $0.contains("s │") }.map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
        }
        let rows: [(Double, String)] = [
            (0, "│ █████████████████████████  40s │"),
            (10.5, "│ ██████████████████░░░░░░░  30s │"),
            (30, "│ ██████░░░░░░░░░░░░░░░░░░░  10s │"),
            (39.2, "│ ░░░░░░░░░░░░░░░░░░░░░░░░░   1s │"),
        ]
        for (time, row) in rows {
            rig.wait(until: time)
            #expect(bar() == row, "\(time): \(rig.terminal.lines)")
            #expect(rig.controller.outcome == nil)
        }
        #expect(!rig.terminal.lines.contains { $0.contains("OK in") })
        rig.wait(until: 40)
        #expect(rig.controller.outcome == .accepted(.ok))
    }

    /// With a field the bar shows the same, in a row of its own under the field (never the
    /// countdown in words beside it), and running out it answers the field's text.
    @Test func aFieldsPauseShowsTheBarToo() {
        var spec = PromptSpec(title: "Host")
        spec.body = .fields([FieldSpec(value: "pi")])
        spec.onTimeout = .accept
        spec.chrome.countdownBar = true
        var rig = ControllerRig(spec, timeout: 9)
        rig.start(at: 0)
        rig.wait(until: 1)
        #expect(rig.terminal.lines.contains { $0.contains("█") && $0.contains(" 8s │") }, "\(rig.terminal.lines)")
        #expect(!rig.terminal.lines.contains { $0.contains("OK in") }, "\(rig.terminal.lines)")
        rig.wait(until: 9)
        #expect(rig.controller.outcome == .accepted(.ok))
    }

    /// Before its time, the buttons act as always: Tab and Return press Cancel.
    @Test func cancelBeforeTheTime() {
        var rig = Self.pause(seconds: 5)
        rig.start(at: 0)
        rig.type("\t\r", at: 1)
        #expect(rig.controller.outcome == .accepted(.cancel))
    }
}
