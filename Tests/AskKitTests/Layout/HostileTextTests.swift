import AskChoices
import AskCommandLine
import AskFields
import AskGauge
@testable import AskKit
import AskLayout
import AskModel
import AskSession
import AskPresentation
import AskRender
import AskSystem
import AskText
import AskTextBox
import Glibc
import TestSupport
import Testing

/// Text given to `ask` may hold anything; none of it may reach the terminal as a control
/// sequence. Each case is put in every text slot, drawn, and the bytes checked: only the
/// sequences `ask` itself uses, no C1 controls, no bidi or invisible format characters, and a
/// virtual terminal shows the visible forms.
struct HostileTextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let text: String
        /// What must be visible on the screen (when it fits).
        let shows: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "clear screen", text: "a\u{1B}[2Jb", shows: "a^[[2Jb"),
        Case(name: "window title (OSC 0)", text: "\u{1B}]0;owned\u{7}x", shows: "^[]0;owned^Gx"),
        Case(name: "clipboard write (OSC 52)", text: "\u{1B}]52;c;SGVsbG8=\u{7}", shows: "^[]52;c;SGVsbG8=^G"),
        Case(name: "hyperlink (OSC 8)", text: "\u{1B}]8;;https://evil\u{1B}\\click\u{1B}]8;;\u{1B}\\", shows: "^[]8;;https://evil^["),
        Case(name: "cursor position query", text: "\u{1B}[6n", shows: "^[[6n"),
        Case(name: "device attributes query", text: "\u{1B}[c\u{1B}[>c", shows: "^[[c^[[>c"),
        Case(name: "DCS capability query", text: "\u{1B}P+q544e\u{1B}\\", shows: "^[P+q544e^[\\"),
        Case(name: "carriage return overwrite", text: "safe\rEVIL", shows: "safe^MEVIL"),
        Case(name: "backspace overwrite", text: "pass\u{8}\u{8}\u{8}\u{8}user", shows: "pass^H^H^H^Huser"),
        Case(name: "C1 CSI as a character", text: "\u{9B}2J", shows: "\u{FFFD}2J"),
        Case(name: "C1 controls", text: "\u{85}\u{90}\u{9D}\u{9C}", shows: "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
        Case(name: "NUL and DEL", text: "a\u{0}b\u{7F}", shows: "a^@b^?"),
        Case(name: "right-to-left override", text: "abc\u{202E}txt.exe", shows: "abctxt.exe"),
        Case(name: "bidi isolates and marks", text: "x\u{2066}y\u{2069}\u{200F}z", shows: "xyz"),
        Case(name: "zero-width characters and BOM", text: "a\u{200B}b\u{FEFF}c\u{2060}d", shows: "abcd"),
        Case(name: "tag characters", text: "hi\u{E0001}\u{E0068}\u{E0069}", shows: "hi"),
        Case(name: "line and paragraph separators", text: "one\u{2028}two\u{2029}three", shows: "onetwothree"),
        Case(name: "a 10,000-column word", text: String(repeating: "W", count: 10_000), shows: nil),
        Case(name: "10,000 combining marks", text: "e" + String(repeating: "\u{301}", count: 10_000), shows: nil),
        Case(name: "invalid UTF-8 already repaired", text: "bad\u{FFFD}byte", shows: "bad\u{FFFD}byte"),
    ]

    /// Every spec slot that shows text, filled with `text`.
    static func specs(_ text: String) -> [(String, PromptSpec)] {
        var title = PromptSpec(); title.title = text
        var message = PromptSpec(); message.message = text
        var placeholder = PromptSpec(); placeholder.editFields { $0[0].placeholder = text }
        var value = PromptSpec(); value.editFields { $0[0].value = text }
        var labels = PromptSpec(); labels.okLabel = text; labels.cancelLabel = text; labels.secondaryLabel = text
        var status = PromptSpec(); status.editFields { $0[0].value = "x" }; status.editFields { $0[0].validation.pattern = "y" }; status.editFields { $0[0].validation.errorMessage = text }
        return [("title", title), ("message", message), ("placeholder", placeholder), ("value", value),
                ("labels", labels), ("error", status)]
    }

    @Test(arguments: cases)
    func nothingGivenBecomesAControlSequence(_ example: Case) {
        for (slot, spec) in Self.specs(example.text) {
            let content = AlertContent(spec: spec, charset: .utf8, usesColor: true)
            var layout = AlertLayout(content: content, fields: spec.fields, size: TerminalSize(rows: 24, columns: 80))
            var state = PromptState(spec: spec)
            if slot == "error" { _ = state.handle(.key(.enter)) }
            var renderer = ScreenRenderer()
            let bytes = renderer.frame(layout.render(state))
            #expect(Self.onlyOwnSequences(bytes), "\(slot): a sequence ask does not write")
            let terminal = VirtualTerminal(rows: 24, columns: 80)
            terminal.feed(bytes)
            #expect(terminal.unknownSequences.isEmpty, "\(slot): \(terminal.unknownSequences)")
            #expect(terminal.lines.allSatisfy { DisplayWidth.of($0) <= 79 }, "\(slot) overflows")
            if let shows = example.shows, slot != "labels", slot != "value" {  // typed text: see below
                let visible = terminal.lines.joined()
                #expect(visible.contains(String(shows.prefix(20))), "\(slot): '\(shows)' not shown in \(terminal.lines)")
            }
        }
    }

    @Test(arguments: cases)
    func typedTextIsShownSafelyToo(_ example: Case) {
        var spec = PromptSpec()
        spec.editFields { $0[0].value = example.text }
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: false)
        var layout = AlertLayout(content: content, fields: spec.fields, size: TerminalSize(rows: 24, columns: 80))
        let state = PromptState(spec: spec)
        var renderer = ScreenRenderer()
        let bytes = renderer.frame(layout.render(state))
        #expect(Self.onlyOwnSequences(bytes))
        // Typed format characters are not removed but shown as a replacement, so the cursor
        // never sits on something invisible.
        let terminal = VirtualTerminal()
        terminal.feed(bytes)
        if example.name == "right-to-left override" { #expect(terminal.contains("abc\u{FFFD}txt.exe")) }
    }

    @Test func anEscapeSplitBetweenTitleAndMessageStaysApart() {
        var spec = PromptSpec()
        spec.title = "Title\u{1B}"
        spec.message = "[2J]0;x\u{7}"
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: false)
        var layout = AlertLayout(content: content, fields: spec.fields, size: TerminalSize(rows: 24, columns: 80))
        var renderer = ScreenRenderer()
        let bytes = renderer.frame(layout.render(PromptState(spec: spec)))
        #expect(Self.onlyOwnSequences(bytes))
        let terminal = VirtualTerminal()
        terminal.feed(bytes)
        #expect(terminal.contains("Title^["))
        #expect(terminal.contains("[2J]0;x^G"))
    }

    /// Whether every escape sequence in `bytes` is one `ask` writes (see ANSI.swift), and no
    /// other control character, C1 control or invisible format character is there.
    static func onlyOwnSequences(_ bytes: [UInt8]) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                guard index + 1 < bytes.count else { return false }
                let next = bytes[index + 1]
                if next == UInt8(ascii: "7") || next == UInt8(ascii: "8") { index += 2; continue }
                guard next == UInt8(ascii: "[") else { return false }
                var end = index + 2
                while end < bytes.count && (0x20...0x3F).contains(bytes[end]) { end += 1 }
                guard end < bytes.count else { return false }
                let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                switch Character(Unicode.Scalar(bytes[end])) {
                case "A", "B", "G": guard parameters.allSatisfy(\.isNumber) else { return false }
                case "J", "K": guard parameters.isEmpty else { return false }
                case "n": guard parameters == "6" else { return false }
                case "c": guard parameters == ">" else { return false }
                case "m":
                    let allowed: Set<Substring> = ["0", "1", "2", "4", "7", "31", "32", "33", "34", "35", "36", "90", "94"]
                    guard parameters.split(separator: ";").allSatisfy(allowed.contains) else { return false }
                case "h", "l": guard parameters == "?2004" || parameters == "?25" else { return false }
                default: return false
                }
                index = end + 1
                continue
            }
            if byte < 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x07 { return false }
            if byte == 0x7F { return false }
            index += 1
        }
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            let value = scalar.value
            if (0x80...0x9F).contains(value) { return false }
            if [0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0x2060, 0xFEFF].contains(value) { return false }
            if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) { return false }
            if (0xE0000...0xE007F).contains(value) { return false }
        }
        return true
    }

    @Test func messagesOnStderrShowControlCharacters() {
        #expect(DisplayText.visible("invalid value '\u{1B}[2J' for '--color'") == "invalid value '^[[2J' for '--color'")
        #expect(DisplayText.visible("bell\u{7}\u{9B}x\u{202E}y") == "bell^G\u{FFFD}xy")
    }
}
