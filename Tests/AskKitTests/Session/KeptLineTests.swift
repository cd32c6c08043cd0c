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

/// `--keep`: once the alert closes, one line stays where it was — the title, then what was
/// answered, a secret only as a fixed mask — drawn or in plain output alike.
struct KeptLineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let spec: PromptSpec
        let keys: String
        /// The screen once the alert has closed, below the shell's line.
        let line: String
        /// Never on the screen or in what was written.
        var secret: String?
        var testDescription: String { name }
    }

    static func spec(_ title: String, _ fields: [FieldSpec] = [FieldSpec()], _ edit: (inout PromptSpec) -> Void = { _ in }) -> PromptSpec {
        var spec = PromptSpec(title: title)
        spec.body = .fields(fields)
        edit(&spec)
        return spec
    }

    static func sheet(_ edit: (inout SheetSpec) -> Void = { _ in }) -> PromptSpec {
        var sheet = SheetSpec(choices: ["Apple", "Banana", "Cherry"].map { Choice($0) })
        edit(&sheet)
        return spec("Fruit") { $0.body = .choices(sheet) }
    }

    static let long = String(repeating: "abcdefghij", count: 10)

    static let multiline: FieldSpec = {
        var field = FieldSpec()
        field.isMultiline = true
        return field
    }()

    static let cases: [Case] = [
        Case(name: "the text", spec: spec("Name"), keys: "jane\r", line: "Name: jane"),
        Case(name: "a secret, six of the mask whatever its length", spec: spec("Password", [FieldSpec(isSecure: true)]),
             keys: "correct-horse\r", line: "Password: ••••••", secret: "correct-horse"),
        Case(name: "several fields", spec: spec("Sign in", [FieldSpec(label: "User"), FieldSpec(label: "Password", isSecure: true)]),
             keys: "jane\thunter2\r", line: "Sign in: jane, ••••••", secret: "hunter2"),
        Case(name: "the message without a title", spec: spec("") { $0.message = "Your name" }, keys: "jane\r", line: "Your name: jane"),
        Case(name: "cancelled", spec: spec("Name"), keys: "jane\u{1B}", line: "Name: Cancelled"),
        Case(name: "a question needs no colon", spec: spec("Continue deploy?", []), keys: "\r", line: "Continue deploy? OK"),
        Case(name: "a confirmation's Cancel button", spec: spec("Delete files?", []) { $0.isDestructive = true; $0.okLabel = "Delete" },
             keys: "\r", line: "Delete files? Cancel"),
        Case(name: "the chosen choice", spec: sheet(), keys: "\u{1B}[B\r", line: "Fruit: Banana"),
        Case(name: "the marked choices", spec: sheet { $0.allowsMultiple = true }, keys: " \u{1B}[B\u{1B}[B \r", line: "Fruit: Apple, Cherry"),
        Case(name: "several lines: the first, then an ellipsis", spec: spec("Notes", [multiline]), keys: "one\rtwo\u{04}",
             line: "Notes: one …"),
        Case(name: "cut to the width", spec: spec("Name"), keys: long + "\r", line: "Name: " + String(long.prefix(72)) + "…"),
    ]

    @Test(arguments: cases, [false, true])
    func theLineStays(_ test: Case, plain: Bool) {
        var rig: ControllerRig<FieldsControl>?
        var sheetRig: ControllerRig<ChoicesControl>?
        if test.spec.isSheet {
            sheetRig = ControllerRig(control: ChoicesControl(spec: test.spec, plain: plain), plain: plain, keeps: true)
        } else {
            rig = ControllerRig(control: FieldsControl(spec: test.spec, plain: plain), plain: plain, keeps: true)
        }
        func run<C>(_ rig: inout ControllerRig<C>) -> (lines: [String], written: String) {
            rig.start()
            // In plain output a sheet's choices are named: the keys that name the same ones.
            rig.type(plain && test.spec.isSheet ? (test.keys.hasPrefix(" ") ? "1 3\r" : "2\r") : test.keys, at: 1)
            rig.controller.close()
            rig.flush()
            return (rig.terminal.lines, String(decoding: rig.writes.flatMap { $0 }, as: UTF8.self))
        }
        let (lines, written) = rig != nil ? run(&rig!) : run(&sheetRig!)
        let last = lines.last { !$0.isEmpty }
        if plain {
            #expect(last == test.line, "\(lines)")
        } else {
            // The alert is gone: the shell's line, then the kept one.
            #expect(lines.filter { !$0.isEmpty } == ["$ ask", test.line], "\(lines)")
        }
        if let secret = test.secret {
            #expect(!written.contains(secret))
            #expect(!lines.joined().contains(secret))
        }
    }

    /// Without `--keep`, nothing stays.
    @Test func withoutItNothingStays() {
        var rig = ControllerRig(control: FieldsControl(spec: Self.spec("Name")))
        rig.start()
        rig.type("jane\r", at: 1)
        rig.controller.close()
        rig.flush()
        #expect(rig.terminal.lines.filter { !$0.isEmpty } == ["$ ask"])
    }

    /// Timed out.
    @Test func timedOut() {
        var rig = ControllerRig(control: FieldsControl(spec: Self.spec("Name")), timeout: 2, keeps: true)
        rig.start()
        rig.wait(until: 2)
        rig.controller.close()
        rig.flush()
        #expect(rig.terminal.lines.filter { !$0.isEmpty } == ["$ ask", "Name: Timed out"])
    }
}
