/// What a client has said about the next alert (SETDESC, SETPROMPT, …), as decoded text. RESET
/// forgets it all; GETPIN and CONFIRM forget the error, GETPIN the repeat and the quality bar.
package struct PinentrySettings: Equatable, Sendable {
    package var title: String?
    package var description: String?
    package var prompt: String?
    package var ok: String?
    package var cancel: String?
    package var notOK: String?
    /// SETERROR: why the last try failed ("Bad Passphrase"), shown once.
    package var error: String?
    /// SETREPEAT: ask twice; the second entry's label.
    package var repeatLabel: String?
    package var repeatError: String?
    package var repeatOK: String?
    /// SETQUALITYBAR: show how good the passphrase is; its label.
    package var qualityBar: String?
    package var qualityBarTip: String?
    package var generateLabel: String?
    package var generateTip: String?
    package var keyInfo: String?

    package init() {}
}

/// What the client sets once with OPTION (or the command line), kept across RESET; the
/// timeout too.
package struct PinentryOptions: Equatable, Sendable {
    /// The terminal to prompt on (gpg-agent runs a pinentry without a controlling one).
    package var ttyName: String?
    /// Its TERM.
    package var ttyType: String?
    package var lcCtype: String?
    package var lcMessages: String?
    package var display: String?
    /// Seconds to wait for an answer (none: for ever).
    package var timeout: Int = 0
    package var defaultOK: String?
    package var defaultCancel: String?
    package var defaultPrompt: String?
    /// The mask for each typed character.
    package var invisibleChar: String?
    package var debug = false

    package init() {}
}
