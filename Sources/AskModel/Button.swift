/// What a button does, after UIAlertAction's styles.
package enum ButtonRole: String, CaseIterable, Sendable {
    /// Accepts the field's text (exit status 0).
    case ok
    /// Dismisses the alert (exit status 1).
    case cancel
    /// A second way to accept (exit status 3); prints the field's text like OK.
    case secondary
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
    /// secondary, Cancel), leading to trailing side by side (Cancel, then OK).
    package static func order(of spec: PromptSpec, stacked: Bool) -> [ButtonRole] {
        let roles = spec.buttons.map { $0.role }
        return stacked ? roles : roles.reversed()
    }
}
