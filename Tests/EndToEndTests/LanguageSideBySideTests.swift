import AskText
import Glibc
import TestSupport
import Testing

/// whiptail and dialog in the person's language, side by side with `ask` as each: under `LANG`
/// set to each of the fifteen languages, the same button words on the screen for a yes/no, a
/// message, an input box, a menu and a checklist, and the same answers and statuses. `ask` as
/// whiptail takes newt's words from the system's catalog, as dialog dialog's; where the system
/// has no catalog of the program for the language (dialog's Korean), `ask`'s own words.
@Suite struct LanguageSideBySideTests {
    static let locales = ["de_DE", "fr_FR", "es_ES", "it_IT", "pt_BR", "pt_PT", "nl_NL", "ru_RU", "ja_JP", "zh_CN", "zh_TW", "pl_PL",
                          "uk_UA", "ko_KR", "tr_TR"]
    static let boxes: [(name: String, arguments: [String])] = [
        ("yesno", ["--yesno", "Weiter?", "8", "40"]),
        ("msgbox", ["--msgbox", "Fertig.", "8", "40"]),
        ("inputbox", ["--inputbox", "Name?", "8", "40", "jane"]),
        ("menu", ["--menu", "Pick", "12", "40", "2", "a", "Alpha", "b", "Beta"]),
        ("checklist", ["--checklist", "Pick", "12", "40", "2", "a", "Alpha", "on", "b", "Beta", "off"]),
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        let program: String
        let locale: String
        var testDescription: String { "\(program) \(locale)" }
    }

    static let cases = ["whiptail", "dialog"].flatMap { program in locales.map { Case(program: program, locale: $0) } }

    /// The words on the screen's buttons, left to right, top to bottom: whiptail's and dialog's
    /// `<Ja>`, `< Nein >`; `ask`'s in the cells of its last row, above `╰───┴───╯`.
    static func buttons(_ screen: [String]) -> [String] {
        if let bottom = screen.lastIndex(where: { $0.contains("╰") }), bottom > 0 {
            return screen[bottom - 1].split(separator: "│").map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        }
        var found: [String] = []
        for line in screen {
            var rest = Substring(line)
            while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
                let word = rest[rest.index(after: open)..<close].trimmingSpaces
                if !word.isEmpty && !word.contains("<") { found.append(word) }
                rest = rest[rest.index(after: close)...]
            }
        }
        return found
    }

    @Test(.enabled(if: Tools.available("whiptail") && Tools.available("dialog"), "whiptail or dialog is not installed"),
          arguments: cases)
    func theButtonsSayWhatTheProgramsSay(_ test: Case) throws {
        let locales = try CompiledCatalogs.directory()
        let language = String(test.locale.prefix(2))
        let domain = test.program == "whiptail" ? "newt" : "dialog"
        let catalogDirectory = ["pt_BR", "zh_CN", "zh_TW"].contains(test.locale) ? test.locale : language
        let programHasIt = access("/usr/share/locale/\(catalogDirectory)/LC_MESSAGES/\(domain).mo", R_OK) == 0
        for box in Self.boxes {
            let row = SideBySide.Row(name: box.name, arguments: box.arguments, keys: ["\r"],
                                     environment: ["LANG": test.locale + ".UTF-8", "ASK_LOCALEDIR": locales])
            let theirs = try SideBySide.run(try Tools.require(test.program), row, file: "")
            let directory = TemporaryDirectory()
            let ours = try SideBySide.run(directory.link(test.program, to: PtyProcess.askPath), row, file: "")
            #expect(ours == theirs, "\(test.program) \(box.name): \(theirs); ask: \(ours)")
            let their = Self.buttons(theirs.screen), our = Self.buttons(ours.screen)
            #expect(!their.isEmpty, "\(test.program) \(box.name): no buttons on \(theirs.screen)")
            if programHasIt {
                #expect(our == their, "\(test.program) \(box.name) under \(test.locale): \(their); ask: \(our)")
            } else {
                // The program speaks English here; ask speaks the language, from its own catalog.
                let catalog = try #require(MessageCatalog(try Util.readBytes(locales + "/\(catalogDirectory)/LC_MESSAGES/ask.mo")))
                #expect(our == their.map { catalog.translation(of: $0) ?? $0 } && our != their,
                        "\(test.program) \(box.name) under \(test.locale): \(their); ask: \(our)")
            }
        }
    }
}

extension Substring {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}
