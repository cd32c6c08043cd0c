import AskLayout
import AskModel
import AskText

/// Text fields in the frame — one, several, or none for a confirmation:
///
///     │             Title                │
///     │   message, wrapped and centred   │
///     │                                  │   a blank row apart
///     │ User Name  jane__________________│   a label column beside, or labels above
///     │ Password   •••___________________│   the field; blanks underlined
///     │            Enter at least 4 ch…  │   its status lines: an error, a hint, the counter
///
/// Labels go in a column beside the fields when that leaves the fields half the box, above
/// each field otherwise; under each, its status lines, as many as its longest error needs (it
/// is never cut to a stub), and a blank one under a field with nothing to say there, so that a
/// form is spaced alike whatever each field's rules (given last, when there is room). A multi-line field takes its rows
/// (`--lines`), its text wrapped (`TextRows`) and scrolled to keep the cursor in view; on a short
/// terminal it gives up rows down to one before the message gives up any. When not all fit, the
/// fields scroll to keep the focused one in view, an arrow at the right saying more are above or
/// below. The countdown shows at the right of the last field's status line. In one line: the
/// title (or the message, or the field's label), then the field (a multi-line one's line that
/// holds the cursor), or the buttons.
package enum FieldsView: ControlView {
    /// Where the fields go across the box, and the rows each takes.
    package struct Plan: Equatable, Sendable {
        /// Columns of the label column, the space after it included; 0 when labels go above.
        var labelWidth = 0
        var start = 2
        var width = 0
        /// The rows each field takes, in order (a label above, the field, its status lines).
        var blocks: [Block] = []
        /// The rows of the fields' area (the body may have a row of padding more).
        var area = 0
    }

    /// One field's rows in the fields' area.
    struct Block: Equatable, Sendable {
        var labelAbove: Bool
        /// The field's own rows: one, or a multi-line field's.
        var fieldRows = 1
        var statusLines: Int
        var height: Int { (labelAbove ? 1 : 0) + fieldRows + statusLines }
        /// Its height with its field on one row: the fewest it can do with.
        var fewest: Int { height - fieldRows + 1 }
    }

    /// How the fields scroll: each field's first grapheme shown (it scrolls to keep the cursor
    /// in view, as little as it can; a multi-line field's, the start of its top row), and the
    /// first field shown when not all fit.
    package struct Scroll: Equatable, Sendable {
        package var graphemes: [Int] = []
        package var firstField = 0

        package init() {}

        package subscript(field: Int) -> Int {
            get { field < graphemes.count ? graphemes[field] : 0 }
            set {
                if graphemes.count <= field { graphemes += Array(repeating: 0, count: field + 1 - graphemes.count) }
                graphemes[field] = newValue
            }
        }
    }

    /// The narrowest a field beside its label makes the box want to be.
    static let fieldWidthBesideLabels = 20

    /// The label column's width, the space after it included (0: no label).
    private static func labelColumn(_ state: PromptState, _ content: AlertContent) -> Int {
        let widest = Self.shown(state, content).map { DisplayText.width($0.label) }.max() ?? 0
        return widest > 0 ? widest + 1 : 0
    }

    package static func naturalWidth(_ state: PromptState, _ content: AlertContent, fixed: Int, view: inout Scroll) -> Int {
        let labelColumn = labelColumn(state, content)
        let widestError = Self.shown(state, content).flatMap { field in field.errors.map { DisplayText.width($0) + field.statusReserve } }.max() ?? 0
        return max(labelColumn > 0 ? labelColumn + fieldWidthBesideLabels + 4 : 0, widestError > 0 ? widestError + labelColumn + 4 : 0)
    }

    /// Where the fields go across a box `inner` columns wide, and the rows each takes.
    private static func columns(_ state: PromptState, _ content: AlertContent, inner: Int) -> Plan {
        let labelColumn = labelColumn(state, content)
        // Labels beside the fields when the fields keep half the box; above them otherwise.
        let beside = labelColumn > 0 && labelColumn <= inner / 2
        var plan = Plan(labelWidth: beside ? labelColumn : 0, start: 2 + (beside ? labelColumn : 0),
                        width: max(inner - (beside ? labelColumn : 0), 0))
        // Under each field, the lines its longest error needs (errors, hint, counter, countdown),
        // or none when nothing can show there.
        plan.blocks = Self.shown(state, content).map { field in
            Block(labelAbove: !beside && !field.label.isEmpty, fieldRows: field.rows,
                  statusLines: field.showsStatusLine ? max(field.errorLines(width: plan.width - field.statusReserve), 1) : 0)
        }
        return plan
    }

    /// The rows of `blocks`, together.
    private static func height(_ blocks: ArraySlice<Block>) -> Int { blocks.reduce(0) { $0 + $1.height } }

    /// The tallest field's rows, a multi-line field's on one row, are the fewest; the rest of
    /// them come before the message (what does not fit scrolls). A blank row sets the fields
    /// apart from the message.
    package static func rows(_ state: PromptState, _ content: AlertContent, inner: Int) -> ControlRows {
        let blocks = columns(state, content, inner: inner).blocks
        let fewest = blocks.map { $0.fewest }.max() ?? 0
        return ControlRows(separator: blocks.isEmpty ? .none : .blank, fewest: fewest,
                           beforeMessage: height(blocks[...]) - fewest, showsCountdown: !blocks.isEmpty)
    }

    /// A field with nothing to show under it gets a blank line there all the same, so that every
    /// field of a form is spaced alike whatever its rules — the last rows to be given: when
    /// every field shows and the box has a row for each such line; otherwise none of them.
    /// A multi-line field taller than the fields' area shows the rows it fits.
    package static func plan(_ state: PromptState, _ space: PlanSpace) -> (extra: Int, plan: Plan) {
        let (content, rows, early, inner, room) = (space.content, space.rows, space.early, space.inner, space.room)
        var plan = columns(state, content, inner: inner)
        plan.area = rows.fewest + early
        for index in plan.blocks.indices where plan.blocks[index].height > plan.area {
            plan.blocks[index].fieldRows = max(plan.blocks[index].fieldRows - (plan.blocks[index].height - plan.area), 1)
        }
        let blank = plan.blocks.indices.filter { plan.blocks[$0].statusLines == 0 }
        guard !blank.isEmpty, early == rows.beforeMessage, room >= blank.count else { return (0, plan) }
        for index in blank { plan.blocks[index].statusLines = 1 }
        plan.area += blank.count
        return (blank.count, plan)
    }

    /// Under the line, the rows the longest error needs (an error wraps over them).
    package static func compactPlan(_ state: PromptState, _ content: AlertContent, width: Int, available: Int) -> (rows: Int, plan: Plan) {
        let errors = Self.shown(state, content).map { $0.errorLines(width: width) }.max() ?? 0
        return (max(min(available - 1, errors), 0), Plan(start: 0, width: width, blocks: columns(state, content, inner: width).blocks))
    }

    package static func fits(_ state: PromptState, _ frame: FrameGeometry, _ plan: Plan, view: inout Scroll) -> Bool { true }

    /// An alert without fields leaves the message every key that scrolls it; beside fields, the
    /// arrows move between them and Home and End edit: PgUp and PgDn.
    package static func messageKeys(_ state: PromptState) -> MessageKeys { state.fields.isEmpty ? .all : .pages }
    /// Above a field the message's last line shows first: the question the field answers (ssh's
    /// "Are you sure…?"); without fields, or when it is a stop of the focus, it is a text to
    /// read, from its start.
    package static func messageStartsAtEnd(_ state: PromptState) -> Bool {
        !state.fields.isEmpty && !state.chrome.messageLayout.takesFocus
    }
    package static func messageHasFocus(_ state: PromptState) -> Bool { state.focus == .message }

    package static func focusedButton(_ state: PromptState) -> ButtonRole? {
        if case let .button(role) = state.focus { return role }
        return nil
    }

    /// The fields and the lines under them. A field scrolls from where it did in the last
    /// frame, as little as keeps the cursor in view; so do the fields.
    package static func draw(_ state: PromptState, into screen: inout Screen, _ area: ControlArea<Plan>, view: inout Scroll,
                             countdown: Int?) {
        let plan = area.plan
        guard !plan.blocks.isEmpty else { return }
        let top = area.body.lowerBound
        var first = min(view.firstField, state.current)
        while first < state.current && height(plan.blocks[first...state.current]) > plan.area { first += 1 }
        // Room again (the terminal grew): the fields above come back when all below fit too.
        while first > 0 && height(plan.blocks[(first - 1)...]) <= plan.area { first -= 1 }
        view.firstField = first
        var row = top
        var index = first
        while index < plan.blocks.count && row + plan.blocks[index].height <= top + plan.area {
            drawField(index, &screen, state, area, countdown: index == plan.blocks.count - 1 ? countdown : nil, row: row,
                      view: &view)
            row += plan.blocks[index].height
            index += 1
        }
        let arrowColumn = area.width - 2
        if first > 0 { screen.fill(row: top, columns: arrowColumn..<(arrowColumn + 1), with: area.content.charset.moreAbove) }
        if index < plan.blocks.count {
            screen.fill(row: top + plan.area - 1, columns: arrowColumn..<(arrowColumn + 1), with: area.content.charset.moreBelow)
        }
    }

    /// One field's rows from `row`: its label, the field, the lines under it.
    private static func drawField(_ index: Int, _ screen: inout Screen, _ state: PromptState, _ area: ControlArea<Plan>,
                                  countdown: Int?, row: Int, view: inout Scroll) {
        let content = area.content
        let plan = area.plan
        let field = state.fields[index]
        let shown = Self.shown(state, content)[index]
        let focused = state.focus == .field(index)
        var fieldRow = row
        let labelStyle = Style(bold: focused && state.fields.count > 1)
        let ellipsis = content.charset.ellipsis
        if plan.blocks[index].labelAbove {
            screen.draw(DisplayText.truncated(shown.label, to: area.width - 4, ellipsis: ellipsis), row: row, column: 2, style: labelStyle)
            fieldRow += 1
        } else if plan.labelWidth > 0 {
            screen.draw(DisplayText.truncated(shown.label, to: plan.labelWidth - 1, ellipsis: ellipsis), row: row, column: 2,
                        style: labelStyle)
        }
        let fieldRows = plan.blocks[index].fieldRows
        if shown.isMultiline {
            let drawn = drawRows(&screen, field, shown, content, rows: fieldRow..<(fieldRow + fieldRows), column: plan.start,
                                 width: plan.width, previous: view[index])
            view[index] = drawn.top
            if focused { screen.cursor = drawn.cursor }
        } else {
            let drawn = drawText(&screen, field, shown, content, row: fieldRow, column: plan.start, width: plan.width,
                                 previous: view[index])
            view[index] = drawn.scroll
            if focused { screen.cursor = Screen.Position(row: fieldRow, column: drawn.cursor) }
        }
        if plan.blocks[index].statusLines > 0 {
            drawStatus(&screen, field, content, countdown: countdown, row: fieldRow + fieldRows, rows: plan.blocks[index].statusLines,
                       column: plan.start, width: plan.width)
        }
    }

    /// One line: the title (or else the message, cut in the middle) in at most half the
    /// width, then the field, or the buttons when one has the focus or there is no field (the
    /// focused one alone when they do not fit; the cursor on its label); an error wraps over the
    /// rows under it (with none, it takes the title's place), and so does a multi-line field's
    /// hint when there is no error.
    package static func drawCompact(_ state: PromptState, into screen: inout Screen, _ area: ControlArea<Plan>, view: inout Scroll,
                                    countdown: Int?) {
        let width = area.width
        let content = area.content
        let height = area.body.count
        view[state.current] = drawLine(&screen, state, area, countdown: countdown, scroll: view[state.current])
        if let status = state.currentField?.status, status.isError, height > 1 {
            drawWrapped(status, content, on: &screen, from: 1, rows: height - 1, column: 0, width: width)
        } else if let field = state.currentField, field.spec.isMultiline, state.focus.isField, let hint = field.hint, height > 1 {
            // How to finish a multi-line field is said even here: it is not a key people guess.
            drawWrapped(StatusLine(hint.text(content.charset), isError: false), content, on: &screen, from: 1, rows: height - 1,
                        column: 0, width: width)
        }
    }

    /// The one line itself; returns where the field scrolled to.
    private static func drawLine(_ screen: inout Screen, _ state: PromptState, _ area: ControlArea<Plan>, countdown: Int?,
                                 scroll: Int) -> Int {
        let width = area.width
        let content = area.content
        guard width > 0 else {
            screen.cursor = Screen.Position(row: 0, column: 0)  // nothing fits, the cursor still shows
            return scroll
        }
        var column = 0
        // A countdown takes the last columns.
        var room = width
        if let countdown, width >= 8 {
            let glyphs = DisplayText.glyphs(" " + content.countdown(countdown, room: width / 4), charset: content.charset)
            room = screen.compactRight(glyphs, end: width, style: content.statusStyle(isError: false))
        }
        var label = content.title.isEmpty ? content.messageLine : content.title
        var labelRoom = room / 2 - 1
        var labelStyle = content.titleStyle
        // A message's line is cut in its middle, its start and end kept.
        var inMiddle = content.title.isEmpty
        if state.fields.count > 1 && !state.fields[state.current].spec.label.isEmpty && state.focus.isField {
            // Several fields: the one being typed in is named.
            label = Self.shown(state, content)[state.current].label
            labelStyle = Style()
            inMiddle = false
        }
        // An error goes on the lines under this one; with none, it takes the title's place and
        // up to three quarters of the line.
        if let status = state.currentField?.status, status.isError, area.body.count == 1 {
            label = DisplayText.glyphs(status.text, charset: content.charset)
            labelRoom = room * 3 / 4 - 1
            labelStyle = content.statusStyle(isError: true)
            inMiddle = false
        }
        if room >= 8 {
            column = screen.compactLabel(label, room: labelRoom, style: labelStyle, ellipsis: content.charset.ellipsis, inMiddle: inMiddle)
        }
        if state.hasField, case .field = state.focus {
            // A multi-line field: the line that holds the cursor.
            let field = state.fields[state.current]
            let text = field.editor.text
            let line = Self.shown(state, content)[state.current].isMultiline
                ? text.lineStart(at: field.editor.cursor)..<text.lineEnd(at: field.editor.cursor) : 0..<text.count
            let drawn = drawText(&screen, field, Self.shown(state, content)[state.current], content, row: 0, column: column,
                                 width: max(room - column, 0), previous: scroll, graphemes: line)
            screen.cursor = Screen.Position(row: 0, column: drawn.cursor)
            return drawn.scroll
        }
        let focused = focusedButton(state)
        let order = Screen.bracketedButtons(area.geometry.buttonOrder, fitting: room - column, focused: focused, content: content)
        screen.bracketedButtons(order, row: 0, column: column, content: content, focused: focused)
        screen.cursor = nil  // the focused button is drawn in inverse
        return scroll
    }

    /// The lines under a field: an error (or a hint) on the left, the `n/N` counter and the
    /// countdown on the right.
    private static func drawStatus(_ screen: inout Screen, _ field: FieldState, _ content: AlertContent, countdown: Int?, row: Int,
                                   rows count: Int, column: Int, width: Int) {
        var room = width
        var right = field.counter ?? ""
        if let countdown { right += (right.isEmpty ? "" : " ") + content.countdown(countdown, room: width / 2) }
        if !right.isEmpty {
            let full = field.spec.validation.maximumLength.map { field.editor.text.count >= $0 } ?? false
            room = screen.drawRight(right, row: row, column: column, width: width, content: content, isError: full)
        }
        if !field.offers.choices.isEmpty {
            drawChoices(field.offers, content, on: &screen, row: row, column: column, width: room)
        } else if let line = field.status ?? field.hint.map({ StatusLine($0.text(content.charset), isError: false) }) {
            drawWrapped(line, content, on: &screen, from: row, rows: count, column: column, width: room)
        }
    }

    /// A path's choices on the line under the field, two spaces apart, the one taken in inverse:
    /// from the first, or from the one taken when it would not show.
    private static func drawChoices(_ offers: FieldOffers, _ content: AlertContent, on screen: inout Screen, row: Int,
                                    column: Int, width: Int) {
        let names = offers.choices.map { DisplayText.glyphs($0, charset: content.charset) }
        let chosen = offers.chosen ?? 0
        let upToChosen = names[...chosen].reduce(0) { $0 + DisplayText.width($1) + 2 } - 2
        var used = 0
        for index in (upToChosen > width ? chosen : 0)..<names.count {
            let room = width - used
            guard room > 0 else { break }
            let name = DisplayText.truncated(names[index], to: room, ellipsis: content.charset.ellipsis)
            screen.draw(name, row: row, column: column + used, style: Style(inverse: index == offers.chosen))
            used += DisplayText.width(name) + 2
        }
    }

    /// A status line's text wrapped over `count` rows from `row` on, the last row it reaches
    /// ending in `…` when it needs more.
    private static func drawWrapped(_ line: StatusLine, _ content: AlertContent, on screen: inout Screen, from row: Int, rows count: Int,
                                    column: Int, width: Int) {
        let ellipsis = content.charset.ellipsis
        let lines = Wrap.paragraph(DisplayText.glyphs(line.text, charset: content.charset), width: width)
        for (offset, var text) in lines.prefix(count).enumerated() {
            if offset == count - 1 && lines.count > count {
                text = DisplayText.truncated(text + [ellipsis, ellipsis], to: min(DisplayText.width(text) + 1, width),
                                             ellipsis: ellipsis)
            }
            screen.draw(text, row: row + offset, column: column, style: content.statusStyle(isError: line.isError))
        }
    }

    /// Draws the field into `width` columns from `column`: the text (masked in secure entry),
    /// or the placeholder while it is empty; `graphemes`, the part of the text the row shows (a
    /// multi-line field's line, in one line), else all of it. Returns the cursor's column and the
    /// scroll.
    private static func drawText(_ screen: inout Screen, _ state: FieldState, _ shown: FieldContent, _ content: AlertContent, row: Int,
                                 column: Int, width: Int, previous: Int, graphemes: Range<Int>? = nil) -> (cursor: Int, scroll: Int) {
        guard width > 0 else { return (column, 0) }
        screen.fill(row: row, columns: column..<(column + width), style: content.fieldBlankStyle)
        let editor = state.editor
        let text = editor.text
        if drawPlaceholder(&screen, state, shown, content, row: row, column: column, width: width) { return (column, 0) }
        guard let typed = typed(state, shown, content) else { return (column, 0) }
        let line = graphemes ?? 0..<text.count
        let first = line.lowerBound
        let start = first + FieldViewport.start(count: line.count, cursor: editor.cursor - first, previous: max(previous - first, 0),
                                                width: width) { typed(first + $0).width }
        var used = 0
        var cursorColumn = column
        var index = start
        while index < line.upperBound {
            let glyph = typed(index)
            if used + glyph.width > width { break }
            draw(glyph, of: text, at: index, on: &screen, row: row, column: column + used)
            used += glyph.width
            index += 1
            if index == editor.cursor { cursorColumn = column + used }
        }
        if editor.cursor == start { cursorColumn = column }
        // The rest of a suggestion, dim, after the text's end (where the cursor is).
        if index == line.upperBound, let rest = state.suggestion, used < width {
            let glyphs = DisplayText.truncated(DisplayText.glyphs(String(rest), charset: content.charset), to: width - used,
                                               ellipsis: content.charset.ellipsis)
            screen.draw(glyphs, row: row, column: column + used, style: content.suggestionStyle)
        }
        return (cursorColumn, start)
    }

    /// While the field is empty, its placeholder (the repeat label on the second entry), cut to
    /// `width`; whether it was.
    private static func drawPlaceholder(_ screen: inout Screen, _ state: FieldState, _ shown: FieldContent, _ content: AlertContent,
                                        row: Int, column: Int, width: Int) -> Bool {
        guard state.editor.text.isEmpty else { return false }
        let placeholder = state.isRepeating ? DisplayText.glyphs(state.placeholder, charset: content.charset) : shown.placeholder
        let hint = DisplayText.truncated(placeholder, to: width, ellipsis: content.charset.ellipsis)
        screen.draw(hint, row: row, column: column, style: content.placeholderStyle)
        return true
    }

    /// How each grapheme of the field's text is shown (the mask in secure entry); nil when
    /// nothing is (secure entry with no mask).
    private static func typed(_ state: FieldState, _ shown: FieldContent, _ content: AlertContent) -> ((Int) -> DisplayText.Typed)? {
        let secure = !state.showsText
        if secure && shown.mask == nil { return nil }
        let mask = shown.mask
        let charset = content.charset
        let text = state.editor.text
        // A grapheme of several scalars goes from the text into the screen as scalars: revealed
        // secure text never becomes a String.
        return { index in
            if secure { return .glyph(mask!) }
            // Printable ASCII, nearly all typing, needs no sanitising.
            let range = text.byteRange(of: index)
            if range.count == 1 {
                let byte = text.withBytes { $0[range.lowerBound] }
                if (0x20...0x7E).contains(byte) { return .glyph(Glyph(Unicode.Scalar(byte), width: 1)) }
            }
            return DisplayText.typed(text.scalars(of: index), charset: charset)
        }
    }

    /// Draws grapheme `index` of `text`, shown as `glyph`, at `row` and `column`.
    private static func draw(_ glyph: DisplayText.Typed, of text: TextBuffer, at index: Int, on screen: inout Screen, row: Int,
                             column: Int) {
        switch glyph {
        case let .glyph(glyph):
            screen.draw(CollectionOfOne(glyph), row: row, column: column)
        case let .compound(glyphWidth):
            screen.drawCompound(DisplayText.kept(text.scalars(of: index)), width: glyphWidth, row: row, column: column)
        }
    }

    // MARK: - A multi-line field

    /// How a multi-line field's text is cut into rows `width` columns wide, with the widths it is
    /// drawn with (nothing drawn: each line one row).
    static func textRows(_ state: FieldState, _ shown: FieldContent, _ content: AlertContent, width: Int) -> TextRows {
        let typed = typed(state, shown, content)
        return TextRows(text: state.editor.text, width: width) { typed?($0).width ?? 0 }
    }

    /// Each field as shown: made safe and measured (the countdown shows under the last).
    static func shown(_ state: PromptState, _ content: AlertContent) -> [FieldContent] {
        state.fields.indices.map { index in
            FieldContent(state.fields[index].spec, charset: content.charset,
                         countdown: content.timeout != nil && !content.chrome.countdownBar && index == state.fields.count - 1
                             ? content.countdownWidth : nil)
        }
    }

    /// The rows Up and Down move through in field `index` of the alert `frame` draws, when it is
    /// a multi-line field (in one line, its lines unwrapped).
    package static func textRows(of state: FieldState, at index: Int, in frame: Frame<FieldsView>) -> TextRows? {
        let content = frame.geometry.content
        let shown = FieldContent(state.spec, charset: content.charset, countdown: nil)
        guard shown.isMultiline else { return nil }
        return textRows(state, shown, content, width: frame.isCompact ? Int.max / 4 : frame.plan.width)
    }

    /// Draws a multi-line field in `rows` from `column`, `width` columns wide: its text wrapped,
    /// from the row that starts at `previous`'s row, moved as little as keeps the cursor in view
    /// (and no further down than fills the rows, when the text allows). Returns where the cursor
    /// is and the new top row's start.
    private static func drawRows(_ screen: inout Screen, _ state: FieldState, _ shown: FieldContent, _ content: AlertContent,
                                 rows: Range<Int>, column: Int, width: Int, previous: Int) -> (cursor: Screen.Position, top: Int) {
        let origin = Screen.Position(row: rows.lowerBound, column: column)
        guard width > 0, !rows.isEmpty else { return (origin, 0) }
        for row in rows { screen.fill(row: row, columns: column..<(column + width), style: content.fieldBlankStyle) }
        if drawPlaceholder(&screen, state, shown, content, row: rows.lowerBound, column: column, width: width) { return (origin, 0) }
        guard let typed = typed(state, shown, content) else { return (origin, 0) }
        let layout = TextRows(text: state.editor.text, width: width) { typed($0).width }
        let top = topRow(layout, cursor: state.editor.cursor, previous: previous, rows: rows.count)
        var cursor = origin
        var start: Int? = top
        for row in rows {
            guard let rowStart = start else { break }
            let shownRow = layout.row(from: rowStart)
            var used = 0
            for index in shownRow.start..<shownRow.end {
                if index == state.editor.cursor { cursor = Screen.Position(row: row, column: column + used) }
                let glyph = typed(index)
                draw(glyph, of: layout.text, at: index, on: &screen, row: row, column: column + used)
                used += glyph.width
            }
            if state.editor.cursor >= shownRow.end && state.editor.cursor <= shownRow.lastPosition(count: layout.text.count) {
                cursor = Screen.Position(row: row, column: column + min(used, width - 1))
            }
            start = shownRow.next
        }
        return (cursor, top)
    }

    /// The start of the top row shown: the row of `previous` (or the cursor's, when that is
    /// above it), moved down just enough for the cursor's row to be the last of `rows`, then up
    /// while the text ends before the rows do.
    static func topRow(_ layout: TextRows, cursor: Int, previous: Int, rows: Int) -> Int {
        var top = layout.rowStart(holding: min(max(previous, 0), cursor))
        let cursorRow = layout.rowStart(holding: cursor)
        var row = top
        var below = 0
        while row != cursorRow && below < rows, let next = layout.row(from: row).next {
            row = next
            below += 1
        }
        if below >= rows {
            top = cursorRow
            for _ in 1..<rows { top = layout.rowStart(before: top) ?? top }
        }
        var shown = 1
        row = top
        while shown < rows, let next = layout.row(from: row).next {
            row = next
            shown += 1
        }
        while shown < rows, let before = layout.rowStart(before: top) {
            top = before
            shown += 1
        }
        return top
    }
}
