import AskLayout
import AskModel

/// What every control's plain form writes alike (`--plain`, `TERM=dumb`, screen readers).
package enum Plain {
    /// No countdown can be redrawn in plain output: what the time will do, and when, is said
    /// once ("(Cancel in 30 seconds)"); nothing without a timeout.
    package static func timeoutLine(_ content: AlertContent) -> String {
        content.timeoutNotice.map { text(DisplayText.glyphs($0, charset: content.charset)) + "\r\n" } ?? ""
    }


    package static func text(_ glyphs: [Glyph]) -> String { glyphs.map { $0.text }.joined() }

    /// The title and the message's lines that are not empty, a line each (a text box's, an
    /// output box's start).
    package static func titleAndMessage(_ content: AlertContent) -> String {
        var out = ""
        if !content.title.isEmpty { out += text(content.title) + "\r\n" }
        for line in DisplayText.lines(content.chrome.message, charset: content.charset) where !line.isEmpty {
            out += text(line) + "\r\n"
        }
        return out
    }

    /// The buttons in the order Tab goes through them: as a stack would show them when there
    /// are three, else as a pair side by side (Cancel, then OK).
    package static func buttonOrder(of spec: AlertChrome) -> [ButtonRole] {
        ButtonRole.order(of: spec, stacked: spec.buttons.count >= 3)
    }
}

/// The text typed on a plain prompt line, as the terminal shows it.
package struct PlainLine: Sendable {
    package var shown: [Glyph] = []

    package init() {}

    /// Brings the line up to date: erases back to where it differs, then writes the rest.
    package mutating func update(to field: [Glyph]) -> [UInt8] {
        var out: [UInt8] = []
        var common = 0
        while common < field.count && common < shown.count && field[common] == shown[common] { common += 1 }
        for glyph in shown[common...].reversed() {
            let back = [UInt8](repeating: 0x08, count: glyph.width)
            out += back + [UInt8](repeating: 0x20, count: glyph.width) + back
        }
        for glyph in field[common...] { out += Array(glyph.text.utf8) }
        shown = field
        return out
    }
}
