import AskLayout
import AskModel
import AskSession
import AskSystem

/// What a control's folder supplies to be presented: everything about its body that is not
/// drawing or keys — what it opens, compiles or reads before the first frame, its control, what
/// its source's problems are said as, and how it answers without a terminal. `Presentation.present`
/// runs any room the same way: the terminal, or the room's fallback.
package protocol Room {
    associatedtype C: Control

    /// Before anything is drawn: what the body needs opened, compiled or read first. Nil goes on
    /// to the alert; otherwise how it ended already (`--filter`'s matches, a file that cannot be
    /// opened, a spec no alert could answer).
    mutating func prepare(_ options: PresentationOptions) -> Result<Response, PresentationFailure>?
    /// The control to show; `plain`: in plain output.
    func control(plain: Bool) -> C
    /// The descriptor the session reads for the control while it shows (a list, a file, a
    /// gauge's progress), if any.
    var source: Descriptor? { get }
    /// The seconds the alert has (the time spent in `prepare` counted).
    func timeLeft(_ options: PresentationOptions) -> Double?
    /// Whether `options` go straight to the answer without a terminal (`--stdin`).
    func skipsTerminal(_ options: PresentationOptions) -> Bool
    /// The session ended: its response, or the control's problem (with the source's error, when
    /// it could not be read) said as a failure.
    func ended(_ response: Response, problem: C.Problem?, sourceError: SystemError?) -> Result<Response, PresentationFailure>
    /// Without a terminal (`reason`; nil: none was tried): the answer as the options' fallback
    /// gives it, or why there is none.
    mutating func withoutTerminal(_ reason: SystemError?, _ options: PresentationOptions, keepsHygiene: Bool) -> Result<Response, PresentationFailure>
}

extension Room {
    package func timeLeft(_ options: PresentationOptions) -> Double? { options.timeout }
    package func skipsTerminal(_ options: PresentationOptions) -> Bool { false }
    package var source: Descriptor? { nil }
    package func ended(_ response: Response, problem: C.Problem?, sourceError: SystemError?) -> Result<Response, PresentationFailure> {
        .success(response)
    }
}

/// Gets the answer of any control: its room prepared, then the alert on the terminal, or without
/// one the room's fallback. Never hangs without a terminal.
package enum Presentation {
    /// `keepsHygiene`: what a secret changes in the process stays so after the alert (the
    /// command line, which exits soon after); otherwise it is put back.
    package static func present<R: Room>(_ room: R, options: PresentationOptions, environment: Environment,
                                         keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        var room = room
        if let ended = room.prepare(options) { return ended }
        if room.skipsTerminal(options) { return room.withoutTerminal(nil, options, keepsHygiene: keepsHygiene) }
        do throws(TerminalError) {
            let appearance = Appearance.from(environment: environment, options: options)
            let session = try TerminalSession(control: room.control(plain: appearance.isPlain), appearance: appearance,
                                              timeout: room.timeLeft(options), source: room.source, keepsHygiene: keepsHygiene)
            let response = try session.run()
            if let refusal = session.refusal { return .failure(.refusedAtTimeout(refusal)) }
            return room.ended(response, problem: session.problem, sourceError: session.sourceError)
        } catch {
            switch error {
            case let .setupFailed(reason): return .failure(.terminalSetup(reason))
            case let .noTerminal(_, reason): return room.withoutTerminal(reason, options, keepsHygiene: keepsHygiene)
            }
        }
    }

    /// The fallback's first question: whether any answers without a terminal (`--fallback`), or
    /// the alert fails for the want of one.
    package static func noTerminal(_ reason: SystemError?, _ options: PresentationOptions) -> PresentationFailure? {
        guard let reason, options.fallback ?? .fail == .fail else { return nil }
        return .noTerminal(reason)
    }

    /// How reading a whole input ended.
    package enum WholeRead {
        /// At the end of the input, or once what reads it takes no more (a list full, or a line
        /// refused).
        case complete
        case timedOut
        case failed(SystemError)
    }

    /// Reads `source` to its end, each piece given to `take` until it says it takes no more,
    /// waiting for input (a FIFO's writer) until `deadline`.
    package static func readAll(_ source: Descriptor, until deadline: Double?, take: (UnsafeRawBufferPointer) -> Bool) -> WholeRead {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)
        defer { buffer.deallocate() }
        var more = true
        while more {
            var wait: Int32 = -1
            if let deadline {
                let left = deadline - MonotonicClock.now
                guard left > 0 else { return .timedOut }
                wait = Int32(min((left * 1000).rounded(.up), Double(Deadline.longestWait)))
            }
            // Read only what poll says is there: a FIFO without a writer reads as its end.
            switch Poll.wait(forInputOn: source, milliseconds: wait) {
            case .success(false), .failure(.interrupted):
                continue
            case let .failure(error):
                return .failed(error)
            case .success(true):
                break
            }
            switch source.read(into: buffer) {
            case let .success(count) where count > 0:
                more = take(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
            case .success:
                return .complete
            case let .failure(error) where error == .interrupted || error == .wouldBlock:
                continue
            case let .failure(error):
                return .failed(error)
            }
        }
        return .complete
    }

    /// What `source` (opened without blocking) has to give at once, up to about `limit` bytes.
    package static func readAtOnce(_ source: Descriptor, limit: Int) -> Result<[UInt8], SystemError> {
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 65536)
        while bytes.count < limit {
            switch block.withUnsafeMutableBytes({ source.read(into: $0) }) {
            case .failure(.interrupted): continue
            case .failure(.wouldBlock), .success(0): return .success(bytes)
            case let .failure(error): return .failure(error)
            case let .success(count): bytes += block[0..<count]
            }
        }
        return .success(bytes)
    }

    /// A file read as a control's source that the control gave up on: too large, or unreadable
    /// (the reader's error).
    package static func fileFailure(_ path: String, _ problem: SourceProblem, _ error: SystemError?) -> PresentationFailure {
        .fileUnreadable(path, problem == .tooLarge ? .tooLarge : error ?? SystemError(0))
    }

    /// The deadline `options.timeout` sets from now.
    package static func deadline(_ options: PresentationOptions) -> Double? {
        options.timeout.map { Deadline(seconds: $0, after: MonotonicClock.now).time }
    }
}

