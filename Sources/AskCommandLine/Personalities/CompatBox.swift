import AskChoices
import AskFields
import AskKit
import AskGauge
import AskModel
import AskOutput
import AskPresentation
import AskRange
import AskSystem
import AskText
import AskTextBox

/// A box of whiptail's or dialog's as its command line gave it, before it is made into
/// `ask`'s own alert (`make`): the widget, its text and labels, and its own arguments after
/// the sizes. Each personality reads its program's command line into one.
struct CompatBox {
    enum Kind: String, CaseIterable {
        case msgbox, yesno, infobox, inputbox, passwordbox, textbox, menu, checklist, radiolist, gauge
        case form, passwordform, mixedform
        /// dialog's: a file's lines to edit.
        case editbox
        /// dialog's output boxes: standard input's lines (its OK at the end: `programbox`), a
        /// command's (`prgbox`), a file followed (`tailbox`).
        case progressbox, programbox, prgbox, tailbox
        /// dialog's: a notice that answers OK by itself once its seconds have run out.
        case pause
        /// dialog's: a whole number between bounds.
        case rangebox

        var isList: Bool { self == .menu || self == .checklist || self == .radiolist }
        var isForm: Bool { self == .form || self == .passwordform || self == .mixedform }
        /// whiptail has it (dialog's forms and edit box it has not).
        var isWhiptails: Bool { !isForm && !isOutput && ![.editbox, .pause, .rangebox].contains(self) }
        var isOutput: Bool { [.progressbox, .programbox, .prgbox, .tailbox].contains(self) }
    }

    /// An argument as text, and as argv had its bytes (a tag answers its own bytes).
    typealias Argument = (text: String, bytes: [UInt8])

    var kind: Kind
    /// The box's text, line breaks read as its program reads them.
    var text = ""
    /// dialog's `--colors`: the emphasis of the text's spans.
    var emphasis: [EmphasisRun] = []
    var title = ""
    /// `--backtitle`: drawn above the box.
    var backtitle = ""
    /// Runs of spaces kept (whiptail always, dialog with `--no-collapse`).
    var keepsSpaces = false
    /// whiptail's `--scrolltext`: the text scrolls in the rows the box's height leaves it.
    var scrollText = false
    /// The arrows scroll a text that does not fit (dialog's);
    /// else they move between the buttons, and PgUp and PgDn scroll it.
    var arrowsScrollText = true
    /// The text is a stop of the focus (whiptail's `--scrolltext`): it scrolls only while it has it.
    var textTakesFocus = false
    /// Whose words the buttons say when the script names none: whiptail's (newt's catalog) or dialog's.
    var words = Words.Domain.newt
    var okLabel: String?
    var cancelLabel: String?
    var yesLabel: String?
    var noLabel: String?
    /// dialog's `--extra-button` (its label, or nil without the button).
    var extraLabel: String?
    /// dialog's `--help-button`.
    var helpLabel: String?
    var noCancel = false
    var defaultNo = false
    /// dialog's `--default-button`.
    var defaultButton: ButtonRole?
    /// An input box's, an edit box's or a form's focus starts on the default button (dialog's,
    /// when `--default-button` or `--defaultno` is given).
    var startsOnDefaultButton = false
    var noItem = false
    var noTags = false
    /// dialog's `--no-items`: no list has an item argument at all (whiptail's `--noitem` still
    /// reads a menu's).
    var itemsOmitted = false
    /// A gauge's percent must be given (whiptail); dialog's is optional.
    var percentRequired = true
    /// Return in a field above the last presses the default button instead of going to the next
    /// field (dialog's forms).
    var returnAccepts = false
    /// dialog's `--item-help`: each item of a list, and each field of a form, has a help text
    /// after it (a list shows the highlighted item's under it).
    var itemHelp = false
    /// whiptail's checklist and radio list without items still show, their buttons alone.
    var emptyListRuns = false
    /// The statuses that mark an item of a checklist or radio list, in lower case (whiptail's;
    /// dialog's is `on` alone).
    var marksOn: Set<String> = ["1", "on", "yes"]
    /// Of a radio list's items given on, the first stays marked (dialog's); else the last.
    var firstMarkStands = false
    var defaultItem: String?
    var width = 0
    var height = 0
    /// dialog's `--max-input`: the most characters a field takes.
    var maxInput: Int?
    /// What the box takes after its text, height and width (a list's height and items, an
    /// input box's starting text, a gauge's percent, a form's height and fields).
    var rest: [Argument] = []
    /// A checklist answers one tag a line (`--separate-output`).
    var separateOutput = false
    /// dialog's lists: a button always has the focus (`SheetSpec.buttonsHoldFocus`).
    var buttonsHoldFocus = false
    /// dialog's lists, not whiptail's: a typed character moves round to the next tag it starts
    /// (whiptail's menu: a letter, onward; its check boxes: none), a status is on only as `on`,
    /// in any case (whiptail's: `1`, `on`, `yes`), and of a radio list's items on the first is
    /// marked (whiptail's: the last).
    var dialogLists = false

