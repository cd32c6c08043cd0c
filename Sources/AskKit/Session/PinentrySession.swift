import AskChoices
import AskFields
import AskGauge
import AskLayout
import AskMemory
import AskModel
import AskPinentry
import AskPresentation
import AskSession
import AskSystem
import AskText
import AskTextBox

/// `ask` as GnuPG's pinentry: the Assuan conversation with gpg-agent on two descriptors
/// (standard input and output), each GETPIN, CONFIRM and MESSAGE presented as an alert on the
/// terminal the client names (OPTION ttyname), the passphrase written from locked memory and
/// wiped. The protocol itself is `PinentryServer`'s.
package final class PinentrySession {
    /// How the conversation ended.
    package enum Ending: Equatable, Sendable {
        /// BYE, or the client closed its end between requests.
        case finished
        /// The client went away while an alert showed (the alert was taken down).
        case clientGone
        /// A request line longer than the protocol allows.
        case lineTooLong
        /// The input ended in the middle of a line.
        case incompleteLine
        case unreadable(SystemError)
        case unwritable(SystemError)
        /// A terminating signal (or Ctrl-C) ended an alert: the process is to die of it.
        case interrupted(signal: Int32)
    }

    private var server: PinentryServer
    private let input: Descriptor
    private let output: Descriptor
    private let environment: Environment
    private var lines = AssuanInput()
    /// The client's input has ended (it may still read the replies: a script piping requests).
    private var inputEnded = false
    /// The answer to `INQUIRE QUALITY` being read, while one is awaited.
    private var inquiry: QualityAnswer?
    /// Where a terminal that could not be used is told (stderr, for whoever runs it by hand;
    /// the client gets the system error, as pinentry-curses answers then).
    private let warn: (TerminalError) -> Void
    /// How long the client's answer to a quality inquiry is waited for.
    private static let inquirySeconds = 5.0

    package init(server: PinentryServer, input: Descriptor = .standardInput, output: Descriptor = .standardOutput,
                 environment: Environment,
                 warn: @escaping (TerminalError) -> Void) {
        self.server = server
        self.input = input
        self.output = output
        self.environment = environment
        self.warn = warn
    }

    /// Serves requests until the client says BYE or goes away.
    package func run() -> Ending {
        if let error = write(server.greeting) { return .unwritable(error) }
        while true {
            switch lines.next() {
            case let .line(line):
                switch server.handle(line) {
                case let .reply(bytes):
                    if !bytes.isEmpty, let error = write(bytes) { return .unwritable(error) }
                case let .close(bytes):
                    _ = write(bytes)  // the client may be gone already: it asked to end
                    return .finished
                case let .present(request):
                    if let ending = present(request) { return ending }
                }
            case .tooLong:
                return .lineTooLong
            case .none:
                switch readMore(deadline: nil) {
                case .success(true): continue
                case .success(false): return lines.hasPartialLine ? .incompleteLine : .finished
                case let .failure(error): return .unreadable(error)
                }
            }
        }
    }

    /// Shows the request's alert and writes the reply; the ending, when the conversation ends.
    private func present(_ request: PinentryRequest) -> Ending? {
        var environment = environment
        if let type = request.terminalType, !type.isEmpty { environment["TERM"] = type }
        if let locale = request.characterLocale, !locale.isEmpty {
            environment["LC_ALL"] = nil
            environment["LC_CTYPE"] = locale
        }
        let response: Response
        var clientGone = false
        do throws(TerminalError) {
            let appearance = Appearance.from(environment: environment)
            let session = try TerminalSession(control: FieldsControl(chrome: request.chrome, fields: request.fields, plain: appearance.isPlain),
                                              appearance: appearance, timeout: request.timeout,
                                              terminalPath: request.terminalPath ?? "/dev/tty", keepsHygiene: true)
            try session.open()
            var ratedRevision = 0
            while !session.isFinished {
                // The client is watched beside the keys: going away (nothing reads the replies)
                // ends the alert as SIGHUP would. Nothing more is read while a request waits to
                // be taken (a client pipelining requests, or flooding), but an inquiry's answer is.
                var watches = [Poll.Watch(output, for: .hangUp, as: ClientEvent.gone)]
                if !inputEnded && (inquiry != nil || !lines.holdsLine) { watches.append(Poll.Watch(input, as: .wrote)) }
                let ready = session.step(alsoWatching: watches)
                if ready.contains(.wrote), let quality = readWhileShowing() { session.handle(.message(.rating(quality))) }
                if ready.contains(.gone) && !session.isFinished {
                    clientGone = true
                    session.handle(.interrupted(signal: Signals.hangUp))
                }
                if request.ratesQuality && !session.isFinished { rate(session.control.state, since: &ratedRevision) }
            }
            response = session.close()
        } catch {
            warn(error)
            let reason = Self.reason(error, named: request.terminalPath != nil)
            return write(PinentryServer.unpresentable(errno: reason.code, reason.description)).map { .unwritable($0) }
        }
        defer { response.wipe() }
        if clientGone { return .clientGone }
        // An inquiry asked is answered before the reply, or the answer would be taken for requests.
        finishInquiry()
        if case let .interrupted(signal) = response.outcome {
            _ = write(AssuanError.fullyCancelled.line)
            return .interrupted(signal: signal)
        }
        if request.kind == .passphrase, response.outcome == .accepted(.ok), let answer = response.answers.first {
            let reply = SecureBytes(capacity: answer.byteCount * 3 + 64)
            defer { reply.wipe() }
            answer.withBytes { PinentryServer.passphraseReply($0, repeated: request.fields[0].repeatsEntry, into: reply) }
            return output.writeAll(reply.bytes).map { .unwritable($0) }
        }
        return write(PinentryServer.reply(to: request, outcome: response.outcome)).map { .unwritable($0) }
    }

    /// Why the terminal could not be used, as the client is told: the system's error, except
    /// that with no terminal named and none to control it is "not a terminal", as pinentry-curses
    /// says then (gpg's "Inappropriate ioctl for device", which GnuPG's documentation answers
    /// with GPG_TTY).
    private static func reason(_ error: TerminalError, named: Bool) -> SystemError {
        switch error {
        case let .noTerminal(_, reason): return named ? reason : .notATerminal
        case let .setupFailed(reason): return reason
        }
    }

    /// What the client did while the alert shows.
    private enum ClientEvent { case wrote, gone }

    /// The client wrote while an alert shows: an inquiry's answer is taken (its rating, once
    /// answered), anything else kept for after the alert. At the end of its input, it is no
    /// longer watched.
    private func readWhileShowing() -> Int?? {
        guard case .success(true) = readMore(deadline: nil) else {
            inputEnded = true
            return nil
        }
        return takeInquiryAnswer()
    }

    /// Has the first field's text rated when it changed since `revision` (not its repeat entry).
    private func rate(_ state: PromptState, since revision: inout Int) {
        guard let field = state.fields.first, field.revision != revision, !field.isRepeating else { return }
        if field.editor.text.withBytes({ inquire(about: $0) }) { revision = field.revision }
    }

    /// Asks the client how good `passphrase` is (INQUIRE QUALITY), unless it is still to
    /// answer the last such question; false then (it is asked again once that answer came).
    private func inquire(about passphrase: UnsafeRawBufferPointer) -> Bool {
        guard inquiry == nil, !inputEnded else { return inquiry == nil }
        let line = SecureBytes(capacity: 16 + 3 * Assuan.qualityInquiryLimit + 2)
        Assuan.qualityInquiry(passphrase, into: line)
        let failed = output.writeAll(line.bytes) != nil
        line.wipe()
        if !failed { inquiry = QualityAnswer() }
        return true
    }

    /// Takes the lines that answer the inquiry: its rating once it is answered (the meter shows
    /// it). A line that is no answer ends the inquiry unanswered and stays, a request for later.
    @discardableResult
    private func takeInquiryAnswer() -> Int?? {
        while var answer = inquiry, case let .line(line) = lines.next() {
            switch answer.take(line) {
            case .more:
                inquiry = answer
            case .done:
                inquiry = nil
                return .some(answer.value)
            case .notAnAnswer:
                inquiry = nil
                lines.putBack(line)
            }
        }
        return nil
    }

    /// After the alert: waits for the answer to an inquiry still open, a few seconds at most.
    private func finishInquiry() {
        let deadline = MonotonicClock.now + Self.inquirySeconds
        while inquiry != nil && !inputEnded {
            takeInquiryAnswer()
            guard inquiry != nil else { break }
            guard case .success(true) = readMore(deadline: deadline) else { break }
        }
        inquiry = nil
    }

    /// Reads what the client sent into `lines`, waiting until `deadline` (nil: for ever; now:
    /// not at all). False at its end (or when nothing came in time).
    private func readMore(deadline: Double?) -> Result<Bool, SystemError> {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let deadline {
                let left = max(deadline - MonotonicClock.now, 0)
                switch Poll.wait(forInputOn: input, milliseconds: Int32((left * 1000).rounded(.up))) {
                case .failure(.interrupted): continue
                case let .failure(error): return .failure(error)
                case .success(false): return .success(false)
                case .success(true): break
                }
            }
            let result = buffer.withUnsafeMutableBytes { input.read(into: $0) }
            switch result {
            case let .success(count) where count > 0:
                buffer.withUnsafeBytes { lines.append(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                return .success(true)
            case .success:
                return .success(false)
            case .failure(.interrupted):
                continue
            case let .failure(error):
                return .failure(error)
            }
        }
    }

    private func write(_ bytes: [UInt8]) -> SystemError? {
        bytes.withUnsafeBytes { output.writeAll($0) }
    }
}
