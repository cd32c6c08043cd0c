import AskChoices
import AskFields
import AskGauge
import AskKit
import AskLayout
import AskModel
import AskSession
import AskText
import TestSupport
import AskPresentation
import AskRender
import AskTextBox

/// libFuzzer target: an alert drawn, then resized again and again (random sizes, narrower and
/// shorter than it too), typed into, answered by the terminal (random reports, tmux or not),
/// ended and begun again. The renderer never traps, its bytes carry no control character but
/// the few `ask` uses, and the erase never starts with `CSI J` at a row's first column (tmux
/// copies the screen into its history first when that is the screen's top-left corner; only
/// the first frame's `CR LF CSI J`, below the anchor, may).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResize(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let words = ["a", "password", "中文字", "e\u{301}", "🇫🇷", "registry.example.com"]
    let message = (0..<Int(first % 24)).map { words[$0 % words.count] }.joined(separator: " ")
    var spec = PromptSpec(title: "Server Password", message: message, isSecure: first & 0x80 != 0)
    spec.editFields { $0[0].allowsReveal = first & 0x40 != 0 }
    let content = AlertContent(spec: spec, charset: .utf8, usesColor: true)
    var state = PromptState(spec: spec)
    var renderer = ScreenRenderer()
    renderer.wipesScreens = spec.fields[0].isSecure && spec.fields[0].allowsReveal
    var terminal = TerminalSize(rows: 24, columns: 80)

    func check(_ out: [UInt8]) {
        for byte in out where byte < 0x20 && ![0x07, 0x0A, 0x0D, 0x1B].contains(byte) { fatalError("control byte \(byte)") }
        let eraseAtColumnZero: [UInt8] = [0x0D, 0x1B, 0x5B, 0x4A]  // CR CSI J
        for index in out.indices.dropLast(3) where out[index..<(index + 4)].elementsEqual(eraseAtColumnZero) {
            fatalError("CSI J at a row's first column")
        }
    }
    var scroll = AlertLayout.Scroll()
    var buttonOrder = Plain.buttonOrder(of: spec.framed)
    func draw(after prefix: [UInt8] = []) {
        var layout = AlertLayout(content: content, fields: spec.fields, size: terminal)
        layout.scroll = scroll
        buttonOrder = layout.buttonOrder
        let screen = layout.render(state)
        scroll = layout.scroll
        check(prefix + renderer.frame(screen))
        check(renderer.closing)
    }

    draw()
    var index = 1
    while index + 1 < bytes.count {
        let operation = bytes[index], argument = Int(bytes[index + 1])
        index += 2
        switch operation % 8 {
        case 0, 1:
            let old = terminal
            if operation % 8 == 0 { terminal.rows = argument % 60 + 1 } else { terminal.columns = argument % 200 + 1 }
            draw(after: renderer.clear(resizedFrom: old, to: terminal))
        case 2:
            _ = state.handle(.character(Unicode.Scalar(UInt8(0x21 + argument % 0x5E))), buttonOrder: buttonOrder)
            draw()
        case 3:
            _ = state.handle(argument % 2 == 0 ? .key(.tab) : .key(.backspace), buttonOrder: buttonOrder)
            draw()
        case 4:
            renderer.take(.cursorReport(row: UInt16(argument % 70), column: UInt16(Int(operation >> 3) + argument % 3)))
        case 5:
            renderer.take(.terminalKind(UInt16(argument % 3 == 0 ? TerminalConversation.tmuxKind : argument)))
        case 6:
            check(renderer.end())
            if argument % 2 == 0 { renderer.invalidate() }
            draw()
        default:
            if argument % 2 == 0 { renderer.forgetReports() }
            draw(after: renderer.clear())
        }
    }
    check(renderer.end())
    return 0
}
