import AskText
import AskKit

/// libFuzzer target: bytes → events, fed in chunks the input itself chooses. Feeding in any
/// split must give the events of feeding in one piece, a flush must leave nothing pending but a
/// paste waiting for its end marker, and the long quiet must end that too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let input = Array(bytes.dropFirst())
    var whole = KeyDecoder()
    let expected = whole.feed(input, moreAvailable: false)
    var split = KeyDecoder()
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
    if split.isAwaitingMore && !split.isPasting { fatalError("pending after a flush") }
    // The long quiet ends even a paste whose end marker never came: nothing is left pending.
    var afterQuiet: [InputEvent] = []
    split.inputWentQuiet(milliseconds: KeyDecoder.pasteQuietMilliseconds, into: &afterQuiet)
    if split.quietMillisecondsNeeded != nil || split.isPasting { fatalError("pending after the long quiet") }
    if let last = afterQuiet.last, last != .pasteEnd { fatalError("the long quiet gave \(afterQuiet)") }
    for event in events {
        if case let .character(scalar) = event, scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
            fatalError("a control character typed: \(scalar.value)")
        }
    }
    return 0
}
