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

    package static var keys: KeyMap<Action> { KeyBindings.fields }

    package var spec: PromptSpec { state.spec }
    package var initialViewState: SheetView { SheetView() }
    package var mayShowSecrets: Bool { false }
    package var holdsSecret: Bool { false }

    package mutating func handle(_ event: InputEvent, in layout: SheetLayout?) -> Reaction {
        state.handle(event, page: layout?.page ?? 1)
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

    package func response(_ outcome: Outcome) -> Response {
        outcome.printsAnswer ? Response(outcome, chosenIn: state) : Response(nothing: outcome)
    }

    package func layout(_ content: AlertContent, size: TerminalSize, preferredWidth: Int?, roomBelow: Int?,
                        view: SheetView) -> SheetLayout {
        SheetLayout(content: content, size: size, state: state, preferredWidth: preferredWidth, roomBelow: roomBelow,
                    labelWidths: view.labels)
    }

    package func fits(_ layout: inout SheetLayout, size: TerminalSize, roomBelow: Int?) -> Bool {
        layout.size == size && layout.roomBelow == roomBelow && layout.isCurrent(for: state)
    }

    package mutating func render(_ layout: inout SheetLayout, view: inout SheetView, countdown: Int?) -> Screen {
        layout.top = view.top
        defer { view = SheetView(top: layout.top, labels: layout.labelWidths) }
        return layout.render(state, countdown: countdown)
    }

    package mutating func beginPlain(_ content: AlertContent) -> [UInt8] { plain.begin(content, state) }
    package mutating func updatePlain(_ content: AlertContent) -> [UInt8] { plain.update(content, state) }
    package mutating func endPlain() -> [UInt8] { plain.end() }
}

/// What the action sheet keeps of its view from frame to frame.
package struct SheetView: Sendable {
    /// The first choice shown (its place among those that match).
    package var top = 0
    /// The labels measured so far: the box is as wide as the widest.
    package var labels = LabelWidths()
}
