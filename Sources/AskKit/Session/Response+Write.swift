import AskChoices
import AskFields
import AskGauge
import AskModel
import AskPresentation
import AskSystem
import AskText
import AskTextBox

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
        switch answer {
        case .nothing: return nil
        case let .texts(texts): return texts.write(ending: ending, to: output)
        case let .choices(chosen, _):
            // The choices, each with its ending, in one write.
            var bytes: [UInt8] = []
            for choice in chosen { bytes += choice + ending }
            return bytes.withUnsafeBytes { output.writeAll($0) }
        case let .lines(lines): return Self.write(lines, ending: ending, to: output)
        }
    }
}

extension Response {
    /// Lines made as they are written (every match of a list's query in the order shown), each
    /// followed by `ending`, written a piece of at least 64 KiB at a time (a million matches are
    /// never all in memory twice).
    private static func write(_ lines: AnswerLines, ending: [UInt8], to output: Descriptor) -> SystemError? {
        let piece = 1 << 16
        var bytes: [UInt8] = []
        bytes.reserveCapacity(2 * piece)
        for position in 0..<lines.count {
            lines.append(position, &bytes)
            bytes += ending
            guard bytes.count >= piece || position == lines.count - 1 else { continue }
            if let failure = bytes.withUnsafeBytes({ output.writeAll($0) }) { return failure }
            bytes.removeAll(keepingCapacity: true)
        }
        return nil
    }
}

/// A piece of an answer written in another program's form (a dialog form's lines).
package enum AnswerPiece: Equatable, Sendable {
    /// The text of field `index`, from its buffer.
    case field(Int)
    case bytes([UInt8])
}

extension Response {
    /// Writes `pieces` in order, all with one `writev`: the fields' texts from their buffers
    /// (a secret never copied), the rest as given. Returns the error, if it failed.
    package func write(_ pieces: [AnswerPiece], to output: Descriptor) -> SystemError? {
        var fixed: [UInt8] = []
        var spans: [(field: Int?, range: Range<Int>)] = []
        for piece in pieces {
            switch piece {
            case let .field(index) where answers.indices.contains(index): spans.append((index, 0..<0))
            case .field: break
            case let .bytes(bytes):
                spans.append((nil, fixed.count..<(fixed.count + bytes.count)))
                fixed += bytes
            }
        }
        return fixed.withUnsafeBytes { base in
            // Each buffer's bytes stay where they are while `self` holds it.
            let parts = spans.map { span in
                span.field.map { answers[$0].withBytes { $0 } } ?? UnsafeRawBufferPointer(rebasing: base[span.range])
            }
            return output.writeAll(parts)
        }
    }
}
