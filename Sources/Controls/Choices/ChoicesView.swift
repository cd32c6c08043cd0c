import AskLayout
import AskModel
import AskText

/// A list of choices in the frame — the action sheet's control:
///
///     │              Title               │   (the frame's)
///     │ ban                 1–10 of 57 … │   the query (or how to filter), above the divider
///     ├──────────────────────────────────┤
///     │   ! Delete all                   │   a destructive choice: its sign, first
///     │ › Banana                         │   the highlight: one inverse bar; typed characters in bold
///     │   [x] Bandana                    │   with --multiple, the marks
///
/// The box is as wide as its widest label needs (measured as the labels arrive, each once:
/// `LabelWidths`, kept in the view state), never narrowing while the sheet is open, within the
/// screen and the alert's widest. The list takes as many rows as it has choices, up to the rows
/// the terminal has below the cursor once it has said where the cursor is (`roomBelow`), or half
/// the screen where that is more (at least ten rows, when the terminal has them): the whole
/// screen only when the list needs it and the cursor is at the top. A longer one scrolls. The
/// query's row shows once the list is long, still arriving, or filtered, or a countdown runs;
/// it says which rows show of how many, and ends in "loading" while the list arrives. Under the
/// list, the frame's error line says why Return was refused (`--required`). In one line: the
/// title, the highlighted choice and where it is.
package enum ChoicesView: ControlView {
    /// The list's rows at one size.
    package struct Plan: Equatable, Sendable {
        /// The rows the list has, and the most it could have at this size.
        package var listRows = 1
        var capacity = 1
        var showsQuery = false
        /// The first choices are the destructive ones.
        var destructiveCount = 0
        /// With `SheetSpec.tagColumns`: the widest tag's columns (`tagWidth`).
        var tagWidth: Int?
        /// The rows under the list for the highlighted choice's description.
        var descriptionRows = 0
    }

    /// The rows under the list for the highlighted choice's description, once any choice has
    /// one: a description is wrapped to them, and cut with an ellipsis past the last. In `ask`'s
    /// own lists, without `--wrap`, they are there too once a label may be longer than its row
    /// (by its bytes, `ChoiceList.longestLabel`): a highlighted label cut in its row shows whole
    /// in them. `inner`: the box's columns inside its padding.
    static func descriptionRows(_ state: SheetState, inner: Int) -> Int {
        let labelsMayBeCut = state.sheet.typing.filters && !state.sheet.wrapsLabels && state.list.longestLabel > inner + 4 - around(state)
        return state.list.hasDescriptions || labelsMayBeCut ? 2 : 0
    }

    /// Lists at least this long always show the query's row.
    static let shortList = 9
    /// The fewest rows the list gets before the message gives way, and before the sheet
    /// becomes one line.
    static let fewestRows = 3

    /// Whether the query's row shows: always, saying that typing filters (and in a checklist,
    /// that Space marks) until something is typed, as fzf and gum show their prompt; in a
    /// personality's list (whiptail's and dialog's look) only when the list is long, still
    /// arriving or filtered, or a countdown runs there.
    static func wantsQuery(_ state: SheetState, countdown: Bool) -> Bool {
        !state.chrome.leadsWithOK || state.list.count > shortList || state.isLoading || !state.query.isEmpty || countdown
    }

    /// The widest label read with what goes before it (the pointer, a mark, a digit while there
    /// are at most nine) and after; labels the box has room for already are not measured.
    package static func naturalWidth(_ state: SheetState, _ content: AlertContent, fixed: Int, view: inout SheetView) -> Int {
        let room = wantedWidth(fixed: fixed, labels: view.labels, state: state) - around(state)
        view.labels.measure(state.list, charset: content.charset, beyond: room, tagWidth: tagWidth(state, charset: content.charset))
        // The hint and the reasons a checklist's bounds give, in the person's language, shown
        // whole where the screen allows.
        let words = [hint(state.sheet)] + (state.sheet.boundsMarks ? SheetState.boundsWords(state.sheet) : [])
        let wordsWidth = words.map { DisplayText.width(DisplayText.glyphs($0, charset: content.charset)) + 4 }.max() ?? 0
        return max(view.labels.widest + around(state), wordsWidth)
    }

    /// What the query's row says while nothing is typed: Space marks, typing filters (a
    /// personality's list, where typing jumps to a tag, says nothing of it).
    static func hint(_ sheet: SheetSpec) -> String {
        let filters = sheet.typing.filters
        return sheet.allowsMultiple ? (filters ? tr("Space marks, type to filter") : tr("Space marks")) : filters ? tr("Type to filter") : ""
    }

    package static func narrowest(_ view: SheetView) -> Int { view.labels.box }
    package static func chose(width: Int, view: inout SheetView) { view.labels.box = width }

    /// The box's width the content wants, before the screen's limit; no narrower than it was.
    static func wantedWidth(fixed: Int, labels: LabelWidths, state: SheetState) -> Int {
        let natural = max(fixed, labels.widest + around(state), Frame<ChoicesView>.minimumWidth)
        return max(min(natural, Frame<ChoicesView>.maximumWidth), labels.box)
    }

    /// The columns of a choice's row that are not its label: the borders and the padding, the
    /// pointer, a mark, a digit while there are at most nine.
    static func around(_ state: SheetState) -> Int {
        7 + (state.sheet.allowsMultiple ? 4 : 0) + (state.sheet.typing.filters && state.list.count <= 9 ? 2 : 0)
            + (state.sheet.choices.contains { $0.isDestructive } ? AlertContent.destructiveSign.count : 0)
    }

    /// The query's row above a divider; the fewest rows of the list; an error line under it
    /// when `--required`, `--min` or `--limit` can refuse, or the choices have help to show.
    package static func rows(_ state: SheetState, _ content: AlertContent, inner: Int) -> ControlRows {
        let sheet = state.sheet
        return ControlRows(heading: wantsQuery(state, countdown: content.timeout != nil) ? 1 : 0, separator: .divider,
                           fewest: min(max(state.list.count, 1), fewestRows) + descriptionRows(state, inner: inner),
                           errorLine: sheet.boundsMarks || !sheet.itemHelp.isEmpty, showsCountdown: true)
    }

    /// Up to half the screen, at least ten rows when there are that many; more when there are
    /// more below the cursor.
    package static func plan(_ state: SheetState, _ space: PlanSpace) -> (extra: Int, plan: Plan) {
        let (content, rows, room, used, available, roomBelow) = (space.content, space.rows, space.room, space.used, space.available, space.roomBelow)
        let fewest = rows.fewest
        let chrome = used - fewest
        let belowCursor = roomBelow.map { min($0 - chrome, room + fewest) } ?? 0
        let descriptionRows = descriptionRows(state, inner: space.inner)
        let capacity = max(fewest + max(min(room, max(10, available / 2 - chrome) - fewest), 0), belowCursor) - descriptionRows
        let listRows = min(wantedRows(state, inner: space.inner), capacity)
        let plan = Plan(listRows: listRows, capacity: capacity, showsQuery: rows.heading > 0,
                        destructiveCount: state.sheet.choices.count(where: { $0.isDestructive }),
                        tagWidth: tagWidth(state, charset: content.charset), descriptionRows: descriptionRows)
        return (listRows + descriptionRows - fewest, plan)
    }

    /// A row for each choice (at least one), and with `--allow-other` one more for the typed text;
    /// with `--wrap`, the rows the first choices' labels wrap to, in `inner` columns (as far as
    /// the screen could show them: a long list scrolls).
    static func wantedRows(_ state: SheetState, inner: Int) -> Int {
        var rows = state.list.count
        let room = inner + 5 - around(state)
        if state.sheet.wrapsLabels && room > 0 {
            state.list.forEachLabel(in: 0..<min(state.list.count, wrappedAhead)) { label in
                let columns = DisplayText.width(Self.label(label, matches: [], charset: .utf8, columns: room * wrapRows).0)
                rows += min((columns - 1) / room, wrapRows - 1)
            }
        }
        return max(rows + (state.sheet.allowsOther ? 1 : 0), 1)
    }

    /// With `--wrap`, how many labels are measured for the rows the list wants.
    static let wrappedAhead = 200

    package static func compactPlan(_ state: SheetState, _ content: AlertContent, width: Int, available: Int) -> (rows: Int, plan: Plan) {
        (0, Plan(destructiveCount: state.sheet.choices.count(where: { $0.isDestructive }), tagWidth: tagWidth(state, charset: content.charset)))
    }

    /// Not when the list grew into more rows, the query's row is wanted or not, or a label read
    /// since is wider than the box.
    package static func fits(_ state: SheetState, _ frame: FrameGeometry, _ plan: Plan, view: inout SheetView) -> Bool {
        if frame.isCompact { return true }
        let rowsFit = min(wantedRows(state, inner: frame.width - 4), plan.capacity) == plan.listRows
            && wantsQuery(state, countdown: frame.content.timeout != nil) == plan.showsQuery
            && descriptionRows(state, inner: frame.width - 4) == plan.descriptionRows
        guard let fixed = frame.fixedWidth else { return rowsFit }
        let room = wantedWidth(fixed: fixed, labels: view.labels, state: state) - around(state)
        view.labels.measure(state.list, charset: frame.content.charset, beyond: room)
        let wanted = wantedWidth(fixed: fixed, labels: view.labels, state: state)
        return rowsFit && min(wanted, max(Frame<ChoicesView>.held(frame.size.columns) - 1, 0)) == frame.width
    }

    package static func focusedButton(_ state: SheetState) -> ButtonRole? {
        switch state.focus {
        case .list, .message: return nil
        case let .button(role): return role
        }
    }

    package static func messageHasFocus(_ state: SheetState) -> Bool { state.focus == .message }

    /// Why Return was refused; else the highlighted choice's help (`SheetSpec.itemHelp`).
    package static func errorLine(_ state: SheetState) -> StatusLine? {
        if let status = state.status { return status }
        let help = state.sheet.itemHelp
        guard !help.isEmpty, state.highlight < state.shownCount, state.choice(at: state.highlight) < help.count else { return nil }
        let line = help[state.choice(at: state.highlight)]
        return line.isEmpty ? nil : StatusLine(line, isError: false)
    }

    /// The query's row and the choices that show; the list scrolls from where it was, as little
    /// as keeps the highlight in view.
    ///
    /// With the focus on the list, the terminal's cursor is the query's caret, where typing
    /// goes (as in fzf and gum): at the start of the hint while nothing is typed. The highlight
    /// is drawn by its bar, and a cursor on it would punch a hole in it; without a query row (a
    /// personality's short list), or where typing does not filter (a personality's list), the
    /// cursor is hidden. With the focus on a button it is hidden too (the button is drawn in
    /// inverse). A screen reader is served by plain mode (`--accessible`), which says the
    /// highlighted choice in words.
    package static func draw(_ state: SheetState, into screen: inout Screen, _ area: ControlArea<Plan>, view: inout SheetView,
                             countdown: Int?) {
        let listRows = area.plan.listRows
        let rows = state.rowCount
        var top = min(max(view.top, state.highlight - listRows + 1), state.highlight)
        top = max(min(top, rows - listRows), 0)
        if state.sheet.wrapsLabels && state.highlight < state.shownCount {
            // Wrapped labels take rows of their own: as little scrolled as keeps the highlighted one whole.
            top = min(view.top, state.highlight)
            var used = (top...state.highlight).reduce(0) { $0 + ($1 < state.shownCount ? rowsOf(state, area, index: state.choice(at: $1)) : 1) }
            while used > listRows && top < state.highlight {
                used -= rowsOf(state, area, index: state.choice(at: top))
                top += 1
            }
        }
        view.top = top
        let insertion = area.heading.first.map { drawQuery(&screen, state, area, top: top, row: $0, countdown: countdown) }
        let query = state.filter.query
        let listTop = area.body.lowerBound
        var offset = 0
        var position = top
        var cut = false
        while offset < listRows && position < rows {
            let highlighted = position == state.highlight && (state.focus == .list || state.sheet.buttonsHoldFocus)
            if position == state.shownCount {
                drawOther(&screen, state, area, row: listTop + offset, highlighted: highlighted)
                offset += 1
            } else {
                let drawn = drawChoice(&screen, state, area, index: state.choice(at: position), row: listTop + offset,
                                       rows: listRows - offset, highlighted: highlighted, query: query)
                offset += drawn.rows
                if position == state.highlight { cut = drawn.cut }
            }
            position += 1
        }
        drawDescription(&screen, state, area, row: listTop + listRows, labelCut: cut)
        screen.cursor = state.focus == .list && state.sheet.typing.filters ? insertion : nil
    }

    /// The highlighted choice's description from `row` on, wrapped (as dialog shows an item's
    /// help, in the status's colours), cut with an ellipsis past its rows; when its label was
    /// cut in its row, the whole label first, so that it can be read.
    private static func drawDescription(_ screen: inout Screen, _ state: SheetState, _ area: ControlArea<Plan>, row: Int, labelCut: Bool) {
        let rows = area.plan.descriptionRows
        let room = area.width - 4
        guard rows > 0, room > 0, let index = state.highlighted else { return }
        let charset = area.content.charset
        let glyphs = state.list.withDescription(at: index) { DisplayText.glyphs(String(decoding: $0, as: UTF8.self), charset: charset) }
        var wrapped = Wrap.paragraph(glyphs, width: room)
        if glyphs.isEmpty { wrapped = [] }
        if labelCut {
            let whole = state.list.withLabel(at: index) { Self.label($0, matches: [], charset: charset, columns: room * rows).0 }
            wrapped = Wrap.rows(whole, width: room).map { Array(whole[$0]) } + wrapped
        }
        let style = area.content.statusStyle(isError: false)
        for (offset, line) in wrapped.prefix(rows).enumerated() {
            let cut = offset == rows - 1 && wrapped.count > rows
            let shown = cut ? DisplayText.truncated(line + [Glyph.space, charset.ellipsis], to: room, ellipsis: charset.ellipsis) : line
            screen.draw(shown, row: row + offset, column: 2, style: style)
        }
    }

    /// `--allow-other`: the typed text offered as the answer, "Use ‘text’".
    static func otherLabel(_ state: SheetState, charset: Charset) -> [Glyph] {
        let (open, close) = charset.isUTF8 ? ("‘", "’") : ("'", "'")
        return DisplayText.glyphs(tr("Use %s", open + String(decoding: state.queryBytes, as: UTF8.self) + close), charset: charset)
    }

    /// The row offering the typed text: drawn as a choice is, in the terminal's own colours.
    private static func drawOther(_ screen: inout Screen, _ state: SheetState, _ area: ControlArea<Plan>, row: Int,
                                  highlighted: Bool) {
        let charset = area.content.charset
        let style = highlighted ? barStyle(destructive: false, area.content) : Style()
        if highlighted { drawBar(&screen, row: row, width: area.width, style: style, charset: charset) }
        let room = area.width - 6
        guard room > 0 else { return }
        screen.draw(DisplayText.truncated(otherLabel(state, charset: charset), to: room, ellipsis: charset.ellipsis), row: row, column: 4,
                    style: style)
    }

    /// With `SheetSpec.tagColumns`, the widest tag's columns as drawn (the part of a label before
    /// its TAB); nil otherwise. Such lists are given whole on the command line.
    package static func tagWidth(_ state: SheetState, charset: Charset) -> Int? {
        guard state.sheet.tagColumns else { return nil }
        var widest = 0
        state.list.forEachLabel(in: 0..<state.list.count) { label in
            let tag = label.firstIndex(of: 0x09).map { UnsafeRawBufferPointer(rebasing: label[..<$0]) } ?? label
            widest = max(widest, DisplayText.width(Self.label(tag, matches: [], charset: charset, columns: LabelWidths.limit).0))
        }
        return widest
    }

    /// A checklist's mark for choice `index` (`[x]`), or a radio list's (`(*)`).
    static func mark(_ state: SheetState, _ index: Int) -> String {
        let marked = state.isMarked(index)
        return state.sheet.marksOne ? (marked ? "(*) " : "( ) ") : (marked ? "[x] " : "[ ] ")
    }

    /// The column a choice's label begins at: after the pointer, its mark, its digit, the sign
    /// of a destructive choice (when there is room for it).
    static func labelColumn(_ state: SheetState, _ area: ControlArea<Plan>, index: Int) -> Int {
        var column = 4 + (state.sheet.allowsMultiple ? 4 : 0) + (state.digitsChoose ? String(index + 1).count + 1 : 0)
        if index < area.plan.destructiveCount && area.width - 2 - column >= AlertContent.destructiveSign.count {
            column += AlertContent.destructiveSign.count
        }
        return column
    }

    /// The rows choice `index` takes: one, or with `--wrap` as many as its label wraps to (at
    /// most `wrapRows`).
    static func rowsOf(_ state: SheetState, _ area: ControlArea<Plan>, index: Int) -> Int {
        guard state.sheet.wrapsLabels else { return 1 }
        let room = area.width - 2 - labelColumn(state, area, index: index)
        guard room > 0 else { return 1 }
        let glyphs = state.list.withLabel(at: index) { label($0, matches: [], charset: area.content.charset, columns: room * wrapRows) }.0
        return min(max(Wrap.rows(glyphs, width: room).count, 1), wrapRows)
    }

    /// The most rows one choice wraps to with `--wrap` (its last cut with an ellipsis).
    static let wrapRows = 8

    /// One choice from `row`, on at most `rows` rows: the pointer, its mark, its digit, its
    /// label with the characters the query matched in bold. A highlighted row is one bar, the
    /// same colours from its first cell to its last: what stands out in it does so by bold and
    /// underline, never a colour. A label too long for its row is cut: a path in the middle,
    /// keeping its name (`fitted`), anything else at its end; with `--wrap` it goes on in the
    /// rows below. Returns the rows it took, and whether its label was cut.
    private static func drawChoice(_ screen: inout Screen, _ state: SheetState, _ area: ControlArea<Plan>, index: Int, row: Int,
                                   rows: Int = 1, highlighted: Bool, query: [UInt8]) -> (rows: Int, cut: Bool) {
        let content = area.content
        let width = area.width
        let charset = content.charset
        let destructive = index < area.plan.destructiveCount
        let usesColor = content.usesColor
        // The row's own colours: the bar's when highlighted, else the terminal's.
        let rowStyle = highlighted ? barStyle(destructive: destructive, content) : Style()
        var base = rowStyle
        if destructive && !usesColor { base.underline = true }
        let matched = content.matchStyle(on: rowStyle)
        if highlighted { drawBar(&screen, row: row, width: width, style: rowStyle, charset: charset) }
        var column = 4
        if state.sheet.allowsMultiple {
            let mark = Self.mark(state, index)
            column = screen.draw(DisplayText.glyphs(mark, charset: charset), row: row, column: column, style: rowStyle)
        }
        if state.digitsChoose {
            let number = highlighted ? rowStyle : Style(dim: !usesColor)
            column = screen.draw(DisplayText.glyphs("\(index + 1) ", charset: charset), row: row, column: column, style: number)
        }
        if destructive && width - 2 - column >= AlertContent.destructiveSign.count {
            column = screen.draw(AlertContent.destructiveSign, row: row, column: column, style: content.signStyle(on: rowStyle))
        }
        let room = width - 2 - column
        guard room > 0 else { return (1, false) }
        let wraps = state.sheet.wrapsLabels && rows > 1
        let (glyphs, emphasis) = state.list.withLabel(at: index) { label in
            Self.label(label, matches: query.isEmpty ? [] : state.filter.matchedBytes(in: label), charset: charset,
                       columns: wraps ? room * rows : room, tagWidth: area.plan.tagWidth)
        }
        // Each row's glyphs, with the place in `glyphs` each came from (nil: the ellipsis).
        var lines: [[(glyph: Glyph, from: Int?)]]
        if wraps {
            let spans = Wrap.rows(glyphs, width: room)
            lines = spans.prefix(rows).map { span in span.map { (glyphs[$0], $0) } }
            if spans.count > rows, let last = lines.indices.last {
                let kept = DisplayText.truncated(lines[last].map { $0.glyph } + [charset.ellipsis, charset.ellipsis], to: room, ellipsis: charset.ellipsis)
                lines[last] = kept.enumerated().map { ($0.element, $0.offset < kept.count - 1 ? lines[last][$0.offset].from : nil) }
            }
        } else {
            // (a label so long that only its start was made glyphs is cut at its end: its name was never read)
            let whole = state.list.withLabel(at: index) { $0.count } <= 16 * room + 64
            lines = [fitted(glyphs, to: room, path: whole && area.plan.tagWidth == nil && isPath(glyphs), ellipsis: charset.ellipsis)]
        }
        // --ansi: each glyph in the style its sequences left it in (on the bar, bold and underline only).
        let reach = (lines.flatMap { $0.compactMap { $0.from } }.max() ?? -1) + 1
        let styles = area.plan.tagWidth != nil ? [] : state.list.withStyles(at: index) { records in
            state.list.withLabel(at: index) { glyphStyles($0, records, charset: charset, count: reach) }
        }
        for (offset, line) in lines.enumerated() {
            if offset > 0 && highlighted { drawBar(&screen, row: row + offset, width: width, style: rowStyle, charset: charset, pointer: false) }
            var at = column
            for (glyph, from) in line {
                var style = from.map { $0 < emphasis.count && emphasis[$0] } == true ? matched : base
                if let from, from < styles.count { style = styled(style, styles[from], colours: usesColor && !highlighted) }
                at = screen.draw(CollectionOfOne(glyph), row: row + offset, column: at, style: style)
            }
        }
        let shown = lines.reduce(0) { $0 + $1.count(where: { $0.from != nil }) }
        return (lines.count, shown < glyphs.count)
    }

    /// Whether a label reads as a path: a `/` with a name after it.
    package static func isPath(_ glyphs: [Glyph]) -> Bool {
        guard let slash = glyphs.lastIndex(where: { $0.text == "/" }) else { return false }
        return slash < glyphs.count - 1
    }

    /// `glyphs` in `room` columns, with the place each came from (nil: the ellipsis): whole when
    /// they fit; else a path cut in the middle — its start, `…`, then its end from a `/` on: the
    /// name (the last component) and as many of the directories before it, whole, as leave six
    /// columns to the start (a quarter of the room, when less; a name too long for the room keeps its end) — and
    /// anything else cut at its end. Paths that differ at their ends stay told apart.
    package static func fitted(_ glyphs: [Glyph], to room: Int, path: Bool, ellipsis: Glyph) -> [(glyph: Glyph, from: Int?)] {
        guard DisplayText.width(glyphs) > room else { return glyphs.enumerated().map { ($0.element, $0.offset) } }
        guard path, room > ellipsis.width, let slash = glyphs.lastIndex(where: { $0.text == "/" }) else {
            let kept = DisplayText.truncated(glyphs, to: room, ellipsis: ellipsis)
            return kept.enumerated().map { ($0.element, $0.offset < kept.count - 1 ? $0.offset : nil) }
        }
        // The end kept: the name and its slash (or as much of the name's end as fits), then whole
        // directories before it while six columns (or a quarter of the room) are left for the start.
        var tailStart = glyphs.count
        var used = ellipsis.width
        while tailStart > slash && used + glyphs[tailStart - 1].width <= room {
            used += glyphs[tailStart - 1].width
            tailStart -= 1
        }
        while tailStart == slash, let before = glyphs[..<tailStart].lastIndex(where: { $0.text == "/" }) {
            let more = DisplayText.width(glyphs[before..<tailStart])
            guard used + more <= room - min(room / 4, 6) else { break }
            used += more
            tailStart = before
        }
        var headEnd = 0
        while headEnd < tailStart && used + glyphs[headEnd].width <= room {
            used += glyphs[headEnd].width
            headEnd += 1
        }
        return (0..<headEnd).map { (glyphs[$0], $0) } + [(ellipsis, nil)] + (tailStart..<glyphs.count).map { (glyphs[$0], $0) }
    }

    /// The style of each of a label's first `count` glyphs under its SGR records (`--ansi`),
    /// as `label` makes the glyphs; none when it has no records.
    static func glyphStyles(_ bytes: UnsafeRawBufferPointer, _ records: UnsafeRawBufferPointer, charset: Charset,
                            count: Int) -> [TextStyle] {
        guard !records.isEmpty else { return [] }
        var places: [(place: Int, parameters: UnsafeRawBufferPointer)] = []
        LineStyles.forEach(in: records) { places.append(($0, $1)) }
        let text = String(decoding: bytes.prefix(16 * count + 64), as: UTF8.self)
        var styles: [TextStyle] = []
        var current = TextStyle()
        var next = 0
        var offset = 0
        for character in text {
            while next < places.count && places[next].place <= offset {
                current.apply(places[next].parameters)
                next += 1
            }
            let shown = DisplayText.glyphs(String(character), charset: charset).count
            styles += Array(repeating: current, count: shown)
            guard styles.count < count else { break }
            offset += character.utf8.count
        }
        return styles
    }

    /// `style` with what a label's own style adds: bold, dim, underline, inverse, and (where
    /// `colours`) its colours, brought to those a screen keeps.
    static func styled(_ style: Style, _ own: TextStyle, colours: Bool) -> Style {
        var style = style
        style.bold = style.bold || own.bold
        style.underline = style.underline || own.underline || own.italic
        guard colours else { return style }
        style.dim = style.dim || own.dim
        style.inverse = style.inverse || own.inverse
        style.foreground = own.foreground.flatMap(screenColour) ?? style.foreground
        style.background = own.background.flatMap(screenColour) ?? style.background
        return style
    }

    /// A line's colour as the screen keeps it: black and white (the terminal's own text and
    /// background, whichever the theme) left to the terminal, every other of the 256 as given.
    static func screenColour(_ number: UInt8) -> Style.Color? {
        number == 0 || number == 7 ? nil : Style.Color(number)
    }

    /// The highlight: one bar in `style` across the row, the pointer in bold at its start (on a
    /// wrapped label's first row only).
    private static func drawBar(_ screen: inout Screen, row: Int, width: Int, style: Style, charset: Charset, pointer drawn: Bool = true) {
        screen.fill(row: row, columns: 1..<(width - 1), style: style)
        guard drawn else { return }
        var pointer = style
        pointer.bold = true
        screen.fill(row: row, columns: 2..<3, with: charset.isUTF8 ? "›" : ">", style: pointer)
    }

    /// The highlighted row's colours: inverse video, the terminal's own colours swapped; for a
    /// destructive choice, bright white on red whatever the terminal's theme (5.9:1 on xterm's
    /// palette, where red in inverse on a dark theme is black on red, 3.6:1). Without colour,
    /// inverse (the label underlined, as destructive). `AlertContent.highlightStyle`.
    private static func barStyle(destructive: Bool, _ content: AlertContent) -> Style {
        content.highlightStyle(destructive: destructive)
    }

    /// A label's glyphs (invalid UTF-8 shown as U+FFFD), and for each whether the query matched
    /// any of its bytes. `columns`: only so many are shown — a long label is made glyphs only as
    /// far as a little past them (a line of a megabyte costs what a row shows, not its length).
    /// `tagWidth`: the label is a tag, a TAB and its item (`SheetSpec.tagColumns`), drawn as two
    /// columns: the tag, spaces to `tagWidth` and two more, the item.
    package static func label(_ bytes: UnsafeRawBufferPointer, matches: [Int], charset: Charset,
                              columns: Int = .max, tagWidth: Int?) -> ([Glyph], [Bool]) {
        guard let tagWidth, let tab = bytes.firstIndex(of: 0x09) else {
            return label(bytes, matches: matches, charset: charset, columns: columns)
        }
        let tag = label(UnsafeRawBufferPointer(rebasing: bytes[..<tab]), matches: matches, charset: charset, columns: columns)
        let item = label(UnsafeRawBufferPointer(rebasing: bytes[(tab + 1)...]), matches: matches.map { $0 - tab - 1 },
                         charset: charset, columns: columns)
        let gap = max(tagWidth - DisplayText.width(tag.0), 0) + 2
        return (tag.0 + Array(repeating: Glyph.space, count: gap) + item.0, tag.1 + Array(repeating: false, count: gap) + item.1)
    }

    package static func label(_ bytes: UnsafeRawBufferPointer, matches: [Int], charset: Charset,
                              columns: Int = .max) -> ([Glyph], [Bool]) {
        let prefix = columns < Int.max / 32 ? 16 * columns + 64 : Int.max
        if bytes.count > prefix {
            // Cut before a scalar's first byte; the glyphs past `columns` are never shown.
            var cut = prefix
            while cut > 0 && bytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            let shown = label(UnsafeRawBufferPointer(rebasing: bytes[..<cut]), matches: matches, charset: charset)
            if DisplayText.width(shown.0) > columns { return shown }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        // Offsets are those of the bytes read only while the text is valid UTF-8 (a repair
        // changes them): then nothing is emphasised.
        let offsetsHold = text.utf8.count == bytes.count
        var glyphs: [Glyph] = []
        var emphasis: [Bool] = []
        var offset = 0
        var next = 0
        for character in text {
            let end = offset + character.utf8.count
            var hit = false
            if offsetsHold {
                while next < matches.count && matches[next] < end {
                    if matches[next] >= offset { hit = true }
                    next += 1
                }
            }
            let shown = DisplayText.glyphs(String(character), charset: charset)
            glyphs += shown
            emphasis += Array(repeating: hit, count: shown.count)
            offset = end
        }
        return (glyphs, emphasis)
    }

    /// The query's row: what was typed (its end, when long), or how to filter (and in a
    /// checklist, to mark); at the right, which choices show of how many, and the countdown.
    /// Returns where the query's insertion point is.
    private static func drawQuery(_ screen: inout Screen, _ state: SheetState, _ area: ControlArea<Plan>, top: Int, row: Int,
                                  countdown: Int?) -> Screen.Position {
        let content = area.content
        let width = area.width
        let charset = content.charset
        var right = Self.position(first: top, rows: area.plan.listRows, shown: state.shownCount, total: state.list.count,
                                  filtered: !state.query.isEmpty, loading: state.isLoading, full: state.list.isFull)
        if let countdown { right += (right.isEmpty ? "" : " ") + content.countdown(countdown, room: width / 3) }
        let counter = DisplayText.glyphs(right, charset: charset)
        let counterWidth = DisplayText.width(counter)
        var room = width - 4
        // Typed text keeps a few columns; the hint gives way to the counter.
        if counterWidth + (state.query.isEmpty ? 0 : 4) < room {
            screen.draw(counter, row: row, column: width - 2 - counterWidth, style: content.statusStyle(isError: false))
            room -= counterWidth + 1
        }
        if state.query.isEmpty {
            let hint = DisplayText.glyphs(Self.hint(state.sheet), charset: charset)
            if room > 1 {
                screen.draw(DisplayText.truncated(hint, to: room, ellipsis: charset.ellipsis), row: row, column: 2,
                            style: content.statusStyle(isError: false))
            }
            return Screen.Position(row: row, column: 2)
        }
        let text = state.query.text
        let cursor = state.query.cursor
        func glyph(_ index: Int) -> Glyph { DisplayText.glyph(ofTyped: text.scalars(of: index), charset: charset) }
        // The end of a long query shows, where typing goes, unless the insertion point is before it:
        // only the graphemes the row can show are made glyphs (a pasted megabyte costs a row).
        var fitting = text.count
        var used = 0
        while fitting > 0 {
            used += glyph(fitting - 1).width
            guard used <= room - 1 else { break }
            fitting -= 1
        }
        let dropped = min(fitting, cursor)
        var typed: [Glyph] = []
        used = 0
        for index in dropped..<text.count where used <= room {
            typed.append(glyph(index))
            used += typed[typed.count - 1].width
        }
        screen.draw(typed, row: row, column: 2, limit: 2 + room)
        let column = 2 + DisplayText.width(typed.prefix(cursor - dropped))
        return Screen.Position(row: row, column: min(column, max(width - 2, 0)))
    }

    /// "12–24 of 1,000": the rows shown of how many; filtered, the matches of the whole list,
    /// "12–24 of 43/1,000", or "3/1,000" when the matches all show; nothing when the whole list
    /// shows; ", loading" while it arrives, ", list full" once it has reached its limits and
    /// reads no more.
    package static func position(first: Int, rows: Int, shown: Int, total: Int, filtered: Bool, loading: Bool,
                                 full: Bool = false) -> String {
        // One form whatever the state: the rows shown when they are not all ("1–19 of"), then
        // how many are listed, as matches of the whole list when filtered ("43/1,619").
        let count = filtered ? "\(grouped(shown))/\(grouped(total))" : grouped(shown)
        var text = shown > rows ? tr("%s–%s of %s", grouped(first + 1), grouped(min(first + rows, shown)), count)
            : filtered ? count : ""
        if loading || full {
            let marker = loading ? tr("loading") : tr("list full")
            text += text.isEmpty ? marker : ", " + marker
        }
        return text
    }

    /// `1234567` as `1,234,567`, or as the person's language groups it (`1.234.567`).
    package static func grouped(_ number: Int) -> String { Words.grouped(number) }

    /// One line: the title (or the message), then the highlighted choice, the buttons while one
    /// has the focus, and where the choice is.
    package static func drawCompact(_ state: SheetState, into screen: inout Screen, _ area: ControlArea<Plan>, view: inout SheetView,
                                    countdown: Int?) {
        let content = area.content
        let width = area.width
        let charset = content.charset
        var column = 0
        let label = content.title.isEmpty ? content.messageLine : content.title
        if width >= 16 { column = screen.compactLabel(label, room: width / 3, style: content.titleStyle, ellipsis: charset.ellipsis) }
        var right = state.shownCount > 0 ? "\(state.highlight + 1)/\(state.shownCount)" : "0/0"
        if let countdown { right += " " + content.countdown(countdown, room: width / 4) }
        let counter = DisplayText.glyphs(right, charset: charset)
        let focused = focusedButton(state)
        let buttons = focused == nil ? []
            : Screen.bracketedButtons(area.geometry.buttonOrder, fitting: width - column, focused: focused, content: content)
        let buttonsWidth = Screen.bracketedWidth(buttons, content: content)
        var end = width
        if width - DisplayText.width(counter) - buttonsWidth > column + 4 {
            end = screen.compactRight(counter, end: width, style: content.statusStyle(isError: false))
        }
        // The cursor is hidden: the choice and a focused button are drawn in inverse.
        screen.cursor = nil
        if !buttons.isEmpty {
            end = max(column, end - buttonsWidth)
            screen.bracketedButtons(buttons, row: 0, column: end, content: content, focused: focused)
        }
        if state.highlightsOther, end - 1 > column {
            screen.draw(DisplayText.truncated(otherLabel(state, charset: charset), to: end - 1 - column, ellipsis: charset.ellipsis),
                        row: 0, column: column, style: Style(inverse: state.focus == .list))
            return
        }
        guard state.highlight < state.shownCount, end - 1 > column else { return }
        let index = state.choice(at: state.highlight)
        let glyphs = state.list.withLabel(at: index) {
            Self.label($0, matches: [], charset: charset, columns: end - 1 - column, tagWidth: area.plan.tagWidth).0
        }
        let mark = DisplayText.glyphs(state.sheet.allowsMultiple ? Self.mark(state, index) : "", charset: charset)
        let sign = state.isDestructive(index) ? AlertContent.destructiveSign : []
        screen.draw(DisplayText.truncated(mark + sign + glyphs, to: end - 1 - column, ellipsis: charset.ellipsis),
                    row: 0, column: column, style: Style(inverse: state.focus == .list))
    }
}

/// What the action sheet keeps of its view from frame to frame.
package struct SheetView: Sendable {
    /// The first choice shown (its place among those that match).
    package var top = 0
    /// The labels measured so far: the box is as wide as the widest.
    package var labels = LabelWidths()

    package init(top: Int = 0, labels: LabelWidths = LabelWidths()) {
        self.top = top
        self.labels = labels
    }
}

/// How wide the labels of a sheet's list are, measured as they arrive, each at most once:
/// the widest so far, and the widest box the sheet has had.
///
/// A million lines must cost little, so a label is looked at only when it could be wider than
/// the widest: first by its length (no glyph is wider than two columns a byte: a control, shown
/// as `^X`), then by a walk over its bytes that counts the columns each scalar can take at most
/// (printable ASCII one, a control two, a scalar of two bytes one, of three or four two, a byte
/// that is not valid UTF-8 one, as its U+FFFD); only a label with more than ASCII that could
/// still be wider is measured as it is drawn.
package struct LabelWidths: Sendable {
    /// The choices measured so far.
    package private(set) var measured = 0
    /// The widest label's columns, as drawn (of those wider than the room the box had).
    package private(set) var widest = 0
    /// The widest box the sheet has had, before the screen's limit: it never narrows while open.
    var box = 0

    /// Beyond this a label makes the box no wider (the alert's widest, less the pointer's
    /// columns and the borders').
    static let limit = Frame<ChoicesView>.maximumWidth - 7

    package init() {}

    /// Measures the labels that arrived since it last did; `room`: the box has room for labels
    /// this wide already (narrower ones are passed over).
    /// `tagWidth`: the labels are two columns (`ChoicesView.label`), each measured as drawn.
    package mutating func measure(_ list: ChoiceList, charset: Charset, beyond room: Int = 0, tagWidth: Int? = nil) {
        let count = list.count
        guard measured < count else { return }
        defer { measured = count }
        let start = max(self.widest, room)
        guard start < Self.limit else { return }
        var widest = start
        list.forEachLabel(in: measured..<count) { label in
            if tagWidth == nil {
                guard 2 * label.count > widest else { return }
                let (bound, ascii) = Self.mostColumns(label)
                guard bound > widest else { return }
                guard !ascii else { return widest = bound }
            }
            widest = max(widest, DisplayText.width(ChoicesView.label(label, matches: [], charset: charset, columns: Self.limit,
                                                                     tagWidth: tagWidth).0))
        }
        if widest > start { self.widest = widest }
    }

    /// The most columns `label` can take, and whether it is all ASCII (the count is then exact).
    static func mostColumns(_ label: UnsafeRawBufferPointer) -> (columns: Int, ascii: Bool) {
        var columns = 0
        var ascii = true
        var index = 0
        let count = label.count
        while index < count {
            let byte = label[index]
            if byte < 0x80 {
                columns += byte < 0x20 || byte == 0x7F ? 2 : 1
                index += 1
                continue
            }
            ascii = false
            let length = Self.sequenceLength(label, at: index)
            columns += length == 2 || length == 0 ? 1 : 2
            index += max(length, 1)
        }
        return (columns, ascii)
    }

    /// The length of the valid UTF-8 sequence at `index` (2, 3 or 4), or 0 when the byte
    /// there begins none (it is then shown as U+FFFD, as are those after it that follow no lead).
    static func sequenceLength(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xED: length = 3; high = 0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; low = 0x90
        case 0xF4: length = 4; high = 0x8F
        case 0xF1...0xF3: length = 4
        default: return 0
        }
        guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return 0 }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) { return 0 }
        return length
    }
}
