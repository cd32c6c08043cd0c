import AskChoices
import AskFields
import AskGauge
@testable import AskKit
import AskLayout
import AskModel
import AskRender
import AskSession
import AskPresentation
import AskText
import AskTextBox
import Glibc
import Testing

/// The colours the alert adds are readable on light and dark terminals: computed from xterm's
/// default palette (its XTerm-color resources) as WCAG contrast ratios against its default
/// light theme (black on white) and its dark one (reverse video: white on black).
struct ContrastTests {
    struct RGB: Equatable, Sendable, CustomStringConvertible {
        let red: UInt8, green: UInt8, blue: UInt8

        init(_ hex: UInt32) {
            red = UInt8(hex >> 16 & 0xFF)
            green = UInt8(hex >> 8 & 0xFF)
            blue = UInt8(hex & 0xFF)
        }

        var description: String { "#" + [red, green, blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined() }

        /// WCAG 2 relative luminance: sRGB components made linear, weighted.
        var luminance: Double {
            func linear(_ component: UInt8) -> Double {
                let c = Double(component) / 255
                return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        }

        /// WCAG 2 contrast ratio, from 1 to 21; the same either way round.
        func contrast(with other: RGB) -> Double {
            let (a, b) = (luminance, other.luminance)
            return (max(a, b) + 0.05) / (min(a, b) + 0.05)
        }
    }

    /// xterm's default 16 colours: black, red3, green3, yellow3, blue2, magenta3, cyan3, gray90,
    /// gray50, red, green, yellow, rgb:5c/5c/ff, magenta, cyan, white.
    static let xterm: [RGB] = [
        RGB(0x000000), RGB(0xCD0000), RGB(0x00CD00), RGB(0xCDCD00), RGB(0x0000EE), RGB(0xCD00CD), RGB(0x00CDCD), RGB(0xE5E5E5),
        RGB(0x7F7F7F), RGB(0xFF0000), RGB(0x00FF00), RGB(0xFFFF00), RGB(0x5C5CFF), RGB(0xFF00FF), RGB(0x00FFFF), RGB(0xFFFFFF),
    ]

    /// xterm's default themes: black text on white, and (reverse video) white on black.
    static let themes: [(name: String, text: RGB, background: RGB)] = [
        ("light", RGB(0x000000), RGB(0xFFFFFF)), ("dark", RGB(0xFFFFFF), RGB(0x000000)),
    ]

    /// The palette entry a style's colour is drawn in; xterm's `boldColors` (on by default)
    /// draws bold text in colours 1–7 in their bright versions, 8 further on.
    static func drawn(_ color: Style.Color, bold: Bool) -> RGB {
        let index = Int(color.index)
        return xterm[bold && index < 8 ? index + 8 : index]
    }

    /// What a cell in `style` looks like on a terminal of `theme`: its text's colour and the
    /// colour behind it. A colour left unset is the theme's; inverse swaps the two after bold
    /// has brightened the text's (as xterm does).
    static func colours(of style: Style, on theme: (name: String, text: RGB, background: RGB)) -> (text: RGB, fill: RGB) {
        var text = style.foreground.map { drawn($0, bold: style.bold) } ?? theme.text
        var fill = style.background.map { xterm[Int($0.index)] } ?? theme.background
        if style.inverse { swap(&text, &fill) }
        return (text, fill)
    }

    /// The computation, checked against ratios known for this palette (the blue xterm shows for
    /// SGR 34 is the one that was unreadable on black).
    @Test(arguments: [
        (0xFFFFFF, 0x000000, 21.0), (0x0000EE, 0x000000, 2.23), (0x0000EE, 0xFFFFFF, 9.40), (0x5C5CFF, 0x000000, 4.43),
        (0x5C5CFF, 0xFFFFFF, 4.74), (0xCD0000, 0x000000, 3.60), (0xCD0000, 0xFFFFFF, 5.84), (0x7F7F7F, 0x000000, 5.24),
        (0x7F7F7F, 0xFFFFFF, 4.00), (0xE5E5E5, 0x000000, 16.67),
    ] as [(UInt32, UInt32, Double)])
    func contrastIsComputedAsWCAGSays(foreground: UInt32, background: UInt32, ratio: Double) {
        #expect(abs(RGB(foreground).contrast(with: RGB(background)) - ratio) < 0.01 * ratio)
    }

    /// Alerts that between them show every colour the alert adds: buttons (default, focused,
    /// destructive), the placeholder, an error, the counter, the reveal hint, the countdown, in
    /// the box and in the one-line form.
    static func screens() -> [Screen] {
        var screens: [Screen] = []
        var plain = PromptSpec(title: "Title", message: "Message", placeholder: "placeholder")
        plain.secondaryLabel = "Other"
        var destructive = PromptSpec(title: "Delete?", message: "Type the name.")
        destructive.isDestructive = true
        var defaultDestructive = destructive
        defaultDestructive.defaultButton = .ok
        var rules = PromptSpec(title: "Code")
        rules.editFields { $0[0].validation.isRequired = true }
        rules.editFields { $0[0].validation.maximumLength = 4 }
        var reveal = PromptSpec(title: "Secret", isSecure: true)
        reveal.editFields { $0[0].allowsReveal = true }
        for (spec, timeout) in [(plain, nil), (destructive, nil), (defaultDestructive, nil), (rules, 30), (reveal, nil)] as [(PromptSpec, Double?)] {
            for size in [TerminalSize(rows: 24, columns: 80), TerminalSize(rows: 3, columns: 40)] {
                var layout = AlertLayout(content: AlertContent(spec: spec, charset: .utf8, usesColor: true, timeout: timeout), fields: spec.fields,
                                         size: size)
                var state = PromptState(spec: spec)
                screens.append(layout.render(state, countdown: 9))
                _ = state.handle(.key(.enter), buttonOrder: layout.buttonOrder)  // an error, or done
                screens.append(layout.render(state, countdown: 9))
                for scalar in "1234".unicodeScalars { _ = state.handle(.character(scalar), buttonOrder: layout.buttonOrder) }
                screens.append(layout.render(state, countdown: 9))
                for _ in spec.buttons {
                    _ = state.handle(.key(.tab), buttonOrder: layout.buttonOrder)
                    screens.append(layout.render(state, countdown: 9))
                }
            }
        }
        return screens
    }

    /// Whether a cell is a sign or a drawing rather than text: the box's lines, the gauge's
    /// blocks, the destructive sign in its colour. Those need 3:1 (WCAG's level for graphics),
    /// text 4.5:1.
    static func isGraphic(_ cell: Cell) -> Bool {
        guard let scalar = cell.text.unicodeScalars.first else { return false }
        return (0x2500...0x259F).contains(scalar.value) || (cell.text == "!" && cell.style.foreground == .red)
    }

    /// Every cell that shows something, as a terminal of each theme draws it: text reaches
    /// 4.5:1 and a sign 3:1, whatever colour the alert gives it — the text's, the cell's, or
    /// both swapped by inverse — and nothing is faint (not drawn alike everywhere).
    static func checkContrast(of screen: Screen, _ name: String) {
        for theme in themes {
            for row in 0..<screen.height {
                for column in 0..<screen.width {
                    let cell = screen[row, column]
                    guard cell.text != " ", !cell.text.isEmpty else { continue }
                    #expect(!cell.style.dim, "faint is not drawn alike everywhere: \(name)")
                    let (text, fill) = colours(of: cell.style, on: theme)
                    let ratio = text.contrast(with: fill)
                    #expect(ratio >= (isGraphic(cell) ? 3 : 4.5),
                            "\(name), on \(theme.name): '\(cell.text)' at \(row),\(column) in \(cell.style) is \(text) on \(fill): \(ratio)")
                }
            }
        }
    }

