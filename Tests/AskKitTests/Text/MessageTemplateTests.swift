import AskDocs
import Testing

/// What the template's extraction takes from a source: the literal in each `tr(` and `trn(`.
struct MessageTemplateTests {
    static let cases: [(String, [String])] = [
        (#"let a = tr("Cancel")"#, ["Cancel"]),
        (#"x = tr("%s in %ds", label, "10") + tr("Done")"#, ["%s in %ds", "Done"]),
        (#"spec.okLabel = okLabel ?? tr("OK", as: words)"#, ["OK"]),
        (#"trn("Enter at least %d character", "Enter at least %d characters", minimum)"#, ["Enter at least %d character|Enter at least %d characters"]),
        (#"trn("(%2$s in %1$d second)","(%2$s in %1$d seconds)", n)"#, ["(%2$s in %1$d second)|(%2$s in %1$d seconds)"]),
        (#"return tr("Entries don't match \"quoted\" \u{2013} \\ ok")"#, ["Entries don't match \"quoted\" \u{2013} \\ ok"]),
        // Not a marker: a longer name, a member, a comment, an interpolation, a literal holding the name.
        (#"let s = str("x") + attr("y") + x.tr("z")"#, []),
        (#"/// `tr("Cancel")` marks a word"#, []),
        (#"let a = b // tr("Cancel")"#, []),
        (#"tr("\(count) left")"#, []),
        (#"let s = "tr(\"no\")""#, []),
    ]

    @Test(arguments: cases)
    func theMarkedLiteralsAreTaken(_ source: String, _ expected: [String]) {
        let found = MessageTemplate.marked(in: source).map { $0.0 + ($0.1.map { "|" + $0 } ?? "") }
        #expect(found == expected, "\(source)")
    }

    @Test func anEntryMarkedTwiceIsOneWithBothFiles() {
        let entries = MessageTemplate.entries([(path: "A.swift", text: #"tr("OK"); tr("Done")"#), (path: "B.swift", text: #"tr("OK")"#)])
        #expect(entries.map(\.original) == ["OK", "Done", ","])
        #expect(entries[0].files == ["A.swift", "B.swift"])
        #expect(entries.last?.context == "digit group separator")
    }
}
