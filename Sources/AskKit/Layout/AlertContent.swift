/// The terminal's size in cells.
public struct TerminalSize: Equatable, Sendable {
    public var rows: Int
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}

/// What the alert shows, made safe and measured once, before the first frame.
public struct AlertContent: Sendable {
    public let spec: PromptSpec
    public let charset: Charset
    public let usesColor: Bool
    let title: [Glyph]
    let message: [[Glyph]]
    let placeholder: [Glyph]
    /// The buttons' labels, by role (OK, Cancel, secondary).
    private let labelsByRole: [[Glyph]]
    /// The glyph shown per grapheme in secure entry; nil shows nothing.
    let mask: Glyph?
    /// Every error the alert can show, made safe (`PromptSpec.possibleErrors`).
    let errors: [[Glyph]]
    /// Columns an error leaves at the right of the line under the field for the `n/N` counter
    /// and the countdown, at their widest.
    let statusReserve: Int

    public init(spec: PromptSpec, charset: Charset, usesColor: Bool) {
        self.spec = spec
        self.charset = charset
        self.usesColor = usesColor
        title = DisplayText.glyphs(spec.title, charset: charset)
        message = spec.message.isEmpty ? [] : DisplayText.lines(spec.message, charset: charset)
        placeholder = DisplayText.glyphs(spec.placeholder, charset: charset)
        labelsByRole = ButtonRole.allCases.map { role in
            spec.buttons.first { $0.role == role }.map { DisplayText.glyphs($0.label, charset: charset) } ?? []
        }
        let maskText = spec.mask ?? charset.defaultMask
        mask = maskText.isEmpty ? nil : DisplayText.glyphs(maskText, charset: charset).first.map {
            // A wide mask would make the field's arithmetic lie; one column each.
            Glyph($0.text, width: $0.width)
        }
        errors = spec.possibleErrors.map { DisplayText.glyphs($0, charset: charset) }
        var reserve = spec.validation.maximumLength.map { 2 * String($0).utf8.count + 1 } ?? 0
        if spec.timeout != nil { reserve += (reserve > 0 ? 1 : 0) + 3 }  // "10s": it shows from 10
        statusReserve = reserve > 0 ? reserve + 1 : 0
    }

    /// The lines the longest error takes, wrapped to `width` columns.
    func errorLines(width: Int) -> Int {
        errors.map { Wrap.paragraph($0, width: width).count }.max() ?? 0
    }

    /// A button's label, made safe.
    func label(_ role: ButtonRole) -> [Glyph] {
        labelsByRole[ButtonRole.allCases.firstIndex(of: role)!]
    }

    /// The style of a button's label.
    func style(of role: ButtonRole, isDefault: Bool, isFocused: Bool) -> Style {
        var style = Style()
        style.bold = isDefault
        let destructive = role == .ok && spec.isDestructive
        if usesColor {
            style.foreground = destructive ? .red : .blue
        } else if destructive {
            style.underline = true
        }
        style.inverse = isFocused
        return style
    }

    var titleStyle: Style { Style(bold: true) }
    var placeholderStyle: Style { Style(dim: true) }
    var fieldBlankStyle: Style { Style(underline: true) }

    func statusStyle(isError: Bool) -> Style {
        if !isError { return Style(dim: true) }
        return usesColor ? Style(foreground: .red) : Style(bold: true)
    }
}