    /// dialog's pause: how long it waits (`make` reads it from the box's arguments).
    private(set) var pauseSeconds: Int?

    /// The usage status of the program the box is read for.
    let usageStatus: Int32

    init(kind: Kind, usageStatus: Int32) {
        self.kind = kind
        self.usageStatus = usageStatus
    }

    func refuse(_ message: String) -> CompatUsageError { CompatUsageError(message, status: usageStatus) }

    /// The rows of whiptail's box besides its text: borders, padding and buttons (six), a field's
    /// two, or a list's height and its padding.
    var rowsAroundText: Int {
        if kind.isList { return 7 + max(rest.first.flatMap { Whiptail.number($0.text) } ?? 0, 0) }
        return kind == .inputbox || kind == .passwordbox ? 8 : 6
    }

    /// `ask`'s alert for the box, and what its answer is; with `--item-help`, each item's help,
    /// which the Help button answers.
    mutating func make() throws(CompatUsageError) -> (spec: PromptSpec, answer: CompatInvocation.Answer, helps: [CompatInvocation.ItemHelp]) {
        var spec = PromptSpec()
        spec.title = title
        spec.message = text
        spec.chrome.backtitle = backtitle
        spec.chrome.messageEmphasis = emphasis
        spec.chrome.messageLayout = MessageLayout(keepsSpaces: keepsSpaces,
                                                  mostRows: scrollText && height > 0 ? max(height - rowsAroundText, 1) : nil,
                                                  mostKeys: textTakesFocus ? .shifted : arrowsScrollText ? .all : .pages,
                                                  takesFocus: textTakesFocus)
        spec.leadsWithOK = true
        spec.okLabel = okLabel ?? tr("OK", as: words)
        spec.cancelLabel = noCancel ? nil : cancelLabel ?? tr("Cancel", as: words)
        spec.secondaryLabel = extraLabel
        spec.helpLabel = helpLabel
        spec.defaultButton = defaultButton ?? (defaultNo ? .cancel : nil)
        spec.startsOnDefaultButton = startsOnDefaultButton
        var answer = CompatInvocation.Answer.none
        var helps: [CompatInvocation.ItemHelp] = []
        switch kind {
        case .msgbox:
            spec.body = .fields([])
            spec.cancelLabel = nil
        case .yesno:
            spec.body = .fields([])
            spec.okLabel = yesLabel ?? tr("Yes", as: words)
            spec.cancelLabel = noLabel ?? tr("No", as: words)
        case .infobox:
            spec.body = .text(TextSpec())
            spec.helpLabel = nil
            spec.secondaryLabel = nil
        case .textbox:
            spec.message = ""
            spec.body = .text(TextSpec(file: text))
            spec.cancelLabel = nil
        case .inputbox, .passwordbox:
            var field = FieldSpec(value: rest.first?.text ?? "", isSecure: kind == .passwordbox)
            // dialog holds typing to --max-input, and keeps a longer starting text whole.
            field.validation.maximumLength = maxInput.map { max($0, field.value.count) }
            spec.body = .fields([field])
            answer = .text
        case .pause:
            // dialog's pause: OK and Cancel under the text, the seconds left as a bar; the time
            // running out presses OK (none, or fewer than one, count as one, as dialog waits).
            guard let first = rest.first, let seconds = Whiptail.number(first.text) else {
                throw refuse(rest.isEmpty ? "--pause needs its seconds" : "--pause: the seconds '\(rest[0].text)' are not a number")
            }
            guard rest.count == 1 else { throw refuse("--pause takes its seconds last, then nothing") }
            spec.body = .fields([])
            spec.onTimeout = .accept
            spec.chrome.countdownBar = true
            pauseSeconds = min(max(seconds, 1), Int(Deadline.longest))
        case .rangebox:
            spec.body = .range(try range())
            answer = .text
        case .gauge:
            var percent = 0
            if let first = rest.first {
                guard let number = Whiptail.number(first.text) else { throw refuse("--gauge: the percent '\(first.text)' is not a number") }
                percent = number
            } else if percentRequired {
                throw refuse("--gauge needs its starting percent")
            }
            spec.body = .gauge(GaugeSpec(percent: percent))
            spec.cancelLabel = nil
            spec.secondaryLabel = nil
            spec.helpLabel = nil
        case .checklist where emptyListRuns && rest.count == 1, .radiolist where emptyListRuns && rest.count == 1:
            _ = try sheet(allowingNone: true)
            spec.body = .fields([])
        case .menu, .checklist, .radiolist:
            let sheet = try sheet()
            spec.body = .choices(sheet)
            helps = zip(sheet.choices, sheet.itemHelp).map { CompatInvocation.ItemHelp(tag: $0.value ?? $0.label, help: Array($1.utf8)) }
            answer = kind == .checklist ? .tags(separate: separateOutput) : .tag(radio: kind == .radiolist)
        case .editbox:
            // The file's lines in a multi-line field (read while the box shows: `valueFile`), the
            // box's rows less its frame's six; answered as a form's one field, its text and a line
            // break, as dialog writes it.
            var field = FieldSpec()
            field.valueFile = text
            field.isMultiline = true
            field.lines = height > 6 ? min(height - 6, 1000) : nil
            field.cursorStartsAtStart = true
            field.validation.maximumLength = maxInput
            spec.message = ""
            spec.body = .fields([field])
            answer = .form([.field(0)])
        case .progressbox, .programbox, .prgbox, .tailbox:
            // The box's rows less its borders, the text's and the OK's.
            let around = 2 + (text.isEmpty ? 0 : 2) + (kind == .progressbox ? 0 : 2)
            var output = OutputSpec(waitsForOK: kind != .progressbox, rows: height > around ? height - around : OutputSpec.defaultRows)
            switch kind {
            case .prgbox: output.source = .command(["sh", "-c", rest.first?.text ?? ""])
            case .tailbox:
                output.source = .file(text)
                spec.message = ""
            default: break
            }
            // dialog's status is its box's, not the command's.
            output.passesStatus = false
            spec.body = .output(output)
            spec.cancelLabel = nil
            spec.secondaryLabel = nil
            spec.helpLabel = nil
        case .form, .passwordform, .mixedform:
            let (fields, slots, shown, formHelps) = try form()
            spec.body = .fields(fields)
            helps = formHelps
            if !shown.isEmpty { spec.message += (spec.message.isEmpty ? "" : "\n") + shown.joined(separator: "\n") }
            answer = .form(slots)
            spec.returnAccepts = returnAccepts
        }
        return (spec, answer, helps)
    }

