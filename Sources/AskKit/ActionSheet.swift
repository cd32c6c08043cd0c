import AskChoices
import AskFields
import AskGauge
import AskModel
import AskPresentation
import AskTextBox

/// An action sheet, presented on the terminal: the shape of iOS's action sheet (a title, a
/// message, actions in order with destructive ones at the top, Cancel apart at the bottom), for
/// Swift programs on Linux. "Use an action sheet — not an alert — to offer choices."
///
/// `present()` draws it below the cursor on the controlling terminal: the arrows move the
/// highlight, typing filters a long list, Return chooses, Esc cancels. With
/// `allowsMultipleSelection` it is a checklist: Space marks, Return (or its Done button, beside
/// Cancel) accepts the marked ones.
/// Without a terminal it answers from a fallback, or throws; what it changes in the process
/// while it is up is put back before it returns, as with `TextAlert`.
public struct ActionSheet: Sendable {
    public var title: String
    public var message: String
    /// The choices, in the order given; the sheet shows the destructive ones first. The indices
    /// `present()` returns, and `selectedIndices`, count in this array.
    public var actions: [Action]
    /// The Cancel button's label; nil leaves the button out (Esc still cancels).
    public var cancelLabel: String?
    /// A checklist: several may be chosen.
    public var allowsMultipleSelection = false
    /// With `allowsMultipleSelection`: Return is refused until at least one is marked.
    public var isSelectionRequired = false
    /// With `allowsMultipleSelection`: at most this many may be marked (`--limit`); nil, any.
    public var selectionLimit: Int?
    /// With `allowsMultipleSelection`: Return is refused until this many are marked (`--min`).
    public var minimumSelectionCount = 0
    /// The action highlighted first (the first of these), or with `allowsMultipleSelection`
    /// those marked first: indices in `actions`.
    public var selectedIndices: [Int] = []
    /// Seconds to wait for a choice; a countdown shows in the last ten.
    public var timeout: Double?
    /// What answers when there is no terminal to prompt on.
    public var fallback: Fallback = .none
    /// What the filter starts with, as if typed (fzf's syntax: terms that must all match, `|`,
    /// `'exact`, `^prefix`, `suffix$`, `!not`): the sheet opens on its matches, best first.
    public var query = ""
    /// The matches of a query ranked, best first; false keeps the order of `actions` among them
    /// (a menu whose order means something).
    public var sortsMatches = true

    /// One choice of the sheet.
    public struct Action: Sendable {
        /// What the sheet shows.
        public var title: String
        public var style: Style
        /// Shown under the list while the action is highlighted.
        public var detail: String?

        public init(_ title: String, style: Style = .default, detail: String? = nil) {
            self.title = title
            self.style = style
            self.detail = detail
        }
    }

    /// How an action is drawn and where it goes: a destructive one after the sign `!` (bold red), at the top.
    public enum Style: Sendable {
        case `default`, destructive
    }

    /// What answers when there is no terminal.
    public enum Fallback: Sendable {
        /// Nothing: `present()` throws a `Failure` whose `isNoTerminal` is true.
        case none
        /// A line read from standard input names the action: its number as shown (from 1) or
        /// its title, in any case; with `allowsMultipleSelection`, a line each until an empty one.
        case standardInput
        /// What Return would answer at once: the first of `selectedIndices`, else the first action
        /// that is not destructive; with `allowsMultipleSelection`, the `selectedIndices`.
        case selected
    }

    /// How the sheet was answered.
    public enum Result: Equatable, Sendable {
        /// The chosen action's index in `actions`; with `allowsMultipleSelection`, the marked
        /// ones' (perhaps none), in the order given.
        case chosen([Int])
        /// The Cancel button, or Esc.
        case cancelled
        case timedOut
        /// Ctrl-C, or a terminating signal from outside, delivered as `TextAlert` delivers it.
        case interrupted(signal: Int32)
    }

    /// Why the sheet could not be presented, or its choice taken: `TextAlert`'s `Failure`, its
    /// `description` a line in the library's words.
    public typealias Failure = TextAlert.Failure

    public init(title: String = "", message: String = "", actions: [Action], cancelLabel: String? = "Cancel") {
        self.title = title
        self.message = message
        self.actions = actions
        self.cancelLabel = cancelLabel
    }

    /// Presents the sheet and waits for a choice.
    public func present() throws(Failure) -> Result {
        let shown = shownOrder
        switch Presentation.present(spec(shown: shown), timeout: timeout, fallback: fallback.model) {
        case let .failure(failure):
            throw Failure(kind: .presentation(failure))
        case let .success(response):
            switch response.outcome {
            case .accepted(.cancel), .cancelled: return .cancelled
            case .accepted: return .chosen(response.chosenIndices.map { shown[$0] }.sorted())
            case .timedOut: return .timedOut
            case let .interrupted(signal): return .interrupted(signal: signal)
            }
        }
    }

    /// The indices in `actions` in the order the sheet shows them: destructive ones first.
    var shownOrder: [Int] {
        actions.indices.filter { actions[$0].style == .destructive } + actions.indices.filter { actions[$0].style != .destructive }
    }

    /// The sheet as the model describes it, its choices in the order `shown`.
    func spec(shown: [Int]) -> PromptSpec {
        var sheet = SheetSpec(choices: actions.map { action in
            var choice = Choice(action.title, isDestructive: action.style == .destructive)
            choice.description = action.detail.map { Array($0.utf8) }
            return choice
        })
        sheet.allowsMultiple = allowsMultipleSelection
        sheet.requiresSelection = isSelectionRequired
        sheet.mostMarks = selectionLimit
        sheet.fewestMarks = minimumSelectionCount
        sheet.selectedIndices = selectedIndices.compactMap { shown.firstIndex(of: $0) }
        sheet.query = Array(query.utf8)
        sheet.sortsMatches = sortsMatches
        var spec = PromptSpec(title: title, message: message)
        spec.body = .choices(sheet)
        spec.cancelLabel = cancelLabel
        return spec
    }
}

extension ActionSheet.Fallback {
    var model: AskModel.Fallback {
        switch self {
        case .none: return .fail
        case .standardInput: return .stdin
        case .selected: return .value
        }
    }
}
