import AskModel
import AskText

/// The terminal's size in cells.
package struct TerminalSize: Equatable, Sendable {
    package var rows: Int
    package var columns: Int

    package init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}

/// What the alert shows, made safe and measured once, before the first frame.
package struct AlertContent: Sendable {
    /// Its title, message and buttons.
    package let chrome: AlertChrome
    package let charset: Charset
    package let usesColor: Bool
    /// The roles' colours and attributes over the built-in look (`ASK_COLORS`).
    package let theme: Theme
    /// `--timeout`: a countdown shows in its last seconds.
    package let timeout: Double?
    package let title: [Glyph]
    /// The line above the box (`AlertChrome.backtitle`).
    package let backtitle: [Glyph]
    /// The message as the box lays it out: its lines, their styles, its alignment.
    package let messageText: MessageText
    /// The message's lines as written (tabs expanded, spaces collapsed unless kept).
    package var message: [[Glyph]] { messageText.lines }
    /// The message as one line, for the one-line form (made once: a message may be long).
    package let messageLine: [Glyph]
    /// The buttons' labels, by role (OK, Cancel, secondary).
    private let labelsByRole: [[Glyph]]
    /// What the countdown names: the button the time presses (`PromptSpec.timeoutLabel`).
    private let timeoutLabel: String
    /// The countdown's columns at its widest ("OK in 10s": it shows from 10).
    package let countdownWidth: Int

    /// `timeout`: the alert gives up after that many seconds, and a countdown shows.
    package init(chrome spec: AlertChrome, charset: Charset, usesColor: Bool, timeout: Double? = nil, theme: Theme = Theme()) {
        self.chrome = spec
        self.charset = charset
        self.usesColor = usesColor
        self.theme = theme
        self.timeout = timeout
        title = DisplayText.glyphs(spec.title, charset: charset)
        backtitle = DisplayText.glyphs(spec.backtitle, charset: charset)
        messageText = MessageText(spec.message, emphasis: spec.messageEmphasis, layout: spec.messageLayout, charset: charset)
        messageLine = Self.joined(messageText.lines)
        labelsByRole = ButtonRole.allCases.map { role in
            spec.buttons.first { $0.role == role }.map { DisplayText.glyphs($0.label, charset: charset) } ?? []
        }
        timeoutLabel = spec.timeoutLabel
        countdownWidth = DisplayText.width(DisplayText.glyphs(tr("%s in %ds", timeoutLabel, "10"), charset: charset))
    }

    /// What the countdown says with `seconds` left: what the time will do, and when ("Cancel in
    /// 5s", "OK in 5s"); only the seconds where `room` columns are too few for that.
    package func countdown(_ seconds: Int, room: Int = .max) -> String {
        let full = tr("%s in %ds", timeoutLabel, String(seconds))
        return DisplayText.width(DisplayText.glyphs(full, charset: charset)) <= room ? full : tr("%ds", String(seconds))
    }

    /// What plain output says once, where no countdown can be redrawn: "(Cancel in 30 seconds)".
    package var timeoutNotice: String? {
        guard let timeout else { return nil }
        let seconds = Deadline.wholeSeconds(timeout)
        return trn("(%2$s in %1$d second)", "(%2$s in %1$d seconds)", seconds, timeoutLabel)
    }

    /// A button's label, made safe.
    package func label(_ role: ButtonRole) -> [Glyph] {
        labelsByRole[ButtonRole.allCases.firstIndex(of: role)!]
    }

    // Colours. Every text keeps the terminal's own foreground on its own background (or the
    // two swapped, in inverse video), which its theme makes readable: no colour of xterm's
    // palette reaches a contrast of 4.5:1 as text on both its light background (white) and its
    // dark one (black) — red #CD0000 is 5.8 and 3.6, bright blue #5C5CFF 4.7 and 4.4, gray
    // #7F7F7F 4.0 and 5.2. Colour is kept for what is not text or brings its own background:
    // the destructive sign (bold red, #FF0000 on xterm: 4.0 and 5.3, above the 3:1 of a sign),
    // the gauge's bar, and a destructive highlight, bright white on red whatever the theme
    // (5.9). ContrastTests computes them on every control's screens. What the colour says is
    // said without it too: the sign `!` before a destructive label, bold for the default
    // button and for an error, inverse for the focus, underline for the placeholder.

    /// Whether `role`'s button is destructive (`--destructive` makes OK so).
    package func isDestructive(_ role: ButtonRole) -> Bool { role == .ok && chrome.isDestructive }

    /// What a destructive button's or choice's label is drawn after, so that it is told by more
    /// than its colour (on a monochrome terminal, with `NO_COLOR`, read aloud from the screen).
    package static let destructiveSign = [Glyph("!", width: 1), Glyph.space]

    /// A button's label as drawn: a destructive one after the sign.
    package func drawnLabel(_ role: ButtonRole) -> [Glyph] { isDestructive(role) ? Self.destructiveSign + label(role) : label(role) }

    /// The destructive sign's style among text in `style`: bold, and red unless the text has a
    /// colour behind it already (the focused destructive button, the destructive highlight).
    package func signStyle(on style: Style) -> Style {
        var sign = style
        sign.bold = true
        sign.underline = false
        if usesColor && style.background == nil && !style.inverse { sign.foreground = theme.color(.destructive) ?? .red }
        return sign
    }

    /// What a focused destructive button or a destructive highlight is drawn in, with colour:
    /// bright white on red, or on the theme's destructive colour the one of black and bright
    /// white that stands out more.
    package var destructiveBarStyle: Style {
        guard let color = theme.color(.destructive) else { return Style(foreground: .white, background: .red) }
        let background = Palette.rgb(color)
        let onWhite = Palette.contrast(Palette.rgb(.white), background), onBlack = Palette.contrast(0, background)
        return Style(foreground: onWhite >= onBlack ? .white : .black, background: color)
    }

    /// The style of a button's label: the terminal's colours, bold for the default, inverse for
    /// the focused one (a destructive one bright white on red, with colour); underlined when
    /// destructive without colour.
    package func style(of role: ButtonRole, isDefault: Bool, isFocused: Bool) -> Style {
        var style = Style(bold: isDefault)
        let destructive = isDestructive(role)
        if isFocused && destructive && usesColor { return destructiveBarStyle }
        style.inverse = isFocused
        if destructive && !usesColor { style.underline = true }
        return theme.apply(.button, to: style, usesColor: usesColor)
    }

    package var titleStyle: Style { theme.apply(.title, to: Style(bold: true), usesColor: usesColor) }
    /// The message's text: the terminal's own, unless the theme says otherwise.
    package var messageStyle: Style { theme.apply(.message, to: Style(), usesColor: usesColor) }
    /// The box's lines.
    package var borderStyle: Style { theme.apply(.border, to: Style(), usesColor: usesColor) }
    /// A gauge's bar: bright blue (a sign, 4.7:1 and 4.4:1 on xterm's white and black).
    package var gaugeStyle: Style { theme.apply(.gauge, to: usesColor ? Style(foreground: .brightBlue) : .plain, usesColor: usesColor) }
    /// The highlighted choice's bar: inverse video, the terminal's own colours swapped (the
    /// theme's colour as the bar); a destructive one as a focused destructive button.
    package func highlightStyle(destructive: Bool) -> Style {
        destructive && usesColor ? destructiveBarStyle : theme.apply(.highlight, to: Style(inverse: true), usesColor: usesColor)
    }
    /// What the filter matched in a label drawn in `style`: bold and underlined.
    package func matchStyle(on style: Style) -> Style {
        var matched = style
        matched.bold = true
        matched.underline = true
        // On the highlight's bar the row keeps its colours: the match stands out by its attributes.
        return theme.apply(.match, to: matched, usesColor: usesColor && style.background == nil && !style.inverse)
    }
    /// Underlined like the field's blanks, where typed text is not (faint too without colour):
    /// never taken for typed text, in the terminal's own foreground for its contrast.
    package var placeholderStyle: Style { usesColor ? Style(underline: true) : Style(dim: true, underline: true) }
    package var fieldBlankStyle: Style { Style(underline: true) }
    /// The rest of a suggestion after the typed text: faint, on the field's blanks.
    package var suggestionStyle: Style { Style(dim: true, underline: true) }

    /// An error in bold; a hint, the counter and the countdown in the terminal's colours (faint
    /// without colour), told apart by where they stand.
    package func statusStyle(isError: Bool) -> Style {
        if isError { return Style(bold: true) }
        return usesColor ? Style() : Style(dim: true)
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
