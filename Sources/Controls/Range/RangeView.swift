import AskLayout
import AskModel

/// The number centred over a bar that shows where it stands between its bounds; the terminal's
/// cursor on the focused column of the number, hidden while a button has the focus.
package enum RangeView: ControlView {
    package static func naturalWidth(_ state: RangeState, _ content: AlertContent, fixed: Int, view: inout Int) -> Int {
        max(fixed, 24)
    }

    package static func rows(_ state: RangeState, _ content: AlertContent, inner: Int) -> ControlRows {
        ControlRows(separator: .blank, fewest: 2)
    }

    package static func plan(_ state: RangeState, _ space: PlanSpace) -> (extra: Int, plan: Int) { (0, 2) }

    package static func compactPlan(_ state: RangeState, _ content: AlertContent, width: Int, available: Int) -> (rows: Int, plan: Int) {
        (0, 1)
    }

    package static func fits(_ state: RangeState, _ frame: FrameGeometry, _ plan: Int, view: inout Int) -> Bool { true }

    package static func focusedButton(_ state: RangeState) -> ButtonRole? {
        if case let .button(role) = state.focus { return role }
        return nil
    }

    package static func draw(_ state: RangeState, into screen: inout Screen, _ area: ControlArea<Int>, view: inout Int, countdown: Int?) {
        guard let row = area.body.first else { return }
        let content = area.content
        let start = max((area.width - state.width) / 2, 2)
        screen.draw(DisplayText.glyphs(state.text, charset: content.charset), row: row, column: start, style: Style(bold: true))
        if case let .digit(column) = state.focus { screen.cursor = Screen.Position(row: row, column: start + column) } else { screen.cursor = nil }
        guard area.body.count > 1 else { return }
        let spec = state.spec
        screen.drawMeter(state.value - spec.minimum, of: spec.maximum - spec.minimum, label: "", row: area.body.lowerBound + 1,
                         columns: 2..<(area.width - 2), content: content)
    }

    package static func drawCompact(_ state: RangeState, into screen: inout Screen, _ area: ControlArea<Int>, view: inout Int,
                                    countdown: Int?) {
        let label = area.content.title.isEmpty ? area.content.messageLine : area.content.title
        let column = screen.compactLabel(label, room: area.width / 2, style: area.content.titleStyle, ellipsis: area.content.charset.ellipsis)
        screen.draw(DisplayText.glyphs(state.text, charset: area.content.charset), row: 0, column: column)
        screen.cursor = nil
    }
}
