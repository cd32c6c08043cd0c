import AskChoices
import AskFields
import AskGauge
import AskKit
import AskPresentation
import AskText
import TestSupport
import AskTextBox

/// libFuzzer target: random editing commands, and Up and Down through the text's rows as a
/// multi-line field wraps it (`TextRows`, at a width the input picks). After each one the
/// cursor is within the text, the bytes are valid UTF-8, and the graphemes found while editing
/// are those found by segmenting the whole text afresh; every row holds the cursor positions it
/// says it does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEditor(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var editor = LineEditor(text: TextBuffer(), wordsAreOpaque: bytes.first.map { $0 & 1 == 1 } ?? false)
    let commands: [EditCommand] = [
        .moveLeft, .moveRight, .moveToStart, .moveToEnd, .moveWordLeft, .moveWordRight, .deleteBackward,
        .deleteForward, .deleteToStart, .deleteToEnd, .deleteWordBackward, .deleteBigWordBackward, .deleteWordForward,
    ]
    /// Scalars that make graphemes interesting: marks, joiners, flags, Hangul jamo, emoji, CJK.
    let palette: [UInt32] = [0x61, 0x20, 0x2E, 0x301, 0x308, 0x200D, 0x200C, 0xFE0F, 0x1F1EB, 0x1F1F7, 0x1F44D, 0x1F3FD,
                             0x1F468, 0x1100, 0x1161, 0x11A8, 0xAC00, 0x4E2D, 0x915, 0x94D, 0x937, 0xE33, 0x0D, 0x0A, 0xE0067]
    let width = 1 + Int((bytes.first ?? 0) >> 1) % 24
    var goal: Int?
    var index = 1
    while index < bytes.count {
        let byte = bytes[index]
        index += 1
        if byte >= 0x78 && byte < 0x80 {
            // Up or Down through the rows, keeping the column as a field does.
            let text = editor.text
            let rows = TextRows(text: text, width: width) { DisplayWidth.of(graphemeScalars: text.scalars(of: $0)) }
            if let moved = rows.moved(from: editor.cursor, up: byte & 1 == 0, goal: goal) {
                editor.setCursor(moved.position)
                goal = moved.goal
            }
            let start = rows.rowStart(holding: editor.cursor)
            let row = rows.row(from: start)
            guard start <= editor.cursor, editor.cursor <= row.lastPosition(count: editor.text.count) else {
                fatalError("the cursor \(editor.cursor) is not on the row \(row) said to hold it")
            }
        } else if byte < 0x80 {
            goal = nil
            _ = editor.apply(commands[Int(byte) % commands.count])
        } else if byte < 0xC0 {
            goal = nil
            let scalar = Unicode.Scalar(palette[Int(byte) % palette.count])!
            _ = editor.apply(.insert(scalar))
        } else {
            // A paste of the next few palette scalars at once.
            var pasted = ""
            let count = Int(byte & 0x0F)
            while pasted.unicodeScalars.count < count && index < bytes.count {
                pasted.unicodeScalars.append(Unicode.Scalar(palette[Int(bytes[index]) % palette.count])!)
                index += 1
            }
            var copy = pasted
            copy.withUTF8 { editor.insert(utf8: UnsafeRawBufferPointer($0)) }
        }
        let text = editor.text
        guard editor.cursor >= 0 && editor.cursor <= text.count else { fatalError("cursor \(editor.cursor) outside 0...\(text.count)") }
        let string = text.string
        guard Array(string.utf8) == text.withBytes({ Array($0) }) else { fatalError("not valid UTF-8") }
        let fresh = TextBuffer(string)
        guard fresh.count == text.count, (0..<text.count).allSatisfy({ fresh.byteRange(of: $0) == text.byteRange(of: $0) }) else {
            fatalError("segmentation after edits differs from a fresh one: \(Array(string.unicodeScalars))")
        }
    }
    return 0
}
