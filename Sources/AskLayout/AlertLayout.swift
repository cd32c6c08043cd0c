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
    /// The first grapheme the field showed in the last frame (it scrolls to keep the cursor in
    /// view, as little as it can).
    package var fieldScroll = 0
    /// Everything but the field and the line under it — borders, title, message, and the
    /// buttons as each possible focus shows them — drawn once; each frame starts from a copy.
    private var bases: [Screen] = []
    /// The focus each of `bases` shows.
    private var baseFocus: [Focus] = []

    enum Row: Equatable, Sendable {
        case top, title, message([Glyph]), blank, field, bottom
        /// A line under the field (or under the compact line): an error wraps over them.
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
        let buttonsWidth = spec.buttons.count == 3 ? widestLabel + 4 : labelWidths.count * (widestLabel + 4) + 1
        let widestError = content.errors.map { DisplayText.width($0) }.max() ?? 0
        let natural = max(DisplayText.width(content.title) + 4,
                          (content.message.map { DisplayText.width($0) }.max() ?? 0) + 4,
                          buttonsWidth + 2,
                          widestError > 0 ? widestError + content.statusReserve + 4 : 0)
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
        // The lines under the field (errors, hint, counter, countdown; a confirmation with a
        // timeout has one for its countdown), or none when nothing can show there.
        let statusLines = content.showsStatusLine ? max(content.errorLines(width: inner - content.statusReserve), 1) : 0
        let needed = 2 + buttonRows.count + (spec.hasField ? 1 : 0) + statusLines

        if box < Self.smallestBox || needed > available {
            width = widest
            let errorRows = min(available - 1, content.errorLines(width: widest))
            rows = [.compact] + (0..<max(errorRows, 0)).map(Row.status)
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
        var messageRows = take(min(wrapped.count, 1))
        let showTitle = !content.title.isEmpty && take(1) == 1
        messageRows += take(wrapped.count - messageRows)
        let spacer = spec.hasField && (showTitle || messageRows > 0) && take(1) == 1
        // With nothing to show under the field, its line is padding: the last to get a row.
        let padding = statusLines == 0 && spec.hasField && take(1) == 1

        width = box
        var rows: [Row] = [.top]
        if showTitle { rows.append(.title) }
        rows += Self.cut(wrapped, to: messageRows, width: inner, ellipsis: content.charset.ellipsis).map(Row.message)
        if spacer { rows.append(.blank) }
        if spec.hasField { rows.append(.field) }
        rows += (0..<(padding ? 1 : statusLines)).map(Row.status)
        rows += buttonRows
        rows.append(.bottom)
        self.rows = rows
        let staticRows = drawStatic()
        baseFocus = [.field(0)] + buttonOrder.map(Focus.button)
        bases = baseFocus.map { drawButtons(on: staticRows, focus: $0) }
    }

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

    /// The row the field is on, if it is shown.
    package var fieldRow: Int? { rows.firstIndex { $0 == .field || $0 == .compact } }

    // MARK: - Drawing

    /// Draws the rows that never change.
    private func drawStatic() -> Screen {
        var screen = Screen(width: width, height: height)
        let charset = content.charset
        let inner = width - 4
        let pair = ButtonRole.order(of: content.spec, stacked: buttonsStacked).count == 2 && !buttonsStacked

        func border(_ row: Int, _ left: Unicode.Scalar, _ middle: Unicode.Scalar?, _ right: Unicode.Scalar) {
            screen.fill(row: row, columns: 0..<width, with: charset.horizontal)
            screen.fill(row: row, columns: 0..<1, with: left)
            screen.fill(row: row, columns: (width - 1)..<width, with: right)
            if let middle { screen.fill(row: row, columns: dividerColumn..<(dividerColumn + 1), with: middle) }
        }
        func sides(_ row: Int) {
            screen.fill(row: row, columns: 0..<1, with: charset.vertical)
            screen.fill(row: row, columns: (width - 1)..<width, with: charset.vertical)
        }

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
            case .blank, .field, .status, .stackedButton:
                sides(index)
            case .divider:
                border(index, charset.leftTee, pair ? charset.topTee : nil, charset.rightTee)
            case .buttonPair:
                sides(index)
                if pair { screen.fill(row: index, columns: dividerColumn..<(dividerColumn + 1), with: charset.vertical) }
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
        let shown = DisplayText.truncated(glyphs, to: span, ellipsis: content.charset.ellipsis)
        let start = column + (span - DisplayText.width(shown)) / 2
        let end = screen.draw(shown, row: row, column: start, style: style, limit: column + span)
        return start..<end
    }

    /// The buttons drawn over `screen`, with `focus` highlighted.
    private func drawButtons(on screen: Screen, focus: Focus) -> Screen {
        var screen = screen
        let order = ButtonRole.order(of: content.spec, stacked: buttonsStacked)
        let defaultRole = content.spec.effectiveDefaultButton
        func button(_ role: ButtonRole, row: Int, from column: Int, width span: Int) {
            let style = content.style(of: role, isDefault: role == defaultRole, isFocused: focus == .button(role))
            let label = DisplayText.truncated(content.label(role), to: span - 2, ellipsis: content.charset.ellipsis)
            let drawn = centred([Glyph.space] + label + [Glyph.space], on: &screen, row: row, from: column, width: span,
                                style: style)
            // The padding is part of the highlight, but never underlined.
            for edge in [drawn.lowerBound, drawn.upperBound - 1] where !drawn.isEmpty {
                screen.restyle(row: row, columns: edge..<(edge + 1)) { $0.underline = false }
            }
        }
        let pair = order.count == 2 && !buttonsStacked
        for (index, row) in rows.enumerated() {
            switch row {
            case .buttonPair:
                if pair {
                    button(order[0], row: index, from: 1, width: dividerColumn - 1)
                    button(order[1], row: index, from: dividerColumn + 1, width: width - 2 - dividerColumn)
                } else if let only = order.first {
                    button(only, row: index, from: 1, width: width - 2)
                }
            case let .stackedButton(role):
                button(role, row: index, from: 1, width: width - 2)
            default:
                break
            }
        }
        return screen
    }

    /// Draws `state`: the field and the line under it over the rest, drawn beforehand.
    /// `countdown`: whole seconds left, once the countdown shows. The field scrolls from where
    /// it did in the last frame, as little as keeps the cursor in view.
    package mutating func render(_ state: PromptState, countdown: Int? = nil) -> Screen {
        var screen = bases[baseFocus.firstIndex(of: state.focus) ?? 0]
        var scroll = fieldScroll
        let inner = width - 4
        for (index, row) in rows.enumerated() {
            switch row {
            case .field:
                let drawn = drawField(&screen, state, row: index, column: 2, width: inner, previous: fieldScroll)
                scroll = drawn.scroll
                if case .field = state.focus { screen.cursor = Screen.Position(row: index, column: drawn.cursor) }
            case .status(0):
                if isCompact {
                    if let status = state.status, status.isError {
                        drawWrapped(status, on: &screen, from: index, column: 0, width: width)
                    }
                } else {
                    drawStatus(&screen, state, countdown: countdown, row: index, column: 2, width: inner)
                }
            case .compact:
                scroll = drawCompact(&screen, state, countdown: countdown, scroll: scroll)
            default:
                break
            }
        }
        fieldScroll = scroll
        return screen
    }

    /// The column of the line between two buttons side by side.
    private var dividerColumn: Int { 1 + (width - 3) / 2 }

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
        if let status = state.status, status.isError, height == 1 {
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
            let drawn = drawField(&screen, state, row: 0, column: column, width: max(room - column, 0), previous: scroll)
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

    /// The line under the field: an error (or a hint) on the left, the `n/N` counter on the right.
    private func drawStatus(_ screen: inout Screen, _ state: PromptState, countdown: Int?, row: Int, column: Int, width: Int) {
        let charset = content.charset
        var room = width
        var right = state.counter ?? ""
        if let countdown { right += (right.isEmpty ? "" : " ") + String(countdown) + "s" }
        if !right.isEmpty {
            let glyphs = DisplayText.glyphs(right, charset: charset)
            let counterWidth = DisplayText.width(glyphs)
            if counterWidth < width {
                let full = state.spec.hasField && (state.fields[state.current].spec.validation.maximumLength.map { state.editor.text.count >= $0 } ?? false)
                screen.draw(glyphs, row: row, column: column + width - counterWidth,
                            style: content.statusStyle(isError: full))
                room = width - counterWidth - 1
            }
        }
        if let line = state.status ?? state.hint.map({ StatusLine($0, isError: false) }) {
            drawWrapped(line, on: &screen, from: row, column: column, width: room)
        }
    }

    /// A status line's text wrapped over the status rows from `row` on, the last row it
    /// reaches ending in `…` when it needs more.
    private func drawWrapped(_ line: StatusLine, on screen: inout Screen, from row: Int, column: Int, width: Int) {
        let ellipsis = content.charset.ellipsis
        let lines = Wrap.paragraph(DisplayText.glyphs(line.text, charset: content.charset), width: width)
        var count = 0
        while row + count < rows.count, case .status = rows[row + count] { count += 1 }
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
    private func drawField(_ screen: inout Screen, _ state: PromptState, row: Int, column: Int, width: Int, previous: Int)
        -> (cursor: Int, scroll: Int) {
        guard width > 0 else { return (column, 0) }
        screen.fill(row: row, columns: column..<(column + width), style: content.fieldBlankStyle)
        let editor = state.editor
        let text = editor.text
        if text.isEmpty {
            let placeholder = state.isRepeating ? DisplayText.glyphs(state.placeholder, charset: content.charset) : content.placeholder
            let hint = DisplayText.truncated(placeholder, to: width, ellipsis: content.charset.ellipsis)
            screen.draw(hint, row: row, column: column, style: content.placeholderStyle)
            return (column, 0)
        }
        let secure = !state.showsText
        if secure && content.mask == nil { return (column, 0) }
        let mask = content.mask
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
