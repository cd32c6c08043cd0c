import AskChoices
import AskFields
import AskGauge
import AskModel
import AskOutput
import AskPresentation
import AskRange
import AskTextBox

/// What an alert is, as its front ends build it (the command line, the personalities, the Swift
/// API): the chrome every alert has (title, message, buttons' labels, what the time does) and
/// one control's body. Each control is given only its own body and the chrome
/// (`Presentation.present`); what the front ends set on the chrome they set here, by the same
/// names.
package struct PromptSpec: Equatable, Sendable {
    package var chrome = AlertChrome()
    /// What the alert holds between its message and its buttons: one kind of control.
    package var body: PromptBody = .fields([FieldSpec()])

    package init() {}

    package init(title: String = "", message: String = "", placeholder: String = "", value: String = "",
                 isSecure: Bool = false, keyboard: KeyboardType = .default) {
        chrome = AlertChrome(title: title, message: message)
        body = .fields([FieldSpec(placeholder: placeholder, value: value, isSecure: isSecure, keyboard: keyboard)])
    }

    package var title: String { get { chrome.title } set { chrome.title = newValue } }
    package var message: String { get { chrome.message } set { chrome.message = newValue } }
    package var okLabel: String { get { chrome.okLabel } set { chrome.okLabel = newValue } }
    package var cancelLabel: String? { get { chrome.cancelLabel } set { chrome.cancelLabel = newValue } }
    package var secondaryLabel: String? { get { chrome.secondaryLabel } set { chrome.secondaryLabel = newValue } }
    package var helpLabel: String? { get { chrome.helpLabel } set { chrome.helpLabel = newValue } }
    package var leadsWithOK: Bool { get { chrome.leadsWithOK } set { chrome.leadsWithOK = newValue } }
    package var returnAccepts: Bool { get { chrome.returnAccepts } set { chrome.returnAccepts = newValue } }
    package var startsOnDefaultButton: Bool {
        get { chrome.startsOnDefaultButton }
        set { chrome.startsOnDefaultButton = newValue }
    }
    package var isDestructive: Bool { get { chrome.isDestructive } set { chrome.isDestructive = newValue } }
    package var defaultButton: ButtonRole? { get { chrome.defaultButton } set { chrome.defaultButton = newValue } }
    package var closesOnAnyKey: Bool { get { chrome.closesOnAnyKey } set { chrome.closesOnAnyKey = newValue } }
    package var onTimeout: TimeoutAction { get { chrome.onTimeout } set { chrome.onTimeout = newValue } }

    /// The chrome with the buttons its body shows.
    package var framed: AlertChrome {
        chrome.showing(body.buttonRow)
    }

    /// The buttons in reading order as a stack, as the body shows them.
    package var buttons: [Button] { framed.buttons }
    /// The button Return activates.
    package var effectiveDefaultButton: ButtonRole { framed.effectiveDefaultButton }
    /// The button the time presses.
    package var timeoutRole: ButtonRole { framed.timeoutRole }

    /// The text fields, top to bottom (none for a confirmation, or another kind of body).
    package var fields: [FieldSpec] {
        if case let .fields(fields) = body { return fields }
        return []
    }

    /// The choices of an action sheet, when it is one.
    package var sheet: SheetSpec? {
        if case let .choices(sheet) = body { return sheet }
        return nil
    }

    /// The gauge, when the alert is one.
    package var gauge: GaugeSpec? {
        if case let .gauge(gauge) = body { return gauge }
        return nil
    }

    /// The text box or info box, when the alert is one.
    package var text: TextSpec? {
        if case let .text(text) = body { return text }
        return nil
    }

    /// Edits the text fields in place, when the body is fields (otherwise nothing happens).
    package mutating func editFields(_ edit: (inout [FieldSpec]) -> Void) {
        guard case var .fields(fields) = body else { return }
        body = .fields([])  // (the fields are edited without a copy)
        edit(&fields)
        body = .fields(fields)
    }

    /// Edits the choices in place, when the body is choices (otherwise nothing happens).
    package mutating func editSheet(_ edit: (inout SheetSpec) -> Void) {
        guard case var .choices(sheet) = body else { return }
        body = .fields([])  // (the choices are edited without a copy)
        edit(&sheet)
        body = .choices(sheet)
    }

    /// Whether this is an action sheet (choices, no field).
    package var isSheet: Bool { sheet != nil }

    /// Whether the alert has a text field (false: a confirmation with buttons only).
    package var hasField: Bool { !fields.isEmpty }

    /// Whether any field takes a secret: the process is hardened and memory locked for it.
    package var hasSecret: Bool { fields.contains { $0.isSecure } }

    /// The first field (its place) that breaks a rule of the model, and the rule.
    package var problem: (field: Int, SpecProblem)? { fields.problem }
}

