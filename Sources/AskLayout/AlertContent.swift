import AskModel

/// The terminal's size in cells.
package struct TerminalSize: Equatable, Sendable {
    package var rows: Int
    package var columns: Int

    package init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}

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

/// What the alert shows, made safe and measured once, before the first frame.
package struct AlertContent: Sendable {
    package let spec: PromptSpec
    package let charset: Charset
    package let usesColor: Bool
    /// `--timeout`: a countdown shows in its last seconds.
    package let timeout: Double?
    /// Each field, made safe and measured.
    package let fields: [FieldContent]
    /// A confirmation (no field) with a timeout has a line for its countdown.
    let confirmationCountdown: Bool
    package let title: [Glyph]
    package let message: [[Glyph]]
    /// The message as one line, for the one-line form (made once: a message may be long).
    package let messageLine: [Glyph]
    /// The buttons' labels, by role (OK, Cancel, secondary).
    private let labelsByRole: [[Glyph]]
    /// What the countdown names: the button the time presses (`PromptSpec.timeoutLabel`).
    private let timeoutLabel: String
    /// The countdown's columns at its widest ("OK in 10s": it shows from 10).
    let countdownWidth: Int

    /// `timeout`: the alert gives up after that many seconds, and a countdown shows.
    package init(spec: PromptSpec, charset: Charset, usesColor: Bool, timeout: Double? = nil) {
        self.spec = spec
        self.charset = charset
        self.usesColor = usesColor
        self.timeout = timeout
        confirmationCountdown = !spec.hasField && timeout != nil
        title = DisplayText.glyphs(spec.title, charset: charset)
        message = spec.message.isEmpty ? [] : DisplayText.lines(spec.message, charset: charset)
        messageLine = Self.joined(message)
        labelsByRole = ButtonRole.allCases.map { role in
            spec.buttons.first { $0.role == role }.map { DisplayText.glyphs($0.label, charset: charset) } ?? []
        }
        timeoutLabel = spec.timeoutLabel
        countdownWidth = DisplayText.width(DisplayText.glyphs("\(timeoutLabel) in 10s", charset: charset))
        // The countdown shows under the last field.
        let countdownWidth = countdownWidth
        fields = spec.fields.indices.map { index in
            FieldContent(spec.fields[index], charset: charset,
                         countdown: timeout != nil && index == spec.fields.count - 1 ? countdownWidth : nil)
        }
    }

    /// What the countdown says with `seconds` left: what the time will do, and when ("Cancel in
    /// 5s", "OK in 5s"); only the seconds where `room` columns are too few for that.
    package func countdown(_ seconds: Int, room: Int = .max) -> String {
        let full = "\(timeoutLabel) in \(seconds)s"
        return DisplayText.width(DisplayText.glyphs(full, charset: charset)) <= room ? full : "\(seconds)s"
    }

    /// What plain output says once, where no countdown can be redrawn: "(Cancel in 30 seconds)".
    package var timeoutNotice: String? {
        guard let timeout else { return nil }
        let seconds = Deadline.wholeSeconds(timeout)
        return "(\(timeoutLabel) in \(seconds) second\(seconds == 1 ? "" : "s"))"
    }

    /// A button's label, made safe.
    package func label(_ role: ButtonRole) -> [Glyph] {
        labelsByRole[ButtonRole.allCases.firstIndex(of: role)!]
    }

    // Colours. Text that carries meaning — title, message, typed text — keeps the terminal's
    // own foreground, which its theme makes readable. The colours the alert adds are chosen
    // from xterm's default palette to reach a contrast of 3:1 on both its light background
    // (white) and its dark one (black): bright blue #5C5CFF (4.7 and 4.4), red #CD0000 (5.8
    // and 3.6), gray #7F7F7F (4.0 and 5.2). A contrast ratio is the same both ways round, so
    // a focused button, drawn in inverse video, is as readable as the others. ContrastTests
    // computes them. Without colour: bold, inverse and underline. SGR 90–97 are known to
    // xterm, VTE, konsole, kitty, tmux, screen and the Linux console; a terminal that does not
    // know them ignores them and draws its own foreground, and every colour here comes with
    // another cue (bold, inverse, the placeholder's underline, the place of an error).

    /// The style of a button's label: bright blue (red when destructive), bold for the
    /// default, inverse for the focused one.
    package func style(of role: ButtonRole, isDefault: Bool, isFocused: Bool) -> Style {
        var style = Style()
        style.bold = isDefault
        let destructive = role == .ok && spec.isDestructive
        if usesColor {
            style.foreground = destructive ? .red : .brightBlue
        } else if destructive {
            style.underline = true
        }
        style.inverse = isFocused
        return style
    }

    package var titleStyle: Style { Style(bold: true) }
    /// Gray (faint without colour), and underlined like the field's blanks, where typed text
    /// is not: never taken for typed text, even where faint is not drawn (xterm draws faint
    /// black as black) or where SGR 90 is not known (it is then ignored).
    package var placeholderStyle: Style { usesColor ? Style(underline: true, foreground: .gray) : Style(dim: true, underline: true) }
    package var fieldBlankStyle: Style { Style(underline: true) }

    /// An error in red (bold without colour); a hint, the counter and the countdown in gray
    /// (faint without colour).
    package func statusStyle(isError: Bool) -> Style {
        if isError { return usesColor ? Style(foreground: .red) : Style(bold: true) }
        return usesColor ? Style(foreground: .gray) : Style(dim: true)
    }

    /// Lines as one line, blank ones left out, a space between.
    static func joined(_ lines: [[Glyph]]) -> [Glyph] {
        var joined: [Glyph] = []
        for line in lines where !line.isEmpty {
            if !joined.isEmpty { joined.append(.space) }
            joined.append(contentsOf: line)
        }
        return joined
    }
}
