import AskChoices
import AskFields
import AskGauge
import AskMemory
import AskModel
import AskRender
import AskSession
import AskLayout
import AskText
import AskKit
import AskPinentry
import AskPresentation
import AskTextBox
import Glibc
import Testing

/// The pinentry protocol as GnuPG's pinentry speaks it: request lines in, the exact reply bytes
/// out (as pinentry-tty gives them, libassuan's own commands included), and the alert each
/// request for the person describes.
struct PinentryServerTests {
    static let host = PinentryServer.Host(pid: 4242, version: "0.1.0", effectiveUser: 1000, effectiveGroup: 100,
                                          deviceStatus: { $0 == "/dev/pts/3" ? "20620/1000/5" : "?" })

    /// The replies to `lines`, one after the other on one server (presented requests shown as
    /// `<present>`).
    static func replies(_ lines: [String], options: PinentryOptions = PinentryOptions()) -> String {
        var server = PinentryServer(host: host, options: options)
        var out = ""
        for line in lines {
            switch server.handle(Array(line.utf8)) {
            case let .reply(bytes): out += String(decoding: bytes, as: UTF8.self)
            case .present: out += "<present>\n"
            case let .close(bytes): out += String(decoding: bytes, as: UTF8.self) + "<closed>\n"
            }
        }
        return out
    }

    /// A request line and the reply it gets, named in the test's output by the line alone (a
    /// reply holds line breaks).
    struct Exchange: Sendable, CustomTestStringConvertible {
        let line: String
        let reply: String
        var testDescription: String { line.debugDescription }

        static func table(_ pairs: [(String, String)]) -> [Exchange] { pairs.map { Exchange(line: $0.0, reply: $0.1) } }
    }

    static let unknownCommand = "ERR 536871187 Unknown IPC command <User defined source 1>\n"
    static let notImplemented = "ERR 536870981 Not implemented <User defined source 1>\n"

    @Test func theGreetingNamesTheProcess() {
        #expect(String(decoding: PinentryServer(host: Self.host).greeting, as: UTF8.self) == "OK Pleased to meet you, process 4242\n")
    }

    @Test(arguments: Exchange.table([
        // Comments and empty lines have no reply.
        ("# a comment", ""), ("", ""), ("#", ""),
        ("NOP", "OK\n"), ("nop", "OK\n"), ("NoP  ", "OK\n"), ("NOPE", unknownCommand), ("FOO bar", unknownCommand),
        (" NOP", "ERR 536871188 IPC syntax error <User defined source 1> - leading white-space\n"),
        ("D some data", notImplemented), ("CANCEL", notImplemented), ("END", notImplemented), ("AUTH", notImplemented),
        ("INPUT FD=3", unknownCommand),
        ("RESET", "OK\n"), ("BYE", "OK closing connection\n<closed>\n"),
        ("SETDESC Enter the passphrase%0Afor the key", "OK\n"), ("SETPROMPT", "OK\n"), ("SETTITLE t", "OK\n"),
        ("SETKEYINFO n/1234", "OK\n"), ("SETKEYINFO --clear", "OK\n"), ("SETREPEAT", "OK\n"), ("SETREPEATERROR x", "OK\n"),
        ("SETREPEATOK y", "OK\n"), ("SETERROR Bad Passphrase", "OK\n"), ("SETOK _OK", "OK\n"), ("SETCANCEL _Cancel", "OK\n"),
        ("SETNOTOK _No", "OK\n"), ("SETQUALITYBAR", "OK\n"), ("SETQUALITYBAR_TT tip", "OK\n"), ("SETGENPIN Suggest", "OK\n"),
        ("SETGENPIN_TT tip", "OK\n"), ("SETTIMEOUT 30", "OK\n"), ("CLEARPASSPHRASE n/1234", "OK\n"),
        ("GETPIN", "<present>\n"), ("CONFIRM", "<present>\n"), ("CONFIRM --one-button", "<present>\n"), ("MESSAGE", "<present>\n"),
        ("GETINFO version", "D 0.1.0\nOK\n"), ("GETINFO pid", "D 4242\nOK\n"), ("GETINFO flavor", "D ask\nOK\n"),
        ("GETINFO  version", "D 0.1.0\nOK\n"), ("GETINFO ttyinfo", "D - - - - 1000/100 -\nOK\n"),
        ("GETINFO version ", "ERR 83886360 IPC parameter error <Pinentry>\n"),
        ("GETINFO", "ERR 83886360 IPC parameter error <Pinentry>\n"),
        ("HELP GETPIN", "ERR 536870939 Not found <User defined source 1>\n"),
        ("HELP FOO", "ERR 536871087 Unknown command <User defined source 1>\n"),
    ]))
    func aRequestGetsItsReply(_ exchange: Exchange) {
        #expect(Self.replies([exchange.line]) == exchange.reply)
    }

