import AskLayout
import AskModel
import AskText

/// A command-output box in the frame — the last lines of the output under the title and the
/// message, each cut at the box's width (the end of a longer line is not shown; the ellipsis
/// says it was cut), and for a command a row with a spinner, the time it has run and the
/// command:
///
///     ╭──────────────────────────────────────────╮
///     │                 Building                 │
///     │ cc -c parse.c                            │
///     │ cc -c render.c                           │
///     │ ld -o ask parse.o render.o               │
///     │ ⠹ 12s  make -j2                          │
///     ╰──────────────────────────────────────────╯
///
/// The box takes the rows the spec asks for (fewer on a short terminal: the newest lines stay),
/// and the terminal's width up to `widest`, so that it does not change size as lines come.
/// Nothing in it takes typing: the terminal's cursor is hidden. In one line: the title, then
/// the newest line.
package enum OutputView: ControlView {
    package typealias State = OutputState
    package typealias ViewState = Int

    package struct Plan: Equatable, Sendable {
        /// Rows of output shown.
        package var lines: Int
    }

    /// The columns the box wants, before the terminal's width.
    static let widest = 100

    /// The spinner's frames.
    static let spinner = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"), asciiSpinner = Array("|/-\\")

    package static func naturalWidth(_ state: OutputState, _ content: AlertContent, fixed: Int, view: inout Int) -> Int {
        max(fixed, widest)
    }

    package static func rows(_ state: OutputState, _ content: AlertContent, inner: Int) -> ControlRows {
        ControlRows(separator: .none, fewest: 1 + statusRows(state))
    }

    /// A row for the spinner, the time and the command, when it runs one.
    static func statusRows(_ state: OutputState) -> Int { state.showsClock ? 1 : 0 }

    package static func plan(_ state: OutputState, _ space: PlanSpace) -> (extra: Int, plan: Plan) {
        let wanted = max(state.rowsWanted - 1, 0)
        let extra = min(wanted, max(space.room, 0))
        return (extra, Plan(lines: 1 + extra))
    }

    package static func compactPlan(_ state: OutputState, _ content: AlertContent, width: Int, available: Int) -> (rows: Int, plan: Plan) {
        (0, Plan(lines: 1))
    }

    package static func fits(_ state: OutputState, _ frame: FrameGeometry, _ plan: Plan, view: inout Int) -> Bool { true }

    package static func focusedButton(_ state: OutputState) -> ButtonRole? { state.waitsForOK ? .ok : nil }

    /// Each line as glyphs, cut at `width` (an ellipsis where it was cut).
    static func shown(_ line: [UInt8], width: Int, content: AlertContent) -> [Glyph] {
        let glyphs = DisplayText.glyphs(String(decoding: line, as: UTF8.self), charset: content.charset)
        return DisplayText.truncated(glyphs, to: width, ellipsis: content.charset.ellipsis)
    }

    package static func draw(_ state: OutputState, into screen: inout Screen, _ area: ControlArea<Plan>, view: inout Int,
                             countdown: Int?) {
        let content = area.content
        let inner = area.width - 4
        let status = statusRows(state)
        let rows = max(area.body.count - status, 0)
        let lines = state.lastLines(rows)
        // From the top, as a terminal fills; once full, the newest on the last row.
        let top = area.body.lowerBound
        for (offset, line) in lines.enumerated() {
            screen.draw(shown(line, width: inner, content: content), row: top + offset, column: 2)
        }
        screen.cursor = nil
        guard status > 0, let row = area.body.last else { return }
        screen.draw(statusLine(state, content, width: inner), row: row, column: 2, style: content.statusStyle(isError: false))
    }

    /// The spinner and the seconds run while it runs, then the command.
    static func statusLine(_ state: OutputState, _ content: AlertContent, width: Int) -> [Glyph] {
        let frames = content.charset.isUTF8 ? spinner : asciiSpinner
        let tick = Int((state.now - (state.started ?? state.now)) * 10)
        let mark = state.isEnded ? "" : String(frames[tick % frames.count]) + " "
        let text = mark + tr("%ds", String(state.elapsed)) + "  " + state.label
        return DisplayText.truncated(DisplayText.glyphs(text, charset: content.charset), to: width, ellipsis: content.charset.ellipsis)
    }

    /// One line: the title, then the newest line of the output.
    package static func drawCompact(_ state: OutputState, into screen: inout Screen, _ area: ControlArea<Plan>, view: inout Int,
                                    countdown: Int?) {
        let content = area.content
        let width = area.width
        var column = 0
        if width >= 16 { column = screen.compactLabel(content.title, room: width / 3, style: content.titleStyle, ellipsis: content.charset.ellipsis) }
        guard width > column, let line = state.lastLines(1).first else { return }
        screen.draw(shown(line, width: width - column, content: content), row: 0, column: column)
        screen.cursor = nil
    }
}
