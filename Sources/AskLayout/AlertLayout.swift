import AskModel
import AskText

/// Where everything of the alert goes at one terminal size, and how to draw a state into it.
///
///     ╭──────────────────────────────────╮
///     │             Title                │   bold, centred, cut with …
///     │   message, wrapped and centred   │   cut in the middle with … when the terminal is short
///     │                                  │
///     │ text_____________________________│   the field; blanks underlined
///     │                                  │   the status line: an error or a hint
///
/// Several fields stack, each with its label: in a column beside the fields when the labels
/// leave the fields half the box, above each field otherwise; under each, its status line
/// when it can show one. When not all fit, they scroll to keep the focused one in view, an
/// arrow at the right saying more are above or below.
///     ├─────────────────┬────────────────┤
///     │     Cancel      │       OK       │   two side by side; three stack
///     ╰─────────────────┴────────────────╯
///
/// The geometry is worked out once per size; `render` draws a state into a `Screen`.
/// When the box cannot fit, one compact line shows the title and the field, with the lines an
/// error needs under it when there is room.
package struct AlertLayout: Sendable {
    package let content: AlertContent
    package let size: TerminalSize
    /// The width of the screen drawn (the box, or the compact line).
    package let width: Int
    let rows: [Row]
    /// Whether the buttons are drawn one above the other.
    package let buttonsStacked: Bool
    /// Where the fields are scrolled to; kept from frame to frame (and across sizes).
    package var scroll = Scroll()
    /// Where the fields go across the box.
    let fieldColumns: FieldColumns
    /// The rows each field takes, in order (a label above, the field, its status lines).
    let blocks: [Block]
    /// The first row of the fields' area, and its height.
    let areaTop: Int
    let areaHeight: Int
    /// Everything but the field and the line under it — borders, title, message, and the
    /// buttons as each possible focus shows them — drawn once; each frame starts from a copy.
    private var bases: [Screen] = []
    /// The focus each of `bases` shows.
    private var baseFocus: [Focus] = []

    /// How the fields scroll: each field's first grapheme shown (it scrolls to keep the cursor
    /// in view, as little as it can), and the first field shown when not all fit.
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

    /// The label column (beside the fields) or none (labels above them), and the fields' columns.
    struct FieldColumns: Equatable, Sendable {
        /// Columns of the label column, the space after it included; 0 when labels go above.
        var labelWidth = 0
        var start = 2
        var width = 0
    }

    /// One field's rows in the fields' area.
    struct Block: Equatable, Sendable {
        var labelAbove: Bool
        var statusLines: Int
        var height: Int { (labelAbove ? 1 : 0) + 1 + statusLines }
    }

    enum Row: Equatable, Sendable {
        case top, title, message([Glyph]), blank, bottom
        /// A row of the area where the fields are laid out (see `blocks`).
        case fields(Int)
        /// A line under the compact line (an error wraps over them), or a confirmation's
        /// countdown.
        case status(Int)
        case divider, buttonPair
        case stackDivider, stackedButton(ButtonRole)
        case compact
    }

    package var height: Int { rows.count }

    /// The buttons as drawn: leading to trailing side by side, top to bottom stacked. Tab and
    /// the arrows follow this order.
    package var buttonOrder: [ButtonRole] { ButtonRole.order(of: content.spec, stacked: buttonsStacked) }
    package var isCompact: Bool { rows.first == .compact }

    /// Narrowest and widest box chosen by content; `--width` may go outside these.
    static let minimumWidth = 34
    static let maximumWidth = 64
    /// Below this the box is not drawn; the compact line is.
    static let smallestBox = 16

    /// When the terminal is short, rows go first to what the box cannot do without — borders,
    /// field, buttons, and under the field the lines the longest error needs — then to the
    /// message's first line, the title, the rest of the message, and last to the blank lines
    /// around the field: padding gives way before text, and an error is never cut to a stub.
    /// What does not fit is cut in the middle, so the message's end (where a question is)
    /// stays. Below the box's needs, the compact line.

    /// `count` held to what a terminal can report: 0...65535 cells.
    static func held(_ count: Int) -> Int { min(max(count, 0), Int(UInt16.max)) }

    package init(content: AlertContent, size: TerminalSize, preferredWidth: Int? = nil) {
        self.content = content
        self.size = size
        let spec = content.spec
        // A terminal gives its size in 16 bits; a size given in code is held to that too.
        let available = max(Self.held(size.rows) - 1, 1)  // the row above the alert is the anchor
        let widest = max(Self.held(size.columns) - 1, 0)  // never write in the last column: no autowrap

        let labelWidths = spec.buttons.map { DisplayText.width(content.label($0.role)) }
        let widestLabel = labelWidths.max() ?? 0
        let buttonsWidth = Self.buttonsWidth(labelWidths)
        let fieldLabel = content.fields.map { DisplayText.width($0.label) }.max() ?? 0
        let labelColumn = fieldLabel > 0 ? fieldLabel + 1 : 0
        let widestError = content.fields.flatMap { field in field.errors.map { DisplayText.width($0) + field.statusReserve } }.max() ?? 0
        let natural = max(DisplayText.width(content.title) + 4,
                          (content.message.map { DisplayText.width($0) }.max() ?? 0) + 4,
                          buttonsWidth + 2,
                          labelColumn > 0 ? labelColumn + Self.fieldWidthBesideLabels + 4 : 0,
                          widestError > 0 ? widestError + labelColumn + 4 : 0)
        var box = preferredWidth.map(Self.held) ?? min(max(natural, Self.minimumWidth), Self.maximumWidth)
        box = min(box, widest)

        let inner = box - 4
        // Three buttons stack; so do two whose labels do not fit side by side (as on iOS).
        let half = (box - 3) / 2
        let stacked = spec.buttons.count == 3 || (spec.buttons.count == 2 && widestLabel + 2 > half)
        buttonsStacked = stacked
        let buttonOrder = ButtonRole.order(of: spec, stacked: stacked)
        let wrapped = Wrap.paragraphs(content.message, width: inner)
        let buttonRows: [Row] = stacked ? buttonOrder.flatMap { [Row.stackDivider, .stackedButton($0)] }
                                        : [.divider, .buttonPair]
        // Labels beside the fields when the fields keep half the box; above them otherwise.
        let beside = labelColumn > 0 && labelColumn <= inner / 2
        let columns = FieldColumns(labelWidth: beside ? labelColumn : 0, start: 2 + (beside ? labelColumn : 0),
                                   width: max(inner - (beside ? labelColumn : 0), 0))
        // Under each field, the lines its longest error needs (errors, hint, counter, countdown),
        // or none when nothing can show there.
        let blocks = content.fields.map { field in
            Block(labelAbove: !beside && !field.label.isEmpty,
                  statusLines: field.showsStatusLine ? max(field.errorLines(width: columns.width - field.statusReserve), 1) : 0)
        }
        let tallest = blocks.map { $0.height }.max() ?? 0
        let allFields = blocks.reduce(0) { $0 + $1.height }
        let countdownLines = content.confirmationCountdown ? 1 : 0
        let needed = 2 + buttonRows.count + tallest + countdownLines

        if box < Self.smallestBox || needed > available {
            width = widest
            let errors = content.fields.map { $0.errorLines(width: widest) }.max() ?? 0
            let errorRows = min(available - 1, errors)
            rows = [.compact] + (0..<max(errorRows, 0)).map(Row.status)
            fieldColumns = FieldColumns(start: 0, width: widest)
            self.blocks = blocks
            areaTop = 0
            areaHeight = 0
            bases = [Screen(width: width, height: rows.count)]
            baseFocus = [.field(0)]
            return
        }
        var room = available - needed
        func take(_ wanted: Int) -> Int {
            let granted = max(min(wanted, room), 0)
            room -= granted
            return granted
        }
        // The fields before the message: what does not fit of them scrolls.
        let area = tallest + take(allFields - tallest)
        var messageRows = take(min(wrapped.count, 1))
        let showTitle = !content.title.isEmpty && take(1) == 1
        messageRows += take(wrapped.count - messageRows)
        let spacer = spec.hasField && (showTitle || messageRows > 0) && take(1) == 1
        // With nothing to show under the last field, its line is padding: the last to get a row.
        let padding = spec.hasField && blocks.last?.statusLines == 0 && take(1) == 1

        width = box
        var rows: [Row] = [.top]
        if showTitle { rows.append(.title) }
        rows += Self.cut(wrapped, to: messageRows, width: inner, ellipsis: content.charset.ellipsis).map(Row.message)
        if spacer { rows.append(.blank) }
        areaTop = rows.count
        areaHeight = area
        rows += (0..<area).map(Row.fields)
        if padding { rows.append(.blank) }
        rows += (0..<countdownLines).map(Row.status)
        rows += buttonRows
        rows.append(.bottom)
        self.rows = rows
        fieldColumns = columns
        self.blocks = blocks
        let staticRows = drawStatic()
        baseFocus = [.field(0)] + buttonOrder.map(Focus.button)
        bases = baseFocus.map { drawButtons(on: staticRows, focus: $0) }
    }

    /// The columns buttons with labels this wide want: side by side, each label with two
    /// columns either side and a line between; three stack.
    static func buttonsWidth(_ labelWidths: [Int]) -> Int {
        let widest = labelWidths.max() ?? 0
        return labelWidths.count == 3 ? widest + 4 : labelWidths.count * (widest + 4) + 1
    }

    /// The narrowest a field beside its label makes the box want to be.
    static let fieldWidthBesideLabels = 20

    /// A message's lines cut to `count` rows in the middle: its first lines, the last of them
    /// ending in `…`, then its last lines (given the odd row: questions end messages). In one
    /// row, its start and its end.
    package static func cut(_ lines: [[Glyph]], to count: Int, width: Int, ellipsis: Glyph) -> [[Glyph]] {
        guard lines.count > count else { return lines }
        guard count > 1 else { return count == 1 ? [oneLine(lines, width: width, ellipsis: ellipsis)] : [] }
        let head = count / 2
        var kept = Array(lines.prefix(head)) + Array(lines.suffix(count - head))
        kept[head - 1] = DisplayText.truncated(kept[head - 1] + [ellipsis, ellipsis],
                                               to: min(DisplayText.width(kept[head - 1]) + 1, width), ellipsis: ellipsis)
        return kept
    }

    /// Lines as one line (blank ones left out), cut in the middle to `width` columns.
    static func oneLine(_ lines: [[Glyph]], width: Int, ellipsis: Glyph) -> [Glyph] {
        DisplayText.truncatedInMiddle(joined(lines), to: width, ellipsis: ellipsis)
    }

    /// Lines as one line, blank ones left out, a space between.
    static func joined(_ lines: [[Glyph]]) -> [Glyph] {
        var joined: [Glyph] = []
        for line in lines where !line.isEmpty {
            if !joined.isEmpty { joined.append(.space) }
            joined.append(contentsOf: line)
        }
        return joined
    }


    // MARK: - Drawing

    /// Draws the rows that never change.
    private func drawStatic() -> Screen {
        var screen = Screen(width: width, height: height)
        let charset = content.charset
        let inner = width - 4
        let pair = ButtonRole.order(of: content.spec, stacked: buttonsStacked).count == 2 && !buttonsStacked

        func border(_ row: Int, _ left: Unicode.Scalar, _ middle: Unicode.Scalar?, _ right: Unicode.Scalar) {
            screen.border(row: row, charset, left, right, middle: middle.map { (dividerColumn, $0) })
        }
        func sides(_ row: Int) { screen.sides(row: row, charset) }

        for (index, row) in rows.enumerated() {
            switch row {
            case .top:
                border(index, charset.topLeft, nil, charset.topRight)
            case .title:
                sides(index)
                _ = centred(content.title, on: &screen, row: index, from: 2, width: inner, style: content.titleStyle)
            case let .message(line):
                sides(index)
                _ = centred(line, on: &screen, row: index, from: 2, width: inner, style: .plain)
            case .blank, .fields, .status, .stackedButton:
                sides(index)
            case .divider:
                border(index, charset.leftTee, pair ? charset.topTee : nil, charset.rightTee)
            case .buttonPair:
                sides(index)
            case .stackDivider:
                border(index, charset.leftTee, nil, charset.rightTee)
            case .bottom:
                border(index, charset.bottomLeft, pair ? charset.bottomTee : nil, charset.bottomRight)
            case .compact:
                break
            }
        }
        return screen
    }

    /// Draws `glyphs` centred in `span` columns from `column`, cut with … when too wide.
    private func centred(_ glyphs: [Glyph], on screen: inout Screen, row: Int, from column: Int, width span: Int,
                         style: Style) -> Range<Int> {
        screen.centred(glyphs, row: row, from: column, width: span, style: style, ellipsis: content.charset.ellipsis)
    }

    /// The buttons drawn over `screen`, with `focus` highlighted.
    private func drawButtons(on screen: Screen, focus: Focus) -> Screen {
        var screen = screen
        let order = ButtonRole.order(of: content.spec, stacked: buttonsStacked)
        var focused: ButtonRole?
        if case let .button(role) = focus { focused = role }
        for (index, row) in rows.enumerated() {
            switch row {
            case .buttonPair:
                screen.buttons(order, row: index, content: content, focused: focused)
            case let .stackedButton(role):
                screen.buttons([role], row: index, content: content, focused: focused)
            default:
                break
            }
        }
        return screen
    }

    /// Draws `state`: the fields and the lines under them over the rest, drawn beforehand.
    /// `countdown`: whole seconds left, once the countdown shows. A field scrolls from where it
    /// did in the last frame, as little as keeps the cursor in view; so do the fields.
    package mutating func render(_ state: PromptState, countdown: Int? = nil) -> Screen {
        var screen = bases[state.focus.isField ? 0 : baseFocus.firstIndex(of: state.focus) ?? 0]
        if isCompact {
            scroll[state.current] = drawCompact(&screen, state, countdown: countdown, scroll: scroll[state.current])
            if let status = state.currentField?.status, status.isError, height > 1 {
                drawWrapped(status, on: &screen, from: 1, rows: height - 1, column: 0, width: width)
            }
            return screen
        }
        if !blocks.isEmpty { drawFields(&screen, state, countdown: countdown) }
        if let row = rows.firstIndex(of: .status(0)), let countdown {
            drawCounters(&screen, "\(countdown)s", isError: false, row: row, column: 2, width: width - 4)
        }
        return screen
    }

    /// The fields from the first shown, as many as the area holds; the first shown moves as
    /// little as keeps the current field in view.
    private mutating func drawFields(_ screen: inout Screen, _ state: PromptState, countdown: Int?) {
        var first = min(scroll.firstField, state.current)
        func fits(_ from: Int) -> Bool { blocks[from...state.current].reduce(0) { $0 + $1.height } <= areaHeight }
        while first < state.current && !fits(first) { first += 1 }
        // Room again (the terminal grew): the fields above come back when all below fit too.
        while first > 0 && fitsAll(from: first - 1) { first -= 1 }
        scroll.firstField = first
        var row = areaTop
        var index = first
        while index < blocks.count && row + blocks[index].height <= areaTop + areaHeight {
            drawField(index, &screen, state, countdown: index == blocks.count - 1 ? countdown : nil, row: row)
            row += blocks[index].height
            index += 1
        }
        let arrowColumn = width - 2
        if first > 0 { screen.fill(row: areaTop, columns: arrowColumn..<(arrowColumn + 1), with: content.charset.moreAbove) }
        if index < blocks.count {
            screen.fill(row: areaTop + areaHeight - 1, columns: arrowColumn..<(arrowColumn + 1), with: content.charset.moreBelow)
        }
    }

    /// Whether the fields from `first` to the last fit in the area.
    private func fitsAll(from first: Int) -> Bool {
        blocks[first...].reduce(0) { $0 + $1.height } <= areaHeight
    }

    /// One field's rows from `row`: its label, the field, the lines under it.
    private mutating func drawField(_ index: Int, _ screen: inout Screen, _ state: PromptState, countdown: Int?, row: Int) {
        let field = state.fields[index]
        let shown = content.fields[index]
        let focused = state.focus == .field(index)
        var fieldRow = row
        let labelStyle = Style(bold: focused && state.fields.count > 1)
        let ellipsis = content.charset.ellipsis
        if blocks[index].labelAbove {
            screen.draw(DisplayText.truncated(shown.label, to: width - 4, ellipsis: ellipsis), row: row, column: 2, style: labelStyle)
            fieldRow += 1
        } else if fieldColumns.labelWidth > 0 {
            screen.draw(DisplayText.truncated(shown.label, to: fieldColumns.labelWidth - 1, ellipsis: ellipsis), row: row,
                        column: 2, style: labelStyle)
        }
        let drawn = drawText(&screen, field, shown, row: fieldRow, column: fieldColumns.start, width: fieldColumns.width,
                             previous: scroll[index])
        scroll[index] = drawn.scroll
        if focused { screen.cursor = Screen.Position(row: fieldRow, column: drawn.cursor) }
        if blocks[index].statusLines > 0 {
            drawStatus(&screen, field, countdown: countdown, row: fieldRow + 1, rows: blocks[index].statusLines,
                       column: fieldColumns.start, width: fieldColumns.width)
        }
    }

    /// The column of the line between two buttons side by side.
    private var dividerColumn: Int { Screen.buttonDivider(width: width) }

    /// One line: the title (or else the message, cut in the middle) in at most half the
    /// width, then the field, or the buttons when one has the focus or there is no field.
    private func drawCompact(_ screen: inout Screen, _ state: PromptState, countdown: Int?, scroll: Int) -> Int {
        guard width > 0 else { return scroll }
        var column = 0
        // A countdown takes the last columns.
        var room = width
        if let countdown, width >= 8 {
            let glyphs = DisplayText.glyphs(" \(countdown)s", charset: content.charset)
            room = width - DisplayText.width(glyphs)
            screen.draw(glyphs, row: 0, column: room, style: content.statusStyle(isError: false))
        }
        let ellipsis = content.charset.ellipsis
        var label = content.title.isEmpty ? DisplayText.truncatedInMiddle(content.messageLine, to: room / 2 - 1, ellipsis: ellipsis)
                                          : DisplayText.truncated(content.title, to: room / 2 - 1, ellipsis: ellipsis)
        var labelStyle = content.titleStyle
        // An error goes on the lines under this one; with none, it takes the title's place and
        // up to three quarters of the line.
        if state.fields.count > 1 && !state.fields[state.current].spec.label.isEmpty && state.focus.isField {
            // Several fields: the one being typed in is named.
            label = DisplayText.truncated(content.fields[state.current].label, to: room / 2 - 1, ellipsis: ellipsis)
            labelStyle = Style()
        }
        if let status = state.currentField?.status, status.isError, height == 1 {
            label = DisplayText.truncated(DisplayText.glyphs(status.text, charset: content.charset), to: room * 3 / 4 - 1,
                                          ellipsis: ellipsis)
            labelStyle = content.statusStyle(isError: true)
        }
        while label.last == Glyph.space { label.removeLast() }
        if !label.isEmpty && room >= 8 {
            // A label that ends a question or a prompt (`…: `) needs no colon of its own.
            if label.last?.text != ":" && label.last?.text != "?" { label.append(Glyph(":", width: 1)) }
            column = screen.draw(label, row: 0, column: 0, style: labelStyle) + 1
        }
        if content.spec.hasField, case .field = state.focus {
            let drawn = drawText(&screen, state.fields[state.current], content.fields[state.current], row: 0, column: column,
                                 width: max(room - column, 0), previous: scroll)
            screen.cursor = Screen.Position(row: 0, column: drawn.cursor)
            return drawn.scroll
        }
        let defaultRole = content.spec.effectiveDefaultButton
        for role in buttonOrder {
            let style = content.style(of: role, isDefault: role == defaultRole, isFocused: state.focus == .button(role))
            column = screen.draw([Glyph("[", width: 1)] + (content.label(role)) + [Glyph("]", width: 1)],
                                 row: 0, column: column, style: style) + 1
        }
        return scroll
    }

    /// The lines under a field: an error (or a hint) on the left, the `n/N` counter and the
    /// countdown on the right.
    private func drawStatus(_ screen: inout Screen, _ field: FieldState, countdown: Int?, row: Int, rows count: Int,
                            column: Int, width: Int) {
        var room = width
        var right = field.counter ?? ""
        if let countdown { right += (right.isEmpty ? "" : " ") + String(countdown) + "s" }
        if !right.isEmpty {
            let full = field.spec.validation.maximumLength.map { field.editor.text.count >= $0 } ?? false
            room = drawCounters(&screen, right, isError: full, row: row, column: column, width: width)
        }
        if let line = field.status ?? field.hint.map({ StatusLine($0.text(content.charset), isError: false) }) {
            drawWrapped(line, on: &screen, from: row, rows: count, column: column, width: room)
        }
    }

    /// `text` at the right of `width` columns from `column`, if it fits; returns the columns
    /// left at the left.
    @discardableResult
    private func drawCounters(_ screen: inout Screen, _ text: String, isError: Bool, row: Int, column: Int, width: Int) -> Int {
        let glyphs = DisplayText.glyphs(text, charset: content.charset)
        let counterWidth = DisplayText.width(glyphs)
        guard counterWidth < width else { return width }
        screen.draw(glyphs, row: row, column: column + width - counterWidth, style: content.statusStyle(isError: isError))
        return width - counterWidth - 1
    }

    /// A status line's text wrapped over `count` rows from `row` on, the last row it reaches
    /// ending in `…` when it needs more.
    private func drawWrapped(_ line: StatusLine, on screen: inout Screen, from row: Int, rows count: Int, column: Int, width: Int) {
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
    /// or the placeholder while it is empty. Returns the cursor's column and the scroll.
    private func drawText(_ screen: inout Screen, _ state: FieldState, _ shown: FieldContent, row: Int, column: Int, width: Int,
                          previous: Int) -> (cursor: Int, scroll: Int) {
        guard width > 0 else { return (column, 0) }
        screen.fill(row: row, columns: column..<(column + width), style: content.fieldBlankStyle)
        let editor = state.editor
        let text = editor.text
        if text.isEmpty {
            let placeholder = state.isRepeating ? DisplayText.glyphs(state.placeholder, charset: content.charset) : shown.placeholder
            let hint = DisplayText.truncated(placeholder, to: width, ellipsis: content.charset.ellipsis)
            screen.draw(hint, row: row, column: column, style: content.placeholderStyle)
            return (column, 0)
        }
        let secure = !state.showsText
        if secure && shown.mask == nil { return (column, 0) }
        let mask = shown.mask
        let charset = content.charset
        // A grapheme of several scalars goes from the text into the screen as scalars: revealed
        // secure text never becomes a String.
        let typed: (Int) -> DisplayText.Typed = { index in
            if secure { return .glyph(mask!) }
            // Printable ASCII, nearly all typing, needs no sanitising.
            let range = text.byteRange(of: index)
            if range.count == 1 {
                let byte = text.withBytes { $0[range.lowerBound] }
                if (0x20...0x7E).contains(byte) { return .glyph(Glyph(Unicode.Scalar(byte), width: 1)) }
            }
            return DisplayText.typed(text.scalars(of: index), charset: charset)
        }
        let start = FieldViewport.start(count: text.count, cursor: editor.cursor, previous: previous,
                                        width: width) { typed($0).width }
        var used = 0
        var cursorColumn = column
        var index = start
        while index < text.count {
            let shown = typed(index)
            if used + shown.width > width { break }
            switch shown {
            case let .glyph(glyph):
                screen.draw(CollectionOfOne(glyph), row: row, column: column + used)
            case let .compound(glyphWidth):
                screen.drawCompound(DisplayText.kept(text.scalars(of: index)), width: glyphWidth, row: row, column: column + used)
            }
            used += shown.width
            index += 1
            if index == editor.cursor { cursorColumn = column + used }
        }
        if editor.cursor == start { cursorColumn = column }
        return (cursorColumn, start)
    }
}
