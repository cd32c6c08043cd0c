import AskLayout
import AskModel

/// The lines in the frame's body, a blank row apart from the message; an arrow where more are
/// below.
package enum LinesView: ControlView {
    package static func naturalWidth(_ state: LinesState, _ content: AlertContent, fixed: Int, view: inout Int) -> Int {
        (state.lines.map { DisplayText.width(DisplayText.glyphs($0, charset: content.charset)) }.max() ?? 0) + 4
    }

    package static func rows(_ state: LinesState, _ content: AlertContent, inner: Int) -> ControlRows {
        ControlRows(separator: .blank, fewest: 1)
    }

    package static func plan(_ state: LinesState, _ space: PlanSpace) -> (extra: Int, plan: Int) {
        let extra = min(max(state.lines.count - 1, 0), space.room)
        return (extra, 1 + extra)
    }

    package static func compactPlan(_ state: LinesState, _ content: AlertContent, width: Int, available: Int) -> (rows: Int, plan: Int) {
        (0, 1)
    }

    package static func fits(_ state: LinesState, _ frame: FrameGeometry, _ plan: Int, view: inout Int) -> Bool { true }

    package static func focusedButton(_ state: LinesState) -> ButtonRole? { nil }

    package static func draw(_ state: LinesState, into screen: inout Screen, _ area: ControlArea<Int>, view: inout Int, countdown: Int?) {
        for (offset, row) in area.body.prefix(area.plan).enumerated() where state.first + offset < state.lines.count {
            screen.draw(DisplayText.glyphs(state.lines[state.first + offset], charset: area.content.charset), row: row, column: 2)
        }
        if state.first + area.plan < state.lines.count {
            screen.fill(row: area.body.lowerBound + area.plan - 1, columns: (area.width - 2)..<(area.width - 1),
                        with: area.content.charset.moreBelow)
        }
    }

    package static func drawCompact(_ state: LinesState, into screen: inout Screen, _ area: ControlArea<Int>, view: inout Int,
                                    countdown: Int?) {
        screen.draw(DisplayText.glyphs(state.lines.first ?? "", charset: area.content.charset), row: 0, column: 0)
    }
}