    /// Every text of every alert reaches 4.5:1 on both themes, every sign 3:1; the colours
    /// added are the destructive sign's and highlight's (red, white on red) alone.
    @Test func everyTextOfTheAlertReachesFourAndAHalfToOneOnLightAndDark() {
        var seen = Set<Style.Color>()
        for (index, screen) in Self.screens().enumerated() {
            Self.checkContrast(of: screen, "alert \(index): \(screen.lines)")
            for row in 0..<screen.height {
                for column in 0..<screen.width { screen[row, column].style.foreground.map { _ = seen.insert($0) } }
            }
        }
        #expect(seen == [.red, .white])
    }

    /// Action sheets in every state they show: a plain row and a destructive one, each
    /// highlighted and not, with their digits; a checklist's marks, marked and not, highlighted
    /// and not; a filtered list's matched characters, in the highlight and out of it, in a
    /// destructive row and a plain one; Cancel and Done focused; the refusal's reason; the query's hint,
    /// the counter and the countdown; a list still arriving; the one-line form.
    static func sheetScreens() -> [(name: String, screen: Screen)] {
        let menu = SheetLayoutTests.spec([Choice("Keep"), Choice("Delete All", isDestructive: true), Choice("Archive")])
        let checklist = SheetLayoutTests.spec(SheetStateTests.fruit + [Choice("Discard", isDestructive: true)]) {
            $0.allowsMultiple = true
            $0.requiresSelection = true
            $0.selected = ["Banana"]
        }
        let long = SheetLayoutTests.spec([Choice("Burn It", isDestructive: true)] + (1...12).map { Choice("Banana \($0)") })
        let longChecklist = SheetLayoutTests.spec(SheetStateTests.fruit + (1...7).map { Choice("Fig \($0)") }) {
            $0.allowsMultiple = true
            $0.selected = ["Apple"]
        }
        let box = TerminalSize(rows: 24, columns: 80), line = TerminalSize(rows: 4, columns: 60)
        let states: [(String, PromptSpec, String, TerminalSize, Double?, Bool)] = [
            ("a destructive row highlighted, a plain row", menu, "", box, nil, false),
            ("a plain row highlighted, a destructive row", menu, "↓", box, nil, false),
            ("Cancel focused", menu, "\t", box, nil, false),
            ("a marked row highlighted, unmarked and destructive rows", checklist, "", box, nil, false),
            ("an unmarked row highlighted, a marked one", checklist, "↓", box, nil, false),
            ("a marked destructive row highlighted", checklist, "⇱ ", box, nil, false),
            ("Cancel focused in a checklist", checklist, "\t", box, nil, false),
            ("Done focused", checklist, "\t\t", box, nil, false),
            ("the reason Return was refused", checklist, " \r", box, nil, false),
            ("matches in a destructive row highlighted, and in plain rows", long, "bn", box, nil, false),
            ("matches in a plain row highlighted, and in a destructive row", long, "bn↓", box, nil, false),
            ("the hint, the counter and the countdown", longChecklist, "", box, 30, false),
            ("a list still arriving", SheetLayoutTests.piped(), "", box, nil, true),
            ("one line", menu, "↓", line, nil, false),
            ("one line, a destructive choice", menu, "", line, nil, false),
        ]
        return states.map { name, spec, keys, size, timeout, loading in
            let content = AlertContent(spec: spec, charset: .utf8, usesColor: true, timeout: timeout)
            var state = SheetState(spec: spec, loading: loading)
            if loading {
                Array(SheetLayoutTests.numbers.utf8).withUnsafeBytes { state.list.append(bytes: $0) }
                state.listGrew()
            }
            var layout = SheetLayout(content: content, size: size, state: state)
            for event in SheetStateTests.events(keys) {
                _ = state.handle(event, page: layout.page, buttonOrder: layout.buttonOrder)
                if !layout.isCurrent(for: state) { layout = SheetLayout(content: content, size: size, state: state) }
            }
            return (name, layout.render(state, countdown: timeout.map { _ in 9 }))
        }
    }

