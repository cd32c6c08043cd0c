import AskModel
import AskText

/// An answer given without the alert — a line from stdin, or `--value` — held to the same
/// rules as a typed one.
package enum NonInteractiveAnswer {
    package enum Result {
        case answered(Response)
        case refused(Refusal)
    }

    /// Why an answer given without the alert was refused.
    package enum Refusal: Equatable, Sendable {
        case notUTF8
        case controlCharacters
        /// It has characters a field of this keyboard type does not take.
        case notTaken(by: KeyboardType)
        /// It breaks a rule; `errorMessage` is `--error`, said instead of the rule's reason.
        case breaks(ValidationFailure, errorMessage: String?)
        /// A confirmation's answer names no button: what was given, and the labels.
        case noSuchButton(String, labels: [String])
    }

    /// One field's answer given without the alert: its text, or why it was refused.
    package enum FieldResult {
        case text(TextBuffer)
        case refused(Refusal)
    }

    /// Judges `line` (UTF-8 bytes, no line break) as a confirmation's answer: it names a button
    /// by its label (any case), and an empty line means the default button.
    package static func chooseButton(_ line: UnsafeRawBufferPointer, for spec: AlertChrome) -> Result {
        guard UTF8Decoder.isValid(line) else { return .refused(.notUTF8) }
        return chooseButton(String(decoding: line, as: UTF8.self), spec: spec)
    }

    /// Judges `line` (UTF-8 bytes, no line break; a multi-line field's lines, with `\n` between
    /// them) as the answer to one field: held to the same rules as typing (the keyboard type,
    /// then the field's rules).
    package static func judge(_ line: UnsafeRawBufferPointer, for field: FieldSpec, pattern: AnswerPattern? = nil) -> FieldResult {
        switch TypedLine.refusal(of: line, lineBreaks: field.isMultiline) {
        case .notUTF8?: return .refused(.notUTF8)
        case .controlCharacters?: return .refused(.controlCharacters)
        case nil: break
        }
        let text = TextBuffer(capacity: line.count + 16, secret: field.isSecure)
        if field.keyboard == .default {
            text.insert(utf8: line, at: 0)
        } else {
            // Character by character, through the same filter as typing.
            var editor = LineEditor(text: text)
            for scalar in UTF8Scalars(line.bindMemory(to: UInt8.self)) {
                guard scalar == "\n" || field.keyboard.accepts(scalar, in: editor.text, at: editor.cursor) else {
                    text.wipe()
                    return .refused(.notTaken(by: field.keyboard))
                }
                editor.apply(.insert(scalar))
            }
        }
        if let failure = field.problem(with: text, pattern: pattern) {
            text.wipe()
            return .refused(.breaks(failure, errorMessage: field.validation.errorMessage))
        }
        return .text(text)
    }

    private static func chooseButton(_ label: String, spec: AlertChrome) -> Result {
        let wanted = label.lowercased()
        let role = wanted.isEmpty ? spec.effectiveDefaultButton : spec.buttons.first { $0.label.lowercased() == wanted }?.role
        guard let role else { return .refused(.noSuchButton(label, labels: spec.buttons.map { $0.label })) }
        return .answered(Response(nothing: .accepted(role)))
    }
}
