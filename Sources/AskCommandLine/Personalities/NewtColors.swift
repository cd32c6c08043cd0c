import AskModel

/// whiptail's colours (newt's `NEWT_COLORS`, `NEWT_MONO`) as far as they map onto `ask`'s
/// roles. newt paints a window on a background of its own; `ask` draws on the terminal's, so a
/// colour newt gives as a foreground is the role's, and one it gives as a background (the
/// focused item's, the full part of the scale) is the role's bar:
///
/// | newt | role | from |
/// |---|---|---|
/// | `title` | title | foreground |
/// | `border` | border | foreground |
/// | `window`, then `textbox` | message | foreground |
/// | `button` | button | foreground |
/// | `actlistbox`, then `actsellistbox` | highlight | background |
/// | `fullscale` | gauge | background |
///
/// The others (`root`, `shadow`, `roottext`, `helpline`, `entry`, `label`, `checkbox`, the
/// compact buttons, `emptyscale`, `disentry`…) have no role: `ask` has no root window, shadow
/// or help line. A name newt does not know is passed over, as newt passes it over.
package enum NewtColors {
    /// The theme the environment gives whiptail: `mono` with `NEWT_MONO` set, else
    /// `NEWT_COLORS`'s items, in `ASK_COLORS`'s syntax; nil without either.
    package static func setting(_ environment: Environment) -> ColorSetting? {
        if environment["NEWT_MONO"] != nil { return ColorSetting(name: "NEWT_MONO", value: "mono") }
        guard let colors = environment["NEWT_COLORS"], !colors.isEmpty else { return nil }
        return ColorSetting(name: "NEWT_COLORS", value: items(colors))
    }

    /// newt's `name=fg,bg` entries (separated by spaces, tabs, line breaks, `;` or `:`) as
    /// `role:colour` items; a colour newt would not know is passed on, to be refused as a bad one.
    package static func items(_ text: String) -> String {
        var byRole: [(role: String, color: String)] = []
        func give(_ role: String, _ color: Substring) {
            guard !color.isEmpty else { return }
            let name = Self.colorName(String(color))
            byRole.removeAll { $0.role == role }
            byRole.append((role, name))
        }
        for entry in text.split(whereSeparator: { " \t\n\r;:".contains($0) }) {
            guard let equals = entry.firstIndex(of: "=") else { continue }
            let name = entry[..<equals].lowercased()
            let colors = entry[entry.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
            let foreground = colors.first ?? "", background = colors.count > 1 ? colors[1] : ""
            switch name {
            case "title", "border", "button": give(name, foreground)
            case "window", "textbox": give("message", foreground)
            case "actlistbox", "actsellistbox": give("highlight", background)
            case "fullscale": give("gauge", background)
            default: continue
            }
        }
        return byRole.map { "\($0.role):\($0.color)" }.joined(separator: ",")
    }

    /// newt's (S-Lang's) colour names as `ASK_COLORS` names them; `colorN` as the number N.
    static func colorName(_ name: String) -> String {
        let lowered = name.lowercased()
        if lowered.hasPrefix("color"), let number = Int(lowered.dropFirst(5)) { return "\(number)" }
        let names = ["black": "black", "red": "red", "green": "green", "brown": "yellow", "blue": "blue", "magenta": "magenta",
                     "cyan": "cyan", "lightgray": "white", "gray": "bright-black", "brightred": "bright-red",
                     "brightgreen": "bright-green", "yellow": "bright-yellow", "brightblue": "bright-blue",
                     "brightmagenta": "bright-magenta", "brightcyan": "bright-cyan", "white": "bright-white", "default": "-1"]
        return names[lowered] ?? name
    }
}
