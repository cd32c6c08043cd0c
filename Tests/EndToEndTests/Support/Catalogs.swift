import AskSystem
import Glibc
import TestSupport

/// A PO file (or the template) as entries: gettext's key (context, EOT, original; a plural's
/// original, NUL, its plural) and the translation's forms, with whether it is marked fuzzy.
struct POFile {
    struct Entry {
        var key: String
        var forms: [String]
        var fuzzy: Bool
        var formats: Bool
    }

    var entries: [Entry] = []
    var header: String { entries.first { $0.key.isEmpty }?.forms.first ?? "" }

    init(_ text: String) {
        var context: String?, original: String?, plural: String?, forms: [Int: String] = [:], flags = ""
        var last: (kind: String, index: Int)?
        func flush() {
            if let original {
                let key = (context.map { $0 + "\u{4}" } ?? "") + original + (plural.map { "\u{0}" + $0 } ?? "")
                entries.append(Entry(key: key, forms: forms.keys.sorted().map { forms[$0]! }, fuzzy: flags.contains("fuzzy"),
                                     formats: flags.contains("c-format")))
            }
            context = nil; original = nil; plural = nil; forms = [:]; flags = ""; last = nil
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("#,") { if original != nil { flush() }; flags += line; continue }
            if line.isEmpty || line.hasPrefix("#") { if original != nil && !forms.isEmpty { flush() }; continue }
            if line.hasPrefix("\""), let last {
                let more = Self.unquoted(line)
                switch last.kind {
                case "ctxt": context! += more
                case "id": original! += more
                case "plural": plural! += more
                default: forms[last.index, default: ""] += more
                }
                continue
            }
            let word = String(line.prefix { $0 != " " }), value = Self.unquoted(String(line.drop { $0 != " " }.dropFirst()))
            switch word {
            case "msgctxt": if original != nil { flush() }; context = value; last = ("ctxt", 0)
            case "msgid": if original != nil { flush() }; original = value; last = ("id", 0)
            case "msgid_plural": plural = value; last = ("plural", 0)
            case "msgstr": forms[0] = value; last = ("str", 0)
            default:
                if word.hasPrefix("msgstr["), let index = Int(word.dropFirst(7).dropLast()) { forms[index] = value; last = ("str", index) }
            }
        }
        flush()
    }

    static func unquoted(_ text: String) -> String {
        var result = "", escaped = false
        for character in text.dropFirst().dropLast() {
            if escaped {
                result += character == "n" ? "\n" : character == "t" ? "\t" : String(character)
                escaped = false
            } else if character == "\\" { escaped = true } else { result.append(character) }
        }
        return result
    }

    static func read(_ path: String) throws -> POFile { POFile(try Util.readText(path)) }
}

/// `ask`'s catalogs compiled from po/ by msgfmt, as `make` compiles them, into a directory of
/// the build's (`ASK_LOCALEDIR` for the tests), once for all the tests.
enum CompiledCatalogs {
    /// Where they are once made.
    static let path = Paths.root + "/.build/test-locale"

    private static let made: Result<String, PtyProcess.Failure> = {
        do {
            let msgfmt = try Tools.require("msgfmt")
            let directory = path
            for language in Paths.languages {
                let path = directory + "/" + language + "/LC_MESSAGES"
                _ = try Util.run("/bin/mkdir", ["-p", path])
                let compiled = try Util.run(msgfmt, ["--check", "-o", path + "/ask.mo", Paths.root + "/po/" + language + ".po"])
                guard compiled.termination == .exited(0) else { throw PtyProcess.Failure("msgfmt \(language): \(compiled.stderrText)") }
            }
            return .success(directory)
        } catch let failure as PtyProcess.Failure {
            return .failure(failure)
        } catch {
            return .failure(PtyProcess.Failure("\(error)"))
        }
    }()

    /// The directory: LL/LC_MESSAGES/ask.mo under it.
    static func directory() throws -> String { try made.get() }
}
