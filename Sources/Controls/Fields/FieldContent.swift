import AskLayout
import AskModel
import AskText

/// One field as the alert shows it: its label, placeholder and mask made safe, and what can
/// show under it, measured once.
package struct FieldContent: Sendable {
    package let label: [Glyph]
    let placeholder: [Glyph]
    /// The glyph shown per grapheme in secure entry; nil shows nothing.
    package let mask: Glyph?
    /// Every error the field can show, made safe (`FieldSpec.possibleErrors`).
    let errors: [[Glyph]]
    /// Whether anything can show under the field (an error, a hint, the counter, the countdown).
    let showsStatusLine: Bool
    /// Columns an error leaves at the right of the line under the field for the `n/N` counter
    /// and the countdown, at their widest.
    let statusReserve: Int
    /// The rows the field shows (several for a multi-line field, when there is room).
    let rows: Int
    let isMultiline: Bool

    /// `countdown`: the alert's countdown shows under this field, this many columns at its widest.
    init(_ field: FieldSpec, charset: Charset, countdown: Int?) {
        label = DisplayText.glyphs(field.label, charset: charset)
        placeholder = DisplayText.glyphs(field.placeholder, charset: charset)
        let maskText = field.mask ?? charset.defaultMask
        mask = maskText.isEmpty ? nil : DisplayText.glyphs(maskText, charset: charset).first.map {
            // A wide mask would make the field's arithmetic lie; one column each.
            Glyph($0.text, width: $0.width)
        }
        var errors = field.possibleErrors
        // Not an error, but as wide as the meter can get: the box makes room for it.
        if let label = field.qualityLabel { errors.append(FieldHint.meter(label: label, quality: -100).text(charset)) }
        // Nor is how to finish a multi-line field, which must show whole.
        if field.isMultiline {
            errors.append(FieldState.finishHint(reveal: field.isSecure && field.allowsReveal ? FieldState.revealHint : nil))
        }
        self.errors = errors.map { DisplayText.glyphs($0, charset: charset) }
        showsStatusLine = field.showsStatusLine(countdown: countdown != nil)
        var reserve = field.validation.maximumLength.map { 2 * String($0).utf8.count + 1 } ?? 0
        if let countdown { reserve += (reserve > 0 ? 1 : 0) + countdown }
        statusReserve = reserve > 0 ? reserve + 1 : 0
        rows = field.rows
        isMultiline = field.isMultiline
    }

    /// The lines the longest error takes, wrapped to `width` columns.
    func errorLines(width: Int) -> Int {
        errors.map { Wrap.paragraph($0, width: width).count }.max() ?? 0
    }
}

extension FieldHint {
    /// The hint as text in `charset`: the quality meter is its label, ten cells filled by
    /// tenths, and the percentage (a negative one marked as breaking the rules).
    package func text(_ charset: Charset) -> String {
        switch self {
        case let .text(text):
            return text
        case let .meter(label, quality):
            let percent = min(max(quality, -100), 100)
            let filled = (abs(percent) + 5) / 10
            let cells = String(repeating: Character(charset.meterFilled), count: filled)
                + String(repeating: Character(charset.meterEmpty), count: 10 - filled)
            return (label.isEmpty ? "" : label + " ") + cells + " \(abs(percent))%" + (percent < 0 ? " (" + tr("too weak") + ")" : "")
        }
    }
}
