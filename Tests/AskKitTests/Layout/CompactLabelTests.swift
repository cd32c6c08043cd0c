import AskChoices
import AskFields
import AskGauge
import AskLayout
import AskModel
import AskSession
import AskKit
import AskPresentation
import AskRender
import AskText
import AskTextBox
import Testing

/// One colon rule for every control's one-line form (and `--keep`'s line): the title gets a
/// colon of its own unless it ends a phrase already (`?`, `:`, `!`, `.`, `…`, in any script) —
/// "Your name: ", "Which fruit? ", never "Which fruit?: " (as the list once drew it) nor a title
/// run into what follows without one (as the text box once did).
struct CompactLabelTests {
    enum Kind: String, CaseIterable, Sendable {
        case field, confirmation, list, gauge, text
    }

    /// The first line of `kind`'s one-line form (two rows: the box cannot fit) titled `title`.
    static func line(_ kind: Kind, _ title: String) -> String {
        let size = TerminalSize(rows: 2, columns: 60)
        var spec = PromptSpec(title: title)
        let screen: Screen
        switch kind {
        case .field, .confirmation:
            if kind == .confirmation { spec.body = .fields([]) }
            var layout = AlertLayout(content: AlertContent(spec: spec, charset: .utf8, usesColor: false), fields: spec.fields, size: size)
            screen = layout.render(PromptState(spec: spec))
        case .list:
            spec.body = .choices(SheetSpec(choices: [Choice("apple"), Choice("pear")]))
            let state = SheetState(spec: spec, loading: false)
            var layout = SheetLayout(content: AlertContent(spec: spec, charset: .utf8, usesColor: false), size: size, state: state)
            screen = layout.render(state)
        case .gauge:
            spec.body = .gauge(GaugeSpec(percent: 40))
            let state = GaugeState(spec: spec)
            var view = 0
            screen = Frame<GaugeView>(state, content: AlertContent(spec: spec, charset: .utf8, usesColor: false), size: size, view: &view)
                .render(state, view: &view)
        case .text:
            spec.body = .text(TextSpec(file: "notes"))
            let state = TextState(text: Array("Some notes.\n".utf8))
            var view = TextView.ViewState()
            screen = Frame<TextView>(state, content: AlertContent(spec: spec, charset: .utf8, usesColor: false), size: size, view: &view)
                .render(state, view: &view)
        }
        #expect(screen.height <= 2)
        return screen.goldenLines[0]
    }

    /// A title, and how every one-line form begins with it.
    @Test(arguments: [
        ("Your name", "Your name: "), ("Your name   ", "Your name: "), ("Which fruit?", "Which fruit? "), ("Name:", "Name: "),
        ("Nearly done.", "Nearly done. "), ("Stop!", "Stop! "), ("Wait…", "Wait… "), ("お名前？", "お名前？ "), ("Über", "Über: "),
    ])
    func everyOneLineFormHasTheOneColonRule(title: String, begins: String) {
        for kind in Kind.allCases {
            let line = Self.line(kind, title)
            #expect(line.hasPrefix(begins), "\(kind.rawValue): \(line)")
        }
    }

    /// The rule itself, on glyphs (what `--keep`'s line uses too).
    @Test(arguments: [
        ("", ""), ("   ", ""), ("Name", "Name:"), ("Name ", "Name:"), ("Name?", "Name?"), ("Name:", "Name:"), ("Name;", "Name;"),
        ("Name.", "Name."), ("Name!", "Name!"), ("Name…", "Name…"), ("名前。", "名前。"), ("名前：", "名前："), ("اسمك؟", "اسمك؟"),
        ("Name-", "Name-:"), ("Name)", "Name):"), ("Name\"", "Name\":"),
    ])
    func theRule(label: String, labelled: String) {
        let glyphs = DisplayText.glyphs(label, charset: .utf8)
        #expect(DisplayText.labelled(glyphs).map(\.text).joined() == labelled)
    }

    /// `--keep`'s line follows the same rule.
    @Test(arguments: [("Your name", "Your name: Ada\r\n"), ("Which fruit?", "Which fruit? Ada\r\n"), ("", "Ada\r\n")])
    func theKeptLine(title: String, line: String) {
        let content = AlertContent(spec: PromptSpec(title: title), charset: .utf8, usesColor: false)
        let bytes = KeptLine.bytes(content, answer: DisplayText.glyphs("Ada", charset: .utf8), outcome: .accepted(.ok), columns: 80)
        #expect(String(decoding: bytes, as: UTF8.self) == line)
    }
}