    /// A list's choices: `tag item` pairs for a menu, `tag item status` triples for a checklist
    /// or a radio list (no item with `--noitem`; a help text after each with `--item-help`),
    /// after the list's height. A choice shows its tag and item (one of them with `--notags` or
    /// `--noitem`) and answers its tag: two columns, the items aligned by display width after the
    /// widest tag (`SheetSpec.tagColumns`), as whiptail aligns them.
    func sheet(allowingNone: Bool = false) throws(CompatUsageError) -> SheetSpec {
        guard let height = rest.first else { throw refuse("--\(kind.rawValue) needs its list height") }
        guard Whiptail.number(height.text) != nil else { throw refuse("the list height '\(height.text)' is not a number") }
        let arguments = Array(rest.dropFirst())
        // A menu's item is always read (and not shown with --noitem); a list's only without --noitem.
        let hasItem = !itemsOmitted && (kind == .menu || !noItem)
        let stride = 1 + (hasItem ? 1 : 0) + (kind == .menu ? 0 : 1) + (itemHelp ? 1 : 0)
        guard !arguments.isEmpty || allowingNone, arguments.count % stride == 0 else {
            throw refuse(arguments.isEmpty ? "--\(kind.rawValue) has no items"
                         : "--\(kind.rawValue): the items are not whole (\(stride) arguments each)")
        }
        struct Row {
            var tag: Argument
            var item: [UInt8]
            var status: String
            var help: String
        }
        var rows: [Row] = []
        for start in Swift.stride(from: 0, to: arguments.count, by: stride) {
            let item = hasItem && !noItem ? arguments[start + 1].bytes : []
            let status = kind == .menu ? "" : arguments[start + (hasItem ? 2 : 1)].text
            rows.append(Row(tag: arguments[start], item: item, status: status, help: itemHelp ? arguments[start + stride - 1].text : ""))
        }
        var sheet = SheetSpec()
        for (index, row) in rows.enumerated() {
            var label: [UInt8]
            if noTags {
                label = row.item
            } else if row.item.isEmpty {
                label = row.tag.bytes
            } else {
                label = row.tag.bytes + [0x09] + row.item
                sheet.tagColumns = true
            }
            if label.isEmpty { label = row.tag.bytes }
            sheet.choices.append(Choice(label: label, value: row.tag.bytes))
            if itemHelp { sheet.itemHelp.append(row.help) }
            if kind == .menu {
                if let defaultItem, row.tag.text == defaultItem, sheet.selectedIndices.isEmpty { sheet.selectedIndices = [index] }
            } else if marksOn.contains(row.status.lowercased()), !(firstMarkStands && kind == .radiolist && !sheet.selectedIndices.isEmpty) {
                sheet.selectedIndices.append(index)
            }
        }
        sheet.typing = dialogLists ? .jumpsRound : kind == .menu ? .jumpsOnward : .checkBoxes
        sheet.sortsMatches = false
        sheet.buttonsHoldFocus = buttonsHoldFocus
        if kind != .menu {
            sheet.allowsMultiple = true
            sheet.startsAtTop = true
            sheet.marksOne = kind == .radiolist
        }
        return sheet
    }

