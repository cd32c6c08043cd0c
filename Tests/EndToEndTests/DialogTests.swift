import AskCommandLine
import Glibc
import TestSupport
import Testing

/// `ask` as dialog, side by side with Debian's dialog, as `WhiptailTests` is with whiptail: the
/// same command line and keys to each, the same status and answer bytes on the same descriptor
/// (stderr, `--stdout`, `--output-fd`, the swap through 3), settings restored. The rows are the
/// shapes scripts use: every box ask draws, dialog's additions (Extra and Help, labels, the
/// default button, forms, separators, quoting, timeouts, the DIALOG_ variables), and the options
/// that only style dialog's screen, accepted.
@Suite struct DialogTests {
    typealias Row = SideBySide.Row

    /// Down as a terminal sends it in the application mode dialog (ncurses) asks for.
    static let down = "\u{1B}OB", esc = "\u{1B}", tab = "\t"
    static let fruit = ["a", "Apple", "b", "Banana", "c", "Cherry"]
    /// Sixty lines, each break written out as dialog's scripts write it.
    static let sixty = (1...60).map { "Line \($0)" }.joined(separator: "\\n")
    static let home = "\u{1B}OH", end = "\u{1B}OF", pageUp = "\u{1B}[5~", pageDown = "\u{1B}[6~", left = "\u{1B}OD", right = "\u{1B}OC"
    static let devices = WhiptailTests.devices, devicesOff = WhiptailTests.devicesOff, vms = WhiptailTests.vms
    static let marked = ["a", "Apple", "off", "b", "Banana", "on", "c", "Cherry", "off"]
    static let splash = ["--title", "Splash", "--rangebox", "Splash screen duration (seconds)", "10", "40", "0", "60", "10"]
    static let login = ["User:", "1", "1", "jane", "1", "10", "20", "0", "Host:", "2", "1", "pi", "2", "10", "20", "0"]

    /// pi-hole's installer: its three welcome boxes in one call, joined with `--and-widget`.
    static let piHoleWelcome = ["--no-shadow", "--clear", "--output-fd", "1",
                                "--title", "Pi-hole Automated Installer",
                                "--msgbox", "\\n\\nThis installer will transform your device into a network-wide ad blocker!", "20", "70",
                                "--and-widget", "--clear", "--title", "Open Source Software",
                                "--msgbox", "\\n\\nThe Pi-hole is free, but powered by your donations:  https://pi-hole.net/donate/", "20", "70",
                                "--and-widget", "--clear", "--colors", "--title", "Static IP Needed",
                                "--no-button", "Exit", "--yes-button", "Continue", "--defaultno",
                                "--yesno", "\\n\\n\\Zb\\Z1IMPORTANT:\\Zn If you have not already done so, you must ensure that this device has a static IP.",
                                "20", "70"]
    static let twoInputs = ["--inputbox", "Host?", "8", "40", "pi", "--and-widget", "--inputbox", "Port?", "8", "40", "22"]

