import AskModel
import AskText

/// How a kind of control is drawn inside the frame every alert has: what it asks of the frame at
/// a size, and how it draws itself into the rows the frame gives it. A conformer is a namespace:
/// what it draws is its `State`, and what it keeps of its view from frame to frame is its
/// `ViewState`, kept by the caller (so a frame is remade at any size without anything carried
/// over by hand).
package protocol ControlView {
    /// What is drawn: the control's state.
    associatedtype State
    /// The control's own geometry inside the frame, worked out with it once per size.
    associatedtype Plan: Sendable
    /// What it keeps of its view between frames: where it is scrolled to, what it measured.
    associatedtype ViewState

    /// The columns the control's content wants for the whole box (borders and padding
    /// counted, as the title's and the buttons' are), before the box's own limits. `fixed`:
    /// what the title, the message and the buttons want. It may measure into `view`.
    static func naturalWidth(_ state: State, _ content: AlertContent, fixed: Int, view: inout ViewState) -> Int
    /// The box is never narrower than this while the alert shows (0: no floor).
    static func narrowest(_ view: ViewState) -> Int
    /// The box chose `width` (before the screen's limit).
    static func chose(width: Int, view: inout ViewState)
    /// What the control needs of the rows, in a box `inner` columns wide inside its padding.
    static func rows(_ state: State, _ content: AlertContent, inner: Int) -> ControlRows
    /// Once the frame has placed what it must and the message: the rows more the control takes
    /// of `space.room`, and its plan.
    static func plan(_ state: State, _ space: PlanSpace) -> (extra: Int, plan: Plan)
    /// In one line (the box does not fit): the rows under the line the control takes, of
    /// `available`, and its plan.
    static func compactPlan(_ state: State, _ content: AlertContent, width: Int, available: Int) -> (rows: Int, plan: Plan)
    /// Whether `frame` still suits the state (a list that grew may want more rows or columns);
    /// measures what arrived since into `view`.
    static func fits(_ state: State, _ frame: FrameGeometry, _ plan: Plan, view: inout ViewState) -> Bool
    /// The button that has the focus, if one has.
    static func focusedButton(_ state: State) -> ButtonRole?
    /// What the frame's error line says (for a control that asks for one).
    static func errorLine(_ state: State) -> StatusLine?
    /// Which keys the control leaves to a message taller than its rows (Shift with the arrows,
    /// PgUp, PgDn, Home and End always).
    static func messageKeys(_ state: State) -> MessageKeys
    /// A message taller than its rows first shows its last line (the question a field answers:
    /// its start, or as much of its end as fills the rows), rather than its start (a text to read).
    static func messageStartsAtEnd(_ state: State) -> Bool
    /// The message has the focus (`MessageLayout.takesFocus`): it takes the arrows and pages,
    /// and the terminal's cursor stands at its start.
    static func messageHasFocus(_ state: State) -> Bool
    /// Draws the control into its rows of `screen` (the frame is drawn already): `countdown`,
    /// whole seconds left once it shows, for a control that shows it.
    static func draw(_ state: State, into screen: inout Screen, _ area: ControlArea<Plan>, view: inout ViewState,
                     countdown: Int?)
    /// Draws the one-line form (and the rows under it the control took).
    static func drawCompact(_ state: State, into screen: inout Screen, _ area: ControlArea<Plan>, view: inout ViewState,
                            countdown: Int?)
}

extension ControlView {
    package static func narrowest(_ view: ViewState) -> Int { 0 }
    package static func chose(width: Int, view: inout ViewState) {}
    package static func errorLine(_ state: State) -> StatusLine? { nil }
    package static func messageKeys(_ state: State) -> MessageKeys { .shifted }
    package static func messageStartsAtEnd(_ state: State) -> Bool { false }
    package static func messageHasFocus(_ state: State) -> Bool { false }
}

