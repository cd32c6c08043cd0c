import AskMemory

/// The field's text: UTF-8 bytes in `SecureBytes`, and where each grapheme ends.
///
/// The bytes never become a `String` unless a caller asks (`string`, only for text that is
/// not secret). Graphemes are found by `GraphemeBreak` as text is inserted.
package final class TextBuffer {
    private let storage: SecureBytes
    /// `ends[i]` is the byte offset just past grapheme `i`. (Never accessed in overlapping
    /// ways: no dynamic exclusivity checks, which would dominate the cost of editing.)
    @exclusivity(unchecked) private var ends: [Int32] = []
    /// Boundaries found while re-segmenting, kept between edits to save allocating.
    @exclusivity(unchecked) private var found: [Int32] = []
    /// While every byte is printable ASCII or a line break (most answers, nearly every pasted
    /// token or block of lines), grapheme `i` is byte `i` and `ends` is not kept: a 1 MiB paste
    /// then needs no 4 MiB of offsets. (A line break is a grapheme of its own: the text never
    /// holds a CR, which would join the LF after it.)
    @exclusivity(unchecked) private var isPrintableASCII = true

    /// `secret`: lock the memory against swapping (secure entry).
    package init(capacity: Int = 256, secret: Bool = true) {
        storage = SecureBytes(capacity: capacity, locked: secret)
    }

    /// A buffer holding `text` (for `--value` and tests).
    package convenience init(_ text: String, secret: Bool = true) {
        self.init(capacity: text.utf8.count + 16, secret: secret)
        var copy = text
        copy.withUTF8 { _ = insert(utf8: UnsafeRawBufferPointer($0), at: 0) }
    }

    /// Number of graphemes.
    package var count: Int { isPrintableASCII ? storage.count : ends.count }
    package var isEmpty: Bool { storage.count == 0 }
    package var byteCount: Int { storage.count }

    /// The byte range of grapheme `index`.
    package func byteRange(of index: Int) -> Range<Int> {
        isPrintableASCII ? index..<(index + 1) : byteOffset(ofGrapheme: index)..<Int(ends[index])
    }

    /// The byte offset where grapheme `index` starts (`count` gives the end of the text).
    package func byteOffset(ofGrapheme index: Int) -> Int {
        isPrintableASCII ? index : index == 0 ? 0 : Int(ends[index - 1])
    }

    /// The scalars of grapheme `index`, decoded without building a `String`.
    package func scalars(of index: Int) -> UTF8Scalars {
        scalars(inBytes: byteRange(of: index))
    }

    private func scalars(inBytes range: Range<Int>) -> UTF8Scalars {
        UTF8Scalars(UnsafeBufferPointer(start: storage.pointer + range.lowerBound, count: range.count))
    }

    /// The first scalar of grapheme `index`.
    package func firstScalar(of index: Int) -> Unicode.Scalar {
        var iterator = scalars(of: index).makeIterator()
        return iterator.next() ?? " "
    }

    /// The whole text as a `String`. Never call this for a secret.
    package var string: String {
        String(decoding: UnsafeBufferPointer(start: storage.pointer, count: storage.count), as: UTF8.self)
    }

    /// Calls `body` with the text's scalars in an array that is wiped afterwards.
    package func withScalars<R>(_ body: ([Unicode.Scalar]) -> R) -> R {
        // Reserved up front: growing would free copies that could not be wiped.
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(byteCount)
        scalars.append(contentsOf: self.scalars(inBytes: 0..<byteCount))
        defer { scalars.wipeBytes() }
        return body(scalars)
    }

    // MARK: - Lines

    /// Whether grapheme `index` is a line break (`\n`).
    package func isLineBreak(_ index: Int) -> Bool {
        let range = byteRange(of: index)
        return range.count == 1 && storage.pointer[range.lowerBound] == 0x0A
    }

    /// The start of the line that holds position `index` (0 through `count`): just past the
    /// last line break before it. Looks at that line's bytes only.
    package func lineStart(at index: Int) -> Int {
        var byte = byteOffset(ofGrapheme: index) - 1
        while byte >= 0 && storage.pointer[byte] != 0x0A { byte -= 1 }
        return byte < 0 ? 0 : grapheme(holdingByte: byte) + 1
    }

    /// The end of the line that holds position `index`: the next line break at or after it, or
    /// the end of the text.
    package func lineEnd(at index: Int) -> Int {
        var byte = byteOffset(ofGrapheme: index)
        while byte < storage.count && storage.pointer[byte] != 0x0A { byte += 1 }
        return byte == storage.count ? count : grapheme(holdingByte: byte)
    }

    /// The grapheme whose bytes hold byte `offset`.
    private func grapheme(holdingByte offset: Int) -> Int {
        guard !isPrintableASCII else { return offset }
        var low = 0, high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if Int(ends[middle]) <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether two buffers hold the same bytes, compared in time that does not depend on where
    /// they differ.
    package func hasSameBytes(as other: TextBuffer) -> Bool {
        guard byteCount == other.byteCount else { return false }
        var difference: UInt8 = 0
        for index in 0..<byteCount { difference |= storage.pointer[index] ^ other.storage.pointer[index] }
        return difference == 0
    }

    /// Replaces the contents with a copy of `other`'s.
    package func copy(from other: TextBuffer) {
        wipe()
        insert(utf8: other.storage.bytes, at: 0)
    }

    /// Reads the bytes in place.
    package func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        body(storage.bytes)
    }

    /// Inserts valid UTF-8 before grapheme `index`, re-segmenting around it (a combining mark
    /// joins the grapheme before it). Returns the grapheme index just past the inserted text.
    @discardableResult
    package func insert(utf8 new: UnsafeRawBufferPointer, at index: Int) -> Int {
        guard !new.isEmpty else { return index }
        if isPrintableASCII {
            if Self.allPrintableASCII(new) {
                storage.insert(new, at: index)
                return index + new.count
            }
            // From now on graphemes need their offsets: one per byte so far.
            ends = (0..<storage.count).map { Int32($0 + 1) }
            isPrintableASCII = false
        }
        let at = byteOffset(ofGrapheme: index)
        storage.insert(new, at: at)
        shiftEnds(from: index, by: Int32(new.count))
        resegment(from: max(index - 1, 0), editEnd: at + new.count)
        let cursorByte = Int32(at + new.count)
        var cursor = max(index - 1, 0)
        while cursor < ends.count && ends[cursor] < cursorByte { cursor += 1 }
        return min(cursor + 1, ends.count)
    }

    /// Removes graphemes `range`, wiping the bytes that are freed. What is left either side may
    /// join into one grapheme (a letter and the mark that followed what was removed).
    package func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        if isPrintableASCII {
            storage.remove(range)
            return
        }
        let start = byteOffset(ofGrapheme: range.lowerBound)
        let end = byteOffset(ofGrapheme: range.upperBound)
        storage.remove(start..<end)
        ends.removeSubrange(range)
        shiftEnds(from: range.lowerBound, by: -Int32(end - start))
        if range.lowerBound < ends.count { resegment(from: max(range.lowerBound - 1, 0), editEnd: start) }
    }

    /// Adds `delta` to every end from grapheme `first` on (one tight loop the compiler vectorises).
    private func shiftEnds(from first: Int, by delta: Int32) {
        guard first < ends.count else { return }
        ends.withUnsafeMutableBufferPointer { buffer in
            for position in first..<buffer.count { buffer[position] &+= delta }
        }
    }

    /// Finds the boundaries again from grapheme `first` on, until past `editEnd` a boundary
    /// falls where one already was: from there on nothing can have changed (the breaking state
    /// after a boundary depends only on the scalar before it), so typing costs O(1) and a
    /// paste is walked once.
    private func resegment(from first: Int, editEnd: Int) {
        let regionStart = byteOffset(ofGrapheme: first)
        found.removeAll(keepingCapacity: true)
        var breaker = GraphemeBreak()
        var offset = regionStart
        var old = first
        for scalar in scalars(inBytes: regionStart..<storage.count) {
            if breaker.isBoundary(before: scalar), offset != regionStart {
                if offset >= editEnd {
                    while old < ends.count && ends[old] < Int32(offset) { old += 1 }
                    if old < ends.count && ends[old] == Int32(offset) {
                        replaceEnds(first..<old)
                        return
                    }
                }
                found.append(Int32(offset))
            }
            offset += UTF8.width(scalar)
        }
        if storage.count > regionStart { found.append(Int32(storage.count)) }
        replaceEnds(first..<ends.count)
    }

    /// Puts `found` in place of `ends[range]`, in place when the counts agree (typing).
    private func replaceEnds(_ range: Range<Int>) {
        if range.count == found.count {
            for index in found.indices { ends[range.lowerBound + index] = found[index] }
        } else if range.upperBound == ends.count {
            ends.removeSubrange(range)
            ends.append(contentsOf: found)
        } else {
            ends.replaceSubrange(range, with: found)
        }
    }

    /// Empties the buffer and wipes every byte it held.
    package func wipe() {
        storage.wipe()
        ends.removeAll(keepingCapacity: true)
        isPrintableASCII = true
    }

    /// Printable ASCII and line breaks: one grapheme per byte.
    private static func allPrintableASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var all = true
        for byte in bytes { all = all && ((byte >= 0x20 && byte <= 0x7E) || byte == 0x0A) }
        return all
    }
}

/// The scalars of valid UTF-8 bytes, decoded in place.
package struct UTF8Scalars: Sequence {
    let bytes: UnsafeBufferPointer<UInt8>
    package init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    package struct Iterator: IteratorProtocol {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        package mutating func next() -> Unicode.Scalar? {
            guard index < bytes.count else { return nil }
            let lead = bytes[index]
            var value: UInt32
            var length: Int
            switch lead {
            case 0..<0x80: index += 1; return Unicode.Scalar(lead)
            case 0xC0..<0xE0: value = UInt32(lead & 0x1F); length = 2
            case 0xE0..<0xF0: value = UInt32(lead & 0x0F); length = 3
            default: value = UInt32(lead & 0x07); length = 4
            }
            let end = Swift.min(index + length, bytes.count)
            var position = index + 1
            while position < end {
                value = value << 6 | UInt32(bytes[position] & 0x3F)
                position += 1
            }
            index = end
            return Unicode.Scalar(value) ?? "\u{FFFD}"
        }
    }

    package func makeIterator() -> Iterator { Iterator(bytes: bytes) }
}
