import AskText
import Glibc
import TestSupport
import Testing

/// `ask` as whiptail, side by side with Debian's whiptail: the same command line and the same
/// keys, each in a pseudo-terminal of its own, give the same status and the same answer bytes on
/// the same descriptor, and leave the terminal's settings as they were. The rows are the shapes
/// scripts use: every box, every common option, Return, Esc, typed text, moved highlights,
/// toggled marks, and the ways the answer is taken (stderr, the swap through descriptor 3,
/// `--output-fd`).
@Suite struct WhiptailTests {
    typealias Row = SideBySide.Row

    static let down = "\u{1B}[B", esc = "\u{1B}", tab = "\t"
    static let fruit = ["a", "Apple", "b", "Banana", "c", "Cherry"]
    static let sixty = (1...60).map { "Line \($0)" }.joined(separator: "\n")
    static let home = "\u{1B}[H", end = "\u{1B}[F", pageUp = "\u{1B}[5~", pageDown = "\u{1B}[6~", left = "\u{1B}[D", right = "\u{1B}[C"
    /// Backup targets (the shape: a letter steps through the tags it starts).
    static let devices = ["usb", "USB stick", "nas", "NAS share", "s3", "Amazon S3", "none", "Nowhere"]
    static let devicesOff = ["usb", "USB stick", "off", "nas", "NAS share", "off", "s3", "Amazon S3", "off", "none", "Nowhere", "off"]
    static let vms = ["101", "web", "102", "db", "110", "mail"]
    /// A city list as debconf's time zone question shows it: longer than a page.
    static let cities = ["Amsterdam", "Athens", "Berlin", "Bratislava", "Brussels", "Bucharest", "Budapest", "Copenhagen", "Dublin",
                         "Helsinki", "Lisbon", "London", "Madrid", "Oslo", "Paris", "Prague", "Riga", "Rome", "Sofia", "Vienna", "Warsaw"]
        .flatMap { [$0, $0 + " time"] }
    static let marked = ["a", "Apple", "off", "b", "Banana", "on", "c", "Cherry", "off"]