/// What the frame offers a control once it has placed what it must and the message
/// (`ControlView.plan`).
package struct PlanSpace {
    package let content: AlertContent
    /// What the control asked of the rows.
    package let rows: ControlRows
    /// The rows it was given before the message, of `rows.beforeMessage`.
    package let early: Int
    /// The box's columns inside its padding.
    package let inner: Int
    /// The rows left, of which the control may take more.
    package let room: Int
    /// The rows everything takes so far, of `available`.
    package let used: Int
    package let available: Int
    /// The rows below the cursor where the alert began, when known.
    package let roomBelow: Int?
}

/// What a control needs of the frame's rows.
package struct ControlRows: Equatable, Sendable {
    /// How the control is set apart from what is above it (the title, the message).
    package enum Separator: Equatable, Sendable {
        case none
        /// A blank row (text fields).
        case blank
        /// A line across the box (a list).
        case divider
    }

    /// Rows above the separator, drawn by the control (a list's query).
    package var heading = 0
    package var separator = Separator.none
    /// The fewest rows of the control's body: below them (and the frame's own), the box gives
    /// way to one line.
    package var fewest = 0
    /// Rows more the body takes before the message gets any (fields that would scroll).
    package var beforeMessage = 0
    /// A line under the body where the frame writes the control's `errorLine`.
    package var errorLine = false
    /// The control shows the countdown in its own rows; otherwise the frame has a row for it.
    package var showsCountdown = false

    package init(heading: Int = 0, separator: Separator = .none, fewest: Int = 0, beforeMessage: Int = 0,
                 errorLine: Bool = false, showsCountdown: Bool = false) {
        self.heading = heading
        self.separator = separator
        self.fewest = fewest
        self.beforeMessage = beforeMessage
        self.errorLine = errorLine
        self.showsCountdown = showsCountdown
    }
}

/// Where the frame put everything at one size.
package struct FrameGeometry: Sendable {
    package let content: AlertContent
    package let size: TerminalSize
    /// The width of the screen drawn (the box, or the one line).
    package let width: Int
    package let height: Int
    /// What the title, the message and the buttons want of the width (nil: `--width` set it).
    package let fixedWidth: Int?
    /// The rows below the cursor the frame was made for.
    package let roomBelow: Int?
    /// The box did not fit: one line (and the rows under it the control took).
    package let isCompact: Bool
    /// Whether the buttons are drawn one above the other.
    package let buttonsStacked: Bool

    /// The buttons as drawn: leading to trailing side by side, top to bottom stacked. Tab and
    /// the arrows follow this order.
    package var buttonOrder: [ButtonRole] { ButtonRole.order(of: content.chrome, stacked: buttonsStacked) }
}

/// The rows a control draws into, and its plan.
package struct ControlArea<Plan> {
    package let geometry: FrameGeometry
    /// Rows above the separator (a list's query).
    package let heading: Range<Int>
    /// The control's body.
    package let body: Range<Int>
    package let plan: Plan

    package var content: AlertContent { geometry.content }
    package var width: Int { geometry.width }
}

