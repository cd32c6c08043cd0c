import AskChoices
import AskFields
import AskGauge
@testable import AskKit
import AskLayout
import AskModel
import AskSession
import AskPresentation
import AskRender
import AskText
import AskTextBox
import TestSupport
import Testing

/// What plain mode (`--plain`, `TERM=dumb`) writes, read as a transcript: golden screens for
/// keys typed read by read, as the session draws after each read.
struct PlainModeTests {
    /// A spec, the reads typed (each a list of events), and the screen left.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let spec: PromptSpec
        let reads: [[InputEvent]]
        let screen: String
        var testDescription: String { name }
    }

    static func spec(_ edit: (inout PromptSpec) -> Void) -> PromptSpec {
        var spec = PromptSpec()
        edit(&spec)
        return spec
    }

    /// Each scalar of `text` as the key it is: Enter, Tab, Backspace, Esc, Ctrl-U, or a character.
    static func keys(_ text: String) -> [InputEvent] {
        text.unicodeScalars.map { scalar in
            switch scalar {
            case "\r": return .key(.enter)
            case "\t": return .key(.tab)
            case "\u{7F}": return .key(.backspace)
            case "\u{15}": return .control("u")
            default: return .character(scalar)
            }
        }
    }

    /// One read per key.
    static func typed(_ text: String) -> [[InputEvent]] { keys(text).map { [$0] } }

    static func pasted(_ text: String) -> [InputEvent] {
        [.pasteBegin] + text.unicodeScalars.map(InputEvent.pasted) + [.pasteEnd]
    }

    /// Runs `reads` through a state and a plain renderer as the session does; returns every
    /// byte written, one element per write (the first paint, then one per read).
    static func writes(_ spec: PromptSpec, _ reads: [[InputEvent]], width: Int = 80) -> [[UInt8]] {
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: false)
        var state = PromptState(spec: spec, linesAtATime: true)
        var renderer = PlainRenderer()
        var writes = [renderer.begin(content, state)]
        for read in reads {
            var finished = false
            for event in read where !finished {
                if case .finish = state.handle(event) { finished = true }
            }
            if state.hasPendingPaste { _ = state.flushPaste() }
            writes.append(renderer.update(content, state))
        }
        writes.append(renderer.end())
        return writes
    }

    static func screen(_ writes: [[UInt8]]) -> String {
        let terminal = VirtualTerminal(rows: 24, columns: 80)
        for bytes in writes { terminal.feed(bytes) }
        #expect(terminal.unknownSequences.isEmpty)
        return terminal.text
    }

    static let cases: [Case] = [
        Case(name: "a refused answer's reason on a line of its own, then the prompt again",
             spec: spec { $0.title = "Code"; $0.message = "Four digits"; $0.editFields { $0[0].validation.minimumLength = 4 } },
             reads: typed("12\r34\u{7F}"), screen: """
             Code
             Four digits
             > 12
             Enter at least 4 characters
             > 123
             """),
        Case(name: "refused twice: each reason after the line it was about",
             spec: spec { $0.editFields { $0[0].validation.minimumLength = 4 } },
             reads: typed("12\r3\r4\r"), screen: """
             > 12
             Enter at least 4 characters
             > 123
             Enter at least 4 characters
             > 1234
             """),
        Case(name: "several fields: asked one after another, each by its label",
             spec: spec { $0.title = "Sign In"; $0.body = .fields([FieldSpec(label: "User Name"), FieldSpec(label: "Password", isSecure: true)]) },
             reads: typed("jane\rpw"), screen: """
             Sign In
             User Name: jane
             Password: ••
             """),
        Case(name: "several fields: an answer and its Return in one read still show on its line",
             spec: spec { $0.body = .fields([FieldSpec(label: "User Name"), FieldSpec(label: "Password", isSecure: true)]) },
             reads: [keys("jane\r")] + typed("pw"), screen: """
             User Name: jane
             Password: ••
             """),
        Case(name: "several fields: a refused one is asked again, with its reason",
             spec: spec {
                 $0.body = .fields([FieldSpec(label: "Host"), FieldSpec(label: "Port", keyboard: .number)])
                 $0.editFields { $0[0].validation.isRequired = true }
             },
             reads: typed("\r80\rh"), screen: """
             Host:
             Port: 80
             An answer is required
             Host: h
             """),
        Case(name: "the usual OK and Cancel: nothing said about keys",
             spec: spec { $0.title = "Name" }, reads: typed("Jo"), screen: """
             Name
             > Jo
             """),
        Case(name: "a secondary button: which key reaches which, once",
             spec: spec { $0.okLabel = "Save"; $0.secondaryLabel = "Later" }, reads: typed("x\t\t"), screen: """
             (Enter: Save; Esc: Cancel; Tab goes through Save, Later, Cancel)
             > x
             > [Save]
             > [Later]
             """),
        Case(name: "labels of their own: Enter and Esc named by them",
             spec: spec { $0.okLabel = "Log In"; $0.cancelLabel = "Not Now" }, reads: [], screen: """
             (Enter: Log In; Esc: Not Now)
             >
             """),
        Case(name: "no Cancel button: Esc still cancels",
             spec: spec { $0.okLabel = "Send"; $0.cancelLabel = nil }, reads: [], screen: """
             (Enter: Send; Esc cancels)
             >
             """),
        Case(name: "destructive: Return means Cancel, the destructive button is said to be, and reached with Tab",
             spec: spec { $0.okLabel = "Drop"; $0.isDestructive = true }, reads: typed("\t\t"), screen: """
             (Enter: Cancel; Esc: Cancel; Tab goes through Cancel, Drop; Drop is destructive)
             >
             > [Cancel]
             > [Drop]
             """),
        Case(name: "destructive without Cancel: Return presses it, so that is said",
             spec: spec { $0.isDestructive = true; $0.cancelLabel = nil }, reads: [], screen: """
             (Enter: OK; Esc cancels; OK is destructive)
             >
             """),
        Case(name: "a destructive confirmation: the default, and the destructive button",
             spec: spec { $0.title = "Wipe the disk?"; $0.body = .fields([]); $0.okLabel = "Wipe"; $0.isDestructive = true },
             reads: [], screen: """
             Wipe the disk?
             (Enter: Cancel; Esc: Cancel; Tab goes through Cancel, Wipe; Wipe is destructive)
             > [Cancel]
             """),
        Case(name: "a confirmation: the keys, then the focused button",
             spec: spec { $0.title = "Continue?"; $0.body = .fields([]) }, reads: typed("\t"), screen: """
             Continue?
             (Enter: OK; Esc: Cancel)
             > [OK]
             > [Cancel]
             """),
        Case(name: "max-length reached: said once, after the line that reached it",
             spec: spec { $0.editFields { $0[0].validation.maximumLength = 5 } }, reads: [keys("abcdef")] + typed("gh\u{7F}z"), screen: """
             > abcde
             (at most 5 characters)
             > abcdz
             """),
        Case(name: "max-length of one",
             spec: spec { $0.editFields { $0[0].validation.maximumLength = 1 } }, reads: typed("ab"), screen: """
             > a
             (at most 1 character)
             > a
             """),
        Case(name: "max-length in secure entry with a mask: said",
             spec: spec { $0.editFields { $0[0].isSecure = true }; $0.editFields { $0[0].validation.maximumLength = 3 } }, reads: typed("abcd"), screen: """
             > •••
             (at most 3 characters)
             > •••
             """),
        Case(name: "max-length in secure entry with no mask: the length stays hidden",
             spec: spec { $0.editFields { $0[0].isSecure = true }; $0.editFields { $0[0].mask = "" }; $0.editFields { $0[0].validation.maximumLength = 3 } }, reads: typed("abcd"),
             screen: ">"),
        Case(name: "a paste cut to fit: what was pasted, then why it was cut",
             spec: spec { $0.editFields { $0[0].validation.maximumLength = 3 } }, reads: [pasted("abcdef")], screen: """
             > abc
             Pasted text was cut
             > abc
             """),
        Case(name: "repeat: the label of the second entry, a mismatch, and again",
             spec: spec { $0.editFields { $0[0].isSecure = true }; $0.editFields { $0[0].repeatsEntry = true } }, reads: typed("ab\rac\rab\r"), screen: """
             > ••
             Repeat:
             > ••
             Entries don't match
             > ••
             Repeat:
             >
             """),
        Case(name: "Ctrl-U erases the line in place",
             spec: spec { _ in }, reads: typed("abc\u{15}d"), screen: "> d"),
        Case(name: "multi-line: how the lines end, said first; each line on its own; the empty one ends them",
             spec: notes { _ in }, reads: typed("one\rtwo\r\r"), screen: """
             Notes
             Enter starts a new line; an empty line or Ctrl-D ends the text
             > one
             > two
             >
             """),
        Case(name: "multi-line: a paste, a line each",
             spec: notes { _ in }, reads: [pasted("a\r\nb\nc")], screen: """
             Notes
             Enter starts a new line; an empty line or Ctrl-D ends the text
             > a
             > b
             > c
             """),
        Case(name: "multi-line: lines ended in one read",
             spec: notes { _ in }, reads: [keys("ab\rcd\r")] + typed("e"), screen: """
             Notes
             Enter starts a new line; an empty line or Ctrl-D ends the text
             > ab
             > cd
             > e
             """),
        Case(name: "multi-line: Backspace does not reach the line above",
             spec: notes { _ in }, reads: typed("ab\r\u{7F}c"), screen: """
             Notes
             Enter starts a new line; an empty line or Ctrl-D ends the text
             > ab
             > c
             """),
        Case(name: "multi-line: a refused text, its reason, then its last line again",
             spec: notes { $0.validation.minimumLength = 9 }, reads: typed("ab\rcd\r\r!"), screen: """
             Notes
             Enter starts a new line; an empty line or Ctrl-D ends the text
             > ab
             > cd
             >
             Enter at least 9 characters
             > cd!
             """),
        Case(name: "multi-line after another field: how its lines end, said before its first",
             spec: spec {
                 $0.body = .fields([FieldSpec(label: "Title"), FieldSpec(label: "Notes")])
                 $0.editFields { $0[1].isMultiline = true }
             },
             reads: typed("x\rone\rtwo"), screen: """
             Title: x
             Enter starts a new line; an empty line or Ctrl-D ends the text
             Notes: one
             > two
             """),
    ]

    /// A multi-line field titled Notes, changed by `edit`.
    static func notes(_ edit: (inout FieldSpec) -> Void) -> PromptSpec {
        spec {
            $0.title = "Notes"
            $0.editFields {
                $0[0].isMultiline = true
                edit(&$0[0])
            }
        }
    }

    @Test(arguments: cases)
    func transcript(_ test: Case) {
        #expect(Self.screen(Self.writes(test.spec, test.reads)) == test.screen)
    }

    /// Only line breaks, backspaces, spaces and text: plain mode writes no escape sequence and
    /// no other control.
    @Test(arguments: cases)
    func writesNoControlButLineBreaksAndBackspaces(_ test: Case) {
        let bytes = Self.writes(test.spec, test.reads).flatMap { $0 }
        #expect(bytes.allSatisfy { $0 >= 0x20 || [0x08, 0x0A, 0x0D].contains($0) })
    }

    /// The bytes of each write, for the edits that must cost little: a character typed writes
    /// itself, Backspace erases one cell, and the edit that clears a reason writes nothing more
    /// than itself (the line after the reason is already the current one).
    @Test(arguments: [
        ("12\r3", ["> ", "1", "2", "\r\nEnter at least 4 characters\r\n> 12", "3"]),
        ("1\u{7F}", ["> ", "1", "\u{8} \u{8}"]),
        ("1\r\u{7F}", ["> ", "1", "\r\nEnter at least 4 characters\r\n> 1", "\u{8} \u{8}"]),
    ])
    func eachWrite(keys: String, expected: [String]) {
        let writes = Self.writes(Self.spec { $0.editFields { $0[0].validation.minimumLength = 4 } }, Self.typed(keys))
        #expect(writes.dropLast().map { String(decoding: $0, as: UTF8.self) } == expected)
        #expect(writes.last == Array("\r\n".utf8))
    }

    /// Starting again (Ctrl-L, or back from a stop) writes the whole transcript afresh, the
    /// reason that stands included.
    @Test func startingAgainSaysTheReasonThatStands() {
        let spec = Self.spec { $0.title = "Code"; $0.editFields { $0[0].validation.minimumLength = 4 } }
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: false)
        var state = PromptState(spec: spec)
        var renderer = PlainRenderer()
        var writes = [renderer.begin(content, state)]
        for event in Self.keys("12\r") { _ = state.handle(event) }
        writes.append(renderer.update(content, state))
        writes.append(renderer.end() + renderer.begin(content, state))
        #expect(Self.screen(writes) == """
            Code
            > 12
            Enter at least 4 characters
            > 12
            Code
            Enter at least 4 characters
            > 12
            """)
    }
}