    static let rows: [Row] = [
        Row(name: "msgbox: Return", arguments: ["--msgbox", "Done.", "8", "40"], keys: ["\r"]),
        // Boxes joined in one call: each drawn in turn, each answer as it ends (a tab before the
        // second box's that answers), the status the last one's; Esc stops them, Cancel does not
        // (without --and-widget it does).
        Row(name: "and-widget: pi-hole's welcome, Return, Return, Tab, Return", arguments: piHoleWelcome,
            keys: ["\r", "\r", tab, "\r"], taking: .stdout),
        Row(name: "and-widget: pi-hole's welcome, Exit", arguments: piHoleWelcome, keys: ["\r", "\r", "\r"], taking: .stdout),
        Row(name: "and-widget: pi-hole's welcome, Esc in the second", arguments: piHoleWelcome, keys: ["\r", esc], taking: .stdout),
        Row(name: "and-widget: two input boxes", arguments: twoInputs, keys: ["\r", "\r"]),
        Row(name: "and-widget: Cancel in the first goes on", arguments: twoInputs, keys: [tab + tab + "\r", "x\r"]),
        Row(name: "and-widget: Esc in the first stops", arguments: twoInputs, keys: [esc]),
        Row(name: "and-widget: Cancel in the second", arguments: twoInputs, keys: ["\r", tab + tab + "\r"]),
        Row(name: "and-widget: --separate-widget, --stdout in the second box's options",
            arguments: ["--separate-widget", "::"] + twoInputs.prefix(6) + ["--stdout"] + twoInputs.dropFirst(6), keys: ["\r", "\r"],
            taking: .stdout),
        Row(name: "and-widget: a message box, then a menu, then a yes/no", arguments: ["--msgbox", "Hi", "8", "40", "--and-widget", "--menu", "Pick", "12", "40", "3"]
            + fruit + ["--and-widget", "--title", "Sure", "--yesno", "Sure?", "8", "40"], keys: ["\r", down + "\r", "\r"]),
        Row(name: "joined without --and-widget: OK goes on", arguments: ["--inputbox", "Host?", "8", "40", "pi", "--inputbox", "Port?", "8", "40", "22"],
            keys: ["\r", "\r"]),
        Row(name: "joined without --and-widget: Cancel stops", arguments: ["--inputbox", "Host?", "8", "40", "pi", "--inputbox", "Port?", "8", "40", "22"],
            keys: [tab + tab + "\r"]),
        Row(name: "msgbox: Esc", arguments: ["--msgbox", "Done.", "8", "40"], keys: [esc]),
        Row(name: "msgbox: --ok-label, \\n, --cr-wrap, --colors, --no-collapse",
            arguments: ["--ok-label", "Fine", "--cr-wrap", "--colors", "--no-collapse", "--msgbox", "One\\nTwo\n\\Zbthree\\Zn  four", "0", "0"],
            keys: ["\r"]),
        Row(name: "msgbox: the options that only style dialog's screen",
            arguments: ["--clear", "--shadow", "--no-shadow", "--aspect", "9", "--begin", "2", "2", "--no-lines", "--ascii-lines",
                        "--keep-window", "--no-mouse", "--scrollbar", "--tab-correct", "--tab-len", "4", "--trim", "--backtitle", "Setup",
                        "--title", "Welcome", "--msgbox", "Hello", "10", "50"], keys: ["\r"]),
        Row(name: "msgbox: --help-button, Tab to Help", arguments: ["--help-button", "--msgbox", "Done.", "8", "40"], keys: [tab, "\r"]),
        Row(name: "msgbox: -- before a text that begins with a dash", arguments: ["--msgbox", "--", "-v is text", "8", "40"], keys: ["\r"]),
        Row(name: "yesno: Return is Yes", arguments: ["--yesno", "Continue?", "8", "40"], keys: ["\r"]),
        Row(name: "yesno: Esc", arguments: ["--yesno", "Continue?", "8", "40"], keys: [esc]),
        Row(name: "yesno: --defaultno", arguments: ["--defaultno", "--yesno", "Continue?", "8", "40"], keys: ["\r"]),
        Row(name: "yesno: Tab to No", arguments: ["--yesno", "Continue?", "8", "40"], keys: [tab, "\r"]),
        // A text taller than the terminal: Down scrolls it (as dialog's), Return is still Yes.
        Row(name: "yesno: a 60-line text, Down scrolls it, Return is Yes", arguments: ["--yesno", sixty, "0", "0"], keys: [down, down, "\r"]),
        Row(name: "yesno: --extra-button --help-button side by side, Right twice to No",
            arguments: ["--extra-button", "--help-button", "--yesno", "Install?", "10", "50"], keys: ["\u{1B}OC", "\u{1B}OC", "\r"]),
        Row(name: "msgbox: --colors, pi-hole's IMPORTANT", arguments: ["--colors", "--msgbox", "\\Zb\\Z1IMPORTANT:\\Zn Please reboot.", "10", "50"],
            keys: ["\r"]),
        Row(name: "yesno: --yes-label, --no-label", arguments: ["--yes-label", "Go", "--no-label", "Stop", "--yesno", "Now?", "8", "40"],
            keys: [tab, "\r"]),
        Row(name: "yesno: --extra-button, Tab to Extra", arguments: ["--extra-button", "--extra-label", "Later", "--yesno", "Now?", "8", "50"],
            keys: [tab, "\r"]),
        Row(name: "yesno: --help-button --default-button help", arguments: ["--help-button", "--default-button", "help", "--yesno", "Now?",
                                                                            "8", "50"], keys: ["\r"]),
        Row(name: "yesno: DIALOG_OK and DIALOG_CANCEL", arguments: ["--yesno", "Continue?", "8", "40"], keys: [tab, "\r"],
            environment: ["DIALOG_OK": "10", "DIALOG_CANCEL": "11"]),
        Row(name: "yesno: DIALOG_ESC", arguments: ["--yesno", "Continue?", "8", "40"], keys: [esc], environment: ["DIALOG_ESC": "9"]),
        Row(name: "infobox: at once", arguments: ["--infobox", "Working…", "8", "40"]),
        Row(name: "infobox: --sleep", arguments: ["--sleep", "1", "--infobox", "Working…", "8", "40"]),
        Row(name: "inputbox: typed", arguments: ["--inputbox", "Name?", "8", "40", "init"], keys: ["hi", "\r"]),
        Row(name: "inputbox: Esc", arguments: ["--inputbox", "Name?", "8", "40", "init"], keys: ["x", esc]),
        Row(name: "inputbox: --stdout", arguments: ["--stdout", "--inputbox", "Host?", "8", "40", "pi"], keys: ["4", "\r"], taking: .stdout),
        Row(name: "inputbox: --output-fd 3", arguments: ["--output-fd", "3", "--inputbox", "Host?", "8", "40"], keys: ["pi", "\r"],
            taking: .descriptor3),
        Row(name: "inputbox: swapped through 3", arguments: ["--inputbox", "Host?", "8", "40"], keys: ["pi", "\r"], taking: .swapped),
        Row(name: "inputbox: --extra-button, Tab to Extra", arguments: ["--extra-button", "--inputbox", "Name?", "8", "40", "init"],
            keys: ["x", tab, tab, "\r"]),
        Row(name: "inputbox: --help-button, Tab to Help", arguments: ["--help-button", "--inputbox", "Name?", "8", "40", "init"],
            keys: ["x", tab, tab, tab, "\r"]),
        Row(name: "inputbox: Tab, Tab to Cancel", arguments: ["--cancel-label", "Back", "--inputbox", "Name?", "8", "40", "init"],
            keys: ["x", tab, tab, "\r"]),
        Row(name: "passwordbox: typed", arguments: ["--passwordbox", "Password", "8", "40"], keys: ["s3cret", "\r"]),
        Row(name: "passwordbox: --insecure", arguments: ["--insecure", "--passwordbox", "Password", "8", "40"], keys: ["s3cret", "\r"]),
        Row(name: "textbox: Return", arguments: ["--textbox", "TEXTFILE", "12", "60"], keys: ["\r"]),
        Row(name: "textbox: --exit-label, Esc", arguments: ["--exit-label", "Close", "--textbox", "TEXTFILE", "12", "60"], keys: [esc]),
        Row(name: "editbox: Tab to OK, the file as it was", arguments: ["--editbox", "TEXTFILE", "12", "60"], keys: [tab, "\r"]),
        Row(name: "editbox: typed at the start, Return a line break", arguments: ["--editbox", "TEXTFILE", "12", "60"],
            keys: ["New\r", tab, "\r"]),
        Row(name: "editbox: a line joined, --stdout", arguments: ["--stdout", "--editbox", "TEXTFILE", "12", "60"],
            keys: ["\u{1B}OB\u{7F}", tab, "\r"], taking: .stdout),
        Row(name: "editbox: Esc", arguments: ["--editbox", "TEXTFILE", "12", "60"], keys: ["x", esc]),
        Row(name: "editbox: --output-separator for each line break", arguments: ["--output-separator", "|", "--editbox", "TEXTFILE", "12",
                                                                                 "60"], keys: [tab, "\r"]),
        Row(name: "editbox: Extra answers nothing", arguments: ["--extra-button", "--editbox", "TEXTFILE", "12", "60"], keys: ["x", tab, tab, "\r"]),
        Row(name: "editbox: Tab, Tab to Cancel", arguments: ["--editbox", "TEXTFILE", "12", "60"], keys: ["x", tab, tab, "\r"]),
        Row(name: "menu: Return", arguments: ["--menu", "Pick", "12", "40", "3"] + fruit, keys: ["\r"]),
        Row(name: "menu: Down, Return", arguments: ["--menu", "Pick", "12", "40", "3"] + fruit, keys: [down, "\r"]),
        Row(name: "menu: --default-item", arguments: ["--default-item", "c", "--menu", "Pick", "12", "40", "3"] + fruit, keys: ["\r"]),
        Row(name: "menu: Esc", arguments: ["--menu", "Pick", "12", "40", "3"] + fruit, keys: [down, esc]),
        Row(name: "menu: Tab to Cancel", arguments: ["--menu", "Pick", "12", "40", "3"] + fruit, keys: [down, tab, "\r"]),
        Row(name: "menu: --no-tags", arguments: ["--no-tags", "--menu", "Pick", "12", "40", "3"] + fruit, keys: [down, down, "\r"]),
        Row(name: "menu: --no-items", arguments: ["--no-items", "--menu", "Pick", "12", "40", "3", "a", "b", "c"], keys: [down, "\r"]),
        Row(name: "menu: --item-help", arguments: ["--item-help", "--menu", "Pick", "12", "40", "3", "a", "Apple", "Red", "b", "Banana",
                                                   "Yellow"], keys: [down, "\r"]),
        Row(name: "menu: --help-button, Tab, Tab to Help", arguments: ["--help-button", "--menu", "Pick", "12", "40", "3"] + fruit,
            keys: [down, tab, tab, "\r"]),
        Row(name: "menu: --extra-button, Tab to Extra", arguments: ["--extra-button", "--menu", "Pick", "12", "40", "3"] + fruit,
            keys: [down, tab, "\r"]),
        Row(name: "menu: --default-button cancel", arguments: ["--default-button", "cancel", "--menu", "Pick", "12", "40", "3"] + fruit,
            keys: ["\r"]),
        Row(name: "menu: --nocancel, --stdout", arguments: ["--nocancel", "--stdout", "--menu", "Pick", "12", "40", "3"] + fruit,
            keys: [down, "\r"], taking: .stdout),
        Row(name: "menu: s moves to s3", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: ["s", "\r"]),
        Row(name: "menu: a capital N too", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: ["N", "\r"]),
        Row(name: "menu: n, n, n goes round to nas", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: ["n", "n", "n", "\r"]),
        Row(name: "menu: a letter no tag starts", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [down, "x", "\r"]),
        Row(name: "menu: 1, 0, 2 moves to 102", arguments: ["--menu", "VM?", "14", "50", "3"] + vms, keys: ["1", "0", "2", "\r"]),
        Row(name: "menu: 1, 1 moves to 110", arguments: ["--menu", "VM?", "14", "50", "3"] + vms, keys: ["1", "1", "\r"]),
        Row(name: "menu: a digit no tag starts moves to that row", arguments: ["--menu", "Where?", "14", "50", "4"] + devices,
            keys: ["3", "\r"]),
        Row(name: "menu: B, B, B in a long list", arguments: ["--menu", "City?", "16", "50", "6"] + WhiptailTests.cities,
            keys: ["B", "B", "B", "\r"]),
        Row(name: "menu: End", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [end, "\r"]),
        Row(name: "menu: End, Home", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [end, home, "\r"]),
        Row(name: "menu: PgDn", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [pageDown, "\r"]),
        Row(name: "menu: PgDn, PgUp", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [pageDown, pageUp, "\r"]),
        Row(name: "menu: Space chooses", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [down, " "]),
        Row(name: "menu: Right to Cancel", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [down, right, "\r"]),
        Row(name: "menu: Left goes round to Cancel", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [down, left, "\r"]),
        Row(name: "menu: Up, Down, Up", arguments: ["--menu", "Where?", "14", "50", "4"] + devices, keys: [down, down, "\u{1B}OA", "\r"]),
        Row(name: "checklist: a letter moves, Space marks", arguments: ["--checklist", "Where?", "14", "50", "4"] + devicesOff,
            keys: ["s", " ", "\r"]),
        Row(name: "checklist: End, Space", arguments: ["--checklist", "Where?", "14", "50", "4"] + devicesOff, keys: [end, " ", "\r"]),
        Row(name: "checklist: a digit moves to that row", arguments: ["--checklist", "Where?", "14", "50", "4"] + devicesOff,
            keys: ["2", " ", "\r"]),
        Row(name: "radiolist: n, n, Space", arguments: ["--radiolist", "Where?", "14", "50", "4"] + devicesOff, keys: ["n", "n", " ", "\r"]),
        Row(name: "checklist: only on is on, in any case", arguments: ["--checklist", "Pick", "12", "40", "4", "a", "A", "1", "b", "B", "yes",
                                                                      "c", "C", "ON", "d", "D", "On"], keys: ["\r"]),
        Row(name: "radiolist: of two on, the first", arguments: ["--radiolist", "Pick", "12", "40", "3", "a", "A", "on", "b", "B", "on",
                                                                "c", "C", "off"], keys: ["\r"]),
        Row(name: "checklist: toggled marks", arguments: ["--checklist", "Pick", "12", "40", "3"] + marked, keys: [" ", down, " ", "\r"]),
        Row(name: "checklist: as marked", arguments: ["--checklist", "Pick", "12", "40", "3"] + marked, keys: ["\r"]),
        Row(name: "checklist: nothing marked", arguments: ["--checklist", "Pick", "12", "40", "3"] + marked, keys: [down, " ", "\r"]),
        Row(name: "checklist: tags quoted when they need it", arguments: ["--checklist", "Pick", "12", "40", "3", "a b", "A", "on",
                                                                         "$HOME", "B", "on", "it's", "C", "on", "say \"hi\"", "D", "on"],
            keys: ["\r"]),
        Row(name: "checklist: --separate-output", arguments: ["--separate-output", "--checklist", "Pick", "12", "40", "3"] + marked,
            keys: [" ", "\r"]),
        Row(name: "checklist: --output-separator", arguments: ["--output-separator", ",", "--checklist", "Pick", "12", "40", "3"] + marked,
            keys: [" ", "\r"]),
        Row(name: "checklist: --help-button answers the highlighted", arguments: ["--help-button", "--checklist", "Pick", "12", "40", "3"]
            + marked, keys: [down, down, tab, tab, "\r"]),
        Row(name: "checklist: --extra-button answers the marked", arguments: ["--extra-button", "--checklist", "Pick", "12", "40", "3"]
            + marked, keys: [" ", tab, "\r"]),
        Row(name: "checklist: Esc", arguments: ["--checklist", "Pick", "12", "40", "3"] + marked, keys: [" ", esc]),
        Row(name: "radiolist: Return answers the marked one", arguments: ["--radiolist", "Pick", "12", "40", "3"] + marked,
            keys: [down, down, "\r"]),
        Row(name: "radiolist: Space moves the mark", arguments: ["--radiolist", "Pick", "12", "40", "3"] + marked,
            keys: [down, down, " ", "\r"]),
        Row(name: "radiolist: none marked", arguments: ["--radiolist", "Pick", "12", "40", "3", "a", "A", "off", "b", "B", "off"],
            keys: ["\r"]),
        Row(name: "form: typed, the cursor at the start", arguments: ["--form", "Login", "12", "50", "2"] + login,
            keys: ["x", down, "y", "\r"]),
        Row(name: "form: --output-separator", arguments: ["--output-separator", ";", "--form", "Login", "12", "50", "2"] + login,
            keys: ["\r"]),
        Row(name: "passwordform", arguments: ["--passwordform", "Login", "12", "50", "2", "User:", "1", "1", "jane", "1", "10", "20", "0",
                                              "Pass:", "2", "1", "", "2", "10", "20", "0"], keys: [down, "s3cret", "\r"]),
        Row(name: "mixedform: read-only and hidden fields", arguments: ["--mixedform", "Login", "12", "50", "3",
                                                                        "Host:", "1", "1", "pi", "1", "10", "20", "0", "2",
                                                                        "User:", "2", "1", "jane", "2", "10", "20", "0", "0",
                                                                        "Pass:", "3", "1", "", "3", "10", "20", "0", "1"],
            keys: [down, "s3", "\r"]),
        Row(name: "menu: whiptail's button spellings, Tab to Cancel", arguments: ["--ok-button", "Select", "--cancel-button", "Back",
                                                                                 "--menu", "Pick", "12", "40", "3"] + fruit,
            keys: [tab, "\r"]),
        Row(name: "yesno: --yes-button, --no-button", arguments: ["--yes-button", "Go", "--no-button", "Stop", "--yesno", "Now?", "8", "40"],
            keys: [tab, "\r"]),
        Row(name: "menu: --noX spellings, --cancel turns --nocancel off",
            arguments: ["--nocancel", "--cancel", "--nocollapse", "--noshadow", "--nomouse", "--menu", "Pick", "12", "40", "3"] + fruit,
            keys: [tab, "\r"]),
        Row(name: "menu: --item-help, Help answers the help text", arguments: ["--item-help", "--help-button", "--menu", "Pick", "12", "40",
                                                                               "3", "a", "Apple", "Red", "b", "Banana", "Yellow fruit"],
            keys: [down, tab, tab, "\r"]),
        Row(name: "menu: --item-help --help-tags, Help answers the tag",
            arguments: ["--item-help", "--help-tags", "--help-button", "--menu", "Pick", "12", "40", "3", "a", "Apple", "Red", "b", "Banana",
                        "Yellow"], keys: [down, tab, tab, "\r"]),
        Row(name: "checklist: --item-help, Help", arguments: ["--item-help", "--help-button", "--output-separator", ",", "--checklist",
                                                              "Pick", "12", "40", "3", "a", "A", "on", "First", "b", "B", "off", ""],
            keys: [down, tab, tab, "\r"]),
        Row(name: "menu: --defaultno", arguments: ["--defaultno", "--menu", "Pick", "12", "40", "3"] + fruit, keys: ["\r"]),
        Row(name: "menu: --defaultno, then --default-button ok", arguments: ["--defaultno", "--default-button", "ok", "--menu", "Pick",
                                                                             "12", "40", "3"] + fruit, keys: ["\r"]),
        Row(name: "inputbox: --default-button ok, then --defaultno", arguments: ["--default-button", "ok", "--defaultno", "--inputbox",
                                                                                 "Name?", "8", "40", "x"], keys: ["\r"]),
        Row(name: "inputbox: --defaultno, the focus on Cancel", arguments: ["--defaultno", "--inputbox", "Name?", "8", "40", "x"],
            keys: ["\r"]),
        Row(name: "inputbox: --default-button ok, Tab to the field", arguments: ["--default-button", "ok", "--inputbox", "Name?", "8", "40",
                                                                                 "x"], keys: [tab, tab, "\r"]),
        Row(name: "form: --defaultno, Tab to the fields", arguments: ["--defaultno", "--form", "F", "12", "50", "1", "A:", "1", "1", "v", "1",
                                                                      "5", "10", "0"], keys: [tab, "\r"]),
        Row(name: "menu: --default-button extra without the button", arguments: ["--default-button", "extra", "--menu", "Pick", "12", "40",
                                                                                 "3"] + fruit, keys: ["\r"]),
        Row(name: "form: a value longer than its field, cut", arguments: ["--form", "F", "12", "50", "2", "A:", "1", "1", "abcdefghij", "1",
                                                                          "5", "5", "0", "B:", "2", "1", "abcdefghij", "2", "5", "20", "3"],
            keys: ["\r"]),
        Row(name: "form: typing is not held to the field", arguments: ["--form", "F", "12", "50", "1", "A:", "1", "1", "ab", "1", "5", "3",
                                                                       "3"], keys: ["xyzw", "\r"]),
        Row(name: "form: Help answers the field's label", arguments: ["--help-button", "--default-button", "help", "--form", "Login", "12",
                                                                       "50", "2"] + login, keys: ["\r"]),
        Row(name: "form: Help answers the field's help", arguments: ["--item-help", "--help-button", "--default-button", "help", "--form", "F",
                                                                      "12", "50", "1", "A:", "1", "1", "v", "1", "5", "10", "0", "Help for A"],
            keys: ["\r"]),
        Row(name: "form: --item-help's nine columns", arguments: ["--item-help", "--form", "F", "12", "50", "1", "A:", "1", "1", "v", "1",
                                                                  "5", "10", "0", "Help for A"], keys: ["\r"]),
        Row(name: "inputbox: --max-input 0", arguments: ["--max-input", "0", "--inputbox", "Name?", "8", "40"], keys: ["abcdef", "\r"]),
        Row(name: "inputbox: --max-input -3", arguments: ["--max-input", "-3", "--inputbox", "Name?", "8", "40"], keys: ["abcdef", "\r"]),
        Row(name: "inputbox: --max-input 3", arguments: ["--max-input", "3", "--inputbox", "Name?", "8", "40", "xy"], keys: ["abc", "\r"]),
        Row(name: "inputbox: --max-input below the starting text", arguments: ["--max-input", "3", "--inputbox", "Name?", "8", "40",
                                                                               "wxyz"], keys: ["abc", "\r"]),
        Row(name: "radiolist: --output-separator before the tag", arguments: ["--output-separator", ",", "--radiolist", "Pick", "12", "40",
                                                                              "3"] + marked, keys: ["\r"]),
        Row(name: "checklist: only on is on", arguments: ["--checklist", "Pick", "12", "40", "3", "a", "A", "1", "b", "B", "yes", "c", "C",
                                                          "ON"], keys: ["\r"]),
        Row(name: "radiolist: two on, the first stands", arguments: ["--radiolist", "Pick", "12", "40", "3", "a", "A", "on", "b", "B", "on"],
            keys: ["\r"]),
        Row(name: "a box alone: dialog's help", arguments: ["--menu"], statusOnly: true),
        Row(name: "error: --separate-output on a menu", arguments: ["--separate-output", "--menu", "Pick", "12", "40", "3"] + fruit),
        Row(name: "gauge: to the end of its input", arguments: ["--gauge", "Copying", "8", "50", "0"],
            input: Array("10\n50\nXXX\n75\nAlmost\nXXX\n100\n".utf8)),
        Row(name: "gauge: without a percent", arguments: ["--gauge", "Copying", "8", "50"], input: Array("50\n".utf8)),
        Row(name: "timeout: ends as Esc", arguments: ["--timeout", "1", "--msgbox", "Waiting", "8", "40"]),
        Row(name: "timeout: DIALOG_TIMEOUT", arguments: ["--timeout", "1", "--msgbox", "Waiting", "8", "40"],
            environment: ["DIALOG_TIMEOUT": "7"]),
        // A pause's clock wakes it each second: its keys go once its text shows.
        Row(name: "pause: the time runs out, OK", arguments: ["--pause", "Rebooting", "10", "50", "1"]),
        Row(name: "pause: --timeout beside it changes nothing", arguments: ["--timeout", "1", "--pause", "Rebooting", "10", "50", "2"]),
        Row(name: "pause: DIALOG_OK", arguments: ["--pause", "Rebooting", "10", "50", "1"], environment: ["DIALOG_OK": "5"]),
        Row(name: "pause: Return is OK", arguments: ["--pause", "Rebooting", "10", "50", "30"], keys: ["\r"], shows: "Rebooting"),
        Row(name: "pause: Tab to Cancel", arguments: ["--pause", "Rebooting", "10", "50", "30"], keys: [tab, "\r"], shows: "Rebooting"),
        Row(name: "pause: Esc", arguments: ["--pause", "Rebooting", "10", "50", "30"], keys: [esc], shows: "Rebooting"),
        Row(name: "pause: Tab to Extra, then to Help", arguments: ["--extra-button", "--help-button", "--pause", "Rebooting", "10", "50",
                                                                   "30"], keys: [tab + tab + tab, "\r"], shows: "Rebooting"),
        Row(name: "pause: --nocancel, Tab comes back to OK", arguments: ["--nocancel", "--pause", "Rebooting", "10", "50", "30"],
            keys: [tab, "\r"], shows: "Rebooting"),
        Row(name: "error: a pause without its seconds", arguments: ["--pause", "Rebooting", "10", "50"]),
        Row(name: "error: a pause's seconds not a number", arguments: ["--pause", "Rebooting", "10", "50", "soon"]),
        // RetroPie's splash-screen duration, moved and typed.
        Row(name: "rangebox: Return", arguments: splash, keys: ["\r"]),
        Row(name: "rangebox: Up twice, Down", arguments: splash, keys: ["\u{1B}OA", "\u{1B}OA", down, "\r"]),
        Row(name: "rangebox: PgDn twice, PgUp", arguments: splash, keys: [pageDown, pageDown, pageUp, "\r"]),
        Row(name: "rangebox: Home", arguments: splash, keys: [home, "\r"]),
        Row(name: "rangebox: End, then Down held", arguments: splash, keys: [end, down, "\r"]),
        Row(name: "rangebox: the ones typed", arguments: splash, keys: [left, "5", "\r"]),
        Row(name: "rangebox: the tens typed, then one too many", arguments: splash, keys: [left, left, "3", "7", "\r"]),
        Row(name: "rangebox: the tens moved with Up", arguments: splash, keys: [left, left, "\u{1B}OA", "\r"]),
        Row(name: "rangebox: Right round to OK", arguments: splash, keys: [right, right, right, right, "\r"]),
        Row(name: "rangebox: + and -", arguments: splash, keys: ["+", "+", "-", "\r"]),
        Row(name: "rangebox: Tab to Cancel", arguments: splash, keys: [tab, "\r"]),
        Row(name: "rangebox: Esc", arguments: splash, keys: [esc]),
        Row(name: "rangebox: Extra answers the number", arguments: ["--extra-button"] + splash, keys: [tab, "\r"]),
        Row(name: "rangebox: Help answers the number", arguments: ["--help-button"] + splash, keys: [tab, tab, "\r"]),
        Row(name: "rangebox: --stdout", arguments: ["--stdout"] + splash, keys: [down, "\r"], taking: .stdout),
        Row(name: "rangebox: --output-fd 3, below 0", arguments: ["--output-fd", "3", "--rangebox", "Offset", "10", "40", "-5", "5", "-5"],
            keys: ["\u{1B}OA", "\r"], taking: .descriptor3),
        Row(name: "rangebox: a digit before the number's spaces", arguments: ["--rangebox", "N", "10", "40", "-5", "500", "5"],
            keys: [left, left, left, "1", "\r"]),
        Row(name: "rangebox: the bounds the wrong way round", arguments: ["--rangebox", "N", "10", "40", "10", "5", "99"], keys: ["\r"]),
        Row(name: "rangebox: the starting number left out", arguments: ["--rangebox", "N", "10", "40", "1", "5"], keys: ["\r"]),
        Row(name: "rangebox: --timeout ends it as Esc", arguments: ["--timeout", "1"] + splash),
        Row(name: "error: a rangebox's bound not a number", arguments: ["--rangebox", "N", "10", "40", "a", "5", "3"]),
        Row(name: "error: --separate-output on a rangebox", arguments: ["--separate-output"] + splash),
        Row(name: "--print-maxsize: the terminal's size", arguments: ["--print-maxsize"]),
        Row(name: "--print-maxsize --output-fd 3", arguments: ["--print-maxsize", "--output-fd", "3"], taking: .descriptor3),
        Row(name: "--print-version", arguments: ["--print-version"]),
        Row(name: "--print-version --stdout", arguments: ["--stdout", "--print-version"], taking: .stdout),
        Row(name: "--print-maxsize, then --print-version", arguments: ["--print-maxsize", "--print-version"]),
        Row(name: "--print-version before a box", arguments: ["--print-version", "--msgbox", "Done.", "8", "40"], keys: ["\r"]),
        Row(name: "--print-size: the size given", arguments: ["--print-size", "--yesno", "Continue?", "8", "40"], keys: ["\r"]),
        Row(name: "--print-size: held to the screen", arguments: ["--print-size", "--msgbox", "Done.", "100", "200"], keys: ["\r"]),
        Row(name: "--print-size: -1, the largest", arguments: ["--print-size", "--msgbox", "Done.", "-1", "-1"], keys: ["\r"]),
        Row(name: "--print-size and an input box's answer", arguments: ["--print-size", "--inputbox", "Name?", "8", "40", "pi"],
            keys: ["\r"]),
        Row(name: "error: --create-rc, then a box", arguments: ["--create-rc", "rc", "--msgbox", "Done.", "8", "40"]),
        Row(name: "error: --create-rc after another option", arguments: ["--title", "T", "--create-rc", "rc"]),
        Row(name: "--create-rc without its file: the help", arguments: ["--create-rc"], statusOnly: true),
        Row(name: "no box: nothing to do", arguments: ["--title", "T"]),
        Row(name: "error: an unknown option", arguments: ["--bogus", "--msgbox", "T", "8", "40"]),
        Row(name: "error: an unknown option, DIALOG_ERROR", arguments: ["--bogus", "--msgbox", "T", "8", "40"],
            environment: ["DIALOG_ERROR": "9"]),
        Row(name: "error: no width", arguments: ["--msgbox", "T", "8"]),
        Row(name: "error: a height that is not a number", arguments: ["--msgbox", "T", "eight", "40"]),
        Row(name: "error: a menu without items", arguments: ["--menu", "Pick", "12", "40", "3"]),
        Row(name: "error: a form's field not whole", arguments: ["--form", "Login", "12", "50", "2", "User:", "1", "1"]),
        Row(name: "error: a textbox's file missing", arguments: ["--textbox", "/nonexistent/file", "12", "60"]),
        Row(name: "error: an editbox's file missing", arguments: ["--editbox", "/nonexistent/file", "12", "60"]),
        Row(name: "--help", arguments: ["--help"], statusOnly: true),
        Row(name: "--version", arguments: ["--version"], statusOnly: true),
    ]

