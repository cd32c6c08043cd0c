import AskChoices
import AskFields
import AskGauge
import AskLayout
import AskModel
import AskSession
import AskKit
import AskPresentation
import AskRender
import AskText
import AskTextBox
import TestSupport

/// libFuzzer target: the action sheet. A list made of the input's bytes (invalid UTF-8, CR, TAB
/// and all) arrives in pieces the input cuts, between keys the input chooses, on a terminal
/// of the size it chooses (and the rows below the cursor it says), through the state, the
/// layout and the plain renderer, the list held to small limits. Nothing may trap; the sheet
/// fits the screen; the highlight stays among the choices shown (or, while the list arrives,
/// waits below the destructive ones), every choice shown is one of the list, the filter agrees
/// with a plain search (the syntax written out apart, `PlainFilter`) and shows its matches in
/// the order of the ranking (or of the list), the answer holds only choices of the list and never a line break or a
/// NUL, and the list never passes its limits (a line refused, or a full list, takes no more).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSheet(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard size >= 4 else { return 0 }
    let flags = bytes[0]
    var sheet = SheetSpec(source: .standardInput)
    sheet.allowsMultiple = flags & 1 != 0
    sheet.requiresSelection = flags & 2 != 0
    sheet.answer = flags & 4 != 0 ? .index : .value
    if flags & 8 != 0 { sheet.choices = [Choice("Delete", isDestructive: true), Choice("Keep", value: "k")] }
    if flags & 16 != 0 {
        sheet.selected = ["b", "k"]
        sheet.selectedIndices = [Int(bytes[2] % 8), 1]
    }
    var spec = PromptSpec(title: flags & 32 != 0 ? "Pick" : "", message: "")
    spec.body = .fields([])
    if flags & 64 != 0 { spec.cancelLabel = nil }
    sheet.sortsMatches = bytes[1] & 64 == 0
    spec.body = .choices(sheet)
    let plain = flags & 128 != 0
    let size = TerminalSize(rows: Int(bytes[1] % 40), columns: Int(bytes[2]))
    let content = AlertContent(spec: spec, charset: bytes[3] & 1 != 0 ? .ascii : .utf8, usesColor: bytes[3] & 2 != 0,
                               timeout: bytes[3] & 4 != 0 ? 5 : nil)
    let limits = ChoiceList.Limits(bytes: 200, count: 12, lineBytes: 24)
    var state = SheetState(spec: spec, loading: true, namesChoices: plain, limits: limits)
    // The rows below the cursor, as a terminal may say (more than the screen has, even).
    let roomBelow = bytes[3] & 8 != 0 ? Int(bytes[3] >> 4) * 3 : nil
    var layout = SheetLayout(content: content, size: size, state: state, roomBelow: roomBelow)
    var renderer = PlainSheetRenderer()
    _ = renderer.begin(content, state)
    let keys: [InputEvent] = [.key(.up), .key(.down), .key(.pageUp), .key(.pageDown), .key(.home), .key(.end), .key(.enter),
                              .key(.tab), .key(.backspace), .key(.left), .key(.right), .control("u"), .control("w"),
                              .control("n"), .control("p"), .control("d"), .character(" "), .character("1"),
                              .character("B"), .character("\u{E9}"), .pasteBegin, .pasted("x"), .pasted("\n"), .pasteEnd]
    var index = 4
    var ended = false
    while index < bytes.count && !ended {
        let byte = bytes[index]
        index += 1
        if byte < 0x60 {
            // A piece of the list: the next `byte % 32` bytes.
            let end = min(index + Int(byte % 32), bytes.count)
            let (before, took) = (state.list.count, state.list.takesInput)
            state.list.append(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[index..<end])))
            index = end
            if !took && state.list.count != before { fatalError("a list that took no more took more") }
            state.listGrew()
        } else if byte < 0x70 && state.isLoading {
            _ = state.listEnded()
        } else {
            let event = byte < 0xC0 ? InputEvent.character(Unicode.Scalar(byte - 0x60 + 0x20)) : keys[Int(byte) % keys.count]
            if case .finish = state.handle(event, page: layout.page, buttonOrder: layout.buttonOrder) { ended = true }
        }
        check(state)
        if !layout.isCurrent(for: state) {
            let before = layout
            layout = SheetLayout(content: content, size: size, state: state, roomBelow: roomBelow, labelWidths: layout.labelWidths)
            // The box never narrows while it is open (the size given is the same throughout).
            if !before.isCompact && !layout.isCompact && layout.width < before.width {
                fatalError("the box narrowed from \(before.width) to \(layout.width) columns")
            }
        }
        if layout.height > max(size.rows - 1, 1) { fatalError("a sheet of \(layout.height) rows on a screen of \(size.rows)") }
        _ = layout.render(state, countdown: 3)
        for byte in renderer.update(content, state) where byte < 0x20 && byte != 0x0D && byte != 0x0A && byte != 0x08 {
            fatalError("plain output wrote control \(byte)")
        }
    }
    for answer in state.answers() {
        if sheet.answer == .index {
            guard let number = Int(String(decoding: answer, as: UTF8.self)), number >= 1, number <= state.list.count else {
                fatalError("answered a choice not in the list")
            }
        } else if answer.contains(0x0A) || answer.contains(0) {
            fatalError("an answer holding a line break or a NUL: \(answer)")
        }
    }
    if state.list.count > limits.count { fatalError("\(state.list.count) choices, past the limit") }
    for index in 0..<state.list.count where state.list.withAnswer(at: index, { $0.count }) > limits.lineBytes {
        fatalError("a choice longer than a line may be")
    }
    return 0
}

/// The highlight is among the choices shown; each shown is in the list, once; the filter shows
/// exactly the choices a plain search finds.
func check(_ state: SheetState) {
    let shown = state.shownCount
    // While the list arrives, the highlight may wait just past the destructive choices for the
    // first that is not.
    if shown > 0 && !(0..<shown).contains(state.highlight) && !(state.isLoading && state.highlight == shown) {
        fatalError("highlight \(state.highlight) of \(shown)")
    }
    guard state.list.count <= 4096 else { return }
    var seen = Set<Int>()
    for position in 0..<shown {
        let index = state.choice(at: position)
        if !(0..<state.list.count).contains(index) || !seen.insert(index).inserted { fatalError("shown \(index)") }
    }
    let query = state.filter.query
    let expected = (0..<state.list.count).filter { index in
        state.list.withLabel(at: index) { PlainFilter.matches(query, Array($0)) }
    }
    if Set(expected) != seen { fatalError("the filter shows \(seen.count), a search finds \(expected.count)") }
    // Ranked: by score, then the shorter label, then the list's order; else the list's order
    // (--no-sort, nothing typed, or only negated terms, which score nothing).
    let ranked = state.sheet.sortsMatches && FilterQuery(query).groups.contains { $0.contains { !$0.negated } }
    func key(_ position: Int) -> (Int, Int, Int) {
        let index = state.choice(at: position)
        guard ranked else { return (0, 0, index) }
        return state.list.withLabel(at: index) { label in (-(ChoiceFilter.score(of: query, in: label) ?? 0), label.count, index) }
    }
    for position in 1..<max(shown, 1) where key(position - 1) > key(position) {
        fatalError("shown out of order at \(position): \(key(position - 1)) before \(key(position))")
    }
}
