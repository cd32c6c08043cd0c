/// The words `ask` shows a person, in the person's language, gettext's way: each is marked
/// where it is written by one call around its English literal — `tr("Cancel")`, `trn("%d
/// choice", "%d choices", count)` — and that literal is the catalog's key (`ask-docs` extracts
/// them to `po/ask.pot`). The catalogs are read once, when a word is first asked for, by the
/// loader the program installs (`Words.loader`): a program that installs none (a test, a program
/// using the library) speaks English.
package enum Words {
    /// The catalogs a program speaks from: `ask`'s own, and for a personality its program's.
    package enum Domain: Sendable {
        case ask, newt, dialog
    }

    /// Reads a domain's catalog for the person's language (nil: English).
    package nonisolated(unsafe) static var loader: (@Sendable (Domain) -> MessageCatalog?)? = nil
    nonisolated(unsafe) private static var loaded: [(Domain, MessageCatalog?)] = []

    /// The catalog of `domain`, read the first time it is asked for.
    package static func catalog(_ domain: Domain) -> MessageCatalog? {
        if let found = loaded.first(where: { $0.0 == domain }) { return found.1 }
        let catalog = loader?(domain)
        loaded.append((domain, catalog))
        return catalog
    }

    /// `text` in `domain`'s catalog, else as it is.
    package static func translate(_ text: String, domain: Domain = .ask) -> String {
        catalog(domain)?.translation(of: text) ?? text
    }

    /// How a number's digits are grouped in the language: the separator `ask`'s catalog gives
    /// (English's comma, German's full stop, French's narrow space) between groups of three.
    package static func grouped(_ number: Int) -> String {
        grouped(number, separator: catalog(.ask)?.translation(of: ",", context: groupSeparator) ?? ",")
    }

    /// The context of the digit group separator's entry.
    package static let groupSeparator = "digit group separator"

    /// `1234567` as `1,234,567` with `separator` between the groups.
    package static func grouped(_ number: Int, separator: String) -> String {
        let digits = String(number.magnitude)
        var result = number < 0 ? "-" : ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0 && (digits.count - offset) % 3 == 0 { result += separator }
            result.append(digit)
        }
        return result
    }

    /// `template` with its `%d` and `%s` replaced by `arguments` in turn, or `%1$s`, `%2$d` by
    /// the one it names (a translation may put them in another order); `%%` is `%`. Anything
    /// else after a `%`, or a directive naming no argument, stays as it is.
    package static func format(_ template: String, _ arguments: [String]) -> String {
        let scalars = Array(template.unicodeScalars)
        var result = String.UnicodeScalarView()
        var next = 0
        var at = 0
        while at < scalars.count {
            let scalar = scalars[at]
            at += 1
            guard scalar == "%" else { result.append(scalar); continue }
            var end = at
            var position: Int?
            while end < scalars.count, end - at < 3, ("0"..."9").contains(scalars[end]) { end += 1 }
            if end > at, end < scalars.count, scalars[end] == "$", let number = Int(String(String.UnicodeScalarView(scalars[at..<end]))), number > 0 {
                position = number - 1
                end += 1
            } else {
                end = at
            }
            guard end < scalars.count else { result.append("%"); continue }
            let conversion = scalars[end]
            if conversion == "%" && position == nil {
                result.append("%")
                at = end + 1
            } else if conversion == "d" || conversion == "s" {
                let index = position ?? next
                if position == nil { next += 1 }
                guard index < arguments.count else { result.append("%"); continue }
                result.append(contentsOf: arguments[index].unicodeScalars)
                at = end + 1
            } else {
                result.append("%")
            }
        }
        return String(result)
    }
}

/// `english` in the person's language: the marker of a word shown to a person (its literal is
/// the catalog's key).
package func tr(_ english: String) -> String { Words.translate(english) }

/// `english` as the program `domain` stands for says it: that program's own catalog's word
/// where the system has one for the language, else `ask`'s (whiptail's `Ok` is newt's).
package func tr(_ english: String, as domain: Words.Domain) -> String {
    Words.catalog(domain)?.translation(of: english) ?? tr(english)
}

/// `english` with its `%d` and `%s` filled in by `arguments`, in the person's language.
package func tr(_ english: String, _ arguments: String...) -> String {
    Words.format(Words.translate(english), arguments)
}

/// The form of `singular` or `plural` (English's two) that `count` takes in the person's
/// language, its first `%d` the count, its other directives `arguments`.
package func trn(_ singular: String, _ plural: String, _ count: Int, _ arguments: String...) -> String {
    let form = Words.catalog(.ask)?.translation(singular: singular, plural: plural, count: count) ?? (count == 1 ? singular : plural)
    return Words.format(form, [String(count)] + arguments)
}
