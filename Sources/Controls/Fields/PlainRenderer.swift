import AskLayout
import AskModel
import AskRender
import AskText

/// Plain output for dumb terminals, editor shells and screen readers (`--plain`, `TERM=dumb`):
/// lines only, no colour, no cursor movement beyond backspacing over what was just typed. What
/// it writes reads as a transcript, top to bottom:
///
///     Title
///     Message
///     (Enter: Save; Esc: Cancel; Tab goes through Save, Later, Cancel)
///     > 12
///     Enter at least 4 characters
///     > 1234▏
///
/// The prompt line only ever grows or shrinks at its end. Anything to say — a refused answer's
/// reason, the second entry of `--repeat`, `--max-length` reached — goes on a line of its own
/// after it, and the prompt starts again on a new line with the field as it is; so does a new
/// focus. Clearing a reason (the next edit does) writes nothing: the line after it is current.
///
/// A multi-line field's lines come one after another, each on a `> ` line of its own once Enter
/// ends it (how they end is said before the first); the prompt line is the last line.
package struct PlainRenderer: Sendable {
    private var line = PlainLine()
    /// Where, in the text of the field whose prompt line is being written, that line begins (the
    /// start of a multi-line field's last line; 0 for any other field).
    private var lineStart = 0
    /// The multi-line fields whose hint has been said (it is said once, before their first line).
    private var saidHints: Set<Int> = []
    private var shownStatus: StatusLine?
    /// The focus of the prompt line being written; nil before there is one.
    private var shownFocus: Focus?
    private var shownRepeating = false
    /// `--max-length` reached has been said (once a prompt).
    private var saidMaximum = false
    private var started = false

    package init() {}

    /// The title and message as lines, what there is to know about the keys, then the prompt
    /// line (with whatever stands: a reason, the second entry).
    package mutating func begin(_ content: AlertContent, _ state: PromptState) -> [UInt8] {
        var out = ""
        let charset = content.charset
        if !content.title.isEmpty { out += Plain.text(content.title) + "\r\n" }
        for line in content.message { out += Plain.text(line) + "\r\n" }
        if let hint = state.currentField?.hint {
            out += Plain.text(DisplayText.glyphs(hint.text(charset), charset: charset)) + "\r\n"
            if state.currentField?.spec.isMultiline == true { saidHints.insert(state.current) }
        }
        out += Plain.timeoutLine(content)
        if let keys = Self.keys(content, state) { out += keys + "\r\n" }
        started = true
        shownStatus = nil
        shownRepeating = false
        shownFocus = nil
        line.shown = []
        return Array(out.utf8) + update(content, state)
    }

    /// What changed since the last call.
    package mutating func update(_ content: AlertContent, _ state: PromptState) -> [UInt8] {
        let charset = content.charset
        var notes: [String] = []
        let current = state.currentField
        if current?.status != shownStatus {
            if let status = current?.status { notes.append(Plain.text(DisplayText.glyphs(status.text, charset: charset))) }
            shownStatus = current?.status
        }
        let isRepeating = current?.isRepeating ?? false
        if isRepeating != shownRepeating {
            if let current, isRepeating { notes.append(Plain.text(DisplayText.glyphs(current.placeholder, charset: charset)) + ":") }
            shownRepeating = isRepeating
        }
        // Said once; never when nothing shows the length (secure entry with no mask).
        if let current, current.refusedAtMaximumLength && !saidMaximum && (current.showsText || FieldsView.shown(state, content)[state.current].mask != nil),
           let maximum = current.spec.validation.maximumLength {
            notes.append(trn("(at most %d character)", "(at most %d characters)", maximum))
            saidMaximum = true
        }

        var out: [UInt8] = []
        if case let .field(index) = shownFocus, shownFocus != state.focus {
            // Left for another field in the same read (`jane` and Return at once): its line
            // shows what it was answered with before the next begins.
            out = bringUp(content, state, index, erasing: true)
        }
        if shownFocus == state.focus && state.focus.isField {
            // Before a note, the prompt line shows what it is about (typed or pasted text that
            // reached the limit), but is never erased: it stays as it was answered.
            out = bringUp(content, state, state.current, erasing: notes.isEmpty)
        }
        if case let .field(index) = state.focus, state.focus != shownFocus, state.fields[index].spec.isMultiline,
           !saidHints.contains(index), let hint = state.fields[index].hint {
            // How a multi-line field's lines end, before its first.
            notes.append(Plain.text(DisplayText.glyphs(hint.text(charset), charset: charset)))
            saidHints.insert(index)
        }
        if !notes.isEmpty || state.focus != shownFocus {
            if shownFocus != nil { out += Array("\r\n".utf8) }  // the prompt line shown so far ends
            for note in notes { out += Array((note + "\r\n").utf8) }
            // A field with a label is asked for by its label (the fields come one after another).
            if case let .field(index) = state.focus, !state.fields[index].spec.label.isEmpty {
                out += Array((Plain.text(DisplayText.glyphs(state.fields[index].spec.label, charset: charset)) + ": ").utf8)
            } else {
                out += Array("> ".utf8)
            }
            shownFocus = state.focus
            line.shown = []
            if case let .button(role) = state.focus { out += Array(("[" + Plain.text(content.label(role)) + "]").utf8) }
            if state.focus.isField {
                // A multi-line field's prompt line is its last line.
                lineStart = Self.lastLineStart(state.fields[state.current])
                out += line.update(to: fieldGlyphs(content, state, state.current, from: lineStart))
            }
        }
        return out
    }

    /// Brings the prompt line of field `index` up to date. A multi-line field's lines ended since
    /// are each finished and the next begun on a `> ` line, then the last is brought up to date;
    /// when the line break that began the line shown was dropped (an empty line ended the text),
    /// the line stays as written. `erasing`: the line may be erased back, else it only grows.
    private mutating func bringUp(_ content: AlertContent, _ state: PromptState, _ index: Int, erasing: Bool) -> [UInt8] {
        var out: [UInt8] = []
        let field = state.fields[index]
        let last = Self.lastLineStart(field)
        if field.spec.isMultiline {
            let text = field.editor.text
            var start = lineStart
            while start < last {
                let end = text.lineEnd(at: start)
                out += line.update(to: fieldGlyphs(content, state, index, from: start, to: end)) + Array("\r\n> ".utf8)
                line.shown = []
                start = end + 1
            }
            if last < lineStart { return out }
            lineStart = last
        }
        let glyphs = fieldGlyphs(content, state, index, from: last)
        if erasing || glyphs.starts(with: line.shown) { out += line.update(to: glyphs) }
        return out
    }

    /// Where the last line of a field's text begins: 0 unless it is a multi-line field.
    private static func lastLineStart(_ field: FieldState) -> Int {
        field.spec.isMultiline ? field.editor.text.lineStart(at: field.editor.text.count) : 0
    }

    /// Ends the prompt line.
    package mutating func end() -> [UInt8] {
        guard started else { return [] }
        started = false
        return Array("\r\n".utf8)
    }

    /// Which key reaches which button, said once: for a confirmation, and for a field when the
    /// buttons are not just OK on Enter and Cancel on Esc (their labels, a secondary button, a
    /// default other than OK, a destructive button), since no button is drawn: Enter names the
    /// default button, and a destructive one is said to be (`Delete is destructive`). Tab is
    /// told of when a button is reached by neither Enter nor Esc. Nil when there is nothing to
    /// say.
    static func keys(_ content: AlertContent, _ state: PromptState) -> String? {
        let spec = content.chrome
        if spec.closesOnAnyKey { return tr("(any key closes)") }
        let plain = AlertChrome()
        let destructive = spec.buttons.filter { $0.isDestructive }.map { $0.role }
        let usual = spec.okLabel == plain.okLabel && (spec.cancelLabel == nil || spec.cancelLabel == plain.cancelLabel)
            && spec.secondaryLabel == nil && spec.effectiveDefaultButton == .ok && destructive.isEmpty
        if state.hasField && usual { return nil }
        func label(_ role: ButtonRole) -> String { Plain.text(content.label(role)) }
        var parts = [tr("Enter: %s", label(spec.effectiveDefaultButton))]
        parts.append(spec.cancelLabel == nil ? tr("Esc cancels") : tr("Esc: %s", label(.cancel)))
        if spec.secondaryLabel != nil || spec.effectiveDefaultButton != .ok {
            parts.append(tr("Tab goes through %s", Plain.buttonOrder(of: spec).map(label).joined(separator: ", ")))
        }
        parts += destructive.map { tr("%s is destructive", label($0)) }
        return "(" + parts.joined(separator: "; ") + ")"
    }

    /// The glyphs of field `index`'s text from grapheme `start` to `end` (its end, when nil).
    private func fieldGlyphs(_ content: AlertContent, _ state: PromptState, _ index: Int, from start: Int = 0, to end: Int? = nil)
        -> [Glyph] {
        let field = state.fields[index]
        let text = field.editor.text
        let graphemes = start..<max(end ?? text.count, start)
        if !field.showsText {
            guard let mask = FieldsView.shown(state, content)[index].mask else { return [] }
            return Array(repeating: mask, count: graphemes.count)
        }
        return graphemes.map { DisplayText.glyph(ofTyped: text.scalars(of: $0), charset: content.charset) }
    }
}
