import AskLayout
import AskModel
import AskRender
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
    package init(spec: PromptSpec, plain: Bool = false, limits: ChoiceList.Limits = .standard) {
        state = SheetState(spec: spec, loading: spec.sheet?.source != nil, namesChoices: plain, limits: limits)
    }

    /// Over a list already read in full (`SheetState.init(spec:list:)`): nothing more arrives.
    package init(spec: PromptSpec, plain: Bool = false, list: ChoiceList) {
        state = SheetState(spec: spec, list: list, namesChoices: plain)
    }

    package static var keys: KeyMap<SheetAction> { SheetState.keys }

    package var spec: PromptSpec { state.spec }
    package var initialViewState: SheetView { SheetView() }
    package var mayShowSecrets: Bool { false }
    package var holdsSecret: Bool { false }

    package mutating func handle(_ event: InputEvent, in frame: Frame<ChoicesView>?) -> Reaction {
        // The frame's decisions, handed with the key: how many choices a page is, and the
        // buttons as drawn (stacked or side by side); in plain output none is drawn.
        state.handle(event, page: frame?.plan.listRows ?? 1, buttonOrder: frame?.buttonOrder ?? PlainRenderer.buttonOrder(of: state.spec))
    }

    package mutating func settle() -> Reaction { .proceed }

    /// The list arriving: filtered as it comes; a line refused, or a list that ended with
    /// nothing to choose, ends the sheet (`problem`).
    package mutating func take(_ input: ControlInput) -> Reaction {
        switch input {
        case let .source(bytes):
            state.list.append(bytes: bytes)
            state.listGrew()
            problem = state.listProblem
        case .sourceEnded:
            problem = state.listEnded()
        case .sourceFailed:
            problem = .unreadable
        case .rating:
            break
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
            return Response(outcome: outcome, answers: [], chosen: [answer], chosenIndices: [index])
        }
        return outcome.printsAnswer ? Response(outcome, chosenIn: state) : Response(nothing: outcome)
    }

    package mutating func beginPlain(_ content: AlertContent) -> [UInt8] { plain.begin(content, state) }
    package mutating func updatePlain(_ content: AlertContent) -> [UInt8] { plain.update(content, state) }
    package mutating func endPlain() -> [UInt8] { plain.end() }
}

