import AskModel
import AskText

/// One text field of an alert: what it is called, what it starts with, how it takes text and
/// the rules its answer must follow. An alert has none (a confirmation), one, or several
/// (`--field`, `--login`), stacked in order.
package struct FieldSpec: Equatable, Sendable {
    /// Shown beside the field (or above it) while text is typed; empty for an alert's only field,
    /// which the title and message describe.
    package var label = ""
    package var placeholder = ""
    /// Text the field starts with; the cursor starts at its end.
    package var value = ""
    /// A file the starting text is read from while the alert shows (dialog's edit box): opened
    /// without waiting, so that a FIFO's writer is waited for with keys and the timeout served;
    /// its last line break is the end of its last line. At most `largestValueFile` bytes.
    package var valueFile: String?
    /// The most a field reads of its `valueFile`.
    package static let largestValueFile = 1 << 20

    /// A `valueFile`'s bytes as the starting text: its last line break ends its last line.
    package static func startingText(ofFile bytes: [UInt8]) -> String {
        String(decoding: bytes.last == 0x0A ? bytes.dropLast() : bytes[...], as: UTF8.self)
    }
    /// The cursor starts before the starting text instead (dialog's forms and edit box).
    package var cursorStartsAtStart = false
    package var isSecure = false
    /// The glyph shown for each typed grapheme in secure entry; empty shows nothing at all.
    /// `nil` means the default for the terminal (`•`, or `*` when it is not UTF-8).
    package var mask: String?
    package var keyboard: KeyboardType = .default
    /// Rules the answer must follow.
    package var validation = Validation()
    /// `--repeat`: ask a second time and accept only when both entries match.
    package var repeatsEntry = false
    /// What the second entry is called (its placeholder).
    package var repeatLabel = tr("Repeat")
    /// `--allow-reveal`: in secure entry, Ctrl-R shows the text in clear.
    package var allowsReveal = false
    /// `--multiline`: the text may hold line breaks — Return types one, Ctrl-D finishes — and
    /// the field shows several rows.
    package var isMultiline = false
    /// `--lines`: a multi-line field's height in rows; nil: `defaultLines`.
    package var lines: Int?
    /// A multi-line field's height when `--lines` does not say: five rows, as `gum write`'s.
    package static let defaultLines = 5
    /// The most rows `--lines` may ask for.
    package static let mostLines = 1000
    /// A reason shown under the field as the alert opens, until the first edit (a retry's
    /// "Bad Passphrase", from a pinentry client).
    package var initialError: String?
    /// A quality meter under the field, with this label; its value comes from outside
    /// (`PromptState.setQuality`), as a pinentry client rates the passphrase.
    package var qualityLabel: String?
    /// `--directory`: a path field completes the names of directories only.
    package var directoriesOnly = false
    /// `--suggest`: words offered as the text is typed (with the lines of `suggestionsFile`).
    package var suggestions: [String] = []
    /// `--suggestions-from`: a file of words to offer, a line each, read as the alert opens.
    package var suggestionsFile: String?
    /// `--history`: the file the answers are kept in, read when the field first takes a key (its
    /// answers after `history`'s) and written once one is accepted.
    package var historyFile: String?
    /// The answers kept, oldest first: Up recalls them, and they are offered as suggestions.
    package var history: [String] = []

    /// Whether the field offers text as it is typed: paths, suggestions or a history (its keys:
    /// `KeyBindings.offering`).
    package var offersText: Bool {
        keyboard == .path || !suggestions.isEmpty || suggestionsFile != nil || historyFile != nil || !history.isEmpty
    }

    package init(label: String = "", placeholder: String = "", value: String = "", isSecure: Bool = false,
                 keyboard: KeyboardType = .default) {
        self.label = label
        self.placeholder = placeholder
        self.value = value
        self.isSecure = isSecure
        self.keyboard = keyboard
    }

    /// The rows the field shows: its lines when multi-line, else one.
    package var rows: Int { isMultiline ? max(lines ?? Self.defaultLines, 1) : 1 }

    /// What a field without a label is called in messages: its place, counted from 1.
    package func name(at index: Int) -> String {
        label.isEmpty ? "field \(index + 1)" : label
    }
}
