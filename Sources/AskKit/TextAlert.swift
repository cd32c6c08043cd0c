import AskChoices
import AskFields
import AskGauge
import AskLayout
import AskModel
import AskPresentation
import AskSystem
import AskText
import AskTextBox

/// An alert with a text field, presented on the terminal: the shape of the iOS text alert
/// (a title, a message, a placeholder, an accept button, an optional cancel button and
/// secondary action, a keyboard type), for Swift programs on Linux. Several text fields, as
/// `UIAlertController.addTextField` called more than once, are `fields`.
///
/// `present()` draws it below the cursor on the controlling terminal, runs it until it is
/// answered, and leaves the terminal as it found it. Without a terminal it answers from a
/// fallback, or throws. What it changes in the process while it is up — signal handlers, and
/// for a secret core dumps and dumpability — is put back before it returns.
public struct TextAlert: Sendable {
    public var title: String
    public var message: String
    /// The text fields, top to bottom, when there are several: Tab and Return move to the next,
    /// Return in the last accepts. Empty (the default), the alert has one field, described by
    /// `placeholder`, `text`, `keyboardType`, `isSecure` and the rules from `isRequired` to
    /// `pattern`; given fields, those are not used.
    public var fields: [Field] = []
    /// The alert's one field, when `fields` is empty: the properties below describe it.
    var onlyField: Field
    /// The hint shown while the field is empty.
    public var placeholder: String {
        get { onlyField.placeholder }
        set { onlyField.placeholder = newValue }
    }
    /// The text the field starts with (the cursor at its end).
    public var text: String {
        get { onlyField.text }
        set { onlyField.text = newValue }
    }
    public var acceptLabel: String
    /// The Cancel button's label; nil leaves the button out (Esc still cancels).
    public var cancelLabel: String?
    /// A third button that accepts the text too; `present()` tells it apart.
    public var secondaryLabel: String?
    public var keyboardType: KeyboardType {
        get { onlyField.keyboardType }
        set { onlyField.keyboardType = newValue }
    }
    /// Secure entry: the text is masked, never drawn, and the answer is kept as a secret.
    public var isSecure: Bool {
        get { onlyField.isSecure }
        set { onlyField.isSecure = newValue }
    }
    /// An empty answer is refused.
    public var isRequired: Bool {
        get { onlyField.isRequired }
        set { onlyField.isRequired = newValue }
    }
    /// Several lines: Return breaks a line, Ctrl-D accepts (see `Field.isMultiline`).
    public var isMultiline: Bool {
        get { onlyField.isMultiline }
        set { onlyField.isMultiline = newValue }
    }
    /// Answers shorter or longer than these (in characters) are refused.
    public var minimumLength: Int? {
        get { onlyField.minimumLength }
        set { onlyField.minimumLength = newValue }
    }
    public var maximumLength: Int? {
        get { onlyField.maximumLength }
        set { onlyField.maximumLength = newValue }
    }
    /// A POSIX extended regular expression the whole answer must match.
    public var pattern: String? {
        get { onlyField.pattern }
        set { onlyField.pattern = newValue }
    }
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
        /// Nothing: `present()` throws a `Failure` whose `isNoTerminal` is true.
        case none
        /// A line read from standard input per field, each held to its field's rules.
        case standardInput
        /// The starting `text` (each field's, given `fields`).
        case text
    }

    public init(title: String, message: String = "", placeholder: String = "", text: String = "", acceptLabel: String = "OK",
                cancelLabel: String? = "Cancel", secondaryLabel: String? = nil, keyboardType: KeyboardType = .default,
                isSecure: Bool = false) {
        self.title = title
        self.message = message
        onlyField = Field(placeholder: placeholder, text: text, keyboardType: keyboardType, isSecure: isSecure)
        self.acceptLabel = acceptLabel
        self.cancelLabel = cancelLabel
        self.secondaryLabel = secondaryLabel
    }

    /// An alert of several text fields, in `fields`' order.
    public init(title: String, message: String = "", fields: [Field], acceptLabel: String = "OK",
                cancelLabel: String? = "Cancel", secondaryLabel: String? = nil) {
        self.init(title: title, message: message, acceptLabel: acceptLabel, cancelLabel: cancelLabel,
                  secondaryLabel: secondaryLabel)
        self.fields = fields
    }

    /// A text field: what it is called, the text it starts with, how it takes text, and the
    /// rules its answer must follow; each property means what the alert's own of that name
    /// means for its one field.
    public struct Field: Sendable {
        /// What the field is called: shown with it, and naming it when an answer is refused.
        public var label: String
        public var placeholder: String
        public var text: String
        public var keyboardType: KeyboardType
        public var isSecure: Bool
        public var isRequired = false
        public var minimumLength: Int?
        public var maximumLength: Int?
        public var pattern: String?
        /// Several lines, for notes or a pasted key: Return breaks a line, Ctrl-D does what
        /// Return does in a one-line field (accept, or go to the next field), and the hint under
        /// the field says so; the answer holds the line breaks typed. Without a terminal, the
        /// standard input's lines until an empty one (or its end) are the answer. Meant for the
        /// `default` and `ascii` keyboard types.
        public var isMultiline = false
        /// A multi-line field's height in rows (nil: five).
        public var lines: Int?

        public init(label: String = "", placeholder: String = "", text: String = "", keyboardType: KeyboardType = .default,
                    isSecure: Bool = false) {
            self.label = label
            self.placeholder = placeholder
            self.text = text
            self.keyboardType = keyboardType
            self.isSecure = isSecure
        }

        /// The field as the model describes it.
        var spec: FieldSpec {
            var spec = FieldSpec(label: label, placeholder: placeholder, value: text, isSecure: isSecure,
                                 keyboard: keyboardType.model)
            spec.validation.isRequired = isRequired
            spec.validation.minimumLength = minimumLength
            spec.validation.maximumLength = maximumLength
            spec.validation.pattern = pattern
            spec.isMultiline = isMultiline
            spec.lines = lines
            return spec
        }
    }

    /// How the alert was answered.
    public enum Result: ~Copyable {
        /// The accept button (or Return), with the answer.
        case accepted(Answer)
        /// The secondary button, with the answer.
        case secondary(Answer)
        /// The Cancel button, Esc, or Ctrl-D on an empty one-line field.
        case cancelled
        case timedOut
        /// Ctrl-C, or a terminating signal from outside. The signal has been delivered to what
        /// the program does with it (by default that ends the program, as Ctrl-C does); this
        /// comes back when the program handles or ignores it.
        case interrupted(signal: Int32)
    }

    /// What was typed: a text per field, in the fields' order (one, for an alert without
    /// `fields`). It cannot be copied, and is wiped when it goes away; a secret is never made a
    /// `String`.
    ///
    /// `text`, `isSecret` and `withUnsafeBytes` read the first text (the only one, in an alert
    /// of one field); `withAnswer(at:_:)` lends each field's answer; `write(to:ending:)`
    /// writes them all.
    public struct Answer: ~Copyable {
        private let texts: [TextBuffer]
        private let secrets: [Bool]
        /// False for an answer lent by `withAnswer(at:_:)`: its text is wiped with the answer
        /// it was lent from.
        private let wipesTexts: Bool

        init(_ texts: [TextBuffer], secrets: [Bool], wipesTexts: Bool = true) {
            self.texts = texts
            self.secrets = secrets
            self.wipesTexts = wipesTexts
        }

        deinit {
            if wipesTexts { for text in texts { text.wipe() } }
        }

        /// How many texts: one per field.
        public var count: Int { texts.count }

        /// Typed in secure entry.
        public var isSecret: Bool { secrets[0] }

        /// The text; nil for a secret, which is read with `withUnsafeBytes` or written with
        /// `write(to:)` instead.
        public var text: String? { isSecret ? nil : texts[0].string }

        /// Calls `body` with the answer's UTF-8 bytes where they lie (no copy is made).
        public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
            texts[0].withBytes(body)
        }

        /// Calls `body` with the answer of the field at `index` (counted from 0, less than
        /// `count`): an `Answer` of that field's text alone, lent, not copied.
        public func withAnswer<R, E: Error>(at index: Int, _ body: (borrowing Answer) throws(E) -> R) throws(E) -> R {
            let field = Answer([texts[index]], secrets: [secrets[index]], wipesTexts: false)
            return try body(field)
        }

        /// Writes each text's UTF-8 followed by `ending` to the descriptor `fd` (a pipe into
        /// another program, say), all in one `writev`, with no copy of the text.
        public func write(to fd: Int32, ending: [UInt8] = []) throws(Failure) {
            if let error = texts.write(ending: ending, to: Descriptor(borrowing: fd)) {
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
        let spec = spec
        switch Presentation.present(spec, timeout: timeout, fallback: fallback.model) {
        case let .failure(failure):
            throw Failure(kind: .presentation(failure))
        case let .success(response):
            // One text per field, whatever the outcome: those it does not return are wiped as
            // `answer` goes away.
            var texts = response.answers
            while texts.count < spec.fields.count { texts.append(TextBuffer(capacity: 16)) }
            let answer = Answer(texts, secrets: spec.fields.map { $0.isSecure })
            switch response.outcome {
            case .accepted(.secondary): return .secondary(answer)
            case .accepted(.cancel), .cancelled: return .cancelled
            case .accepted: return .accepted(answer)
            case .timedOut: return .timedOut
            case let .interrupted(signal): return .interrupted(signal: signal)
            }
        }
    }

    /// The alert as the model describes it.
    var spec: PromptSpec {
        var spec = PromptSpec(title: title, message: message)
        spec.body = .fields((fields.isEmpty ? [onlyField] : fields).map { $0.spec })
        spec.okLabel = acceptLabel
        spec.cancelLabel = cancelLabel
        spec.secondaryLabel = secondaryLabel
        return spec
    }
}

extension Presentation {
    /// Presents `spec` for a program using AskKit: the process is put back afterwards, and a
    /// terminating signal that ended it is delivered to what the program does with it.
    static func present(_ spec: PromptSpec, timeout: Double?, fallback: AskModel.Fallback) -> Result<Response, PresentationFailure> {
        var options = PresentationOptions(timeout: timeout)
        options.fallback = fallback
        let result = present(spec, options: options, environment: Environment(reading: ProcessEnvironment.value),
                             keepsHygiene: false)
        if case let .success(response) = result, case let .interrupted(signal) = response.outcome { Signals.deliver(signal) }
        return result
    }
}

extension TextAlert.Fallback {
    var model: AskModel.Fallback {
        switch self {
        case .none: return .fail
        case .standardInput: return .stdin
        case .text: return .value
        }
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
