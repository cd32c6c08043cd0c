import AskModel
import AskText

/// What an action sheet offers: choices instead of a text field, as iOS's action sheet offers
/// actions ("Use an action sheet — not an alert — to offer choices"). The title and the
/// message stay optional; Cancel stays apart, at the bottom; a destructive choice goes first,
/// after its sign `!`.
package struct SheetSpec: Equatable, Sendable {
    /// A list's choices are its actions: only a checklist has a Done button to accept its marks.
    package var buttonRow: ButtonRow { .list(done: allowsMultiple ? SheetSpec.doneLabel : nil) }

    /// The choices given one by one (`--choice`, `--destructive-choice`), in the order given.
    package var choices: [Choice] = []
    /// Where more choices come from, a line each, after those given one by one.
    package var source: ChoiceSource?
    /// `--selected`: the choice highlighted first, or with `--multiple` those marked first
    /// (each names a choice by its label or its value, `ChoiceName`).
    package var selected: [ChoiceName] = []
    /// The choices selected first by their place in the list as shown, counted from 0 (the Swift
    /// API's way; `selected` is the command line's): the first highlighted, or with
    /// `allowsMultiple` all marked.
    package var selectedIndices: [Int] = []
    /// `--multiple`: a checklist; Space marks, Return (or its Done button) accepts the marked
    /// ones.
    package var allowsMultiple = false
    /// A radio list (whiptail's and dialog's `--radiolist`), with `allowsMultiple`: marking one
    /// unmarks the others, and Return answers the marked one (or nothing), not the highlighted.
    package var marksOne = false
    /// With `allowsMultiple`, the highlight starts on the first choice whatever is marked first
    /// (as whiptail's and dialog's lists start), not on the one choice marked.
    package var startsAtTop = false
    /// A button always has the focus (dialog's lists): Tab goes round the buttons alone, the
    /// arrows and typing act on the list all the same, Return presses the focused button (the
    /// default one first).
    package var buttonsHoldFocus = false
    /// What typed characters do, and how a few keys act: `ask`'s filter, or the keys of
    /// whiptail's and dialog's lists (`SheetState.listKeys`).
    package var typing = ListTyping.filters
    /// `--required` with `--multiple`: at least one must be marked.
    package var requiresSelection = false
    /// `--min N` with `--multiple`: Done is refused while fewer are marked.
    package var fewestMarks = 0
    /// `--limit N` with `--multiple`: at most N may be marked; a mark more is refused.
    package var mostMarks: Int?
    /// What is printed for a choice.
    package var answer: ChoiceAnswer = .value
    /// `--query`: what the filter starts with (`FilterQuery`'s syntax, UTF-8).
    package var query: [UInt8] = []
    /// Each label is two columns, a tag and its item, with a TAB between (whiptail's and
    /// dialog's lists): the items are shown aligned after the widest tag, by display width.
    package var tagColumns = false
    /// The matches ranked, best first; `--no-sort`: in the list's order (a menu whose order
    /// means something).
    package var sortsMatches = true
    /// `--select-1`: when exactly one choice matches the starting query, it is answered at once,
    /// before anything is drawn (the whole list read first).
    package var answersOnlyMatch = false
    /// `--exit-0`: when no choice matches the starting query, the sheet ends at once as
    /// cancelled, before anything is drawn (the whole list read first).
    package var endsWithoutMatch = false
    /// `--allow-other`: while the typed text names no choice (as the filter's smart case matches:
    /// in any case unless it has a capital), a last row offers it as the answer ("Use ‘text’");
    /// without the sheet, a line naming no choice is the answer.
    package var allowsOther = false
    /// `--ansi`: colour and style sequences in the choices are drawn, and left out of what is
    /// matched and answered; other escape sequences are dropped (`LineStyles`).
    package var keepsStyles = false
    /// `--search-descriptions`: the filter matches a choice's description too, before its label.
    package var searchesDescriptions = false
    /// `--wrap`: a label too long for its row goes on in the rows below, instead of being cut.
    package var wrapsLabels = false
    /// A line of help for each choice given one by one, in the order shown (dialog's
    /// `--item-help`): the highlighted choice's is shown under the list; none when empty.
    package var itemHelp: [String] = []

    /// The fewest marks a checklist's Done takes: `fewestMarks`, one with `requiresSelection`.
    package var leastMarked: Int { allowsMultiple ? max(fewestMarks, requiresSelection ? 1 : 0) : 0 }

    /// Whether the marks can be refused, by `--required`, `--min` or `--limit` (a line under the
    /// list then says why).
    package var boundsMarks: Bool { leastMarked > 0 || allowsMultiple && mostMarks != nil }

    /// The label of a checklist's button that accepts the marked choices, as iOS ends a
    /// multiple selection.
    package static var doneLabel: String { tr("Done") }

    package init(choices: [Choice] = [], source: ChoiceSource? = nil) {
        self.choices = choices
        self.source = source
    }

    /// The choices given one by one in the order shown: destructive ones first (the HIG puts
    /// them at the top), then the others, each group in the order given.
    package var orderedChoices: [Choice] {
        choices.filter { $0.isDestructive } + choices.filter { !$0.isDestructive }
    }
}

