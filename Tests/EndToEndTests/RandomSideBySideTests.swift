import Glibc
import TestSupport
import Testing

/// Random calls of whiptail's and dialog's, each run side by side with Debian's program and
/// with `ask` under its name (`SideBySide`): random boxes, options and keys, from a fixed seed,
/// so that every run makes the same calls. What a script would see is compared — the status,
/// and the answer's bytes on the descriptor it reads — and every difference must be one README
/// lists as intended ("Run existing whiptail and dialog scripts"), matched by `intended`.
///
/// The keys are those whose meaning is the options' and the boxes' as these programs take them:
/// text is typed into a field before the focus leaves it (keys typed while a button has the
/// focus are not sent: dialog takes letters there as the buttons' hot keys); Up, Down, Tab
/// and, in a checklist, Space move and mark in a list — its letters, digits, Left, Right,
/// Home, End and the pages are being changed, and are not pressed there yet; a form's fields
/// are typed into and answered (moving between them is not pressed), a list's
/// `--default-item` is a menu's (a checklist's is its starting highlight, which is the list's
/// to take), a text box is closed
/// (its scrolling keys are the long text's); Left and Right go round whiptail's buttons.
/// dialog (ncurses) is told to wait 50 ms for the rest of an escape
/// sequence (`ESCDELAY`) instead of a second, so that Esc does not cost one.
@Suite struct RandomSideBySideTests {
    /// The calls, in batches run side by side; each batch's calls are made from its own seed.
    static let batches = 12
    static let callsPerBatch = 24
    static let seed: UInt64 = 0x61_73_6B_2D_73_62_73

    /// A difference README gives a reason for: the words it is listed by there, and which
    /// calls and results it covers.
    struct Intended: Sendable {
        let readme: String
        let covers: @Sendable (_ call: Call, _ theirs: SideBySide.Result, _ ours: SideBySide.Result) -> Bool
    }

    static let intended: [Intended] = [
        Intended(readme: "On a radio list without items, OK answers 0 and nothing: whiptail crashes there.") { call, theirs, _ in
            call.program == "whiptail" && call.box == "radiolist" && call.items == 0 && theirs.status == .signaled(SIGSEGV)
        },
        Intended(readme: "A form's value cut through a character keeps the whole characters before it") { call, theirs, ours in
            call.box.hasSuffix("form") && theirs.status == ours.status && theirs.answer.contains("\u{FFFD}")
                && theirs.answer.replacing("\u{FFFD}", with: "") == ours.answer
        },
        Intended(readme: "`--max-input` counts characters") { call, _, _ in
            call.row.arguments.contains("--max-input") && call.row.keys.contains { $0.unicodeScalars.contains { !$0.isASCII } }
        },
        Intended(readme: "a starting text longer than `--max-input` holds\n  typing to its own length") { call, _, _ in
            guard let at = call.row.arguments.firstIndex(of: "--max-input"), let most = Int(call.row.arguments[at + 1]), most > 0,
                  let box = call.row.arguments.firstIndex(where: { $0 == "--inputbox" || $0 == "--passwordbox" }),
                  call.row.arguments.count > box + 4 else { return false }
            return call.row.arguments[box + 4].count > most
        },
        Intended(readme: "dialog's text box with `--defaultno`") { call, theirs, ours in
            call.box == "textbox" && theirs.status == .exited(1) && ours.status == .exited(0)
                && (call.row.arguments.contains("--defaultno") || call.row.arguments.contains("--default-button"))
        },
    ]

    /// One call: the program, its arguments and keys, how its answer is taken.
    struct Call: CustomStringConvertible {
        var program: String
        var box: String
        var items = 0
        var row: SideBySide.Row

        var description: String {
            "\(program) \(row.arguments.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }.joined(separator: " "))"
                + " keys: \(row.keys.map { $0.debugDescription }.joined(separator: " "))"
        }
    }

