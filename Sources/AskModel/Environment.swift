/// The environment variables `ask` reads. A few names and values in two arrays: cheaper to
/// build at start-up than a dictionary (whose hashing machinery costs more than the rest of
/// start-up), and written as a dictionary literal in tests.
package struct Environment: ExpressibleByDictionaryLiteral, Sendable {
    private var names: [String] = []
    private var values: [String] = []

    package init() {}

    package init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self[name] = value }
    }

    package subscript(name: String) -> String? {
        get { names.firstIndex(of: name).map { values[$0] } }
        set {
            if let index = names.firstIndex(of: name) {
                if let newValue { values[index] = newValue } else {
                    names.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                names.append(name)
                values.append(newValue)
            }
        }
    }
}

extension Environment {
    /// Every variable that changes what `ask` does.
    package static let names = ["TERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "LANGUAGE", "ASK_LOCALEDIR", "ASK_FALLBACK", "SSH_ASKPASS_PROMPT", "ACCESSIBLE", "ASK_KEEP",
                                // The theme, and what tells the terminal's background; whiptail's and dialog's colours.
                                "ASK_COLORS", "COLORFGBG", "NEWT_COLORS", "NEWT_MONO", "DIALOGRC", "HOME",
                                // Run as dialog: the statuses a script asked for.
                                "DIALOG_OK", "DIALOG_CANCEL", "DIALOG_HELP", "DIALOG_EXTRA", "DIALOG_ESC", "DIALOG_ERROR",
                                "DIALOG_TIMEOUT",
                                // Run as dialog: its settings file (`use_colors`).
                                "DIALOGRC"]

    /// Whether the variable `name` is set to anything but empty, `0` or `false` (any case): a
    /// switch as huh, the GitHub CLI and slack-cli read `ACCESSIBLE`.
    package func switchesOn(_ name: String) -> Bool {
        guard let value = self[name] else { return false }
        return !["", "0", "false"].contains(value.lowercased())
    }

    /// The variables in `names`, as `value` gives them (the process's own: `ProcessEnvironment.value`).
    package init(reading value: (String) -> String?) {
        self.init()
        for name in Self.names {
            if let found = value(name) { self[name] = found }
        }
    }
}