    /// Every cell of every sheet reaches 4.5:1 as text (3:1 as a sign) on both themes.
    @Test func everyCellOfTheSheetIsReadableOnLightAndDark() {
        for (name, screen) in Self.sheetScreens() {
            let lines = screen.lines
            #expect(screen.height == 1 || lines.contains { $0.hasPrefix("│ ›") } || !lines.contains { $0.contains("›") }, "\(name)")
            Self.checkContrast(of: screen, name)
        }
    }

    /// The gauge (its bar a drawing in bright blue) and the text box too.
    @Test func theGaugeAndTheTextBoxAreReadableOnLightAndDark() {
        for size in [TerminalSize(rows: 24, columns: 80), TerminalSize(rows: 2, columns: 40)] {
            var gauge = PromptSpec(title: "Copying", message: "/srv/photos")
            gauge.body = .gauge(GaugeSpec(percent: 42))
            let gaugeState = GaugeState(spec: gauge)
            var view = 0
            let gaugeFrame = Frame<GaugeView>(gaugeState, content: AlertContent(spec: gauge, charset: .utf8, usesColor: true), size: size,
                                              view: &view)
            Self.checkContrast(of: gaugeFrame.render(gaugeState, view: &view, countdown: 9), "gauge at \(size)")
            var text = PromptSpec(title: "Licence")
            text.body = .text(TextSpec(file: "LICENSE"))
            let textState = TextState(text: Array("Permission is hereby granted.\nMore lines.".utf8))
            var textView = TextView.ViewState()
            let textFrame = Frame<TextView>(textState, content: AlertContent(spec: text, charset: .utf8, usesColor: true), size: size,
                                            view: &textView)
            Self.checkContrast(of: textFrame.render(textState, view: &textView), "text box at \(size)")
        }
    }

