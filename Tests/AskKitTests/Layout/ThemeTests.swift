import AskChoices
import AskCommandLine
import AskFields
import AskKit
@testable import AskLayout
import AskModel
import TestSupport
import Testing

/// Themes: `ASK_COLORS` read (good and bad lines), the contrast rule, the look it gives an alert
/// and a sheet (golden screens, with each cell's style as a letter), whiptail's and dialog's
/// colours read onto the roles.
struct ThemeTests {
    /// A theme in a line: its base, then each role's look (`title=4 bold`; `#…` when given so).
    static func summary(_ theme: Theme) -> String {
        var parts: [String] = theme.base.map { ["base=\($0.rawValue)"] } ?? []
        for role in Theme.Role.allCases {
            guard let look = theme.looks[role] else { continue }
            var words: [String] = []
            switch look.paint {
            case .none: break
            case .terminal: words.append("terminal")
            case let .color(color): words.append("\(color.index)" + (look.rgb.map { " (#\(Theme.hex($0)))" } ?? ""))
            }
            for (on, name) in [(look.regular, "regular"), (look.bold, "bold"), (look.dim, "dim"), (look.underline, "underline"),
                               (look.reverse, "reverse")] where on { words.append(name) }
            parts.append("\(role.rawValue)=" + words.joined(separator: " "))
        }
        return parts.joined(separator: ", ")
    }

    // MARK: - Reading a line

    /// Lines that read: colours by name, number and RGB (drawn as the nearest of the 256),
    /// attributes, the terminal's own colour, base themes and items over them, spaces and case.
    @Test(arguments: [
        ("", ""),
        ("title:blue", "title=4"),
        (" Title : Blue , border:236 ", "title=4, border=236"),
        ("title:bright-red:bold:underline", "title=9 bold underline"),
        ("title:grey,message:gray", "title=8, message=8"),
        ("match:0,gauge:255", "match=0, gauge=255"),
        ("match:#ff0000", "match=196 (#ff0000)"),
        ("highlight:#5F87AF", "highlight=67 (#5f87af)"),
        ("button:-1,border:default", "button=terminal, border=terminal"),
        ("highlight:regular:reverse", "highlight=regular reverse"),
        ("title:bold:red", "title=1 bold"),
        ("destructive:magenta,destructive:cyan", "destructive=6"),
        ("mono", "base=mono"),
        ("light", "base=light, title=4 bold, highlight=4, destructive=1, match=1, border=8, gauge=4"),
        ("light,title:red", "base=light, title=1, highlight=4, destructive=1, match=1, border=8, gauge=4"),
        ("high-contrast", "base=high-contrast, title=bold, message=bold, highlight=bold reverse, button=bold, match=bold underline, border=bold"),
        ("title:red,dark", "base=dark, title=14 bold, highlight=6, destructive=9, button=15, match=3, border=8, gauge=6"),
        (",,title:red,", "title=1"),
    ])
    func aLineReads(line: String, expected: String) throws {
        let theme = try Theme.parse(line).get()
        #expect(Self.summary(theme) == expected)
    }

    /// Lines that do not: the first bad item is said, and the whole line is left (the default
    /// look is drawn).
    @Test(arguments: [
        ("titel:blue", "'titel:blue': no role 'titel' (title, message, highlight, destructive, button, match, border, gauge)"),
        ("title", "'title': not a theme (dark, light, mono, high-contrast) nor ROLE:COLOUR"),
        ("solarized", "'solarized': not a theme (dark, light, mono, high-contrast) nor ROLE:COLOUR"),
        ("title:purple", "'title:purple': 'purple' is no colour (a name, 0–255, #rrggbb, -1) nor attribute"),
        ("title:256", "'title:256': '256' is no colour (a name, 0–255, #rrggbb, -1) nor attribute"),
        ("title:+1", "'title:+1': '+1' is no colour (a name, 0–255, #rrggbb, -1) nor attribute"),
        ("title:#12345", "'title:#12345': '#12345' is no colour (a name, 0–255, #rrggbb, -1) nor attribute"),
        ("title:#12345g", "'title:#12345g': '#12345g' is no colour (a name, 0–255, #rrggbb, -1) nor attribute"),
        ("title:", "'title:': '' is no colour (a name, 0–255, #rrggbb, -1) nor attribute"),
        ("title:blue,border:blink", "'border:blink': 'blink' is no colour (a name, 0–255, #rrggbb, -1) nor attribute"),
    ])
    func aLineIsRefused(line: String, problem: String) {
        guard case let .failure(refused) = Theme.parse(line) else {
            Issue.record("\(line) was read")
            return
        }
        #expect(refused.description == problem)
    }

