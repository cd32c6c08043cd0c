import AskModel
import AskSystem
import AskText

extension [TextBuffer] {
    /// Writes each text followed by `ending` to `output`, all with one `writev` (no copy of a text
    /// is made; short answers reach a pipe in one piece). Returns the error, if it failed.
    package func write(ending: [UInt8], to output: Descriptor) -> SystemError? {
        ending.withUnsafeBytes { end in
            var parts: [UnsafeRawBufferPointer] = []
            parts.reserveCapacity(count * 2)
            // Each buffer's bytes stay where they are while `self` holds it.
            for text in self {
                parts.append(text.withBytes { $0 })
                parts.append(end)
            }
            return output.writeAll(parts)
        }
    }
}

extension Response {
    /// Writes each answer followed by `ending` to `output`, all with one `writev`. Returns the
    /// error, if it failed.
    package func write(ending: [UInt8], to output: Descriptor) -> SystemError? {
        guard !chosen.isEmpty else { return answers.write(ending: ending, to: output) }
        // The choices, each with its ending, in one write.
        var bytes: [UInt8] = []
        for choice in chosen { bytes += choice + ending }
        return bytes.withUnsafeBytes { output.writeAll($0) }
    }
}