    @Test(arguments: Exchange.table([
        ("OPTION ttyname=/dev/pts/3", "OK\n"), ("OPTION ttytype=xterm-256color", "OK\n"), ("OPTION lc-ctype=C.UTF-8", "OK\n"),
        ("OPTION lc-messages=C", "OK\n"), ("OPTION display=:0", "OK\n"), ("OPTION --ttyname=/dev/pts/3", "OK\n"),
        ("OPTION ttytype = xterm  ", "OK\n"), ("OPTION\tttyname\t/dev/pts/3", "OK\n"), ("OPTION ttyname", "OK\n"),
        ("OPTION grab", "OK\n"), ("OPTION no-grab", "OK\n"), ("OPTION allow-external-password-cache", "OK\n"),
        ("OPTION default-ok=_OK", "OK\n"), ("OPTION default-cancel=_Cancel", "OK\n"), ("OPTION default-prompt=PIN:", "OK\n"),
        ("OPTION owner=1234/1000 host", "OK\n"), ("OPTION touch-file=/run/x", "OK\n"), ("OPTION invisible-char=*", "OK\n"),
        ("OPTION constraints-enforce", "OK\n"), ("OPTION formatted-passphrase", "OK\n"),
        // Unknown options, and flags given a value: the error the agent tolerates.
        ("OPTION pinentry-user-data=x", "ERR 83886254 Unknown option <Pinentry>\n"),
        ("OPTION bogus", "ERR 83886254 Unknown option <Pinentry>\n"),
        ("OPTION grab=1", "ERR 83886254 Unknown option <Pinentry>\n"),
        ("OPTION", "ERR 536871188 IPC syntax error <User defined source 1> - argument required\n"),
        ("OPTION =x", "ERR 536871188 IPC syntax error <User defined source 1> - no option name given\n"),
        ("OPTION ttyname =", "ERR 536871188 IPC syntax error <User defined source 1> - option argument expected\n"),
        ("OPTION -x", "ERR 536871188 IPC syntax error <User defined source 1> - option should not begin with one dash\n"),
    ]))
    func anOptionGetsItsReply(_ exchange: Exchange) {
        #expect(Self.replies([exchange.line]) == exchange.reply)
    }

    @Test func helpListsTheCommandsAsComments() {
        let reply = Self.replies(["HELP"])
        #expect(reply.hasPrefix("# NOP\n# CANCEL\n# OPTION\n# BYE\n"))
        #expect(reply.contains("# GETPIN\n# CONFIRM\n# MESSAGE\n"))
        #expect(reply.hasSuffix("# CLEARPASSPHRASE\nOK\n"))
    }

