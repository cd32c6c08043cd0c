import AskChoices
import AskFields
import AskGauge
@testable import AskKit
import AskPresentation
import AskText
import AskTextBox
import Testing

/// Bytes from the terminal → events: every case whole, byte by byte, and in random pieces.
struct KeyDecoderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        let events: [InputEvent]
        var testDescription: String { name }

        init(_ name: String, _ bytes: [UInt8], _ events: [InputEvent]) {
            self.name = name
            self.bytes = bytes
            self.events = events
        }

        init(_ name: String, _ text: String, _ events: [InputEvent]) {
            self.init(name, Array(text.utf8), events)
        }
    }

    static let esc: UInt8 = 0x1B
    static let pasteStart = Array("\u{1B}[200~".utf8)
    static let pasteStop = Array("\u{1B}[201~".utf8)

    static func characters(_ text: String) -> [InputEvent] { text.unicodeScalars.map { .character($0) } }
    static func pasted(_ text: String) -> [InputEvent] { text.unicodeScalars.map { .pasted($0) } }

    static let cases: [Case] = [
        // Printable text.
        Case("letter", "a", [.character("a")]),
        Case("all printable ASCII", (0x20...0x7E).map { UInt8($0) }, (0x20...0x7E).map { .character(Unicode.Scalar(UInt8($0))) }),
        Case("é, two bytes", "é", [.character("é")]),
        Case("中, three bytes", "中", [.character("中")]),
        Case("😀, four bytes", "😀", [.character("😀")]),
        Case("U+10FFFF, the last scalar", [0xF4, 0x8F, 0xBF, 0xBF], [.character("\u{10FFFF}")]),
        Case("mixed text", "aé中😀z", characters("aé中😀z")),
        Case("decomposed é is two scalars", "e\u{301}", [.character("e"), .character("\u{301}")]),

        // Keys sent as C0 controls.
        Case("Enter as CR", [0x0D], [.key(.enter)]),
        Case("Enter as LF", [0x0A], [.key(.enter)]),
        Case("Tab", [0x09], [.key(.tab)]),
        Case("Backspace as DEL", [0x7F], [.key(.backspace)]),
        Case("Backspace as BS", [0x08], [.key(.backspace)]),
        Case("Ctrl-A", [0x01], [.control("a")]),
        Case("Ctrl-C", [0x03], [.control("c")]),
        Case("Ctrl-W", [0x17], [.control("w")]),
        Case("Ctrl-Z", [0x1A], [.control("z")]),
        Case("Ctrl-@ (NUL)", [0x00], [.control("@")]),
        Case("Ctrl-\\", [0x1C], [.control("\\")]),
        Case("Ctrl-]", [0x1D], [.control("]")]),
        Case("Ctrl-^", [0x1E], [.control("^")]),
        Case("Ctrl-_", [0x1F], [.control("_")]),

        // Arrows, CSI and SS3 (application cursor keys).
        Case("up CSI", "\u{1B}[A", [.key(.up)]),
        Case("down CSI", "\u{1B}[B", [.key(.down)]),
        Case("right CSI", "\u{1B}[C", [.key(.right)]),
        Case("left CSI", "\u{1B}[D", [.key(.left)]),
        Case("up SS3", "\u{1B}OA", [.key(.up)]),
        Case("down SS3", "\u{1B}OB", [.key(.down)]),
        Case("right SS3", "\u{1B}OC", [.key(.right)]),
        Case("left SS3", "\u{1B}OD", [.key(.left)]),
        Case("Ctrl-right", "\u{1B}[1;5C", [.key(.right, .control)]),
        Case("Ctrl-left", "\u{1B}[1;5D", [.key(.left, .control)]),
        Case("Shift-up", "\u{1B}[1;2A", [.key(.up, .shift)]),
        Case("Alt-left", "\u{1B}[1;3D", [.key(.left, .alt)]),
        Case("Ctrl-Shift-right", "\u{1B}[1;6C", [.key(.right, [.control, .shift])]),
        Case("Ctrl-Alt-Shift-down", "\u{1B}[1;8B", [.key(.down, [.control, .alt, .shift])]),
        Case("rxvt Ctrl-right", "\u{1B}Oc", [.key(.right, .control)]),

        // Home and End, in every spelling.
        Case("Home CSI H", "\u{1B}[H", [.key(.home)]),
        Case("Home CSI 1~", "\u{1B}[1~", [.key(.home)]),
        Case("Home CSI 7~", "\u{1B}[7~", [.key(.home)]),
        Case("Home SS3 H", "\u{1B}OH", [.key(.home)]),
        Case("End CSI F", "\u{1B}[F", [.key(.end)]),
        Case("End CSI 4~", "\u{1B}[4~", [.key(.end)]),
        Case("End CSI 8~", "\u{1B}[8~", [.key(.end)]),
        Case("End SS3 F", "\u{1B}OF", [.key(.end)]),
        Case("Ctrl-Home", "\u{1B}[1;5H", [.key(.home, .control)]),

        // Editing and function keys.
        Case("Delete", "\u{1B}[3~", [.key(.delete)]),
        Case("Ctrl-Delete", "\u{1B}[3;5~", [.key(.delete, .control)]),
        Case("Insert", "\u{1B}[2~", [.key(.insert)]),
        Case("Page Up", "\u{1B}[5~", [.key(.pageUp)]),
        Case("Page Down", "\u{1B}[6~", [.key(.pageDown)]),
        Case("Shift-Tab", "\u{1B}[Z", [.key(.tab, .shift)]),
        Case("F1 SS3", "\u{1B}OP", [.key(.function(1))]),
        Case("F4 SS3", "\u{1B}OS", [.key(.function(4))]),
        Case("F5", "\u{1B}[15~", [.key(.function(5))]),
        Case("F6", "\u{1B}[17~", [.key(.function(6))]),
        Case("F12", "\u{1B}[24~", [.key(.function(12))]),
        Case("keypad Enter SS3 M", "\u{1B}OM", [.key(.enter)]),

        // Alt, sent as ESC first.
        Case("Alt-b", "\u{1B}b", [.alt("b")]),
        Case("Alt-B", "\u{1B}B", [.alt("B")]),
        Case("Alt-.", "\u{1B}.", [.alt(".")]),
        Case("Alt-é", "\u{1B}é", [.alt("é")]),
        Case("Alt-Backspace (ESC DEL)", [esc, 0x7F], [.key(.backspace, .alt)]),
        Case("Alt-Backspace (ESC BS)", [esc, 0x08], [.key(.backspace, .alt)]),

        // Escape alone, and fragments resolved when nothing more comes.
        Case("lone ESC", [esc], [.key(.escape)]),
        Case("ESC ESC", [esc, esc], [.key(.escape), .key(.escape)]),
        Case("ESC then up", "\u{1B}\u{1B}[A", [.key(.escape), .key(.up)]),
        Case("ESC then Ctrl-A", [esc, 0x01], [.key(.escape), .control("a")]),
        Case("ESC then Enter", [esc, 0x0D], [.key(.escape), .key(.enter)]),
        Case("ESC then an invalid byte", [esc, 0xFF], [.key(.escape), .invalid]),
        Case("ESC then a truncated scalar at the end", [esc, 0xC3], [.key(.escape), .invalid]),
        Case("ESC then a truncated scalar then a", [esc, 0xC3, 0x61], [.key(.escape), .invalid, .character("a")]),
        Case("ESC [ alone is Alt-[", "\u{1B}[", [.alt("[")]),
        Case("ESC O alone is Alt-O", "\u{1B}O", [.alt("O")]),
        Case("unfinished CSI", "\u{1B}[1;5", [.unknown]),
        Case("text after keys", "\u{1B}[Ax", [.key(.up), .character("x")]),

        // Bracketed paste: every scalar in between, controls included.
        Case("paste", pasteStart + Array("hello\r\nworld".utf8) + pasteStop,
             [.pasteBegin] + pasted("hello\r\nworld") + [.pasteEnd]),
        Case("paste of UTF-8", pasteStart + Array("é中😀".utf8) + pasteStop, [.pasteBegin] + pasted("é中😀") + [.pasteEnd]),
        Case("paste holding ESC and Tab", pasteStart + [esc, 0x09, 0x7F] + pasteStop,
             [.pasteBegin, .pasted("\u{1B}"), .pasted("\t"), .pasted("\u{7F}"), .pasteEnd]),
        Case("paste holding a false end marker", pasteStart + Array("a\u{1B}[20xb".utf8) + pasteStop,
             [.pasteBegin] + pasted("a\u{1B}[20xb") + [.pasteEnd]),
        Case("paste holding ESC ESC [201~", pasteStart + [esc] + pasteStop,
             [.pasteBegin, .pasted("\u{1B}"), .pasteEnd]),
        Case("paste holding a start marker", pasteStart + pasteStart + Array("x".utf8) + pasteStop,
             [.pasteBegin] + pasted("\u{1B}[200~x") + [.pasteEnd]),
        Case("empty paste", pasteStart + pasteStop, [.pasteBegin, .pasteEnd]),
        // Bytes right behind the end marker, before input goes quiet, are still the same paste:
        // a pasted text carrying its own end marker then "\r" must not submit.
        Case("bytes right after a paste's end are still the paste",
             pasteStart + Array("p".utf8) + pasteStop + Array("\u{1B}[Dq\r".utf8),
             [.pasteBegin, .pasted("p")] + pasted("\u{1B}[Dq\r") + [.pasteEnd]),
        Case("an injected end marker inside a paste", pasteStart + Array("a".utf8) + pasteStop + Array("\rrm -rf ~\r".utf8) + pasteStop,
             [.pasteBegin, .pasted("a")] + pasted("\rrm -rf ~\r") + [.pasteEnd]),
        // Inside a paste nothing is resolved by time: what may be the end marker waits.
        Case("paste not ended yet stays open", pasteStart + Array("ab\u{1B}[20".utf8),
             [.pasteBegin] + pasted("ab")),
        Case("invalid UTF-8 in a paste", pasteStart + [0x61, 0xFF, 0x62] + pasteStop,
             [.pasteBegin, .pasted("a"), .invalid, .pasted("b"), .pasteEnd]),
        Case("truncated scalar before the end marker", pasteStart + [0xC3] + pasteStop,
             [.pasteBegin, .invalid, .pasteEnd]),
        Case("truncated scalar before a false end marker", pasteStart + [0xC3] + Array("\u{1B}[20x".utf8) + pasteStop,
             [.pasteBegin, .invalid] + pasted("\u{1B}[20x") + [.pasteEnd]),
        Case("a stray end marker means nothing", pasteStop + Array("a".utf8), [.character("a")]),

        // Bytes that are not UTF-8: reported, never typed.
        Case("0xFF", [0xFF], [.invalid]),
        Case("0xFE", [0xFE], [.invalid]),
        Case("0xF5 (beyond U+10FFFF)", [0xF5, 0x80, 0x80, 0x80], [.invalid, .invalid, .invalid, .invalid]),
        Case("0xC3 then a", [0xC3, 0x61], [.invalid, .character("a")]),
        Case("lone continuation 0x80", [0x80], [.invalid]),
        Case("raw 0x9B (8-bit CSI)", [0x9B], [.invalid]),
        Case("raw 0x9B then A", [0x9B, 0x41], [.invalid, .character("A")]),
        Case("overlong 0xC0 0xAF", [0xC0, 0xAF], [.invalid, .invalid]),
        Case("overlong 0xE0 0x80 0xAF", [0xE0, 0x80, 0xAF], [.invalid, .invalid, .invalid]),
        Case("surrogate ED A0 80", [0xED, 0xA0, 0x80], [.invalid, .invalid, .invalid]),
        Case("above U+10FFFF F4 90 80 80", [0xF4, 0x90, 0x80, 0x80], [.invalid, .invalid, .invalid, .invalid]),
        Case("truncated 中 at the end", [0xE4, 0xB8], [.invalid]),
        Case("truncated 中 then ESC [A", [0xE4, 0xB8] + Array("\u{1B}[A".utf8), [.invalid, .key(.up)]),
        Case("invalid between letters", [0x61, 0xFF, 0x62], [.character("a"), .invalid, .character("b")]),
        Case("C1 control U+0080 as UTF-8", [0xC2, 0x80], [.unknown]),
        Case("C1 control U+009B as UTF-8", [0xC2, 0x9B], [.unknown]),

        // Replies and strings the terminal sends: ignored, never typed.
        Case("OSC ended by BEL", "\u{1B}]0;title\u{07}", [.unknown]),
        Case("OSC ended by ST", "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", [.unknown]),
        Case("DCS reply", "\u{1B}P1$r0m\u{1B}\\", [.unknown]),
        Case("APC", "\u{1B}_Gi=1;OK\u{1B}\\", [.unknown]),
        Case("cursor position report", "\u{1B}[12;40R", [.unknown]),
        Case("device attributes", "\u{1B}[?1;2c", [.unknown]),
        Case("secondary device attributes", "\u{1B}[>41;354;0c", [.unknown]),
        Case("SGR mouse report", "\u{1B}[<0;10;20M", [.unknown]),
        Case("focus in", "\u{1B}[I", [.unknown]),
        Case("unknown CSI ~ code", "\u{1B}[99~", [.unknown]),
        Case("too many parameters", "\u{1B}[1;2;3A", [.unknown]),
        Case("unterminated OSC", "\u{1B}]0;title", [.unknown]),
        Case("reply then a key", "\u{1B}[12;40Rx", [.unknown, .character("x")]),
        Case("overlong CSI is dropped whole", [esc, UInt8(ascii: "[")] + Array(repeating: UInt8(ascii: "1"), count: 80) + [UInt8(ascii: "A")],
             [.unknown]),
    ]

    /// The events for `bytes` fed in one piece, with nothing more to come.
    static func wholeEvents(_ bytes: [UInt8]) -> [InputEvent] {
        var decoder = KeyDecoder()
        let events = decoder.feed(bytes, moreAvailable: false)
        #expect(!decoder.isAwaitingMore)
        return events
    }

    /// The events for `bytes` fed in the given pieces (more to come after each), then resolved.
    static func events(_ bytes: [UInt8], cutAt cuts: [Int]) -> [InputEvent] {
        var decoder = KeyDecoder()
        var events: [InputEvent] = []
        var start = 0
        for cut in cuts + [bytes.count] {
            events += decoder.feed(Array(bytes[start..<cut]), moreAvailable: true)
            start = cut
        }
        events += decoder.feed([], moreAvailable: false)
        #expect(!decoder.isAwaitingMore)
        return events
    }

    @Test(arguments: cases)
    func decodesInOnePiece(_ testCase: Case) {
        #expect(Self.wholeEvents(testCase.bytes) == testCase.events)
    }

    /// A sequence split across reads decodes as when it came in one piece.
    @Test(arguments: cases)
    func decodesByteByByteAsInOnePiece(_ testCase: Case) {
        let byteByByte = Self.events(testCase.bytes, cutAt: Array(testCase.bytes.indices.dropFirst()))
        #expect(byteByByte == Self.wholeEvents(testCase.bytes))
    }

    /// Nothing the decoder produces from a case is a control typed as a character.
    @Test(arguments: cases)
    func neverTypesAControl(_ testCase: Case) {
        for event in Self.wholeEvents(testCase.bytes) {
            if case let .character(scalar) = event { #expect(KeyDecoder.isPrintable(scalar), "\(testCase.name): \(scalar.value)") }
            if case let .alt(scalar) = event { #expect(KeyDecoder.isPrintable(scalar), "\(testCase.name): \(scalar.value)") }
        }
    }

    // MARK: - Waiting for the rest

    @Test func loneEscapeWaitsWhenMoreMayCome() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([Self.esc], moreAvailable: true) == [])
        #expect(decoder.isAwaitingMore)
        #expect(decoder.feed(Array("[A".utf8), moreAvailable: true) == [.key(.up)])
        #expect(!decoder.isAwaitingMore)
    }

    @Test func loneEscapeIsEscapeWhenNothingCame() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([Self.esc], moreAvailable: true) == [])
        #expect(decoder.isAwaitingMore)
        #expect(decoder.feed([], moreAvailable: false) == [.key(.escape)])
        #expect(!decoder.isAwaitingMore)
    }

    @Test func splitScalarWaits() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0xF0, 0x9F], moreAvailable: true) == [])
        #expect(decoder.isAwaitingMore)
        #expect(decoder.feed([0x98, 0x80], moreAvailable: true) == [.character("😀")])
        #expect(!decoder.isAwaitingMore)
    }

    @Test func partialEndMarkerInAPasteWaits() {
        var decoder = KeyDecoder()
        #expect(decoder.feed(Self.pasteStart + Array("x\u{1B}[20".utf8), moreAvailable: true) == [.pasteBegin, .pasted("x")])
        // Nothing for the caller to time out: a slow link may split the marker anywhere.
        #expect(!decoder.isAwaitingMore)
        #expect(decoder.feed([], moreAvailable: false) == [])
        #expect(decoder.isPasting)
        #expect(decoder.feed(Array("1~".utf8), moreAvailable: true) == [])
        #expect(!decoder.isPasting)
        // Until input goes quiet, more bytes would still belong to the paste: it ends then.
        #expect(decoder.isAwaitingMore)
        #expect(decoder.feed([], moreAvailable: false) == [.pasteEnd])
        #expect(!decoder.isAwaitingMore)
    }

    @Test func keysAfterAPasteAndAQuietMomentAreKeys() {
        var decoder = KeyDecoder()
        var events = decoder.feed(Self.pasteStart + Array("p".utf8) + Self.pasteStop, moreAvailable: true)
        events += decoder.feed([], moreAvailable: false)  // the caller's quiet-time flush
        events += decoder.feed(Array("\u{1B}[Dq".utf8), moreAvailable: false)
        #expect(events == [.pasteBegin, .pasted("p"), .pasteEnd, .key(.left), .character("q")])
    }

    @Test func resetForgetsAPartialSequence() {
        var decoder = KeyDecoder()
        _ = decoder.feed(Array("\u{1B}[1;".utf8), moreAvailable: true)
        #expect(decoder.isAwaitingMore)
        decoder.reset()
        #expect(!decoder.isAwaitingMore)
        #expect(decoder.feed(Array("A".utf8), moreAvailable: false) == [.character("A")])
    }

    // MARK: - Random input

    /// Bytes that make interesting sequences more likely than uniform bytes would.
    static let alphabet: [UInt8] = Array("\u{1B}[O];~0123456789ABCDHFPZMRcu?<>~\\\u{07}ab ".utf8)
        + [0x00, 0x01, 0x08, 0x09, 0x0D, 0x7F, 0x80, 0x9B, 0xA9, 0xBF, 0xC0, 0xC3, 0xE0, 0xE4, 0xED, 0xF0, 0xF4, 0xF5, 0xFF]

    static func randomBytes(_ random: inout Xorshift) -> [UInt8] {
        let length = random.next(below: 48)
        var bytes: [UInt8] = []
        while bytes.count < length {
            switch random.next(below: 10) {
            case 0: bytes += pasteStart
            case 1: bytes += pasteStop
            case 2: bytes += Array("中😀é".utf8)
            case 3: bytes.append(UInt8(truncatingIfNeeded: random.next()))
            default: bytes.append(alphabet[random.next(below: alphabet.count)])
            }
        }
        return bytes
    }

    /// Random bytes in random pieces: no crash, and the same events as in one piece.
    @Test func randomInputInRandomPiecesDecodesAsInOnePiece() {
        var random = Xorshift(seed: 0x5EED_1234_ABCD)
        for _ in 0..<3000 {
            let bytes = Self.randomBytes(&random)
            let whole = Self.wholeEvents(bytes)
            for event in whole {
                if case let .character(scalar) = event { #expect(KeyDecoder.isPrintable(scalar)) }
            }
            let cuts = (0..<random.next(below: 6)).map { _ in random.next(below: bytes.count + 1) }.sorted()
            let pieces = Self.events(bytes, cutAt: cuts)
            #expect(pieces == whole, "bytes \(bytes) cut at \(cuts)")
            if pieces != whole { return }
        }
    }
}

