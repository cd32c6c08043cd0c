import AskChoices
import AskFields
import AskGauge
import AskKit
import AskModel
import AskPresentation
import AskText
import AskTextBox

/// The programs whose command lines `ask` also takes, so that the scripts written for them run
/// on it: started under their name (a link), or as `ask --whiptail ARGS…`. Each reads its own
/// command line into an `Invocation` (`ask`'s own alert and sheet, drawn inline) and a
/// `CompatInvocation`'s rules for the answer: which descriptor, which bytes, which status.
package enum Personality: String, Equatable, Sendable, CaseIterable {
    case whiptail
    case dialog

    /// The personality a program name (its last path component) or a first argument
    /// (`--whiptail`) asks for.
    package static func named(program: String, firstArgument: String?) -> Personality? {
        let base = program.split(separator: "/").last.map(String.init) ?? program
        if let personality = Personality(rawValue: base) { return personality }
        guard let first = firstArgument, first.hasPrefix("--") else { return nil }
        return Personality(rawValue: String(first.dropFirst(2)))
    }
}

/// A box of another program's, as `ask` draws it, and how its answer is given back.
package struct CompatInvocation: Equatable, Sendable {
    /// What the script's answer looks like.
    package enum Answer: Equatable, Sendable {
        /// Nothing (a message, a question, an info box, a text box, a gauge).
        case none
        /// The field's text (an input box, a password box), with nothing after it.
        case text
        /// The tag chosen (a menu; a radio list's, when one is marked: after dialog's
        /// `--output-separator`, as dialog writes it).
        case tag(radio: Bool)
        /// A checklist's tags: each in double quotes, a space between (`"a" "b"`), or
        /// `separate`: each on a line of its own.
        case tags(separate: Bool)
        /// A form's fields, each followed by the separator (a line break).
        case form([FormSlot])
    }

    /// An item's help text (dialog's `--item-help`), which the Help button answers for it: a
    /// list item's by its tag; a form's field's by its place among the fields, its label as its
    /// tag (and as its help without `--item-help`).
    package struct ItemHelp: Equatable, Sendable {
        package var tag: [UInt8]
        package var help: [UInt8]

        package init(tag: [UInt8], help: [UInt8]) {
            self.tag = tag
            self.help = help
        }
    }

    /// One answered field of a form: a field's text, or a read-only field's own.
    package enum FormSlot: Equatable, Sendable {
        case field(Int)
        case fixed([UInt8])
    }

    /// The statuses a box ends with, by how it ended (dialog's may be changed by its
    /// `DIALOG_OK`, `DIALOG_CANCEL`, … variables).
    package struct Statuses: Equatable, Sendable {
        package var ok: Int32 = 0
        package var cancel: Int32 = 1
        package var help: Int32 = 2
        package var extra: Int32 = 3
        package var escape: Int32 = 255
        package var timeout: Int32 = 255
        package var error: Int32 = 255

        package init() {}
    }

    package var personality: Personality
    package var invocation: Invocation
    package var answer: Answer = .none
    /// Where the answer goes (`--output-fd`; stderr by default).
    package var output: Int32 = 2
    package var statuses = Statuses()
    /// A checklist's tags are quoted only when one needs it (dialog: a space, a quote, a
    /// backslash in it); otherwise always (whiptail).
    package var quotesOnlyWhenNeeded = false
    /// What goes before a list's answer when the Help button ends the box (dialog's `HELP `).
    package var helpPrefix: [UInt8] = Array("HELP ".utf8)
    /// dialog's `--sleep`: seconds to wait once the box is closed, before exiting.
    package var sleep = 0
    /// dialog writes `timeout` on stderr when a timeout ends the box with DIALOG_TIMEOUT set.
    package var saysTimeout = false
    /// dialog's `--output-separator`: between a checklist's tags and after each of a form's
    /// fields, instead of a space or a line break.
    package var separator: [UInt8]?
    /// dialog's `--item-help`: each item's help, in the list's order.
    package var itemHelps: [ItemHelp] = []
    /// dialog's `--help-tags`: the Help button answers the tag even where the item has help.
    package var helpAnswersTag = false
    /// Only OK writes the answer, and `--output-separator` stands for each line break (dialog's
    /// edit box: Extra and Help write nothing).
    package var answersOnOKOnly = false
    /// dialog's boxes joined in one call: those after this one, each drawn in turn
    /// (`joinedBy` says after which endings), the call's status the last one's.
    package var joined: [CompatInvocation] = []
    /// How this box is joined to the one before it.
    package var joinedBy: Joining?
    /// What goes before a joined box's answer once more than one box that answers has run
    /// (dialog's `--separate-widget`; a tab without it).
    package var widgetSeparator: [UInt8]?

    /// How a joined box follows the one before it.
    package enum Joining: Equatable, Sendable {
        /// `--and-widget`: after any ending but Esc (and a time out, which is Esc's).
        case andWidget
        /// A box's options right after another's arguments: after OK only.
        case afterOK

        /// Whether the box is drawn after the one before it ended with `outcome`.
        package func follows(_ outcome: Outcome) -> Bool {
            switch outcome {
            case .accepted(.ok): true
            case .accepted: self == .andWidget
            case .cancelled, .timedOut, .interrupted: false
            }
        }
    }

    /// What dialog prints (or writes) as it reads its command line, in order, before the box:
    /// `--print-maxsize`, `--print-version`, `--print-size` (last), `--create-rc`'s file.
    package var prints: [CompatPrint] = []
    /// There is a box to draw after the prints (dialog's `--print-maxsize` alone has none).
    package var drawsBox = true

    package init(personality: Personality, invocation: Invocation = Invocation(), answer: Answer = .none) {
        self.personality = personality
        self.invocation = invocation
        self.answer = answer
    }

    /// The status the program gives when the box ends as `outcome` (nil: a signal ended it,
    /// re-raised). whiptail: 0 for OK or Yes, 1 for Cancel or No, 255 for Esc.
    package func status(_ outcome: Outcome) -> Int32? {
        switch outcome {
        case .accepted(.ok): return statuses.ok
        case .accepted(.cancel): return statuses.cancel
        case .accepted(.secondary): return statuses.extra
        case .accepted(.help): return statuses.help
        case .cancelled: return statuses.escape
        case .timedOut: return statuses.timeout
        case .interrupted: return nil
        }
    }

    /// The status of a failure once the box was read (no terminal, a file that cannot be
    /// read): the program's for an error.
    package var errorStatus: Int32 { statuses.error }

    /// What is written for a form: each field's text (or a read-only field's own), each
    /// followed by the separator.
    package var formPieces: [AnswerPiece] {
        guard case let .form(slots) = answer else { return [] }
        return slots.flatMap { slot -> [AnswerPiece] in
            switch slot {
            case let .field(index): return [.field(index), .bytes(separator ?? [0x0A])]
            case let .fixed(bytes): return [.bytes(bytes + (separator ?? [0x0A]))]
            }
        }
    }

    /// What the script reads for `response`, in pieces that `Response.write(_:to:)` writes (a
    /// field's text from its buffer): an input box's text, a form's fields, a list's tags (after
    /// `HELP ` when the Help button ended it).
    package func pieces(for response: Response) -> [AnswerPiece] {
        switch answer {
        case .none: return []
        case .text: return [.field(0)]
        case .form:
            if answersOnOKOnly && response.outcome != .accepted(.ok) { return [] }
            // dialog's edit box: --output-separator in place of each line break (its text is
            // never a secret).
            if answersOnOKOnly, let separator, let text = response.answers.first {
                return [.bytes(text.withBytes { $0.flatMap { $0 == 0x0A ? separator : [$0] } } + separator)]
            }
            // A form's Help answers for the field the keys were in: its help text, or its label.
            if response.outcome == .accepted(.help), response.currentField < itemHelps.count {
                let field = itemHelps[response.currentField]
                return [.bytes(helpPrefix + (helpAnswersTag ? field.tag : field.help))]
            }
            return formPieces
        case .tag, .tags:
            if response.outcome == .accepted(.help) { return [.bytes(helpPrefix + helpAnswer(highlighted: response.chosen.first ?? []))] }
            return [.bytes(bytes(chosen: response.chosen))]
        }
    }

    /// What the Help button answers after `HELP ` for the highlighted item (`tag`): with
    /// `--item-help` its help text, empty or not (the tag with `--help-tags`); else its tag, as
    /// it is.
    package func helpAnswer(highlighted tag: [UInt8]) -> [UInt8] {
        guard !helpAnswersTag, let help = itemHelps.first(where: { $0.tag == tag })?.help else { return tag }
        return help
    }

    /// The bytes the script reads for `chosen` (a sheet's answers, in list order).
    package func bytes(chosen: [[UInt8]]) -> [UInt8] {
        switch answer {
        case .none, .text, .form: return []
        case let .tag(radio): return chosen.first.map { (radio ? separator ?? [] : []) + $0 } ?? []
        case .tags(separate: true): return chosen.flatMap { $0 + (separator ?? [0x0A]) }
        case .tags(separate: false):
            var bytes: [UInt8] = []
            for (index, tag) in chosen.enumerated() {
                // dialog's --output-separator goes before every tag, the first too.
                if let separator { bytes += separator } else if index > 0 { bytes.append(0x20) }
                bytes += quotesOnlyWhenNeeded && !Self.needsQuotes(tag) ? tag : quoted(tag)
            }
            return bytes
        }
    }

    /// A tag in double quotes; in dialog's, a quote or backslash in it escaped with a backslash.
    func quoted(_ tag: [UInt8]) -> [UInt8] {
        guard quotesOnlyWhenNeeded else { return [0x22] + tag + [0x22] }
        var bytes: [UInt8] = [0x22]
        for byte in tag {
            if byte == 0x22 || Self.escaped.contains(byte) { bytes.append(0x5C) }
            bytes.append(byte)
        }
        return bytes + [0x22]
    }

    /// What dialog escapes inside double quotes besides the quote: a line break, a backslash,
    /// and what a shell would read as its own.
    static let escaped = Set(Array("\n\\[]{}?*;`~#$^&()|<>".utf8))

    /// Whether dialog quotes `tag`: empty, or holding a space, a tab, a quote or one of `escaped`.
    static func needsQuotes(_ tag: [UInt8]) -> Bool {
        tag.isEmpty || tag.contains { $0 == 0x20 || $0 == 0x09 || $0 == 0x22 || escaped.contains($0) }
    }
}

/// A command line another program would refuse: its message, and that program's status for it.
package struct CompatUsageError: Error, Equatable, Sendable {
    package let message: String
    package let status: Int32

    package init(_ message: String, status: Int32) {
        self.message = message
        self.status = status
    }
}
