import AskChoices
import AskFields
import AskGauge
import AskModel
import AskRender
import AskSession
import AskLayout
import AskText
import AskKit
import AskPresentation
import AskTextBox
import Testing

/// The one comparison that names a choice (`--selected`, a line on stdin, plain mode's line):
/// by its label or its value, in any case, folded as the filter folds (`TextFold`).
struct ChoiceNameTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: [UInt8]
        let candidate: [UInt8]
        let names: Bool
        var testDescription: String {
            "\(String(decoding: name, as: UTF8.self)) \(names ? "names" : "does not name") \(String(decoding: candidate, as: UTF8.self))"
        }

        init(_ name: String, _ candidate: String, _ names: Bool) {
            self.name = Array(name.utf8)
            self.candidate = Array(candidate.utf8)
            self.names = names
        }

        init(bytes name: [UInt8], _ candidate: [UInt8], _ names: Bool) {
            self.name = name
            self.candidate = candidate
            self.names = names
        }
    }

    static let cases: [Case] = [
        Case("Apple", "Apple", true),
        Case("apple", "APPLE", true),
        Case("appl", "Apple", false),
        Case("apples", "Apple", false),
        Case("", "", true),
        Case("", "a", false),
        // Unicode letters fold too: the parser and the sheet once disagreed on these.
        Case("über", "Über", true),
        Case("ÜBER", "über", true),
        Case("CAFÉ", "café", true),
        Case("straße", "STRASSE", false),  // lowercasing, not full case folding: ß is not ss
        // Composed and decomposed é are two texts, to the name as to the filter (and to fzf): a
        // name that names a choice is always among the choice's matches.
        Case("café", "cafe\u{301}", false),
        Case("σίσυφος", "ΣΊΣΥΦΟΣ", false),  // Σ lowercases to σ, never the final ς
        Case("σίσυφοσ", "ΣΊΣΥΦΟΣ", true),
        Case("istanbul", "İstanbul", true),
        Case("k", "\u{212A}", true),  // the Kelvin sign lowercases to an ASCII k
        Case("über", "uber", false),
        // Bytes that are not UTF-8 name only the same bytes (ASCII letters in any case).
        Case(bytes: [0x43, 0x61, 0x66, 0xE9], [0x63, 0x61, 0x66, 0xE9], true),
        Case(bytes: [0x63, 0x61, 0x66, 0xE9], [0x63, 0x61, 0x66, 0xE8], false),
        Case(bytes: [0x63, 0x61, 0x66, 0xE9], Array("caf\u{FFFD}".utf8), false),
        Case(bytes: Array("caf\u{FFFD}".utf8), [0x63, 0x61, 0x66, 0xE9], false),
    ]

    @Test(arguments: cases)
    func names(_ test: Case) {
        let name = ChoiceName(test.name)
        #expect(test.candidate.withUnsafeBytes { name.names($0) } == test.names)
    }

    /// A list's choice is named by its label or its value, whichever the name is.
    @Test func aChoiceByItsLabelOrValue() {
        let list = ChoiceList()
        Array("One\nv3\tThree\nsame\tx\ny\tsame\n\t\nÜber\n".utf8).withUnsafeBytes { list.append(bytes: $0) }
        list.finish()
        func first(_ name: String) -> Int? { (0..<list.count).first { list.isNamed(ChoiceName(name), at: $0) } }
        #expect(first("one") == 0)
        #expect(first("V3") == 1)
        #expect(first("three") == 1)
        #expect(first("same") == 2)  // the first that has it, label or value
        #expect(first("X") == 2)
        #expect(first("über") == 5)
        #expect(first("") == 4)  // `<TAB>`: an empty label
        #expect(first("Thre") == nil)
    }
}
