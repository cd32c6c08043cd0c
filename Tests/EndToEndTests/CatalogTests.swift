import AskDocs
import AskSystem
import Glibc
import TestSupport
import Testing

/// The catalogs' template: every word the sources mark (`tr`, `trn`) is in `po/ask.pot`, as
/// `make docs` writes it.
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
}