/// What an alert holds between its message and its buttons: one kind of control, its body
/// beside it. A new kind of control is its folder (Sources/Controls) and a case here, with its
/// room in `Presentation.present` and its buttons in `buttonRow`.
package enum PromptBody: Equatable, Sendable {
    /// Text fields, top to bottom; none: a confirmation with buttons only.
    case fields([FieldSpec])
    /// A list of choices: the alert is an action sheet.
    case choices(SheetSpec)
    /// A bar filled as a task reports its progress, read from standard input (`--gauge`).
    case gauge(GaugeSpec)
    /// Text to read: a file (a text box), or the message alone, left on the screen (an info box).
    case text(TextSpec)
    /// The last lines of an output as it comes: standard input's, a command's, a file's (`--run`).
    case output(OutputSpec)
    /// A whole number between bounds, moved with the keys (dialog's `--rangebox`).
    case range(RangeSpec)

    /// Whether an answer goes to standard output (text, a choice), beyond the exit status.
    /// (A control added later prints none until it is named here.)
    package var printsAnswer: Bool {
        if case let .fields(fields) = self { return !fields.isEmpty }
        if case .choices = self { return true }
        if case .range = self { return true }
        return false
    }

    /// The buttons the body's control shows.
    package var buttonRow: ButtonRow {
        switch self {
        case .fields: .alert
        case let .choices(sheet): sheet.buttonRow
        case .gauge: GaugeSpec.buttonRow
        case let .text(text): text.buttonRow
        case let .output(output): output.buttonRow
        case .range: RangeSpec.buttonRow
        }
    }
}

extension Presentation {
    /// Gets the answer of any alert: its body's room, presented (the alert on the terminal, or
    /// without one as the options' fallback says). `keepsHygiene`: what a secret changes in the
    /// process stays so after the alert (the command line, which exits soon after); otherwise
    /// it is put back.
    package static func present(_ spec: PromptSpec, options: PresentationOptions, environment: Environment,
                                keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        switch spec.body {
        case let .fields(fields):
            present(FieldsRoom(chrome: spec.chrome, fields: fields), options: options, environment: environment, keepsHygiene: keepsHygiene)
        case let .choices(sheet):
            present(ChoicesRoom(chrome: spec.chrome, sheet: sheet), options: options, environment: environment, keepsHygiene: keepsHygiene)
        case let .gauge(gauge):
            present(GaugeRoom(chrome: spec.chrome, gauge: gauge), options: options, environment: environment, keepsHygiene: keepsHygiene)
        case let .text(text):
            present(TextRoom(chrome: spec.chrome, text: text), options: options, environment: environment, keepsHygiene: keepsHygiene)
        case let .output(output):
            present(OutputRoom(chrome: spec.chrome, output: output), options: options, environment: environment, keepsHygiene: keepsHygiene)
        case let .range(range):
            present(RangeRoom(chrome: spec.chrome, spec: range), options: options, environment: environment, keepsHygiene: keepsHygiene)
        }
    }
}
