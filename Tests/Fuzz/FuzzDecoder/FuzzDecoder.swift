import AskChoices
import AskFields
import AskGauge
import AskKit
import AskPresentation
import AskText
import TestSupport
import AskTextBox

/// libFuzzer target: bytes → events, fed in chunks the input itself chooses, with terminal
/// answers expected or not (as the first byte says). Feeding in any split must give the events
/// of feeding in one piece, a flush must leave nothing pending but a paste waiting for its end
/// marker or the beginning of an awaited answer, the long quiet must end those too, and no more
/// answers come out than were expected.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let input = Array(bytes.dropFirst())
    let reports = Int(first >> 4 & 3), kind = first & 0x80 != 0
    var whole = KeyDecoder()
    whole.expectedCursorReports = reports
    whole.expectsTerminalKind = kind
    let expected = whole.feed(input, moreAvailable: false)
    var split = KeyDecoder()
    split.expectedCursorReports = reports
    split.expectsTerminalKind = kind
    var events: [InputEvent] = []
    var start = 0
    var step = Int(first % 7) + 1
    while start < input.count {
        let end = min(start + step, input.count)
        let chunk = split.feed(Array(input[start..<end]), moreAvailable: true)
        if chunk.count > KeyDecoder.mostEvents(forBytes: end - start) { fatalError("more events than mostEvents") }
        events += chunk
        start = end
        step = step * 5 % 11 + 1
    }
    events += split.feed([], moreAvailable: false)
    if events != expected { fatalError("split feeding differs: \(events) vs \(expected)") }
    // After a short quiet only a paste, or the beginning of an answer still awaited, is pending.
    if split.isAwaitingMore && !split.isPasting && split.quietMillisecondsNeeded != KeyDecoder.answerQuietMilliseconds {
        fatalError("pending after a flush")
    }
    // The long quiet ends even a paste whose end marker never came: nothing is left pending.
    var afterQuiet: [InputEvent] = []
    split.inputWentQuiet(milliseconds: KeyDecoder.pasteQuietMilliseconds, into: &afterQuiet)
    if split.quietMillisecondsNeeded != nil || split.isPasting { fatalError("pending after the long quiet") }
    // It ends a paste, or resolves an answer's beginning that never went on.
    if let last = afterQuiet.last, last != .pasteEnd && last != .unknown && last != .alt("[") {
        fatalError("the long quiet gave \(afterQuiet)")
    }
    var answers = (reports: 0, kinds: 0)
    for event in events {
        if case let .character(scalar) = event, scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            fatalError("a control character typed: \(scalar.value)")
        }
        if case .cursorReport = event { answers.reports += 1 }
        if case .terminalKind = event { answers.kinds += 1 }
    }
    if answers.reports > reports || answers.kinds > (kind ? 1 : 0) { fatalError("answers not expected: \(answers)") }
    return 0
}
