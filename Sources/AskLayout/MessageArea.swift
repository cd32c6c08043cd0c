import AskModel
import AskText

/// Where a message taller than its rows is scrolled to: the first of its rows shown, or nil
/// until it is scrolled — where its control starts it (`ControlView.messageStartsAtEnd`). The
/// controller keeps it from frame to frame (the frame clamps it to its rows at its size).
package struct MessageScroll: Equatable, Sendable {
    package var top: Int?

    package init(top: Int? = nil) { self.top = top }

    /// What a key does to a message that scrolls.
    package enum Action: Equatable, Sendable {
        case line(Int)
        case page(Int)
        case start
        case end
    }

    /// The message's key table: Shift with the arrows, PgUp, PgDn, Home and End in any alert;
    /// without Shift where the control leaves the key free (`MessageKeys`).
    package static let keys = KeyMap<Action>([
        KeyRow("Shift-Up / Shift-Down (Up / Down in an alert without fields)",
               "scroll a message taller than its rows by a line", [
            KeyBinding(.key(.up), .line(-1)), KeyBinding(.key(.down), .line(1)),
        ]),
        KeyRow("Shift-PgUp / Shift-PgDn (PgUp / PgDn beside fields too)", "scroll it by a page", [
            KeyBinding(.key(.pageUp), .page(-1)), KeyBinding(.key(.pageDown), .page(1)),
        ]),
        KeyRow("Shift-Home / Shift-End (Home / End in an alert without fields)", "scroll it to its start / its end", [
            KeyBinding(.key(.home), .start), KeyBinding(.key(.end), .end),
        ]),
    ])

    /// What `event` does to the message, when the control leaves it `keys`: with Shift always,
    /// without as `keys` says.
    package static func action(for event: InputEvent, leaving keys: MessageKeys) -> Action? {
        guard case let .key(key, modifiers) = event, let action = Self.keys.action(for: event) else { return nil }
        if modifiers == .shift { return action }
        guard modifiers.isEmpty else { return nil }
        switch keys {
        case .all: return action
        case .pages: return key == .pageUp || key == .pageDown ? action : nil
        case .shifted: return nil
        }
    }
}

/// The message's rows in a frame: all of them, wrapped, and the rows of the box they are shown
/// in — every one, or when there are more than fit, a window scrolled through them, with a
/// gutter at the right that says where it is (`↑` above, `↓42%` below: how much has been shown).
struct MessageArea: Sendable {
    /// The columns the gutter takes at the right when the message scrolls.
    static var gutter: Int { 5 }

    var rows: [MessageRow] = []
    /// The box's row the first is shown in, and how many are shown.
    var first = 0
    var count = 0
    var inner = 0
    /// Laid out from the left, rather than centred line by line.
    var leading = false
    var scrolls = false

    /// The first row of the message's last line as written that is not blank (where a
    /// question is).
    var lastLineStart: Int {
        guard let last = rows.last(where: { !$0.span.isEmpty })?.line else { return 0 }
        return rows.firstIndex { $0.line == last } ?? 0
    }

    /// `top` held to where the rows shown are all the message's.
    func clamped(_ top: Int) -> Int { max(min(top, rows.count - count), 0) }

    /// Draws the rows from `top` on (clamped), over what the rows held.
    func draw(into screen: inout Screen, content: AlertContent, top: Int) {
        guard count > 0 else { return }
        let top = clamped(top)
        let text = content.messageText
        let width = scrolls ? max(inner - Self.gutter, 1) : inner
        for offset in 0..<count {
            let row = first + offset
            screen.fill(row: row, columns: 2..<(2 + inner))
            guard top + offset < rows.count else { continue }
            let shown = rows[top + offset]
            let glyphs = Array(text.glyphs(shown))
            var column = 2 + (leading ? 0 : max(width - DisplayText.width(glyphs), 0) / 2)
            if let styles = text.styles(shown) {
                for (glyph, style) in zip(glyphs, styles) {
                    column = screen.draw([glyph], row: row, column: column, style: content.theme.apply(.message, to: style, usesColor: content.usesColor),
                                         limit: 2 + width)
                }
            } else {
                screen.draw(glyphs, row: row, column: column, style: content.messageStyle, limit: 2 + width)
            }
        }
        guard scrolls else { return }
        let style = content.statusStyle(isError: false)
        let charset = content.charset
        let below = top + count < rows.count
        let percent = "\((top + count) * 100 / max(rows.count, 1))%"
        let last = (below ? String(charset.moreBelow) : "") + percent
        let lastGlyphs = DisplayText.glyphs(last, charset: charset)
        screen.draw(lastGlyphs, row: first + count - 1, column: 2 + inner - DisplayText.width(lastGlyphs), style: style)
        if top > 0 && count > 1 {
            screen.draw([Glyph(charset.moreAbove, width: 1)], row: first, column: 2 + inner - 1, style: style)
        }
    }
}