    // MARK: - Contrast

    /// WCAG's ratio, on xterm's palette and the 256 colours' values; RGB drawn as the nearest.
    @Test(arguments: [
        (Style.Color.blue, 0x000000, 2.23), (.blue, 0xFFFFFF, 9.40), (.red, 0x000000, 3.60), (.red, 0xFFFFFF, 5.84),
        (.gray, 0x000000, 5.24), (.gray, 0xFFFFFF, 4.00), (.white, 0x000000, 21.0), (Style.Color(236), 0x000000, 1.59),
        (Style.Color(231), 0x000000, 21.0), (Style.Color(16), 0xFFFFFF, 21.0), (Style.Color(244), 0xFFFFFF, 3.95),
    ] as [(Style.Color, UInt32, Double)])
    func contrastIsWCAGs(color: Style.Color, background: UInt32, ratio: Double) {
        #expect(abs(Palette.contrast(Palette.rgb(color), background) - ratio) < 0.01 * ratio)
    }

    @Test(arguments: [(0xFF0000, 196), (0x808080, 244), (0x000000, 16), (0xFFFFFF, 231), (0x5F87AF, 67), (0x121212, 233)] as [(UInt32, UInt8)])
    func rgbIsDrawnAsTheNearestOfThe256(rgb: UInt32, index: UInt8) {
        #expect(Palette.nearest(to: rgb) == Style.Color(index))
    }

    /// The rule: a colour below 3:1 against the background is taken off (its attributes stay),
    /// and said; an unknown background is black and white both.
    @Test(arguments: [
        ("title:blue:bold", Theme.Background.dark, ["title:blue (2.2:1 on a dark background)"], "title=bold"),
        ("title:blue:bold", .light, [], "title=4 bold"),
        ("title:blue:bold", .unknown, ["title:blue (2.2:1 on a dark background)"], "title=bold"),
        ("title:yellow", .unknown, ["title:yellow (1.7:1 on a light background)"], "title="),
        ("border:gray,match:red", .unknown, [], "match=1, border=8"),
        ("title:bright-white", .color(.white), ["title:bright-white (1.0:1 on the terminal's background (colour 15))"], "title="),
        ("title:#333333,border:236", .dark, ["title:#333333 (1.5:1 on a dark background)", "border:236 (1.5:1 on a dark background)"],
         "title=, border="),
        ("match:-1", .dark, [], "match=terminal"),
        ("button:3", .dark, [], "button=3"),
        ("button:3", .light, ["button:yellow (1.7:1 on a light background)"], "button="),
    ] as [(String, Theme.Background, [String], String)])
    func belowThreeToOneIsTakenOff(line: String, background: Theme.Background, unreadable: [String], kept: String) throws {
        let (theme, said) = try Theme.parse(line).get().readable(on: background)
        #expect(said == unreadable)
        #expect(Self.summary(theme) == kept)
    }

    /// Every base theme is readable on the background it is meant for (both, when it names
    /// none).
    @Test(arguments: Theme.Base.allCases)
    func baseThemesAreReadable(base: Theme.Base) throws {
        let theme = try Theme.parse(base.rawValue).get()
        #expect(theme.readable(on: theme.assumedBackground).unreadable.isEmpty)
    }

    // MARK: - The environment

