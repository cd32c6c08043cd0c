import AskMemory
import AskModel
import AskText

/// One field's state: its editor, the line under it, reveal and repeat. Kept by `PromptState`,
/// which decides which field the keys go to.
package struct FieldState {
    package let spec: FieldSpec
    /// `--pattern`, compiled.
    let pattern: AnswerPattern?
    package var editor: LineEditor
    /// An error about the answer; cleared by the next edit.
    package internal(set) var status: StatusLine?
    /// Secure text shown in clear (Ctrl-R with `--allow-reveal`).
    package internal(set) var isRevealed = false
    /// With `--repeat`: the first entry, while the second is typed.
    package internal(set) var isRepeating = false
    /// With `--repeat`: both entries matched (until the next edit).
    var isConfirmed = false
    /// A key has been refused because the field already held `--max-length` characters.
    package internal(set) var refusedAtMaximumLength = false
    /// A paste was cut to `--max-length` (the counter shows until the next edit).
    var pasteRefused = false
    /// The first entry, while the second is typed; locked like the field for a secret.
    let firstEntry: TextBuffer
    /// How good the text is, from -100 to 100 (below 0: it breaks the client's rules), once
    /// told (`qualityLabel`).
    package internal(set) var quality: Int?
    /// Counts the changes to the text (an edit, a repeat entry starting over): whoever rates
    /// the text asks again when it moves.
    package internal(set) var revision = 0
    /// In a multi-line field, the column Up and Down keep while they move the cursor from row to
    /// row (through shorter rows); forgotten by any other key.
    var rowGoal: Int?
    /// Suggestions, the history recalled, a path's choices (`FieldOffers`).
    package internal(set) var offers: FieldOffers

    /// `linesAtATime`: a multi-line field takes its lines one after another, the lines before the
    /// last kept as they are (plain output).
    init(spec: FieldSpec, pattern: AnswerPattern?, linesAtATime: Bool = false) {
        self.spec = spec
        self.pattern = pattern
        editor = LineEditor(text: TextBuffer(PromptState.asPasted(spec.value, keepingLineBreaks: spec.isMultiline),
                                             secret: spec.isSecure),
                            wordsAreOpaque: spec.isSecure)
        editor.keepsEarlierLines = spec.isMultiline && linesAtATime
        if spec.cursorStartsAtStart { editor.setCursor(0) }  // before the whole text, not its last line's start
        // Locked against swapping only for a secret: a visible answer gains nothing from it.
        firstEntry = TextBuffer(capacity: 64, secret: spec.isSecure)
        status = spec.initialError.map { StatusLine($0, isError: true) }
        offers = FieldOffers(spec)
    }

    /// The hint for the empty field: the repeat label on the second entry.
    package var placeholder: String { isRepeating ? spec.repeatLabel : spec.placeholder }

    /// Whether the field shows the text itself rather than a mask.
    package var showsText: Bool { !spec.isSecure || isRevealed }

    /// `n/N` under the field as `--max-length` nears, or once a paste was cut to fit.
    package var counter: String? {
        // An empty mask hides the length; a counter would tell it.
        if spec.isSecure && spec.mask == "" && !isRevealed { return nil }
        guard let limit = spec.validation.maximumLength else { return nil }
        let maximum = max(limit, 0)  // a spec built in code may hold anything
        let count = editor.text.count
        let near = maximum - max(maximum / 4, 3)
        return count >= near || pasteRefused ? "\(count)/\(maximum)" : nil
    }

    /// A hint for when there is no error: how to finish a multi-line field (the key is not one
    /// people guess), how to reveal a secret, the quality meter.
    package var hint: FieldHint? {
        if let label = spec.qualityLabel { return .meter(label: label, quality: quality ?? 0) }
        let reveal = spec.isSecure && spec.allowsReveal ? (isRevealed ? tr("Ctrl-R hides the text") : Self.revealHint) : nil
        if spec.isMultiline {
            if editor.keepsEarlierLines { return .text(Self.linesAtATimeHint) }
            return .text(Self.finishHint(reveal: reveal))
        }
        return reveal.map(FieldHint.text)
    }

    /// Under a secure field with `--allow-reveal`, the text hidden.
    package static var revealHint: String { tr("Ctrl-R shows the text") }

    /// Under a multi-line field: how to finish (and to reveal, when that is allowed).
    package static func finishHint(reveal: String?) -> String {
        [tr("Ctrl-D to finish"), reveal].compactMap { $0 }.joined(separator: "; ")
    }
    /// Before a multi-line field's lines in plain output.
    package static var linesAtATimeHint: String { tr("Enter starts a new line; an empty line or Ctrl-D ends the text") }

    /// The first rule the field's text breaks.
    package func problem() -> ValidationFailure? {
        spec.problem(with: editor.text, pattern: pattern)
    }

    /// Types one scalar, if the keyboard type and `--max-length` allow it (a line break, in a
    /// multi-line field, whatever the keyboard type).
    mutating func type(_ scalar: Unicode.Scalar) -> Bool {
        guard (scalar == "\n" && spec.isMultiline) || spec.keyboard.accepts(scalar, in: editor.text, at: editor.cursor) else {
            return false
        }
        editor.apply(.insert(scalar))
        if let maximum = spec.validation.maximumLength, editor.text.count > maximum {
            editor.apply(.deleteBackward)
            refusedAtMaximumLength = true
            return false
        }
        return true
    }

    /// After the text changed: an error about the old text no longer applies, nor a match of
    /// the two entries.
    mutating func edited() {
        revision &+= 1
        rowGoal = nil
        if status?.isError == true { status = nil }
        pasteRefused = false
        isConfirmed = false
        offers.dismissChoices()
    }

    // MARK: - What the field offers

    /// The rest of the suggestion the text begins, shown dim after the cursor at its end.
    package var suggestion: Substring? {
        guard spec.offersText, !spec.isSecure, editor.cursor == editor.text.count else { return nil }
        return offers.suggestion(after: editor.text.string)
    }

    /// The text replaced by `text`, the cursor at its end (a completion, a suggestion taken, an
    /// answer recalled).
    private mutating func replaceText(with text: String) {
        editor.clear()
        var text = text
        text.withUTF8 { editor.insert(utf8: UnsafeRawBufferPointer($0)) }
        revision &+= 1
        if status?.isError == true { status = nil }
    }

    /// Right at the end of the text, or Tab: the suggestion shown becomes text.
    mutating func takeSuggestion() -> Bool {
        guard let rest = suggestion else { return false }
        replaceText(with: editor.text.string + rest)
        offers.dismissChoices()
        return true
    }

    /// Up (`older`) or Down through the history; false at its end.
    mutating func recall(older: Bool) -> Bool {
        guard let text = offers.recall(older: older, from: editor.text.string) else { return false }
        replaceText(with: text)
        offers.dismissChoices()
        return true
    }

    /// Tab in a path field: the next choice while they show, else the path completed, or its
    /// choices shown; false when nothing matches.
    mutating func completePath(in files: FieldFiles) -> Bool {
        if let next = offers.nextChoice() {
            replaceText(with: next)
            return true
        }
        switch PathCompletion.complete(editor.text.string, directoriesOnly: spec.directoriesOnly, in: files) {
        case .none:
            return false
        case let .completed(text):
            replaceText(with: text)
        case let .choices(base, names):
            offers.show(names, after: base)
        }
        return true
    }

    /// A path field's answer: a leading `~` is the home directory.
    mutating func expandHome(in files: FieldFiles) {
        guard spec.keyboard == .path else { return }
        let text = editor.text.string
        let expanded = PathCompletion.expanded(text, home: files.home)
        if expanded != text { replaceText(with: expanded) }
    }

    mutating func refuse(_ failure: ValidationFailure) {
        status = StatusLine(spec.validation.errorMessage ?? failure.message, isError: true)
    }

    /// Inserts pasted text: with a keyboard type through the same filter as typing, one
    /// character at a time; otherwise in one piece. What `--max-length` cannot take is cut, and
    /// the counter and a message say so. Returns whether anything was refused or cut.
    mutating func insert(pasted bytes: UnsafeRawBufferPointer) -> Bool {
        edited()
        var refused = false
        if spec.keyboard == .default {
            editor.insert(utf8: bytes)
        } else {
            for scalar in UTF8Scalars(bytes.bindMemory(to: UInt8.self)) where !type(scalar) {
                refused = true
            }
        }
        let maximum = max(spec.validation.maximumLength ?? Int.max, 0)
        let over = editor.text.count - maximum
        if over > 0 {
            let end = editor.cursor
            editor.text.remove(max(end - over, 0)..<end)
            editor.setCursor(max(end - over, 0))
        }
        if over > 0 || (refused && editor.text.count >= maximum) {
            pasteRefused = true
            status = StatusLine(Validation.pasteCutMessage, isError: true)
        }
        return refused || over > 0
    }

    /// Lines typed one after another (plain output): whether the last line is empty, so that
    /// Return (or Ctrl-D) there ends them; the line break that began it is then dropped, as the
    /// answer is the lines with a line break between each.
    mutating func endsLinesAtATime() -> Bool {
        let text = editor.text
        let count = text.count
        guard editor.cursor == count, text.lineStart(at: count) == count else { return false }
        if count > 0 {
            text.remove((count - 1)..<count)
            editor.setCursor(count - 1)
            edited()
        }
        return true
    }

    /// With `--repeat`, on accept: the first time keeps the entry and asks again; the second
    /// time compares the two (and on a difference starts over).
    mutating func repeatStep() -> RepeatStep {
        guard spec.repeatsEntry, !isConfirmed else { return .done }
        if !isRepeating {
            firstEntry.copy(from: editor.text)
            editor.clear()
            revision &+= 1
            isRepeating = true
            return .askAgain
        }
        let same = firstEntry.hasSameBytes(as: editor.text)
        firstEntry.wipe()
        isRepeating = false
        guard same else {
            editor.clear()
            revision &+= 1
            refuse(.entriesDiffer)
            return .differ
        }
        isConfirmed = true
        return .done
    }

    enum RepeatStep { case done, askAgain, differ }

    mutating func toggleReveal() -> Bool {
        guard spec.isSecure && spec.allowsReveal else { return false }
        isRevealed.toggle()
        return true
    }

    mutating func wipe() {
        editor.clear()
        firstEntry.wipe()
        isRepeating = false
        isConfirmed = false
    }
}
