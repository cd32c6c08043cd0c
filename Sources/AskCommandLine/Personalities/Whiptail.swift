import AskModel

/// newt's whiptail command line (0.52), read as whiptail reads it — options anywhere before
/// `--`, one box option, then the box's text, height and width and what the box takes after
/// them — into `ask`'s own alert or sheet. The answer goes where whiptail's goes (stderr, or
/// `--output-fd`), in its bytes; the status is its status.
///
/// What the sizes mean to `ask`: its box is drawn inline and fits its content, so the height
/// and a list's height are read (and must be numbers, as whiptail wants) but not used; a
/// width above 0 is the box's width (`--width`), as far as the terminal allows.
package enum Whiptail {
    /// The box options, and the arguments each takes after the text, height and width.
    enum Box: String, CaseIterable {
        case msgbox, yesno, infobox, inputbox, passwordbox, textbox, menu, checklist, radiolist, gauge

        var isList: Bool { self == .menu || self == .checklist || self == .radiolist }
    }

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
        \t--backtitle <backtitle>\t\tdisplay backtitle (accepted, not drawn: ask draws inline)
        \t--scrolltext\t\t\tforce vertical scrollbars (accepted, no effect)
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
    package static func parse(_ arguments: [String], bytes: [[UInt8]], environment: Environment,
                              fallback: Fallback?) throws(CompatUsageError) -> Command {
        var box: Box?
        var values: [String: String] = [:]
        var set: Set<String> = []
        var positionals: [(text: String, bytes: [UInt8])] = []
        var help = false, version = false
        var index = 0
        var ended = false
        while index < arguments.count {
            let argument = arguments[index]
            defer { index += 1 }
            if ended || argument == "-" || !argument.hasPrefix("-") {
                positionals.append((argument, bytes[index]))
                continue
            }
            if argument == "--" {
                ended = true
                continue
            }
            if !argument.hasPrefix("--") {
                // Short options: -h and -v, bundled or not.
                for letter in argument.dropFirst() {
                    switch letter {
                    case "h": help = true
                    case "v": version = true
                    default: throw CompatUsageError("-\(letter): unknown option", status: optionStatus)
                    }
                }
                continue
            }
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let attached = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            if let kind = Box(rawValue: name) {
                if box != nil { throw CompatUsageError("one box at a time: --\(name) after --\(box!.rawValue)", status: usageStatus) }
                box = kind
            } else if valued.contains(name) {
                if let attached {
                    values[name] = attached
                } else {
                    guard index + 1 < arguments.count else {
                        throw CompatUsageError("--\(name): missing argument", status: optionStatus)
                    }
                    index += 1
                    values[name] = arguments[index]
                }
            } else if flags.contains(name) {
                set.insert(name == "fullbuttons" ? "fb" : name)
            } else if name == "help" {
                help = true
            } else if name == "version" {
                version = true
            } else {
                throw CompatUsageError("--\(name): unknown option", status: optionStatus)
            }
        }
        if help { return .help }
        if version { return .version }

        var output: Int32 = 2
        if let text = values["output-fd"] {
            guard let fd = Int32(text.trimmingLeadingSpaces), fd >= 0 else {
                throw CompatUsageError("--output-fd: bad argument '\(text)'", status: optionStatus)
            }
            output = fd
        }
        guard let box else { throw CompatUsageError("no box option (--msgbox, --yesno, --menu, …)", status: usageStatus) }
        guard positionals.count >= 3 else {
            throw CompatUsageError("--\(box.rawValue) needs its text, height and width", status: usageStatus)
        }
        let text = lineBreaks(positionals[0].text)
        _ = try size(positionals[1].text, "height")
        let width = try size(positionals[2].text, "width")
        var rest = Array(positionals.dropFirst(3))
        if box.isList {
            guard !rest.isEmpty else { throw CompatUsageError("--\(box.rawValue) needs its list height", status: usageStatus) }
            _ = try size(rest.removeFirst().text, "list height")
        }

        var invocation = Invocation()
        var spec = PromptSpec()
        spec.title = values["title"] ?? ""
        spec.message = text
        spec.okLabel = values["ok-button"] ?? "OK"
        spec.cancelLabel = set.contains("nocancel") ? nil : values["cancel-button"] ?? "Cancel"
        var compat = CompatInvocation(personality: .whiptail)
        compat.output = output
        switch box {
        case .msgbox:
            spec.body = .fields([])
            spec.cancelLabel = nil
        case .yesno:
            spec.body = .fields([])
            spec.okLabel = values["yes-button"] ?? "Yes"
            spec.cancelLabel = values["no-button"] ?? "No"
            if set.contains("defaultno") { spec.defaultButton = .cancel }
        case .infobox:
            spec.body = .text(TextSpec())
        case .textbox:
            spec.message = ""
            spec.body = .text(TextSpec(file: positionals[0].text))
        case .inputbox, .passwordbox:
            spec.body = .fields([FieldSpec(value: rest.first?.text ?? "", isSecure: box == .passwordbox)])
            compat.answer = .text
        case .gauge:
            guard let first = rest.first else { throw CompatUsageError("--gauge needs its starting percent", status: usageStatus) }
            guard let percent = number(first.text) else {
                throw CompatUsageError("--gauge: the percent '\(first.text)' is not a number", status: usageStatus)
            }
            spec.body = .gauge(GaugeSpec(percent: percent))
        case .menu, .checklist, .radiolist:
            spec.body = .choices(try sheet(box, rest, flags: set, defaultItem: values["default-item"]))
            switch box {
            case .checklist: compat.answer = .tags(separate: set.contains("separate-output"))
            default: compat.answer = .tag
            }
        }
        invocation.spec = spec
        if width > 0 { invocation.options.width = width }
        invocation.options.fallback = fallback
        compat.invocation = invocation
        return .box(compat)
    }

    /// A list's choices: `tag item` pairs for a menu, `tag item status` triples for a checklist
    /// or a radio list (`tag status` with `--noitem`). A choice shows its tag and item (one of
    /// them with `--notags` or `--noitem`) and answers its tag.
    static func sheet(_ box: Box, _ arguments: [(text: String, bytes: [UInt8])], flags: Set<String>,
                      defaultItem: String?) throws(CompatUsageError) -> SheetSpec {
        let noItem = flags.contains("noitem"), noTags = flags.contains("notags")
        let stride = box == .menu ? 2 : (noItem ? 2 : 3)
        guard !arguments.isEmpty, arguments.count % stride == 0 else {
            throw CompatUsageError(arguments.isEmpty ? "--\(box.rawValue) has no items"
                                   : "--\(box.rawValue): the items are not whole (\(stride) arguments each)", status: usageStatus)
        }
        struct Row {
            var tag: (text: String, bytes: [UInt8])
            var item: [UInt8]
            var status: String
        }
        var rows: [Row] = []
        for start in Swift.stride(from: 0, to: arguments.count, by: stride) {
            let tag = arguments[start]
            // A menu's item is read (and dropped with --noitem); a list's, only without --noitem.
            let hasItem = box == .menu || !noItem
            let item = hasItem && !noItem ? arguments[start + 1].bytes : []
            let status = box == .menu ? "" : arguments[start + stride - 1].text
            rows.append(Row(tag: tag, item: item, status: status))
        }
        let tagWidth = noTags ? 0 : rows.map { $0.tag.text.count }.max() ?? 0
        var sheet = SheetSpec()
        for (index, row) in rows.enumerated() {
            var label: [UInt8]
            if noTags {
                label = row.item
            } else if row.item.isEmpty {
                label = row.tag.bytes
            } else {
                label = row.tag.bytes + Array(repeating: 0x20, count: tagWidth - row.tag.text.count + 2) + row.item
            }
            if label.isEmpty { label = row.tag.bytes }
            sheet.choices.append(Choice(label: label, value: row.tag.bytes))
            if box == .menu {
                if let defaultItem, row.tag.text == defaultItem, sheet.selectedIndices.isEmpty { sheet.selectedIndices = [index] }
            } else if ["1", "on", "yes"].contains(row.status.lowercased()) {
                sheet.selectedIndices.append(index)
            }
        }
        sheet.sortsMatches = false
        if box != .menu {
            sheet.allowsMultiple = true
            sheet.startsAtTop = true
            sheet.marksOne = box == .radiolist
        }
        return sheet
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

    /// `\n` in a box's text is a line break, as whiptail reads it.
    static func lineBreaks(_ text: String) -> String {
        var result = ""
        var backslash = false
        for character in text {
            if backslash {
                // A backslash before another stays, and the second may begin a \n.
                result.append(character == "n" ? "\n" : "\\")
                backslash = character == "\\"
                if character != "n" && character != "\\" { result.append(character) }
            } else if character == "\\" {
                backslash = true
            } else {
                result.append(character)
            }
        }
        if backslash { result.append("\\") }
        return result
    }
}

extension String {
    var trimmingLeadingSpaces: String { String(drop { $0 == " " || $0 == "\t" || $0 == "\n" }) }
}
