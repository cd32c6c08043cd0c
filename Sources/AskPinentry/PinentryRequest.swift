import AskFields
import AskModel
import AskText

/// A request that needs the person: GETPIN, CONFIRM or MESSAGE, with the alert that asks it and
/// where to show it. The server makes it; whoever has the terminal presents it and writes the
/// reply `PinentryServer.reply(to:outcome:)` makes of the outcome (a passphrase's,
/// `PinentryServer.passphraseReply`).
package struct PinentryRequest: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// A passphrase (or PIN): a secure field.
        case passphrase
        /// A question: OK, Cancel and SETNOTOK's button, no field.
        case confirmation
        /// A notice (MESSAGE, CONFIRM --one-button): one button, and any way it ends is OK.
        case message
    }

    package var kind: Kind
    /// The alert around the field: title, description, buttons.
    package var chrome: AlertChrome
    /// The passphrase field (none: a confirmation or a message).
    package var fields: [FieldSpec]
    /// SETTIMEOUT (or `--timeout`): seconds.
    package var timeout: Double?
    /// The terminal to prompt on: OPTION ttyname (nil: the controlling terminal).
    package var terminalPath: String?
    /// OPTION ttytype: the terminal's TERM.
    package var terminalType: String?
    /// OPTION lc-ctype: the client's locale for characters.
    package var characterLocale: String?

    /// Whether the passphrase is rated by the client as it is typed (SETQUALITYBAR).
    package var ratesQuality: Bool { fields.first?.qualityLabel != nil }

    /// The alert for `kind` as `settings` and `options` describe it.
    init(_ kind: Kind, settings: PinentrySettings, options: PinentryOptions) {
        self.kind = kind
        var spec = AlertChrome()
        var fields: [FieldSpec] = []
        spec.title = settings.title ?? ""
        // Descriptions end in a line break as often as not.
        var message = settings.description ?? ""
        while message.last == "\n" || message.last == " " { message.removeLast() }
        spec.message = message
        spec.okLabel = Self.label(settings.ok ?? options.defaultOK ?? tr("OK"))
        spec.cancelLabel = Self.label(settings.cancel ?? options.defaultCancel ?? tr("Cancel"))
        switch kind {
        case .passphrase:
            var field = FieldSpec(label: settings.prompt ?? options.defaultPrompt ?? "PIN:", isSecure: true)
            field.mask = options.invisibleChar.flatMap { $0.count == 1 ? $0 : nil }
            field.initialError = settings.error
            if let repeatLabel = settings.repeatLabel {
                field.repeatsEntry = true
                field.repeatLabel = repeatLabel
                field.validation.errorMessage = settings.repeatError
            }
            field.qualityLabel = settings.qualityBar
            fields = [field]
        case .confirmation:
            fields = []
            spec.secondaryLabel = settings.notOK.map(Self.label)
            // An error shown with a question (rare) is part of its message.
            if let error = settings.error { spec.message += (spec.message.isEmpty ? "" : "\n\n") + error }
        case .message:
            fields = []
            spec.cancelLabel = nil
            if let error = settings.error { spec.message += (spec.message.isEmpty ? "" : "\n\n") + error }
        }
        chrome = spec
        self.fields = fields
        timeout = options.timeout > 0 ? Double(options.timeout) : nil
        terminalPath = options.ttyName.flatMap { $0.isEmpty ? nil : $0 }
        terminalType = options.ttyType
        characterLocale = options.lcCtype
    }

    /// A button's label without its mnemonic's underscore (`_OK`, `_Cancel`); a doubled
    /// underscore stands for one.
    package static func label(_ text: String) -> String {
        var result = ""
        var pendingUnderscore = false
        for character in text {
            if character == "_" {
                if pendingUnderscore { result.append("_") }
                pendingUnderscore.toggle()
            } else {
                pendingUnderscore = false
                result.append(character)
            }
        }
        return result
    }
}