    /// Text that carries meaning keeps the terminal's foreground: the title, the message and
    /// typed text.
    @Test func meaningStaysInTheTerminalsForeground() {
        let spec = PromptSpec(title: "Title", message: "Message")
        var layout = AlertLayout(content: AlertContent(spec: spec, charset: .utf8, usesColor: true), fields: spec.fields,
                                 size: TerminalSize(rows: 24, columns: 80))
        var state = PromptState(spec: spec)
        for scalar in "typed".unicodeScalars { _ = state.handle(.character(scalar)) }
        let screen = layout.render(state)
        for word in ["Title", "Message", "typed"] {
            let row = screen.lines.firstIndex { $0.contains(word) }!
            let line = screen.lines[row]
            let column = line.distance(from: line.startIndex, to: line.firstRange(of: word)!.lowerBound)
            for offset in 0..<word.count {
                #expect(screen[row, column + offset].style.foreground == nil, "\(word)")
            }
        }
    }

    /// The placeholder is told from typed text by more than faint (which xterm does not draw
    /// for black text): a colour, and an underline like the field's blanks.
    @Test(arguments: [true, false])
    func thePlaceholderIsNotFaintAlone(color: Bool) {
        let content = AlertContent(spec: PromptSpec(placeholder: "hint"), charset: .utf8, usesColor: color)
        let style = content.placeholderStyle
        #expect(style.foreground != nil || style.underline)
        #expect(style.underline, "where a colour is not known, the underline still tells it")
        #expect(style != Style(dim: true))
        if color {
            #expect(!style.dim, "faint gray is too faint on a dark background")
        }
    }

    /// Without colour (NO_COLOR, --color never) the fallbacks stay: bold default, inverse
    /// focus, underlined destructive label, bold error.
    @Test func withoutColourStylesFallBackToBoldInverseAndUnderline() {
        var spec = PromptSpec(title: "Delete?")
        spec.isDestructive = true
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: false)
        #expect(content.style(of: .cancel, isDefault: true, isFocused: false) == Style(bold: true))
        #expect(content.style(of: .cancel, isDefault: false, isFocused: true) == Style(inverse: true))
        #expect(content.style(of: .ok, isDefault: false, isFocused: false) == Style(underline: true))
        #expect(content.statusStyle(isError: true) == Style(bold: true))
        for style in [content.placeholderStyle, content.statusStyle(isError: false), content.titleStyle] {
            #expect(style.foreground == nil)
        }
    }

    /// Without colour a sheet's highlight is inverse, a destructive choice's label underlined
    /// in it too; nothing has a colour.
    @Test func withoutColourTheSheetsHighlightIsInverse() throws {
        let spec = SheetLayoutTests.spec([Choice("Keep"), Choice("Delete", isDestructive: true)])
        var state = SheetState(spec: spec, loading: false)
        _ = state.handle(.key(.up), page: 1)  // the highlight starts below the destructive choice
        var layout = SheetLayout(content: AlertContent(spec: spec, charset: .utf8, usesColor: false),
                                 size: TerminalSize(rows: 24, columns: 80), state: state)
        let screen = layout.render(state)
        let row = try #require(screen.lines.firstIndex { $0.hasPrefix("│ › 1 ! Delete") }, "\(screen.lines)")
        for column in 1..<(screen.width - 1) {
            let style = screen[row, column].style
            #expect(style.inverse && style.foreground == nil && style.background == nil)
            #expect(style.underline == (8..<14).contains(column), "\(column)")
        }
    }
}
