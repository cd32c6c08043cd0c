import AskModel

/// A few lines to read, closed with OK: the body of a control added as one folder and one case
/// (`.ci/check-new-control` adds it to a copy of the project and builds it; it is not part of
/// `ask`).
package struct LinesSpec: Equatable, Sendable {
    package var lines: [String]

    package init(lines: [String]) {
        self.lines = lines
    }

    /// OK alone.
    package var buttonRow: ButtonRow { .ok }
}

/// The lines, and the first one shown.
package struct LinesState: Sendable {
    package let chrome: AlertChrome
    package let lines: [String]
    package var first = 0

    package init(chrome: AlertChrome, spec: LinesSpec) {
        self.chrome = chrome.showing(spec.buttonRow)
        lines = spec.lines
    }

    /// Scrolls by `step` lines, `shown` at a time: whether it could.
    package mutating func scroll(by step: Int, shown: Int) -> Bool {
        let last = max(lines.count - shown, 0)
        guard (0...last).contains(first + step) else { return false }
        first += step
        return true
    }
}
