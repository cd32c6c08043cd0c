import AskLayout
import AskModel
import AskText

/// A text box in the frame — a file's lines below the message, each wrapped at the box's width
/// where it is longer, and scrolled, an arrow at the right where more is above or below — or an
/// info box's nothing (the frame's message is all it shows):
///
///     ╭────────────────────────────────────────╮
///     │                Licence                 │
///     ├────────────────────────────────────────┤
///     │ Permission is hereby granted, free of  │
///     │ charge, to any person obtaining a copy↓│
///     ├────────────────────────────────────────┤
///     │                   OK                   │
///     ╰────────────────────────────────────────╯
///
/// The box is as wide as the text's widest line when the terminal has room (a file's own line
/// breaks are kept, as `less` and dialog show a file), and only the lines drawn are made glyphs:
/// `Rows` wraps a line when it is looked at, so a large file costs what the screen shows.
package enum TextView: ControlView {
    package typealias State = TextState

    /// How wide the text's lines are, measured as they arrive, each once.
    package struct ViewState: Sendable {
        /// The lines measured so far.
        package private(set) var measured = 0
        /// The widest line's columns (at most `widestMeasured`).
        package private(set) var widest = 0

        package init() {}

        /// Measures the lines ended since it last did (all of them once the text is complete).
        mutating func measure(_ state: TextState, charset: Charset) {
            let count = state.isLoading ? state.lineCount - 1 : state.lineCount
            guard measured < count else { return }
            defer { measured = count }
            for index in measured..<count where widest < TextView.widestMeasured {
                let (bound, plain) = state.withLine(at: index) { bytes in
                    // No glyph is wider than two columns a byte, a tab than eight.
                    (2 * bytes.count + 6 * bytes.count(where: { $0 == 0x09 }), !bytes.contains { $0 < 0x20 || $0 > 0x7E })
                }
                guard bound > widest else { continue }
                let width = plain ? bound / 2 : DisplayText.width(DisplayText.glyphs(state.line(at: index), charset: charset))
                widest = min(max(widest, width), TextView.widestMeasured)
            }
        }
    }

    package struct Plan: Equatable, Sendable {
        /// The rows' width: the text wraps at it.
        package var width: Int
        /// How many rows show at once.
        package var shown: Int
        /// How many the frame had room for: a text still arriving may come to take them.
        var capacity: Int
    }

    /// The widest a line is measured: a wider one wraps on any terminal narrower than this.
    static let widestMeasured = 1024

    package static func naturalWidth(_ state: TextState, _ content: AlertContent, fixed: Int, view: inout ViewState) -> Int {
        guard !state.isInfo else { return 0 }
        view.measure(state, charset: content.charset)
        return view.widest + 4
    }

    /// The text's width holds the box open past the widest box an alert takes by itself.
    package static func narrowest(_ view: ViewState) -> Int { view.widest > 0 ? view.widest + 4 : 0 }

    package static func rows(_ state: TextState, _ content: AlertContent, inner: Int) -> ControlRows {
        state.isInfo ? ControlRows() : ControlRows(separator: .divider, fewest: 1)
    }

    /// As many of the text's rows as there is room for, one at the least.
    package static func plan(_ state: TextState, _ space: PlanSpace) -> (extra: Int, plan: Plan) {
        let (content, inner, room) = (space.content, space.inner, space.room)
        guard !state.isInfo else { return (0, Plan(width: inner, shown: 0, capacity: 0)) }
        let capacity = 1 + max(room, 0)
        let shown = max(Rows(state, width: inner, charset: content.charset).count(upTo: capacity), 1)
        return (shown - 1, Plan(width: max(inner, 1), shown: shown, capacity: capacity))
    }

    package static func compactPlan(_ state: TextState, _ content: AlertContent, width: Int, available: Int) -> (rows: Int, plan: Plan) {
        let shown = state.isInfo ? 0 : 1
        return (0, Plan(width: max(width, 1), shown: shown, capacity: shown))
    }

    /// A frame still suits the text unless the text came to want it wider, or more of its rows
    /// than it shows where the frame had room for them.
    package static func fits(_ state: TextState, _ frame: FrameGeometry, _ plan: Plan, view: inout ViewState) -> Bool {
        guard !frame.isCompact, !state.isInfo else { return true }
        view.measure(state, charset: frame.content.charset)
        if let fixed = frame.fixedWidth {
            let natural = max(fixed, view.widest + 4, Frame<TextView>.minimumWidth)
            let wanted = max(min(natural, Frame<TextView>.maximumWidth), narrowest(view))
            if min(wanted, max(Frame<TextView>.held(frame.size.columns) - 1, 0)) != frame.width { return false }
        }
        return plan.shown == plan.capacity
            || Rows(state, width: plan.width, charset: frame.content.charset).count(upTo: plan.capacity) == plan.shown
    }

    package static func focusedButton(_ state: TextState) -> ButtonRole? { state.isInfo ? nil : .ok }

    /// The text's rows at a width, made a line at a time where they are looked at.
    package struct Rows {
        let state: TextState
        let width: Int
        let charset: Charset

        package init(_ state: TextState, width: Int, charset: Charset) {
            self.state = state
            self.width = max(width, 1)
            self.charset = charset
        }

        /// Line `line`'s rows (an empty line is one empty row).
        package func of(_ line: Int) -> [[Glyph]] {
            TextView.wrap(DisplayText.glyphs(state.line(at: line), charset: charset), width: width)
        }

        /// How many rows the text has, up to `limit` (no more are looked at).
        func count(upTo limit: Int) -> Int {
            var count = 0
            var line = 0
            while count < limit && line < state.lineCount {
                count += of(line).count
                line += 1
            }
            return min(count, limit)
        }

        /// `count` rows after `position` (before it, when negative), no further than the text goes.
        package func moved(_ position: TextPosition, by count: Int) -> TextPosition {
            let lines = state.lineCount
            guard lines > 0 else { return TextPosition() }
            var line = min(max(position.line, 0), lines - 1)
            var rows = of(line).count
            var row = min(max(position.row, 0), rows - 1)
            var left = abs(count)
            if count >= 0 {
                while left > 0 {
                    if row + left < rows { return TextPosition(line: line, row: row + left) }
                    guard line + 1 < lines else { return TextPosition(line: line, row: rows - 1) }
                    left -= rows - row
                    line += 1
                    row = 0
                    rows = of(line).count
                }
            } else {
                while left > 0 {
                    if row >= left { return TextPosition(line: line, row: row - left) }
                    guard line > 0 else { return TextPosition(line: 0, row: 0) }
                    left -= row + 1
                    line -= 1
                    row = of(line).count - 1
                }
            }
            return TextPosition(line: line, row: row)
        }

        /// Where the last page of `shown` rows begins.
        package func lastPage(_ shown: Int) -> TextPosition {
            let last = state.lineCount - 1
            guard last >= 0 else { return TextPosition() }
            return moved(TextPosition(line: last, row: of(last).count - 1), by: -(max(shown, 1) - 1))
        }

        /// `position` held to the text: never past its last page.
        package func clamped(_ position: TextPosition, shown: Int) -> TextPosition {
            min(moved(position, by: 0), lastPage(shown))
        }

        /// The rows from `top` on, `shown` at most, and whether more follow.
        func page(from top: TextPosition, shown: Int) -> (rows: [[Glyph]], more: Bool) {
            var page: [[Glyph]] = []
            var line = top.line
            var skipped = top.row
            while page.count <= shown && line < state.lineCount {
                page += of(line).dropFirst(skipped).prefix(shown + 1 - page.count)
                skipped = 0
                line += 1
            }
            return (Array(page.prefix(shown)), page.count > shown)
        }
    }

    /// A line's glyphs in rows of `width`: broken after the last space that fits (a word longer
    /// than the row, where it must), every other space kept — a file's columns stay aligned,
    /// which a paragraph's wrap would not keep.
    static func wrap(_ glyphs: [Glyph], width: Int) -> [[Glyph]] {
        var rows: [[Glyph]] = []
        var rest = glyphs[...]
        if rest.isEmpty { return [[]] }
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
        return rows
    }

    package static func draw(_ state: TextState, into screen: inout Screen, _ area: ControlArea<Plan>, view: inout ViewState,
                             countdown: Int?) {
        let plan = area.plan
        guard plan.shown > 0 else { return }
        let text = Rows(state, width: plan.width, charset: area.content.charset)
        let top = text.clamped(state.top, shown: plan.shown)
        let page = text.page(from: top, shown: plan.shown)
        let rows = Array(area.body.prefix(plan.shown))
        for (row, glyphs) in zip(rows, page.rows) { screen.draw(glyphs, row: row, column: 2) }
        let charset = area.content.charset
        let style = area.content.statusStyle(isError: false)
        if top > TextPosition(), let first = rows.first {
            screen.fill(row: first, columns: (area.width - 2)..<(area.width - 1), with: charset.moreAbove, style: style)
        }
        guard let last = rows.last else { return }
        if state.isLoading {
            // Where the text will go on: it is still arriving.
            let loading = DisplayText.glyphs(" " + tr("loading"), charset: charset)
            let column = max(area.width - 2 - DisplayText.width(loading), 2)
            screen.fill(row: last, columns: column..<(area.width - 1))
            screen.draw(loading, row: last, column: column, style: style)
        } else if page.more {
            screen.fill(row: last, columns: (area.width - 2)..<(area.width - 1), with: charset.moreBelow, style: style)
        }
    }

    /// One line: the title (or the message, or the text's first row), then a text box's button
    /// (the cursor hidden: the button shows the focus).
    package static func drawCompact(_ state: TextState, into screen: inout Screen, _ area: ControlArea<Plan>, view: inout ViewState,
                                    countdown: Int?) {
        let content = area.content
        let first = { state.lineCount > 0 ? Rows(state, width: area.plan.width, charset: content.charset).of(0).first ?? [] : [] }
        let label = !content.title.isEmpty ? content.title
            : DisplayText.lines(content.chrome.message, charset: content.charset).first { !$0.isEmpty } ?? first()
        let focused = focusedButton(state)
        let buttons = focused == nil ? [] : area.geometry.buttonOrder
        let room = area.width - Screen.bracketedWidth(buttons, content: content)
        // Alone on the line the label is the whole of it; before the buttons, it labels them.
        guard !buttons.isEmpty else {
            screen.draw(DisplayText.truncated(label, to: room, ellipsis: content.charset.ellipsis), row: 0, column: 0, style: content.titleStyle)
            return
        }
        let column = screen.compactLabel(label, room: max(room - 2, 0), style: content.titleStyle, ellipsis: content.charset.ellipsis)
        screen.bracketedButtons(buttons, row: 0, column: column, content: content, focused: focused)
        screen.cursor = nil  // the focused button is drawn in inverse
    }
}
