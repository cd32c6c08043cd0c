import AskChoices
import AskFields
import AskKit
import AskGauge
import AskModel
import AskPresentation
import AskTextBox

/// Thomas Dickey's dialog command line (1.3), read as dialog reads it — its common options
/// first, then one box option and the box's arguments — into `ask`'s own alert or sheet. The
/// answer goes where dialog's goes (stderr, `--stdout`, or `--output-fd`) in dialog's form;
/// the statuses are dialog's, changed by its `DIALOG_OK`, `DIALOG_CANCEL`, `DIALOG_HELP`,
/// `DIALOG_EXTRA`, `DIALOG_ESC`, `DIALOG_ERROR` and `DIALOG_TIMEOUT` variables.
package enum Dialog {
    /// The options that take values, and how many.
    static let valued: [String: Int] = [
        "title": 1, "backtitle": 1, "yes-label": 1, "no-label": 1, "ok-label": 1, "cancel-label": 1, "extra-label": 1,
        "help-label": 1, "exit-label": 1, "default-button": 1, "default-item": 1, "output-fd": 1, "separator": 1,
        "output-separator": 1, "sleep": 1, "timeout": 1, "max-input": 1, "aspect": 1, "begin": 2, "tab-len": 1, "hline": 1,
        "hfile": 1, "column-separator": 1, "date-format": 1, "time-format": 1, "week-start": 1, "input-fd": 1,
    ]
    /// The options that take none and change what `ask` does.
    static let meaningful: Set<String> = [
        "stdout", "stderr", "separate-output", "defaultno", "nocancel", "no-cancel", "extra-button", "help-button",
        "no-items", "no-tags", "noitem", "notags", "item-help", "cr-wrap", "trim", "no-nl-expand", "colors", "insecure",
        "no-collapse", "quoted", "single-quoted", "help-status", "help-tags",
    ]
    /// The options that only style dialog's screen, or its other widgets: accepted, no effect.
    static let styling: Set<String> = [
        "clear", "keep-window", "keep-tite", "shadow", "no-shadow", "no-lines", "ascii-lines", "no-mouse", "scrollbar",
        "tab-correct", "erase-on-exit", "cursor-off-label", "visit-items", "iso-week", "reorder", "last-key",
        "ignore", "no-ok", "nook", "scrolltext", "no-hot-list", "size-err", "beep", "beep-after", "fixed-font", "print-maxsize",
        "print-size", "print-text-only", "print-text-size", "no-kill",
    ]
    /// dialog's widgets `ask` has no box for: named in the refusal.
    package static let absent: Set<String> = [
        "calendar", "fselect", "dselect", "inputmenu", "mixedgauge", "pause", "prgbox", "programbox", "progressbox",
        "rangebox", "tailbox", "tailboxbg", "timebox", "treeview", "buildlist",
    ]

    /// dialog's status for a command line it cannot use (DLG_EXIT_ERROR, as the shell sees it).
    static let usageStatus: Int32 = 255

    /// What one command line asks for.
    package enum Command: Equatable, Sendable {
        case box(CompatInvocation)
        case help
        case version
        /// Options and no box: nothing is drawn, status 0 (as dialog ends then).
        case nothing
    }

    /// What `dialog --help` prints (on stdout, status 0).
    package static let usage = """
        dialog (ask): dialog's command line, drawn by ask.
        Usage: dialog <options> { --and-widget <options> }
        where options are "common" options, followed by "box" options

        Box options (the ones ask draws):
          --checklist    <text> <height> <width> <list height> <tag1> <item1> <status1>...
          --form         <text> <height> <width> <form height> <label1> <l_y1> <l_x1> <item1> <i_y1> <i_x1> <flen1> <ilen1>...
          --gauge        <text> <height> <width> [<percent>]
          --infobox      <text> <height> <width>
          --inputbox     <text> <height> <width> [<init>]
          --menu         <text> <height> <width> <menu height> <tag1> <item1>...
          --mixedform    <text> <height> <width> <form height> <label1> <l_y1> <l_x1> <item1> <i_y1> <i_x1> <flen1> <ilen1> <itype>...
          --msgbox       <text> <height> <width>
          --passwordbox  <text> <height> <width> [<init>]
          --passwordform <text> <height> <width> <form height> <label1> <l_y1> <l_x1> <item1> <i_y1> <i_x1> <flen1> <ilen1>...
          --radiolist    <text> <height> <width> <list height> <tag1> <item1> <status1>...
          --textbox      <file> <height> <width>
          --editbox      <file> <height> <width>
          --yesno        <text> <height> <width>

        Common options: --title, --backtitle, --yes-label, --no-label, --ok-label, --cancel-label,
        --extra-button, --extra-label, --help-button, --help-label, --exit-label, --default-button,
        --defaultno, --default-item, --nocancel, --stdout, --stderr, --output-fd, --separate-output,
        --output-separator, --quoted, --insecure, --no-collapse, --cr-wrap, --trim, --no-nl-expand,
        --colors, --sleep, --timeout, --max-input, --no-items, --no-tags, --item-help; those that
        only style dialog's screen are accepted and change nothing. See ask(1), "Run existing
        whiptail and dialog scripts".

        """

    /// Reads dialog's arguments (after the program name, and after `--dialog`).
    package static func parse(_ arguments: [String], bytes: [[UInt8]], environment: Environment,
                              fallback: Fallback?) throws(CompatUsageError) -> Command {
        var values: [String: [String]] = [:]
        var set: Set<String> = []
        var kind: CompatBox.Kind?
        var boxName = ""
        var positionals: [CompatBox.Argument] = []
        var scanner = ArgumentScanner(arguments, bytes: bytes, dialect: dialect)
        while let token = try scanner.next(or: refusal) {
            switch token {
            case let .operand(argument) where kind == nil:
                throw CompatUsageError("Expected a box option; '\(argument.text)' is not one", status: usageStatus)
            case let .operand(argument):
                positionals.append((argument.text, argument.bytes))
            case let .nextGroup(next):
                throw CompatUsageError(next.text == "--and-widget" ? "--and-widget: ask draws one box a call"
                                       : "Expected a box option; '\(next.text)' after --\(boxName)'s arguments is not one",
                                       status: usageStatus)
            case let .option(option):
                let name = option.name
                if name == "help" { return .help }
                if name == "version" || name == "print-version" { return .version }
                if let box = CompatBox.Kind(rawValue: name) {
                    kind = box
                    boxName = name
                } else if absent.contains(name) {
                    throw CompatUsageError("--\(name): ask has no \(name) box (it draws dialog's msgbox, yesno, infobox, inputbox, "
                                           + "passwordbox, textbox, editbox, menu, checklist, radiolist, gauge and forms)", status: usageStatus)
                } else if name == "and-widget" {
                    throw CompatUsageError("--and-widget: ask draws one box a call", status: usageStatus)
                } else if valued[name] != nil {
                    values[name] = option.values.map { $0.text }
                } else {
                    set.insert(name)
                }
            }
        }
        // No box at all: dialog has nothing to do, and ends at once.
        guard let kind else { return .nothing }
        guard positionals.count >= 3 else {
            throw CompatUsageError("Expected at least 3 tokens for --\(boxName), have \(positionals.count).", status: usageStatus)
        }
        for (position, what) in [(1, "height"), (2, "width")] where Whiptail.number(positionals[position].text) == nil {
            throw CompatUsageError("Expected a number for the \(what) of --\(boxName), not '\(positionals[position].text)'.",
                                   status: usageStatus)
        }
        func value(_ name: String) -> String? { values[name]?.first }

        var request = CompatBox(kind: kind, usageStatus: usageStatus)
        if kind == .textbox || kind == .editbox {
            request.text = positionals[0].text
        } else {
            (request.text, request.emphasis) = styledText(positionals[0].text,
                                                          joinsLines: set.contains("trim") && !set.contains("cr-wrap"),
                                                          expands: !set.contains("no-nl-expand"), colors: set.contains("colors"))
        }
        request.backtitle = value("backtitle").map { text($0, joinsLines: false, expands: false, colors: set.contains("colors")) } ?? ""
        request.keepsSpaces = set.contains("no-collapse")
        request.width = Whiptail.number(positionals[2].text) ?? 0
        request.height = Whiptail.number(positionals[1].text) ?? 0
        request.rest = Array(positionals.dropFirst(3))
        request.title = value("title").map { text($0, joinsLines: false, expands: false, colors: set.contains("colors")) } ?? ""
        request.okLabel = kind == .textbox ? value("exit-label") ?? value("ok-label") : value("ok-label")
        request.cancelLabel = value("cancel-label")
        request.yesLabel = value("yes-label")
        request.noLabel = value("no-label")
        if set.contains("extra-button") { request.extraLabel = value("extra-label") ?? "Extra" }
        if set.contains("help-button") { request.helpLabel = value("help-label") ?? "Help" }
        request.noCancel = set.contains("nocancel") || set.contains("no-cancel")
        request.defaultNo = set.contains("defaultno")
        if let name = value("default-button") {
            switch name {
            case "ok", "yes": request.defaultButton = .ok
            case "cancel", "no": request.defaultButton = .cancel
            case "extra": request.defaultButton = request.extraLabel == nil ? nil : .secondary
            case "help": request.defaultButton = request.helpLabel == nil ? nil : .help
            default: throw CompatUsageError("--default-button: '\(name)' is not a button (ok, yes, cancel, no, extra, help)",
                                            status: usageStatus)
            }
        }
        request.noItem = set.contains("no-items") || set.contains("noitem")
        request.noTags = set.contains("no-tags") || set.contains("notags")
        request.itemHelp = set.contains("item-help")
        request.defaultItem = value("default-item")
        request.separateOutput = set.contains("separate-output")
        request.buttonsHoldFocus = true
        request.dialogLists = true
        request.itemsOmitted = request.noItem
        request.percentRequired = false
        request.returnAccepts = true
        if let most = value("max-input") {
            guard let number = Whiptail.number(most), number > 0 else {
                throw CompatUsageError("--max-input: '\(most)' is not a number above 0", status: usageStatus)
            }
            request.maxInput = number
        }
        let (spec, answer) = try request.make()

        var compat = CompatInvocation(personality: .dialog, answer: answer)
        compat.invocation.spec = spec
        if request.width > 0 { compat.invocation.options.width = request.width }
        compat.invocation.options.fallback = fallback
        compat.quotesOnlyWhenNeeded = true
        compat.separator = (values["output-separator"] ?? values["separator"])?.first.map { Array($0.utf8) }
        if set.contains("stdout") { compat.output = 1 }
        if let fd = value("output-fd") {
            guard let number = Whiptail.number(fd), number >= 0 else {
                throw CompatUsageError("--output-fd: '\(fd)' is not a descriptor", status: usageStatus)
            }
            compat.output = Int32(number)
        }
        if let seconds = value("timeout") {
            guard let number = Whiptail.number(seconds), number >= 0 else {
                throw CompatUsageError("--timeout: '\(seconds)' is not a number of seconds", status: usageStatus)
            }
            if number > 0 { compat.invocation.options.timeout = Double(min(number, Int(Deadline.longest))) }
        }
        if let seconds = value("sleep") {
            guard let number = Whiptail.number(seconds), number >= 0 else {
                throw CompatUsageError("--sleep: '\(seconds)' is not a number of seconds", status: usageStatus)
            }
            compat.sleep = min(number, 3600)
        }
        compat.statuses = statuses(environment)
        compat.saysTimeout = environment["DIALOG_TIMEOUT"].flatMap { Whiptail.number($0) } != nil
        return .box(compat)
    }

    /// dialog's command line: long options only, their values in the next arguments (`=` is no
    /// separator), `--` no option end; a box option ends the options, and the arguments after it
    /// (a first `--` skipped) are the box's, up to the next that begins with `--`.
    package static let dialect = ArgumentDialect(long: { name in
        if CompatBox.Kind(rawValue: name) != nil { return 0 }
        if let count = valued[name] { return count }
        let known = ["help", "version", "print-version", "and-widget"].contains(name) || absent.contains(name)
            || meaningful.contains(name) || styling.contains(name)
        return known ? 0 : nil
    }, shorts: .none, attachesLongValue: false, doubleDashEndsOptions: false, endsOptions: { CompatBox.Kind(rawValue: $0) != nil })

    /// What dialog says of a command line it cannot read.
    private static func refusal(_ error: ScanError) -> CompatUsageError {
        switch error {
        case let .unknownOption(option), let .unexpectedValue(option):
            CompatUsageError("Unknown option \(option).", status: usageStatus)
        case let .missingValue(option, count):
            CompatUsageError("\(option) needs \(count == 1 ? "a value" : "\(count) values")", status: usageStatus)
        }
    }

    /// The statuses, each changed by its variable when that holds a number.
    static func statuses(_ environment: Environment) -> CompatInvocation.Statuses {
        var statuses = CompatInvocation.Statuses()
        func number(_ name: String) -> Int32? {
            environment[name].flatMap { Whiptail.number($0) }.map { Int32(truncatingIfNeeded: $0) }
        }
        statuses.ok = number("DIALOG_OK") ?? 0
        statuses.cancel = number("DIALOG_CANCEL") ?? 1
        statuses.help = number("DIALOG_HELP") ?? 2
        statuses.extra = number("DIALOG_EXTRA") ?? 3
        statuses.escape = number("DIALOG_ESC") ?? 255
        statuses.error = number("DIALOG_ERROR") ?? 255
        // Without DIALOG_TIMEOUT, dialog ends a timeout as Esc.
        statuses.timeout = number("DIALOG_TIMEOUT") ?? statuses.escape
        return statuses
    }

    /// A box's text as dialog shows it, without its emphasis (a title, a backtitle: `styledText`).
    static func text(_ text: String, joinsLines: Bool, expands: Bool, colors: Bool) -> String {
        styledText(text, joinsLines: joinsLines, expands: expands, colors: colors).text
    }

    /// A box's text as dialog shows it: its line breaks kept, unless `joinsLines` (`--trim`
    /// without `--cr-wrap`: the lines are joined with spaces, and dialog wraps the text itself); `\n` written out is a line break unless `--no-nl-expand`; with
    /// `--colors`, the `\Z` codes are taken out and become the emphasis of the spans they begin
    /// (`\Zb`/`\ZB` bold on and off, `\Zu`/`\ZU` underline, `\Zr`/`\ZR` reverse, `\Z0`–`\Z7` a colour,
    /// `\Zn` none of them), which the view draws within its contrast rules. whiptail reads its
    /// text as this does with `expands`.
    static func styledText(_ text: String, joinsLines: Bool, expands: Bool, colors: Bool) -> (text: String, emphasis: [EmphasisRun]) {
        var result = ""
        var count = 0
        var runs: [EmphasisRun] = []
        var emphasis = TextEmphasis()
        var runStart = 0
        func endRun() {
            if !emphasis.isPlain && count > runStart { runs.append(EmphasisRun(start: runStart, count: count - runStart, emphasis: emphasis)) }
            runStart = count
        }
        func append(_ character: Character) {
            result.append(character)
            count += 1
        }
        var characters = Array(text)[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            if character == "\n" && joinsLines {
                append(" ")
            } else if character == "\\", let next = characters.first {
                if next == "n" && expands {
                    append("\n")
                    characters = characters.dropFirst()
                } else if next == "Z" && colors, let code = characters.dropFirst().first, "01234567bBuUrRn".contains(code) {
                    characters = characters.dropFirst(2)
                    endRun()
                    switch code {
                    case "b", "B": emphasis.bold = code == "b"
                    case "u", "U": emphasis.underline = code == "u"
                    case "r", "R": emphasis.reverse = code == "r"
                    case "n": emphasis = TextEmphasis()
                    default: emphasis.color = code.asciiValue.map { Int($0) - 48 }
                    }
                } else {
                    append(character)
                }
            } else {
                append(character)
            }
        }
        endRun()
        return (result, runs)
    }
}
