import AskDocs
import AskSystem
import AskText
import Glibc
import TestSupport
import Testing

/// The catalogs: every word the sources mark (`tr`, `trn`) is in `po/ask.pot`, as `make docs`
/// writes it; every language's catalog translates every entry of it, in as many forms as its
/// plural rule has, with the same directives; msgfmt's compiled catalogs read as the PO files
/// say, and so do the system's newt and dialog catalogs as msgunfmt says.
@Suite struct CatalogTests {
    @Test func theTemplateIsWhatTheSourcesMark() throws {
        let sources = FileContents.files(under: Paths.root + "/" + MessageTemplate.sourceDirectory, ending: ".swift").map { file in
            (path: String(file.dropFirst(Paths.root.count + 1)), text: (try? Util.readText(file)) ?? "")
        }
        let written = MessageTemplate.pot(MessageTemplate.entries(sources))
        let committed = try Util.readText(Paths.root + "/" + MessageTemplate.path)
        #expect(committed == written, "\(MessageTemplate.path) differs from what `make docs` writes: run it and commit the result")
        #expect(written.contains("msgid \"Cancel\"") && written.contains("msgid_plural \"Enter at least %d characters\""))
    }

    static let languages = ["de", "fr", "es", "it", "pt_BR", "pt", "nl", "ru", "ja", "zh_CN", "zh_TW", "pl", "uk", "ko", "tr"]

    @Test func theFifteenLanguagesHaveCatalogs() {
        #expect(Set(Paths.languages).isSuperset(of: Self.languages), "missing: \(Set(Self.languages).subtracting(Paths.languages).sorted())")
    }

    @Test(arguments: Paths.languages)
    func aCatalogTranslatesEveryEntry(_ language: String) throws {
        let template = try POFile.read(Paths.root + "/" + MessageTemplate.path)
        let catalog = try POFile.read(Paths.root + "/po/\(language).po")
        let rule = try #require(PluralRule(Self.value(of: "Plural-Forms", in: catalog.header) ?? ""), "\(language): no Plural-Forms")
        #expect(Self.value(of: "Language", in: catalog.header) == language)
        #expect(Self.value(of: "Content-Type", in: catalog.header) == "text/plain; charset=UTF-8")
        let translated = Dictionary(catalog.entries.filter { !$0.key.isEmpty }.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        for entry in template.entries where !entry.key.isEmpty {
            let shown = entry.key.split(separator: "\u{0}").joined(separator: " | ")
            guard let translation = translated[entry.key] else {
                Issue.record("\(language) does not translate \"\(shown)\"")
                continue
            }
            #expect(!translation.fuzzy, "\(language): \"\(shown)\" is fuzzy")
            let plural = entry.key.contains("\u{0}")
            #expect(translation.forms.count == (plural ? rule.forms : 1), "\(language): \"\(shown)\" has \(translation.forms.count) forms")
            for form in translation.forms {
                #expect(!form.isEmpty, "\(language): \"\(shown)\" is not translated")
                let original = plural ? String(entry.key.split(separator: "\u{0}").last!) : entry.key
                #expect(Self.directives(form) == Self.directives(original), "\(language): \"\(form)\" has not the directives of \"\(shown)\"")
            }
        }
        let extra = Set(translated.keys).subtracting(template.entries.map(\.key))
        #expect(extra.isEmpty, "\(language) translates what the template no longer has: \(extra.sorted())")
    }

    /// msgfmt's catalog, read by `MessageCatalog`, gives each entry the PO file's translation
    /// (and each plural form for a number that takes it).
    @Test(arguments: Paths.languages)
    func theCompiledCatalogReadsAsThePOFileSays(_ language: String) throws {
        let directory = try CompiledCatalogs.directory()
        let bytes = try Util.readBytes(directory + "/\(language)/LC_MESSAGES/ask.mo")
        let catalog = try #require(MessageCatalog(bytes))
        let po = try POFile.read(Paths.root + "/po/\(language).po")
        for entry in po.entries where !entry.key.isEmpty {
            let parts = entry.key.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
            if parts.count == 2 {
                for n in 0..<200 {
                    let form = entry.forms[catalog.plural.index(for: n)]
                    #expect(catalog.translation(singular: parts[0], plural: parts[1], count: n) == form)
                }
            } else if let eot = entry.key.firstIndex(of: "\u{4}") {
                #expect(catalog.translation(of: String(entry.key[entry.key.index(after: eot)...]), context: String(entry.key[..<eot])) == entry.forms[0])
            } else {
                #expect(catalog.translation(of: entry.key) == entry.forms[0], "\(language): \(entry.key)")
            }
        }
    }

    /// The system's catalogs of whiptail (newt) and dialog, as msgfmt made them for Debian (with
    /// their hash tables), read as msgunfmt reads them.
    @Test(.enabled(if: Tools.available("msgunfmt") && Tools.available("whiptail"), "msgunfmt or whiptail is not installed"),
          arguments: ["newt", "dialog"])
    func theSystemsCatalogsReadAsMsgunfmtSays(_ domain: String) throws {
        let msgunfmt = try Tools.require("msgunfmt")
        var read = 0
        for language in Self.languages {
            let path = "/usr/share/locale/\(language)/LC_MESSAGES/\(domain).mo"
            guard access(path, R_OK) == 0 else { continue }
            let catalog = try #require(MessageCatalog(try Util.readBytes(path)), "\(path)")
            let listed = try Util.run(msgunfmt, [path])
            for entry in POFile(listed.stdoutText).entries where !entry.key.isEmpty && !entry.key.contains("\u{0}") && !entry.forms[0].isEmpty {
                #expect(catalog.translation(of: entry.key) == entry.forms[0], "\(path): \(entry.key)")
            }
            read += 1
        }
        #expect(read >= 10, "only \(read) of the fifteen languages have \(domain)'s catalog")
    }

    static func value(of field: String, in header: String) -> String? {
        header.split(separator: "\n").first { $0.hasPrefix(field + ": ") }.map { String($0.dropFirst(field.count + 2)) }
    }

    /// A text's `%d` and `%s`, each as the argument it takes: `%2$s` is the second's.
    static func directives(_ text: String) -> [String] {
        var found: [String] = []
        var next = 1
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            defer { index += 1 }
            guard scalars[index] == "%", index + 1 < scalars.count else { continue }
            var end = index + 1
            var number = 0
            while end < scalars.count, let digit = Int(String(scalars[end])) { number = number * 10 + digit; end += 1 }
            var position = next
            if number > 0, end < scalars.count, scalars[end] == "$" { position = number; end += 1 } else { end = index + 1; next += 1 }
            guard end < scalars.count, scalars[end] == "d" || scalars[end] == "s" else { continue }
            found.append("\(position)\(scalars[end])")
            index = end
        }
        return found.sorted()
    }
}
