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
/// A colour given by another setting's name (`title_color = dialog_color`) is passed over.
package enum DialogColors {
    /// The items of a DIALOGRC's text, in `ASK_COLORS`'s syntax.
    package static func items(_ text: String) -> String {
        var items: [String] = []
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            let code = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let equals = code.firstIndex(of: "=") else { continue }
            let name = code[..<equals].trimmingSpaces.lowercased()
            let value = code[code.index(after: equals)...].trimmingSpaces
            if name == "use_colors" {
                if value.uppercased() == "OFF" { items.insert("mono", at: 0) }
                continue
            }
            let roles = ["title_color": ("title", 0), "dialog_color": ("message", 0), "border_color": ("border", 0),
                         "button_label_inactive_color": ("button", 0), "item_selected_color": ("highlight", 1), "gauge_color": ("gauge", 0)]
            guard let (role, field) = roles[name], value.hasPrefix("("), value.hasSuffix(")") else { continue }
            let fields = value.dropFirst().dropLast().split(separator: ",").map { $0.trimmingSpaces.lowercased() }
            guard fields.count == 3 else { continue }
            var item = "\(role):\(fields[field])"
            if fields[2] == "on" { item += ":bold" }
            items.append(item)
        }
        return items.joined(separator: ",")
    }
}
