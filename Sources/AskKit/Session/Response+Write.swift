import AskModel
import AskSystem
import AskText

extension TextBuffer {
    /// Writes the text and `ending` to `fd` with one `writev` (no copy of the text is made; a
    /// short answer reaches a pipe in one piece). Returns the error, if it failed.
    package func write(ending: [UInt8], to fd: Int32) -> SystemError? {
        withBytes { answer in
            ending.withUnsafeBytes { end in Descriptor.writeAll(fd, [answer, end]) }
        }
    }
}

extension Response {
    /// Writes the answer and `ending` to `fd` (see `TextBuffer.write(ending:to:)`).
    package func write(ending: [UInt8], to fd: Int32) -> SystemError? {
        text.write(ending: ending, to: fd)
    }
}
