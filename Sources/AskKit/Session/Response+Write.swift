import AskModel
import AskSystem

extension Response {
    /// Writes the answer and `terminator` to `fd` with one `writev` (no copy of the text is
    /// made; a short answer reaches a pipe in one piece). Returns the error, if it failed.
    package func write(terminator: Terminator, to fd: Int32) -> SystemError? {
        let ending = terminator.bytes
        return text.withBytes { answer in
            ending.withUnsafeBytes { end in Descriptor.writeAll(fd, [answer, end]) }
        }
    }
}
