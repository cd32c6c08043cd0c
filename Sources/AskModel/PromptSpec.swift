/// What the alert shows and how it answers: the fields of an iOS text alert, its rules and
/// buttons. How it is presented (a timeout, colour, fallbacks) is `PresentationOptions`; what
/// the command line adds (the terminator, askpass) stays with the command line.
package struct PromptSpec: Equatable, Sendable {
    package var title = ""
    package var message = ""
    package var placeholder = ""
    /// Text the field starts with; the cursor starts at its end.
    package var value = ""
    package var isSecure = false
    /// The glyph shown for each typed grapheme in secure entry; empty shows nothing at all.
    /// `nil` means the default for the terminal (`•`, or `*` when it is not UTF-8).
    package var mask: String?
    package var keyboard: KeyboardType = .default
    /// Show a text field (false: a confirmation with buttons only).
    package var hasField = true
    /// Rules the answer must follow.
    package var validation = Validation()
    /// `--repeat`: ask a second time and accept only when both entries match.
    package var repeatsEntry = false
    /// What the second entry is called (its placeholder).
    package var repeatLabel = "Repeat"
    /// `--allow-reveal`: in secure entry, Ctrl-R shows the text in clear.
    package var allowsReveal = false

    package var okLabel = "OK"
    /// `nil` drops the Cancel button (Esc still cancels).
    package var cancelLabel: String? = "Cancel"
    package var secondaryLabel: String?
    package var isDestructive = false
    /// The button Return activates in the field; `nil` picks by the HIG (Cancel when destructive).
    package var defaultButton: ButtonRole?

    /// Any key closes the alert (OpenSSH's `SSH_ASKPASS_PROMPT=none` notices).
    package var closesOnAnyKey = false
    package init() {}

    package init(title: String = "", message: String = "", placeholder: String = "", value: String = "",
                isSecure: Bool = false, keyboard: KeyboardType = .default) {
        self.title = title
        self.message = message
        self.placeholder = placeholder
        self.value = value
        self.isSecure = isSecure
        self.keyboard = keyboard
    }

    /// The buttons in reading order as a stack: OK, then the secondary, then Cancel.
    package var buttons: [Button] {
        var result = [Button(role: .ok, label: okLabel, isDestructive: isDestructive)]
        if let secondaryLabel { result.append(Button(role: .secondary, label: secondaryLabel)) }
        if let cancelLabel { result.append(Button(role: .cancel, label: cancelLabel)) }
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