/// Why an alert could not be presented, or its answer not taken: what any control may meet, and
/// each control's own (`control`). Values: `description` says them in the library's words (no
/// option, no environment variable: a program using AskKit has neither); the command line says
/// them in its own, with its advice (`Diagnostics`).
package enum PresentationFailure: Error, Equatable, Sendable {
    /// No terminal to prompt on, and no fallback.
    case noTerminal(SystemError)
    /// The terminal was there but refused to be set up.
    case terminalSetup(SystemError)
    /// Standard input ended before an answer; `field`: the field left without one, named when
    /// the alert has several.
    case inputEnded(field: String?)
    /// The line on standard input is longer than `limit` bytes.
    case lineTooLong(limit: Int)
    case inputUnreadable(SystemError)
    /// A file the control reads could not be read (or is bigger than it reads).
    case fileUnreadable(String, SystemError)
    /// The time ran out with `--on-timeout accept`, and the rules refused what stood: why.
    case refusedAtTimeout(String)
    /// A control's own failure (its folder says it).
    case control(ControlFailure)
}

/// A control's own failure: what kind it is (which exit status says it), its words in the
/// library, and, where the command line names an option instead, its words there.
package struct ControlFailure: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// What was asked cannot be: a usage error.
        case usage
        /// An answer given without the alert broke the rules.
        case refused
        /// Something to read could not be read.
        case unreadable
    }

    package let kind: Kind
    package let description: String
    /// The command line's words, naming its options, when they differ.
    package let commandLine: String?

    package init(_ kind: Kind, _ description: String, commandLine: String? = nil) {
        self.kind = kind
        self.description = description
        self.commandLine = commandLine
    }
}

extension PresentationFailure: CustomStringConvertible {
    /// The failure in one line, in the library's words (`Diagnostics` says some of them in the
    /// command line's).
    package var description: String {
        switch self {
        case let .noTerminal(reason):
            return "no terminal to prompt on (/dev/tty: \(reason))"
        case let .terminalSetup(reason):
            return "cannot set up the terminal: \(reason)"
        case .inputEnded(nil):
            return "cancelled: standard input ended before an answer"
        case let .inputEnded(field?):
            return "cancelled: standard input ended before an answer for '\(field)'"
        case let .lineTooLong(limit):
            return "answer refused: the line on standard input is longer than \(limit) bytes"
        case let .inputUnreadable(error):
            return "cannot read standard input: \(error)"
        case let .fileUnreadable(path, error):
            return "cannot read '\(path)': \(error)"
        case let .refusedAtTimeout(reason):
            return "the time ran out, and what stood was refused" + (reason.isEmpty ? "" : ": " + reason)
        case let .control(failure):
            return failure.description
        }
    }
}
