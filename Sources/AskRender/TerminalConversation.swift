import AskText

/// What `ask` has asked the terminal and what it answered: the one place that knows.
///
/// As the alert begins, the renderer asks which terminal this is (`CSI > c`, once: tmux
/// re-wraps as only it does) and where the cursor is (`CSI 6 n`: the anchor's row and column);
/// after a resize, where the cursor is now. The answers come back among the keys: the decoder
/// is told what to expect (`expectedCursorReports`, `expectsTerminalKind`) so that it reads
/// them as answers, not keys; the controller hands each one here (through the renderer, which
/// places the alert by what they say). Answers still owed are waited for until a while after the
/// last question (`answersDeadline`), only from a terminal that has answered before (one that
/// never does — expect, a test's pty — is not waited for), or, before the terminal is given
/// back, from one that has sent nothing yet, so that none reaches the shell however fast the
/// alert ended.
package struct TerminalConversation: Sendable {
    /// What a cursor report asked for will tell, oldest first (answers come in order).
    enum Report: Equatable, Sendable {
        /// The anchor's row and column.
        case anchor
        /// Where the cursor is after a resize: the alert's first rows are off the screen (in
        /// the scrollback) when that is fewer rows from the top than the alert had above the
        /// cursor. (After a width change tmux re-wraps what it holds there too.)
        case resize(rowsAbove: Int, widthChanged: Bool, column: Int)
    }

    /// What an answer taken told.
    enum Answer: Equatable, Sendable {
        case anchor
        /// After a resize: `lost` rows of the alert went off the screen (0: none).
        case resize(lost: Int, widthChanged: Bool)
        case terminalKind
    }

    /// How long after the last question its answer is waited for, at most, before the terminal
    /// is given back (an answer after that would land in the shell's input). Terminals answer
    /// at once; a remote one within a round trip, while the alert is being read.
    package static let answerSeconds = 0.5

    /// tmux's answer to the secondary device attributes.
    package static let tmuxKind = 84

    var pending: [Report] = []
    /// The terminal has answered a question: it answers them, so those still owed are worth
    /// waiting for.
    package private(set) var hasAnswered = false
    /// Which terminal this is was asked, and no answer came yet.
    package private(set) var awaitsTerminalKind = false
    private var askedTerminalKind = false
    /// The terminal is tmux: it re-wraps rows wider than a narrower screen, and when it gets
    /// taller pulls back first the rows it last pushed into its scrollback.
    package private(set) var reWrapsLikeTmux = false
    /// The anchor's column and row (0-based), from the answer to the first frame's question:
    /// where the cursor was before room was made below it.
    package private(set) var anchorColumn: Int?
    package private(set) var anchorRow: Int?
    /// No resize has moved the text since the anchor's row was told.
    private var anchorRowHolds = false
    /// Until when the answers owed are waited for.
    package private(set) var answersDeadline: Double?
    /// Questions asked since `noteAsked` last looked.
    private var askedSinceNoted = false

    package init() {}

    /// Cursor reports asked for and not answered yet: what the decoder expects.
    package var expectedCursorReports: Int { pending.count }
    package var expectsTerminalKind: Bool { awaitsTerminalKind }

    /// The rows below the anchor on a screen of `rows`, while the terminal's answer still says
    /// where it is (not after a resize).
    package func rowsBelowAnchor(onScreenOf rows: Int) -> Int? {
        guard anchorRowHolds, let anchorRow else { return nil }
        return max(rows - 1 - anchorRow, 0)
    }

    // MARK: - Asking

    /// Asks where the cursor is (the anchor, as the alert begins), and the first time which
    /// terminal this is.
    mutating func askAnchor() -> [UInt8] {
        var out: [UInt8] = []
        anchorColumn = nil
        anchorRow = nil
        anchorRowHolds = false
        if !askedTerminalKind {
            out += ANSI.askTerminalKind
            askedTerminalKind = true
            awaitsTerminalKind = true
        }
        out += ANSI.reportCursor
        pending.append(.anchor)
        askedSinceNoted = true
        return out
    }

    /// Asks where the cursor is after a resize (see `Report.resize`).
    mutating func askAfterResize(rowsAbove: Int, widthChanged: Bool, column: Int) -> [UInt8] {
        anchorRowHolds = false
        pending.append(.resize(rowsAbove: rowsAbove, widthChanged: widthChanged, column: column))
        askedSinceNoted = true
        return ANSI.reportCursor
    }

    /// Once the questions of a frame are written at `now`: the answers are waited for until a
    /// while after them.
    package mutating func noteAsked(at now: Double) {
        if askedSinceNoted { answersDeadline = now + Self.answerSeconds }
        askedSinceNoted = false
    }

    /// Whether answers are still owed and worth waiting for: the terminal has answered before;
    /// or `silentAtClose` — it is about to be given back and has sent nothing at all yet — since
    /// then it may just not have had the time (an alert ended at once: an info box, a gauge whose
    /// input was empty), and its answers would land in the shell's input, echoed there. A
    /// terminal that has sent keys but never an answer does not answer (a person who saw the
    /// first frame typed after its questions): it is not waited for, and keys typed for the
    /// next program reach it.
    package func owesAnswers(silentAtClose: Bool) -> Bool {
        !pending.isEmpty && answersDeadline != nil && (hasAnswered || silentAtClose)
    }

    // MARK: - Answers

    /// Takes the terminal's answer `event`, if it is one asked for: what it told, else nil (not
    /// an answer, or a key that looks like one: the answer is then still owed).
    mutating func take(_ event: InputEvent) -> Answer? {
        switch event {
        case let .cursorReport(row, column): return cursorReported(row: Int(row), column: Int(column))
        case let .terminalKind(kind):
            guard awaitsTerminalKind else { return nil }
            awaitsTerminalKind = false
            hasAnswered = true
            reWrapsLikeTmux = Int(kind) == Self.tmuxKind
            return .terminalKind
        default:
            return nil
        }
    }

    /// A cursor report (1-based, as sent).
    private mutating func cursorReported(row: Int, column: Int) -> Answer? {
        guard let report = pending.first, row >= 1, column >= 1 else { return nil }
        if case let .resize(_, widthChanged, expected) = report, !widthChanged, column - 1 != expected {
            // Not where the cursor was: a key that looks like an answer (Ctrl-F3 is `CSI 1;5 R`).
            return nil
        }
        pending.removeFirst()
        hasAnswered = true
        switch report {
        case .anchor:
            anchorColumn = column - 1
            anchorRow = row - 1
            anchorRowHolds = true
            awaitsTerminalKind = false  // its answer comes first, if it comes
            return .anchor
        case let .resize(rowsAbove, widthChanged, _):
            return .resize(lost: max(rowsAbove - (row - 1), 0), widthChanged: widthChanged)
        }
    }

    /// Gives up waiting for the answers owed. `keepingAnchor`: the anchor's answer is still
    /// taken when it comes — a terminal that has not answered yet may be slow rather than mute
    /// (a resize came before its first answer). Returns whether a resize's answer was given up.
    mutating func giveUp(keepingAnchor: Bool) -> Bool {
        let resizeOwed = pending.contains { if case .resize = $0 { return true } else { return false } }
        let anchorOwed = keepingAnchor && pending.first == .anchor
        pending.removeAll()
        if anchorOwed { pending.append(.anchor) } else { awaitsTerminalKind = false }
        answersDeadline = nil
        return resizeOwed
    }
}
