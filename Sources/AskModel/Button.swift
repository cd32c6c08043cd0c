/// What a button does, after UIAlertAction's styles.
package enum ButtonRole: String, CaseIterable, Sendable {
    /// Accepts the field's text (exit status 0).
    case ok
    /// Dismisses the alert (exit status 1).
    case cancel
    /// A second way to accept (exit status 3); prints the field's text like OK.
    case secondary
    /// dialog's Help button (`--help-button`, the dialog personality only): status 2, and the
    /// field's text or the highlighted choice after `HELP `.
    case help
}

/// One button as the alert shows it.
package struct Button: Equatable, Sendable {
    package var role: ButtonRole
    package var label: String
    /// Drawn as destructive (red): set on the OK button by `--destructive`.
    package var isDestructive: Bool

    package init(role: ButtonRole, label: String, isDestructive: Bool = false) {
        self.role = role
        self.label = label
        self.isDestructive = isDestructive
    }
}

extension ButtonRole {
    /// The buttons of `spec` in the order they are drawn: top to bottom in a stack (OK, the
    /// secondary, Cancel), leading to trailing side by side (Cancel, then OK; OK first when the
    /// spec leads with it, as whiptail and dialog draw their buttons).
    package static func order(of spec: AlertChrome, stacked: Bool) -> [ButtonRole] {
        let roles = spec.buttons.map { $0.role }
        return stacked || spec.leadsWithOK ? roles : roles.reversed()
    }
}
