/// What the alert shows and how it answers: the parts of an iOS text alert (a title, a message,
/// text fields with their rules, buttons). How it is presented (a timeout, colour, fallbacks) is `PresentationOptions`; what
/// the command line adds (the terminator, askpass) stays with the command line.
package struct PromptSpec: Equatable, Sendable {
    package var title = ""
    package var message = ""
    /// What the alert holds between its message and its buttons: one kind of control.
    package var body: PromptBody = .fields([FieldSpec()])

    package var okLabel = "OK"
    /// `nil` drops the Cancel button (Esc still cancels).
    package var cancelLabel: String? = "Cancel"
    package var secondaryLabel: String?
    /// dialog's Help button (`ButtonRole.help`), after Cancel.
    package var helpLabel: String?
    /// Side by side, the buttons go OK first, then Cancel, and Tab follows them (whiptail's and
    /// dialog's order), instead of the HIG's Cancel first; an action sheet shows an OK button
    /// too, which accepts as Return does.
    package var leadsWithOK = false
    /// Return in a field above the last presses the default button, as in the last, instead of
    /// going to the next field (dialog's forms).
    package var returnAccepts = false
    package var isDestructive = false
    /// The button Return activates in the field; `nil` picks by the HIG (Cancel when destructive).
    package var defaultButton: ButtonRole?

    /// Any key closes the alert (OpenSSH's `SSH_ASKPASS_PROMPT=none` notices).
    package var closesOnAnyKey = false
    /// What the time running out does (`--on-timeout`).
    package var onTimeout = TimeoutAction.cancel
    package init() {}

    package init(title: String = "", message: String = "", placeholder: String = "", value: String = "",
                isSecure: Bool = false, keyboard: KeyboardType = .default) {
        self.title = title
        self.message = message
        body = .fields([FieldSpec(placeholder: placeholder, value: value, isSecure: isSecure, keyboard: keyboard)])
    }

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

    /// The buttons in reading order as a stack: OK, then the secondary, then Cancel.
    package var buttons: [Button] {
        // An action sheet's choices are its actions; Cancel stays apart, at the bottom, beside
        // a checklist's Done.
        if let sheet {
            let done = leadsWithOK ? [Button(role: .ok, label: okLabel)]
                : sheet.allowsMultiple ? [Button(role: .ok, label: SheetSpec.doneLabel)] : []
            return done + (secondaryLabel.map { [Button(role: .secondary, label: $0)] } ?? [])
                + (cancelLabel.map { [Button(role: .cancel, label: $0)] } ?? [])
                + (helpLabel.map { [Button(role: .help, label: $0)] } ?? [])
        }
        // A gauge has no button: it ends when its input does (Esc cancels).
        if gauge != nil { return [] }
        // An info box has none (it ends as it is drawn); a text box, OK alone.
        if let text { return text.isInfo ? [] : [Button(role: .ok, label: okLabel)] }
        var result = [Button(role: .ok, label: okLabel, isDestructive: isDestructive)]
        if let secondaryLabel { result.append(Button(role: .secondary, label: secondaryLabel)) }
        if let cancelLabel { result.append(Button(role: .cancel, label: cancelLabel)) }
        if let helpLabel { result.append(Button(role: .help, label: helpLabel)) }
        return result
    }

    /// The button Return activates: the one asked for, else Cancel for a destructive alert
    /// (so Return cannot destroy by accident), else OK.
    package var effectiveDefaultButton: ButtonRole {
        if let defaultButton, buttons.contains(where: { $0.role == defaultButton }) { return defaultButton }
        if isDestructive, cancelLabel != nil { return .cancel }
        return .ok
    }
}

/// What the time running out does (`--on-timeout`).
package enum TimeoutAction: String, CaseIterable, Sendable {
    /// Ends the alert unanswered (status 124).
    case cancel
    /// Answers what stands, as the default button would: the text, the highlighted or marked
    /// choices; what the rules refuse is refused (status 65), never taken unchecked.
    case accept
}

extension PromptSpec {
    /// The button the time presses: the default one when it answers, else Cancel — and Cancel
    /// whenever the default is destructive (`--default-button ok` on a destructive alert): the
    /// time never destroys.
    package var timeoutRole: ButtonRole {
        let role = effectiveDefaultButton
        guard onTimeout == .accept, !buttons.contains(where: { $0.role == role && $0.isDestructive }) else { return .cancel }
        return role
    }

    /// What the countdown calls what happens when the time is up: the label of the button the
    /// time presses (an action sheet's choice is OK's).
    package var timeoutLabel: String {
        let role = timeoutRole
        if let button = buttons.first(where: { $0.role == role }) { return button.label }
        return role == .cancel ? "Cancel" : okLabel
    }
}

/// What an alert holds between its message and its buttons: one kind of control. Each new kind
/// of control is a case here, its spec beside it.
package enum PromptBody: Equatable, Sendable {
    /// Text fields, top to bottom; none: a confirmation with buttons only.
    case fields([FieldSpec])
    /// A list of choices: the alert is an action sheet.
    case choices(SheetSpec)
    /// A bar filled as a task reports its progress, read from standard input (`--gauge`).
    case gauge(GaugeSpec)
    /// Text to read: a file (a text box), or the message alone, left on the screen (an info box).
    case text(TextSpec)
}
