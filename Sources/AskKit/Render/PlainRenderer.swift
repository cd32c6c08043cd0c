/// Plain output for dumb terminals, editor shells and screen readers (`--plain`, `TERM=dumb`):
/// lines only, no colour, no cursor movement beyond backspacing over what was just typed.
///
///     Title
///     Message
///     > typed text▏
///
/// The field line only ever grows or shrinks at its end; an error, a new focus or the second
/// entry of `--repeat` starts a new line.
public struct PlainRenderer: Sendable {
    private var shownField: [Glyph] = []
    private var shownStatus: StatusLine?
    private var shownFocus: Focus?
    private var shownRepeating = false
    private var started = false

    public init() {}

    /// The title and message as lines, then the prompt line.
    public mutating func begin(_ content: AlertContent, _ state: PromptState) -> [UInt8] {
        var out = ""
        let charset = content.charset
        if !content.title.isEmpty { out += text(content.title) + "\r\n" }
        for line in content.message { out += text(line) + "\r\n" }
        if let hint = state.hint { out += text(DisplayText.glyphs(hint, charset: charset)) + "\r\n" }
        if let timeout = content.spec.timeout {
            // No countdown can be redrawn here: say once how long the prompt waits.
            let seconds = Deadline.wholeSeconds(timeout)
            out += "(closes in \(seconds) second\(seconds == 1 ? "" : "s"))\r\n"
        }
        if !content.spec.hasField {
            let keys = state.buttonOrder.map { "\(text(content.label($0)))" }.joined(separator: ", ")
            out += "(Enter chooses; Tab moves between: \(keys))\r\n"
        }
        started = true
        shownStatus = state.status
        shownRepeating = state.isRepeating
        shownFocus = nil
        shownField = []
        return Array(out.utf8) + update(content, state)
    }

    /// What changed since the last call.
    public mutating func update(_ content: AlertContent, _ state: PromptState) -> [UInt8] {
        var out: [UInt8] = []
        let charset = content.charset
        if state.status != shownStatus || state.isRepeating != shownRepeating {
            if let status = state.status {
                out += Array(("\r\n" + text(DisplayText.glyphs(status.text, charset: charset))).utf8)
            }
            if state.isRepeating && !shownRepeating {
                out += Array(("\r\n" + text(DisplayText.glyphs(state.placeholder, charset: charset)) + ":").utf8)
            }
            shownStatus = state.status
            shownRepeating = state.isRepeating
            shownFocus = nil
        }
        if state.focus != shownFocus {
            if shownFocus != nil || !out.isEmpty { out += Array("\r\n".utf8) }
            out += Array("> ".utf8)
            shownFocus = state.focus
            shownField = []
            if case let .button(role) = state.focus {
                out += Array(("[" + text(content.label(role)) + "]").utf8)
                return out
            }
        }
        guard state.focus == .field else { return out }
        let field = fieldGlyphs(content, state)
        var common = 0
        while common < field.count && common < shownField.count && field[common] == shownField[common] { common += 1 }
        for glyph in shownField[common...].reversed() {
            let back = [UInt8](repeating: 0x08, count: glyph.width)
            out += back + [UInt8](repeating: 0x20, count: glyph.width) + back
        }
        for glyph in field[common...] { out += Array(glyph.text.utf8) }
        shownField = field
        return out
    }

    /// Ends the prompt line.
    public mutating func end() -> [UInt8] {
        guard started else { return [] }
        started = false
        return Array("\r\n".utf8)
    }

    private func fieldGlyphs(_ content: AlertContent, _ state: PromptState) -> [Glyph] {
        let text = state.editor.text
        if !state.showsText {
            guard let mask = content.mask else { return [] }
            return Array(repeating: mask, count: text.count)
        }
        return (0..<text.count).map { DisplayText.glyph(ofTyped: text.scalars(of: $0), charset: content.charset) }
    }

    private func text(_ glyphs: [Glyph]) -> String { glyphs.map { $0.text }.joined() }
}
