import AskChoices
import AskFields
import AskGauge
@testable import AskKit
import AskModel
import AskRender
import AskSession
import AskLayout
import AskPresentation
import AskText
import AskTextBox
import Glibc
import Testing

/// `TextAlert` as the model sees it: one field described by the alert's own properties, or
/// several by `fields`; and its `Answer`, a text per field.
struct TextAlertSpecTests {
    /// Without `fields`, the one field is what it always was: no label, the alert's placeholder,
    /// text, keyboard, secure entry and rules, set in the initializer or after it.
    @Test func anAlertWithoutFieldsHasItsOneField() {
        var alert = TextAlert(title: "T", message: "M", placeholder: "p", text: "t", keyboardType: .email, isSecure: true)
        alert.isRequired = true
        alert.minimumLength = 2
        alert.maximumLength = 9
        alert.pattern = ".*@.*"
        var expected = PromptSpec(title: "T", message: "M", placeholder: "p", value: "t", isSecure: true, keyboard: .email)
        expected.editFields { $0[0].validation.isRequired = true }
        expected.editFields { $0[0].validation.minimumLength = 2 }
        expected.editFields { $0[0].validation.maximumLength = 9 }
        expected.editFields { $0[0].validation.pattern = ".*@.*" }
        #expect(alert.spec == expected)
        #expect(alert.placeholder == "p" && alert.text == "t" && alert.keyboardType == .email && alert.isSecure)
    }

    /// A spec the command line refuses is refused to a program using the API too, as its own
    /// error, before anything is drawn or read: no alert could answer it.
    @Test(arguments: [
        ("lengths", "the alert cannot be answered: the minimum length 8 is above the maximum length 4"),
        ("number", "the alert cannot be answered: a multi-line field does not take a number keyboard"),
        ("fields", "the alert cannot be answered: 'Notes': a multi-line field does not take an email keyboard"),
    ])
    func aSpecNoAlertCouldAnswerIsAnError(_ breaking: String, said: String) {
        var alert = TextAlert(title: "T")
        alert.fallback = .text
        switch breaking {
        case "lengths":
            alert.minimumLength = 8
            alert.maximumLength = 4
        case "number":
            alert.isMultiline = true
            alert.keyboardType = .number
        default:
            alert.fields = [TextAlert.Field(label: "User"), TextAlert.Field(label: "Notes", keyboardType: .email)]
            alert.fields[1].isMultiline = true
        }
        do {
            _ = try alert.present()
            Issue.record("presented")
        } catch {
            #expect(error.description == said)
            if case let .presentation(.control(failure)) = error.kind, failure.kind == .usage {} else { Issue.record("\(error.kind)") }
        }
    }

    /// Given `fields`, each is a field of its own in order, and the alert's own field
    /// properties are not used.
    @Test func fieldsAreTheAlertsFieldsInOrder() {
        var user = TextAlert.Field(label: "User", placeholder: "name", text: "jane")
        user.isRequired = true
        var pin = TextAlert.Field(label: "PIN", keyboardType: .number, isSecure: true)
        pin.minimumLength = 4
        pin.maximumLength = 8
        pin.pattern = "[0-9]+"
        var notes = TextAlert.Field(label: "Notes", text: "one\r\ntwo")
        notes.isMultiline = true
        notes.lines = 3
        var alert = TextAlert(title: "T", fields: [user, pin, notes], acceptLabel: "Go", cancelLabel: nil, secondaryLabel: "Later")
        alert.placeholder = "unused"
        alert.isSecure = true

        var expected = PromptSpec(title: "T")
        var userSpec = FieldSpec(label: "User", placeholder: "name", value: "jane")
        userSpec.validation.isRequired = true
        var pinSpec = FieldSpec(label: "PIN", isSecure: true, keyboard: .number)
        pinSpec.validation.minimumLength = 4
        pinSpec.validation.maximumLength = 8
        pinSpec.validation.pattern = "[0-9]+"
        var notesSpec = FieldSpec(label: "Notes", value: "one\r\ntwo")
        notesSpec.isMultiline = true
        notesSpec.lines = 3
        expected.body = .fields([userSpec, pinSpec, notesSpec])
        expected.okLabel = "Go"
        expected.cancelLabel = nil
        expected.secondaryLabel = "Later"
        #expect(alert.spec == expected)
    }

    /// A field's answer is lent, not taken: it stays whole until the answer goes away, and then
    /// every text is wiped.
    @Test func eachFieldsAnswerIsLentAndAllAreWipedWhenTheAnswerGoesAway() {
        let user = TextBuffer("jane"), password = TextBuffer("hunter2")
        do {
            let answer = TextAlert.Answer([user, password], secrets: [false, true])
            #expect(answer.count == 2)
            #expect(answer.text == "jane" && !answer.isSecret)
            #expect(answer.withAnswer(at: 0) { $0.text } == "jane")
            #expect(answer.withAnswer(at: 1) { ($0.count, $0.isSecret, $0.text) } == (1, true, nil))
            #expect(answer.withAnswer(at: 1) { $0.withUnsafeBytes { Array($0) } } == Array("hunter2".utf8))
            #expect(!user.isEmpty && !password.isEmpty)
        }
        #expect(user.isEmpty && password.isEmpty)
    }

    /// `write(to:ending:)` writes every text, each followed by the ending; a lent answer its own.
    @Test func writingAnAnswerWritesEachTextWithTheEnding() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let answer = TextAlert.Answer([TextBuffer("jane"), TextBuffer("hunter2")], secrets: [false, true])
        try answer.write(to: fds[1], ending: [0])
        try answer.withAnswer(at: 1) { field throws(TextAlert.Failure) in try field.write(to: fds[1], ending: [0x0A]) }
        close(fds[1])
        var read = [UInt8](repeating: 0, count: 64)
        let count = Glibc.read(fds[0], &read, read.count)
        #expect(Array(read.prefix(max(count, 0))) == Array("jane\0hunter2\0hunter2\n".utf8))
    }
}