    /// A form's fields, after the form's height: `label y x item y x flen ilen` each (and the
    /// type, for a mixed form: 1 hidden, 2 read-only). The places are `ask`'s to choose; a field
    /// with a length of 0 or less, or read-only, is shown with its label in the message, and
    /// answered as it is when its length is above 0.
    func form() throws(CompatUsageError) -> (fields: [FieldSpec], slots: [CompatInvocation.FormSlot], shown: [String],
                                             helps: [CompatInvocation.ItemHelp]) {
        guard let height = rest.first, Whiptail.number(height.text) != nil else {
            throw refuse("--\(kind.rawValue) needs its form height, a number")
        }
        let arguments = Array(rest.dropFirst())
        // With --item-help, a help text ends each field's arguments.
        let stride = (kind == .mixedform ? 9 : 8) + (itemHelp ? 1 : 0)
        guard !arguments.isEmpty, arguments.count % stride == 0 else {
            throw refuse(arguments.isEmpty ? "--\(kind.rawValue) has no fields"
                         : "--\(kind.rawValue): the fields are not whole (\(stride) arguments each)")
        }
        var fields: [FieldSpec] = [], slots: [CompatInvocation.FormSlot] = [], shown: [String] = []
        var helps: [CompatInvocation.ItemHelp] = []
        for start in Swift.stride(from: 0, to: arguments.count, by: stride) {
            let numbers = [1, 2, 4, 5, 6, 7].map { arguments[start + $0].text }
            for number in numbers where Whiptail.number(number) == nil {
                throw refuse("--\(kind.rawValue): '\(number)' is not a number")
            }
            let label = arguments[start].text, item = arguments[start + 3]
            let length = Whiptail.number(arguments[start + 6].text)!, most = Whiptail.number(arguments[start + 7].text)!
            let type = kind == .mixedform ? Whiptail.number(arguments[start + 8].text) ?? 0 : 0
            // dialog keeps the first bytes of a value, as many as the field's most (0: its
            // length; less than 0: all); typing is not held to them.
            let kept = length > 0 ? Self.cut(item.bytes, to: most == 0 ? length : most) : item.bytes
            if length <= 0 || type & 2 != 0 {
                shown.append(label.isEmpty ? item.text : label + " " + item.text)
                if length > 0 { slots.append(.fixed(kept)) }
                continue
            }
            // (A field's text is whole characters: a cut through one keeps those before it.)
            var whole = kept
            if String(validating: item.bytes, as: UTF8.self) != nil {
                while String(validating: whole, as: UTF8.self) == nil { whole.removeLast() }
            }
            var field = FieldSpec(label: label, value: String(decoding: whole, as: UTF8.self), isSecure: kind == .passwordform || type & 1 != 0)
            field.cursorStartsAtStart = true
            field.validation.maximumLength = maxInput
            slots.append(.field(fields.count))
            fields.append(field)
            // What Help answers for the field: its help text with --item-help, else its label.
            helps.append(CompatInvocation.ItemHelp(tag: Array(label.utf8), help: itemHelp ? arguments[start + stride - 1].bytes : Array(label.utf8)))
        }
        return (fields, slots, shown, helps)
    }

