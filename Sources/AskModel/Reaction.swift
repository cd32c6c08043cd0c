/// What the session should do after an event.
package enum Reaction: Equatable, Sendable {
    /// Carry on (and draw, if anything changed).
    case proceed
    /// The key did nothing: ring the bell.
    case bell
    /// Draw everything again from scratch (Ctrl-L).
    case redraw
    /// Stop the process (Ctrl-Z), then come back.
    case suspend
    /// Ctrl-C: end as if interrupted by SIGINT (the session knows the signal's number).
    case interrupt
    case finish(Outcome)
}

/// A line under the field: an error (bold), or a hint.
package struct StatusLine: Equatable, Sendable {
    package var text: String
    package var isError: Bool

    package init(_ text: String, isError: Bool) {
        self.text = text
        self.isError = isError
    }
}
