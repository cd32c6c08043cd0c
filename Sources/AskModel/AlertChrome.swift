import AskText

/// What every alert has around its control, whatever the control: a title, a message, the
/// buttons' labels and roles, and what the time running out does. A control is given this and
/// its own body (`PromptSpec` in AskKit joins the two); which buttons it shows is its own
/// (`buttonRow`, set by the control from its body), the rules that pick the default button and
/// the one the time presses are written here once.
package struct AlertChrome: Equatable, Sendable {
    package var title = ""
    package var message = ""
    /// A line above the box that says who is asking (whiptail's and dialog's `--backtitle`).
    package var backtitle = ""
    /// Emphasis over spans of the message (dialog's `--colors`), in order, apart.
    package var messageEmphasis: [EmphasisRun] = []
    /// How the message is laid out: as written (spaces kept), and in how many rows at most.
    package var messageLayout = MessageLayout()

    package var okLabel = tr("OK")
    /// `nil` drops the Cancel button (Esc still cancels).
    package var cancelLabel: String? = tr("Cancel")
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
    /// The focus starts on the default button rather than in the first field, and Return in a
    /// field presses OK (dialog's input boxes and forms given `--default-button` or `--defaultno`).
    package var startsOnDefaultButton = false
    package var isDestructive = false
    /// The button Return activates in the field; `nil` picks by the HIG (Cancel when destructive).
    package var defaultButton: ButtonRole?

    /// Any key closes the alert (OpenSSH's `SSH_ASKPASS_PROMPT=none` notices).
    package var closesOnAnyKey = false
    /// What the time running out does (`--on-timeout`).
    package var onTimeout = TimeoutAction.cancel
    /// The time shows from the start as a bar that empties as it runs out, the seconds left
    /// beside it (a pause: `--pause`, dialog's `--pause`); else as words in its last seconds.
    package var countdownBar = false
    /// Which buttons the control shows: its own to say (a list's Done, a gauge's none).
    package var buttonRow = ButtonRow.alert

    package init(title: String = "", message: String = "") {
        self.title = title
        self.message = message
    }

    /// The same chrome showing `row`'s buttons (a control's own to say).
    package func showing(_ row: ButtonRow) -> AlertChrome {
        var chrome = self
        chrome.buttonRow = row
        return chrome
    }

    /// The buttons in reading order as a stack: OK, then the secondary, then Cancel.
    package var buttons: [Button] {
        let others = (secondaryLabel.map { [Button(role: .secondary, label: $0)] } ?? [])
            + (cancelLabel.map { [Button(role: .cancel, label: $0)] } ?? [])
            + (helpLabel.map { [Button(role: .help, label: $0)] } ?? [])
        switch buttonRow {
        case .alert: return [Button(role: .ok, label: okLabel, isDestructive: isDestructive)] + others
        case let .list(done):
            // A list's choices are its actions; Cancel stays apart, at the bottom, beside a
            // checklist's Done.
            let first = leadsWithOK ? [Button(role: .ok, label: okLabel)] : done.map { [Button(role: .ok, label: $0)] } ?? []
            return first + others
        case .ok: return [Button(role: .ok, label: okLabel)]
        case .none: return []
        }
    }

    /// The button Return activates: the one asked for, else Cancel for a destructive alert
    /// (so Return cannot destroy by accident), else OK.
    package var effectiveDefaultButton: ButtonRole {
        if let defaultButton, buttons.contains(where: { $0.role == defaultButton }) { return defaultButton }
        if isDestructive, cancelLabel != nil { return .cancel }
        return .ok
    }
}

/// How a message's text is laid out in the box.
package struct MessageLayout: Equatable, Sendable {
    /// Runs of spaces and a line's leading spaces are kept (dialog's `--no-collapse`); else a
    /// run is one space, as any text wraps.
    package var keepsSpaces = false
    /// The most rows the message takes before it scrolls (whiptail's `--scrolltext` in the box's
    /// height); nil: as many as the terminal has.
    package var mostRows: Int?

    /// The most keys a message that scrolls takes of those its control leaves it (whiptail's
    /// arrows move between its buttons unless its text scrolls: `.pages`).
    package var mostKeys = MessageKeys.all

    /// The text is a stop of the focus, before the control's own (whiptail's `--scrolltext`):
    /// it has the focus first unless a default button is named, Tab goes round through it, and
    /// while it has the focus the arrows and pages scroll it and Return does nothing.
    package var takesFocus = false

    package init(keepsSpaces: Bool = false, mostRows: Int? = nil, mostKeys: MessageKeys = .all, takesFocus: Bool = false) {
        self.keepsSpaces = keepsSpaces
        self.mostRows = mostRows
        self.mostKeys = mostKeys
        self.takesFocus = takesFocus
    }

    /// Whether the text has the focus before any key, in an alert with `defaultButton`.
    package func startsWithFocus(defaultButton: ButtonRole?) -> Bool { takesFocus && defaultButton == nil }
}

/// Which keys a control leaves to a message that scrolls, besides the Shifted ones, fewest first.
package enum MessageKeys: Int, Comparable, Sendable {
    /// None: a list, which takes them all.
    case shifted
    /// PgUp and PgDn: a control that moves with the arrows and edits with Home and End.
    case pages
    /// Up, Down, PgUp, PgDn, Home and End: an alert with no field or list.
    case all

    package static func < (a: MessageKeys, b: MessageKeys) -> Bool { a.rawValue < b.rawValue }
}

/// How a span of text is emphasised: dialog's `\Z` codes (bold, underline, reverse, one of the
/// eight colours), as the view may draw them.
package struct TextEmphasis: Equatable, Hashable, Sendable {
    package var bold = false
    package var underline = false
    package var reverse = false
    /// One of the eight ANSI colours, 0 (black) to 7 (white); nil: the terminal's own.
    package var color: Int?

    package init(bold: Bool = false, underline: Bool = false, reverse: Bool = false, color: Int? = nil) {
        self.bold = bold
        self.underline = underline
        self.reverse = reverse
        self.color = color
    }

    package var isPlain: Bool { self == TextEmphasis() }
}

/// Emphasis over a span of a text: its characters (`Character`s) from `start`, `count` of them.
package struct EmphasisRun: Equatable, Sendable {
    package var start: Int
    package var count: Int
    package var emphasis: TextEmphasis

    package init(start: Int, count: Int, emphasis: TextEmphasis) {
        self.start = start
        self.count = count
        self.emphasis = emphasis
    }
}

/// Which buttons a control shows under it.
package enum ButtonRow: Equatable, Sendable {
    /// OK (destructive with `--destructive`), the secondary, Cancel, Help: a text alert.
    case alert
    /// A list: its choices are its actions; `done` names the button that accepts the marks (a
    /// checklist's Done), before the secondary, Cancel and Help (a personality's OK leads).
    case list(done: String?)
    /// OK alone (a text box).
    case ok
    /// None (a gauge ends with its input, an info box as it is drawn).
    case none
}

/// What the time running out does (`--on-timeout`).
package enum TimeoutAction: String, CaseIterable, Sendable {
    /// Ends the alert unanswered (status 124).
    case cancel
    /// Answers what stands, as the default button would: the text, the highlighted or marked
    /// choices; what the rules refuse is refused (status 65), never taken unchecked.
    case accept
}

extension AlertChrome {
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
        return role == .cancel ? tr("Cancel") : okLabel
    }
}
