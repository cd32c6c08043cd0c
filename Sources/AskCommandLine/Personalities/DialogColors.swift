import AskLayout
import AskModel

/// dialog's colour settings (a `DIALOGRC` file's `NAME_color = (FG,BG,HIGHLIGHT)` lines, and
/// `use_colors`) as far as they map onto `ask`'s roles. dialog paints its own background; `ask`
/// draws on the terminal's, so a foreground is the role's colour, a background of a selected
/// item the bar's, and `ON` (dialog's highlight: bold) is bold:
///
/// | dialog | role | from |
/// |---|---|---|
/// | `title_color` | title | foreground |
/// | `dialog_color` | message | foreground |
/// | `border_color` | border | foreground |
/// | `button_label_inactive_color` | button | foreground |
/// | `item_selected_color` | highlight | background |
/// | `gauge_color` | gauge | foreground |
/// | `use_colors = OFF` | the `mono` theme | |
///
/// The rest (the screen's, the shadow's, the tags', the search box's, the inputs'…) has no role.
/// A colour given by another's name (`gauge_color = title_color`) is that one's.
package enum DialogColors {
    /// The roles, in the order their items are written, with the setting and the field (0: the
    /// foreground, 1: the background) each is read from.
    static let roles: [(setting: String, role: String, field: Int)] = [
        ("title_color", "title", 0), ("dialog_color", "message", 0), ("border_color", "border", 0),
        ("button_label_inactive_color", "button", 0), ("item_selected_color", "highlight", 1), ("gauge_color", "gauge", 0),
    ]

    /// The theme a settings file's `settings` (names in lowercase, as `settings(_:)` reads them)
    /// give; nil when they say nothing of colours.
    package static func setting(_ settings: [String: String]) -> ColorSetting? {
        let items = items(settings)
        return items.isEmpty ? nil : ColorSetting(name: "DIALOGRC", value: items)
    }

    /// The items of `settings`, in `ASK_COLORS`'s syntax.
    package static func items(_ settings: [String: String]) -> String {
        var items: [String] = settings["use_colors"]?.uppercased() == "OFF" ? ["mono"] : []
        for (setting, role, field) in roles {
            // A colour named by another's name, as dialog follows it (a few steps, never round).
            var value = settings[setting]
            for _ in 0..<4 {
                guard let named = value, !named.hasPrefix("(") else { break }
                value = settings[named.lowercased()]
            }
            guard let value, value.hasPrefix("("), value.hasSuffix(")") else { continue }
            let fields = value.dropFirst().dropLast().split(separator: ",").map { $0.trimmingSpaces.lowercased() }
            guard fields.count == 3 else { continue }
            items.append("\(role):\(fields[field])" + (fields[2] == "on" ? ":bold" : ""))
        }
        return items.joined(separator: ",")
    }
}
