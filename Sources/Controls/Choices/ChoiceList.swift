import AskModel
import AskText

/// The choices as loaded: each line's bytes in one growing arena, so a million lines cost a few
/// bytes each beyond their text.
///
/// The arena holds each choice as it was read, without its line end: `VALUE<TAB>LABEL` for a
/// choice with a value, else `LABEL`; a line `VALUE<TAB>LABEL<TAB>DESCRIPTION` is kept as
/// `VALUE<TAB>DESCRIPTION<TAB>LABEL`, so that the label still ends where the choice does (a
/// value holds no TAB: the first TAB after the choice's start ends it). Two offsets a choice
/// (8 bytes) say where it starts and where its label starts; where it ends is where the next one
/// starts. With `keepsStyles` (`--ansi`) the escape sequences are taken out of each line as it
/// is read (`LineStyles`), and the colour and style ones that act on the label kept beside it. The bytes of a line not
/// yet ended follow the last choice in the arena, so that its end arriving costs no copy.
///
/// Memory stays bounded whatever the input (`Limits`): a line may be 1 MiB long at most, as a
/// line on stdin may, and holds no NUL byte — either refuses the line and everything after it
/// (`refusal`): a choice is one line of text, and a NUL would split the answer `-0` prints; the
/// list holds at most 16,777,216 choices and 1 GiB of text, and once either is reached it is
/// full and takes nothing more (`isFull`), the line that would not fit included.
package final class ChoiceList {
    /// How much a list may hold.
    package struct Limits: Sendable {
        /// The most bytes of text, every choice's together (at most 4 GiB: offsets are 32 bits).
        package var bytes: Int
        /// The most choices.
        package var count: Int
        /// The most bytes of one line, not counting its line end.
        package var lineBytes: Int

        package init(bytes: Int, count: Int, lineBytes: Int) {
            // (Where Int is 32 bits, every Int is below 4 GiB: UInt32.max is clamped, not converted.)
            self.bytes = min(bytes, Int(clamping: UInt32.max))
            self.count = count
            self.lineBytes = lineBytes
        }

        package static let standard = Limits(bytes: 1 << 30, count: 1 << 24, lineBytes: 1 << 20)
    }

    /// Why a line of the input was refused.
    package enum Refusal: Equatable, Sendable {
        /// Longer than `Limits.lineBytes`.
        case tooLong
        /// It holds a NUL byte.
        case nulByte
    }

    /// The choices' bytes one after another, then the bytes of a line not ended yet.
    private(set) var arena: [UInt8] = []
    /// Where each choice starts in `arena`, and one more: where the next would start (the end of
    /// the last, which is also where a line not ended yet begins).
    private(set) var starts: [UInt32] = [0]
    /// Where each choice's label starts: its start when it has no value, else just after its TAB.
    private(set) var labelStarts: [UInt32] = []
    /// A bit a choice: its label has a letter beyond ASCII that folding changes
    /// (`TextFold.foldsBeyondASCII`), so ignoring case filters a folded copy of it.
    private(set) var foldable: [UInt64] = []
    /// Whether any label is foldable: a list without one is filtered as it lies.
    package private(set) var hasFoldable = false
    /// Whether any choice has a description (`VALUE<TAB>LABEL<TAB>DESCRIPTION`).
    package private(set) var hasDescriptions = false
    /// The longest label's bytes (a label may be cut where its row is narrower).
    package private(set) var longestLabel = 0
    package let limits: Limits
    /// A limit was reached: the input that would have passed it was dropped, and later input is
    /// ignored too.
    package private(set) var isFull = false
    /// A line of the input that was refused, counted from 1, and why: it and everything after
    /// it were dropped.
    package private(set) var refusal: (line: Int, reason: Refusal)?
    /// The line ends read so far (empty lines too).
    private var linesEnded = 0
    /// `--ansi`: escape sequences are taken out of the text, and the styles kept (`styles`).
    package let keepsStyles: Bool
    /// With `keepsStyles`, each label's SGR sequences one after another (`LineStyles` records,
    /// their places counted from the label's start), and where each choice's begin (one more:
    /// where the next would).
    private(set) var styles: [UInt8] = []
    private(set) var styleStarts: [UInt32]

    /// `--search-descriptions`: what the filter matches is a choice's description, a TAB and its
    /// label (`Storage.searched`).
    package let searchesDescriptions: Bool

    package init(limits: Limits = .standard, keepsStyles: Bool = false, searchesDescriptions: Bool = false) {
        self.limits = limits
        self.keepsStyles = keepsStyles
        self.searchesDescriptions = searchesDescriptions
        styleStarts = keepsStyles ? [0] : []
    }

    /// A list whose arena holds at most `byteLimit` bytes (at most 4 GiB), so that being full
    /// can be tried without 4 GiB of input.
    package convenience init(byteLimit: Int) {
        self.init(limits: Limits(bytes: byteLimit, count: Limits.standard.count, lineBytes: Limits.standard.lineBytes))
    }

    /// The bytes held: the choices' text and a line not ended yet.
    package var heldBytes: Int { arena.count }

    /// Whether input is still taken: neither full nor refused.
    package var takesInput: Bool { !isFull && refusal == nil }

    package var count: Int { labelStarts.count }

    /// Where the last choice ends: what follows in the arena is a line not ended yet.
    private var end: Int { Int(starts[starts.count - 1]) }

    /// Appends one choice given directly (command-line `--choice`): `label` shown, `value`
    /// answered instead when non-nil (up to its first TAB, as a line's), `description` shown under
    /// the list. The label is kept as given (a TAB or a line feed in it included), an empty one too.
    package func append(label: String, value: String? = nil, description: String? = nil) {
        append(label: Array(label.utf8), value: value.map { Array($0.utf8) }, description: description.map { Array($0.utf8) })
    }

    /// Appends one choice given directly, as bytes (kept as they are, UTF-8 or not); its
    /// description, shown under the list while it is highlighted, goes with a value only (an
    /// empty one when it has none). With `keepsStyles`, their escape sequences are taken out.
    package func append(label: [UInt8], value: [UInt8]?, description: [UInt8]? = nil) {
        guard takesInput else { return }
        // (a description needs the value before it: without one, the value is the label)
        var label = label, value = value ?? (description == nil ? nil : label), description = description
        var records: [UInt8] = []
        if keepsStyles {
            Self.strip(&label, records: &records)
            var dropped: [UInt8] = []
            if value != nil { Self.strip(&value!, records: &dropped) }
            if description != nil { Self.strip(&description!, records: &dropped) }
        }
        let valueBytes = value.map { $0.count + 1 } ?? 0
        let descriptionBytes = description.map { $0.count + 1 } ?? 0
        guard arena.count + valueBytes + descriptionBytes + label.count <= limits.bytes, count < limits.count else { return becomeFull() }
        // A line of input not ended yet stays after the choice.
        let pending = Array(arena[end...])
        arena.removeLast(pending.count)
        if let value {
            arena.append(contentsOf: value)
            arena.append(Self.tab)
        }
        if let description {
            arena.append(contentsOf: description)
            arena.append(Self.tab)
            hasDescriptions = true
        }
        let index = labelStarts.count
        labelStarts.append(UInt32(arena.count))
        arena.append(contentsOf: label)
        starts.append(UInt32(arena.count))
        arena.append(contentsOf: pending)
        if keepsStyles {
            styles += records
            styleStarts.append(UInt32(styles.count))
        }
        longestLabel = max(longestLabel, label.count)
        let searched = searchesDescriptions ? (description.map { $0 + [Self.tab] } ?? []) + label : label
        if searched.withUnsafeBufferPointer({ Self.mark($0, as: index, in: &foldable) }) { hasFoldable = true }
    }

    /// `bytes` without their escape sequences; the SGR ones appended to `records`.
    private static func strip(_ bytes: inout [UInt8], records: inout [UInt8]) {
        let end = bytes.withUnsafeMutableBufferPointer { LineStyles.strip($0, from: 0, to: $0.count, into: &records) }
        bytes.removeLast(bytes.count - end)
    }

    /// Records in `foldable` whether `label`, choice `index`'s, is foldable; returns whether it is.
    static func mark(_ label: UnsafeBufferPointer<UInt8>, as index: Int, in foldable: inout [UInt64]) -> Bool {
        if index & 63 == 0 { foldable.append(0) }
        guard TextFold.foldsBeyondASCII(label) else { return false }
        foldable[index >> 6] |= 1 << UInt64(index & 63)
        return true
    }

    /// Appends bytes read from a file or pipe. Complete lines become choices: a line ends at LF;
    /// a CR before the LF is dropped; empty lines are skipped; a line `VALUE<TAB>LABEL` (split
    /// at the first TAB) shows LABEL and answers VALUE (an empty VALUE, `<TAB>LABEL`, answers
    /// nothing). An incomplete last line waits for more bytes or `finish()`. A line too long
    /// or holding a NUL is refused (`refusal`).
    package func append(bytes: UnsafeRawBufferPointer) {
        guard takesInput, let base = bytes.baseAddress, bytes.count > 0 else { return }
        let input = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        guard arena.count + input.count > limits.bytes else { return take(input) }
        // Near the limit, a line at a time: one that would pass it (with its line end) is refused.
        var from = 0
        while from < input.count {
            var to = from
            while to < input.count && input[to] != Self.lineFeed { to += 1 }
            to = min(to + 1, input.count)
            guard arena.count + to - from <= limits.bytes else { return becomeFull() }
            take(UnsafeBufferPointer(rebasing: input[from..<to]))
            guard takesInput else { return }
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
        guard takesInput else { return }
        split(from: arena.count, finishing: true)
    }

    /// Makes choices of the lines ended in the arena's bytes from `old` on, moving the bytes down
    /// over the line ends taken out; with `finishing`, of a last line not ended too. Stops at a
    /// line refused, or once the list is full.
    private func split(from old: Int, finishing: Bool = false) {
        // The offsets are worked on outside the object, so that each line costs no access check.
        var lines = Lines(starts: [], labelStarts: [], foldable: [], styles: [], styleStarts: [], limits: limits, keepsStyles: keepsStyles,
                          searchesDescriptions: searchesDescriptions)
        swapLines(&lines)
        var written = old
        var ended = linesEnded
        var stop: Lines.Stop?
        arena.withUnsafeMutableBufferPointer { arena in
            for read in old..<arena.count {
                let byte = arena[read]
                if byte == Self.lineFeed {
                    switch lines.complete(in: arena, ending: written) {
                    case let .success(end):
                        written = end
                        ended += 1
                    case let .failure(reason):
                        stop = reason
                        return
                    }
                } else if byte == 0 {
                    stop = .refused(.nulByte)
                    return
                } else {
                    arena[written] = byte
                    written += 1
                }
            }
            // A line not ended yet may take its CR, the first byte of its line end, beyond the limit.
            if written - lines.end > limits.lineBytes + 1 {
                stop = .refused(.tooLong)
            } else if finishing && written > lines.end {
                switch lines.complete(in: arena, ending: written) {
                case let .success(end): written = end
                case let .failure(reason): stop = reason
                }
            }
        }
        swapLines(&lines)
        hasFoldable = hasFoldable || lines.foundFoldable
        hasDescriptions = hasDescriptions || lines.foundDescription
        longestLabel = max(longestLabel, lines.longestLabel)
        // Nothing after the last choice is kept once the input stops being taken.
        if stop != nil { written = end }
        arena.removeLast(arena.count - written)
        switch stop {
        case let .refused(reason)?: refusal = (ended + 1, reason)
        case .full?: isFull = true
        case nil: linesEnded = ended
        }
    }

    /// The offsets are worked on outside the object while lines are split, and put back after.
    private func swapLines(_ lines: inout Lines) {
        swap(&lines.starts, &starts)
        swap(&lines.labelStarts, &labelStarts)
        swap(&lines.foldable, &foldable)
        swap(&lines.styles, &styles)
        swap(&lines.styleStarts, &styleStarts)
    }

    /// The offsets of the choices, while lines are split.
    private struct Lines {
        var starts: [UInt32]
        var labelStarts: [UInt32]
        var foldable: [UInt64]
        var styles: [UInt8]
        var styleStarts: [UInt32]
        let limits: Limits
        let keepsStyles: Bool
        let searchesDescriptions: Bool
        var foundFoldable = false
        var foundDescription = false
        var longestLabel = 0
        /// A line's SGR sequences as they are taken out, before those of its label are kept.
        var found: [UInt8] = []
        /// A line's label and description, while they change places.
        var moved: [UInt8] = []

        /// Why the input stops being taken.
        enum Stop: Error {
            case refused(Refusal)
            case full
        }

        var end: Int { Int(starts[starts.count - 1]) }

        /// Makes a choice of the line from `end` to `lineEnd` (a CR at its end dropped, nothing
        /// if it is empty); returns where it ends: the arena's bytes from there on are free.
        mutating func complete(in arena: UnsafeMutableBufferPointer<UInt8>, ending lineEnd: Int) -> Result<Int, Stop> {
            let start = end
            var lineEnd = lineEnd
            if lineEnd > start && arena[lineEnd - 1] == ChoiceList.carriageReturn { lineEnd -= 1 }
            guard lineEnd > start else { return .success(start) }
            guard lineEnd - start <= limits.lineBytes else { return .failure(.refused(.tooLong)) }
            guard labelStarts.count < limits.count else { return .failure(.full) }
            if keepsStyles {
                found.removeAll(keepingCapacity: true)
                lineEnd = LineStyles.strip(arena, from: start, to: lineEnd, into: &found)
                guard lineEnd > start else { return .success(start) }
            }
            var label = start
            while label < lineEnd && arena[label] != ChoiceList.tab { label += 1 }
            var labelStart = label < lineEnd ? label + 1 : start
            var labelEnd = lineEnd
            var searchedStart = labelStart
            if labelStart > start, let second = (labelStart..<lineEnd).first(where: { arena[$0] == ChoiceList.tab }) {
                // VALUE<TAB>LABEL<TAB>DESCRIPTION is kept as VALUE<TAB>DESCRIPTION<TAB>LABEL.
                labelEnd = second
                moved.removeAll(keepingCapacity: true)
                moved.append(contentsOf: arena[(second + 1)..<lineEnd])
                moved.append(ChoiceList.tab)
                moved.append(contentsOf: arena[labelStart..<second])
                let descriptionStart = labelStart
                for (offset, byte) in moved.enumerated() { arena[descriptionStart + offset] = byte }
                labelStart = lineEnd - (second - descriptionStart)
                foundDescription = true
                if searchesDescriptions { searchedStart = descriptionStart }
            }
            if keepsStyles {
                // The label's place in the plain line before it moved: its styles are counted from there.
                let plainLabelStart = labelEnd == lineEnd ? labelStart : label + 1
                LineStyles.rebased(found[...], start: plainLabelStart - start, end: labelEnd - start, into: &styles)
                styleStarts.append(UInt32(styles.count))
            }
            let index = labelStarts.count
            labelStarts.append(UInt32(labelStart))
            starts.append(UInt32(lineEnd))
            longestLabel = max(longestLabel, lineEnd - labelStart)
            if ChoiceList.mark(UnsafeBufferPointer(rebasing: arena[searchedStart..<lineEnd]), as: index, in: &foldable) {
                foundFoldable = true
            }
            return .success(lineEnd)
        }
    }

    /// Drops a line not ended yet and takes nothing more.
    private func becomeFull() {
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
        return withBytes(from: Int(starts[index]), to: valueEnd(index), body)
    }

    /// Where choice `index`'s value ends (it has one): at its first TAB.
    private func valueEnd(_ index: Int) -> Int {
        let start = Int(starts[index]), labelStart = Int(labelStarts[index])
        return arena[start..<(labelStart - 1)].firstIndex(of: Self.tab) ?? labelStart - 1
    }

    /// The description of choice `index` (`VALUE<TAB>LABEL<TAB>DESCRIPTION`): empty when it has none.
    package func withDescription<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        let end = hasValue(at: index) ? Int(labelStarts[index]) - 1 : Int(labelStarts[index])
        let valueEnd = hasValue(at: index) ? valueEnd(index) : end
        return withBytes(from: min(valueEnd + 1, end), to: end, body)
    }

    /// With `keepsStyles`, choice `index`'s SGR records (`LineStyles.forEach`); none otherwise.
    package func withStyles<R>(at index: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        guard keepsStyles else { return body(UnsafeRawBufferPointer(start: nil, count: 0)) }
        return styles.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[Int(styleStarts[index])..<Int(styleStarts[index + 1])])) }
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
        foldable.withUnsafeBufferPointer { foldable in
            withUnsafeBuffers(arena, starts, labelStarts) {
                body(Storage(arena: $0, starts: $1, labelStarts: $2, foldable: foldable, hasFoldable: hasFoldable,
                             searchesDescriptions: searchesDescriptions && hasDescriptions))
            }
        }
    }

    /// A view of a list's storage.
    struct Storage {
        let arena: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<UInt32>
        let labelStarts: UnsafeBufferPointer<UInt32>
        /// `ChoiceList.foldable`, `ChoiceList.hasFoldable`.
        let foldable: UnsafeBufferPointer<UInt64>
        let hasFoldable: Bool
        /// `ChoiceList.searchesDescriptions`, when any choice has a description.
        let searchesDescriptions: Bool

        /// Where choice `index`'s label lies in `arena`.
        @inline(__always)
        func label(_ index: Int) -> (start: Int, end: Int) {
            (Int(labelStarts[index]), Int(starts[index + 1]))
        }

        /// What the filter matches of choice `index`: its label; with `searchesDescriptions`, from
        /// its description on (`DESCRIPTION<TAB>LABEL`).
        @inline(__always)
        func searched(_ index: Int) -> (start: Int, end: Int) {
            let label = label(index)
            guard searchesDescriptions else { return label }
            var at = Int(starts[index])
            while at < label.start - 1 && arena[at] != ChoiceList.tab { at += 1 }
            return (at < label.start - 1 ? at + 1 : label.start, label.end)
        }

        /// Whether choice `index`'s label has a letter beyond ASCII that folding changes.
        @inline(__always)
        func folds(_ index: Int) -> Bool {
            foldable[index >> 6] & (1 << UInt64(index & 63)) != 0
        }

        /// The first choice from `index` (and before `end`) whose label folds, or `end`.
        func nextFoldable(from index: Int, before end: Int) -> Int {
            var word = index >> 6
            var bits = index < end ? foldable[word] & (~0 << UInt64(index & 63)) : 0
            while bits == 0 {
                word += 1
                guard word << 6 < end else { return end }
                bits = foldable[word]
            }
            return min(word << 6 + bits.trailingZeroBitCount, end)
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
