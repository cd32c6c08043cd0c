import AskLayout
import AskModel
import AskSystem
import AskText

/// An alert with a text field, presented on the terminal: the shape of the iOS text alert
/// (a title, a message, a placeholder, an accept button, an optional cancel button and
/// secondary action, a keyboard type), for Swift programs on Linux.
///
/// `present()` draws it below the cursor on the controlling terminal, runs it until it is
/// answered, and leaves the terminal as it found it. Without a terminal it answers from a
/// fallback, or throws. What it changes in the process while it is up — signal handlers, and
/// for a secret core dumps and dumpability — is put back before it returns.
public struct TextAlert: Sendable {
    public var title: String
    public var message: String
    /// The hint shown while the field is empty.
    public var placeholder: String
    /// The text the field starts with (the cursor at its end).
    public var text: String
    public var acceptLabel: String
    /// The Cancel button's label; nil leaves the button out (Esc still cancels).
    public var cancelLabel: String?
    /// A third button that accepts the text too; `present()` tells it apart.
    public var secondaryLabel: String?
    public var keyboardType: KeyboardType
    /// Secure entry: the text is masked, never drawn, and the answer is kept as a secret.
    public var isSecure: Bool
    /// An empty answer is refused.
    public var isRequired = false
    /// Answers shorter or longer than these (in characters) are refused.
    public var minimumLength: Int?
    public var maximumLength: Int?
    /// A POSIX extended regular expression the whole answer must match.
    public var pattern: String?
    /// Seconds to wait for an answer; a countdown shows in the last ten.
    public var timeout: Double?
    /// What answers when there is no terminal to prompt on.
    public var fallback: Fallback = .none

    /// The kind of text the field expects: a filter on what can be typed, and a check on accept.
    public enum KeyboardType: Sendable {
        case `default`, number, decimal, phone, email, url, ascii
    }

    /// What answers when there is no terminal.
    public enum Fallback: Sendable {
        /// Nothing: `present()` throws `Failure.noTerminal`.
        case none
        /// A line read from standard input, held to the same rules.
        case standardInput
        /// The starting `text`.
        case text
    }

    public init(title: String, message: String = "", placeholder: String = "", text: String = "", acceptLabel: String = "OK",
                cancelLabel: String? = "Cancel", secondaryLabel: String? = nil, keyboardType: KeyboardType = .default,
                isSecure: Bool = false) {
        self.title = title
        self.message = message
        self.placeholder = placeholder
        self.text = text
        self.acceptLabel = acceptLabel
        self.cancelLabel = cancelLabel
        self.secondaryLabel = secondaryLabel
        self.keyboardType = keyboardType
        self.isSecure = isSecure
    }

    /// How the alert was answered.
    public enum Result: ~Copyable {
        /// The accept button (or Return), with the answer.
        case accepted(Answer)
        /// The secondary button, with the answer.
        case secondary(Answer)
        /// The Cancel button, Esc, or Ctrl-D on an empty field.
        case cancelled
        case timedOut
        /// Ctrl-C, or a terminating signal from outside. The signal has been delivered to what
        /// the program does with it (by default that ends the program, as Ctrl-C does); this
        /// comes back when the program handles or ignores it.
        case interrupted(signal: Int32)
    }

    /// What was typed. It cannot be copied, and is wiped when it goes away; a secret is never
    /// made a `String`.
    public struct Answer: ~Copyable {
        private let buffer: TextBuffer
        /// Typed in secure entry.
        public let isSecret: Bool

        init(_ buffer: TextBuffer, isSecret: Bool) {
            self.buffer = buffer
            self.isSecret = isSecret
        }

        deinit { buffer.wipe() }

        /// The text; nil for a secret, which is read with `withUnsafeBytes` or written with
        /// `write(to:)` instead.
        public var text: String? { isSecret ? nil : buffer.string }

        /// Calls `body` with the answer's UTF-8 bytes where they lie (no copy is made).
        public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
            buffer.withBytes(body)
        }

        /// Writes the answer's UTF-8, then `ending`, to the descriptor `fd` (a pipe into another
        /// program, say) in one `writev`, with no copy of the text.
        public func write(to fd: Int32, ending: [UInt8] = []) throws(Failure) {
            if let error = buffer.write(ending: ending, to: fd) {
                throw Failure.writeFailed(error.description)
            }
        }
    }

    /// Why the alert could not be presented, or its answer taken. `description` says it in a
    /// line.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        package enum Kind: Sendable {
            case presentation(PresentationFailure)
            case write(String)
        }

        package let kind: Kind

        static func writeFailed(_ reason: String) -> Failure { Failure(kind: .write(reason)) }

        public var description: String {
            switch kind {
            case let .presentation(failure): return failure.description
            case let .write(reason): return "cannot write the answer: " + reason
            }
        }

        /// There was no terminal to prompt on, and no fallback.
        public var isNoTerminal: Bool {
            if case .presentation(.noTerminal) = kind { return true }
            return false
        }
    }

    /// Presents the alert and waits for the answer.
    public func present() throws(Failure) -> Result {
        let environment = Environment(reading: ProcessEnvironment.value)
        var options = PresentationOptions(timeout: timeout)
        switch fallback {
        case .none: options.fallback = .fail
        case .standardInput: options.fallback = .stdin
        case .text: options.fallback = .value
        }
        switch Presentation.present(spec, options: options, environment: environment, keepsHygiene: false) {
        case let .failure(failure):
            throw Failure(kind: .presentation(failure))
        case let .success(response):
            let answer = Answer(response.answers.first ?? TextBuffer(capacity: 16), isSecret: isSecure)
            switch response.outcome {
            case .accepted(.secondary): return .secondary(answer)
            case .accepted(.cancel), .cancelled: return .cancelled
            case .accepted: return .accepted(answer)
            case .timedOut: return .timedOut
            case let .interrupted(signal):
                Signals.deliver(signal)
                return .interrupted(signal: signal)
            }
        }
    }

    /// The alert as the model describes it.
    var spec: PromptSpec {
        var spec = PromptSpec(title: title, message: message, placeholder: placeholder, value: text, isSecure: isSecure,
                              keyboard: keyboardType.model)
        spec.okLabel = acceptLabel
        spec.cancelLabel = cancelLabel
        spec.secondaryLabel = secondaryLabel
        spec.fields[0].validation.isRequired = isRequired
        spec.fields[0].validation.minimumLength = minimumLength
        spec.fields[0].validation.maximumLength = maximumLength
        spec.fields[0].validation.pattern = pattern
        return spec
    }
}

extension TextAlert.KeyboardType {
    var model: KeyboardType {
        switch self {
        case .default: return .default
        case .number: return .number
        case .decimal: return .decimal
        case .phone: return .phone
        case .email: return .email
        case .url: return .url
        case .ascii: return .ascii
        }
    }
}
