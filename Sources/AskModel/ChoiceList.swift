/// The choices as loaded: each line's bytes in one growing arena, so a million lines cost a few
/// bytes each beyond their text.
///
/// The arena holds each choice as it was read, without its line end: `VALUE<TAB>LABEL` for a
/// choice with a value, else `LABEL`. Two offsets a choice (8 bytes) say where it starts and
/// where its label starts; where it ends is where the next one starts. The bytes of a line not
/// yet ended follow the last choice in the arena, so that its end arriving costs no copy.
///
/// Offsets are 32 bits: a line that would take the arena past `byteLimit` (4 GiB), counting its
/// line end, is refused, and the list, full, takes nothing more.
package final class ChoiceList {
    /// The choices' bytes one after another, then the bytes of a line not ended yet.
    private(set) var arena: [UInt8] = []
    /// Where each choice starts in `arena`, and one more: where the next would start (the end of
    /// the last, which is also where a line not ended yet begins).
    private(set) var starts: [UInt32] = [0]
    /// Where each choice's label starts: its start when it has no value, else just after its TAB.
    private(set) var labelStarts: [UInt32] = []
    /// The most bytes the arena may hold.
    private let byteLimit: Int
    /// Input was refused because the arena would have grown past `byteLimit`; later input is
    /// ignored too.
    package private(set) var isFull = false

    package init() {
        byteLimit = Int(UInt32.max)
    }

    /// A list whose arena holds at most `byteLimit` bytes (at most 4 GiB), so that being full
    /// can be tried without 4 GiB of input.
    package init(byteLimit: Int) {
        self.byteLimit = min(byteLimit, Int(UInt32.max))
    }

    package var count: Int { labelStarts.count }

    /// Where the last choice ends: what follows in the arena is a line not ended yet.
    private var end: Int { Int(starts[starts.count - 1]) }

    /// Appends one choice given directly (command-line `--choice`): `label` shown, `value`
    /// answered instead when non-nil. Both are kept as given (a TAB or a line feed in them
    /// included); an empty label is kept too.
    package func append(label: String, value: String? = nil) {
        guard !isFull else { return }
        let valueBytes = value.map { $0.utf8.count + 1 } ?? 0
        guard arena.count + valueBytes + label.utf8.count <= byteLimit else { return refuse() }
        // A line of input not ended yet stays after the choice.
        let pending = Array(arena[end...])
        arena.removeLast(pending.count)
        if let value {
            arena.append(contentsOf: value.utf8)
            arena.append(Self.tab)
        }
        labelStarts.append(UInt32(arena.count))
        arena.append(contentsOf: label.utf8)
        starts.append(UInt32(arena.count))
        arena.append(contentsOf: pending)
    }

    /// Appends bytes read from a file or pipe. Complete lines become choices: a line ends at LF;
    /// a CR before the LF is dropped; empty lines are skipped; a line `VALUE<TAB>LABEL` (split
    /// at the first TAB) shows LABEL and answers VALUE (an empty VALUE, `<TAB>LABEL`, answers
    /// nothing). An incomplete last line waits for more bytes or `finish()`.
    package func append(bytes: UnsafeRawBufferPointer) {
        guard !isFull, let base = bytes.baseAddress, bytes.count > 0 else { return }
        let input = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        guard arena.count + input.count > byteLimit else { return take(input) }
        // Near the limit, a line at a time: one that would pass it (with its line end) is refused.
        var from = 0
        while from < input.count {
            var to = from
            while to < input.count && input[to] != Self.lineFeed { to += 1 }
            to = min(to + 1, input.count)
            guard arena.count + to - from <= byteLimit else { return refuse() }
            take(UnsafeBufferPointer(rebasing: input[from..<to]))
            from = to
        }
    }

    /// Appends `input` to the arena and makes choices of the lines it ends.
    private func take(_ input: UnsafeBufferPointer<UInt8>) {
        let old = arena.count
        arena.append(contentsOf: input)
        split(from: old)
    }

    /// The input ended: a last line without LF becomes a choice (a CR it ends with dropped).
    package func finish() {
        split(from: arena.count, finishing: true)
    }

    /// Makes choices of the lines ended in the arena's bytes from `old` on, moving the bytes down
    /// over the line ends taken out; with `finishing`, of a last line not ended too.
    private func split(from old: Int, finishing: Bool = false) {
        // The offsets are worked on outside the object, so that each line costs no access check.
        var lines = Lines(starts: [], labelStarts: [])
        swap(&lines.starts, &starts)
        swap(&lines.labelStarts, &labelStarts)
        var written = old
        arena.withUnsafeMutableBufferPointer { arena in
            for read in old..<arena.count {
                let byte = arena[read]
                if byte == Self.lineFeed {
                    written = lines.complete(in: arena, ending: written)
                } else {
                    arena[written] = byte
                    written += 1
                }
            }
            if finishing && written > lines.end { written = lines.complete(in: arena, ending: written) }
        }
        swap(&lines.starts, &starts)
        swap(&lines.labelStarts, &labelStarts)
        arena.removeLast(arena.count - written)
    }

    /// The offsets of the choices, while lines are split.
    private struct Lines {
        var starts: [UInt32]
        var labelStarts: [UInt32]

        var end: Int { Int(starts[starts.count - 1]) }

        /// Makes a choice of the line from `end` to `lineEnd` (a CR at its end dropped, nothing
        /// if it is empty); returns where it ends: the arena's bytes from there on are free.
        mutating func complete(in arena: UnsafeMutableBufferPointer<UInt8>, ending lineEnd: Int) -> Int {
            let start = end
            var lineEnd = lineEnd
            if lineEnd > start && arena[lineEnd - 1] == ChoiceList.carriageReturn { lineEnd -= 1 }
            guard lineEnd > start else { return start }
            var label = start
            while label < lineEnd && arena[label] != ChoiceList.tab { label += 1 }
            labelStarts.append(UInt32(label < lineEnd ? label + 1 : start))
            starts.append(UInt32(lineEnd))
            return lineEnd
        }
    }

    /// Drops a line not ended yet and takes nothing more.
    private func refuse() {
        arena.removeLast(arena.count - end)
        isFull = true
    }

    /// The label's bytes of choice `index` (exactly as read; may be invalid UTF-8).
    package func withLabel<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        withBytes(from: Int(labelStarts[index]), to: Int(starts[index + 1]), body)
    }

    /// The bytes the choice answers: its VALUE when it had one, else its label.
    package func withAnswer<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        guard hasValue(at: index) else { return withLabel(at: index, body) }
        return withBytes(from: Int(starts[index]), to: Int(labelStarts[index]) - 1, body)
    }

    package func hasValue(at index: Int) -> Bool {
        labelStarts[index] != starts[index]
    }

    /// The label of choice `index` as text (invalid UTF-8 repaired), for tests and messages.
    package func label(at index: Int) -> String {
        withLabel(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    /// The answer of choice `index` as text (invalid UTF-8 repaired).
    package func answer(at index: Int) -> String {
        withAnswer(at: index) { String(decoding: $0, as: UTF8.self) }
    }

    private func withBytes<R>(from start: Int, to end: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        arena.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
    }

    /// The arena and the offsets, for scanning without a copy (valid only inside `body`).
    func withStorage<R>(_ body: (Storage) -> R) -> R {
        withUnsafeBuffers(arena, starts, labelStarts) { body(Storage(arena: $0, starts: $1, labelStarts: $2)) }
    }

    /// A view of a list's storage.
    struct Storage {
        let arena: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<UInt32>
        let labelStarts: UnsafeBufferPointer<UInt32>

        /// Where choice `index`'s label lies in `arena`.
        @inline(__always)
        func label(_ index: Int) -> (start: Int, end: Int) {
            (Int(labelStarts[index]), Int(starts[index + 1]))
        }
    }

    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D

    /// `byte` with ASCII A–Z made a–z.
    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}

/// Three arrays' storage at once (valid only inside `body`).
func withUnsafeBuffers<A, B, C, R>(_ a: [A], _ b: [B], _ c: [C],
                                   _ body: (UnsafeBufferPointer<A>, UnsafeBufferPointer<B>, UnsafeBufferPointer<C>) -> R) -> R {
    a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in
            c.withUnsafeBufferPointer { c in body(a, b, c) }
        }
    }
}
