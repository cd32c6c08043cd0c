/// What the person answered: how the alert ended, and the field's text.
///
/// The text stays in its `TextBuffer` (wiped by `wipe()` or when released), so a secret can
/// be written to stdout without ever becoming a `String`.
public struct Response {
    public let outcome: Outcome
    public let text: TextBuffer

    /// Writes the answer and `terminator` to `fd` in one piece. Returns 0 or errno.
    public func write(terminator: Terminator, to fd: Int32) -> Int32 {
        let out = SecureBytes(capacity: text.byteCount + 1)
        text.withBytes { out.insert($0, at: 0) }
        for byte in terminator.bytes { out.append(byte) }
        return FileDescriptor.writeAll(fd, out.bytes)
    }

    public func wipe() { text.wipe() }
}
