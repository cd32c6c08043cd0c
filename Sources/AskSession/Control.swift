import AskLayout
import AskModel
import AskText

/// One kind of control an alert holds — text fields, a list of choices — as `AlertController`
/// sees it: the controller is generic over this and names no kind of control.
///
/// A control keeps its state and takes its events: keys, and what comes from its own sources
/// (`ControlInput`: the lines of a list, a client's rating of the text). It draws itself at a
/// size (`Layout`, remade whenever the size changes or it no longer fits), scrolled as its
/// `ViewState` says — kept by the controller from frame to frame, so that a layout is remade
/// without anything carried over by hand. It has its plain form (lines for dumb terminals and
/// screen readers), and it says what it answers.
package protocol Control {
    /// Where everything of the control goes at one terminal size.
    associatedtype Layout
    /// What the control keeps of its view between frames: where it is scrolled to.
    associatedtype ViewState
    /// Why it ended by itself, if it can (a list with nothing to choose).
    associatedtype Problem
    /// What its keys mean to it.
    associatedtype KeyAction: Sendable

    /// Its key table: the keys it acts on, and what they do. `--help`, README and the man page
    /// print it (`KeyTables`, `make docs`).
    static var keys: KeyMap<KeyAction> { get }

    /// What the alert shows: title, message, buttons.
    var spec: PromptSpec { get }
    /// The view state before the first frame.
    var initialViewState: ViewState { get }
    /// A frame may hold revealed secure text: it is wiped once written.
    var mayShowSecrets: Bool { get }
    /// A secret is typed into it: the process keeps core dumps off and memory locked meanwhile.
    var holdsSecret: Bool { get }

    // MARK: Events

    /// One event (a key, a paste), with the layout the keys act on (the buttons' order, a
    /// page); nil in plain output.
    mutating func handle(_ event: InputEvent, in layout: Layout?) -> Reaction
    /// After the events of one read, what is left to apply (a paste collected so far) is.
    mutating func settle() -> Reaction
    /// Input from its own sources, not keys.
    mutating func take(_ input: ControlInput) -> Reaction
    /// Why it ended by itself, once it did (its reaction was to finish).
    var problem: Problem? { get }
    /// Its source is still read (a list arriving).
    var readsSource: Bool { get }
    /// The answer, once the alert ended with `outcome`.
    func response(_ outcome: Outcome) -> Response

    // MARK: Drawing

    /// The control at `size`: `preferredWidth` is `--width`; `roomBelow` the rows below the
    /// cursor where the alert began, once the terminal has said; `view` what it kept of its view.
    func layout(_ content: AlertContent, size: TerminalSize, preferredWidth: Int?, roomBelow: Int?, view: ViewState) -> Layout
    /// Whether `layout` still suits it at `size` (a list that grew may need more rows; what
    /// arrived since is measured into it).
    func fits(_ layout: inout Layout, size: TerminalSize, roomBelow: Int?) -> Bool
    /// Draws it into a screen: `countdown` whole seconds left, once the countdown shows.
    mutating func render(_ layout: inout Layout, view: inout ViewState, countdown: Int?) -> Screen

    // MARK: Plain output

    /// What plain output begins with (the title and message too).
    mutating func beginPlain(_ content: AlertContent) -> [UInt8]
    /// What changed since the last call.
    mutating func updatePlain(_ content: AlertContent) -> [UInt8]
    /// Ends the lines written.
    mutating func endPlain() -> [UInt8]
}

/// What reaches a control from its own sources, besides keys.
package enum ControlInput {
    /// Bytes read from its source (a list's lines, in pieces).
    case source(UnsafeRawBufferPointer)
    /// The source ended.
    case sourceEnded
    /// The source could not be read (the reader knows why).
    case sourceFailed
    /// How good the text is, as a client rates it (a pinentry's INQUIRE QUALITY).
    case rating(Int?)
}
