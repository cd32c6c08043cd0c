import AskChoices
import AskFields
import AskGauge
import AskKit
import AskLayout
import AskModel
import AskRender
import AskPresentation
import AskSession
import AskText
import AskTextBox
import TestSupport
import Testing

/// A text box's golden screens: as wide as the text's lines where the terminal has room, each
/// line of the file a row of its own; a line longer than the box wraps at a word and goes on
/// in the rows under it, and the file's own line breaks are kept as they are.
struct TextLayoutTests {
    /// A licence hard-wrapped at 78 columns.
    static let licence = """
        Permission is hereby granted, free of charge, to any person obtaining a copy of
        this software and associated documentation files (the "Software"), to deal in
        the Software without restriction, including without limitation the rights to
        use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies.

        THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND.
        """

    static func screen(_ text: String, rows: Int, columns: Int, keys: [InputEvent] = []) -> [String] {
        var spec = PromptSpec(title: "Licence")
        spec.body = .text(TextSpec(file: "LICENCE"))
        var control = TextControl(spec: spec, text: Array(text.utf8))
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: false)
        var view = TextView.ViewState()
        let size = TerminalSize(rows: rows, columns: columns)
        let frame = Frame<TextView>(control.state, content: content, size: size, view: &view)
        for key in keys { _ = control.handle(key, in: frame) }
        return frame.render(control.state, view: &view).goldenLines
    }

    @Test func theBoxTakesTheTextsWidth() {
        #expect(Self.screen(Self.licence, rows: 24, columns: 100) == [
            "╭─────────────────────────────────────────────────────────────────────────────────╮",
            "│                                     Licence                                     │",
            "├─────────────────────────────────────────────────────────────────────────────────┤",
            "│ Permission is hereby granted, free of charge, to any person obtaining a copy of │",
            "│ this software and associated documentation files (the \"Software\"), to deal in   │",
            "│ the Software without restriction, including without limitation the rights to    │",
            "│ use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies.  │",
            "│                                                                                 │",
            "│ THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT WARRANTY OF ANY KIND.                 │",
            "├─────────────────────────────────────────────────────────────────────────────────┤",
            "│                                       OK                                        │",
            "╰─────────────────────────────────────────────────────────────────────────────────╯",
        ])
    }

    /// Narrower than the text: a long line wraps at a word and goes on under itself; each of the
    /// file's lines still starts a row, the blank one kept; Down scrolls a row.
    @Test func aNarrowTerminalWrapsEachLineAtAWord() {
        #expect(Self.screen(Self.licence, rows: 12, columns: 50) == [
            "╭───────────────────────────────────────────────╮",
            "│                    Licence                    │",
            "├───────────────────────────────────────────────┤",
            "│ Permission is hereby granted, free of         │",
            "│ charge, to any person obtaining a copy of     │",
            "│ this software and associated documentation    │",
            "│ files (the \"Software\"), to deal in            │",
            "│ the Software without restriction, including  ↓│",
            "├───────────────────────────────────────────────┤",
            "│                      OK                       │",
            "╰───────────────────────────────────────────────╯",
        ])
        #expect(Self.screen(Self.licence, rows: 12, columns: 50, keys: [.key(.down), .key(.down), .key(.down)]) == [
            "╭───────────────────────────────────────────────╮",
            "│                    Licence                    │",
            "├───────────────────────────────────────────────┤",
            "│ files (the \"Software\"), to deal in           ↑│",
            "│ the Software without restriction, including   │",
            "│ without limitation the rights to              │",
            "│ use, copy, modify, merge, publish,            │",
            "│ distribute, sublicense, and/or sell copies.  ↓│",
            "├───────────────────────────────────────────────┤",
            "│                      OK                       │",
            "╰───────────────────────────────────────────────╯",
        ])
        #expect(Self.screen(Self.licence, rows: 12, columns: 50, keys: [.key(.end)]) == [
            "╭───────────────────────────────────────────────╮",
            "│                    Licence                    │",
            "├───────────────────────────────────────────────┤",
            "│ use, copy, modify, merge, publish,           ↑│",
            "│ distribute, sublicense, and/or sell copies.   │",
            "│                                               │",
            "│ THE SOFTWARE IS PROVIDED \"AS IS\", WITHOUT     │",
            "│ WARRANTY OF ANY KIND.                         │",
            "├───────────────────────────────────────────────┤",
            "│                      OK                       │",
            "╰───────────────────────────────────────────────╯",
        ])
    }
}
