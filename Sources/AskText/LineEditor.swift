import AskMemory

/// A text editor: the text (one grapheme per position) and a cursor between graphemes.
///
/// The text is one line, or several with line breaks (`\n`) between them in a multi-line
/// field: Home, End, Ctrl-U and Ctrl-K keep to the cursor's line, and every other command treats
/// a line break as a character (Backspace at a line's start joins it to the one before).
///
/// No IO. `apply` says whether anything changed, so the caller can ring the bell when not.
/// The text is a `TextBuffer`, so a secret typed here never becomes a `String`.
package struct LineEditor {
    package let text: TextBuffer
    /// The cursor, as a grapheme index from 0 to `text.count`.
    package private(set) var cursor: Int
    /// Treat the whole text as one word (secure entry: word motions must not reveal spaces).
    package var wordsAreOpaque: Bool
    /// Only the last line may change, and the cursor never leaves it (plain output, where the
    /// lines before it are written and cannot be taken back).
    package var keepsEarlierLines = false

    package init(text: TextBuffer = TextBuffer(), wordsAreOpaque: Bool = false) {
        self.text = text
        self.cursor = text.count
        self.wordsAreOpaque = wordsAreOpaque
    }

    package var isEmpty: Bool { text.isEmpty }

    /// Applies one command; returns false when it changed nothing.
    @discardableResult
    package mutating func apply(_ command: EditCommand) -> Bool {
        let before = (cursor, text.byteCount)
        switch command {
        case let .insert(scalar):
            var encoded: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
            let length = withUnsafeMutableBytes(of: &encoded) { buffer -> Int in
                var count = 0
                UTF8.encode(scalar) { buffer[count] = $0; count += 1 }
                return count
            }
            withUnsafeBytes(of: &encoded) { insert(utf8: UnsafeRawBufferPointer(rebasing: $0[0..<length])) }
            withUnsafeMutableBytes(of: &encoded) { Memory.wipe($0) }
            return true
        case .moveLeft: cursor = max(cursor - 1, earliest)
        case .moveRight: cursor = min(cursor + 1, text.count)
        case .moveToStart: cursor = text.lineStart(at: cursor)
        case .moveToEnd: cursor = text.lineEnd(at: cursor)
        case .moveWordLeft: cursor = max(wordStart(before: cursor, isWord: isWordCharacter), earliest)
        case .moveWordRight: cursor = wordEnd(after: cursor)
        case .deleteBackward:
            guard cursor > earliest else { return false }
            text.remove((cursor - 1)..<cursor)
            cursor -= 1
        case .deleteForward:
            guard cursor < text.count else { return false }
            text.remove(cursor..<(cursor + 1))
        case .deleteToStart:
            let start = text.lineStart(at: cursor)
            text.remove(start..<cursor)
            cursor = start
        case .deleteToEnd:
            text.remove(cursor..<text.lineEnd(at: cursor))
        case .deleteWordBackward:
            let start = max(wordStart(before: cursor, isWord: isWordCharacter), earliest)
            text.remove(start..<cursor)
            cursor = start
        case .deleteBigWordBackward:
            let start = max(wordStart(before: cursor) { !isSpace($0) }, earliest)
            text.remove(start..<cursor)
            cursor = start
        case .deleteWordForward:
            text.remove(cursor..<wordEnd(after: cursor))
        }
        return before != (cursor, text.byteCount)
    }

    /// Where the cursor may go back to: the start of its line when the earlier lines are kept,
    /// else the start of the text.
    private var earliest: Int { keepsEarlierLines ? text.lineStart(at: cursor) : 0 }

    /// Inserts valid UTF-8 at the cursor (a paste, or a scalar typed) and moves past it.
    package mutating func insert(utf8 bytes: UnsafeRawBufferPointer) {
        cursor = text.insert(utf8: bytes, at: cursor)
    }

    /// Moves the cursor (clamped to the text).
    package mutating func setCursor(_ position: Int) {
        cursor = min(max(position, 0), text.count)
    }

    /// Empties the field, wiping its bytes.
    package mutating func clear() {
        text.wipe()
        cursor = 0
    }

    // MARK: - Words

    private func isWordCharacter(_ index: Int) -> Bool {
        if wordsAreOpaque { return true }
        let scalar = text.firstScalar(of: index)
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || value == 0x5F
        }
        let properties = scalar.properties
        return properties.isAlphabetic || properties.numericType != nil || properties.isEmoji
    }

    private func isSpace(_ index: Int) -> Bool {
        if wordsAreOpaque { return false }
        return text.firstScalar(of: index).properties.isWhitespace
    }

    /// Skips non-word graphemes backwards, then word graphemes.
    private func wordStart(before position: Int, isWord: (Int) -> Bool) -> Int {
        var index = position
        while index > 0 && !isWord(index - 1) { index -= 1 }
        while index > 0 && isWord(index - 1) { index -= 1 }
        return index
    }

    /// Skips non-word graphemes forwards, then word graphemes.
    private func wordEnd(after position: Int) -> Int {
        var index = position
        while index < text.count && !isWordCharacter(index) { index += 1 }
        while index < text.count && isWordCharacter(index) { index += 1 }
        return index
    }
}
