import AskMemory
import AskModel

/// The pinentry side of the conversation with gpg-agent, without the system: a request line
/// in, the reply's bytes out — or a request for the person (`PinentryRequest`), whose outcome
/// `reply(to:outcome:)` (or, for a passphrase, `passphraseReply`) makes the reply of. The
/// commands and their replies are those of GnuPG's pinentry, the standard ones (NOP, OPTION,
/// RESET, BYE, HELP, …) as libassuan answers them.
package struct PinentryServer {
    /// What the server tells about the process it runs in.
    package struct Host: Sendable {
        package var pid: Int32
        package var version: String
        package var effectiveUser: UInt32
        package var effectiveGroup: UInt32
        /// A device's mode, owner and group as GETINFO ttyinfo shows them (`20620/1000/5`),
        /// `?` when it cannot be looked at.
        package var deviceStatus: @Sendable (String) -> String

        package init(pid: Int32, version: String, effectiveUser: UInt32, effectiveGroup: UInt32,
                     deviceStatus: @escaping @Sendable (String) -> String) {
            self.pid = pid
            self.version = version
            self.effectiveUser = effectiveUser
            self.effectiveGroup = effectiveGroup
            self.deviceStatus = deviceStatus
        }
    }

    /// What to do after a request line.
    package enum Step: Equatable {
        /// Write these bytes (none for a comment or an empty line), then read the next line.
        case reply([UInt8])
        /// Ask the person, then write the reply `reply(to:outcome:)` makes of the outcome (for a
        /// passphrase accepted, `passphraseReply`).
        case present(PinentryRequest)
        /// Write these bytes and end the conversation (BYE).
        case close([UInt8])
    }

    package let host: Host
    package private(set) var settings = PinentrySettings()
    package private(set) var options: PinentryOptions

    package init(host: Host, options: PinentryOptions = PinentryOptions()) {
        self.host = host
        self.options = options
    }

    /// The first line: the server is ready.
    package var greeting: [UInt8] { Assuan.line("OK Pleased to meet you, process \(host.pid)") }

    /// The commands, in the order HELP lists them: libassuan's, then pinentry's.
    package static let commands = ["NOP", "CANCEL", "OPTION", "BYE", "AUTH", "RESET", "END", "HELP",
                                   "SETDESC", "SETPROMPT", "SETKEYINFO", "SETREPEAT", "SETREPEATERROR", "SETREPEATOK",
                                   "SETERROR", "SETOK", "SETNOTOK", "SETCANCEL", "GETPIN", "CONFIRM", "MESSAGE",
                                   "SETQUALITYBAR", "SETQUALITYBAR_TT", "SETGENPIN", "SETGENPIN_TT", "GETINFO",
                                   "SETTITLE", "SETTIMEOUT", "CLEARPASSPHRASE"]

    static let ok = Assuan.line("OK")

    /// One request line (without its LF).
    package mutating func handle(_ line: [UInt8]) -> Step {
        // Comments and empty lines are no requests.
        guard let first = line.first, first != UInt8(ascii: "#") else { return .reply([]) }
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { return .reply(AssuanError.syntax("leading white-space").line) }
        // Data from the client outside an inquiry.
        if line.count >= 2 && first == UInt8(ascii: "D") && line[1] == UInt8(ascii: " ") { return .reply(AssuanError.notImplemented.line) }
        let nameEnd = line.firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } ?? line.endIndex
        var argumentStart = nameEnd
        while argumentStart < line.endIndex && (line[argumentStart] == UInt8(ascii: " ") || line[argumentStart] == UInt8(ascii: "\t")) {
            argumentStart += 1
        }
        let argument = line[argumentStart...]
        guard let name = Self.commands.first(where: { Self.sameName($0, line[..<nameEnd]) }) else {
            return .reply(AssuanError.unknownCommand.line)
        }
        return command(name, argument)
    }

    private mutating func command(_ name: String, _ argument: ArraySlice<UInt8>) -> Step {
        switch name {
        case "NOP": return .reply(Self.ok)
        case "CANCEL", "AUTH", "END": return .reply(AssuanError.notImplemented.line)
        case "BYE": return .close(Assuan.line("OK closing connection"))
        case "RESET":
            settings = PinentrySettings()
            return .reply(Self.ok)
        case "HELP": return .reply(help(argument))
        case "OPTION": return .reply(option(argument))
        case "GETINFO": return .reply(information(argument))
        case "GETPIN":
            let request = PinentryRequest(.passphrase, settings: settings, options: options)
            settings.error = nil
            settings.repeatLabel = nil
            settings.qualityBar = nil
            return .present(request)
        case "CONFIRM", "MESSAGE":
            let oneButton = name == "MESSAGE" || Self.contains(argument, "--one-button")
            let request = PinentryRequest(oneButton ? .message : .confirmation, settings: settings, options: options)
            settings.error = nil
            settings.qualityBar = nil
            return .present(request)
        case "SETTIMEOUT":
            if !argument.isEmpty { options.timeout = Assuan.integer(argument) }
            return .reply(Self.ok)
        case "SETKEYINFO", "CLEARPASSPHRASE", "SETREPEATOK", "SETQUALITYBAR_TT", "SETGENPIN", "SETGENPIN_TT":
            // Acknowledged, nothing kept: a terminal has no use for them (pinentry-tty shows
            // none either). The key names a passphrase in a cache (pinentry's, with libsecret):
            // nothing is cached here, so there is nothing to name or clear. SETREPEATOK is said
            // by a window while the second entry matches; the alert closes as soon as it does.
            // The tips are a window's tooltips, with no pointer to hover here. SETGENPIN is a
            // window's button that makes up a passphrase; the alert has no such button.
            return .reply(Self.ok)
        default:
            set(name, argument)
            return .reply(Self.ok)
        }
    }

    /// The SET commands that keep a text.
    private mutating func set(_ name: String, _ argument: ArraySlice<UInt8>) {
        let value = Self.decoded(argument)
        switch name {
        case "SETDESC": settings.description = value
        case "SETPROMPT": settings.prompt = value
        case "SETTITLE": settings.title = value
        case "SETOK": settings.ok = value
        case "SETCANCEL": settings.cancel = value
        case "SETNOTOK": settings.notOK = value
        case "SETERROR": settings.error = value
        case "SETREPEAT": settings.repeatLabel = value
        case "SETREPEATERROR": settings.repeatError = value
        case "SETQUALITYBAR": settings.qualityBar = argument.isEmpty ? "Quality:" : value
        default: break
        }
    }

    // MARK: - Finishing a request

    /// The reply to a presented request that ended as `outcome` — except a passphrase accepted
    /// with text, whose reply is `passphraseReply`.
    package static func reply(to request: PinentryRequest, outcome: Outcome) -> [UInt8] {
        switch (request.kind, outcome) {
        case (_, .timedOut): return AssuanError.timeout.line
        case (.message, _): return ok
        case (.passphrase, .accepted(.ok)), (.confirmation, .accepted(.ok)): return ok
        case (.confirmation, .accepted(.secondary)): return AssuanError.notConfirmed.line
        default: return AssuanError.cancelled.line
        }
    }

    /// The reply to a request that could not be presented: the system error that kept the
    /// terminal from being opened or set up (`errno`, its text), as pinentry-curses answers
    /// then — not a cancel, which gpg would report as the person's.
    package static func unpresentable(errno: Int32, _ text: String) -> [UInt8] { AssuanError.system(errno, text).line }

    /// The reply that carries a passphrase, into `reply` (locked; the caller wipes it once it
    /// is written): `S PIN_REPEATED` when it was entered twice, its `D` lines, `OK`. An empty
    /// passphrase has no `D` line.
    package static func passphraseReply(_ passphrase: UnsafeRawBufferPointer, repeated: Bool, into reply: SecureBytes) {
        if !passphrase.isEmpty {
            if repeated { for byte in Assuan.line("S PIN_REPEATED") { reply.append(byte) } }
            Assuan.encodeData(passphrase) { reply.append($0) }
        }
        for byte in ok { reply.append(byte) }
    }

    // MARK: - OPTION, GETINFO, HELP

    /// OPTION name[=value], as libassuan takes it apart, then as pinentry knows the names.
    private mutating func option(_ argument: ArraySlice<UInt8>) -> [UInt8] {
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var key = argument.drop(while: isSpace)
        guard let first = key.first else { return AssuanError.syntax("argument required").line }
        if first == UInt8(ascii: "=") { return AssuanError.syntax("no option name given").line }
        let keyEnd = key.firstIndex { isSpace($0) || $0 == UInt8(ascii: "=") } ?? key.endIndex
        var value = key[keyEnd...].drop(while: isSpace)
        key = key[..<keyEnd]
        if value.first == UInt8(ascii: "=") {
            value = value.dropFirst().drop(while: isSpace)
            if value.isEmpty { return AssuanError.syntax("option argument expected").line }
        }
        while let last = value.last, isSpace(last), value.count > 1 { value = value.dropLast() }
        if key.count > 2 && key.starts(with: "--".utf8) { key = key.dropFirst(2) }
        if key.first == UInt8(ascii: "-") { return AssuanError.syntax("option should not begin with one dash").line }
        return setOption(Self.text(key), Self.text(value)) ? Self.ok : AssuanError.unknownOption.line
    }

    /// Pinentry's options: those that mean something on a terminal are kept, those for windows,
    /// caches and other front ends taken and ignored. False for a name pinentry does not know.
    private mutating func setOption(_ key: String, _ value: String) -> Bool {
        switch key {
        case "ttyname": options.ttyName = value
        case "ttytype": options.ttyType = value
        case "lc-ctype": options.lcCtype = value
        case "display": options.display = value
        case "default-ok": options.defaultOK = value
        case "default-cancel": options.defaultCancel = value
        case "default-prompt": options.defaultPrompt = value
        case "invisible-char": options.invisibleChar = value
        // lc-messages: the language of pinentry's own texts; the alert's are English only.
        case "lc-messages", "debug-wait", "ttyalert", "owner", "parent-wid", "touch-file", "default-pwmngr", "default-cf-visi",
             "default-tt-visi", "default-tt-hide", "default-capshint", "formatted-passphrase-hint",
             "constraints-hint-short", "constraints-hint-long", "constraints-error-title":
            break
        case "grab", "no-grab", "allow-external-password-cache", "allow-emacs-prompt", "formatted-passphrase",
             "constraints-enforce":
            return value.isEmpty
        default:
            return false
        }
        return true
    }

    private func information(_ argument: ArraySlice<UInt8>) -> [UInt8] {
        let value: String
        switch Self.text(argument) {
        case "version": value = host.version
        case "pid": value = "\(host.pid)"
        case "flavor": value = "ask"
        case "ttyinfo":
            let device = options.ttyName.map { $0.isEmpty ? "-" : host.deviceStatus($0) } ?? "-"
            value = [options.ttyName, options.ttyType, options.display].map { $0 ?? "-" }.joined(separator: " ")
                + " \(device) \(host.effectiveUser)/\(host.effectiveGroup) -"
        default: return AssuanError.parameter.line
        }
        return Assuan.dataLines(Array(value.utf8)) + Self.ok
    }

    private func help(_ argument: ArraySlice<UInt8>) -> [UInt8] {
        let name = argument.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
        guard !name.isEmpty else { return Self.commands.flatMap { Assuan.line("# " + $0) } + Self.ok }
        // The commands have no help texts (as pinentry's have none).
        return Self.commands.contains { Self.sameName($0, name) } ? AssuanError.notFound.line : AssuanError.noSuchCommand.line
    }

    // MARK: - Bytes

    /// Whether `bytes` spell `name`, ASCII letters of either case.
    private static func sameName(_ name: String, _ bytes: ArraySlice<UInt8>) -> Bool {
        name.utf8.count == bytes.count && zip(name.utf8, bytes).allSatisfy { a, b in
            a == b || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") && a == b - 32)
        }
    }

    private static func contains(_ bytes: ArraySlice<UInt8>, _ part: String) -> Bool {
        let needle = Array(part.utf8)
        guard bytes.count >= needle.count else { return false }
        return (bytes.startIndex...(bytes.endIndex - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func decoded(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: Assuan.percentDecoded(bytes), as: UTF8.self) }
}
