import AskModel

/// What the alert shows under its message, as the command line says it: the first option given
/// that makes the alert one of these (`OptionInfo.fixes`) fixes it, and fields when none does.
/// (An info box and a text box are one body in the model, `.text`, but take different options:
/// a text box has an OK button to name.)
package enum AlertBody: String, CaseIterable, Sendable {
    case fields
    case choices
    case gauge
    case info = "info box"
    case textBox = "text box"
    case output = "output box"
    case range
}

/// Two options that are refused together, and the words that refuse them (nil: "options A and B
/// contradict each other", named in the order they came).
package struct OptionConflict: Sendable {
    package let option: String
    package let words: UsageError?

    init(_ option: String, says words: UsageError? = nil) {
        self.option = option
        self.words = words
    }
}

/// How often an option may be given, when not as often as one likes.
package enum OptionOnce: Sendable, Equatable {
    /// Once (`--choices-from`: one list).
    case always
    /// Once, unless the option named is given too (`--selected` without `--multiple`).
    case unless(String)
}

extension OptionInfo {
    /// Whether `self` and `other` are refused together, and the words: their conflict, as either
    /// declares it. `selfFirst`: `self` came first on the command line.
    func conflict(with other: OptionInfo, selfFirst: Bool) -> UsageError? {
        guard let conflict = conflicts.first(where: { $0.option == other.long })
            ?? other.conflicts.first(where: { $0.option == long }) else { return nil }
        return conflict.words ?? Self.contradiction(self, other, selfFirst: selfFirst)
    }

    /// Whether one undoes the other (the last given counts; the completions offer one of them).
    package func overrides(_ other: OptionInfo) -> Bool {
        other.long != long && (undoes.contains(other.long) || other.undoes.contains(long))
    }

    static func contradiction(_ one: OptionInfo, _ other: OptionInfo, selfFirst: Bool) -> UsageError {
        selfFirst ? .conflictingOptions("--" + one.long, "--" + other.long) : .conflictingOptions("--" + other.long, "--" + one.long)
    }

    /// Why the option is refused in an alert whose body is `body`, fixed by `fixer` (none: the
    /// default, fields). `first`: the option came before the fixer.
    func refusal(in body: AlertBody, fixedBy fixer: OptionInfo?, first: Bool) -> UsageError {
        if let fixer, fixes != nil || body != .fields && body != .choices {
            // Another body, or an option a gauge, an info box or a text box has no use for.
            return Self.contradiction(self, fixer, selfFirst: first)
        }
        // An option of a sheet where there is none; one a sheet has no use for.
        return body == .choices ? .notForSheet(option: "--" + long) : .needsChoices(option: "--" + long)
    }

    /// Whether the completions should no longer offer `other` once `self` is on the command line:
    /// the command line would refuse the two together (they conflict, or have no body in
    /// common), or one undoes the other. What only a value or a count decides (`--login` with
    /// `--no-newline`: two answers run together) is not known from the names and stays offered.
    package func excludes(_ other: OptionInfo) -> Bool {
        guard other.long != long else { return false }
        return bodies.isDisjoint(with: other.bodies) || conflict(with: other, selfFirst: true) != nil || overrides(other)
    }
}

extension Invocation {
    /// The rules between options that the option table declares (`OptionInfo`'s `fixes`,
    /// `bodies`, `conflicts`, `requires`, `once`), checked in one pass over the options given,
    /// in order: the first option that breaks one is said. An option undone by a later one
    /// (`--null` after `--no-newline`) is not counted. Pairs are looked at among the options
    /// that differ, so that ten thousand `--choice` cost ten thousand steps.
    func validateRelations(_ given: [OptionInfo]) throws(UsageError) {
        var last: [String: Int] = [:]
        for (index, option) in given.enumerated() { last[option.long] = index }
        // Each option once, in the order they first came.
        var distinct: [OptionInfo] = []
        for option in given where !distinct.contains(where: { $0.long == option.long }) { distinct.append(option) }
        let counted = given.enumerated().filter { item in
            !distinct.contains { item.element.overrides($0) && last[$0.long]! > item.offset }
        }.map { $0.element }
        let names = Set(counted.map { $0.long })
        let fixerIndex = counted.firstIndex { $0.fixes != nil }
        let fixer = fixerIndex.map { counted[$0] }
        let body = fixer?.fixes ?? .fields
        var earlier: [OptionInfo] = []
        for (index, option) in counted.enumerated() {
            let seen = earlier.contains { $0.long == option.long }
            if let once = option.once, seen {
                switch once {
                case .always: throw UsageError.repeatedOption("--" + option.long, unless: nil)
                case let .unless(other) where !names.contains(other):
                    throw UsageError.repeatedOption("--" + option.long, unless: "--" + other)
                case .unless: break
                }
            }
            if seen { continue }  // what it is refused with, it was refused with the first time
            for other in earlier {
                if let error = other.conflict(with: option, selfFirst: true) { throw error }
            }
            if !option.bodies.contains(body) {
                throw option.refusal(in: body, fixedBy: fixer, first: index < (fixerIndex ?? 0))
            }
            if let needed = option.requires, !names.contains(needed) {
                throw UsageError.needsOption("--" + option.long, needed: "--" + needed)
            }
            earlier.append(option)
        }
    }
}
