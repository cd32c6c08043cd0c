import AskModel

/// One name in a directory, and whether it is a directory itself.
package struct DirectoryEntry: Equatable, Sendable {
    package let name: String
    package let isDirectory: Bool

    package init(_ name: String, isDirectory: Bool = false) {
        self.name = name
        self.isDirectory = isDirectory
    }
}

/// How a field that offers text sees the file system: the seam a path's completion and a
/// history's recall read through, so that the rules are tables without a disk (the room gives
/// the real one).
package struct FieldFiles: Sendable {
    /// The names in a directory (`.` and `..` may be among them), or nil when it cannot be read.
    package let entries: @Sendable (String) -> [DirectoryEntry]?
    /// The home directory `~` stands for, if known.
    package let home: String?
    /// The answers a history file keeps, oldest first (none when it cannot be read). Read when
    /// the field first needs them, not before the first frame (`FieldOffers.readHistory`).
    package let history: @Sendable (String) -> [String]

    package init(home: String?, history: @escaping @Sendable (String) -> [String] = { _ in [] },
                 entries: @escaping @Sendable (String) -> [DirectoryEntry]?) {
        self.home = home
        self.history = history
        self.entries = entries
    }

    /// No file system at all: a path field completes nothing, a history file holds nothing.
    package static let none = FieldFiles(home: nil) { _ in nil }
}

/// A path completed as a shell completes it on Tab: the last name of the path from what its
/// directory holds, hidden names only when asked for with a leading dot, a directory marked
/// with `/`; a leading `~` is the home directory.
package enum PathCompletion {
    /// What Tab makes of the text.
    package enum Result: Equatable, Sendable {
        /// Nothing matches (or the directory cannot be read).
        case none
        /// The text to take: the one match, or the part every match shares.
        case completed(String)
        /// Several match and the text already holds what they share: the names to choose from
        /// (each with its `/` when a directory), to follow `base`, the path's directory part.
        case choices(base: String, names: [String])
    }

    /// `~` and `~/…` at the start, the home directory's.
    package static func expanded(_ text: String, home: String?) -> String {
        guard let home, text == "~" || text.hasPrefix("~/") else { return text }
        let rest = text.dropFirst()
        return (home.hasSuffix("/") && rest.hasPrefix("/") ? String(home.dropLast()) : home) + rest
    }

    /// Completes `text` (the whole path) from `reader`.
    package static func complete(_ text: String, directoriesOnly: Bool, in reader: FieldFiles) -> Result {
        let path = expanded(text, home: reader.home)
        let slash = path.lastIndex(of: "/")
        let base = slash.map { String(path[...$0]) } ?? ""
        let prefix = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let entries = reader.entries(base.isEmpty ? "." : base) ?? []
        let names = entries.filter { entry in
            entry.name != "." && entry.name != ".." && entry.name.hasPrefix(prefix)
                && (prefix.hasPrefix(".") || !entry.name.hasPrefix("."))
                && (entry.isDirectory || !directoriesOnly)
        }
        .map { $0.name + ($0.isDirectory ? "/" : "") }
        .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        guard let first = names.first else { return path == text ? .none : .completed(path) }
        if names.count == 1 { return .completed(base + first) }
        let shared = names.dropFirst().reduce(first) { common, name in String(zip(common, name).prefix { $0 == $1 }.map { $0.0 }) }
        let completed = base + shared
        return completed == text ? .choices(base: base, names: names) : .completed(completed)
    }
}

/// What a field offers as its text is typed: the rest of a suggestion (its history's answers,
/// newest first, then its suggestions), and its history recalled with Up and Down.
package struct FieldOffers {
    /// Answers kept, oldest first, and words offered.
    package private(set) var history: [String]
    let suggestions: [String]
    /// The history file not read yet: it is read when the field first takes a key (or starts
    /// with text a suggestion may follow), so that a long one costs the first frame nothing.
    private var historyToRead: String?
    /// The answer recalled, by its place in `history`; nil: the text being typed.
    private(set) var recalled: Int?
    /// The text being typed when the first answer was recalled, given back past the newest.
    private var draft = ""
    /// A path's choices under the field (Tab when several match), the one taken, and the
    /// directory part they follow.
    package private(set) var choices: [String] = []
    package private(set) var chosen: Int?
    private var base = ""

    init(_ spec: FieldSpec) {
        history = spec.history
        suggestions = spec.suggestions
        historyToRead = spec.historyFile
    }

    /// The history file read into `history`, once (after the answers given with the spec).
    mutating func readHistory(from files: FieldFiles) {
        guard let path = historyToRead else { return }
        historyToRead = nil
        history += files.history(path)
    }

    /// The rest of the first suggestion `text` begins (and is not the whole of), newest answer first.
    package func suggestion(after text: String) -> Substring? {
        guard !text.isEmpty else { return nil }
        let rest = { (word: String) in word.utf8.count > text.utf8.count && word.hasPrefix(text) ? word.dropFirst(text.count) : nil }
        return history.reversed().lazy.compactMap(rest).first ?? suggestions.lazy.compactMap(rest).first
    }

    /// Up (`older`) or Down from `text`: the text to show, or nil at the end of the history.
    mutating func recall(older: Bool, from text: String) -> String? {
        if older {
            let next = (recalled ?? history.count) - 1
            guard next >= 0 else { return nil }
            if recalled == nil { draft = text }
            recalled = next
            return history[next]
        }
        guard let current = recalled else { return nil }
        if current + 1 < history.count {
            recalled = current + 1
            return history[current + 1]
        }
        recalled = nil
        return draft
    }

    /// Path choices to show under the field.
    mutating func show(_ names: [String], after base: String) {
        choices = names
        chosen = nil
        self.base = base
    }

    /// Tab again while choices show: the next choice's whole text.
    mutating func nextChoice() -> String? {
        guard !choices.isEmpty else { return nil }
        let next = ((chosen ?? -1) + 1) % choices.count
        chosen = next
        return base + choices[next]
    }

    /// Any other edit: the choices go.
    mutating func dismissChoices() {
        choices = []
        chosen = nil
    }
}