/// What typed characters do in a list, and how a few keys act there.
package enum ListTyping: Equatable, Sendable {
    /// They filter the list; in a short list a digit chooses (`ask`'s own lists).
    case filters
    /// dialog's lists: a character moves the highlight to the next choice whose label starts
    /// with it, in any case, round past the end; a digit 1–9 that starts none, to that row of
    /// those shown. Space in a menu presses the focused button, as Return does.
    case jumpsRound
    /// whiptail's menu: an ASCII letter moves the highlight to the next choice when the
    /// highlighted one starts with it (in any case), else to the first that does; past the last
    /// such choice it stays. Other characters and Space do nothing.
    case jumpsOnward
    /// whiptail's checklist and radio list, a column of check boxes: characters do nothing, nor
    /// do Home and End; Left and Backspace move up, Right down.
    case checkBoxes

    /// Whether what is typed filters the list.
    package var filters: Bool { self == .filters }
    /// whiptail's lists (newt's forms): on a button the arrows move the focus as Tab does, no
    /// further than the last button, and back into the list from the first; Right in a menu
    /// goes to the first button.
    package var arrowsMoveTheFocus: Bool { self == .jumpsOnward || self == .checkBoxes }
}

/// One choice given on the command line (or in code), as bytes: an argument that is not UTF-8
/// is shown with U+FFFD and answered with its own bytes, as a line of a list is.
package struct Choice: Equatable, Sendable {
    /// What the sheet shows.
    package var label: [UInt8]
    /// What is answered when it is chosen; nil answers the label.
    package var value: [UInt8]?
    /// Drawn after the sign `!` (bold red) and placed at the top.
    package var isDestructive: Bool
    /// Shown under the list while it is highlighted (`VALUE<TAB>LABEL<TAB>DESCRIPTION`).
    package var description: [UInt8]?

    package init(label: [UInt8], value: [UInt8]? = nil, isDestructive: Bool = false, description: [UInt8]? = nil) {
        self.label = label
        self.value = value
        self.isDestructive = isDestructive
        self.description = description
    }

    package init(_ label: String, value: String? = nil, isDestructive: Bool = false) {
        self.init(label: Array(label.utf8), value: value.map { Array($0.utf8) }, isDestructive: isDestructive)
    }

    /// The label as text (bytes that are not UTF-8 shown as U+FFFD).
    package var labelText: String { String(decoding: label, as: UTF8.self) }

    /// Whether `name` names it: its label or its value.
    package func isNamed(by name: ChoiceName) -> Bool {
        label.withUnsafeBytes { name.names($0) } || value?.withUnsafeBytes { name.names($0) } == true
    }
}

/// Where a list of choices is read from: one per line, `VALUE<TAB>LABEL` showing LABEL and
/// answering VALUE, `VALUE<TAB>LABEL<TAB>DESCRIPTION` showing DESCRIPTION under the list too.
package enum ChoiceSource: Equatable, Sendable {
    /// `--choices-from FILE`.
    case file(String)
    /// `--choices-from -`: the keys then come from the terminal, never from stdin.
    case standardInput
}

/// What is printed for the chosen choice.
package enum ChoiceAnswer: Equatable, Sendable {
    /// Its value when it has one, else its label.
    case value
    /// `--index`: its place in the list as shown, counted from 1.
    case index
}