/// The box every control is drawn in — borders, title, message, the buttons, an error line,
/// the countdown's row — its geometry written once, for any `ControlView`:
///
///     Backtitle                              bold, above the box (whiptail's and dialog's)
///     ╭──────────────────────────────────╮
///     │              Title               │   bold, centred, cut with …
///     │   message, wrapped and centred   │   from the left when long or structured; scrolls when short
///     │ (the control's heading rows)     │
///     ├──────────────────────────────────┤   the separator: a line, a blank row, or none
///     │ (the control's body)             │
///     │ (an error line)                  │   where the control asks for one
///     │                              3s  │   a row for the countdown, unless the control shows it
///     ├─────────────────┬────────────────┤
///     │     Cancel      │       OK       │   two side by side; three (or two too wide) stack,
///     ╰─────────────────┴────────────────╯   unless the spec leads with OK (whiptail's, dialog's)
///
/// When the terminal is short, rows go first to what the box cannot do without — borders,
/// buttons, the control's fewest rows, its heading, an error line, the countdown — then to the
/// control's rows before the message, the message's first line, the title, the backtitle, the
/// rest of the message, the separator, and last to the rows more the control takes
/// (`ControlView.plan`): padding gives way before text. A message with more rows than it got
/// scrolls (`MessageArea`: the keys the control leaves it, `scrollMessage`; where it is, the
/// controller's `MessageScroll`), so no line is out of reach. Below the box's needs, one line
/// (`drawCompact`).
///
/// Everything but the control — borders, title, message, and the buttons as each focus shows
/// them — is drawn once per size; each frame starts from a copy.
package struct Frame<View: ControlView>: Sendable {
    package let geometry: FrameGeometry
    package let plan: View.Plan
    /// Rows above the separator, and the control's body.
    let heading: Range<Int>
    let body: Range<Int>
    let errorRow: Int?
    let countdownRow: Int?
    /// The message's rows and where they are drawn.
    let message: MessageArea
    /// The frame drawn once for each focus: none, then each button in order.
    private let bases: [Screen]
    private let baseFocus: [ButtonRole?]

    /// Narrowest and widest box chosen by content; `--width` may go outside these.
    package static var minimumWidth: Int { 34 }
    package static var maximumWidth: Int { 64 }
    /// Below this the box is not drawn; the one line is.
    package static var smallestBox: Int { 16 }

    /// `count` held to what a terminal can report: 0...65535 cells.
    package static func held(_ count: Int) -> Int { min(max(count, 0), Int(UInt16.max)) }

    /// The frame of `state` at `size`: `preferredWidth` is `--width`; `roomBelow`, the rows
    /// below the cursor where the alert began, once the terminal has said; `view`, what the
    /// control keeps of its view (it may measure into it).
    package init(_ state: View.State, content: AlertContent, size: TerminalSize, preferredWidth: Int? = nil,
                 roomBelow: Int? = nil, view: inout View.ViewState) {
        let spec = content.chrome
        // A terminal gives its size in 16 bits; a size given in code is held to that too.
        let available = max(Self.held(size.rows) - 1, 1)  // the row above the alert is the anchor
        let widest = max(Self.held(size.columns) - 1, 0)  // never write in the last column: no autowrap

        let labelWidths = spec.buttons.map { DisplayText.width(content.drawnLabel($0.role)) }
        // Three buttons stand side by side where whiptail and dialog draw them so (a spec that
        // leads with OK); otherwise they stack, as on iOS.
        let sideBySide = labelWidths.count <= 2 || spec.leadsWithOK
        let fixed = max(DisplayText.width(content.title) + 4, (content.message.map { DisplayText.width($0) }.max() ?? 0) + 4,
                        DisplayText.width(content.backtitle),
                        labelWidths.isEmpty ? 0 : Self.buttonsWidth(labelWidths, sideBySide: sideBySide) + 2)
        var box: Int
        if let preferredWidth {
            box = Self.held(preferredWidth)
        } else {
            let natural = max(fixed, View.naturalWidth(state, content, fixed: fixed, view: &view))
            box = max(min(max(natural, Self.minimumWidth), Self.maximumWidth), View.narrowest(view))
            View.chose(width: box, view: &view)
        }
        box = min(box, widest)

        let inner = box - 4
        // Buttons whose labels do not fit side by side stack (as on iOS).
        let stacked = labelWidths.count > 1
            && (!sideBySide || (labelWidths.max() ?? 0) + 2 > Screen.buttonSpans(labelWidths.count, width: box).map { $0.count }.min()!)
        let buttonOrder = ButtonRole.order(of: spec, stacked: stacked)
        let needs = View.rows(state, content, inner: inner)
        // A pause's bar has a row of its own, whatever the control would show.
        let countdownRows = content.timeout != nil && (!needs.showsCountdown || content.chrome.countdownBar) ? 1 : 0
        let buttonRows = buttonOrder.isEmpty ? 0 : stacked ? 2 * buttonOrder.count : 2
        let needed = 2 + buttonRows + needs.heading + needs.fewest + (needs.errorLine ? 1 : 0) + countdownRows

        if box < Self.smallestBox || needed > available {
            let compact = View.compactPlan(state, content, width: widest, available: available)
            geometry = FrameGeometry(content: content, size: size, width: widest, height: 1 + compact.rows,
                                     fixedWidth: preferredWidth == nil ? fixed : nil, roomBelow: roomBelow, isCompact: true,
                                     buttonsStacked: stacked)
            plan = compact.plan
            heading = 0..<0
            body = 0..<(1 + compact.rows)
            errorRow = nil
            countdownRow = nil
            message = MessageArea()
            bases = [Screen(width: widest, height: 1 + compact.rows)]
            baseFocus = [nil]
            return
        }
        var room = available - needed
        func take(_ wanted: Int) -> Int {
            let granted = max(min(wanted, room), 0)
            room -= granted
            return granted
        }
        let early = take(needs.beforeMessage)
        var wrapped = content.messageText.rows(width: inner)
        let leading = content.messageText.isLeading(rows: wrapped.count)
        let mostRows = content.chrome.messageLayout.mostRows.map { max($0, 1) } ?? wrapped.count
        var messageRows = take(min(wrapped.count, 1))
        let showTitle = !content.title.isEmpty && take(1) == 1
        let showBacktitle = !content.backtitle.isEmpty && take(1) == 1
        messageRows += take(min(wrapped.count, mostRows) - messageRows)
        // What does not fit scrolls, beside a gutter that says where it is.
        let scrolls = messageRows < wrapped.count
        if scrolls { wrapped = content.messageText.rows(width: max(inner - MessageArea.gutter, 1)) }
        let above = showTitle || messageRows > 0 || needs.heading > 0
        let separator = needs.separator != .none && above && take(1) == 1
        let late = View.plan(state, PlanSpace(content: content, rows: needs, early: early, inner: inner, room: room,
                                              used: available - room, available: available, roomBelow: roomBelow))
        plan = late.plan
        let extra = take(late.extra)

        var rows: [Row] = showBacktitle ? [.backtitle, .top] : [.top]
        if showTitle { rows.append(.title) }
        message = MessageArea(rows: wrapped, first: rows.count, count: messageRows, inner: inner, leading: leading, scrolls: scrolls)
        rows += Array(repeating: .inside, count: messageRows)
        heading = rows.count..<(rows.count + needs.heading)
        rows += Array(repeating: .inside, count: needs.heading)
        if separator { rows.append(needs.separator == .divider ? .divider : .inside) }
        body = rows.count..<(rows.count + needs.fewest + early + extra)
        rows += Array(repeating: .inside, count: body.count)
        errorRow = needs.errorLine ? rows.count : nil
        if needs.errorLine { rows.append(.inside) }
        countdownRow = countdownRows > 0 ? rows.count : nil
        rows += Array(repeating: .inside, count: countdownRows)
        if stacked {
            for role in buttonOrder { rows += [.divider, .button(role)] }
        } else if !buttonOrder.isEmpty {
            rows += [.buttonDivider, .buttons]
        }
        rows.append(.bottom)
        let geometry = FrameGeometry(content: content, size: size, width: box, height: rows.count,
                                     fixedWidth: preferredWidth == nil ? fixed : nil, roomBelow: roomBelow, isCompact: false,
                                     buttonsStacked: stacked)
        self.geometry = geometry
        var drawn = Self.drawStatic(rows, geometry)
        message.draw(into: &drawn, content: content, top: 0)
        let focuses: [ButtonRole?] = [nil] + buttonOrder.map { $0 }
        baseFocus = focuses
        bases = focuses.map { Self.drawButtons(rows, on: drawn, geometry, focused: $0) }
    }

    /// The rows of the box.
    enum Row: Equatable, Sendable {
        case backtitle, top, title
        /// A row of the control's, or a blank one: the sides only.
        case inside
        case divider, buttonDivider, buttons, button(ButtonRole), bottom
    }

    /// Whether this frame still suits `state` at `size` with `roomBelow` (measuring what
    /// arrived since into `view`).
    package func fits(_ state: View.State, size: TerminalSize, roomBelow: Int?, view: inout View.ViewState) -> Bool {
        geometry.size == size && geometry.roomBelow == roomBelow && View.fits(state, geometry, plan, view: &view)
    }

    /// Draws `state` in the frame: the control over the frame drawn beforehand, with the
    /// focused button; the error line; the countdown, `countdown` whole seconds left once it
    /// shows, in its row unless the control shows it. The terminal's cursor stands on what has
    /// the focus: the focused button's label's first character, or where the control puts it.
    /// `messageScroll`: where a message taller than its rows is scrolled to.
    package func render(_ state: View.State, view: inout View.ViewState, messageScroll: MessageScroll = MessageScroll(),
                        countdown: Int? = nil) -> Screen {
        let focused = View.focusedButton(state)
        var screen = bases[baseFocus.firstIndex { $0 == focused } ?? 0]
        let area = ControlArea(geometry: geometry, heading: heading, body: body, plan: plan)
        if geometry.isCompact {
            View.drawCompact(state, into: &screen, area, view: &view, countdown: countdown)
            return screen
        }
        let top = messageTop(messageScroll, state)
        if top != 0 { message.draw(into: &screen, content: geometry.content, top: top) }
        View.draw(state, into: &screen, area, view: &view, countdown: geometry.content.chrome.countdownBar ? nil : countdown)
        // A focused button is drawn in inverse: the terminal's cursor is hidden rather than
        // punching a hole in it (`Screen.cursor`).
        if focused != nil { screen.cursor = nil }
        if View.messageHasFocus(state), message.count > 0 { screen.cursor = Screen.Position(row: message.first, column: 2) }
        let content = geometry.content
        if let errorRow, let line = View.errorLine(state) {
            screen.draw(DisplayText.truncated(DisplayText.glyphs(line.text, charset: content.charset), to: geometry.width - 4,
                                              ellipsis: content.charset.ellipsis),
                        row: errorRow, column: 2, style: content.statusStyle(isError: line.isError))
        }
        if let countdownRow, let countdown, content.chrome.countdownBar {
            // A pause: the time left as a bar that empties, the seconds beside it.
            screen.drawMeter(countdown, of: Deadline.wholeSeconds(content.timeout ?? 0), label: tr("%ds", String(countdown)), row: countdownRow,
                             columns: 2..<(geometry.width - 2), content: content)
        } else if let countdownRow, let countdown {
            screen.drawRight(content.countdown(countdown, room: geometry.width - 5), row: countdownRow, column: 2,
                             width: geometry.width - 4, content: content)
        }
        return screen
    }

    package var width: Int { geometry.width }
    package var height: Int { geometry.height }
    package var isCompact: Bool { geometry.isCompact }
    package var buttonOrder: [ButtonRole] { geometry.buttonOrder }

    /// The columns buttons with labels this wide want: side by side, each label with two
    /// columns either side and a line between; stacked, the widest label's.
    package static func buttonsWidth(_ labelWidths: [Int], sideBySide: Bool) -> Int {
        let widest = labelWidths.max() ?? 0
        return sideBySide ? labelWidths.count * (widest + 4) + labelWidths.count - 1 : widest + 4
    }

    /// The first of the message's rows shown, scrolled as `scroll` says.
    private func messageTop(_ scroll: MessageScroll, _ state: View.State) -> Int {
        message.clamped(scroll.top ?? (View.messageStartsAtEnd(state) ? message.lastLineStart : 0))
    }

    /// Takes a key for the message when it scrolls and the control leaves the key to it:
    /// moves `scroll` and returns true; otherwise the key is the control's.
    package func scrollMessage(_ event: InputEvent, _ state: View.State, _ scroll: inout MessageScroll) -> Bool {
        let keys = View.messageHasFocus(state) ? .all : min(View.messageKeys(state), geometry.content.chrome.messageLayout.mostKeys)
        guard message.scrolls, let action = MessageScroll.action(for: event, leaving: keys) else { return false }
        let top = messageTop(scroll, state)
        switch action {
        case let .line(step): scroll.top = message.clamped(top + step)
        case let .page(step): scroll.top = message.clamped(top + step * max(message.count - 1, 1))
        case .start: scroll.top = 0
        case .end: scroll.top = message.clamped(.max)
        }
        return true
    }

    // MARK: - Drawing

    /// Draws the rows that never change: borders, dividers, sides, title, message.
    private static func drawStatic(_ rows: [Row], _ geometry: FrameGeometry) -> Screen {
        let width = geometry.width
        let content = geometry.content
        var screen = Screen(width: width, height: rows.count)
        let charset = content.charset
        // Buttons side by side: the lines between them meet the borders above and below.
        let dividers = geometry.buttonsStacked ? [] : Screen.buttonSpans(geometry.buttonOrder.count, width: width).dropLast().map { $0.upperBound }
        let border = content.borderStyle
        for (index, row) in rows.enumerated() {
            switch row {
            case .backtitle:
                screen.draw(DisplayText.truncated(content.backtitle, to: width, ellipsis: charset.ellipsis), row: index, column: 0,
                            style: content.titleStyle)
            case .top: screen.border(row: index, charset, charset.topLeft, charset.topRight, style: border)
            case .bottom:
                screen.border(row: index, charset, charset.bottomLeft, charset.bottomRight, middle: dividers.map { ($0, charset.bottomTee) }, style: border)
            case .divider: screen.border(row: index, charset, charset.leftTee, charset.rightTee, style: border)
            case .buttonDivider:
                screen.border(row: index, charset, charset.leftTee, charset.rightTee, middle: dividers.map { ($0, charset.topTee) }, style: border)
            case .title:
                screen.sides(row: index, charset, style: border)
                screen.centred(content.title, row: index, from: 2, width: width - 4, style: content.titleStyle, ellipsis: charset.ellipsis)
            case .inside, .buttons, .button:
                screen.sides(row: index, charset, style: border)
            }
        }
        return screen
    }

    /// The buttons drawn over `screen`, `focused` highlighted.
    private static func drawButtons(_ rows: [Row], on screen: Screen, _ geometry: FrameGeometry, focused: ButtonRole?) -> Screen {
        var screen = screen
        for (index, row) in rows.enumerated() {
            switch row {
            case .buttons: screen.buttons(geometry.buttonOrder, row: index, content: geometry.content, focused: focused)
            case let .button(role): screen.buttons([role], row: index, content: geometry.content, focused: focused)
            default: continue
            }
        }
        return screen
    }
}

