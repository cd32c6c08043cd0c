/// Turns the bytes a terminal sends into `InputEvent`s. Pure: it never reads and never sleeps.
///
/// Sequences may arrive split across reads; the decoder keeps the partial one for the next
/// `feed`. Whether a lone ESC is the Escape key or the start of a sequence still in flight is
/// not the decoder's guess, and neither is whether a paste is over: time settles both, and the
/// caller keeps the time. It waits `quietMillisecondsNeeded` for more input and, when nothing
/// came, says so with `inputWentQuiet(milliseconds:)` (or feeds with `moreAvailable: false`,
/// which is a short quiet).
///
/// A paste ends when input goes quiet after its end marker (`sequenceQuietMilliseconds`: bytes
/// right behind the marker are still the paste, so pasted text that carries its own end marker
/// and a line break cannot submit), or, when the end marker never comes, after a longer quiet
/// (`pasteQuietMilliseconds`), so that a stray paste start cannot hold the keyboard.
///
///     ESC                      Escape (when nothing follows)
///     ESC x                    Alt-x;  ESC DEL  Alt-Backspace
///     CSI params final         ESC [ 0x30–0x3F* 0x20–0x2F* 0x40–0x7E
///     SS3 final                ESC O A..D H F P..S M
///     OSC/DCS/APC/PM/SOS text  ESC ] P _ ^ X … then BEL or ESC \  (ignored)
///     CSI 200 ~ text CSI 201 ~ bracketed paste
///     CSI row ; column R       the answer to a cursor report, while one is expected
///                              (otherwise `CSI 1 ; m R` is F3 with modifiers)
///     CSI > kind ; … c         the answer to the secondary device attributes, while expected
package struct KeyDecoder: Sendable {
    private enum State: Equatable {
        case ground
        case escape
        case csi
        /// A CSI too long to be a key: skipped up to its final byte.
        case ignoredCSI
        case ss3
        case string(sawEscape: Bool)
    }

    private var state = State.ground
    /// Parameter and intermediate bytes of the CSI being read.
    private var sequence: [UInt8] = []
    /// A UTF-8 scalar in progress: its bytes so far and how many it needs.
    private var utf8 = UTF8Decoder()
    private var escapedScalar = false
    /// Inside a bracketed paste, before its end marker, and how much of the marker has been matched.
    package private(set) var isPasting = false
    private var endMarkerMatched = 0
    /// The marker being matched is a paste's start (`CSI 200 ~`) right behind the last one's
    /// end, not an end: the bytes matched so far are of `pasteBeginMarker`.
    private var matchingBeginMarker = false
    /// A paste's end marker came and input has not yet gone quiet: anything arriving now is
    /// still the paste (pasted text that carried its own end marker, then `\r` and a command,
    /// must not be typed). The paste's end (`pasteEnd`) waits for the quiet, like a lone ESC.
    private var pasteMayContinue = false
    /// The paste went on after such a marker; it ends at the next marker, or when input goes
    /// quiet as briefly as after one.
    private var isReopenedPaste = false

    /// How long input must be quiet before a lone ESC is the Escape key, an unfinished
    /// sequence is dropped, and a paste whose end marker came is over. Long enough for the rest
    /// of a sequence split by a slow link (an ESC and its `[A` have been seen 5 ms apart).
    package static let sequenceQuietMilliseconds: Int32 = 50
    /// How long a paste whose end marker has not come may pause before it is taken as over.
    /// Bytes of one paste come back to back (a terminal writes a paste at once; a network link
    /// delays it by a retransmission, 200 ms at the least on Linux), while a person who sees
    /// the prompt stuck presses the next key well after this.
    package static let pasteQuietMilliseconds: Int32 = 1000
    /// Cursor reports asked for and not answered: the next `CSI row ; column R` is an answer,
    /// not a key.
    package var expectedCursorReports = 0
    /// The secondary device attributes were asked for and not answered.
    package var expectsTerminalKind = false

    private static let pasteEndMarker: [UInt8] = Array("\u{1B}[201~".utf8)
    private static let pasteBeginMarker: [UInt8] = Array("\u{1B}[200~".utf8)

    /// The marker bytes matched so far, in a paste.
    private var markerMatched: ArraySlice<UInt8> {
        (matchingBeginMarker ? Self.pasteBeginMarker : Self.pasteEndMarker)[0..<endMarkerMatched]
    }
    /// A CSI longer than this is not from a keyboard; it is dropped.
    private static let maximumSequence = 64

    /// The most events one `feed` of `count` bytes appends: two per byte (ESC then a control,
    /// say), and what an earlier feed left pending. A caller that reserves this never sees its
    /// array grow (growing would free an unwiped copy of typed text).
    package static func mostEvents(forBytes count: Int) -> Int { 2 * count + 2 * maximumSequence + 16 }

    package init() {}

    /// True when something is pending that a short quiet resolves (a partial sequence, a
    /// paste's end): the caller should wait `sequenceQuietMilliseconds` for more, then feed
    /// with `moreAvailable: false`. False inside a paste still waiting for its end marker (a
    /// slow link may split the marker anywhere): only `pasteQuietMilliseconds` ends that.
    package var isAwaitingMore: Bool {
        pasteMayContinue || isReopenedPaste || (!isPasting && (state != .ground || utf8.isPending))
    }

    /// How long input must stay quiet to settle what is pending, or nil when nothing is: the
    /// caller waits that long (counted from the last input), then calls `inputWentQuiet`.
    package var quietMillisecondsNeeded: Int32? {
        // An answer the terminal owes comes in one piece, but a slow link may split it: a
        // beginning of one waits as long as the answer itself is waited for.
        if isAwaitingMore && isAwaitedAnswerSoFar { return Self.answerQuietMilliseconds }
        if isAwaitingMore { return Self.sequenceQuietMilliseconds }
        return isPasting ? Self.pasteQuietMilliseconds : nil
    }

    /// Input has been quiet for `milliseconds`: settles what that much quiet settles,
    /// appending the events (an Escape key, the end of a paste, ...).
    package mutating func inputWentQuiet(milliseconds: Int32, into events: inout [InputEvent]) {
        if isPasting && !isReopenedPaste {
            if milliseconds >= Self.pasteQuietMilliseconds { endPaste(&events) }
        } else if milliseconds >= quietMillisecondsNeeded ?? Self.sequenceQuietMilliseconds {
            flush(&events)
        }
    }

    /// Decodes `bytes`, appending events to `events`.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer, moreAvailable: Bool, into events: inout [InputEvent]) {
        for byte in bytes {
            if pasteMayContinue && !isPasting {
                // Bytes right behind a paste's end marker, before input went quiet: the marker
                // was part of the pasted text, and the paste goes on until the real end, or quiet.
                pasteMayContinue = false
                isPasting = true
                isReopenedPaste = true
            }
            step(byte, &events)
        }
        if !moreAvailable { inputWentQuiet(milliseconds: Self.sequenceQuietMilliseconds, into: &events) }
    }

    /// Decodes `bytes` and returns the events (for tests and simple callers).
    package mutating func feed(_ bytes: [UInt8], moreAvailable: Bool = false) -> [InputEvent] {
        var events: [InputEvent] = []
        bytes.withUnsafeBytes { feed($0, moreAvailable: moreAvailable, into: &events) }
        return events
    }

    /// Forgets any partial sequence and wipes what was kept of it.
    package mutating func reset() {
        wipeSequence()
        state = .ground
        utf8.reset()
        escapedScalar = false
        endMarkerMatched = 0
        matchingBeginMarker = false
        isPasting = false
        pasteMayContinue = false
        isReopenedPaste = false
    }

    // MARK: - Steps

    private mutating func step(_ byte: UInt8, _ events: inout [InputEvent]) {
        if isPasting {
            pasteStep(byte, &events)
            return
        }
        if utf8.isPending {
            continueScalar(byte, &events)
            return
        }
        switch state {
        case .ground: ground(byte, &events)
        case .escape: escape(byte, &events)
        case .csi: csi(byte, &events)
        case .ignoredCSI:
            if (0x40...0x7E).contains(byte) {
                state = .ground
                events.append(.unknown)
            } else if !(0x20...0x3F).contains(byte) {
                state = .ground
                events.append(.unknown)
                ground(byte, &events)
            }
        case .ss3: ss3(byte, &events)
        case let .string(sawEscape): string(byte, sawEscape: sawEscape, &events)
        }
    }

    private mutating func ground(_ byte: UInt8, _ events: inout [InputEvent]) {
        switch byte {
        case 0x1B: state = .escape
        case 0x0D, 0x0A: events.append(.key(.enter))
        case 0x09: events.append(.key(.tab))
        case 0x7F, 0x08: events.append(.key(.backspace))
        case 0x00: events.append(.control("@"))
        case 0x01...0x1A: events.append(.control(Unicode.Scalar(byte + 0x60)))
        case 0x1C...0x1F: events.append(.control(Unicode.Scalar(byte + 0x40)))
        case 0x20...0x7E: events.append(.character(Unicode.Scalar(byte)))
        default: beginScalar(byte, &events)
        }
    }

    private mutating func escape(_ byte: UInt8, _ events: inout [InputEvent]) {
        state = .ground
        switch byte {
        case UInt8(ascii: "["): state = .csi; wipeSequence()
        case UInt8(ascii: "O"): state = .ss3
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            state = .string(sawEscape: false)
        case 0x7F, 0x08: events.append(.key(.backspace, .alt))
        case 0x20...0x7E: events.append(.alt(Unicode.Scalar(byte)))
        case 0x1B:
            events.append(.key(.escape))
            state = .escape
        case 0x80...0xFF:
            escapedScalar = true
            beginScalar(byte, &events)
        default:
            events.append(.key(.escape))
            ground(byte, &events)
        }
    }

    private mutating func csi(_ byte: UInt8, _ events: inout [InputEvent]) {
        switch byte {
        case 0x20...0x3F:
            if sequence.count >= Self.maximumSequence {
                state = .ignoredCSI
                wipeSequence()
                return
            }
            sequence.append(byte)
        case 0x40...0x7E:
            state = .ground
            if expectedCursorReports > 0, byte == UInt8(ascii: "R"), let report = Self.cursorReport(sequence) {
                wipeSequence()
                expectedCursorReports -= 1
                events.append(report)
                return
            }
            if expectsTerminalKind, byte == UInt8(ascii: "c"), let kind = Self.terminalKind(sequence) {
                wipeSequence()
                expectsTerminalKind = false
                events.append(kind)
                return
            }
            let event = Self.csiEvent(parameters: sequence, final: byte)
            wipeSequence()
            if event == .pasteBegin {
                isPasting = true
                endMarkerMatched = 0
            }
            if event != .pasteEnd { events.append(event) }  // a stray end marker means nothing
        default:
            // Not a CSI after all: drop what was read and decode this byte afresh.
            state = .ground
            wipeSequence()
            events.append(.unknown)
            ground(byte, &events)
        }
    }

    private mutating func ss3(_ byte: UInt8, _ events: inout [InputEvent]) {
        state = .ground
        switch byte {
        case UInt8(ascii: "A"): events.append(.key(.up))
        case UInt8(ascii: "B"): events.append(.key(.down))
        case UInt8(ascii: "C"): events.append(.key(.right))
        case UInt8(ascii: "D"): events.append(.key(.left))
        case UInt8(ascii: "H"): events.append(.key(.home))
        case UInt8(ascii: "F"): events.append(.key(.end))
        case UInt8(ascii: "M"): events.append(.key(.enter))
        case UInt8(ascii: "P")...UInt8(ascii: "S"): events.append(.key(.function(byte - UInt8(ascii: "P") + 1), []))
        case UInt8(ascii: "a"): events.append(.key(.up, .control))  // rxvt
        case UInt8(ascii: "b"): events.append(.key(.down, .control))
        case UInt8(ascii: "c"): events.append(.key(.right, .control))
        case UInt8(ascii: "d"): events.append(.key(.left, .control))
        case 0x20...0x7E: events.append(.unknown)
        default:
            events.append(.alt("O"))
            ground(byte, &events)
        }
    }

    private mutating func string(_ byte: UInt8, sawEscape: Bool, _ events: inout [InputEvent]) {
        if byte == 0x07 || (sawEscape && byte == UInt8(ascii: "\\")) {
            state = .ground
            events.append(.unknown)
        } else {
            state = .string(sawEscape: byte == 0x1B)
        }
    }

    /// Inside a paste every byte is text, until the exact end marker.
    private mutating func pasteStep(_ byte: UInt8, _ events: inout [InputEvent]) {
        if isReopenedPaste && !matchingBeginMarker && endMarkerMatched == 4 && byte == UInt8(ascii: "0") {
            // `ESC [ 2 0 0`: another paste starting right behind the last one's end.
            matchingBeginMarker = true
            endMarkerMatched = 5
            return
        }
        let marker = matchingBeginMarker ? Self.pasteBeginMarker : Self.pasteEndMarker
        if byte == marker[endMarkerMatched] {
            if endMarkerMatched == 0 && utf8.isPending {
                // ESC cannot continue a scalar: the one in progress was cut short.
                utf8.reset()
                events.append(.invalid)
            }
            endMarkerMatched += 1
            if endMarkerMatched == marker.count && matchingBeginMarker {
                // A paste of its own goes on from here: only its end marker (or the long
                // quiet) ends it. The marker is no text of it.
                endMarkerMatched = 0
                matchingBeginMarker = false
                isReopenedPaste = false
            } else if endMarkerMatched == marker.count {
                // The end, unless more follows before input goes quiet: `pasteEnd` waits.
                endMarkerMatched = 0
                isPasting = false
                isReopenedPaste = false
                pasteMayContinue = true
            }
            return
        }
        if endMarkerMatched > 0 {
            // A false start: what matched so far was text after all.
            let matched = markerMatched
            endMarkerMatched = 0
            matchingBeginMarker = false
            for text in matched { pasteText(text, &events) }
            pasteStep(byte, &events)
            return
        }
        pasteText(byte, &events)
    }

    private mutating func pasteText(_ byte: UInt8, _ events: inout [InputEvent]) {
        if utf8.isPending {
            continueScalar(byte, &events)
        } else if byte < 0x80 {
            events.append(.pasted(Unicode.Scalar(byte)))
        } else {
            beginScalar(byte, &events)
        }
    }

    // MARK: - UTF-8

    private mutating func beginScalar(_ byte: UInt8, _ events: inout [InputEvent]) {
        decodeScalar(byte, &events)
    }

    private mutating func continueScalar(_ byte: UInt8, _ events: inout [InputEvent]) {
        decodeScalar(byte, &events)
    }

    /// One byte of a scalar (after ESC, an Alt-scalar), in a paste or not.
    private mutating func decodeScalar(_ byte: UInt8, _ events: inout [InputEvent]) {
        switch utf8.step(byte) {
        case .needMore:
            return
        case let .invalid(takenByte):
            if escapedScalar { events.append(.key(.escape)) }
            escapedScalar = false
            events.append(.invalid)
            // A scalar cut short: the byte that cut it is decoded on its own.
            if !takenByte { if isPasting { pasteStep(byte, &events) } else { step(byte, &events) } }
        case let .scalar(scalar):
            if isPasting {
                events.append(.pasted(scalar))
            } else if escapedScalar {
                escapedScalar = false
                events.append(Self.isPrintable(scalar) ? .alt(scalar) : .unknown)
            } else {
                events.append(Self.isPrintable(scalar) ? .character(scalar) : .unknown)
            }
        }
    }

    /// Typed scalars that may enter the field: not C0, DEL or C1 controls.
    package static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.isControl
    }

    // MARK: - Resolving what is pending

    /// Ends the paste in progress (input went quiet): what matched of an end marker was text,
    /// a scalar cut short is invalid.
    private mutating func endPaste(_ events: inout [InputEvent]) {
        if endMarkerMatched > 0 {
            let matched = markerMatched
            endMarkerMatched = 0
            matchingBeginMarker = false
            for text in matched { pasteText(text, &events) }
        }
        if utf8.isPending {
            utf8.reset()
            events.append(.invalid)
        }
        isPasting = false
        isReopenedPaste = false
        pasteMayContinue = false
        events.append(.pasteEnd)
    }

    /// A short quiet: resolves a partial sequence, and ends a paste whose end marker came.
    private mutating func flush(_ events: inout [InputEvent]) {
        if pasteMayContinue || isReopenedPaste {
            endPaste(&events)
            return
        }
        // Before its end marker, a paste may pause anywhere, even inside a scalar or the
        // marker: only the longer quiet ends it.
        if isPasting { return }
        if utf8.isPending {
            utf8.reset()
            if escapedScalar { events.append(.key(.escape)) }
            escapedScalar = false
            events.append(.invalid)
        }
        switch state {
        case .ground: break
        case .escape: events.append(.key(.escape))
        case .csi:
            // ESC [ alone is Alt-[; a longer fragment is an unfinished sequence.
            events.append(sequence.isEmpty ? .alt("[") : .unknown)
        case .ignoredCSI: events.append(.unknown)
        case .ss3: events.append(.alt("O"))
        case .string: events.append(.unknown)
        }
        state = .ground
        wipeSequence()
    }

    private mutating func wipeSequence() {
        for index in sequence.indices { sequence[index] = 0 }
        sequence.removeAll(keepingCapacity: true)
    }

    // MARK: - CSI meanings

    /// `row ; column` of a cursor report (both 1 or more), as an event.
    static func cursorReport(_ parameters: [UInt8]) -> InputEvent? {
        guard let values = numbers(parameters), values.count == 2, values[0] >= 1, values[1] >= 1 else { return nil }
        return .cursorReport(row: UInt16(clamping: values[0]), column: UInt16(clamping: values[1]))
    }

    /// `> kind ; …` of the secondary device attributes, as an event.
    static func terminalKind(_ parameters: [UInt8]) -> InputEvent? {
        guard parameters.first == UInt8(ascii: ">"), let values = numbers(parameters.dropFirst()), !values.isEmpty else {
            return nil
        }
        return .terminalKind(UInt16(clamping: values[0]))
    }

    /// How long the beginning of an awaited answer (`CSI 12;` of a cursor report) waits for its
    /// rest: as long as the answer is waited for.
    package static let answerQuietMilliseconds: Int32 = 500

    /// Whether what is pending could begin an answer the terminal owes: `CSI` digits and `;`
    /// while a cursor report is expected, `CSI >` digits and `;` while the terminal's kind is.
    private var isAwaitedAnswerSoFar: Bool {
        guard state == .csi else { return false }
        let digits = sequence.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ";") }
        if expectedCursorReports > 0 && digits { return true }
        return expectsTerminalKind && sequence.first == UInt8(ascii: ">")
            && sequence.dropFirst().allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ";") }
    }

    /// Numbers of at most six digits separated by `;`, none left out; nil for anything else.
    private static func numbers(_ parameters: some Collection<UInt8>) -> [Int]? {
        var values: [Int] = []
        for digits in parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false) {
            guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            values.append(digits.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        return values
    }

    /// The event for a complete `CSI parameters final`.
    static func csiEvent(parameters: [UInt8], final: UInt8) -> InputEvent {
        // Private parameter markers (< = > ?) start replies and mouse reports, never keys.
        if let first = parameters.first, (0x3C...0x3F).contains(first) { return .unknown }
        guard parameters.allSatisfy({ (0x30...0x39).contains($0) || $0 == UInt8(ascii: ";") }) else { return .unknown }
        let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { digits in
            digits.isEmpty ? nil : digits.reduce(0) { min($0 * 10 + Int($1 - 0x30), 100_000) }
        }
        let first = numbers.first ?? nil
        var modifiers: Modifiers = []
        if numbers.count >= 2, let code = numbers[1], code >= 2, code <= 16 {
            modifiers = Modifiers(rawValue: UInt8(code - 1) & 0x07)
        } else if numbers.count >= 2 {
            return .unknown
        }
        if numbers.count > 2 { return .unknown }
        switch final {
        case UInt8(ascii: "A"): return .key(.up, modifiers)
        case UInt8(ascii: "B"): return .key(.down, modifiers)
        case UInt8(ascii: "C"): return .key(.right, modifiers)
        case UInt8(ascii: "D"): return .key(.left, modifiers)
        case UInt8(ascii: "H"): return .key(.home, modifiers)
        case UInt8(ascii: "F"): return .key(.end, modifiers)
        case UInt8(ascii: "Z"): return .key(.tab, modifiers.union(.shift))
        case UInt8(ascii: "P")...UInt8(ascii: "S"):
            // With a first parameter other than 1 this is a cursor-position report, not F1-F4.
            guard first == nil || first == 1 else { return .unknown }
            return .key(.function(final - UInt8(ascii: "P") + 1), modifiers)
        case UInt8(ascii: "~"):
            switch first ?? 1 {
            case 1, 7: return .key(.home, modifiers)
            case 2: return .key(.insert, modifiers)
            case 3: return .key(.delete, modifiers)
            case 4, 8: return .key(.end, modifiers)
            case 5: return .key(.pageUp, modifiers)
            case 6: return .key(.pageDown, modifiers)
            case let code where (11...15).contains(code): return .key(.function(UInt8(code - 10)), modifiers)
            case let code where (17...21).contains(code): return .key(.function(UInt8(code - 11)), modifiers)
            case let code where code == 23 || code == 24: return .key(.function(UInt8(code - 12)), modifiers)
            case 200: return .pasteBegin
            case 201: return .pasteEnd
            default: return .unknown
            }
        default: return .unknown
        }
    }
}
