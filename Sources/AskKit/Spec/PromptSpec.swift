/// Everything `ask` is asked to show: the fields of an iOS text alert, plus how to answer.
///
/// Built from argv by `ArgumentParser`, or in code by a program that imports AskKit.
public struct PromptSpec: Equatable, Sendable {
    public var title = ""
    public var message = ""
    public var placeholder = ""
    /// Text the field starts with; the cursor starts at its end.
    public var value = ""
    public var isSecure = false
    /// The glyph shown for each typed grapheme in secure entry; empty shows nothing at all.
    /// `nil` means the default for the terminal (`•`, or `*` when it is not UTF-8).
    public var mask: String?
    public var keyboard: KeyboardType = .default
    /// Show a text field (false: a confirmation with buttons only).
    public var hasField = true
    /// Rules the answer must follow.
    public var validation = Validation()
    /// `--repeat`: ask a second time and accept only when both entries match.
    public var repeatsEntry = false
    /// What the second entry is called (its placeholder).
    public var repeatLabel = "Repeat"
    /// `--allow-reveal`: in secure entry, Ctrl-R shows the text in clear.
    public var allowsReveal = false

    public var okLabel = "OK"
    /// `nil` drops the Cancel button (Esc still cancels).
    public var cancelLabel: String? = "Cancel"
    public var secondaryLabel: String?
    public var isDestructive = false
    /// The button Return activates in the field; `nil` picks by the HIG (Cancel when destructive).
    public var defaultButton: ButtonRole?

    /// What ends the answer on stdout.
    public var terminator: Terminator = .newline

    /// `--color`: whether to use colour.
    public var color: ColorMode = .auto
    /// `--width`: the box's width in columns, instead of one chosen to fit the content.
    public var width: Int?

    /// `--fallback`: what to do without a terminal (nil: `ASK_FALLBACK`, else fail).
    public var fallback: Fallback?
    /// `--stdin`: read the answer from standard input even when there is a terminal.
    public var readsStandardInput = false
    /// `--timeout`: seconds to wait for an answer.
    public var timeout: Double?
    /// `--plain` (or `TERM=dumb`): lines only, no cursor movement, no colour.
    public var isPlain = false
    /// Any key closes the alert (OpenSSH's `SSH_ASKPASS_PROMPT=none` notices).
    public var closesOnAnyKey = false
    /// `--askpass PROMPT`: the prompt an askpass client passed (see `Askpass`).
    public var askpassPrompt: String?

    public init() {}

    public init(title: String = "", message: String = "", placeholder: String = "", value: String = "",
                isSecure: Bool = false, keyboard: KeyboardType = .default) {
        self.title = title
        self.message = message
        self.placeholder = placeholder
        self.value = value
        self.isSecure = isSecure
        self.keyboard = keyboard
    }

    /// The buttons in reading order as a stack: OK, then the secondary, then Cancel.
    public var buttons: [Button] {
        var result = [Button(role: .ok, label: okLabel, isDestructive: isDestructive)]
        if let secondaryLabel { result.append(Button(role: .secondary, label: secondaryLabel)) }
        if let cancelLabel { result.append(Button(role: .cancel, label: cancelLabel)) }
        return result
    }

    /// The button Return activates: the one asked for, else Cancel for a destructive alert
    /// (so Return cannot destroy by accident), else OK.
    public var effectiveDefaultButton: ButtonRole {
        if let defaultButton, buttons.contains(where: { $0.role == defaultButton }) { return defaultButton }
        if isDestructive, cancelLabel != nil { return .cancel }
        return .ok
    }
}

/// What `ask` does when there is no terminal to prompt on.
public enum Fallback: String, CaseIterable, Sendable {
    /// Exit 69 at once, saying why.
    case fail
    /// Read the answer, one line, from standard input.
    case stdin
    /// Answer with `--value`.
    case value
}

/// When to use colour.
public enum ColorMode: String, CaseIterable, Sendable {
    /// On a terminal whose TERM is set and not `dumb`, unless NO_COLOR is set and not empty.
    case auto
    case always
    case never
}

/// The bytes written after the answer.
public enum Terminator: Equatable, Sendable {
    case newline
    case none
    case nul

    public var bytes: [UInt8] {
        switch self {
        case .newline: return [0x0A]
        case .none: return []
        case .nul: return [0]
        }
    }
}