/// A small deterministic generator (xorshift64*), so random tests repeat exactly.
struct Xorshift {
    private var state: UInt64

    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    /// A number in `0..<bound` (0 when `bound` is 0).
    mutating func next(below bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }

    /// A number in `range`.
    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + next(below: range.count)
    }
}

extension KeyDecoderTests {
    /// One read can give more events than it has bytes, from what an earlier read left pending
    /// (a paste's end marker half matched, a paste that just ended, an unfinished sequence),
    /// but never more than `mostEvents`: the session reserves that much, so its event array
    /// never grows (growing would free an unwiped copy of typed text).
    @Test(arguments: [
        ("an end marker half matched", Self.pasteStart + Array("x\u{1B}[20".utf8), UInt8(ascii: "a")),
        ("a paste's marker came, then half of another", Self.pasteStart + Array("x".utf8) + Self.pasteStop + Array("\u{1B}[20".utf8),
         UInt8(ascii: "a")),
        ("an unfinished CSI", [Self.esc, UInt8(ascii: "[")] + Array(repeating: UInt8(ascii: "1"), count: 63), 0x01),
    ] as [(String, [UInt8], UInt8)])
    func aReadNeverGivesMoreThanMostEvents(name: String, before: [UInt8], byte: UInt8) {
        var decoder = KeyDecoder()
        _ = decoder.feed(before, moreAvailable: true)
        let read = [UInt8](repeating: byte, count: 4096)
        let events = decoder.feed(read, moreAvailable: true)
        #expect(events.count > read.count)  // why one event per byte is not enough
        #expect(events.count <= KeyDecoder.mostEvents(forBytes: read.count))
    }
}