    @Test(.enabled(if: Tools.available("whiptail") && Tools.available("dialog")), arguments: 0..<batches)
    func answersAsTheProgramsDo(batch: Int) throws {
        let directory = TemporaryDirectory()
        let file = directory.path + "/notes.txt"
        try Util.writeFile(file, (1...30).map { "Line \($0) of the notes\n" }.joined())
        var random = SplitMix(seed: Self.seed &+ UInt64(batch))
        var differences: [String] = []
        for index in 0..<Self.callsPerBatch {
            let call = Self.call(program: index % 2 == 0 ? "whiptail" : "dialog", &random)
            let theirs = try SideBySide.run(try Tools.require(call.program), call.row, file: file, settles: true)
            let ours = try SideBySide.run(directory.link(call.program, to: PtyProcess.askPath), call.row, file: file, settles: true)
            let same = theirs.status == ours.status && (ours.answer.hasPrefix("\(call.program) (ask): ") || theirs.answer == ours.answer)
            if !same && !Self.intended.contains(where: { $0.covers(call, theirs, ours) }) {
                differences.append("\(call)\n  \(call.program): \(theirs)\n  ask: \(ours)")
            }
        }
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.joined(separator: "\n"))")
    }

    /// Every reason given is README's.
    @Test func theReasonsAreREADMEs() throws {
        let readme = try Util.readText(Paths.root + "/README.md")
        let section = Util.section(of: readme, after: "## Run existing whiptail and dialog scripts", before: "\n## ")
        for reason in Self.intended {
            #expect(section.contains(reason.readme), "\(reason.readme)")
        }
    }

    // MARK: - The calls

    static let tags = ["one", "two", "three", "usb", "nas", "s3 bucket", "it's", "$HOME"]
    static let items = ["First", "Second item", "Third", "", "Über", "日本"]

    /// A random call of `program`'s.
    static func call(program: String, _ random: inout SplitMix) -> Call {
        let dialog = program == "dialog"
        var boxes = ["msgbox", "yesno", "infobox", "inputbox", "passwordbox", "textbox", "menu", "checklist", "radiolist"]
        if dialog { boxes += ["form", "passwordform", "mixedform", "editbox"] }
        let box = random.pick(boxes)
        var options: [String] = []
        var taking = SideBySide.Taking.stderr
        func maybe(_ chance: Int, _ option: [String]) { if random.below(100) < chance { options += option } }
        maybe(30, ["--title", random.pick(["Setup", "A title", ""])])
        maybe(15, ["--defaultno"])
        maybe(15, [dialog ? random.pick(["--nocancel", "--no-cancel", "--cancel"]) : "--nocancel"])
        maybe(15, [random.pick(dialog ? ["--ok-label", "--ok-button"] : ["--ok-button"]), "Go"])
        maybe(15, [random.pick(dialog ? ["--cancel-label", "--cancel-button"] : ["--cancel-button"]), "Back"])
        maybe(10, [random.pick(dialog ? ["--yes-label", "--yes-button"] : ["--yes-button"]), "Sure"])
        maybe(10, [random.pick(dialog ? ["--no-label", "--no-button"] : ["--no-button"]), "Nope"])
        maybe(10, ["--backtitle", "Back title"])
        var noItems = false, itemHelp = false
        if random.below(100) < 10 {
            noItems = true
            options.append(dialog ? random.pick(["--no-items", "--noitem"]) : "--noitem")
        }
        maybe(10, [dialog ? random.pick(["--no-tags", "--notags"]) : "--notags"])
        if dialog {
            maybe(20, ["--extra-button"])
            maybe(20, ["--help-button"])
            maybe(15, ["--default-button", random.pick(["ok", "yes", "cancel", "no", "extra", "help", "Cancel"])])
            maybe(10, ["--output-separator", random.pick([",", "|"])])
            maybe(10, ["--max-input", random.pick(["0", "-1", "3", "12"])])
            maybe(8, ["--cr-wrap"])
            maybe(8, ["--no-collapse"])
            maybe(8, ["--insecure"])
            maybe(5, ["--help-tags"])
            maybe(5, ["--separate-output"])
            maybe(5, ["--shadow"])
            maybe(5, ["--nocollapse"])
            if random.below(100) < 15 {
                itemHelp = true
                options.append("--item-help")
            }
            switch random.below(10) {
            case 0: options.append("--stdout"); taking = .stdout
            case 1: options += ["--output-fd", "3"]; taking = .descriptor3
            default: break
            }
        } else {
            maybe(8, ["--separate-output"])
            maybe(5, [random.pick(["--clear", "--fb", "--fullbuttons", "--topleft"])])
            if random.below(10) == 0 {
                options += ["--output-fd", "3"]
                taking = .descriptor3
            } else if random.below(10) == 0 {
                taking = .swapped
            }
        }

        let text = random.pick(["Pick one", "Continue?", "A longer text that says what\nthe box is for.", "Two\\nlines"])
        var arguments = options + ["--" + box]
        var itemCount = 0
        switch box {
        case "textbox", "editbox": arguments += ["TEXTFILE", "12", "60"]
        default: arguments += [text, random.pick(["0", "12", "16"]), random.pick(["0", "50", "70"])]
        }
        switch box {
        case "inputbox", "passwordbox":
            if random.below(3) > 0 { arguments.append(random.pick(["", "init", "hello world", "abcdefghijklmnop"])) }
        case "menu", "checklist", "radiolist":
            itemCount = random.below(dialog ? 5 : 6) + (dialog || box == "menu" ? 1 : 0)
            arguments.append(random.pick(["0", "3", "6"]))
            var left = tags, chosen: [String] = []
            for _ in 0..<itemCount { chosen.append(left.remove(at: random.below(left.count))) }
            var defaultItem: String?
            for tag in chosen {
                arguments.append(tag)
                if !(noItems && dialog) && !(noItems && box != "menu") { arguments.append(random.pick(items)) }
                if box != "menu" { arguments.append(random.pick(["on", "off", "off", "ON", "1", "yes", "0"])) }
                if itemHelp { arguments.append(random.pick(["Help for \(tag)", ""])) }
                if random.below(6) == 0 { defaultItem = tag }
            }
            if let defaultItem, box == "menu", random.below(2) == 0 { arguments.insert(contentsOf: ["--default-item", defaultItem], at: 0) }
        case "form", "passwordform", "mixedform":
            let fields = random.below(3) + 1
            arguments.append(random.pick(["0", "3"]))
            for field in 1...fields {
                arguments += ["Field \(field):", "\(field)", "1", random.pick(["", "value", "a longer value", "été"]), "\(field)", "12",
                              random.pick(field == 1 ? ["4", "20"] : ["-5", "0", "4", "20"]), random.pick(["0", "3", "40", "-1"])]
                if box == "mixedform" { arguments.append(field == 1 ? "0" : random.pick(["0", "0", "1", "2"])) }
                if itemHelp { arguments.append(random.pick(["Help \(field)", ""])) }
            }
        default: break
        }

        // Keys: typing where there is a field, then moves, Tab and marks; Return or Esc at the end.
        let arrows = dialog ? ["\u{1B}OA", "\u{1B}OB", "\u{1B}OC", "\u{1B}OD"] : ["\u{1B}[A", "\u{1B}[B", "\u{1B}[C", "\u{1B}[D"]
        var keys: [String] = []
        let startsOnAButton = dialog && (options.contains("--defaultno") || options.contains("--default-button"))
        if ["inputbox", "passwordbox", "form", "passwordform", "mixedform", "editbox"].contains(box) && !startsOnAButton {
            for _ in 0..<random.below(4) { keys.append(random.pick(["xy", "Hello", "é", " ", "\u{7F}", "\u{7F}"])) }
        }
        let moves: [String]
        switch box {
        case "inputbox", "passwordbox": moves = dialog ? ["\t"] : ["\t", arrows[0], arrows[1]]
        case "menu", "radiolist", "checklist":
            // Up, Down (and Space in a checklist) in the list, then Tab to the buttons.
            for _ in 0..<random.below(3) { keys.append(random.pick(box == "checklist" ? [arrows[0], arrows[1], " "] : [arrows[0], arrows[1]])) }
            moves = ["\t"]
        case "msgbox", "yesno", "infobox": moves = dialog ? ["\t"] : ["\t", arrows[2], arrows[3]]
        case "editbox": moves = ["\t"]
        default: moves = []
        }
        if !moves.isEmpty {
            for _ in 0..<random.below(4) { keys.append(random.pick(moves)) }
        }
        keys.append(random.below(5) == 0 ? "\u{1B}" : "\r")
        return Call(program: program, box: box, items: itemCount,
                    row: SideBySide.Row(name: box, arguments: arguments, keys: keys, taking: taking,
                                        environment: ["ESCDELAY": "50"]))
    }
}
