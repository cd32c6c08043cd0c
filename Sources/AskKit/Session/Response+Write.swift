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
    /// Writes each answer followed by `ending` to `fd`, all with one `writev` (no copy of a text
    /// is made). Returns the error, if it failed.
    package func write(ending: [UInt8], to fd: Int32) -> SystemError? {
        ending.withUnsafeBytes { end in
            var parts: [UnsafeRawBufferPointer] = []
            parts.reserveCapacity(answers.count * 2)
            // Each buffer's bytes stay where they are while `answers` holds it.
            for answer in answers {
                parts.append(answer.withBytes { $0 })
                parts.append(end)
            }
            return Descriptor.writeAll(fd, parts)
        }
    }
}