    @Test func ttyinfoTellsTheTerminalItsTypeAndItsDevice() {
        #expect(Self.replies(["OPTION ttyname=/dev/pts/3", "OPTION ttytype=xterm", "GETINFO ttyinfo"])
            == "OK\nOK\nD /dev/pts/3 xterm - 20620/1000/5 1000/100 -\nOK\n")
    }

    // MARK: - Data lines

    static func data(_ bytes: [UInt8]) -> String { String(decoding: Assuan.dataLines(bytes), as: UTF8.self) }

    @Test(arguments: [
        ("", ""), ("abc", "D abc\n"), ("100%", "D 100%25\n"), ("a\r\nb", "D a%0D%0Ab\n"), ("+ spaces stay", "D + spaces stay\n"),
        ("%%", "D %25%25\n"),
    ])
    func dataIsPercentEscaped(text: String, lines: String) {
        #expect(Self.data(Array(text.utf8)) == lines)
    }

    /// A long value is cut into lines of at most 1000 bytes, however its escapes fall.
    @Test(arguments: [996, 997, 2000, 5000])
    func longDataIsCutIntoLines(count: Int) {
        for filler in ["a", "%", "a%"] {
            let text = String(String(repeating: filler, count: count).prefix(count))
            let lines = Self.data(Array(text.utf8)).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.allSatisfy { $0.hasPrefix("D ") && $0.utf8.count <= 1000 && $0.utf8.count > 2 })
            let joined = lines.map { String($0.dropFirst(2)) }.joined()
            #expect(String(decoding: Assuan.percentDecoded(ArraySlice(joined.utf8)), as: UTF8.self) == text)
        }
        #expect(Self.data(Array(String(repeating: "a", count: 996).utf8)) == "D " + String(repeating: "a", count: 996) + "\n")
        #expect(Self.data(Array(String(repeating: "a", count: 997).utf8)) == "D " + String(repeating: "a", count: 996) + "\nD a\n")
    }

    @Test(arguments: [
        ("plain", "plain"), ("a%0Ab", "a\nb"), ("%25", "%"), ("%3f%3F", "??"), ("100%", "100%"), ("1%2", "1%2"), ("+", "+"),
    ])
    func argumentsArePercentDecoded(escaped: String, text: String) {
        #expect(String(decoding: Assuan.percentDecoded(ArraySlice(escaped.utf8)), as: UTF8.self) == text)
    }

    /// The passphrase's reply: from a locked buffer, PIN_REPEATED first when it was entered twice.
    @Test(arguments: [("hunter2", false, "D hunter2\nOK\n"), ("a b%", true, "S PIN_REPEATED\nD a b%25\nOK\n"), ("", true, "OK\n")])
    func thePassphraseIsSentAsData(passphrase: String, repeated: Bool, reply: String) {
        let buffer = SecureBytes()
        Array(passphrase.utf8).withUnsafeBytes { PinentryServer.passphraseReply($0, repeated: repeated, into: buffer) }
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == reply)
    }

    @Test(arguments: [("abc", "INQUIRE QUALITY abc\n"), ("a b+c\t", "INQUIRE QUALITY a+b%2Bc%09\n"),
                      ("50%ab", "INQUIRE QUALITY 50%25ab\n")])
    func theQualityInquiryEscapesThePassphrase(passphrase: String, line: String) {
        let buffer = SecureBytes()
        Array(passphrase.utf8).withUnsafeBytes { Assuan.qualityInquiry($0, into: buffer) }
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == line)
    }

    /// The lines of the client's answer, each step, and the rating it gave. A line that is no
    /// answer (a request) ends the inquiry unanswered, and is left for later.
    @Test(arguments: [
        (["D 42", "END"], [QualityAnswer.Step.more, .done], 42), (["# comment", "D -30", "END"], [.more, .more, .done], -30),
        (["D 250", "END"], [.more, .done], 100), (["CAN"], [.done], nil), (["ERR 1 no"], [.done], nil),
        (["D 5", "D 7", "END"], [.more, .more, .done], 5), (["D x", "END"], [.more, .done], 0),
        (["BYE"], [.notAnAnswer], nil), (["D 9", "GETPIN"], [.more, .notAnAnswer], 9), (["ENDING"], [.notAnAnswer], nil),
    ] as [([String], [QualityAnswer.Step], Int?)])
    func theQualityAnswerIsTheFirstNumber(lines: [String], steps: [QualityAnswer.Step], value: Int?) {
        var answer = QualityAnswer()
        #expect(lines.map { answer.take(Array($0.utf8)) } == steps)
        #expect(answer.value == value)
    }

    /// While a line waits to be taken, nothing more need be read; one put back is taken again.
    @Test func aLineWaitingIsHeld() {
        var input = AssuanInput()
        Array("NOP\nGET".utf8).withUnsafeBytes { input.append($0) }
        #expect(input.holdsLine)
        guard case let .line(line) = input.next() else { Issue.record("no line"); return }
        #expect(!input.holdsLine && input.hasPartialLine)
        input.putBack(line)
        #expect(input.holdsLine)
        #expect(input.next() == .line(Array("NOP".utf8)))
        Array(String(repeating: "x", count: Assuan.maximumRequestLength).utf8).withUnsafeBytes { input.append($0) }
        #expect(input.holdsLine)  // too long for a line: no more is read either
    }

    // MARK: - Lines

    @Test func linesArriveInPieces() {
        var input = AssuanInput()
        var lines: [AssuanInput.Next] = []
        for piece in ["NO", "P\r\nGET", "INFO pid\n\nBYE"] {
            Array(piece.utf8).withUnsafeBytes { input.append($0) }
            while case let next = input.next(), next != .none { lines.append(next) }
        }
        #expect(lines == [.line(Array("NOP".utf8)), .line(Array("GETINFO pid".utf8)), .line([])])
        #expect(input.hasPartialLine)
    }

    /// 1000 bytes and CR LF is the protocol's longest line (libassuan's 1002 bytes with them):
    /// a CR counts, an LF ends it.
    @Test(arguments: [(1001, "", true), (1000, "\r", true), (1001, "\r", false), (1002, "", false), (5000, "", false)])
    func aLineLongerThanTheProtocolAllowsIsRefused(length: Int, carriageReturn: String, taken: Bool) {
        var input = AssuanInput()
        Array((String(repeating: "a", count: length) + carriageReturn).utf8).withUnsafeBytes { input.append($0) }
        if length > Assuan.maximumRequestLength { #expect(input.next() == .tooLong) }
        Array("\n".utf8).withUnsafeBytes { input.append($0) }
        #expect(input.next() == (taken ? .line(Array(String(repeating: "a", count: length).utf8)) : .tooLong))
    }

    // MARK: - The alert

    static func request(_ lines: [String], options: PinentryOptions = PinentryOptions()) -> PinentryRequest? {
        var server = PinentryServer(host: host, options: options)
        for line in lines {
            if case let .present(request) = server.handle(Array(line.utf8)) { return request }
        }
        return nil
    }

    @Test func getpinAsksForAPassphraseAsTheSettingsDescribeIt() throws {
        let request = try #require(Self.request(["OPTION ttyname=/dev/pts/3", "OPTION ttytype=screen", "SETTITLE Unlock",
                                                 "SETDESC Please enter the passphrase%0A\"Alice\"%0A", "SETPROMPT Passphrase:",
                                                 "SETOK _Unlock", "SETCANCEL __Keep_", "SETERROR Bad Passphrase (try 2 of 3)",
                                                 "SETTIMEOUT 30", "GETPIN"]))
        #expect(request.kind == .passphrase)
        #expect(request.chrome.title == "Unlock")
        #expect(request.chrome.message == "Please enter the passphrase\n\"Alice\"")
        #expect(request.chrome.okLabel == "Unlock")
        #expect(request.chrome.cancelLabel == "_Keep")
        #expect(request.chrome.secondaryLabel == nil)
        let field = try #require(request.fields.first)
        #expect(field.isSecure && field.label == "Passphrase:" && !field.repeatsEntry)
        #expect(field.initialError == "Bad Passphrase (try 2 of 3)")
        #expect(request.timeout == 30)
        #expect(request.terminalPath == "/dev/pts/3" && request.terminalType == "screen")
        #expect(!request.ratesQuality)
    }

    @Test func theDefaultsComeFromTheOptionsThenPinentrysOwn() throws {
        let plain = try #require(Self.request(["GETPIN"]))
        #expect(plain.fields.first?.label == "PIN:" && plain.chrome.okLabel == "OK" && plain.chrome.cancelLabel == "Cancel")
        #expect(plain.terminalPath == nil && plain.timeout == nil)
        let agent = try #require(Self.request(["OPTION default-ok=_OK", "OPTION default-cancel=_Abbrechen",
                                               "OPTION default-prompt=Passphrase:", "OPTION invisible-char=*", "GETPIN"]))
        #expect(agent.fields.first?.label == "Passphrase:" && agent.chrome.okLabel == "OK" && agent.chrome.cancelLabel == "Abbrechen")
        #expect(agent.fields.first?.mask == "*")
    }

    @Test func aNewPassphraseIsAskedTwiceAndRated() throws {
        let request = try #require(Self.request(["SETREPEAT Repeat:", "SETREPEATERROR does not match - try again",
                                                 "SETQUALITYBAR", "GETPIN"]))
        let field = try #require(request.fields.first)
        #expect(field.repeatsEntry && field.repeatLabel == "Repeat:")
        #expect(field.validation.errorMessage == "does not match - try again")
        #expect(field.qualityLabel == "Quality:" && request.ratesQuality)
    }

    /// What a terminal has no use for is acknowledged and changes nothing: the alert is the one
    /// the same requests describe without it, for a new passphrase and for a question.
    @Test(arguments: ["SETKEYINFO n/1234", "SETKEYINFO --clear", "CLEARPASSPHRASE n/1234", "SETREPEATOK Matches",
                      "SETQUALITYBAR_TT The quality", "SETGENPIN Suggest", "SETGENPIN_TT Makes one up", "OPTION lc-messages=de_DE"])
    func whatATerminalHasNoUseForChangesNothing(_ line: String) throws {
        for request in [["SETREPEAT Repeat:", "SETQUALITYBAR", "SETDESC d", "GETPIN"], ["SETNOTOK _No", "CONFIRM"]] {
            let plain = try #require(Self.request(request))
            #expect(Self.replies([line]) == "OK\n")
            #expect(Self.request([line] + request) == plain)
            #expect(Self.request(request.dropLast() + [line, request.last!]) == plain)
        }
    }

    /// GETPIN forgets the error, the repeat and the quality bar; RESET everything but the options.
    @Test func whatARequestUsesOnceIsForgotten() throws {
        var server = PinentryServer(host: Self.host)
        for line in ["OPTION ttyname=/dev/pts/3", "SETTIMEOUT 5", "SETERROR Bad", "SETREPEAT R", "SETQUALITYBAR", "SETDESC d", "GETPIN"] {
            _ = server.handle(Array(line.utf8))
        }
        guard case let .present(again) = server.handle(Array("GETPIN".utf8)) else { Issue.record("no request"); return }
        #expect(again.chrome.message == "d")
        #expect(again.fields.first?.initialError == nil && again.fields.first?.repeatsEntry == false && !again.ratesQuality)
        _ = server.handle(Array("RESET".utf8))
        guard case let .present(reset) = server.handle(Array("GETPIN".utf8)) else { Issue.record("no request"); return }
        #expect(reset.chrome.message == "" && reset.terminalPath == "/dev/pts/3" && reset.timeout == 5)
    }

    @Test(arguments: [
        ("CONFIRM", PinentryRequest.Kind.confirmation, "Cancel" as String?, "No" as String?),
        ("CONFIRM --one-button", .message, nil, nil), ("MESSAGE", .message, nil, nil),
    ])
    func confirmAndMessageHaveNoField(command: String, kind: PinentryRequest.Kind, cancel: String?, secondary: String?) throws {
        let request = try #require(Self.request(["SETDESC Continue%3F", "SETNOTOK _No", command]))
        #expect(request.kind == kind)
        #expect(request.fields.isEmpty && request.chrome.message == "Continue?")
        #expect(request.chrome.cancelLabel == cancel && request.chrome.secondaryLabel == secondary)
    }

    static let cancelled = "ERR 83886179 Operation cancelled <Pinentry>\n"
    static let timeout = "ERR 83886142 Timeout <Pinentry>\n"

    /// How each kind of request answers each way its alert can end.
    @Test(arguments: [
        (PinentryRequest.Kind.passphrase, Outcome.cancelled, cancelled), (.passphrase, .accepted(.cancel), cancelled),
        (.passphrase, .timedOut, timeout), (.passphrase, .accepted(.ok), "OK\n"),
        (.confirmation, .accepted(.ok), "OK\n"), (.confirmation, .accepted(.secondary), "ERR 83886194 Not confirmed <Pinentry>\n"),
        (.confirmation, .cancelled, cancelled), (.confirmation, .timedOut, timeout),
        (.message, .accepted(.ok), "OK\n"), (.message, .cancelled, "OK\n"), (.message, .timedOut, timeout),
    ])
    func theOutcomeIsTheReply(kind: PinentryRequest.Kind, outcome: Outcome, reply: String) throws {
        let command = kind == .passphrase ? "GETPIN" : kind == .confirmation ? "CONFIRM" : "MESSAGE"
        let request = try #require(Self.request([command]))
        #expect(String(decoding: PinentryServer.reply(to: request, outcome: outcome), as: UTF8.self) == reply)
    }

    /// A terminal that could not be used: the errno in libgpg-error's code, as pinentry-curses
    /// replies (pinentry's source, 5 << 24; GPG_ERR_SYSTEM_ERROR, 1 << 15; the errno's place in
    /// libgpg-error's list), with the text given; one it has no code for is "Unknown system error".
    @Test(arguments: [
        (EACCES, "Permission denied", "ERR 83918849 Permission denied <Pinentry>"),
        (ENOENT, "No such file or directory", "ERR 83918929 No such file or directory <Pinentry>"),
        (ENOTTY, "Inappropriate ioctl for device", "ERR 83918950 Inappropriate ioctl for device <Pinentry>"),
        (ENXIO, "No such device or address", "ERR 83918952 No such device or address <Pinentry>"),
        (EPERM, "Operation not permitted", "ERR 83918955 Operation not permitted <Pinentry>"),
        (EIO, "Input/output error", "ERR 83918897 Input/output error <Pinentry>"),
        (EBUSY, "Device or resource busy", "ERR 83918867 Device or resource busy <Pinentry>"),
        (EMFILE, "Too many open files", "ERR 83918913 Too many open files <Pinentry>"),
        (ELOOP, "Too many levels of symbolic links", "ERR 83918911 Too many levels of symbolic links <Pinentry>"),
        (EHWPOISON, "Memory page has hardware error", "ERR 83902462 Unknown system error <Pinentry>"),
    ])
    func aTerminalThatCouldNotBeUsedIsTheSystemsError(errno: Int32, text: String, reply: String) {
        #expect(String(decoding: PinentryServer.unpresentable(errno: errno, text), as: UTF8.self) == reply + "\n")
    }

    @Test(arguments: [("_OK", "OK"), ("_Cancel", "Cancel"), ("__init__", "_init_"), ("Do_n't", "Don't"), ("plain", "plain")])
    func mnemonicsAreNotShown(label: String, shown: String) {
        #expect(PinentryRequest.label(label) == shown)
    }
}
