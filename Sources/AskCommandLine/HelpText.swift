import AskKit

/// The text of `ask --help`: grouped, and no line wider than 80 columns.
package enum HelpText {
    package static let version = "0.1.0"

    package static func render(options: [OptionInfo] = OptionInfo.all) -> String {
        var lines = [
            "Usage: ask [OPTIONS] [MESSAGE]",
            "       ask-askpass PROMPT...   (a link named *askpass: every argument is prompt",
            "                               text, options too)",
            "       pinentry-ask [OPTIONS]  (a link named pinentry*, or ask --pinentry: a",
            "                               pinentry for GnuPG, taking pinentry's options)",
            "",
            "Ask for one line of text in an alert drawn on the terminal (lines, with",
            "--multiline), or for several with --field or --login, or for a choice from a",
            "list with --choice or --choices-from.",
            "The answers go to stdout and nowhere else, each followed by a newline; the exit",
            "status says how the alert was dismissed.",
        ]
        let column = 26
        for group in OptionGroup.allCases {
            let members = options.filter { $0.group == group }
            guard !members.isEmpty else { continue }
            lines.append("")
            lines.append(group.rawValue + ":")
            if let note = group.note { lines.append(contentsOf: wrapHelp("  " + note, indent: 2)) }
            for option in members {
                var help = option.help
                if let choices = option.choices { help += ": " + choices.joined(separator: ", ") }
                let left = "  " + option.synopsis
                let pad = left.count < column - 1 ? String(repeating: " ", count: column - left.count)
                                                  : "\n" + String(repeating: " ", count: column)
                lines.append(contentsOf: wrapHelp(left + pad + help, indent: column))
            }
        }
        for table in KeyTables.all { lines += HelpText.keys(table, column: column).flatMap { wrapHelp($0, indent: column) } }
        lines += [
            "",
            "Exit status: 0 accepted or chosen, 1 cancelled, 3 secondary button, 64 usage",
            "error (also no choices, or a --selected naming none), 65 answer from stdin or",
            "--value refused (or naming no choice), 69 no terminal, 74 the answer could not",
            "be written (or the list of choices read, or --run's command started), 124 timed",
            "out; killed by the signal when interrupted (a signal that comes once the answer",
            "is going out waits for it, then is dropped). --run: the command's status.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Wraps a help entry at 80 columns, continuing under the help column.
    private static func wrapHelp(_ text: String, indent: Int) -> [String] {
        var result: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            var first = true
            for word in line.split(separator: " ", omittingEmptySubsequences: false) {
                if !first && current.count + 1 + word.count > 80 && !current.trimmingSpaces.isEmpty && !word.isEmpty {
                    result.append(current)
                    current = String(repeating: " ", count: indent) + word
                } else {
                    current += (first ? "" : " ") + word
                }
                first = false
            }
            result.append(current)
        }
        return result
    }
}

extension String {
    var trimmingSpaces: Substring { drop { $0 == " " } }
}

extension HelpText {
    /// A key table for `--help`: a line each, the keys in the first column.
    package static func keys(_ table: KeyTables.Table, column: Int) -> [String] {
        var lines = ["", table.title + ":"]
        for line in table.lines {
            let left = "  " + line.keys
            let pad = left.count < column - 1 ? String(repeating: " ", count: column - left.count)
                                              : "\n" + String(repeating: " ", count: column)
            lines.append(left + pad + line.does.filter { $0 != "`" })
        }
        return lines
    }
}