    @Test(.enabled(if: Tools.available("dialog")), arguments: rows)
    func answersAsDialogDoes(_ row: Row) throws {
        try SideBySide.compare("dialog", row)
    }

    /// armbian-config's shape: a menu and a yes/no, each with whiptail's button words, run by
    /// a script under dialog until Exit — with Debian's dialog and with `ask` as dialog first in
    /// PATH, the same keys to each box: the script goes the same way.
    @Test(.enabled(if: Tools.available("dialog")))
    func armbianConfigsMenusRunAsUnderDialog() throws {
        let script = #"""
            while true; do
              choice=$(dialog --backtitle "Armbian config" --title " Configuration " --ok-button "Select" --cancel-button "Exit" \
                --menu "Choose an option" 14 60 4 System "System and security" Network "Wired, wireless" \
                Personal "Timezone, language" Software "Third party software" 3>&1 1>&2 2>&3) || { echo "exit $?" >>"$OUT"; break; }
              echo "chose $choice" >>"$OUT"
              dialog --title " Warning " --yes-button "Change" --no-button "Cancel" --yesno "Really change $choice?" 7 50
              echo "confirmed $?" >>"$OUT"
            done
            """#
        let boxes = [[Self.down, "\r"], [Self.tab, "\r"], [Self.down, Self.down, "\r"], ["\r"], [Self.tab, "\r"]]
        let theirs = try Tools.require("dialog")
        let directory = TemporaryDirectory()
        _ = directory.link("dialog", to: PtyProcess.askPath)
        var outputs: [String] = []
        for (run, path) in [theirs.split(separator: "/").dropLast().joined(separator: "/"), directory.path].enumerated() {
            // The script's own lines go to a file: its stdout is the terminal, as a person runs it.
            let output = directory.path + "/output\(run)"
            let process = try PtyProcess(["-c", script], executable: "/bin/sh",
                                         environment: ["PATH": "/" + path + ":/usr/bin:/bin", "OUT": output],
                                         stdoutToTerminal: true, stderrToTerminal: true)
            var previous: pid_t = 0
            for keys in boxes {
                var box: pid_t = 0
                _ = process.wait(seconds: 10) { _ in
                    box = Self.lastDescendant(of: process.pid) ?? 0
                    return box != 0 && box != previous && PtyProcess.startedName(of: box) == Array("dialog".utf8)
                }
                previous = box
                for key in keys {
                    process.waitUntilWaitingForKeys(of: box)
                    process.type(key)
                }
            }
            #expect(process.waitForExit(seconds: 10) == .exited(0), "\(path): \(process.terminal.lines)")
            outputs.append((try? Util.readText(output)) ?? "")
        }
        #expect(outputs[1] == "chose Network\nconfirmed 1\nchose Personal\nconfirmed 0\nexit 1\n")
        #expect(outputs[0] == outputs[1])
    }

    /// `--create-rc FILE`: the same settings with the same values as Debian's dialog writes
    /// (the notes are ask's own), status 0 from both, and dialog reads the file ask wrote; a
    /// file that cannot be made is dialog's error status.
    @Test(.enabled(if: Tools.available("dialog")))
    func createRCWritesDialogsSettings() throws {
        let theirs = try Tools.require("dialog")
        let directory = TemporaryDirectory()
        let link = directory.link("dialog", to: PtyProcess.askPath)
        func settings(_ path: String) throws -> [String] {
            try Util.readText(path).split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
        }
        for (program, file) in [(theirs, "/theirs.rc"), (link, "/ours.rc")] {
            let made = try PtyProcess(["--create-rc", directory.path + file], executable: program)
            #expect(made.waitForExit() == .exited(0), "\(program): \(made.stderrText)")
            let refused = try PtyProcess(["--create-rc", directory.path + "/missing/dialog.rc"], executable: program)
            #expect(refused.waitForExit() == .exited(255), "\(program)")
            #expect(refused.stdout.isEmpty)
        }
        let ours = try settings(directory.path + "/ours.rc")
        let their = try settings(directory.path + "/theirs.rc")
        #expect(ours.count == 45 && ours == their)
        let read = try PtyProcess(["--print-version"], executable: theirs, environment: ["DIALOGRC": directory.path + "/ours.rc"])
        #expect(read.waitForExit() == .exited(0) && read.stderrText.hasPrefix("Version: "), "\(read.stderrText)")
    }

    /// ask run as dialog reads `DIALOGRC` as far as it maps onto its look: `use_colors = OFF`
    /// draws without colour (a pause's bar, coloured otherwise, is not).
    @Test(arguments: [("ON", true), ("OFF", false)])
    func dialogrcTurnsColourOff(_ setting: String, coloured: Bool) throws {
        let directory = TemporaryDirectory()
        let file = directory.path + "/dialog.rc"
        try Util.writeFile(file, "# a note\nuse_shadow = OFF\n  USE_COLORS =  \(setting)  # a note after\n")
        let process = try PtyProcess(["--dialog", "--pause", "Rebooting", "10", "50", "30"], environment: ["DIALOGRC": file])
        #expect(process.waitForScreen("30s"), "\(process.terminal.lines)")
        let bar = try #require(process.terminal.style(of: "█"))
        #expect((bar.foreground != nil) == coloured, "\(bar)")
        process.type(Self.esc)
        #expect(process.waitForExit() == .exited(255) && process.settingsRestored)
    }

    /// The youngest process under `pid`, following each one's first child (a box a script runs).
    static func lastDescendant(of pid: pid_t) -> pid_t? {
        var current = pid
        while let text = try? Util.readText("/proc/\(current)/task/\(current)/children"),
              let child = text.split(separator: " ").first.flatMap({ pid_t($0) }) {
            current = child
        }
        return current == pid ? nil : current
    }

    /// In dialog's lists a button holds the focus: the highlighted item still shows, as the
    /// one Return answers, and the OK button is the focused one.
    @Test func theHighlightShowsWhileAButtonHasTheFocus() throws {
        let process = try PtyProcess(["--dialog", "--default-item", "b", "--menu", "Pick", "12", "40", "3"] + Self.fruit)
        #expect(process.waitForScreen("› b  Banana"), "\(process.terminal.lines)")
        #expect(process.terminal.style(of: " OK ")?.inverse == true)
        process.waitUntilWaitingForKeys()
        process.type(Self.down + "\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stderrText == "c")
    }

    /// `--item-help`: the highlighted item's help shows under the list, and follows the highlight.
    @Test func theHighlightedItemsHelpShows() throws {
        let process = try PtyProcess(["--dialog", "--item-help", "--menu", "Pick", "12", "40", "3", "a", "Apple", "Red fruit",
                                      "b", "Banana", "Yellow fruit"])
        #expect(process.waitForScreen("Red fruit"), "\(process.terminal.lines)")
        process.waitUntilWaitingForKeys()
        process.type(Self.down)
        #expect(process.waitForScreen("Yellow fruit") && !process.terminal.contains("Red fruit"), "\(process.terminal.lines)")
        process.waitUntilWaitingForKeys()
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stderrText == "b")
    }

    /// What dialog has and ask does not draw is one line naming it, with dialog's error status.
    @Test(arguments: [["--calendar", "Day", "0", "0", "1", "1", "2026"], ["--fselect", "/", "10", "40"],
                      ["--msgbox", "One", "8", "40", "--and-widget", "--fselect", "/", "10", "40"]])
    func whatAskDoesNotDrawIsNamed(_ arguments: [String]) throws {
        let process = try PtyProcess(["--dialog"] + arguments, environment: ["DIALOG_ERROR": "9"])
        #expect(process.waitForExit() == .exited(9), "\(process.stderrText)")
        let said = process.stderrText
        #expect(said.hasPrefix("dialog (ask): ") && said.split(separator: "\n").count == 1, "\(said)")
        #expect(said.contains(arguments[0] == "--msgbox" ? "--fselect" : arguments[0]), "\(said)")
        #expect(process.stdout.isEmpty && process.settingsRestored)
    }

    /// README's list of what `ask` does not draw is the boxes it refuses: none it draws (as
    /// `--editbox`, a multi-line field) and none left out.
    @Test func theReadmeListsWhatIsNotDrawn() throws {
        let readme = try Util.readText(Paths.root + "/README.md")
        let item = Util.section(of: readme, after: "- **What `ask` does not draw** — ", before: " — is one line")
        let named = item.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 && $0.element.hasPrefix("--") }
            .map { String($0.element.dropFirst(2)) }
        #expect(Set(named).subtracting(["and-widget"]) == Dialog.absent, "\(named)")
        #expect(named.count == Set(named).count, "\(named)")
    }
}
