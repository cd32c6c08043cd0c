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

/// libFuzzer target: random specs (one field, several, or none) and terminal sizes. Every row fits the width, the alert fits
/// below the anchor, the cursor is on the screen, and the renderer's bytes carry no control
/// character but the few `ask` uses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard bytes.count >= 4 else { return 0 }
    let rows = Int(bytes[0]) % 60 + 1
    let columns = Int(bytes[1]) % 200 + 1
    let flags = bytes[2]
    let texts = bytes[4...].split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    func text(_ index: Int) -> String { index < texts.count ? texts[index] : "" }
    var spec = PromptSpec(title: text(0), message: text(1), placeholder: text(2), value: text(3),
                          isSecure: flags & 1 != 0)
    if flags & 4 != 0 { spec.secondaryLabel = text(4) }
    if flags & 8 != 0 { spec.cancelLabel = nil } else if !text(5).isEmpty { spec.cancelLabel = text(5) }
    if !text(6).isEmpty { spec.okLabel = text(6) }
    spec.isDestructive = flags & 16 != 0
    if flags & 32 != 0 { spec.editFields { $0[0].validation.maximumLength = Int(bytes[3]) } }
    let width = flags & 64 != 0 ? Int(bytes[3]) + 1 : nil
    // A ninth text makes the answer required, with that text (if any) as the reason, so that
    // the Enter below shows an error: under the field, wrapped, or under the one-line form.
    if texts.count > 8 {
        spec.editFields { $0[0].validation.isRequired = true }
        spec.editFields { $0[0].validation.errorMessage = text(8).isEmpty ? nil : text(8) }
    }
    // A tenth text and more: several fields, labelled by them (every other one secure).
    if flags & 2 != 0 {
        spec.body = .fields([])
    } else if texts.count > 9 {
        spec.editFields { $0[0].label = text(9) }
        for (index, label) in texts.dropFirst(10).prefix(6).enumerated() {
            spec.editFields { $0.append(FieldSpec(label: label, value: index % 3 == 0 ? text(3) : "", isSecure: index % 2 == 0)) }
        }
    }
    let charset: Charset = flags & 128 != 0 ? .ascii : .utf8
    let content = AlertContent(spec: spec, charset: charset, usesColor: bytes[3] & 1 == 1)
    var layout = AlertLayout(content: content, fields: spec.fields, size: TerminalSize(rows: rows, columns: columns), preferredWidth: width)
    var state = PromptState(spec: spec)
    if state.currentField?.editor.text.count == 0 { _ = state.handle(.key(.enter), buttonOrder: layout.buttonOrder) }
    let keys: [InputEvent] = [.key(.tab), .key(.left), .key(.enter), .key(.down), .key(.up), .key(.tab, .shift), .character("x"),
                              .key(.backspace)]
    for byte in bytes.prefix(12) { _ = state.handle(keys[Int(byte % 8)], buttonOrder: layout.buttonOrder) }
    let screen = layout.render(state)
    guard screen.width <= max(columns - 1, 0), screen.height <= max(rows - 1, 1) else {
        fatalError("\(screen.width)×\(screen.height) does not fit \(columns)×\(rows)")
    }
    for row in 0..<screen.height {
        var width = 0
        for column in 0..<screen.width { width += screen[row, column].width }
        guard width == screen.width else { fatalError("row \(row) is \(width) wide, not \(screen.width)") }
    }
    if let cursor = screen.cursor, cursor.row >= screen.height || cursor.column > screen.width {
        fatalError("cursor outside the screen")
    }
    var renderer = ScreenRenderer()
    for byte in renderer.frame(screen) where byte < 0x20 && ![0x07, 0x0A, 0x0D, 0x1B].contains(byte) {
        fatalError("control byte \(byte) written")
    }
    return 0
}
