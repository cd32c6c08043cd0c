/// What a client has said about the next alert (SETDESC, SETPROMPT, …), as decoded text. RESET
/// forgets it all; GETPIN, CONFIRM and MESSAGE forget the error and the quality bar, GETPIN the
/// repeat too. What a terminal has no use for is acknowledged and not kept (`PinentryServer`).
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
    /// SETREPEATERROR: said when the two entries differ.
    package var repeatError: String?
    /// SETQUALITYBAR: show how good the passphrase is; its label.
    package var qualityBar: String?

    package init() {}
}

/// What the client sets once with OPTION (or the command line), kept across RESET; the
/// timeout too. The options a terminal has no use for are taken and not kept
/// (`PinentryServer`, `Pinentry.parse`).
package struct PinentryOptions: Equatable, Sendable {
    /// The terminal to prompt on (gpg-agent runs a pinentry without a controlling one).
    package var ttyName: String?
    /// Its TERM.
    package var ttyType: String?
    /// The locale its characters are in (LC_CTYPE).
    package var lcCtype: String?
    /// The X display, said back by GETINFO ttyinfo.
    package var display: String?
    /// Seconds to wait for an answer (none: for ever).
    package var timeout: Int = 0
    package var defaultOK: String?
    package var defaultCancel: String?
    package var defaultPrompt: String?
    /// The mask for each typed character.
    package var invisibleChar: String?

    package init() {}
}
