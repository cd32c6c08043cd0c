import AskLayout
import AskModel
import AskRender

/// A gauge in plain output (`--plain`, `TERM=dumb`, screen readers): the title and the message,
/// then a line for each change the task reports — the percentage, and a new message as its
/// lines — as often as the input is read (lines that arrive together are said once), never the
/// same percentage twice in a row:
///
///     Copying
///     10%
///     50%
///     /srv/photos/2024
///     100%
package struct PlainGaugeRenderer: Sendable {
    private var percent: Int?
    private var message = ""

    package init() {}

    package mutating func begin(_ content: AlertContent, _ state: GaugeState) -> [UInt8] {
        var out = ""
        if !content.title.isEmpty { out += Plain.text(content.title) + "\r\n" }
        out += Plain.timeoutLine(content)
        percent = nil
        message = ""
        return Array(out.utf8) + update(state, charset: content.charset)
    }

    package mutating func update(_ state: GaugeState, charset: Charset) -> [UInt8] {
        var out = ""
        if state.message != message {
            message = state.message
            for line in DisplayText.lines(message, charset: charset) where !line.isEmpty {
                out += Plain.text(line) + "\r\n"
            }
        }
        if state.percent != percent {
            percent = state.percent
            out += "\(state.percent)%\r\n"
        }
        return Array(out.utf8)
    }
}
