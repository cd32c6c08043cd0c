import AskChoices
import AskFields
import AskGauge
import AskKit
import AskLayout
import AskModel
import AskSession
import AskPresentation
import AskRender
import AskText
import TestSupport
import AskTextBox

/// libFuzzer target: plain mode and the numbers of a spec. A spec whose numbers come straight
/// from the input (timeout, width, lengths, terminal size: any value, NaN and infinities
/// included) is answered with keys the input chooses, read by read, through the state, the
/// plain renderer and the layout; the deadline's arithmetic runs at clock readings the input
/// chooses. Nothing may trap; plain output holds no control but CR, LF and BS, and its prompt
/// lines start with `> `; waits and countdowns stay in their ranges.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlain(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = Input(UnsafeBufferPointer(start: data, count: size))
    let flags = input.byte()
    var spec = PromptSpec(title: input.text(), message: input.text(), isSecure: flags & 1 != 0)
    if flags & 4 != 0 { spec.secondaryLabel = input.text() }
    if flags & 8 != 0 { spec.cancelLabel = nil }
    if flags & 16 != 0 { spec.okLabel = input.text() }
    spec.isDestructive = flags & 32 != 0
    spec.editFields { $0[0].repeatsEntry = flags & 64 != 0 }
    if flags & 128 != 0 { spec.editFields { $0[0].mask = "" } }
    let numbers = input.byte()
    let timeout = numbers & 1 != 0 ? input.double() : nil
    if numbers & 2 != 0 { spec.editFields { $0[0].validation.maximumLength = input.integer() } }
    if numbers & 4 != 0 { spec.editFields { $0[0].validation.minimumLength = input.integer() } }
    let width = numbers & 8 != 0 ? input.integer() : nil
    if numbers & 16 != 0 { spec.editFields { $0[0].validation.isRequired = true } }
    if flags & 2 != 0 { spec.body = .fields([]) }
    let terminal = TerminalSize(rows: numbers & 32 != 0 ? input.integer() : 24,
                                columns: numbers & 64 != 0 ? Int(UInt16(truncatingIfNeeded: input.integer())) : 80)

    let content = AlertContent(spec: spec, charset: numbers & 128 != 0 ? .ascii : .utf8, usesColor: false, timeout: timeout)
    var layout = AlertLayout(content: content, fields: spec.fields, size: terminal, preferredWidth: width)
    var state = PromptState(spec: spec)
    var renderer = PlainRenderer()
    var written = renderer.begin(content, state)
    let pastedScalars: [Unicode.Scalar] = ["x", "\u{E9}", "\u{301}", "\u{754C}", "\r", "\u{1B}", "\u{7F}"]
    let typedScalars: [Unicode.Scalar] = ["\u{E9}", "\u{754C}", "\u{301}", "\u{1F1EB}", "\u{200D}", "\u{1F44D}"]
    let keys: [InputEvent] = [.key(.enter), .key(.tab), .key(.backspace), .key(.left), .key(.right), .control("u"),
                              .control("w"), .control("a"), .control("e"), .key(.delete), .pasteBegin, .pasteEnd]
    while !input.isEmpty {
        // A read: a few events, then what the session does after it.
        for _ in 0..<(Int(input.byte() % 4) + 1) where !input.isEmpty {
            let byte = input.byte()
            let event: InputEvent
            if byte < 0x80 {
                event = .character(Unicode.Scalar(byte % 0x5F + 0x20))
            } else if byte < 0xA0 {
                event = .pasted(pastedScalars[Int(byte) % pastedScalars.count])
            } else if byte < 0xB0 {
                event = .character(typedScalars[Int(byte) % typedScalars.count])
            } else {
                event = keys[Int(byte) % keys.count]
            }
            _ = state.handle(event, buttonOrder: Plain.buttonOrder(of: spec.framed))
        }
        if state.hasPendingPaste { _ = state.flushPaste() }
        written += renderer.update(content, state)
        _ = state.currentField?.counter
    }
    written += renderer.end()
    _ = layout.render(state)

    for byte in written where byte < 0x20 && ![0x08, 0x0A, 0x0D].contains(byte) || byte == 0x7F {
        fatalError("plain mode wrote the control byte \(byte)")
    }
    // Every line but the title, message and notes is a prompt line; a line never starts with a
    // backspace (nothing is erased before its start).
    for line in written.split(separator: 0x0A) where line.first == 0x08 {
        fatalError("a line starts by backspacing: \(Array(line.prefix(8)))")
    }

    if let timeout {
        let deadline = Deadline(seconds: timeout, after: input.seed)
        guard (0...Int(Deadline.longest)).contains(Deadline.wholeSeconds(timeout)) else { fatalError("whole seconds") }
        for now in [input.seed, input.seed + timeout, input.seed + 9.5, deadline.time - 0.5, -input.seed, .nan, .infinity] {
            guard (0...Deadline.longestWait).contains(deadline.wait(at: now)) else { fatalError("wait at \(now)") }
            if let countdown = deadline.countdown(at: now), !(0...10).contains(countdown) { fatalError("countdown \(countdown)") }
            _ = deadline.hasPassed(at: now)
        }
    }
    return 0
}

/// The fuzzer's bytes, taken from the front.
struct Input {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// A clock reading made of the last eight bytes (any Double, NaN included).
    let seed: Double

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var bits: UInt64 = 0
        for byte in bytes.suffix(8) { bits = bits << 8 | UInt64(byte) }
        seed = Double(bitPattern: bits)
    }

    var isEmpty: Bool { index >= bytes.count }

    mutating func byte() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }

    /// Eight bytes as they are: any Int.
    mutating func integer() -> Int {
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
        return Int(truncatingIfNeeded: bits)
    }

    /// Eight bytes as they are: any Double, NaN and infinities included.
    mutating func double() -> Double { Double(bitPattern: UInt64(truncatingIfNeeded: integer())) }

    /// Up to the next NUL, as UTF-8 (repaired).
    mutating func text() -> String {
        var end = index
        while end < bytes.count && bytes[end] != 0 { end += 1 }
        defer { index = min(end + 1, bytes.count) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
    }
}
