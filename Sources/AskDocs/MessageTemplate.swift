/// `po/ask.pot`, the template of `ask`'s catalogs: every word marked in the sources —
/// `tr("…")`, `tr("…", as: …)`, `trn("…", "…", …)` — once, in the order the sources first
/// mark it, with the files that mark it; and the digit group separator, which `Words` looks up
/// in a context of its own. Written by `ask-docs` (`make docs`); a test checks it is current.
package enum MessageTemplate {
    package static let path = "po/ask.pot"
    /// Where the marked words are.
    package static let sourceDirectory = "Sources"

    /// One entry: the English text (and its plural), what it is, where it is marked.
    package struct Entry: Equatable, Sendable {
        package var context: String?
        package var original: String
        package var plural: String?
        package var comment: String?
        package var files: [String]

        /// gettext's key: the context, EOT, the original.
        package var key: String { context.map { $0 + "\u{4}" + original } ?? original }
    }

    /// The entries `sources` (a file's path and text, in the order given) mark, then the
    /// separator's.
    package static func entries(_ sources: [(path: String, text: String)]) -> [Entry] {
        var entries: [Entry] = []
        for (path, text) in sources {
            for (original, plural) in marked(in: text) {
                if let index = entries.firstIndex(where: { $0.context == nil && $0.original == original }) {
                    if !entries[index].files.contains(path) { entries[index].files.append(path) }
                } else {
                    entries.append(Entry(original: original, plural: plural, files: [path]))
                }
            }
        }
        entries.append(Entry(context: "digit group separator", original: ",",
                             comment: "Put between groups of three digits: 1,619 in English, 1.619 in German.", files: ["Sources/AskText/Words.swift"]))
        return entries
    }

    /// The template's text.
    package static func pot(_ entries: [Entry]) -> String {
        var text = """
            # The words ask shows a person, marked in its sources with tr() and trn().
            # Written by ask-docs (make docs): mark a word in the code, not here.
            msgid ""
            msgstr ""
            "Project-Id-Version: ask\\n"
            "MIME-Version: 1.0\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Content-Transfer-Encoding: 8bit\\n"
            "Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"

            """
        for entry in entries {
            text += "\n"
            if let comment = entry.comment { text += "#. " + comment + "\n" }
            text += "#: " + entry.files.joined(separator: " ") + "\n"
            if isFormat(entry.original) || entry.plural != nil { text += "#, c-format\n" }
            if let context = entry.context { text += "msgctxt " + quoted(context) + "\n" }
            text += "msgid " + quoted(entry.original) + "\n"
            if let plural = entry.plural {
                text += "msgid_plural " + quoted(plural) + "\nmsgstr[0] \"\"\nmsgstr[1] \"\"\n"
            } else {
                text += "msgstr \"\"\n"
            }
        }
        return text
    }

    /// Whether a text has a `%d` or `%s` (`%1$s`) for gettext's format check.
    static func isFormat(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() where scalar == "%" {
            var next = index + 1
            while next < scalars.count, ("0"..."9").contains(scalars[next]) || scalars[next] == "$" { next += 1 }
            if next < scalars.count, scalars[next] == "d" || scalars[next] == "s" { return true }
        }
        return false
    }

    /// A text as a PO string.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// The texts a Swift source marks, in order: `tr(` or `trn(` (not part of a longer name),
    /// then one string literal (two for `trn`); comments are skipped.
    package static func marked(in source: String) -> [(String, String?)] {
        var found: [(String, String?)] = []
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = Array(line.unicodeScalars)
            if let first = code.firstIndex(where: { $0 != " " }), code[first...].starts(with: "//".unicodeScalars) { continue }
            var index = 0
            while index < code.count {
                if code[index] == "\"" {
                    // Skip a literal that is not a marked one.
                    index = literal(code, from: index)?.end ?? code.count
                    continue
                }
                if code[index] == "/" && index + 1 < code.count && code[index + 1] == "/" { break }
                let isStart = index == 0 || !(code[index - 1].properties.isAlphabetic || code[index - 1] == "_" || code[index - 1] == "."
                                              || ("0"..."9").contains(code[index - 1]))
                let plural = code[index...].starts(with: "trn(\"".unicodeScalars)
                guard isStart, plural || code[index...].starts(with: "tr(\"".unicodeScalars) else { index += 1; continue }
                let open = index + (plural ? 4 : 3)
                guard let first = literal(code, from: open) else { index = open; continue }
                index = first.end
                var second: String?
                if plural {
                    var at = first.end
                    while at < code.count, code[at] == "," || code[at] == " " { at += 1 }
                    if let next = literal(code, from: at) {
                        second = next.text
                        index = next.end
                    }
                }
                found.append((first.text, second))
            }
        }
        return found
    }

    /// The string literal starting at `start` (its opening quote) and where it ends; nil for
    /// one with an interpolation (no key can be made of it) or not closed on its line.
    private static func literal(_ code: [Unicode.Scalar], from start: Int) -> (text: String, end: Int)? {
        guard start < code.count, code[start] == "\"" else { return nil }
        var text = String.UnicodeScalarView()
        var index = start + 1
        while index < code.count {
            let scalar = code[index]
            if scalar == "\"" { return (String(text), index + 1) }
            if scalar == "\\" && index + 1 < code.count {
                let escaped = code[index + 1]
                index += 2
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "0": text.append("\u{0}")
                case "(": return nil
                case "u":
                    guard index < code.count, code[index] == "{", let close = code[index...].firstIndex(of: "}"),
                          let value = UInt32(String(String.UnicodeScalarView(code[(index + 1)..<close])), radix: 16),
                          let unicode = Unicode.Scalar(value) else { return nil }
                    text.append(unicode)
                    index = close + 1
                default: text.append(escaped)
                }
                continue
            }
            text.append(scalar)
            index += 1
        }
        return nil
    }
}