    /// Wide (CJK) tags: whiptail aligns a menu's items by display width, a wide character two
    /// columns; so does `ask` as whiptail (tag and item are two columns, not one label padded by
    /// characters). Each draws the same menu in a terminal of its own: in each, every item starts
    /// in one column, two columns past the widest tag's end.
    @Test(.enabled(if: Tools.available("whiptail"), "whiptail is not installed"))
    func wideTagsAlignAsWhiptailAlignsThem() throws {
        let theirs = try Tools.require("whiptail")
        let directory = TemporaryDirectory()
        let ours = directory.link("whiptail", to: PtyProcess.askPath)
        let rows = [("日本", "Japan"), ("a", "Alpha"), ("中文字", "Chinese"), ("ｂｃ", "Fullwidth")]
        let arguments = ["--menu", "Pick", "16", "50", "4"] + rows.flatMap { [$0.0, $0.1] }
        /// Where each row's tag and item start, in display columns.
        func columns(_ program: String) throws -> [(tag: Int, item: Int)] {
            let process = try PtyProcess(["-c", "exec \"$0\" \"$@\"", program] + arguments, executable: "/bin/sh",
                                         stdoutToTerminal: true, stderrToTerminal: false)
            #expect(process.waitForScreen("Fullwidth"), "\(process.terminal.lines)")
            process.waitUntilWaitingForKeys()
            let lines = process.terminal.lines
            process.type("\u{1B}")
            _ = process.waitForExit(seconds: 10)
            return rows.compactMap { tag, item in
                guard let line = lines.first(where: { $0.contains(tag + " ") && $0.contains(item) }),
                      let tagAt = line.firstRange(of: tag + " "), let itemAt = line[tagAt.upperBound...].firstRange(of: item)
                else { return nil }
                return (DisplayWidth.of(line[..<tagAt.lowerBound]), DisplayWidth.of(line[..<itemAt.lowerBound]))
            }
        }
        for program in [theirs, ours] {
            let found = try columns(program)
            #expect(found.count == rows.count, "\(program): \(found)")
            let widest = rows.map { DisplayWidth.of($0.0) }.max()!
            #expect(Set(found.map(\.item)).count == 1 && found.allSatisfy { $0.item == $0.tag + widest + 1 || $0.item == $0.tag + widest + 2 },
                    "\(program): \(found)")
        }
    }

    static let rows: [Row] = [
        Row(name: "msgbox: Return", arguments: ["--msgbox", "Done.", "8", "40"], keys: ["\r"]),
        Row(name: "msgbox: Esc", arguments: ["--msgbox", "Done.", "8", "40"], keys: [esc]),
        Row(name: "msgbox: a line break as \\n, --ok-button", arguments: ["--ok-button", "Fine", "--msgbox", "One\\nTwo", "0", "0"],
            keys: ["\r"]),
        Row(name: "msgbox: --title, --backtitle, --clear, --fb, --scrolltext, --topleft",
            arguments: ["--title", "Setup", "--backtitle", "Installer", "--clear", "--fb", "--scrolltext", "--topleft",
                        "--msgbox", "Welcome", "10", "50"], keys: [tab, "\r"]),  // (--scrolltext: the text has the focus first)
        Row(name: "msgbox: --title=TEXT and options after the box", arguments: ["--msgbox", "Hi", "8", "30", "--title=Greeting"],
            keys: ["\r"]),
        Row(name: "msgbox: -- before a text that begins with a dash", arguments: ["--msgbox", "--", "-v is not an option", "8", "40"],
            keys: ["\r"]),
        Row(name: "yesno: Return is Yes", arguments: ["--yesno", "Continue?", "8", "40"], keys: ["\r"]),
        Row(name: "yesno: Esc", arguments: ["--yesno", "Continue?", "8", "40"], keys: [esc]),
        Row(name: "yesno: --defaultno, Return is No", arguments: ["--defaultno", "--yesno", "Continue?", "8", "40"], keys: ["\r"]),
        Row(name: "yesno: Tab to No", arguments: ["--yesno", "Continue?", "8", "40"], keys: [tab, "\r"]),
        // A text taller than the terminal scrolls with PgDn; Down still moves to No, as whiptail's does.
        // --scrolltext: the text is the first stop of the focus. Return and typing do nothing
        // there; Tab and Right go on, and Tab comes round to it after the last button.
        Row(name: "yesno --scrolltext: Tab twice reaches No (the text first)", arguments: ["--scrolltext", "--yesno", "Sure?", "8", "40"],
            keys: ["\r", tab, tab, "\r"]),
        Row(name: "yesno --scrolltext: round to the text, Right to Yes", arguments: ["--scrolltext", "--yesno", "Sure?", "8", "40"],
            keys: [tab, tab, tab, "y", right, "\r"]),
        Row(name: "yesno --scrolltext --defaultno: No first, Tab to the text, then Yes",
            arguments: ["--scrolltext", "--defaultno", "--yesno", "Sure?", "8", "40"], keys: [tab, "\r", tab, "\r"]),
        Row(name: "yesno --scrolltext: Shift-Tab from the text to No", arguments: ["--scrolltext", "--yesno", "Sure?", "8", "40"],
            keys: ["\u{1B}[Z", "\r"]),
        Row(name: "yesno --scrolltext: a 60-line text scrolled, Up from Yes to the text", arguments: ["--scrolltext", "--yesno", sixty, "20", "40"],
            keys: [down, pageDown, "\r", tab, "\u{1B}[A", "\r", tab, down, "\r"]),
        Row(name: "inputbox --scrolltext: typing on the text is lost, Tab to the field", arguments: ["--scrolltext", "--inputbox", "Name?", "10", "40"],
            keys: ["a", tab, "b", "\r"]),
        Row(name: "menu --scrolltext: Down on the text, Tab to the list", arguments: ["--scrolltext", "--menu", "Pick", "15", "40", "3"] + fruit,
            keys: [down, tab, down, "\r"]),
        Row(name: "checklist --scrolltext: Space on the text, Tab to the list", arguments: ["--scrolltext", "--checklist", "Pick", "15", "40", "3"] + marked,
            keys: [" ", tab, " ", "\r"]),
        Row(name: "yesno: a 60-line text, PgDn, Down to No", arguments: ["--yesno", sixty, "20", "40"], keys: ["\u{1B}[6~", down, "\r"]),
        Row(name: "msgbox: a text with runs of spaces and tabs, --backtitle",
            arguments: ["--backtitle", "DietPi", "--msgbox", "Name\tSize\nroot    10 GB", "10", "40"], keys: ["\r"]),
        Row(name: "yesno: Right to No", arguments: ["--yesno", "Continue?", "8", "40"], keys: ["\u{1B}[C", "\r"]),
        Row(name: "yesno: --yes-button, --no-button", arguments: ["--yes-button", "Go", "--no-button", "Stop", "--yesno", "Now?", "8", "40"],
            keys: ["\r"]),
        Row(name: "yesno: the answer swapped through 3", arguments: ["--yesno", "Continue?", "8", "40"], keys: ["\r"], taking: .swapped),
        Row(name: "infobox: at once", arguments: ["--infobox", "Working…", "8", "40"]),
        Row(name: "inputbox: typed after the starting text", arguments: ["--inputbox", "Name?", "8", "40", "init"], keys: ["hi", "\r"]),
        Row(name: "inputbox: empty", arguments: ["--inputbox", "Name?", "8", "40"], keys: ["\r"]),
        Row(name: "inputbox: Esc", arguments: ["--inputbox", "Name?", "8", "40", "init"], keys: ["x", esc]),
        Row(name: "inputbox: swapped through 3", arguments: ["--inputbox", "Host?", "8", "40", "pi"], keys: ["4", "\r"],
            taking: .swapped),
        Row(name: "inputbox: --output-fd 3", arguments: ["--output-fd", "3", "--inputbox", "Host?", "8", "40"], keys: ["pi", "\r"],
            taking: .descriptor3),
        Row(name: "inputbox: Tab to OK", arguments: ["--inputbox", "Name?", "8", "40", "init"], keys: ["x", tab, "\r"]),
        Row(name: "inputbox: Tab, Tab to Cancel", arguments: ["--inputbox", "Name?", "8", "40", "init"], keys: ["x", tab, tab, "\r"]),
        Row(name: "inputbox: --nocancel", arguments: ["--nocancel", "--inputbox", "Name?", "8", "40", "x"], keys: ["\r"]),
        Row(name: "passwordbox: typed", arguments: ["--passwordbox", "Password", "8", "40"], keys: ["s3cret", "\r"]),
        Row(name: "passwordbox: Esc", arguments: ["--passwordbox", "Password", "8", "40"], keys: ["s3", esc]),
        Row(name: "textbox: Return", arguments: ["--textbox", "TEXTFILE", "12", "60"], keys: ["\r"]),
        Row(name: "textbox: scrolled, then Return", arguments: ["--scrolltext", "--textbox", "TEXTFILE", "8", "60"],
            keys: [down, down, tab, "\r"]),
        Row(name: "menu: Return", arguments: ["--menu", "Pick", "12", "40", "3"] + fruit, keys: ["\r"]),
        Row(name: "menu: Down, Return", arguments: ["--menu", "Pick", "12", "40", "3"] + fruit, keys: [down, "\r"]),
        Row(name: "menu: --default-item", arguments: ["--default-item", "c", "--menu", "Pick", "12", "40", "3"] + fruit, keys: ["\r"]),
        Row(name: "menu: --default-item naming none", arguments: ["--default-item", "z", "--menu", "Pick", "12", "40", "3"] + fruit,
            keys: [down, "\r"]),
        Row(name: "menu: Tab to OK", arguments: ["--menu", "Pick", "12", "40", "3"] + fruit, keys: [down, tab, "\r"]),
        Row(name: "menu: Tab, Tab to Cancel", arguments: ["--menu", "Pick", "12", "40", "3"] + fruit, keys: [down, tab, tab, "\r"]),
        Row(name: "menu: Esc", arguments: ["--menu", "Pick", "12", "40", "3"] + fruit, keys: [down, esc]),
        Row(name: "menu: --notags", arguments: ["--notags", "--menu", "Pick", "12", "40", "3"] + fruit, keys: [down, down, "\r"]),
        Row(name: "menu: --noitem", arguments: ["--noitem", "--menu", "Pick", "12", "40", "3"] + fruit, keys: [down, "\r"]),
        Row(name: "menu: --cancel-button, swapped", arguments: ["--cancel-button", "Back", "--menu", "Pick", "0", "0", "0"] + fruit,
            keys: [down, "\r"], taking: .swapped),
        Row(name: "menu: s moves to s3", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: ["s", "\r"]),
        Row(name: "menu: a capital S too", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: ["S", "\r"]),
        Row(name: "menu: n, n moves to nas, then none", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: ["n", "n", "\r"]),
        Row(name: "menu: n, n, n stays on none", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: ["n", "n", "n", "\r"]),
        Row(name: "menu: a letter no tag starts", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [down, "x", "\r"]),
        Row(name: "menu: digits do nothing, Return chooses", arguments: ["--menu", "VM?", "14", "50", "3"] + vms, keys: ["1", "0", "2", "\r"]),
        Row(name: "menu: a digit chooses nothing at once", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: ["3", down, "\r"]),
        Row(name: "menu: B, B, B in a long list", arguments: ["--menu", "City?", "16", "50", "6"] + cities, keys: ["B", "B", "B", "\r"]),
        Row(name: "menu: End", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [end, "\r"]),
        Row(name: "menu: End, Home", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [end, home, "\r"]),
        Row(name: "menu: PgDn", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [pageDown, "\r"]),
        Row(name: "menu: PgDn, PgUp", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [pageDown, pageUp, "\r"]),
        Row(name: "menu: Space does nothing", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [down, " ", "\r"]),
        Row(name: "menu: Right, Return", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [down, right, "\r"]),
        Row(name: "menu: Left, Return", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [down, left, "\r"]),
        Row(name: "menu: Up, Down, Up", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [down, down, "\u{1B}[A", "\r"]),
        Row(name: "menu: Right, Right to Cancel", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [down, right, right, "\r"]),
        Row(name: "menu: Right, Down to Cancel", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [right, down, "\r"]),
        Row(name: "menu: Right, Left, Down", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [right, left, down, "\r"]),
        Row(name: "menu: Tab, Up, Down", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [tab, "\u{1B}[A", down, "\r"]),
        Row(name: "menu: Tab, Tab, Right stays on Cancel", arguments: ["--menu", "Where?", "14", "50", "4"] + devices,
            keys: [tab, tab, right, "\r"]),
        Row(name: "menu: End on OK does nothing", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [tab, end, "\r"]),
        Row(name: "menu: Tab, PgDn to Cancel", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [pageDown, tab, pageDown, "\r"]),
        Row(name: "menu: Tab, Tab, PgUp, Down", arguments: ["--menu", "Where?", "14", "50", "4"] + devices,
            keys: [tab, tab, pageUp, down, "\r"]),
        Row(name: "menu: Tab, Tab, Backspace to OK", arguments: ["--menu", "Where?", "14", "50", "4"] + devices,
            keys: [down, tab, tab, "\u{7F}", "\r"]),
        Row(name: "checklist: Tab, Right to Cancel", arguments: ["--checklist", "Where?", "14", "50", "4"] + devicesOff, keys: [tab, right, "\r"]),
        Row(name: "checklist: Tab, Left, Down", arguments: ["--checklist", "Where?", "14", "50", "4"] + devicesOff,
            keys: [tab, left, down, " ", "\r"]),
        Row(name: "checklist: letters do nothing", arguments: ["--checklist", "Where?", "14", "50", "4"] + devicesOff, keys: ["n", " ", "\r"]),
        Row(name: "checklist: End does nothing", arguments: ["--checklist", "Where?", "14", "50", "4"] + devicesOff, keys: [end, " ", "\r"]),
        Row(name: "checklist: PgDn", arguments: ["--checklist", "Where?", "14", "50", "4"] + devicesOff, keys: [pageDown, " ", "\r"]),
        Row(name: "checklist: Right moves down", arguments: ["--checklist", "Where?", "14", "50", "4"] + devicesOff, keys: [right, " ", "\r"]),
        Row(name: "radiolist: Left and Backspace move up", arguments: ["--radiolist", "Where?", "14", "50", "4"] + devicesOff,
            keys: [down, down, down, left, "\u{7F}", " ", "\r"]),
        Row(name: "radiolist: a digit does nothing", arguments: ["--radiolist", "Where?", "14", "50", "4"] + devicesOff, keys: ["3", " ", "\r"]),
        Row(name: "checklist: 1, yes and ON are on", arguments: ["--checklist", "Pick", "12", "40", "4", "a", "A", "1", "b", "B", "yes",
                                                                "c", "C", "ON", "d", "D", "true"], keys: ["\r"]),
        Row(name: "radiolist: of two on, the last", arguments: ["--radiolist", "Pick", "12", "40", "3", "a", "A", "on", "b", "B", "on",
                                                               "c", "C", "off"], keys: ["\r"]),
        Row(name: "checklist: toggled marks", arguments: ["--checklist", "Pick", "12", "40", "3"] + marked, keys: [" ", down, " ", "\r"]),
        Row(name: "checklist: as marked", arguments: ["--checklist", "Pick", "12", "40", "3"] + marked, keys: ["\r"]),
        Row(name: "checklist: nothing marked", arguments: ["--checklist", "Pick", "12", "40", "3"] + marked, keys: [down, " ", "\r"]),
        Row(name: "checklist: --separate-output", arguments: ["--separate-output", "--checklist", "Pick", "12", "40", "3"] + marked,
            keys: [" ", "\r"]),
        Row(name: "checklist: --noitem", arguments: ["--noitem", "--checklist", "Pick", "12", "40", "3", "a", "on", "b", "off"],
            keys: [down, " ", "\r"]),
        Row(name: "checklist: marked, then Tab to OK", arguments: ["--checklist", "Pick", "12", "40", "3"] + marked,
            keys: [" ", tab, "\r"]),
        Row(name: "checklist: Esc", arguments: ["--checklist", "Pick", "12", "40", "3"] + marked, keys: [" ", esc]),
        Row(name: "radiolist: Return answers the marked one", arguments: ["--radiolist", "Pick", "12", "40", "3"] + marked,
            keys: [down, down, "\r"]),
        Row(name: "radiolist: Space moves the mark", arguments: ["--radiolist", "Pick", "12", "40", "3"] + marked,
            keys: [down, down, " ", "\r"]),
        Row(name: "radiolist: none marked", arguments: ["--radiolist", "Pick", "12", "40", "3", "a", "A", "off", "b", "B", "off"],
            keys: ["\r"]),
        Row(name: "radiolist: swapped through 3", arguments: ["--radiolist", "Pick", "12", "40", "3"] + marked, keys: [" ", "\r"],
            taking: .swapped),
        Row(name: "menu: --nocancel, Esc is 1", arguments: ["--nocancel", "--menu", "Pick", "12", "40", "3"] + fruit, keys: [esc]),
        Row(name: "inputbox: --nocancel, Esc is 1", arguments: ["--nocancel", "--inputbox", "Name?", "8", "40", "x"], keys: [esc]),
        Row(name: "yesno: --nocancel, Esc is 255", arguments: ["--nocancel", "--yesno", "Now?", "8", "40"], keys: [esc]),
        Row(name: "checklist: no items, Return", arguments: ["--checklist", "Pick", "12", "40", "3"], keys: ["\r"]),
        Row(name: "checklist: no items, Tab to Cancel", arguments: ["--checklist", "Pick", "12", "40", "3"], keys: [tab, "\r"]),
        Row(name: "radiolist: no items, Tab to Cancel", arguments: ["--radiolist", "Pick", "12", "40", "3"], keys: [tab, "\r"]),
        Row(name: "checklist: 1 and yes are on", arguments: ["--checklist", "Pick", "12", "40", "3", "a", "A", "1", "b", "B", "yes",
                                                             "c", "C", "true"], keys: ["\r"]),
        Row(name: "radiolist: two on, the last stands", arguments: ["--radiolist", "Pick", "12", "40", "3", "a", "A", "on",
                                                                    "b", "B", "on"], keys: ["\r"]),
        Row(name: "gauge: to the end of its input", arguments: ["--gauge", "Copying", "8", "50", "0"],
            input: Array("10\n50\nXXX\n75\nAlmost\nXXX\n100\n".utf8)),
        Row(name: "error: no box", arguments: ["--title", "T"]),
        Row(name: "error: dialog's editbox is not whiptail's", arguments: ["--editbox", "TEXTFILE", "12", "60"]),
        Row(name: "error: two boxes", arguments: ["--msgbox", "--yesno", "T", "8", "40"]),
        Row(name: "error: an unknown option", arguments: ["--bogus", "--msgbox", "T", "8", "40"]),
        Row(name: "error: an option without its value", arguments: ["--msgbox", "T", "8", "40", "--title"]),
        Row(name: "error: no width", arguments: ["--msgbox", "T", "8"]),
        Row(name: "error: a height that is not a number", arguments: ["--msgbox", "T", "eight", "40"]),
        Row(name: "error: a menu without items", arguments: ["--menu", "Pick", "12", "40", "3"]),
        Row(name: "error: a menu's item missing", arguments: ["--menu", "Pick", "12", "40", "3", "a"]),
        Row(name: "error: --output-fd not open", arguments: ["--output-fd", "-1", "--msgbox", "T", "8", "40"]),
        Row(name: "error: --output-fd not a number", arguments: ["--output-fd", "x", "--msgbox", "T", "8", "40"]),
                Row(name: "error: a textbox's file missing", arguments: ["--textbox", "/nonexistent/file", "12", "60"]),
        Row(name: "error: a gauge without its percent", arguments: ["--gauge", "Copying", "8", "50"], input: []),
        Row(name: "--help", arguments: ["--help"], statusOnly: true),
        Row(name: "-v", arguments: ["-v"], statusOnly: true),
    ]

    @Test(.enabled(if: Tools.available("whiptail")), arguments: rows)
    func answersAsWhiptailDoes(_ row: Row) throws {
        try SideBySide.compare("whiptail", row)
    }
}
