import AskModel
import AskSystem
import AskText

/// Where the catalogs are and which is read: `ask`'s own in `PREFIX/share/locale/LL/LC_MESSAGES/ask.mo`
/// (PREFIX the directory above the one the program is in: `/usr` for `/usr/bin/ask`, or the
/// directory `ASK_LOCALEDIR` names), whiptail's (newt's) and dialog's where the system keeps
/// them, for the first of the person's languages (`LanguageChoice`) that has one. A catalog
/// that is not there, or does not read, is none: the words stay English, and nothing is said.
package enum Catalogs {
    /// The system's catalogs: Debian's libnewt's and dialog's.
    package static let systemDirectory = "/usr/share/locale"
    /// A catalog larger than this is not read (`ask`'s are a few kilobytes).
    package static let largest = 4 << 20

    /// Makes `Words` read the catalogs for `environment`'s language when first asked.
    package static func install(_ environment: Environment) {
        let languages = LanguageChoice.candidates { environment[$0] }
        guard !languages.isEmpty else { return }
        let own = ownDirectory(environment)
        Words.loader = { domain in
            switch domain {
            case .ask: return own.flatMap { read("ask", in: $0, languages: languages) }
            case .newt: return read("newt", in: systemDirectory, languages: languages)
            case .dialog: return read("dialog", in: systemDirectory, languages: languages)
            }
        }
    }

    /// `ASK_LOCALEDIR`, else `share/locale` beside the directory the program is in.
    package static func ownDirectory(_ environment: Environment) -> String? {
        if let named = environment["ASK_LOCALEDIR"], !named.isEmpty { return named }
        guard var path = ProcessEnvironment.executablePath(), path.hasPrefix("/") else { return nil }
        for _ in 0..<2 {
            guard let slash = path.lastIndex(of: "/") else { return nil }
            path = String(path[..<slash])
        }
        return path + "/share/locale"
    }

    /// The first of `languages` whose catalog of `domain` is there and reads.
    package static func read(_ domain: String, in directory: String, languages: [String]) -> MessageCatalog? {
        for language in languages {
            guard case let .success(bytes) = FileContents.read(directory + "/" + language + "/LC_MESSAGES/" + domain + ".mo", limit: largest)
            else { continue }
            if let catalog = MessageCatalog(bytes) { return catalog }
        }
        return nil
    }
}
