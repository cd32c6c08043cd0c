/// What a paste (or `--value`) puts in the field: printable text on one line. A line break
/// becomes one space (none before the first text, none at the end), a tab a space, and every
/// other control is dropped, so a paste never submits and never carries an escape. Scalar by
/// scalar, so that a paste is cleaned as it arrives, a read at a time.
package struct PasteCleaner: Sendable {
    /// Something was kept since the start (a line break before anything is dropped).
    private var keptAnything = false
    private var lineBreakPending = false

    package init() {}

    /// Takes one scalar; passes what the field gets (nothing, one scalar, or a space and one).
    package mutating func take(_ scalar: Unicode.Scalar, _ keep: (Unicode.Scalar) -> Void) {
        switch scalar.value {
        case 0x0A, 0x0D:
            if keptAnything { lineBreakPending = true }
            return
        case _ where scalar.isControl && scalar.value != 0x09:
            return
        default:
            break
        }
        if lineBreakPending {
            lineBreakPending = false
            keep(" ")
        }
        keptAnything = true
        keep(scalar.value == 0x09 ? " " : scalar)
    }

    /// `text` as the field takes it.
    package static func cleaned(_ text: String) -> String {
        var cleaner = PasteCleaner()
        var result = ""
        for scalar in text.unicodeScalars { cleaner.take(scalar) { result.unicodeScalars.append($0) } }
        return result
    }
}
