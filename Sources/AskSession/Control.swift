import AskLayout
import AskModel
import AskText

/// One kind of control an alert holds — text fields, a list of choices — as `AlertController`
/// sees it: the controller is generic over this and names no kind of control.
///
/// A control keeps its state and takes its events: keys (by its key table, `keys`), what comes
/// from its source (`SourceInput`: the lines of a list, a gauge's progress), and its own messages
/// (`Message`: a pinentry client's rating of the text). It is drawn by its `View` inside the frame every alert has (`Frame`), scrolled as the
/// view state the controller keeps for it says, so that a frame is remade at any size without
/// anything carried over by hand. It has its plain form (lines for dumb terminals and screen
/// readers), and it says what it answers.
///
/// What every control supplies: its key table, chrome, state and first view state, `handle`,
/// `response` and its plain form. The rest has a default for a control without it: a source
/// (`readsSource`, `take`, `problem`), messages of its own (`receive`), a secret, a paste to
/// settle, the time's answer, `--keep`'s line, an info box's ways (`endsWhenDrawn`, `staysDrawn`).
package protocol Control {
    /// How it is drawn in the frame.
    associatedtype View: ControlView
    /// Why it ended by itself, if it can (a list with nothing to choose).
    associatedtype Problem
    /// What its keys mean to it.
    associatedtype KeyAction: Sendable
    /// What reaches it besides keys and its source, of its own kind (none: `Never`).
    associatedtype Message = Never

    /// Its key table: the keys it acts on, and what they do. `--help`, README and the man page
    /// print it (`KeyTables`, `make docs`).
    static var keys: KeyMap<KeyAction> { get }

    /// What the alert shows around it: title, message, its buttons, what the time does.
    var chrome: AlertChrome { get }
    /// What its view draws.
    var state: View.State { get }
    /// The view state before the first frame.
    var initialViewState: View.ViewState { get }
    /// A frame may hold revealed secure text: it is wiped once written.
    var mayShowSecrets: Bool { get }
    /// A secret is typed into it: the process keeps core dumps off and memory locked meanwhile.
    var holdsSecret: Bool { get }

    // MARK: Events

    /// One event (a key, a paste), with the frame the keys act on (the buttons' order, a
    /// page); nil in plain output.
    mutating func handle(_ event: InputEvent, in frame: Frame<View>?) -> Reaction
    /// After the events of one read, what is left to apply (a paste collected so far) is.
    mutating func settle() -> Reaction
    /// What its source brought (the lines of a list, a gauge's progress, a file's text).
    mutating func take(_ input: SourceInput) -> Reaction
    /// One of its own messages.
    mutating func receive(_ message: Message) -> Reaction
    /// Why it ended by itself, once it did (its reaction was to finish).
    var problem: Problem? { get }
    /// Its source is still read (a list arriving).
    var readsSource: Bool { get }
    /// The answer, once the alert ended with `outcome`.
    func response(_ outcome: Outcome) -> Response
    /// `--on-timeout accept`: what stands is answered, as the button the time presses
    /// (`AlertChrome.timeoutRole`) would answer it — or why the rules refuse it.
    mutating func answerAtTimeout() -> TimedAnswer
    /// What `--keep` leaves on the screen of the answer the alert ended with (`KeptLine`): the
    /// text (a secret as `KeptLine.secret`), the chosen labels, the button's label; nil when
    /// nothing was answered (the line then says how it ended).
    func keptAnswer(_ outcome: Outcome, content: AlertContent) -> [Glyph]?
    /// It ends, accepted, as soon as it is drawn (an info box).
    var endsWhenDrawn: Bool { get }
    /// Accepted, it is left on the screen, the cursor below it, instead of erased (an info box).
    var staysDrawn: Bool { get }
    /// What it draws changes with the time (a spinner): drawn at least this often, in seconds
    /// (nil: only when something changes).
    var refreshEvery: Double? { get }
    /// What its source brings is drawn no more often than this (a fast output costs a frame a
    /// tenth of a second, not one a read): until then it waits for a tick. Nil: at once.
    var sourceDrawnEvery: Double? { get }
    /// The time now, before each input and the first frame.
    mutating func clock(_ now: Double)

    // MARK: Plain output

    /// What plain output begins with (the title and message too).
    mutating func beginPlain(_ content: AlertContent) -> [UInt8]
    /// What changed since the last call.
    mutating func updatePlain(_ content: AlertContent) -> [UInt8]
    /// Ends the lines written.
    mutating func endPlain() -> [UInt8]
}

extension Control {
    /// What has no rules ends as its OK would (a gauge, a text box).
    package mutating func answerAtTimeout() -> TimedAnswer { .ended(.accepted(chrome.timeoutRole)) }
    /// The label of the button that answered (a text box's OK).
    package func keptAnswer(_ outcome: Outcome, content: AlertContent) -> [Glyph]? {
        guard case let .accepted(role) = outcome, outcome.printsAnswer, !content.label(role).isEmpty else { return nil }
        return content.label(role)
    }
    package var endsWhenDrawn: Bool { false }
    package var staysDrawn: Bool { false }
    package var refreshEvery: Double? { nil }
    package var sourceDrawnEvery: Double? { nil }
    package mutating func clock(_ now: Double) {}
    /// No secret, unless the control says so (text fields).
    package var mayShowSecrets: Bool { false }
    package var holdsSecret: Bool { false }
    /// No source, unless the control has one; nothing to take from it.
    package var readsSource: Bool { false }
    package mutating func take(_ input: SourceInput) -> Reaction { .proceed }
    /// Nothing collected to apply after a read, unless the control collects (a paste).
    package mutating func settle() -> Reaction { .proceed }
}

/// How the time running out ends a control that answers then (`--on-timeout accept`).
package enum TimedAnswer: Equatable, Sendable {
    case ended(Outcome)
    /// What stands breaks the rules: why, in a line (the alert ends unanswered).
    case refused(String)
}

extension Control where Message == Never {
    package mutating func receive(_ message: Never) -> Reaction {}
}

extension Control where Problem == Never {
    /// A control that never ends by itself.
    package var problem: Never? { nil }
}

/// What reaches a control from its source (a descriptor the session reads for it), besides keys.
package enum SourceInput {
    /// Bytes read (a list's lines, in pieces).
    case bytes(UnsafeRawBufferPointer)
    /// The source ended.
    case ended
    /// The source could not be read (the reader knows why).
    case failed
}

/// Why a control whose source is a file gave up on it (a text box, an edit box's file).
package enum SourceProblem: Equatable, Sendable {
    /// It could not be read (the reader knows why).
    case unreadable
    /// It is more than the control takes.
    case tooLarge
}
