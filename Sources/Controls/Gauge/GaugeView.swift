import AskLayout
import AskModel

/// A gauge in the frame — its message, wrapped and centred (it changes as the task reports),
/// then a blank row and the bar with its percentage:
///
///     ╭──────────────────────────────────────────╮
///     │                 Copying                  │
///     │             /srv/photos/2024             │
///     │                                          │
///     │ ███████████████░░░░░░░░░░░░░░░░░░░░  42% │
///     ╰──────────────────────────────────────────╯
///
/// No button: the gauge ends when its input does. Nothing in it takes the focus, so the
/// terminal's cursor is hidden (a block cursor on the bar or its `%` reads as a glitch; plain
/// mode says each new percentage for a screen reader). On a short terminal the bar keeps its
/// row and the message gives way; in one line, the title, then the bar.
package enum GaugeView: ControlView {
    package typealias State = GaugeState

    package struct Plan: Equatable, Sendable {
        /// The message's lines at the box's width.
        package var messageLines: Int
        /// Those shown (the rest cut, the last shown ending in …).
        package var shownLines: Int
    }

    /// The widest the message has asked for (the box never narrows as the message changes).
    package typealias ViewState = Int

    /// The bar's columns the box wants at the least, and the message's widest line before it wraps.
    static let barColumns = 40
    static let widestMessage = 72

    package static func naturalWidth(_ state: GaugeState, _ content: AlertContent, fixed: Int, view: inout Int) -> Int {
        let widest = DisplayText.lines(state.message, charset: content.charset).map { DisplayText.width($0) }.max() ?? 0
        view = max(view, min(widest, widestMessage) + 4, barColumns + 4)
        return view
    }

    package static func narrowest(_ view: Int) -> Int { view }

    package static func rows(_ state: GaugeState, _ content: AlertContent, inner: Int) -> ControlRows {
        ControlRows(separator: .none, fewest: 1)
    }

    /// The message's rows and a blank row above the bar, as many as there is room for.
    package static func plan(_ state: GaugeState, _ space: PlanSpace) -> (extra: Int, plan: Plan) {
        let (content, inner, room) = (space.content, space.inner, space.room)
        let lines = messageLines(state, content, inner: inner).count
        let wanted = lines + (lines > 0 ? 1 : 0)
        let extra = min(wanted, max(room, 0))
        return (extra, Plan(messageLines: lines, shownLines: min(lines, extra)))
    }

    package static func compactPlan(_ state: GaugeState, _ content: AlertContent, width: Int, available: Int) -> (rows: Int, plan: Plan) {
        (0, Plan(messageLines: 0, shownLines: 0))
    }

    /// A new message fits when it takes as many lines at this width and asks for no more columns.
    package static func fits(_ state: GaugeState, _ frame: FrameGeometry, _ plan: Plan, view: inout Int) -> Bool {
        if frame.isCompact { return true }
        let before = view
        _ = naturalWidth(state, frame.content, fixed: 0, view: &view)
        return view <= max(before, frame.width) && messageLines(state, frame.content, inner: frame.width - 4).count == plan.messageLines
    }

    package static func focusedButton(_ state: GaugeState) -> ButtonRole? { nil }

    static func messageLines(_ state: GaugeState, _ content: AlertContent, inner: Int) -> [[Glyph]] {
        guard !state.message.isEmpty else { return [] }
        return Wrap.paragraphs(DisplayText.lines(state.message, charset: content.charset), width: max(inner, 1))
    }

    package static func draw(_ state: GaugeState, into screen: inout Screen, _ area: ControlArea<Plan>, view: inout Int,
                             countdown: Int?) {
        let content = area.content
        let inner = area.width - 4
        var lines = messageLines(state, content, inner: inner)
        if lines.count > area.plan.shownLines, area.plan.shownLines > 0 {
            lines = Array(lines.prefix(area.plan.shownLines))
            lines[lines.count - 1] = DisplayText.truncated(lines[lines.count - 1] + [content.charset.ellipsis], to: inner,
                                                           ellipsis: content.charset.ellipsis)
        }
        for (offset, line) in lines.prefix(area.plan.shownLines).enumerated() {
            screen.centred(line, row: area.body.lowerBound + offset, from: 2, width: inner, style: .plain,
                           ellipsis: content.charset.ellipsis)
        }
        guard let row = area.body.last else { return }
        drawBar(state.percent, into: &screen, row: row, columns: 2..<(area.width - 2), content: content)
    }

    /// The bar across `columns`, then the percentage right-aligned in four columns.
    static func drawBar(_ percent: Int, into screen: inout Screen, row: Int, columns: Range<Int>, content: AlertContent) {
        let label = DisplayText.glyphs(String(percent) + "%", charset: content.charset)
        let cells = columns.count - 5
        let labelStart = max(columns.upperBound - DisplayText.width(label), columns.lowerBound)
        screen.cursor = nil  // nothing in a gauge takes keys: a cursor would only punch a hole in it
        guard cells >= 1 else {
            screen.draw(label, row: row, column: labelStart)
            return
        }
        let filled = cells * percent / 100
        let charset = content.charset
        screen.fill(row: row, columns: columns.lowerBound..<(columns.lowerBound + filled), with: charset.barFilled,
                    style: content.gaugeStyle)
        screen.fill(row: row, columns: (columns.lowerBound + filled)..<(columns.lowerBound + cells), with: charset.barEmpty,
                    style: content.statusStyle(isError: false))
        screen.draw(label, row: row, column: labelStart, style: Style(bold: true))
    }

    /// One line: the title (or the message's first line), then the bar.
    package static func drawCompact(_ state: GaugeState, into screen: inout Screen, _ area: ControlArea<Plan>, view: inout Int,
                                    countdown: Int?) {
        let content = area.content
        let width = area.width
        var column = 0
        let label = content.title.isEmpty
            ? DisplayText.lines(state.message, charset: content.charset).first { !$0.isEmpty } ?? [] : content.title
        if width >= 16 { column = screen.compactLabel(label, room: width / 3, style: content.titleStyle, ellipsis: content.charset.ellipsis) }
        var end = width
        if let countdown {
            let counter = DisplayText.glyphs(" " + content.countdown(countdown, room: width / 4), charset: content.charset)
            end -= DisplayText.width(counter)
            if end > column { screen.compactRight(counter, end: width, style: content.statusStyle(isError: false)) }
        }
        guard end > column else { return }
        drawBar(state.percent, into: &screen, row: 0, columns: column..<end, content: content)
    }
}
