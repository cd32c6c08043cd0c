/// The languages to look for catalogs in, in turn, as gettext chooses them: the locale of
/// messages is the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty; `C`
/// and `POSIX` (or none) mean English, whatever `LANGUAGE` says; otherwise `LANGUAGE`'s list
/// (colon-separated) when it has one, else that locale. Each name is tried as `ll_CC@mod`,
/// `ll@mod`, `ll_CC`, `ll` (its codeset, `.UTF-8`, dropped: catalogs are UTF-8). `C`, `POSIX`
/// or English (`en`, `en_GB`) in the list stop it there: `ask`'s own words are English.
package enum LanguageChoice {
    /// The names of the directories to look in, in turn; empty for English.
    package static func candidates(_ value: (String) -> String?) -> [String] {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].compactMap { value($0) }.first { !$0.isEmpty } ?? ""
        guard !isEnglish(locale) else { return [] }
        let list = value("LANGUAGE").flatMap { $0.isEmpty ? nil : $0 } ?? locale
        var names: [String] = []
        for entry in list.split(separator: ":") where !entry.isEmpty {
            let name = String(entry)
            if isEnglish(name) { break }
            for variant in variants(of: name) where !names.contains(variant) && isSafe(variant) { names.append(variant) }
        }
        return names
    }

    /// Whether a locale's name means `ask`'s own words: C, POSIX, none, English.
    private static func isEnglish(_ name: String) -> Bool {
        let language = name.split(separator: "_").first.flatMap { $0.split(separator: ".").first }.flatMap { $0.split(separator: "@").first }
        return name.isEmpty || name == "C" || name == "POSIX" || name.hasPrefix("C.") || language == "en"
    }

    /// `ll_CC.codeset@mod` as `ll_CC@mod`, `ll@mod`, `ll_CC`, `ll`.
    package static func variants(of name: String) -> [String] {
        var rest = Substring(name)
        var modifier = ""
        if let at = rest.firstIndex(of: "@") {
            modifier = String(rest[at...])
            rest = rest[..<at]
        }
        if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
        let language = rest.split(separator: "_", maxSplits: 1).first.map(String.init) ?? ""
        let territory = rest.count > language.count ? String(rest) : nil
        var result: [String] = []
        if !modifier.isEmpty {
            if let territory { result.append(territory + modifier) }
            result.append(language + modifier)
        }
        if let territory { result.append(territory) }
        result.append(language)
        return result.filter { !$0.isEmpty }
    }

    /// A name that can only be a directory's, never a way up or down the tree.
    private static func isSafe(_ name: String) -> Bool {
        !name.contains("/") && name != "." && name != ".." && name.utf8.count <= 64
    }
}
