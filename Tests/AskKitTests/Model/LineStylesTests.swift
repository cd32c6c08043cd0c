import AskChoices
import Testing

/// `--ansi`: what a line keeps of its escape sequences (its plain text, and the SGR sequences of
/// its label with their places), and the style those leave the text in.
struct LineStylesTests {
    /// A list of `line` read with `--ansi`: its answer, its label, its description, and its
    /// label's sequences as `place:parameters`.
    static func read(_ line: String) -> (answer: String, label: String, description: String, styles: [String]) {
        let list = ChoiceList(keepsStyles: true)
        Array((line + "\n").utf8).withUnsafeBytes { list.append(bytes: $0) }
        var styles: [String] = []
        list.withStyles(at: 0) { records in
            LineStyles.forEach(in: records) { place, parameters in styles.append("\(place):" + String(decoding: parameters, as: UTF8.self)) }
        }
        return (list.answer(at: 0), list.label(at: 0), list.withDescription(at: 0) { String(decoding: $0, as: UTF8.self) }, styles)
    }

    @Test(arguments: [
        // (line, answer, label, description, the label's sequences: one at its end acts on nothing, and is not kept)
        ("\u{1B}[32mmain\u{1B}[0m", "main", "main", "", ["0:32"]),
        ("* \u{1B}[32mmain\u{1B}[m", "* main", "* main", "", ["2:32"]),
        ("\u{1B}[01;34mbin\u{1B}[0m -> usr/bin", "bin -> usr/bin", "bin -> usr/bin", "", ["0:01;34", "3:0"]),
        ("\u{1B}[38;5;208mor\u{1B}[38;2;1;2;3mange", "orange", "orange", "", ["0:38;5;208", "2:38;2;1;2;3"]),
        // Not colours: dropped, never kept (a cursor's move, an erase, a title by OSC to BEL or ST,
        // a charset's switch, a keypad's mode, a sequence cut short at the line's end).
        ("\u{1B}[2Aup\u{1B}[Kdown", "updown", "updown", "", []),
        ("\u{1B}]0;title\u{7}text\u{1B}]2;x\u{1B}\\!", "text!", "text!", "", []),
        ("\u{1B}(Bab\u{1B}=c\u{1B}[", "abc", "abc", "", []),
        ("\u{1B}[?25lhidden\u{1B}[?25h", "hidden", "hidden", "", []),
        // VALUE<TAB>LABEL: the value answered plain, the styles counted from the label's start (one
        // set before it acts from 0).
        ("\u{1B}[31mv1\tOne\u{1B}[0m", "v1", "One", "", ["0:31"]),
        ("v1\t\u{1B}[1mOne\u{1B}[22m", "v1", "One", "", ["0:1"]),
        // VALUE<TAB>LABEL<TAB>DESCRIPTION: the description plain, its styles not the label's.
        ("v\t\u{1B}[32mlabel\u{1B}[0m\t\u{1B}[2mwhat it does\u{1B}[0m", "v", "label", "what it does", ["0:32"]),
        // A line of sequences alone is empty, and skipped.
        ("text", "text", "text", "", []),
    ])
    func lines(line: String, answer: String, label: String, description: String, styles: [String]) {
        let read = Self.read(line)
        #expect(read.answer == answer)
        #expect(read.label == label)
        #expect(read.description == description)
        #expect(read.styles == styles)
    }

    @Test func aLineOfSequencesAloneIsSkipped() {
        let list = ChoiceList(keepsStyles: true)
        Array("one\n\u{1B}[0m\u{1B}[K\ntwo\n".utf8).withUnsafeBytes { list.append(bytes: $0) }
        #expect((0..<list.count).map(list.label(at:)) == ["one", "two"])
    }

    /// Without `--ansi` the sequences stay in the text (drawn harmlessly, `^[`), as before.
    @Test func withoutAnsiTheTextIsKept() {
        let list = ChoiceList()
        Array("\u{1B}[32mmain\u{1B}[0m\n".utf8).withUnsafeBytes { list.append(bytes: $0) }
        #expect(list.label(at: 0) == "\u{1B}[32mmain\u{1B}[0m")
        #expect(list.withStyles(at: 0) { $0.count } == 0)
    }

    /// Choices given one by one are read the same way.
    @Test func choicesGivenOneByOne() {
        let list = ChoiceList(keepsStyles: true)
        list.append(label: "\u{1B}[31mred\u{1B}[0m", value: "\u{1B}[1mr", description: "\u{1B}[2mdim")
        #expect(list.label(at: 0) == "red" && list.answer(at: 0) == "r")
        #expect(list.withDescription(at: 0) { String(decoding: $0, as: UTF8.self) } == "dim")
        #expect(list.withStyles(at: 0) { $0.count } == 2 * 5 + 3)
    }

    @Test(arguments: [
        // (parameters, after a bold green start?, bold, dim, underline, inverse, foreground, background)
        ("0", true, false, false, false, false, nil, nil),
        ("", true, false, false, false, false, nil, nil),
        ("1;31", false, true, false, false, false, 1, nil),
        ("22", true, false, false, false, false, 2, nil),
        ("39", true, true, false, false, false, nil, nil),
        ("4;7;2", false, false, true, true, true, nil, nil),
        ("91;104", false, false, false, false, false, 9, 12),
        ("38;5;4", false, false, false, false, false, 4, nil),
        ("38;5;208", false, false, false, false, false, 208, nil),
        ("48;5;232", false, false, false, false, false, nil, 232),
        ("38;5;300", false, false, false, false, false, nil, nil),
        ("38;2;250;250;250", false, false, false, false, false, 231, nil),
        ("38;2;0;0;230;1", false, true, false, false, false, 20, nil),
        ("38;5", false, false, false, false, false, nil, nil),
    ] as [(String, Bool, Bool, Bool, Bool, Bool, UInt8?, UInt8?)])
    func sgr(parameters: String, boldGreen: Bool, bold: Bool, dim: Bool, underline: Bool, inverse: Bool, foreground: UInt8?,
             background: UInt8?) {
        var style = TextStyle()
        if boldGreen { Array("1;32".utf8).withUnsafeBytes { style.apply($0) } }
        Array(parameters.utf8).withUnsafeBytes { style.apply($0) }
        #expect(style.bold == bold && style.dim == dim && style.underline == underline && style.inverse == inverse)
        #expect(style.foreground == foreground && style.background == background)
    }
}
