import AskCommandLine
import AskKit

/// The key tables, written from the tables the controls act by (`KeyTables`): README's and the
/// man page's between markers of their own, `--help`'s at its end.
extension Documentation {
    package static let readmePath = "README.md"

    /// The lines that bound a generated key table in README.
    static func readmeMarkers(_ table: KeyTables.Table) -> (begin: String, end: String) {
        ("<!-- \(table.name): written by ask-docs from the key table (make docs); edit the table, not this. -->",
         "<!-- end of \(table.name) -->")
    }

    /// The lines that bound a generated key table in the man page.
    static func manMarkers(_ table: KeyTables.Table) -> (begin: String, end: String) {
        (#".\" "# + table.name + ": written by ask-docs from the key table (make docs); edit the table, not this.",
         #".\" End of "# + table.name + ".")
    }

    /// A key table in Markdown.
    package static func readmeKeys(_ table: KeyTables.Table) -> String {
        var lines = ["| key | does |", "|---|---|"]
        for line in table.lines { lines.append("| \(line.keys) | \(line.does) |") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A key table as the man page's tagged paragraphs.
    package static func manKeys(_ table: KeyTables.Table) -> String {
        var lines: [String] = []
        for line in table.lines {
            lines.append(".TP")
            lines.append(".B \"" + roff(line.keys, inBold: true) + "\"")
            var does = roff(line.does, inBold: false)
            if let first = does.first { does = first.uppercased() + does.dropFirst() }
            lines += filled(does + ".", width: 78)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text`'s words in lines of at most `width` columns (roff joins them again).
    private static func filled(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Text as roff: hyphens escaped, `code` in bold (or, inside bold, as it is).
    private static func roff(_ text: String, inBold: Bool) -> String {
        var out = ""
        var code = false
        for character in text {
            switch character {
            case "`":
                if !inBold { out += code ? #"\fR"# : #"\fB"# }
                code.toggle()
            case "-": out += #"\-"#
            case "\\": out += #"\e"#
            case "\"": out += #"\(dq"#
            case "–": out += #"\(en"#
            case "…": out += "..."
            default:
                // Anything else not ASCII by its code point, as groff and mandoc both read it.
                guard character.unicodeScalars.contains(where: { !$0.isASCII }) else {
                    out.append(character)
                    continue
                }
                for scalar in character.unicodeScalars {
                    out += scalar.isASCII ? String(scalar) : #"\[u"# + Self.hex(scalar.value) + "]"
                }
            }
        }
        return out
    }

    /// `value` in at least four uppercase hexadecimal digits.
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(4 - digits.count, 0)) + digits
    }

    /// `text` with what lies between `markers` written anew as `content`; nil when it has no
    /// such markers.
    static func replacing(between markers: (begin: String, end: String), in text: String, with content: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let begin = lines.firstIndex(where: { $0 == markers.begin }),
              let end = lines[begin...].firstIndex(where: { $0 == markers.end }) else { return nil }
        let before = lines[...begin].map { $0 + "\n" }.joined()
        let after = lines[end...].joined(separator: "\n")
        return before + content + after
    }

    /// README with its key tables written anew; nil when one has no markers.
    package static func readme(updating text: String) -> String? {
        var text = text
        for table in KeyTables.all {
            guard let updated = replacing(between: readmeMarkers(table), in: text, with: readmeKeys(table)) else { return nil }
            text = updated
        }
        return text
    }

    /// The man page's key tables written anew; nil when one has no markers.
    static func manKeys(updating page: String) -> String? {
        var page = page
        for table in KeyTables.all {
            guard let updated = replacing(between: manMarkers(table), in: page, with: manKeys(table)) else { return nil }
            page = updated
        }
        return page
    }
}
