import AskModel
import AskText

/// Where the keys go in an action sheet.
package enum SheetFocus: Equatable, Sendable {
    /// The list: the arrows move the highlight, typing filters.
    case list
    /// A button (Tab): Cancel, a checklist's Done (the OK role), or a personality's others.
    case button(ButtonRole)
    /// The text above the list, when it is a stop of the focus (`MessageLayout.takesFocus`).
    case message
}

/// An action sheet's state: the choices (still arriving, perhaps), the query that filters
/// them, the highlight, the marks of a checklist. Pure: events in, reactions out, as
/// `PromptState`; the session hands it what it reads of the list.
package struct SheetState {
    /// The alert around the list: its title, message and buttons.
    package let chrome: AlertChrome
    package let sheet: SheetSpec
    /// Every choice: those given one by one, then those read.
    package let list: ChoiceList
    /// The choices that match the query, in the order shown.
    package private(set) var filter: ChoiceFilter
    /// What was typed to filter.
    package private(set) var query = LineEditor(text: TextBuffer(capacity: 32, secret: false))
    /// The highlighted choice's place among those shown.
    package private(set) var highlight = 0
    package private(set) var focus = SheetFocus.list
    /// With `--multiple`: the marked choices, by their place in the list (a bit each).
    private var marks: [UInt64] = []
    package private(set) var markedCount = 0
    /// The list is still arriving.
    package private(set) var isLoading: Bool
    /// A bracketed paste being collected (what a query takes of it): the query is edited once,
    /// as it ends, and filters once.
    private var pasted: [UInt8]?
    /// A line under the list: why Return was refused.
    package private(set) var status: StatusLine?
    /// Plain output: the line Return refused (the prompt line shows it before the reason).
    package private(set) var refusedLine: [UInt8] = []
    /// How many times Return was refused (each is said, even when the reason is the same).
    package private(set) var refusals = 0
    /// `--selected` names not found yet (the list is still arriving).
    private var unresolved: [ChoiceName]
    /// The highlight was moved by a key: a `--selected` choice arriving later leaves it be.
    private var moved = false
    /// The first row shown, as the view scrolls it (a digit in dialog's list counts from it).
    private var shownTop = 0
    /// How many choices `--selected` was looked for in.
    private var searched = 0
    /// A `--selected` name (or index) chose where the highlight starts.
    private var selectionHighlights = false
    /// `--allow-other`: a choice's label is the query — folded, or with a capital in the query
    /// exactly, as the filter's smart case matches it, so that the choice is among the matches —
    /// (no row offers it then), as far as the list has been searched for it.
    private var queryNamesChoice = false
    private var searchedForQuery = 0
    /// The text answered instead of a choice (`--allow-other`), once chosen.
    package private(set) var chosenOther: [UInt8]?
    /// Plain output: what a line naming a destructive choice by its number found, waiting for
    /// an empty line to take it.
    private var numberedDestructive: [Int]?
    /// The destructive choices given one by one: the first in the list.
    private let destructiveCount: Int

    /// Plain output: the choices are listed once, and what is typed names them (a number, a
    /// label or a value; with `--multiple`, several, between spaces or commas) — Return takes
    /// it; nothing filters or moves.
    package let namesChoices: Bool

    /// `loading`: more choices are to come from the sheet's source (`listGrew`, then
    /// `listEnded`). `namesChoices`: plain output. `limits`: what the list may hold.
    package init(chrome: AlertChrome, sheet: SheetSpec, loading: Bool, namesChoices: Bool = false, limits: ChoiceList.Limits = .standard) {
        let list = ChoiceList(limits: limits, keepsStyles: sheet.keepsStyles, searchesDescriptions: sheet.searchesDescriptions)
        for choice in sheet.orderedChoices { list.append(label: choice.label, value: choice.value, description: choice.description) }
        self.init(chrome: chrome, sheet: sheet, list: list, loading: loading, namesChoices: namesChoices)
    }

    /// A sheet over a list already read (`list` holds the choices given one by one, then the
    /// lines read, and takes no more): the starting query's matches decided before anything
    /// is drawn (`--select-1`, `--exit-0`).
    package init(chrome: AlertChrome, sheet: SheetSpec, list: ChoiceList, namesChoices: Bool = false) {
        self.init(chrome: chrome, sheet: sheet, list: list, loading: false, namesChoices: namesChoices)
    }

    private init(chrome: AlertChrome, sheet: SheetSpec, list: ChoiceList, loading: Bool, namesChoices: Bool) {
        self.chrome = chrome.showing(sheet.buttonRow)
        self.namesChoices = namesChoices
        self.sheet = sheet
        self.list = list
        isLoading = loading
        unresolved = sheet.selected
        destructiveCount = sheet.choices.count(where: { $0.isDestructive })
        filter = ChoiceFilter(sorts: sheet.sortsMatches)
        for scalar in String(decoding: sheet.query, as: UTF8.self).unicodeScalars { _ = query.apply(.insert(scalar)) }
        filter.setQuery(queryBytes, in: list)
        // Return must never destroy by default: the highlight starts on the best match that is
        // not destructive (with nothing typed, below the destructive choices; on a place still
        // empty while the list arrives, where Return only rings).
        highlight = firstSafePosition
        resolveSelected()
        for index in sheet.selectedIndices where index < list.count {
            take(index)
            if sheet.allowsMultiple && markedCount == 1 && !sheet.startsAtTop, let position = filter.position(of: index) { highlight = position }
            selectionHighlights = true
            if !sheet.allowsMultiple { break }
        }
        if !loading { startSafely() }
        // dialog's lists: a button always has the focus, the default one first.
        if sheet.buttonsHoldFocus {
            let role = chrome.defaultButton ?? .ok
            focus = .button(chrome.buttons.contains { $0.role == role } ? role : .ok)
        }
        if chrome.messageLayout.startsWithFocus(defaultButton: chrome.defaultButton) { focus = .message }
    }

    /// Once the whole list is there: when every choice is destructive and none was selected,
    /// the highlight has nowhere safe to start, and Cancel takes the focus (as `--destructive`
    /// makes Cancel the alert's default); without Cancel, the first choice is highlighted.
    private mutating func startSafely() {
        guard !selectionHighlights, !moved, highlight >= shownCount else { return }
        highlight = 0
        if chrome.cancelLabel != nil && !namesChoices && list.count > 0 { focus = .button(.cancel) }
    }

    /// What Return answers before any key: the highlighted choice, unless the highlight has
    /// nowhere safe to start (every choice destructive, none selected); with `--multiple`,
    /// the marks (`chosen`).
    package var startsOnChoice: Bool {
        (focus == .list || sheet.buttonsHoldFocus) && highlight < shownCount && (selectionHighlights || choice(at: highlight) >= destructiveCount)
    }

    /// Where the first choice shown that is not destructive is (with nothing typed, just
    /// below the destructive ones, which come first).
    private var firstSafePosition: Int {
        guard filter.isFiltering else { return destructiveCount }
        return (0..<shownCount).first { filter.choice(at: $0) >= destructiveCount } ?? shownCount
    }

    /// Whether the sheet's digits choose: at most nine choices, all there, nothing typed.
    package var digitsChoose: Bool { sheet.typing.filters && !namesChoices && !isLoading && list.count <= 9 && query.isEmpty }

    /// The number of the choices shown (those that match the query).
    package var shownCount: Int { filter.count }

    /// The list index of the choice shown at `position`.
    package func choice(at position: Int) -> Int { filter.choice(at: position) }

    /// Whether choice `index` is destructive (those given with `--destructive-choice` come first).
    package func isDestructive(_ index: Int) -> Bool { index < destructiveCount }

    package func isMarked(_ index: Int) -> Bool {
        let word = index >> 6
        return word < marks.count && marks[word] & (1 << UInt64(index & 63)) != 0
    }

    /// The query's bytes.
    package var queryBytes: [UInt8] { query.text.withBytes { Array($0) } }

    // MARK: - Text of one's own

    /// `--allow-other`: a last row offers the query as the answer, since it names no choice.
    package var offersOther: Bool { sheet.allowsOther && !query.isEmpty && !queryNamesChoice && !namesChoices }

    /// The rows the list has: the matches, then the row offering the query.
    package var rowCount: Int { shownCount + (offersOther ? 1 : 0) }

    /// The highlight is on the row offering the query.
    package var highlightsOther: Bool { offersOther && highlight == shownCount }

    /// Looks for a choice the query names among those not searched yet.
    private mutating func searchForQuery() {
        guard sheet.allowsOther, !queryNamesChoice, !query.isEmpty, searchedForQuery < list.count else { return }
        let name = ChoiceName(queryBytes, exactCase: TextFold.hasUppercase(queryBytes))
        while searchedForQuery < list.count && !queryNamesChoice {
            // By its label: a value is not shown, and offering it answers the same bytes.
            queryNamesChoice = list.withLabel(at: searchedForQuery) { name.names($0) }
            searchedForQuery += 1
        }
    }

    /// Answers `text` instead of a choice (a line naming none, without the sheet).
    package mutating func takeOther(_ text: [UInt8]) {
        chosenOther = text
    }

    // MARK: - The list arriving

    /// More choices were read: they are filtered, and a `--selected` one among them takes the
    /// highlight (unless a key moved it already).
    package mutating func listGrew() {
        filter.listGrew(list)
        searchForQuery()
        resolveSelected()
        // A full list reads no more: it is complete as it is.
        if list.isFull && isLoading {
            isLoading = false
            startSafely()
        }
    }

    /// What is wrong with the list read so far: a line refused (the sheet then ends).
    package var listProblem: SheetProblem? {
        list.refusal.map { .lineRefused(line: $0.line, $0.reason) }
    }

    /// The list is complete. Returns what is wrong with it, if anything: none at all, or a
    /// `--selected` that names none of them.
    package mutating func listEnded() -> SheetProblem? {
        list.finish()
        isLoading = false
        listGrew()
        if let listProblem { return listProblem }
        if list.count == 0 { return .noChoices }
        startSafely()
        if let name = unresolved.first { return .noSuchChoice(name.text) }
        return nil
    }

    /// Looks for the `--selected` names among the choices not searched yet.
    private mutating func resolveSelected() {
        guard !unresolved.isEmpty, searched < list.count else { return }
        for index in searched..<list.count {
            // Every name that names it is resolved (two names may name one choice).
            let before = unresolved.count
            unresolved.removeAll { list.isNamed($0, at: index) }
            guard unresolved.count < before else { continue }
            // (no more than `--limit` are marked first)
            if sheet.allowsMultiple && markedCount < sheet.mostMarks ?? .max { setMark(index, true) }
            if !moved, (!sheet.allowsMultiple || markedCount == 1 && !sheet.startsAtTop), let position = filter.position(of: index) {
                highlight = position
                selectionHighlights = true
            }
            if unresolved.isEmpty { break }
        }
        searched = list.count
    }

    // MARK: - Events

    /// Applies one event. What the view decided is handed with it, never worked out again here:
    /// `page`, how many choices it shows at once (PgUp and PgDn); `buttonOrder`, the buttons as
    /// it draws them, leading to trailing side by side or top to bottom stacked (Tab and the
    /// arrows follow it).
    package mutating func handle(_ event: InputEvent, page: Int, buttonOrder: [ButtonRole]) -> Reaction {
        if namesChoices { return handleNaming(event) }
        // The first row shown, as the view scrolls: as little as keeps the highlight in view.
        shownTop = min(max(shownTop, highlight - max(page, 1) + 1), highlight)
        if !sheet.typing.filters {
            switch event {
            case .pasteBegin, .pasteEnd, .pasted: return .proceed  // (nothing to paste into)
            default: break
            }
        }
        switch event {
        case .pasteBegin:
            pasted = []
            return .proceed
        case .pasteEnd:
            return insertPasted()
        case let .pasted(scalar):
            // A pasted line break or control is not part of a query.
            guard scalar.value >= 0x20, scalar.value != 0x7F else { return .proceed }
            guard pasted != nil else { return edit(.insert(scalar)) }
            UTF8.encode(scalar) { pasted?.append($0) }
            return .proceed
        case .invalid:
            return .bell
        case .unknown, .cursorReport, .terminalKind:
            return .proceed
        default:
            break
        }
        if focus == .message { return handleOnMessage(event, buttonOrder) }
        let action: Action
        switch (sheet.typing.filters ? Self.keys : Self.listKeys).action(for: event) ?? .field(.ignore) {
        case let .move(step) where onWhiptailsButton:
            return stepFocus(step, buttonOrder)
        case let .move(step):
            return move(to: highlight + step)
        case .first where sheet.typing == .checkBoxes || onWhiptailsButton, .last where sheet.typing == .checkBoxes || onWhiptailsButton:
            return .proceed  // (whiptail's check boxes, and its buttons, take neither)
        case .first:
            return move(to: 0)
        case .last:
            return move(to: rowCount - 1)
        case let .jump(scalar):
            return jump(scalar, page: page)
        case let .marks(bulk):
            // (a list that is no checklist: Ctrl-A is the filter's, to its start)
            guard sheet.allowsMultiple && !sheet.marksOne else { return bulk == .all ? edit(.moveToStart) : .bell }
            if !sheet.buttonsHoldFocus { focus = .list }
            return markShown(bulk)
        case let .page(step) where onWhiptailsButton:
            return stepFocus(step * (buttonOrder.count + 1), buttonOrder)
        case let .page(step):
            return move(to: min(max(highlight + step * max(page, 1), 0), rowCount - 1))
        case let .field(fieldAction):
            action = fieldAction
        }
        if let shared = KeyBindings.sharedReaction(action) { return shared }
        switch action {
        case .cancel, .interrupt, .suspend, .redraw:
            return .proceed  // (taken above)
        case .focusNext, .focusPrevious:
            return goRound(by: action == .focusNext ? 1 : -1, buttonOrder)
        case .activate:
            return activate(focus)
        case let .press(scalar):
            if focus != .list && !sheet.buttonsHoldFocus {
                if scalar == " " { return activate(focus) }
                focus = .list
            }
            if sheet.allowsMultiple && scalar == " " { return toggle(highlight) }
            // (a personality's menu: only Space is pressed)
            if sheet.typing == .jumpsRound { return activate(focus) }
            if !sheet.typing.filters { return .proceed }
            if digitsChoose, let digit = Int(String(scalar)), digit >= 1, digit <= list.count {
                highlight = digit - 1
                moved = true
                // One key never destroys: a digit naming a destructive choice only moves the
                // highlight to it, and Return (or Space, to mark it) is still to be pressed.
                if isDestructive(choice(at: highlight)) { return .proceed }
                return sheet.allowsMultiple ? toggle(highlight) : choose()
            }
            return edit(.insert(scalar))
        case .endOfInput:
            return query.isEmpty ? .finish(.cancelled) : edit(.deleteForward)
        case let .edit(command):
            if sheet.typing == .checkBoxes && focus == .list { return command == .deleteBackward ? move(to: highlight - 1) : .proceed }
            if onWhiptailsButton && command == .deleteBackward { return stepFocus(-1, buttonOrder) }
            return sheet.typing.filters ? edit(command) : .proceed
        case let .arrow(key):
            if sheet.typing == .checkBoxes && focus == .list { return move(to: highlight + (key == .left ? -1 : 1)) }
            if onWhiptailsButton || (sheet.typing.arrowsMoveTheFocus && key == .right) { return stepFocus(key == .left ? -1 : 1, buttonOrder) }
            guard focus != .list else { return sheet.typing.filters ? edit(key == .left ? .moveLeft : .moveRight) : .proceed }
            // Between the buttons, as in the alert: no further than either end (dialog's: round).
            let buttonFocuses = buttonOrder.map(SheetFocus.button)
            guard let current = buttonFocuses.firstIndex(of: focus) else { return .bell }
            var at = current + (key == .left ? -1 : 1)
            if sheet.typing == .jumpsRound { at = (at + buttonFocuses.count) % buttonFocuses.count }
            guard buttonFocuses.indices.contains(at) else { return .bell }
            focus = buttonFocuses[at]
            return .proceed
        case .toggleReveal, .ignore, .lineBreak, .finishEntry, .moveRow, .complete, .recall:  // (a field's own keys: none here)
            return .proceed
        }
    }

    /// Return on the list or on a button, Space on a button: the list's Return is the default
    /// button's (OK unless a personality names another, as dialog's `--default-button` does).
    private mutating func activate(_ focus: SheetFocus) -> Reaction {
        switch focus {
        case .list: return choose(chrome.defaultButton ?? .ok)
        case let .button(role): return choose(role)
        case .message: return .proceed
        }
    }

    /// Plain output: keys edit the line that names the choices; Return takes it.
    private mutating func handleNaming(_ event: InputEvent) -> Reaction {
        switch event {
        case .pasteBegin, .pasteEnd, .unknown, .cursorReport, .terminalKind:
            return .proceed
        case let .pasted(scalar):
            guard scalar.value >= 0x20, scalar.value != 0x7F, query.apply(.insert(scalar)) else { return .proceed }
            return .proceed
        case .invalid:
            return .bell
        default:
            break
        }
        let action = KeyBindings.action(for: event)
        if let shared = KeyBindings.sharedReaction(action) { return shared }
        switch action {
        case .cancel, .interrupt, .suspend, .redraw:
            return .proceed  // (taken above)
        case .activate:
            return takeNamed()
        case let .press(scalar):
            status = nil
            return query.apply(.insert(scalar)) ? .proceed : .bell
        case .endOfInput:
            return query.isEmpty ? .finish(.cancelled) : (query.apply(.deleteForward) ? .proceed : .bell)
        case let .edit(command):
            status = nil
            return query.apply(command) ? .proceed : .bell
        case let .arrow(key) where key == .left || key == .right:
            return query.apply(key == .left ? .moveLeft : .moveRight) ? .proceed : .bell
        case .arrow, .focusNext, .focusPrevious, .toggleReveal, .ignore, .lineBreak, .finishEntry, .moveRow, .complete, .recall:
            return .bell
        }
    }

    /// Return in plain output: the choices the line names, or why not (and the line starts again).
    private mutating func takeNamed() -> Reaction {
        let line = queryBytes
        let confirming = numberedDestructive
        numberedDestructive = nil
        // An empty line after a destructive choice's number takes what the number named.
        if line.isEmpty, let confirming {
            for index in confirming { take(index) }
            return .finish(.accepted(.ok))
        }
        // An empty line takes what Return would in the drawn sheet.
        if line.isEmpty && !sheet.allowsMultiple && startsOnChoice { return .finish(.accepted(.ok)) }
        var names: [ArraySlice<UInt8>] = [line[...]]
        if sheet.allowsMultiple {
            names = line.split(whereSeparator: { $0 == 0x20 || $0 == 0x2C })
        }
        var found: [Int] = []
        if sheet.allowsOther && !sheet.allowsMultiple && !line.isEmpty && line.withUnsafeBytes({ index(named: $0) }) == nil {
            chosenOther = line
            return .finish(.accepted(.ok))
        }
        for name in names {
            guard let index = index(named: name) else {
                let shown = String(decoding: name, as: UTF8.self)
                status = StatusLine(line.isEmpty ? tr("Type a number or a name") : tr("No choice is named '%s'", shown), isError: true)
                refusedLine = line
                refusals += 1
                query.clear()
                return .bell
            }
            found.append(index)
        }
        // (the names are added to those marked already)
        let named = Set(found + (sheet.allowsMultiple ? chosen : [])).count
        if named < sheet.leastMarked || sheet.allowsMultiple && named > (sheet.mostMarks ?? named) {
            refusedLine = line
            return refuse(named < sheet.leastMarked ? Self.fewestWords(sheet.leastMarked) : Self.mostWords(sheet.mostMarks ?? named))
        }
        // A number is a key or two from another: one naming a destructive choice is said back,
        // and an empty line takes it (a name typed out in full is taken as it is).
        if let named = names.first(where: { isNumber($0) && index(named: $0).map(isDestructive) == true }),
           let index = index(named: named) {
            numberedDestructive = found
            let label = list.withLabel(at: index) { String(decoding: $0, as: UTF8.self) }
            status = StatusLine(tr("%s is destructive: Enter chooses it, or type another", label), isError: true)
            refusedLine = line
            refusals += 1
            query.clear()
            return .proceed
        }
        for index in found { take(index) }
        return .finish(.accepted(.ok))
    }

    private func isNumber(_ name: ArraySlice<UInt8>) -> Bool {
        !name.isEmpty && name.allSatisfy { (0x30...0x39).contains($0) }
    }

    private func index(named name: ArraySlice<UInt8>) -> Int? {
        Array(name).withUnsafeBytes { index(named: $0) }
    }

    /// Tab's stops: the message when it is one, the list, then the buttons as they are drawn
    /// (side by side Cancel, then Done; stacked Done, then Cancel), and round (dialog's: the
    /// buttons alone); `step` places on.
    private mutating func goRound(by step: Int, _ buttonOrder: [ButtonRole]) -> Reaction {
        let order = (chrome.messageLayout.takesFocus ? [SheetFocus.message] : []) + (sheet.buttonsHoldFocus ? [] : [SheetFocus.list])
            + buttonOrder.map(SheetFocus.button)
        guard order.count > 1, let at = order.firstIndex(of: focus) else { return .bell }
        focus = order[(at + step + order.count) % order.count]
        return .proceed
    }

    /// A key while the message has the focus: the keys every alert shares, and those that go on
    /// to the next stop or round; any other does nothing.
    private mutating func handleOnMessage(_ event: InputEvent, _ buttonOrder: [ButtonRole]) -> Reaction {
        let action = KeyBindings.action(for: event)
        if let shared = KeyBindings.sharedReaction(action) { return shared }
        guard let step = KeyBindings.stepFromMessage(action) else { return .proceed }
        return goRound(by: step, buttonOrder)
    }

    /// A button of whiptail's list has the focus: the arrows, PgUp, PgDn and Backspace move it
    /// (`ListTyping.arrowsMoveTheFocus`), Home and End do nothing.
    private var onWhiptailsButton: Bool { focus != .list && sheet.typing.arrowsMoveTheFocus }

    /// An arrow in whiptail's list moving the focus (`ListTyping.arrowsMoveTheFocus`): `step`
    /// places on among the list and the buttons as drawn, no further than either end (a page,
    /// PgUp or PgDn on a button, goes to the end).
    private mutating func stepFocus(_ step: Int, _ buttonOrder: [ButtonRole]) -> Reaction {
        let order = [SheetFocus.list] + buttonOrder.map(SheetFocus.button)
        guard let at = order.firstIndex(of: focus) else { return .proceed }
        focus = order[min(max(at + step, 0), order.count - 1)]
        return .proceed
    }

    /// A character typed in a personality's list (`ListTyping`): the highlight moves to the
    /// next choice whose label starts with it, as whiptail's or dialog's list moves it.
    private mutating func jump(_ scalar: Unicode.Scalar, page: Int) -> Reaction {
        guard focus == .list || sheet.buttonsHoldFocus else { return .proceed }  // (whiptail: a button takes no letters)
        let count = shownCount
        func startsWith(_ position: Int) -> Bool {
            list.withLabel(at: filter.choice(at: position)) { label in
                guard let first = label.first else { return false }
                if sheet.typing == .jumpsOnward { return first < 0x80 && TextFold.lowercase(Unicode.Scalar(first)) == TextFold.lowercase(scalar) }
                let decoded = label.withMemoryRebound(to: UInt8.self) { TextFold.decode($0, at: 0) }
                return decoded.scalar.map(TextFold.lowercase) == TextFold.lowercase(scalar)
            }
        }
        var found: Int?
        switch sheet.typing {
        case .jumpsOnward:
            guard scalar.isASCII, (0x61...0x7A).contains(TextFold.lowercase(scalar).value), count > 0 else { return .proceed }  // (an ASCII letter)
            let from = highlight < count && startsWith(highlight) ? highlight + 1 : 0
            found = (from..<count).first(where: startsWith)
        case .jumpsRound:
            for step in 1...max(count, 1) where found == nil && count > 0 && startsWith((highlight + step) % count) {
                found = (highlight + step) % count
            }
            // A digit no label starts with: that row of those shown.
            if found == nil, let digit = Int(String(scalar)), digit >= 1, digit <= 9, digit <= page, shownTop + digit - 1 < count {
                found = shownTop + digit - 1
            }
        case .filters, .checkBoxes:
            return .proceed
        }
        guard let found, found != highlight else { return .proceed }
        highlight = found
        moved = true
        return .proceed
    }

    /// Moves the highlight to `position`; beyond either end, or where it is, it stays and the
    /// bell rings.
    private mutating func move(to position: Int) -> Reaction {
        if !sheet.buttonsHoldFocus { focus = .list }
        guard (0..<rowCount).contains(position), position != highlight else { return .bell }
        highlight = position
        moved = true
        return .proceed
    }

    /// Edits the query, then filters again; the highlight goes to the best match.
    private mutating func edit(_ command: EditCommand) -> Reaction {
        if !sheet.buttonsHoldFocus { focus = .list }
        guard query.apply(command) else { return .bell }
        return queryEdited()
    }

    /// The paste's end: what it held goes into the query in one edit.
    private mutating func insertPasted() -> Reaction {
        defer { pasted = nil }
        guard let pasted, !pasted.isEmpty else { return .proceed }
        if !sheet.buttonsHoldFocus { focus = .list }
        pasted.withUnsafeBytes { query.insert(utf8: $0) }
        return queryEdited()
    }

    /// The query changed: the list is filtered by it.
    private mutating func queryEdited() -> Reaction {
        let bytes = queryBytes
        if bytes != filter.query {
            filter.setQuery(bytes, in: list)
            highlight = 0
            moved = true
            queryNamesChoice = false
            searchedForQuery = 0
            searchForQuery()
        }
        status = nil
        return .proceed
    }

    /// What Return says in a checklist with nothing marked that must have a mark.
    package static var markAtLeastOne: String { tr("Mark at least one choice (Space)") }

    /// Return: the highlighted choice, or with `--multiple` the marked ones; a button of a
    /// personality's ends with its role (Cancel with none, Help with the highlighted choice).
    private mutating func choose(_ role: ButtonRole = .ok) -> Reaction {
        if role == .cancel { return .finish(.accepted(.cancel)) }
        if role == .help { return highlight < shownCount ? .finish(.accepted(.help)) : .bell }
        if sheet.allowsMultiple {
            if markedCount < sheet.leastMarked {
                if !sheet.buttonsHoldFocus { focus = .list }
                return refuse(Self.fewestWords(sheet.leastMarked, space: true))
            }
            return .finish(.accepted(role))
        }
        if highlightsOther {
            chosenOther = queryBytes
            return .finish(.accepted(role))
        }
        guard highlight < shownCount else { return .bell }
        return .finish(.accepted(role))
    }

    /// The time ran out with `--on-timeout accept`: the highlighted choice, or the marked ones,
    /// as Return would take them — but never a destructive choice, highlighted or marked (the
    /// time presses Cancel instead). The outcome, or nil when the rules refuse what stands (`status` says why).
    package mutating func pressAtTimeout() -> Outcome? {
        if !sheet.allowsMultiple, let index = highlighted, isDestructive(index) { return .accepted(.cancel) }
        if sheet.allowsMultiple, (0..<destructiveCount).contains(where: isMarked) { return .accepted(.cancel) }
        if case let .finish(outcome) = choose(chrome.timeoutRole) { return outcome }
        if !sheet.allowsMultiple { return .accepted(.cancel) }
        return nil
    }

    private mutating func toggle(_ position: Int) -> Reaction {
        guard position < shownCount else { return .bell }
        let index = filter.choice(at: position)
        let marking = sheet.marksOne || !isMarked(index)
        if marking && !sheet.marksOne && !isMarked(index), let most = sheet.mostMarks, markedCount >= most {
            return refuse(Self.mostWords(most))
        }
        setMark(index, marking)
        status = nil
        return .proceed
    }

    /// Ctrl-A, Alt-A, Ctrl-T in a checklist: every choice shown (those the filter lets through)
    /// marked, unmarked or turned over. Marking all stops at `--limit`, and says so; turning
    /// over what would pass it is refused whole. Ctrl-A with every one shown marked already
    /// unmarks them (as gum's does).
    private mutating func markShown(_ bulk: BulkMark) -> Reaction {
        let shown = (0..<shownCount).map(filter.choice(at:))
        var bulk = bulk
        if bulk == .all && shown.allSatisfy(isMarked) { bulk = .none }
        switch bulk {
        case .all:
            for index in shown where !isMarked(index) {
                if let most = sheet.mostMarks, markedCount >= most { return refuse(Self.mostWords(most)) }
                setMark(index, true)
            }
        case .none:
            for index in shown { setMark(index, false) }
        case .invert:
            let turned = shown.reduce(0) { $0 + (isMarked($1) ? -1 : 1) }
            if let most = sheet.mostMarks, markedCount + turned > most { return refuse(Self.mostWords(most)) }
            for index in shown { setMark(index, !isMarked(index)) }
        }
        status = nil
        return .proceed
    }

    /// Return, or a mark, refused: the line under the list says why, and the bell rings.
    private mutating func refuse(_ reason: String) -> Reaction {
        status = StatusLine(reason, isError: true)
        refusals += 1
        return .bell
    }

    /// Why Done is refused under `--min` (or `--required`); `space`: the key that marks said too.
    static func fewestWords(_ count: Int, space: Bool = false) -> String {
        if count == 1 { return space ? markAtLeastOne : tr("Mark at least one choice") }
        return space ? trn("Mark at least %d choice (Space)", "Mark at least %d choices (Space)", count)
            : trn("Mark at least %d choice", "Mark at least %d choices", count)
    }

    /// Why a mark is refused under `--limit`.
    static func mostWords(_ count: Int) -> String {
        count == 1 ? tr("Mark at most one choice") : trn("Mark at most %d choice", "Mark at most %d choices", count)
    }

    /// Every reason the bounds of `sheet` can give (`--min`, `--required`, `--limit`).
    package static func boundsWords(_ sheet: SheetSpec) -> [String] {
        (sheet.leastMarked > 0 ? [fewestWords(sheet.leastMarked, space: true)] : []) + (sheet.mostMarks.map { [mostWords($0)] } ?? [])
    }

    /// Marks or unmarks choice `index`; in a radio list, marking it unmarks the others.
    private mutating func setMark(_ index: Int, _ marked: Bool) {
        if marked && sheet.marksOne && markedCount > 0 && !isMarked(index) {
            marks = marks.map { _ in 0 }
            markedCount = 0
        }
        let word = index >> 6
        if word >= marks.count { marks += Array(repeating: 0, count: word + 1 - marks.count) }
        let bit: UInt64 = 1 << UInt64(index & 63)
        guard (marks[word] & bit != 0) != marked else { return }
        marks[word] ^= bit
        markedCount += marked ? 1 : -1
    }

    // MARK: - Without the sheet

    /// The choice `name` names: its number as shown unfiltered (from 1), its label or its value.
    package func index(named name: UnsafeRawBufferPointer) -> Int? {
        if !name.isEmpty, name.count <= 18, name.allSatisfy({ (0x30...0x39).contains($0) }),
           let number = Int(String(decoding: name, as: UTF8.self)), (1...max(list.count, 1)).contains(number), number <= list.count {
            return number - 1
        }
        let name = ChoiceName(Array(name))
        return (0..<list.count).first { list.isNamed(name, at: $0) }
    }

    /// Chooses choice `index` (with `--multiple`, marks it).
    package mutating func take(_ index: Int) {
        if sheet.allowsMultiple {
            setMark(index, true)
        } else if let position = filter.position(of: index) {
            highlight = position
        }
    }

    /// Whether Return would accept now: not when `--required` finds nothing marked, `--min` too
    /// few, or `--limit` too many (named on standard input).
    package var canAccept: Bool {
        markedCount >= sheet.leastMarked && !(sheet.allowsMultiple && markedCount > sheet.mostMarks ?? .max)
    }

    // MARK: - The answer

    /// The highlighted choice's list index, when one is.
    package var highlighted: Int? { highlight < shownCount ? filter.choice(at: highlight) : nil }

    /// The chosen choices' list indices, in list order: the highlighted one, or the marked ones.
    package var chosen: [Int] {
        if chosenOther != nil { return [] }
        guard sheet.allowsMultiple else { return highlight < shownCount ? [filter.choice(at: highlight)] : [] }
        var result: [Int] = []
        result.reserveCapacity(markedCount)
        for (word, bits) in marks.enumerated() where bits != 0 {
            for bit in 0..<64 where bits & (1 << UInt64(bit)) != 0 { result.append(word << 6 | bit) }
        }
        return result
    }

    /// What is printed for each chosen choice: its value (or label), or its place counted from 1.
    package func answers() -> [[UInt8]] {
        if let chosenOther { return [chosenOther] }
        return chosen.map { index in
            var answer: [UInt8] = []
            appendAnswer(of: index, to: &answer)
            return answer
        }
    }

    /// Appends what is printed for choice `index` (its value or label, or its place counted from 1).
    package func appendAnswer(of index: Int, to bytes: inout [UInt8]) {
        switch sheet.answer {
        case .value: list.withAnswer(at: index) { bytes.append(contentsOf: $0) }
        case .index: bytes.append(contentsOf: String(index + 1).utf8)
        }
    }
}

