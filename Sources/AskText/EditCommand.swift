/// One change to the field's text or cursor, named for what it does.
package enum EditCommand: Equatable, Sendable {
    case insert(Unicode.Scalar)
    case moveLeft, moveRight, moveToStart, moveToEnd
    case moveWordLeft, moveWordRight
    case deleteBackward, deleteForward
    case deleteToStart, deleteToEnd
    /// Alt-Backspace: back to the start of a word of letters and digits.
    case deleteWordBackward
    /// Ctrl-W: back to the previous whitespace, as the shell's `werase`.
    case deleteBigWordBackward
    /// Alt-D: forward to the end of a word.
    case deleteWordForward
}
