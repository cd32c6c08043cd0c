import AskLayout
import AskModel
import AskRender
import AskSession
import AskText

/// A list of choices — the action sheet's control — with its Cancel. Its state is
/// `SheetState`, its layout `SheetLayout`, its plain form `PlainSheetRenderer`; its source is the
/// list read while it shows (`--choices-from`).
package struct ChoicesControl: Control {
    package private(set) var state: SheetState
    private var plain = PlainSheetRenderer()
    package private(set) var problem: SheetProblem?

    /// `plain`: plain output (the choices are named by a line). `loading`: more choices come from
    /// the sheet's source. `limits`: what the list may hold.
    package init(chrome: AlertChrome, sheet: SheetSpec, plain: Bool = false, limits: ChoiceList.Limits = .standard) {
        state = SheetState(chrome: chrome, sheet: sheet, loading: sheet.source != nil, namesChoices: plain, limits: limits)
    }

    /// Over a list already read in full (`SheetState.init(chrome:sheet:list:)`): nothing more arrives.
    package init(chrome: AlertChrome, sheet: SheetSpec, plain: Bool = false, list: ChoiceList) {
        state = SheetState(chrome: chrome, sheet: sheet, list: list, namesChoices: plain)
    }

    package static var keys: KeyMap<SheetAction> { SheetState.keys }

    package var chrome: AlertChrome { state.chrome }
    package var initialViewState: SheetView { SheetView() }

    package mutating func handle(_ event: InputEvent, in frame: Frame<ChoicesView>?) -> Reaction {
        // The frame's decisions, handed with the key: how many choices a page is, and the
        // buttons as drawn (stacked or side by side); in plain output none is drawn.
        state.handle(event, page: frame?.plan.listRows ?? 1, buttonOrder: frame?.buttonOrder ?? Plain.buttonOrder(of: state.chrome))
    }


    /// The list arriving: filtered as it comes; a line refused, or a list that ended with
    /// nothing to choose, ends the sheet (`problem`).
    package mutating func take(_ input: SourceInput) -> Reaction {
        switch input {
        case let .bytes(bytes):
            state.list.append(bytes: bytes)
            state.listGrew()
            problem = state.listProblem
        case .ended:
            problem = state.listEnded()
        case .failed:
            problem = .unreadable
        }
        return problem == nil ? .proceed : .finish(.cancelled)
    }

    package var readsSource: Bool { state.isLoading }

    /// The chosen choices' labels (a checklist's marked ones, in list order).
    package func keptAnswer(_ outcome: Outcome, content: AlertContent) -> [Glyph]? {
        guard outcome.printsAnswer else { return nil }
        if let other = state.chosenOther { return DisplayText.glyphs(String(decoding: other, as: UTF8.self), charset: content.charset) }
        let chosen = outcome == .accepted(.help) ? state.highlighted.map { [$0] } ?? [] : state.chosen
        // A tag and its item (a personality's list) two spaces apart.
        let tagWidth = state.sheet.tagColumns ? 0 : nil
        return KeptLine.joined(chosen.map { index in
            state.list.withLabel(at: index) { SheetLayout.label($0, matches: [], charset: content.charset, tagWidth: tagWidth).0 }
        })
    }

    package mutating func answerAtTimeout() -> TimedAnswer {
        if let outcome = state.pressAtTimeout() { return .ended(outcome) }
        return .refused(state.status?.text ?? "")
    }

    package func response(_ outcome: Outcome) -> Response {
        // dialog's Help button answers the highlighted choice, marked or not.
        if outcome == .accepted(.help), let index = state.highlighted {
            var answer: [UInt8] = []
            state.appendAnswer(of: index, to: &answer)
            return Response(outcome, .choices([answer], places: [index]))
        }
        return outcome.printsAnswer ? Response(outcome, chosenIn: state) : Response(nothing: outcome)
    }

    package mutating func beginPlain(_ content: AlertContent) -> [UInt8] { plain.begin(content, state) }
    package mutating func updatePlain(_ content: AlertContent) -> [UInt8] { plain.update(content, state) }
    package mutating func endPlain() -> [UInt8] { plain.end() }
}


extension Response {
    /// What `sheet` has chosen.
    package init(_ outcome: Outcome = .accepted(.ok), chosenIn sheet: borrowing SheetState) {
        self.init(outcome, .choices(sheet.answers(), places: sheet.chosen))
    }

    /// Every match of `sheet`'s query, printed as its answers are, in the order shown (made a
    /// piece at a time as they are written: a million matches are never all in memory twice).
    package init(listing sheet: SheetState) {
        self.init(.accepted(.ok), .lines(AnswerLines(count: sheet.shownCount) { position, bytes in
            sheet.appendAnswer(of: sheet.choice(at: position), to: &bytes)
        }))
    }
}
