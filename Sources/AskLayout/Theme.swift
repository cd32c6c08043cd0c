/// A look over the built-in one: for each role a colour and attributes, read from a line in the
/// syntax of fzf's `--color` — a base theme's name, then `role:colour[:attribute…]` items,
/// commas between (`ASK_COLORS=light,title:blue:bold`).
package struct Theme: Equatable, Sendable {
    /// What a colour or an attribute can be given to.
    package enum Role: String, CaseIterable, Sendable {
        /// The box's title.
        case title
        /// The message's text.
        case message
        /// A list's highlighted choice: the bar's colour (drawn in inverse, the text in the
        /// terminal's background on it).
        case highlight
        /// The destructive sign, and the colour behind a focused destructive button or choice.
        case destructive
        /// The buttons' labels (the focused one: the bar's colour).
        case button
        /// The characters of a list's labels the filter matched.
        case match
        /// The box's lines.
        case border
        /// A gauge's bar.
        case gauge
    }

    /// The named themes a line may begin with.
    package enum Base: String, CaseIterable, Sendable {
        /// Colours for a dark background (assumed black).
        case dark
        /// Colours for a light background (assumed white).
        case light
        /// No colour at all: attributes only, as with `NO_COLOR`.
        case mono
        /// No colour, the terminal's own foreground (its highest contrast) in bold everywhere.
        case highContrast = "high-contrast"

        /// Its items, in the syntax a line gives them.
        var items: String {
            switch self {
            case .dark: "title:bright-cyan:bold,highlight:cyan,button:bright-white,match:yellow,border:gray,destructive:bright-red,gauge:cyan"
            case .light: "title:blue:bold,highlight:blue,match:red,border:gray,destructive:red,gauge:blue"
            case .mono: ""
            case .highContrast: "title:bold,message:bold,highlight:bold:reverse,button:bold,match:bold:underline,border:bold"
            }
        }
    }

    /// A colour: the terminal's own (`-1`, `default`), or one of the 256.
    package enum Paint: Equatable, Sendable {
        case terminal
        case color(Style.Color)

        var color: Style.Color? {
            if case let .color(color) = self { return color }
            return nil
        }
    }

    /// What a role's item says: a colour and attributes, over the built-in style.
    package struct Look: Equatable, Sendable {
        package var paint: Paint?
        /// `regular`: the built-in attributes taken off first.
        package var regular = false
        package var bold = false
        package var dim = false
        package var underline = false
        package var reverse = false
        /// `#rrggbb` as given, drawn as the nearest of the 256 (`paint`).
        package var rgb: UInt32?

        package init(paint: Paint? = nil) { self.paint = paint }
    }

    /// The base theme named, if any.
    package var base: Base?
    package var looks: [Role: Look] = [:]

    package init(base: Base? = nil, looks: [Role: Look] = [:]) {
        self.base = base
        self.looks = looks
    }

    /// Whether a theme leaves colour out (`mono`).
    package var isMono: Bool { base == .mono }

    /// The background the theme's colours are meant for: its base's, else unknown.
    package var assumedBackground: Background {
        switch base {
        case .dark: .dark
        case .light: .light
        default: .unknown
        }
    }

    /// What a line's problem is: the item, and why it is refused.
    package struct Problem: Error, Equatable, Sendable {
        package var item: String
        package var reason: String
        package var description: String { "'\(item)': \(reason)" }
    }

    /// Reads a line: items separated by commas (spaces around them ignored); a base theme's
    /// name, then its items, then those given over them. The first bad item refuses the line.
    package static func parse(_ line: String) -> Result<Theme, Problem> {
        var theme = Theme()
        for raw in line.split(separator: ",", omittingEmptySubsequences: false) {
            let item = raw.trimmingSpaces
            if item.isEmpty { continue }
            if let base = Base(rawValue: String(item)) {
                guard case let .success(named) = parse(base.items) else { continue }
                theme.base = base
                theme.looks = named.looks
                continue
            }
            let parts = item.split(separator: ":", omittingEmptySubsequences: false).map { String($0.trimmingSpaces) }
            guard parts.count >= 2 else {
                return .failure(Problem(item: String(item), reason: "not a theme (\(Base.allCases.map { $0.rawValue }.joined(separator: ", "))) nor ROLE:COLOUR"))
            }
            guard let role = Role(rawValue: parts[0].lowercased()) else {
                return .failure(Problem(item: String(item), reason: "no role '\(parts[0])' (\(Role.allCases.map { $0.rawValue }.joined(separator: ", ")))"))
            }
            var look = Look()
            for part in parts.dropFirst() {
                if let attribute = Self.attribute(part.lowercased()) {
                    attribute(&look)
                } else if let (paint, rgb) = Self.paint(part) {
                    look.paint = paint
                    look.rgb = rgb
                } else {
                    return .failure(Problem(item: String(item), reason: "'\(part)' is no colour (a name, 0–255, #rrggbb, -1) nor attribute"))
                }
            }
            theme.looks[role] = look
        }
        return .success(theme)
    }

    /// The 16 colours' names, as fzf and the ANSI standard name them, by index.
    static let colorNames: [String] = {
        let basic = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        return basic + basic.map { "bright-" + $0 }
    }()

    /// A colour's index by its name (and `gray`, `grey`: bright black).
    static func colorIndex(named name: String) -> UInt8? {
        if name == "gray" || name == "grey" { return 8 }
        return colorNames.firstIndex(of: name).map { UInt8($0) }
    }

    /// A colour item: a name, a number 0–255, `#rrggbb` (drawn as the nearest of the 256, and
    /// its value kept), `-1` or `default`; nil when it is none of them.
    static func paint(_ text: String) -> (Paint, UInt32?)? {
        let lowered = text.lowercased()
        if lowered == "-1" || lowered == "default" { return (.terminal, nil) }
        if let index = colorIndex(named: lowered) { return (.color(Style.Color(index)), nil) }
        if let number = Int(lowered), (0...255).contains(number), lowered.allSatisfy({ $0.isASCIIDigit }) {
            return (.color(Style.Color(UInt8(number))), nil)
        }
        if lowered.hasPrefix("#"), lowered.count == 7, let value = UInt32(lowered.dropFirst(), radix: 16),
           lowered.dropFirst().allSatisfy({ $0.isHexDigit }) {
            return (.color(Palette.nearest(to: value)), value)
        }
        return nil
    }

    /// An attribute item (fzf's names; `reverse` is inverse video).
    static func attribute(_ text: String) -> ((inout Look) -> Void)? {
        switch text {
        case "bold": { $0.bold = true }
        case "dim": { $0.dim = true }
        case "underline": { $0.underline = true }
        case "reverse": { $0.reverse = true }
        case "regular": { $0.regular = true }
        default: nil
        }
    }

    /// `style`, a built-in role's, with `role`'s look over it; its colour only with `usesColor`.
    package func apply(_ role: Role, to style: Style, usesColor: Bool) -> Style {
        guard let look = looks[role] else { return style }
        var style = style
        if look.regular { (style.bold, style.dim, style.underline, style.inverse) = (false, false, false, false) }
        if look.bold { style.bold = true }
        if look.dim { style.dim = true }
        if look.underline { style.underline = true }
        if look.reverse { style.inverse = true }
        if usesColor, let paint = look.paint { style.foreground = paint.color }
        return style
    }

    /// The colour `role` is given, if any (nil: the built-in one, or the terminal's own).
    package func color(_ role: Role) -> Style.Color? { looks[role]?.paint?.color }
}

