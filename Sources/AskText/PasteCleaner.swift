/// What a paste (or `--value`) puts in the field: printable text on one line. A line break
/// becomes one space (none before the first text, none at the end), a tab a space, and every
/// other control is dropped, so a paste never submits and never carries an escape. Scalar by
/// scalar, so that a paste is cleaned as it arrives, a read at a time.
///
/// For a multi-line field (`keepsLineBreaks`) every line break is kept, as `\n`: CR LF, a lone
/// CR and a lone LF are each one line break, blank lines and a break at the end included.
package struct PasteCleaner: Sendable {
    private let keepsLineBreaks: Bool
    /// Something was kept since the start (a line break before anything is dropped).
    private var keptAnything = false
    private var lineBreakPending = false
    /// The last scalar was a CR, kept as a line break: an LF right after it is the same one.
    private var afterCarriageReturn = false

    package init(keepsLineBreaks: Bool = false) {
        self.keepsLineBreaks = keepsLineBreaks
    }

    /// Takes one scalar; passes what the field gets (nothing, one scalar, or a space and one).
    package mutating func take(_ scalar: Unicode.Scalar, _ keep: (Unicode.Scalar) -> Void) {
        if keepsLineBreaks {
            let wasCarriageReturn = afterCarriageReturn
            afterCarriageReturn = scalar.value == 0x0D
            switch scalar.value {
            case 0x0D: keep("\n")
            case 0x0A: if !wasCarriageReturn { keep("\n") }
            case 0x09: keep(" ")
            case _ where scalar.isControl: break
            default: keep(scalar)
            }
            return
        }
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
    package static func cleaned(_ text: String, keepingLineBreaks: Bool = false) -> String {
        var cleaner = PasteCleaner(keepsLineBreaks: keepingLineBreaks)
        var result = ""
        for scalar in text.unicodeScalars { cleaner.take(scalar) { result.unicodeScalars.append($0) } }
        return result
    }
}
