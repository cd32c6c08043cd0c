import AskModel

/// A text box in the frame — a file's lines below the message, wrapped at the box's width and
/// scrolled, an arrow at the right where more is above or below — or an info box's nothing
/// (the frame's message is all it shows):
///
///     ╭────────────────────────────────────────╮
///     │                Licence                 │
///     ├────────────────────────────────────────┤
///     │ Permission is hereby granted, free of  │
///     │ charge, to any person obtaining a copy↓│
///     ├────────────────────────────────────────┤
///     │                   OK                   │
///     ╰────────────────────────────────────────╯
package enum TextView: ControlView {
    package typealias State = TextState
    package typealias ViewState = Int

    package struct Plan: Equatable, Sendable {
        /// The text's rows at the box's width.
        package var rows: [[Glyph]]
        /// How many are shown at once.
        package var shown: Int

        /// The first row shown when `first` is asked for: never past the last page.
        package func clamped(_ first: Int) -> Int { min(max(first, 0), max(rows.count - shown, 0)) }
    }

    /// The widest a line makes the box before it wraps.
    static let widestLine = 76

    package static func naturalWidth(_ state: TextState, _ content: AlertContent, fixed: Int, view: inout Int) -> Int {
        guard !state.isInfo else { return 0 }
        let widest = state.lines.lazy.map { DisplayText.width(DisplayText.glyphs($0, charset: content.charset)) }.max() ?? 0
        return min(widest, widestLine) + 4
    }

    package static func rows(_ state: TextState, _ content: AlertContent, inner: Int) -> ControlRows {
        state.isInfo ? ControlRows() : ControlRows(separator: .divider, fewest: 1)
    }

    /// As many of the text's rows as there is room for, one at the least.
    package static func plan(_ state: TextState, _ content: AlertContent, rows: ControlRows, early: Int, inner: Int, room: Int,
                             used: Int, available: Int, roomBelow: Int?) -> (extra: Int, plan: Plan) {
        guard !state.isInfo else { return (0, Plan(rows: [], shown: 0)) }
        let wrapped = wrap(state, content, width: inner)
        let extra = min(max(wrapped.count - 1, 0), max(room, 0))
        return (extra, Plan(rows: wrapped, shown: 1 + extra))
    }

    package static func compactPlan(_ state: TextState, _ content: AlertContent, width: Int, available: Int) -> (rows: Int, plan: Plan) {
        (0, Plan(rows: state.isInfo ? [] : wrap(state, content, width: max(width, 1)), shown: state.isInfo ? 0 : 1))
    }

    package static func fits(_ state: TextState, _ frame: FrameGeometry, _ plan: Plan, view: inout Int) -> Bool { true }

    package static func focusedButton(_ state: TextState) -> ButtonRole? { state.isInfo ? nil : .ok }

    /// The text's rows at `width`: each line broken after the last space that fits (a word
    /// longer than the row, where it must), every other space kept — a file's columns stay
    /// aligned, which a paragraph's wrap would not keep.
    static func wrap(_ state: TextState, _ content: AlertContent, width: Int) -> [[Glyph]] {
        let width = max(width, 1)
        var rows: [[Glyph]] = []
        for line in state.lines {
            var rest = DisplayText.glyphs(line, charset: content.charset)[...]
            if rest.isEmpty { rows.append([]) }
            while !rest.isEmpty {
                var used = 0
                var end = rest.startIndex
                while end < rest.endIndex && used + rest[end].width <= width {
                    used += rest[end].width
                    end += 1
                }
                if end == rest.endIndex {
                    rows.append(Array(rest))
                    break
                }
                if end == rest.startIndex { end += 1 }  // a glyph wider than the row
                if let space = rest[rest.startIndex..<end].lastIndex(where: { $0.text == " " }), space > rest.startIndex {
                    rows.append(Array(rest[..<space]))
                    rest = rest[(space + 1)...]
                } else {
                    rows.append(Array(rest[..<end]))
                    rest = rest[end...]
                }
            }
        }
        return rows
    }

    package static func draw(_ state: TextState, into screen: inout Screen, _ area: ControlArea<Plan>, view: inout Int,
                             countdown: Int?) {
        let plan = area.plan
        guard plan.shown > 0 else { return }
        let first = plan.clamped(state.first)
        view = first
        let rows = Array(area.body.prefix(plan.shown))
        for (offset, row) in rows.enumerated() where first + offset < plan.rows.count {
            screen.draw(plan.rows[first + offset], row: row, column: 2)
        }
        let charset = area.content.charset
        let style = area.content.statusStyle(isError: false)
        if first > 0, let top = rows.first {
            screen.fill(row: top, columns: (area.width - 2)..<(area.width - 1), with: charset.moreAbove, style: style)
        }
        if first + plan.shown < plan.rows.count, let bottom = rows.last {
            screen.fill(row: bottom, columns: (area.width - 2)..<(area.width - 1), with: charset.moreBelow, style: style)
        }
    }

    /// One line: the title (or the message, or the text's first row), then a text box's button
    /// (the cursor hidden: the button shows the focus).
    package static func drawCompact(_ state: TextState, into screen: inout Screen, _ area: ControlArea<Plan>, view: inout Int,
                                    countdown: Int?) {
        let content = area.content
        let label = !content.title.isEmpty ? content.title
            : DisplayText.lines(content.spec.message, charset: content.charset).first { !$0.isEmpty } ?? area.plan.rows.first ?? []
        let focused = focusedButton(state)
        let buttons = focused == nil ? [] : area.geometry.buttonOrder
        let room = area.width - Screen.bracketedWidth(buttons, content: content)
        var column = screen.draw(DisplayText.truncated(label, to: buttons.isEmpty ? room : max(room - 1, 0), ellipsis: content.charset.ellipsis), row: 0,
                                 column: 0, style: content.titleStyle)
        guard !buttons.isEmpty else { return }
        if column > 0 { column += 1 }
        screen.bracketedButtons(buttons, row: 0, column: column, content: content, focused: focused)
        screen.cursor = nil  // the focused button is drawn in inverse
    }
}
