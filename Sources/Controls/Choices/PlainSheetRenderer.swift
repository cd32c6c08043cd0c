import AskLayout
import AskModel
import AskRender
import AskText

/// An action sheet in plain output (`--plain`, `TERM=dumb`): the choices as a numbered list,
/// a destructive one and one marked first (`--selected`) said to be, each with its description,
/// then a prompt line that
/// takes a number or a name, after what Enter alone takes; read as a transcript:
///
///     Old builds
///     1) Delete them (destructive)
///     2) Keep them — the old builds stay where they are
///     (a number or a name; Enter: Keep them; Esc: Cancel)
///     > del
///     No choice is named 'del'
///     > 1▏
///
/// A list that is still arriving is listed as it comes; the prompt follows its end. With a
/// starting query (`--query`), only the choices it matches are listed, in the list's order.
package struct PlainSheetRenderer: Sendable {
    private var line = PlainLine()
    private var listed = 0
    private var prompted = false
    private var shownRefusals = 0
    private var started = false

    package init() {}

    /// The title and the message, then the list so far (and the prompt, once it is complete).
    package mutating func begin(_ content: AlertContent, _ state: SheetState) -> [UInt8] {
        var out = ""
        if !content.title.isEmpty { out += Plain.text(content.title) + "\r\n" }
        for line in content.message { out += Plain.text(line) + "\r\n" }
        out += Plain.timeoutLine(content)
        started = true
        listed = 0
        prompted = false
        shownRefusals = state.refusals
        line.shown = []
        return Array(out.utf8) + update(content, state)
    }

    /// What changed since the last call: choices that arrived, the prompt line, a reason.
    package mutating func update(_ content: AlertContent, _ state: SheetState) -> [UInt8] {
        var out: [UInt8] = []
        let charset = content.charset
        // The choices a starting query matches (all, without one), each with its number in the list.
        let tagWidth = listed < state.filter.count && !prompted ? SheetLayout.tagWidth(state, charset: charset) : nil
        while listed < state.filter.count && !prompted {
            let index = state.filter.choice(inListOrderAt: listed)
            let glyphs = state.list.withLabel(at: index) { SheetLayout.label($0, matches: [], charset: charset, tagWidth: tagWidth).0 }
            let notes = (state.isDestructive(index) ? [tr("destructive")] : [])
                + (state.sheet.allowsMultiple && state.isMarked(index) ? [tr("marked")] : [])
            let said = notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"
            // Its description after it (a screen reader reads the whole list once).
            let description = state.list.withDescription(at: index) { DisplayText.glyphs(String(decoding: $0, as: UTF8.self), charset: charset) }
            let described = description.isEmpty ? "" : (charset.isUTF8 ? " — " : " - ") + Plain.text(description)
            out += Array("\(index + 1)) \(Plain.text(glyphs))\(said)\(described)\r\n".utf8)
            listed += 1
        }
        guard !state.isLoading else { return out }
        let typed = DisplayText.glyphs(String(decoding: state.queryBytes, as: UTF8.self), charset: charset)
        if !prompted {
            out += Array((Self.keys(content, state) + "\r\n> ").utf8)
            prompted = true
        } else if state.refusals != shownRefusals, let status = state.status {
            // The line as it was refused stays above the reason.
            out += line.update(to: DisplayText.glyphs(String(decoding: state.refusedLine, as: UTF8.self), charset: charset))
            out += Array(("\r\n" + Plain.text(DisplayText.glyphs(status.text, charset: charset)) + "\r\n> ").utf8)
            line.shown = []
        }
        shownRefusals = state.refusals
        return out + line.update(to: typed)
    }

    /// What to type and what Enter alone takes, said once: the highlighted choice, a radio
    /// list's marked one; a checklist's names are added to those marked.
    static func keys(_ content: AlertContent, _ state: SheetState) -> String {
        let sheet = state.sheet
        let several = sheet.allowsMultiple && !sheet.marksOne
        var what = "(" + (several ? tr("numbers or names, between spaces or commas")
            : sheet.allowsOther ? tr("a number or a name, or text of your own") : tr("a number or a name"))
        if several && state.markedCount > 0 { what += ", " + tr("added to those marked") }
        if sheet.leastMarked > 0 {
            what += ", " + (sheet.leastMarked == 1 ? tr("at least one") : trn("at least %d", "at least %d", sheet.leastMarked))
        }
        if several, let most = sheet.mostMarks { what += ", " + (most == 1 ? tr("at most one") : trn("at most %d", "at most %d", most)) }
        let taken = !sheet.allowsMultiple && state.startsOnChoice ? state.choice(at: state.highlight)
            : sheet.marksOne ? state.chosen.first : nil
        if let taken {
            let label = state.list.withLabel(at: taken) {
                SheetLayout.label($0, matches: [], charset: content.charset, tagWidth: state.sheet.tagColumns ? 0 : nil).0
            }
            what += "; " + tr("Enter: %s", Plain.text(label))
        }
        let cancel = content.chrome.cancelLabel == nil ? tr("Esc cancels") : tr("Esc: %s", Plain.text(content.label(.cancel)))
        return what + "; " + cancel + ")"
    }

    /// Ends the prompt line.
    package mutating func end() -> [UInt8] {
        guard started else { return [] }
        started = false
        return Array("\r\n".utf8)
    }
}
