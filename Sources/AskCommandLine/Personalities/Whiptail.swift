import AskChoices
import AskFields
import AskKit
import AskGauge
import AskModel
import AskPresentation
import AskText
import AskTextBox

/// newt's whiptail command line (0.52), read as whiptail reads it — options anywhere before
/// `--`, one box option, then the box's text, height and width and what the box takes after
/// them — into `ask`'s own alert or sheet. The answer goes where whiptail's goes (stderr, or
/// `--output-fd`), in its bytes; the status is its status.
///
/// What the sizes mean to `ask`: its box is drawn inline and fits its content, so the height
/// and a list's height are read (and must be numbers, as whiptail wants) but not used; a
/// width above 0 is the box's width (`--width`), as far as the terminal allows.
package enum Whiptail {
    /// The options that take a value.
    static let valued: Set<String> = ["backtitle", "title", "default-item", "output-fd", "yes-button", "no-button",
                                      "ok-button", "cancel-button"]
    /// The options that take none (besides the boxes, help and version).
    static let flags: Set<String> = ["clear", "defaultno", "fb", "fullbuttons", "nocancel", "noitem", "notags",
                                     "scrolltext", "separate-output", "topleft"]

    /// whiptail's status for a command line it cannot use (it prints its usage then).
    static let usageStatus: Int32 = 255
    /// popt's, for an option it does not know or one missing its value.
    static let optionStatus: Int32 = 1

    /// What `whiptail --help` prints (on stdout, status 0).
    package static let usage = """
        Box options:
        \t--msgbox <text> <height> <width>
        \t--yesno  <text> <height> <width>
        \t--infobox <text> <height> <width>
        \t--inputbox <text> <height> <width> [init]
        \t--passwordbox <text> <height> <width> [init]
        \t--textbox <file> <height> <width>
        \t--menu <text> <height> <width> <listheight> [tag item] ...
        \t--checklist <text> <height> <width> <listheight> [tag item status]...
        \t--radiolist <text> <height> <width> <listheight> [tag item status]...
        \t--gauge <text> <height> <width> <percent>
        Options: (depend on box-option)
        \t--clear\t\t\t\tclear screen on exit (ask always erases its box)
        \t--defaultno\t\t\tdefault no button
        \t--default-item <string>\t\tset default string
        \t--fb, --fullbuttons\t\tuse full buttons (accepted, no effect)
        \t--nocancel\t\t\tno cancel button
        \t--yes-button <text>\t\tset text of yes button
        \t--no-button <text>\t\tset text of no button
        \t--ok-button <text>\t\tset text of ok button
        \t--cancel-button <text>\t\tset text of cancel button
        \t--noitem\t\t\tdon't display items
        \t--notags\t\t\tdon't display tags
        \t--separate-output\t\toutput one line at a time
        \t--output-fd <fd>\t\toutput to fd, not stderr
        \t--title <title>\t\t\tdisplay title
        \t--backtitle <backtitle>\t\tdisplay backtitle (above the box: ask draws inline)
        \t--scrolltext\t\t\tforce vertical scrollbars (the text scrolls in the box's height)
        \t--topleft\t\t\tput window in top-left corner (accepted, no effect)
        \t-h, --help\t\t\tprint this message
        \t-v, --version\t\t\tprint version information

        This is ask answering as whiptail: the same options, answers and statuses, in ask's
        own inline alert. See ask(1), "Run existing whiptail and dialog scripts".

        """

    /// What one command line asks for.
    package enum Command: Equatable, Sendable {
        case box(CompatInvocation)
        case help
        case version
    }

    /// Reads whiptail's arguments (after the program name, and after `--whiptail`).
    package static func parse(_ arguments: [String], bytes: [[UInt8]], fallback: Fallback?) throws(CompatUsageError) -> Command {
        var box: CompatBox.Kind?
        var values: [String: String] = [:]
        var set: Set<String> = []
        var positionals: [(text: String, bytes: [UInt8])] = []
        var help = false, version = false
        var scanner = ArgumentScanner(arguments, bytes: bytes, dialect: dialect)
        while let token = try scanner.next(or: refusal) {
            switch token {
            case let .operand(argument), let .nextGroup(argument):
                positionals.append((argument.text, argument.bytes))
            case let .option(option) where option.isShort:
                if option.name == "h" { help = true } else { version = true }
            case let .option(option):
                let name = option.name
                if let kind = CompatBox.Kind(rawValue: name), kind.isWhiptails {
                    if box != nil { throw CompatUsageError("one box at a time: --\(name) after --\(box!.rawValue)", status: usageStatus) }
                    box = kind
                } else if let value = option.value {
                    values[name] = value.text
                } else if name == "help" {
                    help = true
                } else if name == "version" {
                    version = true
                } else {
                    set.insert(name == "fullbuttons" ? "fb" : name)
                }
            }
        }
        if help { return .help }
        if version { return .version }

        var output: Int32 = 2
        if let text = values["output-fd"] {
            // popt refuses what is not a number; a number that is no open descriptor whiptail
            // cannot open (as ask finds before the box shows).
            guard let fd = Int32(text.trimmingLeadingSpaces) else {
                throw CompatUsageError("--output-fd: '\(text)': invalid numeric value", status: optionStatus)
            }
            output = fd
        }
        guard let box else { throw CompatUsageError("no box option (--msgbox, --yesno, --menu, …)", status: usageStatus) }
        guard positionals.count >= 3 else {
            throw CompatUsageError("--\(box.rawValue) needs its text, height and width", status: usageStatus)
        }
        var request = CompatBox(kind: box, usageStatus: usageStatus)
        request.height = try size(positionals[1].text, "height")
        request.text = box == .textbox ? positionals[0].text : Dialog.text(positionals[0].text, joinsLines: false, expands: true, colors: false)
        request.width = try size(positionals[2].text, "width")
        request.rest = Array(positionals.dropFirst(3))
        request.title = values["title"] ?? ""
        request.backtitle = values["backtitle"] ?? ""
        // whiptail keeps the text's runs of spaces; a --scrolltext text is held to its box and
        // is a stop of the focus (the first, unless --defaultno), scrolled while it has it.
        request.keepsSpaces = true
        request.scrollText = set.contains("scrolltext")
        request.arrowsScrollText = false
        request.textTakesFocus = request.scrollText
        request.okLabel = values["ok-button"] ?? tr("Ok", as: .newt)
        request.cancelLabel = values["cancel-button"]
        request.yesLabel = values["yes-button"]
        request.noLabel = values["no-button"]
        request.noCancel = set.contains("nocancel")
        request.defaultNo = box == .yesno && set.contains("defaultno")
        request.noItem = set.contains("noitem")
        request.noTags = set.contains("notags")
        request.defaultItem = values["default-item"]
        request.separateOutput = set.contains("separate-output")
        request.emptyListRuns = true
        let (spec, answer, _) = try request.make()

        var compat = CompatInvocation(personality: .whiptail, answer: answer)
        compat.output = output
        compat.invocation.spec = spec
        if request.width > 0 { compat.invocation.options.width = request.width }
        compat.invocation.options.fallback = fallback
        // Without Cancel, Esc in a box that has it otherwise answers as Cancel would.
        if request.noCancel && [.inputbox, .passwordbox, .menu, .checklist, .radiolist].contains(box) {
            compat.statuses.escape = compat.statuses.cancel
        }
        return .box(compat)
    }

    /// whiptail's command line as popt reads it: long options with a value after `=` or next
    /// (a flag's `=value` ignored), `-h` and `-v` bundled or not, options anywhere before `--`.
    package static let dialect = ArgumentDialect(long: { name in
        if let kind = CompatBox.Kind(rawValue: name), kind.isWhiptails { return 0 }
        return valued.contains(name) ? 1 : flags.contains(name) || name == "help" || name == "version" ? 0 : nil
    }, short: { $0 == "h" || $0 == "v" ? 0 : nil }, flagValue: .ignored)

    /// What popt says of a command line it cannot read.
    private static func refusal(_ error: ScanError) -> CompatUsageError {
        switch error {
        case let .unknownOption(option): CompatUsageError("\(option): unknown option", status: optionStatus)
        case let .missingValue(option, _): CompatUsageError("\(option): missing argument", status: optionStatus)
        case let .unexpectedValue(option): CompatUsageError("\(option): unknown option", status: optionStatus)
        }
    }

    /// A size as whiptail reads one (`strtoul`, the whole argument): spaces, a sign, digits.
    static func size(_ text: String, _ what: String) throws(CompatUsageError) -> Int {
        guard let value = number(text) else { throw CompatUsageError("the \(what) '\(text)' is not a number", status: usageStatus) }
        return value
    }

    static func number(_ text: String) -> Int? {
        var digits = Substring(text.trimmingLeadingSpaces)
        var negative = false
        if let sign = digits.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        if digits.isEmpty { return text.trimmingLeadingSpaces.isEmpty ? 0 : nil }
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        let value = Int(digits.prefix(9)) ?? 0
        return negative ? -value : value
    }
}

extension String {
    var trimmingLeadingSpaces: String { String(drop { $0 == " " || $0 == "\t" || $0 == "\n" }) }
}