extension Screen {
    /// `text` at the right of `width` columns from `column`, in the status style, if it fits;
    /// returns the columns left at the left.
    @discardableResult
    package mutating func drawRight(_ text: String, row: Int, column: Int, width: Int, content: AlertContent,
                                    isError: Bool = false) -> Int {
        let glyphs = DisplayText.glyphs(text, charset: content.charset)
        let counterWidth = DisplayText.width(glyphs)
        guard counterWidth < width else { return width }
        draw(glyphs, row: row, column: column + width - counterWidth, style: content.statusStyle(isError: isError))
        return width - counterWidth - 1
    }

    /// A meter across `columns`: `part` of `whole` filled (a gauge's percent, a pause's seconds
    /// left), in colour where the alert has it, then `label` right-aligned in the last five
    /// columns; the label alone where the columns are too few.
    package mutating func drawMeter(_ part: Int, of whole: Int, label text: String, row: Int, columns: Range<Int>,
                                    content: AlertContent) {
        let label = DisplayText.glyphs(text, charset: content.charset)
        let cells = columns.count - 5
        let labelStart = max(columns.upperBound - DisplayText.width(label), columns.lowerBound)
        guard cells >= 1 else {
            draw(label, row: row, column: labelStart)
            return
        }
        let filled = whole > 0 ? cells * min(max(part, 0), whole) / whole : 0
        let charset = content.charset
        fill(row: row, columns: columns.lowerBound..<(columns.lowerBound + filled), with: charset.barFilled,
             style: content.gaugeStyle)
        fill(row: row, columns: (columns.lowerBound + filled)..<(columns.lowerBound + cells), with: charset.barEmpty,
             style: content.statusStyle(isError: false))
        draw(label, row: row, column: labelStart, style: Style(bold: true))
    }
}