extension Theme {
    /// The terminal's default background, as far as it is known.
    package enum Background: Equatable, Sendable {
        case dark
        case light
        /// One of the 256 colours (`COLORFGBG`'s).
        case color(Style.Color)
        /// Not known: a colour must be readable on black and on white.
        case unknown

        /// The backgrounds a colour is checked against.
        var candidates: [(name: String, rgb: UInt32)] {
            switch self {
            case .dark: [("a dark background", 0x000000)]
            case .light: [("a light background", 0xFFFFFF)]
            case let .color(color): [("the terminal's background (colour \(color.index))", Palette.rgb(color))]
            case .unknown: [("a dark background", 0x000000), ("a light background", 0xFFFFFF)]
            }
        }

        /// `COLORFGBG` (`fg;bg`, or `fg;default;bg`, as rxvt and Konsole set it): the last
        /// field's colour, if it is one of the 16.
        package static func from(colorFGBG: String?) -> Background? {
            guard let last = colorFGBG?.split(separator: ";").last, let index = UInt8(last), index < 16 else { return nil }
            return .color(Style.Color(index))
        }
    }

    /// The least contrast text is drawn in: WCAG's 3:1, for large text and signs.
    package static let leastContrast = 3.0

    /// The theme with each colour that would fall below 3:1 against `background` taken off (its
    /// attributes kept), and what was taken off, one entry a role: `title:blue (2.2:1 on a dark
    /// background)`.
    package func readable(on background: Background) -> (theme: Theme, unreadable: [String]) {
        var theme = self
        var unreadable: [String] = []
        for role in Role.allCases {
            guard let look = looks[role], let color = look.paint?.color else { continue }
            let rgb = Palette.rgb(color)
            let worst = background.candidates.map { (name: $0.name, ratio: Palette.contrast(rgb, $0.rgb)) }.min { $0.ratio < $1.ratio }
            guard let worst, worst.ratio < Self.leastContrast else { continue }
            let given = look.rgb.map { "#" + Self.hex($0) } ?? (color.index < 16 ? Self.colorNames[Int(color.index)] : "\(color.index)")
            unreadable.append("\(role.rawValue):\(given) (\(Self.ratio(worst.ratio)):1 on \(worst.name))")
            theme.looks[role]?.paint = nil
        }
        return (theme, unreadable)
    }

    static func ratio(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)"
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(6 - digits.count, 0)) + digits
    }
}

extension Substring {
    /// Without spaces and tabs at either end.
    package var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
