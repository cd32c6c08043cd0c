import AskLayout
import AskModel
import AskRender
import AskSession
import AskText

/// Text fields — one, several, or none for a confirmation — with their buttons: the alert's own
/// control. Its state is `PromptState`, its layout `AlertLayout`, its plain form `PlainRenderer`.
package struct FieldsControl: Control {
    package private(set) var state: PromptState
    private var plain = PlainRenderer()
    /// The buttons in the order Tab goes through them in plain output, where none is drawn.
    private let plainOrder: [ButtonRole]
    /// A field whose starting text is its source (`FieldSpec.valueFile`, a FIFO): the bytes
    /// read so far; nil once it has all arrived (or when there is none).
    private var loading: (field: Int, bytes: [UInt8])?
    package private(set) var problem: SourceProblem?

    /// `patterns`: each field's `--pattern` compiled, by the field's place. `plain`: plain
    /// output, where revealed secure text would stay in the scrollback: it is never revealed;
    /// and where lines written cannot be taken back: a multi-line field takes its lines one
    /// after another.
    /// `loadingField`: that field's starting text arrives from the source the session reads
    /// (its `valueFile`); meanwhile only the keys every alert shares act (Esc, Ctrl-C, …).
    /// `files`: what a path field completes from.
    package init(chrome: AlertChrome, fields: [FieldSpec], patterns: [AnswerPattern?] = [], plain: Bool = false, loadingField: Int? = nil,
                 files: FieldFiles = .none) {
        var fields = fields
        if plain { for index in fields.indices { fields[index].allowsReveal = false } }
        state = PromptState(chrome: chrome, fields: fields, patterns: patterns, linesAtATime: plain, files: files)
        plainOrder = Plain.buttonOrder(of: state.chrome)
        loading = loadingField.map { ($0, []) }
    }

    package static var keys: KeyMap<Action> { KeyBindings.fields }

    package var chrome: AlertChrome { state.chrome }
    package var initialViewState: FieldsView.Scroll { FieldsView.Scroll() }
    package var mayShowSecrets: Bool { state.fields.contains { $0.spec.isSecure && $0.spec.allowsReveal } }
    package var holdsSecret: Bool { state.hasSecret }

    package mutating func handle(_ event: InputEvent, in frame: Frame<FieldsView>?) -> Reaction {
        // While a field's text arrives only the keys every alert shares act.
        if loading != nil, KeyBindings.sharedReaction(KeyBindings.action(for: event)) == nil { return .proceed }
        let plainOrder = self.plainOrder
        return state.handle(event, buttonOrder: frame?.buttonOrder ?? plainOrder) { field, index in
            frame.flatMap { FieldsView.textRows(of: field, at: index, in: $0) }
        }
    }

    package mutating func settle() -> Reaction {
        state.hasPendingPaste && state.flushPaste() == .bell ? .bell : .proceed
    }

    /// A rating of the first field's text, as a client rates it (a pinentry's INQUIRE QUALITY),
    /// shows in its meter.
    package enum Message {
        case rating(Int?)
    }

    package mutating func receive(_ message: Message) -> Reaction {
        switch message {
        case let .rating(quality):
            if state.hasField { state.setQuality(quality, ofField: 0) }
        }
        return .proceed
    }

    /// A field's starting text arrives (more than `FieldSpec.largestValueFile`, or unreadable,
    /// ends the alert: `problem`).
    package mutating func take(_ input: SourceInput) -> Reaction {
        switch input {
        case let .bytes(bytes):
            guard var filling = loading else { break }
            loading = nil
            filling.bytes += bytes
            guard filling.bytes.count <= FieldSpec.largestValueFile else {
                problem = .tooLarge
                return .finish(.cancelled)
            }
            loading = filling
        case .ended:
            guard let filling = loading else { break }
            loading = nil
            state.fill(field: filling.field, with: FieldSpec.startingText(ofFile: filling.bytes))
        case .failed:
            problem = .unreadable
            return .finish(.cancelled)
        }
        return .proceed
    }

    package mutating func answerAtTimeout() -> TimedAnswer {
        if let outcome = state.pressAtTimeout() { return .ended(outcome) }
        guard let field = state.currentField else { return .refused("") }
        let reason = field.status.flatMap { $0.isError ? $0.text : nil } ?? "it was not entered a second time"
        return .refused(state.fields.count > 1 ? "\(field.spec.name(at: state.current)): \(reason)" : reason)
    }

    /// A confirmation: the label of the button pressed (Cancel's too). Fields: each answer, a
    /// secret as a fixed mask.
    package func keptAnswer(_ outcome: Outcome, content: AlertContent) -> [Glyph]? {
        guard case let .accepted(role) = outcome else { return nil }
        guard state.hasField else { return content.label(role).isEmpty ? nil : content.label(role) }
        guard outcome.printsAnswer else { return nil }
        return KeptLine.joined(state.fields.map { field in
            if field.spec.isSecure { return KeptLine.secret(content.charset) }
            // Of several lines, the first, then an ellipsis: the line stays one line.
            let lines = field.editor.text.string.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            let first = DisplayText.glyphs(String(lines.first ?? ""), charset: content.charset)
            return lines.count > 1 ? first + [Glyph.space, content.charset.ellipsis] : first
        })
    }

    package var readsSource: Bool { loading != nil }

    /// Each field's text, in order (wiped unless the outcome prints them).
    package func response(_ outcome: Outcome) -> Response {
        var response = Response(outcome: outcome, answers: state.fields.map { $0.editor.text })
        response.currentField = state.current
        if !outcome.printsAnswer { response.wipe() }
        return response
    }

    package mutating func beginPlain(_ content: AlertContent) -> [UInt8] { plain.begin(content, state) }
    package mutating func updatePlain(_ content: AlertContent) -> [UInt8] { plain.update(content, state) }
    package mutating func endPlain() -> [UInt8] { plain.end() }
}