    /// dialog's range box: `min max default` after the sizes, each 0 when left out, as dialog
    /// reads them; PgUp and PgDn move by what dialog's bar moves a cell by in a box `width` wide
    /// (a tenth of the range in a box sized to fit, whose width dialog measures as it draws).
    func range() throws(CompatUsageError) -> RangeSpec {
        guard rest.count <= 3 else { throw refuse("--rangebox takes its lowest, highest and starting number, then nothing") }
        var numbers: [Int] = []
        for argument in rest {
            guard let number = Whiptail.number(argument.text) else { throw refuse("--rangebox: '\(argument.text)' is not a number") }
            numbers.append(number)
        }
        numbers += Array(repeating: 0, count: 3 - numbers.count)
        let lowest = numbers[0], highest = max(numbers[1], numbers[0])
        let count = highest - lowest + 1
        let cells = max(width, 14) - 6
        let page = width > 0 ? (count > cells ? (count + cells - 1) / cells : cells / count) : max(count / 10, 1)
        var spec = RangeSpec(minimum: lowest, maximum: highest, value: numbers[2], page: page)
        spec.upLowers = true
        return spec
    }

    /// The first `count` bytes of `bytes` (all of them for a count below 0), as C's `%.*s` keeps them.
    static func cut(_ bytes: [UInt8], to count: Int) -> [UInt8] {
        count < 0 ? bytes : Array(bytes.prefix(count))
    }
}