/// What a checklist's bulk keys do to every choice shown.
package enum BulkMark: Equatable, Sendable {
    /// Ctrl-A: mark them (gum's Ctrl-A, fzf's `select-all`).
    case all
    /// Alt-A: unmark them (fzf's `deselect-all`).
    case none
    /// Ctrl-T: mark the unmarked and unmark the marked (fzf's `toggle-all`).
    case invert
}

/// What a key does in an action sheet.
package enum SheetAction: Equatable, Sendable {
    /// Moves the highlight by this many choices.
    case move(Int)
    case first, last
    /// Moves the highlight by this many pages.
    case page(Int)
    /// A character typed in a personality's list: to the next choice it starts (`ListTyping`).
    case jump(Unicode.Scalar)
    /// In a checklist, every choice shown at once.
    case marks(BulkMark)
    /// What the key does in a field: types into the query, edits it, Return, Tab, Esc.
    case field(Action)
}

extension SheetState {
    /// The action sheet's key table: `--help`, README and the man page print it.
    package static let keys = KeyMap<SheetAction>([
        KeyRow("Up / Down, Ctrl-P / Ctrl-N", "move the highlight", [
            KeyBinding(.key(.up), .move(-1)), KeyBinding(.key(.down), .move(1)),
            KeyBinding(.control("p"), .move(-1)), KeyBinding(.control("n"), .move(1)),
        ]),
        KeyRow("Home / End, PgUp / PgDn", "to the first or last choice, a page up or down", [
            KeyBinding(.key(.home), .first), KeyBinding(.key(.end), .last),
            KeyBinding(.key(.pageUp), .page(-1)), KeyBinding(.key(.pageDown), .page(1)),
        ]),
        KeyRow("1-9", "with at most nine choices and nothing typed: choose that one at once (with `--multiple`, mark it); "
               + "a destructive choice's digit only moves the highlight to it, and Return chooses it",
               [KeyBinding(.digit) { .field(KeyBindings.typed($0)) }]),
        KeyRow("typing", "filter: the choices holding the typed characters in order (fuzzy), best first (see Filtering), "
               + "case-insensitive unless the term has a capital; the matched characters are highlighted and the matches "
               + "counted", [KeyBinding(.character) { .field(KeyBindings.typed($0)) }]),
        KeyRow("Backspace / Ctrl-U", "widen the filter again / clear it", [
            KeyBinding(.key(.backspace), .field(.edit(.deleteBackward))), KeyBinding(.control("u"), .field(.edit(.deleteToStart))),
        ]),
        // The rest of a field's editing rows, but the keys the list binds otherwise above.
        KeyRow("Left/Right, Ctrl-E, Ctrl-W and the rest", "move and edit in the filter as in a field (see Keys); on a button, Left / Right move between the buttons",
               KeyBindings.editingBindings(except: [.key(.home), .key(.end), .key(.backspace), .control("u"), .control("a")]).map { binding in
                   KeyBinding(binding.chord) { .field(binding.action($0)) }
               }),
        KeyRow("Return", "choose the highlighted choice (with `--multiple`, accept the marked ones); on a button, press it",
               [KeyBinding(.key(.enter), .field(.activate))]),
        KeyRow("Space", "with `--multiple`: mark or unmark the highlighted choice; on a button, press it",
               [KeyBinding(.scalar(" "), .field(.press(" ")))]),
        KeyRow("Ctrl-A / Alt-A / Ctrl-T", "with `--multiple`: mark every choice shown (all of them, or those the filter shows; when "
               + "all are marked, unmark them) / unmark them / turn their marks over, within `--limit`; without it, Ctrl-A moves to "
               + "the start of the filter", [
            KeyBinding(.control("a"), .marks(.all)), KeyBinding(.alt("a"), .marks(.none)), KeyBinding(.control("t"), .marks(.invert)),
        ]),
        KeyRow("Tab / Shift-Tab", "move to the Cancel button (then, with `--multiple`, the Done button beside it; stacked, when a label is too long for both to stand side by side, "
               + "Done above Cancel, top first) and back to the list", [
            KeyBinding(.key(.tab), .field(.focusNext)), KeyBinding(.key(.tab, .shift), .field(.focusPrevious)),
        ]),
        KeyRow("Esc", "cancel", [KeyBinding(.key(.escape), .field(.cancel))]),
        KeyRow("Ctrl-D", "cancel when nothing is typed; otherwise delete forward", [KeyBinding(.control("d"), .field(.endOfInput))]),
    ] + KeyMap(KeyBindings.shared).mapped { .field($0) })

