import AskLayout
import AskModel
import AskText

/// The line `--keep` leaves where the alert was once it closes, in the drawn alert and in plain
/// output alike: the title (or the message), then what was answered — the text, a secret as a
/// fixed mask that tells nothing of it, the chosen labels, the button's label — or how it ended
/// without an answer ("Cancelled", "Timed out"). No colour, no escape sequence: it reads the
/// same in the scrollback, a log or a screen reader.
package enum KeptLine {
    /// `answer`: what the control shows of its answer (`Control.keptAnswer`), nil when it has
    /// none; `columns`: the terminal's width (the line is cut to fit one row).
    package static func bytes(_ content: AlertContent, answer: [Glyph]?, outcome: Outcome, columns: Int) -> [UInt8] {
        var line = DisplayText.labelled(content.title.isEmpty ? content.messageLine : content.title)
        if !line.isEmpty { line.append(Glyph.space) }
        line += answer ?? DisplayText.glyphs(outcome == .timedOut ? tr("Timed out") : tr("Cancelled"), charset: content.charset)
        while line.last == Glyph.space { line.removeLast() }
        let shown = DisplayText.truncated(line, to: max(columns - 1, 1), ellipsis: content.charset.ellipsis)
        return Array((Plain.text(shown) + "\r\n").utf8)
    }

    /// A secret's answer as the line shows it: six of the mask's glyph, whatever its length.
    package static func secret(_ charset: Charset) -> [Glyph] {
        Array(repeating: Glyph(charset.defaultMask, width: 1), count: 6)
    }

    /// Answers one after another, `, ` between.
    package static func joined(_ answers: [[Glyph]]) -> [Glyph] {
        var line: [Glyph] = []
        for answer in answers {
            if !line.isEmpty { line += [Glyph(",", width: 1), Glyph.space] }
            line += answer
        }
        return line
    }
}
