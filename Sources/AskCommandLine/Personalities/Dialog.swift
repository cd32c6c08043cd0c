import AskChoices
import AskFields
import AskKit
import AskGauge
import AskModel
import AskPresentation
import AskText
import AskTextBox

/// Thomas Dickey's dialog command line (1.3), read as dialog reads it — its common options
/// first, then one box option and the box's arguments — into `ask`'s own alert or sheet. The
/// answer goes where dialog's goes (stderr, `--stdout`, or `--output-fd`) in dialog's form;
/// the statuses are dialog's, changed by its `DIALOG_OK`, `DIALOG_CANCEL`, `DIALOG_HELP`,
/// `DIALOG_EXTRA`, `DIALOG_ESC`, `DIALOG_ERROR` and `DIALOG_TIMEOUT` variables.
package enum Dialog {
    /// dialog's options as Debian builds it (1.3-20230209, with whiptail's spellings and
    /// Xdialog's additions), and how many values each takes: every name its table has, so that
    /// a spelling it derives from one (`findOption`'s rule, `lookup`) is derived here alike.
    static let options: [String: Int] = {
        var options: [String: Int] = [:]
        for name in ["backtitle", "cancel-label", "column-separator", "date-format", "default-button", "default-item",
                     "exit-label", "extra-label", "help-label", "hfile", "hline", "icon", "input-fd", "max-input", "no-label",
                     "ok-label", "output-fd", "output-separator", "separate-widget", "separator", "sleep", "tab-len",
                     "time-format", "timeout", "title", "wmclass", "yes-label", "aspect", "week-start", "trace",
                     "cancel-button", "no-button", "ok-button", "yes-button"] {
            options[name] = 1
        }
        options["begin"] = 2
        for name in ["allow-close", "and-widget", "ascii-lines", "auto-placement", "beep", "beep-after", "clear", "colors",
                     "cr-wrap", "cursor-off-label", "defaultno", "erase-on-exit", "extra-button", "fixed-font", "help",
                     "help-button", "help-status", "help-tags", "ignore", "insecure", "item-help", "keep-colors", "keep-tite",
                     "keep-window", "last-key", "no-cancel", "no-close", "no-collapse", "no-hot-list", "no-kill", "no-lines",
                     "no-mouse", "no-nl-expand", "no-ok", "no-shadow", "print-maxsize", "print-size", "print-text-only",
                     "print-text-size", "print-version", "quoted", "screen-center", "scrollbar", "separate-output",
                     "single-quoted", "size-err", "smooth", "stderr", "stdout", "tab-correct", "trim", "under-mouse",
                     "version", "visit-items", "fb", "fullbutton", "scrolltext", "topleft", "iso-week", "no-items", "no-tags",
                     "reorder", "noitem", "notags", "guage", "create-rc"] {
            options[name] = 0
        }
        for name in absent { options[name] = 0 }
        for kind in CompatBox.Kind.allCases { options[kind.rawValue] = 0 }
        return options
    }()

    /// The names dialog's table gives one meaning twice (whiptail's spellings, Xdialog's, a
    /// misspelling kept), by the name this reads them as.
    static let synonyms = ["cancel-button": "cancel-label", "no-button": "no-label", "ok-button": "ok-label",
                           "yes-button": "yes-label", "separator": "output-separator", "noitem": "no-items",
                           "notags": "no-tags", "guage": "gauge", "fullbutton": "fb", "scrolltext": "scrollbar"]

    /// The option `spelled` (without its dashes) names, as dialog finds it: its own name, or
    /// — a name its table lacks — with `no` added or taken away (`--nocancel` is `no-cancel`,
    /// `--collapse` is `no-collapse` turned off, `--nonl-expand`, `--no-defaultno`); and, for a
    /// flag, whether it is on: a spelling with `no` where the name has none, or the other way
    /// round, turns it off.
    package static func lookup(_ spelled: String) -> (name: String, on: Bool)? {
        func found(_ name: String) -> (name: String, on: Bool) {
            let on = name == spelled || spelled.hasPrefix("no") == name.hasPrefix("no")
            return (synonyms[name] ?? name, on)
        }
        if options[spelled] != nil { return found(spelled) }
        if spelled.hasPrefix("no") {
            let rest = spelled.dropFirst(spelled.hasPrefix("no-") ? 3 : 2)
            for name in ["no-" + rest, String(rest)] where options[name] != nil { return found(name) }
        } else if options["no-" + spelled] != nil {
            return found("no-" + spelled)
        }
        return nil
    }

    /// dialog's widgets `ask` has no box for: named in the refusal.
    package static let absent: Set<String> = [
        "calendar", "fselect", "dselect", "inputmenu", "mixedgauge",
        "tailboxbg", "timebox", "treeview", "buildlist",
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
          --pause        <text> <height> <width> <seconds>
          --rangebox     <text> <height> <width> <min-value> <max-value> <default-value>
          --passwordform <text> <height> <width> <form height> <label1> <l_y1> <l_x1> <item1> <i_y1> <i_x1> <flen1> <ilen1>...
          --radiolist    <text> <height> <width> <list height> <tag1> <item1> <status1>...
          --textbox      <file> <height> <width>
          --progressbox  [<text>] <height> <width>
          --programbox   [<text>] <height> <width>
          --prgbox       [<text>] <command> <height> <width>
          --tailbox      <file> <height> <width>
          --editbox      <file> <height> <width>
          --yesno        <text> <height> <width>

        Special options: --create-rc <file> (first and alone), --print-maxsize, --print-size,
        --print-version (a line where the answer goes).

        Common options: --title, --backtitle, --yes-label, --no-label, --ok-label, --cancel-label,
        --extra-button, --extra-label, --help-button, --help-label, --exit-label, --default-button,
        --defaultno, --default-item, --nocancel, --stdout, --stderr, --output-fd, --separate-output,
        --output-separator, --separate-widget, --quoted, --insecure, --no-collapse, --cr-wrap, --trim, --no-nl-expand,
        --colors, --sleep, --timeout, --max-input, --no-items, --no-tags, --item-help, --help-tags;
        whiptail's --yes-button, --no-button, --ok-button and --cancel-button; a name with "no"
        added or taken away as dialog finds it (--nocancel, --collapse); those that only style
        dialog's screen are accepted and change nothing. See ask(1), "Run existing whiptail and
        dialog scripts".

        """

    /// Reads dialog's arguments (after the program name, and after `--dialog`): one box, or
    /// several joined (`--and-widget`, or a box's options right after another box's arguments),
    /// each with its own options as dialog resets them between boxes; where the answers go
    /// (`--stdout`, `--stderr`, `--output-fd`: the last anywhere) and `--separate-widget` (from
    /// where it is given on) are the call's.
    package static func parse(_ arguments: [String], bytes: [[UInt8]], environment: Environment,
                              fallback: Fallback?) throws(CompatUsageError) -> Command {
        if let alone = alone(arguments) { return alone }
        // --create-rc takes its file only first, and nothing after it.
        if let first = arguments.first, first.hasPrefix("--"), lookup(String(first.dropFirst(2)))?.name == "create-rc" {
            guard arguments.count == 2 else { throw CompatUsageError("Expected a filename for --create-rc.", status: usageStatus) }
            var compat = CompatInvocation(personality: .dialog)
            compat.prints = [.rcFile(arguments[1])]
            compat.drawsBox = false
            compat.statuses = statuses(environment)
            return .box(compat)
        }
        var scanner = ArgumentScanner(arguments, bytes: bytes, dialect: dialect)
        var boxes: [CompatInvocation] = []
        var output: Int32?
        var widgetSeparator: [UInt8]?
        var joining: CompatInvocation.Joining?
        repeat {
            let box = try parseBox(&scanner, arguments: arguments, environment: environment, fallback: fallback)
            guard case var .box(compat) = box.command else {
                if boxes.isEmpty || box.command != .nothing { return box.command }
                throw CompatUsageError("Expected a box option", status: usageStatus)
            }
            output = box.output ?? output
            widgetSeparator = box.widgetSeparator ?? widgetSeparator
            compat.widgetSeparator = widgetSeparator
            compat.joinedBy = joining
            boxes.append(compat)
            joining = box.next
        } while joining != nil
        var first = boxes.removeFirst()
        first.output = output ?? 2
        first.joined = boxes.map { box in
            var box = box
            box.output = first.output
            return box
        }
        return .box(first)
    }

    /// One box's options and arguments, read from where `scanner` stands, and how the next box
    /// is joined to it, if one is.
    private static func parseBox(_ scanner: inout ArgumentScanner, arguments: [String], environment: Environment, fallback: Fallback?)
        throws(CompatUsageError) -> (command: Command, output: Int32?, widgetSeparator: [UInt8]?, next: CompatInvocation.Joining?) {
        /// What is printed as the command line is read (`--print-maxsize`, `--print-version`).
        var prints: [CompatPrint] = []
        var values: [String: [String]] = [:]
        /// The flags given, on or off (`--no-collapse`, `--collapse`): the last spelling stands.
        var flags: [String: Bool] = [:]
        /// `--defaultno` and `--default-button`, the last of them standing.
        var defaultButton: String?
        /// Where the answer goes: `--stdout`, `--stderr`, `--output-fd`, the last of them standing.
        var output: Int32?
        var kind: CompatBox.Kind?
        var boxName = ""
        var positionals: [CompatBox.Argument] = []
        var next: CompatInvocation.Joining?
        scanning: while let token = try scanner.next(or: refusal) {
            switch token {
            case let .operand(argument) where kind == nil:
                throw CompatUsageError("Expected a box option; '\(argument.text)' is not one", status: usageStatus)
            case let .operand(argument):
                positionals.append((argument.text, argument.bytes))
            case let .nextGroup(following):
                let name = following.text.hasPrefix("--") ? lookup(String(following.text.dropFirst(2)))?.name : nil
                guard let name else { throw CompatUsageError("Expected --and-widget, not \(following.text)", status: usageStatus) }
                if name == "and-widget" {
                    next = .andWidget
                } else {
                    // Another box's options at once: it is drawn only after OK.
                    scanner.unread()
                    next = .afterOK
                }
                break scanning
            case let .option(option):
                guard let (name, on) = lookup(option.name) else { continue }
                if name == "help" { return (.help, nil, nil, nil) }
                if name == "version" { return (.version, nil, nil, nil) }
                // Alone, dialog opens its screen first and measures it; else it has not yet.
                if name == "print-maxsize" { prints.append(.maxSize(measured: essentials(arguments).count == 1)) }
                if name == "print-version" { prints.append(.version) }
                if let box = CompatBox.Kind(rawValue: name) {
                    if flags["separate-output"] == true && box != .checklist {
                        throw CompatUsageError("Unexpected widget with --separate-output --\(option.name).", status: usageStatus)
                    }
                    kind = box
                    boxName = option.name
                } else if absent.contains(name) {
                    throw CompatUsageError("--\(name): ask has no \(name) box (it draws dialog's msgbox, yesno, infobox, inputbox, "
                                           + "passwordbox, textbox, editbox, menu, checklist, radiolist, gauge, pause, rangebox, forms, progressbox, programbox, prgbox and tailbox)", status: usageStatus)
                } else if name == "and-widget" {
                    continue  // (before a box: nothing to join yet)
                } else if name == "default-button" {
                    let button = option.values[0].text.lowercased()
                    guard ["ok", "yes", "cancel", "no", "extra", "help"].contains(button) else {
                        throw CompatUsageError("Button name \"\(option.values[0].text)\" unknown.", status: usageStatus)
                    }
                    defaultButton = button
                } else if name == "stdout" || name == "stderr" {
                    output = name == "stdout" ? 1 : 2
                } else if name == "output-fd" {
                    let fd = option.values[0].text
                    guard let number = Whiptail.number(fd), number >= 0 else {
                        throw CompatUsageError("Cannot open output-fd", status: usageStatus)
                    }
                    output = Int32(truncatingIfNeeded: number)
                } else if name == "defaultno" {
                    // Off or on, dialog gives Cancel the focus.
                    defaultButton = "cancel"
                } else if !option.values.isEmpty {
                    values[name] = option.values.map { $0.text }
                } else {
                    flags[name] = on
                }
            }
        }
        func flag(_ name: String) -> Bool { flags[name] == true }
        // No box at all: dialog has nothing to do but print, and ends at once.
        guard let kind else {
            guard !prints.isEmpty else { return (.nothing, output, nil, nil) }
            var compat = CompatInvocation(personality: .dialog)
            compat.prints = prints
            compat.drawsBox = false
            compat.statuses = statuses(environment)
            return (.box(compat), output, nil, nil)
        }
        // The output boxes' text may be left out (the command's box takes it before the command).
        if kind == .progressbox || kind == .programbox, positionals.count == 2 { positionals.insert(("", []), at: 0) }
        if kind == .prgbox {
            if positionals.count == 3 { positionals.insert(("", []), at: 0) }
            if positionals.count == 4 { positionals.append(positionals.remove(at: 1)) }
        }
        guard positionals.count >= 3 else {
            throw CompatUsageError("Expected at least 3 tokens for --\(boxName), have \(positionals.count).", status: usageStatus)
        }
        for (position, what) in [(1, "height"), (2, "width")] where Whiptail.number(positionals[position].text) == nil {
            throw CompatUsageError("Expected a number for the \(what) of --\(boxName), not '\(positionals[position].text)'.",
                                   status: usageStatus)
        }
        func value(_ name: String) -> String? { values[name]?.first }

        var request = CompatBox(kind: kind, usageStatus: usageStatus)
        request.words = .dialog
        if kind == .textbox || kind == .editbox || kind == .tailbox {
            request.text = positionals[0].text
        } else {
            (request.text, request.emphasis) = styledText(positionals[0].text,
                                                          joinsLines: flag("trim") && !flag("cr-wrap"),
                                                          expands: !flag("no-nl-expand"), colors: flag("colors"))
        }
        request.backtitle = value("backtitle").map { text($0, joinsLines: false, expands: false, colors: flag("colors")) } ?? ""
        request.keepsSpaces = flag("no-collapse")
        request.width = Whiptail.number(positionals[2].text) ?? 0
        request.height = Whiptail.number(positionals[1].text) ?? 0
        request.rest = Array(positionals.dropFirst(3))
        request.title = value("title").map { text($0, joinsLines: false, expands: false, colors: flag("colors")) } ?? ""
        request.okLabel = kind == .textbox || kind == .tailbox ? value("exit-label") ?? value("ok-label") : value("ok-label")
        request.cancelLabel = value("cancel-label")
        request.yesLabel = value("yes-label")
        request.noLabel = value("no-label")
        if flag("extra-button") { request.extraLabel = value("extra-label") ?? tr("Extra", as: .dialog) }
        if flag("help-button") { request.helpLabel = value("help-label") ?? tr("Help", as: .dialog) }
        request.noCancel = flag("no-cancel")
        // The button named has the focus when the box has it; OK has it otherwise (a field's
        // box starts with the focus there, not in its field).
        request.startsOnDefaultButton = defaultButton != nil
        switch defaultButton {
        case "ok", "yes": request.defaultButton = .ok
        case "cancel", "no": request.defaultButton = request.noCancel ? .ok : .cancel
        case "extra": request.defaultButton = request.extraLabel == nil ? .ok : .secondary
        case "help": request.defaultButton = request.helpLabel == nil ? .ok : .help
        default: break
        }
        request.noItem = flag("no-items")
        request.noTags = flag("no-tags")
        request.itemHelp = flag("item-help")
        request.defaultItem = value("default-item")
        request.separateOutput = flag("separate-output")
        request.buttonsHoldFocus = true
        request.dialogLists = true
        request.marksOn = ["on"]
        request.firstMarkStands = true
        request.itemsOmitted = request.noItem
        request.percentRequired = false
        request.returnAccepts = true
        if let most = value("max-input") {
            guard let number = Whiptail.number(most) else {
                throw CompatUsageError("Expected a number for --max-input, not '\(most)'.", status: usageStatus)
            }
            // 0 or less: dialog's own limit.
            request.maxInput = number > 0 ? number : nil
        }
        let (spec, answer, helps) = try request.make()

        var compat = CompatInvocation(personality: .dialog, answer: answer)
        compat.itemHelps = helps
        compat.helpAnswersTag = flag("help-tags")
        compat.answersOnOKOnly = kind == .editbox
        compat.invocation.spec = spec
        if request.width > 0 { compat.invocation.options.width = request.width }
        compat.invocation.options.fallback = fallback
        compat.quotesOnlyWhenNeeded = true
        compat.separator = values["output-separator"]?.first.map { Array($0.utf8) }
        if let seconds = value("timeout") {
            guard let number = Whiptail.number(seconds), number >= 0 else {
                throw CompatUsageError("--timeout: '\(seconds)' is not a number of seconds", status: usageStatus)
            }
            if number > 0 { compat.invocation.options.timeout = Double(min(number, Int(Deadline.longest))) }
        }
        // A pause's own seconds stand, whatever --timeout says (dialog's pause does not read it).
        if let seconds = request.pauseSeconds { compat.invocation.options.timeout = Double(seconds) }
        if let seconds = value("sleep") {
            guard let number = Whiptail.number(seconds), number >= 0 else {
                throw CompatUsageError("--sleep: '\(seconds)' is not a number of seconds", status: usageStatus)
            }
            compat.sleep = min(number, 3600)
        }
        compat.statuses = statuses(environment)
        compat.prints = prints + (flag("print-size") ? [.size(height: request.height, width: request.width)] : [])
        compat.saysTimeout = environment["DIALOG_TIMEOUT"].flatMap { Whiptail.number($0) } != nil
        return (.box(compat), output, values["separate-widget"]?.first.map { Array($0.utf8) }, next)
    }

    /// dialog's command line: long options only, their values in the next arguments (`=` is no
    /// separator), `--` no option end; a box option ends the options, and the arguments after it
    /// (a first `--` skipped) are the box's, up to the next that begins with `--`.
    package static let dialect = ArgumentDialect(long: { lookup($0).flatMap { options[$0.name] } }, shorts: .none,
                                                 attachesLongValue: false, doubleDashEndsOptions: false,
                                                 endsOptions: { lookup($0).flatMap { CompatBox.Kind(rawValue: $0.name) } != nil })

    /// What a command line of one argument (the options that say where the answer goes aside)
    /// asks for: dialog prints its help then, whatever the argument (a box without its
    /// arguments too), and ends with OK's status; nil for a longer one.
    static func alone(_ arguments: [String]) -> Command? {
        let rest = essentials(arguments)
        if rest.count > 1 { return nil }
        switch rest.first {
        case "version": return .version
        case "clear", "ignore": return .nothing
        // Printed as any command line prints them.
        case "print-maxsize", "print-version": return nil
        default: return .help
        }
    }

    /// The arguments besides those that say where the answer goes (and their values), an
    /// option by the name it is found as; at most two, enough to tell one alone.
    static func essentials(_ arguments: [String]) -> [String] {
        var rest: [String] = []
        var index = 0
        while index < arguments.count && rest.count < 2 {
            let name = arguments[index].hasPrefix("--") ? lookup(String(arguments[index].dropFirst(2)))?.name : nil
            switch name {
            case "stdout", "stderr", "keep-tite": index += 1
            case "output-fd", "input-fd": index += 2
            default:
                rest.append(name ?? arguments[index])
                index += 1
            }
        }
        return rest
    }

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