    /// What the environment gives: the theme, whether colour is drawn, and the one line said.
    /// NO_COLOR wins; `mono` draws no colour; a bad line is said and the default look drawn; the
    /// background is the base theme's, else COLORFGBG's, else black and white both.
    @Test(arguments: [
        (["TERM": "xterm", "ASK_COLORS": "titel:blue"], true, "",
         "ASK_COLORS: 'titel:blue': no role 'titel' (title, message, highlight, destructive, button, match, border, gauge); the default look is used"),
        (["TERM": "xterm", "ASK_COLORS": "title:blue", "NO_COLOR": "1"], false, "title=4", nil),
        (["TERM": "xterm", "ASK_COLORS": "mono,title:blue"], false, "base=mono, title=4", nil),
        (["TERM": "xterm", "ASK_COLORS": "border:gray"], true, "border=8", nil),
        (["TERM": "xterm", "ASK_COLORS": "title:yellow,border:gray"], true, "title=, border=8",
         "ASK_COLORS: title:yellow (1.7:1 on a light background) below 3:1; drawn in the terminal's own colour"),
        (["TERM": "xterm", "ASK_COLORS": "title:yellow", "COLORFGBG": "15;0"], true, "title=3", nil),
        (["TERM": "xterm", "ASK_COLORS": "title:yellow", "COLORFGBG": "0;default;15"], true, "title=",
         "ASK_COLORS: title:yellow (1.7:1 on the terminal's background (colour 15)) below 3:1; drawn in the terminal's own colour"),
        (["TERM": "xterm", "ASK_COLORS": "light,title:yellow", "COLORFGBG": "15;0"], true, "base=light, title=, highlight=4, destructive=1, match=1, border=8, gauge=4",
         "ASK_COLORS: title:yellow (1.7:1 on a light background) below 3:1; drawn in the terminal's own colour"),
        (["TERM": "dumb", "ASK_COLORS": "title:blue"], false, "title=4", nil),
        (["TERM": "xterm", "ASK_COLORS": ""], true, "", nil),
    ] as [([String: String], Bool, String, String?)])
    func theEnvironmentGivesTheTheme(variables: [String: String], usesColor: Bool, theme: String, warning: String?) {
        var environment = Environment()
        for (name, value) in variables { environment[name] = value }
        let appearance = Appearance.from(environment: environment)
        #expect(appearance.usesColor == usesColor)
        #expect(Self.summary(appearance.theme) == theme)
        #expect(appearance.themeWarning == warning)
    }

    /// A personality's colours stand instead of `ASK_COLORS`, and are said by their own name.
    @Test func aPersonalitysColoursStandInstead() {
        var options = PresentationOptions()
        options.colors = ColorSetting(name: "NEWT_COLORS", value: "title:black")
        let appearance = Appearance.from(environment: ["TERM": "xterm", "ASK_COLORS": "title:red"], options: options)
        #expect(appearance.themeWarning == "NEWT_COLORS: title:black (1.0:1 on a dark background) below 3:1; drawn in the terminal's own colour")
    }

    // MARK: - Golden screens