    /// The keys of a whiptail or dialog list (`ask --whiptail`, `ask --dialog`: `ListTyping`),
    /// as those programs' lists take them; `--help`, README and the man page print it.
    package static let listKeys = KeyMap<SheetAction>([
        KeyRow("Up / Down", "move the highlight; whiptail, on a button: to the next or previous button, or back to the list",
               [KeyBinding(.key(.up), .move(-1)), KeyBinding(.key(.down), .move(1))]),
        KeyRow("Home / End, PgUp / PgDn", "to the first or last choice (not in whiptail's checklist and radio list), a page up or down; "
               + "whiptail, on a button: Home and End nothing, PgUp / PgDn to the list / the last button", [
            KeyBinding(.key(.home), .first), KeyBinding(.key(.end), .last),
            KeyBinding(.key(.pageUp), .page(-1)), KeyBinding(.key(.pageDown), .page(1)),
        ]),
        KeyRow("a letter or digit", "move to the next choice whose tag starts with it, in any case; nothing is chosen until Return. "
               + "dialog: any character, round past the end, and a digit 1-9 no tag starts with moves to that row of those shown; "
               + "whiptail's menu: letters only, to the first such tag unless the highlighted one starts with it, and past the "
               + "last the highlight stays; whiptail's checklist and radio list: nothing",
               [KeyBinding(.character) { event in if case let .character(scalar) = event { return .jump(scalar) }; return .field(.ignore) }]),
        KeyRow("Space", "in a checklist or radio list, mark the highlighted choice; in dialog's menu, as Return; on whiptail's button, press it",
               [KeyBinding(.scalar(" "), .field(.press(" ")))]),
        KeyRow("Left / Right, Backspace", "dialog: between the buttons, round; whiptail's menu: Right to the OK button; whiptail's "
               + "checklist and radio list: up / down, Backspace up; whiptail, on a button: to the next or previous button, or "
               + "back to the list (Backspace too)", [
            KeyBinding(.key(.left), .field(.arrow(.left))), KeyBinding(.key(.right), .field(.arrow(.right))),
            KeyBinding(.key(.backspace), .field(.edit(.deleteBackward))),
        ]),
        KeyRow("Tab / Shift-Tab", "whiptail: the list, then the buttons; dialog: the buttons (the arrows and letters act on the list all the same)", [
            KeyBinding(.key(.tab), .field(.focusNext)), KeyBinding(.key(.tab, .shift), .field(.focusPrevious)),
        ]),
        KeyRow("Return", "choose the highlighted choice (a checklist: the marked ones; a radio list: the marked one); on a button, press it",
               [KeyBinding(.key(.enter), .field(.activate))]),
        KeyRow("Esc", "cancel", [KeyBinding(.key(.escape), .field(.cancel))]),
    ] + KeyMap(KeyBindings.shared).mapped { .field($0) })
}

/// What can be wrong with a list of choices once it has all arrived.
package enum SheetProblem: Equatable, Sendable {
    case noChoices
    /// `--selected` names none of the choices.
    case noSuchChoice(String)
    /// A line of the list, counted from 1, was refused (`ChoiceList.refusal`).
    case lineRefused(line: Int, ChoiceList.Refusal)
    /// The list could not be read (the reader knows why).
    case unreadable
}

extension ChoiceList {
    /// Whether choice `index` is called `name`: its label or its value (`ChoiceName`).
    package func isNamed(_ name: ChoiceName, at index: Int) -> Bool {
        withLabel(at: index) { name.names($0) } || (hasValue(at: index) && withAnswer(at: index) { name.names($0) })
    }
}
