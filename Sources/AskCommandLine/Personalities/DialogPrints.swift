import AskModel

/// What dialog prints of itself rather than asks: each a line on the answer's descriptor
/// (stderr, `--stdout`, `--output-fd`), or, for `--create-rc`, a settings file.
package enum CompatPrint: Equatable, Sendable {
    /// `--print-maxsize`: `MaxSize: ROWS, COLUMNS`, the terminal's size when it is `measured`
    /// (the option alone, but for where the answer goes); `MaxSize: 0, 0` otherwise, as dialog
    /// prints it before its screen is open.
    case maxSize(measured: Bool)
    /// `--print-version`: `Version: …`, the version of dialog whose command line this reads.
    case version
    /// `--print-size`: `Size: HEIGHT, WIDTH`, the box's size as given, held to the screen as
    /// dialog holds it (a row for its shadow, two columns); 0 (dialog's size to fit) and -1 (the
    /// largest) print the largest, since `ask` fits its box to what it shows as it draws it.
    case size(height: Int, width: Int)
    /// `--create-rc FILE`: dialog's settings file, written with its defaults.
    case rcFile(String)

    /// The line printed on a terminal of `rows` and `columns` (nil: no terminal, dialog's
    /// 24×80); nil for the settings file, which is written, not printed.
    package func line(rows: Int, columns: Int) -> String? {
        switch self {
        case let .maxSize(measured): return measured ? "MaxSize: \(rows), \(columns)\n" : "MaxSize: 0, 0\n"
        case .version: return "Version: \(Dialog.emulatedVersion)\n"
        case let .size(height, width):
            let held = (height > 0 ? min(height, rows - 1) : rows - 1, width > 0 ? min(width, columns - 2) : columns - 2)
            return "Size: \(held.0), \(held.1)\n"
        case .rcFile: return nil
        }
    }
}

extension Dialog {
    /// The version of dialog whose command line `ask` reads, as `--print-version` says it (a
    /// script that checks it sees the options it may use).
    package static let emulatedVersion = "1.3-20230209"

    /// A setting of dialog's settings file, with its value as dialog writes its defaults.
    struct RCSetting {
        let name: String
        let value: String
        let note: String
    }

    /// dialog's settings, in the order its files list them, with their default values; the
    /// colours are (foreground, background, bold), or another setting's name.
    static let rcSettings: [RCSetting] = switches.map { RCSetting(name: $0.0, value: $0.1, note: $0.2) }
        + colours.map { RCSetting(name: $0.0 + "_color", value: $0.1, note: "") }

    /// The settings before the colours: name, default value, and what it is.
    private static let switches: [(String, String, String)] = [
        ("aspect", "0", "Width to height of a box sized to fit (0: dialog's own)."),
        ("separate_widget", "\"\"", "Written between the answers of boxes joined in one call."),
        ("tab_len", "0", "Columns of a tab in a text box (0: dialog's own)."),
        ("visit_items", "OFF", "Tab stops at a list as well as at the buttons."),
        ("use_scrollbar", "OFF", "A scroll bar beside text that scrolls."),
        ("use_shadow", "ON", "A shadow under each box (colour with it)."),
        ("use_colors", "ON", "Colour at all. ask reads this one: OFF draws without colour, as --color never does."),
    ]

    /// The colours, each `NAME_color`: (foreground, background, bold), or another colour's name.
    private static let colours: [(String, String)] = [
        ("screen", "(CYAN,BLUE,ON)"), ("shadow", "(BLACK,BLACK,ON)"), ("dialog", "(BLACK,WHITE,OFF)"),
        ("title", "(BLUE,WHITE,ON)"), ("border", "(WHITE,WHITE,ON)"), ("button_active", "(WHITE,BLUE,ON)"),
        ("button_inactive", "dialog_color"), ("button_key_active", "button_active_color"),
        ("button_key_inactive", "(RED,WHITE,OFF)"), ("button_label_active", "(YELLOW,BLUE,ON)"),
        ("button_label_inactive", "(BLACK,WHITE,ON)"), ("inputbox", "dialog_color"), ("inputbox_border", "dialog_color"),
        ("searchbox", "dialog_color"), ("searchbox_title", "title_color"), ("searchbox_border", "border_color"),
        ("position_indicator", "title_color"), ("menubox", "dialog_color"), ("menubox_border", "border_color"),
        ("item", "dialog_color"), ("item_selected", "button_active_color"), ("tag", "title_color"),
        ("tag_selected", "button_label_active_color"), ("tag_key", "button_key_inactive_color"),
        ("tag_key_selected", "(RED,BLUE,ON)"), ("check", "dialog_color"), ("check_selected", "button_active_color"),
        ("uarrow", "(GREEN,WHITE,ON)"), ("darrow", "uarrow_color"), ("itemhelp", "(WHITE,BLACK,OFF)"),
        ("form_active_text", "button_active_color"), ("form_text", "(WHITE,CYAN,ON)"),
        ("form_item_readonly", "(CYAN,WHITE,ON)"), ("gauge", "title_color"), ("border2", "dialog_color"),
        ("inputbox_border2", "dialog_color"), ("searchbox_border2", "dialog_color"), ("menubox_border2", "dialog_color"),
    ]

    /// The file `--create-rc` writes: dialog's settings with its defaults, each a `name = value`
    /// line as dialog reads them, under a note saying what they are and which `ask` reads.
    package static var rcFile: String {
        var text = """
            # dialog's settings, written by ask's --create-rc with dialog's defaults; dialog
            # reads them from the file DIALOGRC names, and so does ask run as dialog, which
            # takes use_colors (its boxes keep the terminal's own colours otherwise).
            #
            # A value is a number, a "string", ON or OFF, or a colour:
            # (FOREGROUND,BACKGROUND,BOLD), or another colour setting's name.

            """
        for setting in rcSettings {
            if !setting.note.isEmpty { text += "\n# " + setting.note + "\n" }
            text += setting.name + " = " + setting.value + "\n"
        }
        return text
    }

    /// The settings a file in dialog's form holds: `name = value` lines (`#` begins a comment,
    /// case is not significant in a name), the last of a name standing.
    package static func settings(_ text: String) -> [String: String] {
        var found: [String: String] = [:]
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let content = line.prefix { $0 != "#" }
            guard let equals = content.firstIndex(of: "=") else { continue }
            let name = content[..<equals].filter { $0 != " " && $0 != "\t" }.lowercased()
            let value = content[content.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            guard !name.isEmpty else { continue }
            found[name] = String(value.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
        return found
    }

    /// What of a settings file (`DIALOGRC`) maps onto `ask`'s look: its colours onto the theme's
    /// roles (`DialogColors`), `use_colors = OFF` drawn without colour; a shadow or a scroll bar
    /// it does not draw.
    package static func apply(settings text: String, to compat: inout CompatInvocation) {
        let found = settings(text)
        if found["use_colors"]?.uppercased() == "OFF" { compat.invocation.options.color = .never }
        compat.invocation.options.colors = DialogColors.setting(found)
    }
}