    /// Each cell's style as a letter of `legend` (`.` for text in the plain style, a space for a
    /// plain blank, `?` for a style the legend lacks).
    static func styles(_ screen: Screen, _ legend: [(Character, Style)]) -> [String] {
        (0..<screen.height).map { row in
            var line = ""
            for column in 0..<screen.width {
                let cell = screen[row, column]
                if cell.width == 0 { continue }
                if cell.style == .plain {
                    line.append(cell.text == " " ? " " : ".")
                } else {
                    line.append(legend.first { $0.1 == cell.style }?.0 ?? "?")
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }

    /// An alert in the light theme with a message of its own colour: the title blue and bold,
    /// the lines gray, the message dark green (22), the default button bold, the focused one in
    /// inverse.
    @Test func aThemedAlert() throws {
        let theme = try Theme.parse("light,message:22,button:90").get()
        var spec = PromptSpec(title: "Deploy", message: "Ship it?")
        spec.defaultButton = .ok
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: true, theme: theme)
        var layout = AlertLayout(content: content, fields: spec.fields, size: TerminalSize(rows: 24, columns: 40))
        var state = PromptState(spec: spec)
        _ = state.handle(.key(.tab), buttonOrder: layout.buttonOrder)
        let screen = layout.render(state)
        #expect(screen.goldenLines == [
            "╭────────────────────────────────╮",
            "│             Deploy             │",
            "│            Ship it?            │",
            "│                                │",
            "│ ______________________________ │",
            "│                                │",
            "├───────────────┬────────────────┤",
            "│    Cancel     │       OK       │",
            "╰───────────────┴────────────────╯",
        ])
        #expect(Self.styles(screen, [
            ("T", Style(bold: true, foreground: .blue)), ("B", Style(foreground: .gray)), ("M", Style(foreground: Style.Color(22))),
            ("F", Style(underline: true)), ("c", Style(inverse: true, foreground: Style.Color(90))),
            ("o", Style(bold: true, foreground: Style.Color(90))),
        ]) == [
            "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
            "B             TTTTTT             B",
            "B            MMMMMMMM            B",
            "B                                B",
            "B FFFFFFFFFFFFFFFFFFFFFFFFFFFFFF B",
            "B                                B",
            "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
            "B   cccccccc    B      oooo      B",
            "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
        ])
    }

    /// A sheet in the dark theme with a highlight and matches of its own: the bar colour 33 (the
    /// text in the terminal's background on it), the matches yellow (220) outside the bar and
    /// bold and underlined in it, the destructive sign bright red.
    @Test func aThemedSheet() throws {
        let theme = try Theme.parse("dark,highlight:33,match:220").get()
        let spec = SheetLayoutTests.spec([Choice("Keep"), Choice("Delete All", isDestructive: true), Choice("Archive")], title: "Files")
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: true, theme: theme)
        var state = SheetState(spec: spec, loading: false)
        var layout = SheetLayout(content: content, size: TerminalSize(rows: 24, columns: 40), state: state)
        for event in SheetStateTests.events("e") {
            _ = state.handle(event, page: layout.page, buttonOrder: layout.buttonOrder)
            if !layout.isCurrent(for: state) { layout = SheetLayout(content: content, size: layout.size, state: state) }
        }
        let screen = layout.render(state)
        #expect(screen.goldenLines == [
            "╭────────────────────────────────╮",
            "│             Files              │",
            "│ e                          3/3 │",
            "├────────────────────────────────┤",
            "│ › Keep                         │",
            "│   Archive                      │",
            "│   ! Delete All                 │",
            "├────────────────────────────────┤",
            "│             Cancel             │",
            "╰────────────────────────────────╯",
        ])
        #expect(Self.styles(screen, [
            ("T", Style(bold: true, foreground: Style.Color(14))), ("B", Style(foreground: .gray)),
            ("H", Style(inverse: true, foreground: Style.Color(33))), ("P", Style(bold: true, inverse: true, foreground: Style.Color(33))),
            ("m", Style(bold: true, underline: true, foreground: Style.Color(220))),
            ("h", Style(bold: true, underline: true, inverse: true, foreground: Style.Color(33))),
            ("!", Style(bold: true, foreground: Style.Color(9))), ("b", Style(foreground: .white)),
            ("o", Style(bold: true, foreground: .white)),
        ]) == [
            "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
            "B             TTTTT              B",
            "B .                          ... B",
            "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
            "BHPHHhHHHHHHHHHHHHHHHHHHHHHHHHHHHB",
            "B   ......m                      B",
            "B   !!.m.... ...                 B",
            "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
            "B            bbbbbbbb            B",
            "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
        ])
    }

    // MARK: - whiptail's and dialog's colours

    /// newt's entries onto the roles: foregrounds for text, the focused item's and the full
    /// scale's backgrounds for bars; newt's names as ask's; what has no role passed over.
    @Test(arguments: [
        ("root=,blue border=white,blue title=yellow,blue", "border:bright-white,title:bright-yellow"),
        ("window=lightgray,black;textbox=brightcyan,black", "message:bright-cyan"),
        ("button=black,cyan:actbutton=red,green\nactlistbox=black,cyan", "button:black,highlight:cyan"),
        ("fullscale=,brown emptyscale=,black", "gauge:yellow"),
        ("title=color208,black shadow=black,black", "title:208"),
        ("title=,red checkbox=red,blue bogus=red", ""),
        ("title=default,black", "title:-1"),
        ("title=pink,black", "title:pink"),
    ])
    func newtColoursMapOntoRoles(newt: String, items: String) {
        #expect(NewtColors.items(newt) == items)
    }

    /// whiptail's menu as a script colours it with NEWT_COLORS, read through whiptail's command
    /// line and the environment as `ask` run as whiptail reads them (whiptail draws these
    /// colours and nothing of them reaches its answer, so the screen is what shows them): the
    /// title bright red, the lines bright cyan, the highlight's bar cyan on a terminal COLORFGBG
    /// says is dark; the buttons' black, unreadable there, left out and said.
    @Test func aWhiptailMenuInNewtsColours() throws {
        let newt = "root=,blue border=brightcyan,blue title=brightred,blue button=black,red actlistbox=black,cyan"
        let environment: Environment = ["TERM": "xterm", "NEWT_COLORS": newt, "COLORFGBG": "15;0"]
        guard case let .compat(compat) = try ArgumentParser(environment: environment, programName: "whiptail")
            .parse(["--title", "Fruit", "--menu", "Pick one", "12", "40", "2", "a", "Apple", "b", "Banana"]) else {
            Issue.record("not a box")
            return
        }
        let appearance = Appearance.from(environment: environment, options: compat.invocation.options)
        #expect(appearance.themeWarning == "NEWT_COLORS: button:black (1.0:1 on the terminal's background (colour 0)) below 3:1; "
            + "drawn in the terminal's own colour")
        let spec = compat.invocation.spec
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: appearance.usesColor, theme: appearance.theme)
        let state = SheetState(spec: spec, loading: false)
        var layout = SheetLayout(content: content, size: TerminalSize(rows: 24, columns: 40), state: state)
        let screen = layout.render(state)
        #expect(screen.goldenLines == [
            "╭────────────────────────────────╮",
            "│             Fruit              │",
            "│            Pick one            │",
            "├────────────────────────────────┤",
            "│ › a  Apple                     │",
            "│   b  Banana                    │",
            "├───────────────┬────────────────┤",
            "│      Ok       │     Cancel     │",
            "╰───────────────┴────────────────╯",
        ])
        #expect(Self.styles(screen, [
            ("T", Style(bold: true, foreground: Style.Color(9))), ("B", Style(foreground: Style.Color(14))),
            ("H", Style(inverse: true, foreground: .cyan)), ("P", Style(bold: true, inverse: true, foreground: .cyan)),
            ("o", Style(bold: true)),
        ]) == [
            "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
            "B             TTTTT              B",
            "B            .... ...            B",
            "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
            "BHPHHHHHHHHHHHHHHHHHHHHHHHHHHHHHHB",
            "B   .  ......                    B",
            "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
            "B     oooo      B     ......     B",
            "BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB",
        ])
    }

    @Test func newtMonoIsTheMonoTheme() {
        #expect(NewtColors.setting(["NEWT_MONO": "1", "NEWT_COLORS": "title=red,blue"]) == ColorSetting(name: "NEWT_MONO", value: "mono"))
        #expect(NewtColors.setting(["NEWT_COLORS": "title=red,blue"]) == ColorSetting(name: "NEWT_COLORS", value: "title:red"))
        #expect(NewtColors.setting([:]) == nil)
    }

    /// A DIALOGRC's colour settings onto the roles: `(FG,BG,ON)`, ON bold; `use_colors = OFF` mono.
    @Test(arguments: [
        ("title_color = (YELLOW,WHITE,ON)\nborder_color = (BLUE,WHITE,OFF)", "title:yellow:bold,border:blue"),
        ("# a comment\ndialog_color = (BLACK,WHITE,OFF) # trailing\nscreen_color = (CYAN,BLUE,ON)", "message:black"),
        ("item_selected_color = (WHITE,RED,ON)\nbutton_label_inactive_color = (GREEN,WHITE,OFF)", "button:green,highlight:red:bold"),
        ("use_colors = OFF\ngauge_color = (BLUE,WHITE,ON)", "mono,gauge:blue:bold"),
        ("title_color = dialog_color\nuse_shadow = ON", ""),
        ("title_color = dialog_color\nDIALOG_COLOR = (CYAN,BLUE,OFF)", "title:cyan,message:cyan"),
        ("gauge_color = gauge_color", ""),
        ("  Border_Color=(RED,BLUE,OFF)\nborder_color = (GREEN,BLUE,OFF)", "border:green"),
    ])
    func dialogrcColoursMapOntoRoles(rc: String, items: String) throws {
        #expect(DialogColors.items(Dialog.settings(rc)) == items)
        _ = try Theme.parse(items).get()
    }
}
