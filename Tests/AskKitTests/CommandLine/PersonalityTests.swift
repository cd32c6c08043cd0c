import AskChoices
import AskCommandLine
import AskFields
import AskGauge
import AskModel
import AskRender
import AskSession
import AskLayout
import AskText
import AskKit
import AskPresentation
import AskTextBox
import TestSupport
import Testing

/// whiptail's and dialog's command lines read into ask's alert: the program a name or a first
/// argument asks for, what each box becomes, the answer's bytes, the statuses, the text as each
/// program reads it, and the refusals with each program's status.
struct PersonalityTests {
    static func parse(_ arguments: [String], program: String = "ask", environment: Environment = [:]) throws -> ParsedCommand {
        try ArgumentParser(environment: environment, programName: program).parse(arguments)
    }

    static func compat(_ arguments: [String], program: String = "ask", environment: Environment = [:]) throws -> CompatInvocation {
        guard case let .compat(compat) = try parse(arguments, program: program, environment: environment) else {
            throw CompatUsageError("not a box: \(arguments)", status: -1)
        }
        return compat
    }

    @Test(arguments: [("whiptail", [String](), Personality.whiptail), ("/usr/local/bin/dialog", [], .dialog),
                      ("ask", ["--whiptail"], .whiptail), ("ask", ["--dialog"], .dialog)])
    func theNameOrTheFirstArgumentPicks(program: String, first: [String], personality: Personality) throws {
        let compat = try Self.compat(first + ["--msgbox", "Hi", "8", "40"], program: program)
        #expect(compat.personality == personality)
        #expect(compat.invocation.spec.message == "Hi" && compat.invocation.spec.fields.isEmpty)
    }

    @Test func givenLaterItIsAUsageError() throws {
        #expect(throws: UsageError.personalityNotFirst("--whiptail")) { try Self.parse(["--title", "T", "--whiptail"]) }
    }

    /// Which items a checklist or radio list marks first, by their status words, and what typing
    /// does in each list, as each program reads them (`WhiptailTests`, `DialogTests` hold them to
    /// the programs): whiptail takes `1`, `on`, `yes` and its radio list the last on; dialog only
    /// `on`, in any case, and its radio list the first.
    @Test(arguments: [
        ("--whiptail", "--checklist", ["1", "yes", "ON", "On", "true", "off"], [0, 1, 2, 3], ListTyping.checkBoxes),
        ("--dialog", "--checklist", ["1", "yes", "ON", "On", "true", "off"], [2, 3], .jumpsRound),
        ("--whiptail", "--radiolist", ["on", "off", "on", "off", "off", "off"], [2], .checkBoxes),
        ("--dialog", "--radiolist", ["on", "off", "on", "off", "off", "off"], [0], .jumpsRound),
        ("--whiptail", "--menu", [], [0], .jumpsOnward),
        ("--dialog", "--menu", [], [0], .jumpsRound),
    ])
    func aListAsItsProgramReadsIt(personality: String, box: String, statuses: [String], marked: [Int], typing: ListTyping) throws {
        let items = box == "--menu" ? ["a", "A", "b", "B"] : statuses.enumerated().flatMap { ["t\($0.offset)", "item", $0.element] }
        let spec = try Self.compat([personality, box, "Pick", "10", "40", "2"] + items).invocation.spec
        #expect(SheetState(spec: spec, loading: false).chosen == marked && spec.sheet?.typing == typing)
    }

    /// Each box, and what ask makes of it.
    @Test func theBoxes() throws {
        let yesno = try Self.compat(["--whiptail", "--defaultno", "--yes-button", "Go", "--yesno", "Now?", "0", "0"])
        #expect(yesno.invocation.spec.buttons.map(\.label) == ["Go", "No"] && yesno.invocation.spec.defaultButton == .cancel)
        #expect(yesno.invocation.spec.leadsWithOK && yesno.answer == .none)

        let input = try Self.compat(["--whiptail", "--inputbox", "Name", "8", "40", "jane"])
        #expect(input.invocation.spec.fields.map(\.value) == ["jane"] && input.answer == .text)
        let password = try Self.compat(["--dialog", "--passwordbox", "Pass", "8", "40"])
        #expect(password.invocation.spec.fields.map(\.isSecure) == [true])

        let radio = try Self.compat(["--whiptail", "--radiolist", "Pick", "10", "40", "2", "a", "A", "off", "b", "B", "ON"])
        let sheet = try #require(radio.invocation.spec.sheet)
        #expect(sheet.marksOne && sheet.allowsMultiple && sheet.startsAtTop && sheet.selectedIndices == [1])
        // Tag and item are two columns, aligned when drawn (`SheetSpec.tagColumns`).
        #expect(sheet.choices.map(\.labelText) == ["a\tA", "b\tB"] && sheet.choices.map(\.value) == [Array("a".utf8), Array("b".utf8)])
        #expect(sheet.tagColumns)

        let menu = try Self.compat(["--dialog", "--no-items", "--default-item", "c", "--menu", "Pick", "10", "40", "3", "a", "b", "c"])
        #expect(menu.invocation.spec.sheet?.choices.map(\.labelText) == ["a", "b", "c"] && menu.invocation.spec.sheet?.tagColumns == false)
        #expect(menu.invocation.spec.sheet?.selectedIndices == [2] && menu.invocation.spec.sheet?.buttonsHoldFocus == true)

        let form = try Self.compat(["--dialog", "--mixedform", "Login", "10", "50", "3",
                                    "Host:", "1", "1", "pi", "1", "10", "20", "0", "2",
                                    "User:", "2", "1", "jane", "2", "10", "20", "8", "0",
                                    "Pass:", "3", "1", "", "3", "10", "20", "0", "1"])
        #expect(form.invocation.spec.fields.map(\.label) == ["User:", "Pass:"])
        #expect(form.invocation.spec.fields.map(\.isSecure) == [false, true])
        #expect(form.invocation.spec.fields.map(\.validation.maximumLength) == [nil, nil])
        #expect(form.invocation.spec.message == "Login\nHost: pi" && form.invocation.spec.returnAccepts)
        #expect(form.answer == .form([.fixed(Array("pi".utf8)), .field(0), .field(1)]))

        let text = try Self.compat(["--dialog", "--exit-label", "Close", "--textbox", "/etc/hostname", "10", "60"])
        #expect(text.invocation.spec.text == TextSpec(file: "/etc/hostname") && text.invocation.spec.buttons.map(\.label) == ["Close"])
        let width = try Self.compat(["--whiptail", "--msgbox", "Hi", "8", "61"])
        #expect(width.invocation.options.width == 61)
    }

    /// dialog's options as it finds them: whiptail's spellings, and a name with `no` added or
    /// taken away where dialog's table has no such name — on, or turned off.
    @Test(arguments: [
        ("nocancel", "no-cancel", true), ("no-cancel", "no-cancel", true), ("cancel", "no-cancel", false),
        ("nocollapse", "no-collapse", true), ("collapse", "no-collapse", false), ("no-defaultno", "defaultno", false),
        ("nodefaultno", "defaultno", false), ("defaultno", "defaultno", true), ("shadow", "no-shadow", false),
        ("nook", "no-ok", true), ("notitle", "title", false), ("noitem", "no-items", true), ("notags", "no-tags", true),
        ("ok-button", "ok-label", true), ("yes-button", "yes-label", true), ("no-button", "no-label", true),
        ("cancel-button", "cancel-label", true), ("guage", "gauge", true), ("separator", "output-separator", true),
        ("nomsgbox", "msgbox", false),
    ])
    func dialogFindsAnOption(spelled: String, name: String, on: Bool) {
        let found = Dialog.lookup(spelled)
        #expect(found?.name == name && found?.on == on, "\(String(describing: found))")
    }

    @Test(arguments: ["no-nocancel", "bogus", "nobogus", "fullbuttons", "no-fb-x"])
    func dialogFindsNoOption(spelled: String) {
        #expect(Dialog.lookup(spelled) == nil)
    }

    /// armbian-config's shape: whiptail's button spellings under dialog, a `--noX` spelling,
    /// a flag turned off by its other spelling.
    @Test func whiptailsSpellingsUnderDialog() throws {
        let menu = try Self.compat(["--dialog", "--ok-button", "Select", "--cancel-button", "Back", "--nocancel", "--cancel",
                                    "--menu", "Pick", "10", "40", "2", "a", "A", "b", "B"])
        #expect(menu.invocation.spec.buttons.map(\.label) == ["Select", "Back"])
        let yesno = try Self.compat(["--dialog", "--yes-button", "Do", "--no-button", "Skip", "--yesno", "Now?", "8", "40"])
        #expect(yesno.invocation.spec.buttons.map(\.label) == ["Do", "Skip"])
        let noCancel = try Self.compat(["--dialog", "--no-cancel", "--inputbox", "Name", "8", "40"])
        #expect(noCancel.invocation.spec.buttons.map(\.label) == ["OK"])
    }

    /// `--defaultno` and `--default-button`: the last stands; a button the box lacks leaves OK.
    @Test(arguments: [
        (["--defaultno", "--default-button", "ok"], ButtonRole.ok), (["--default-button", "ok", "--defaultno"], .cancel),
        (["--default-button", "Cancel"], .cancel), (["--default-button", "extra"], .ok),
        (["--extra-button", "--default-button", "extra"], .secondary), (["--default-button", "help"], .ok),
        (["--help-button", "--default-button", "help"], .help), (["--nocancel", "--default-button", "no"], .ok),
        (["--no-defaultno"], .cancel),
    ])
    func dialogsDefaultButton(options: [String], button: ButtonRole) throws {
        let compat = try Self.compat(["--dialog"] + options + ["--menu", "Pick", "10", "40", "2", "a", "A", "b", "B"])
        #expect(compat.invocation.spec.defaultButton == button)
    }

    /// What dialog does with one argument (its help), none, or options alone.
    @Test func dialogAlone() throws {
        for arguments in [[], ["--menu"], ["--bogus"], ["--stdout", "--menu"], ["--title"]] {
            #expect(try Self.parse(["--dialog"] + arguments) == .compatHelp(.dialog), "\(arguments)")
        }
        #expect(try Self.parse(["--dialog", "--version"]) == .compatVersion(.dialog))
        #expect(try Self.parse(["--dialog", "--title", "T", "--clear"], environment: ["DIALOG_OK": "4"])
            == .compatRefused(.dialog, CompatUsageError("", status: 4)))
    }

    /// What dialog prints of itself as it reads its command line, in order, on the answer's
    /// descriptor: the size measured only for `--print-maxsize` alone (where the answer goes aside).
    @Test(arguments: [
        (["--print-maxsize"], [CompatPrint.maxSize(measured: true)], 2, false),
        (["--print-maxsize", "--output-fd", "1"], [.maxSize(measured: true)], 1, false),
        (["--stdout", "--print-maxsize"], [.maxSize(measured: true)], 1, false),
        (["--title", "T", "--print-maxsize"], [.maxSize(measured: false)], 2, false),
        (["--print-version", "--print-maxsize"], [.version, .maxSize(measured: false)], 2, false),
        (["--print-size", "--print-version", "--msgbox", "Hi", "8", "40"], [.version, .size(height: 8, width: 40)], 2, true),
        (["--create-rc", "dialog.rc"], [.rcFile("dialog.rc")], 2, false),
    ])
    func dialogPrints(_ arguments: [String], prints: [CompatPrint], output: Int32, drawsBox: Bool) throws {
        let compat = try Self.compat(["--dialog"] + arguments)
        #expect(compat.prints == prints)
        #expect(compat.output == output && compat.drawsBox == drawsBox)
    }

    /// The lines printed on a terminal of 24×80: a size held to a row and two columns less.
    @Test(arguments: [
        (CompatPrint.maxSize(measured: true), "MaxSize: 24, 80\n"), (.maxSize(measured: false), "MaxSize: 0, 0\n"),
        (.version, "Version: 1.3-20230209\n"), (.size(height: 8, width: 40), "Size: 8, 40\n"),
        (.size(height: 100, width: 200), "Size: 23, 78\n"), (.size(height: -1, width: 0), "Size: 23, 78\n"),
    ])
    func dialogPrintLines(_ print: CompatPrint, line: String) {
        #expect(print.line(rows: 24, columns: 80) == line)
    }

    /// `DIALOGRC`'s settings as dialog reads them (comments, spaces, any case in a name), and
    /// what of them maps: `use_colors = OFF` alone.
    @Test(arguments: [("use_colors = OFF\n", ColorMode.never), ("  USE_COLORS=off # no colour\n", .never),
                      ("use_colors = ON\n", .auto), ("# use_colors = OFF\n", .auto), ("use_shadow = OFF\n", .auto),
                      ("use_colors = OFF\nuse_colors = ON\n", .auto)])
    func dialogrc(_ text: String, color: ColorMode) throws {
        var compat = try Self.compat(["--dialog", "--msgbox", "Hi", "8", "40"])
        Dialog.apply(settings: text, to: &compat)
        #expect(compat.invocation.options.color == color)
    }

    /// `--create-rc`'s file reads back as the settings it lists, each once.
    @Test func theRCFileReadsBack() {
        let settings = Dialog.settings(Dialog.rcFile)
        #expect(settings.count == 45 && settings["use_colors"] == "ON" && settings["gauge_color"] == "title_color")
    }

    /// `--item-help`: a list's help texts shown for the highlighted item and answered by Help,
    /// even empty (the tag with `--help-tags`); a form's help column read.
    @Test func itemHelp() throws {
        let arguments = ["--menu", "Pick", "10", "40", "2", "a", "Apple", "Red fruit", "b", "Banana", ""]
        let menu = try Self.compat(["--dialog", "--item-help", "--help-button"] + arguments)
        #expect(menu.invocation.spec.sheet?.itemHelp == ["Red fruit", ""])
        #expect(menu.helpAnswer(highlighted: Array("a".utf8)) == Array("Red fruit".utf8))
        #expect(menu.helpAnswer(highlighted: Array("b".utf8)).isEmpty)
        let tags = try Self.compat(["--dialog", "--item-help", "--help-tags"] + arguments)
        #expect(tags.helpAnswer(highlighted: Array("a".utf8)) == Array("a".utf8))
        let form = try Self.compat(["--dialog", "--item-help", "--form", "F", "10", "40", "1",
                                    "User:", "1", "1", "jane", "1", "10", "20", "0", "Your name"])
        #expect(form.invocation.spec.fields.map(\.value) == ["jane"])
        #expect(throws: Never.self) { try Self.compat(["--dialog", "--form", "F", "10", "40", "1", "User:", "1", "1", "jane", "1", "10", "20", "0"]) }
    }

    /// A form's value starts cut to its field's most bytes (its length when that is 0, all of it
    /// below 0), as dialog cuts it: an editable field's to whole characters.
    @Test(arguments: [
        ("abcdefghij", "5", "0", "abcde"), ("abcdefghij", "5", "3", "abc"), ("abcdefghij", "20", "3", "abc"),
        ("abcdefghij", "5", "-1", "abcdefghij"), ("ééééé", "3", "0", "é"),
    ])
    func formValuesAreCut(value: String, length: String, most: String, kept: String) throws {
        let form = try Self.compat(["--dialog", "--form", "F", "10", "40", "1", "L:", "1", "1", value, "1", "5", length, most])
        #expect(form.invocation.spec.fields.map(\.value) == [kept])
        #expect(form.invocation.spec.fields.map(\.validation.maximumLength) == [nil])
        let fixed = try Self.compat(["--dialog", "--mixedform", "F", "10", "40", "1", "L:", "1", "1", "ééé", "1", "5", "3", "3", "2"])
        #expect(fixed.answer == .form([.fixed([0xC3, 0xA9, 0xC3])]))
    }

    /// whiptail's own: its OK button's word, Esc without Cancel, lists without items.
    @Test func whiptailsOwn() throws {
        #expect(try Self.compat(["--whiptail", "--msgbox", "Hi", "8", "40"]).invocation.spec.buttons.map(\.label) == ["Ok"])
        let menu = try Self.compat(["--whiptail", "--nocancel", "--menu", "Pick", "10", "40", "2", "a", "A"])
        #expect(menu.status(.cancelled) == 1)
        let yesno = try Self.compat(["--whiptail", "--nocancel", "--yesno", "Now?", "8", "40"])
        #expect(yesno.status(.cancelled) == 255)
        let empty = try Self.compat(["--whiptail", "--checklist", "Pick", "10", "40", "2"])
        #expect(empty.invocation.spec.sheet == nil && empty.invocation.spec.buttons.map(\.label) == ["Ok", "Cancel"])
    }

    /// The answer's bytes for a list's chosen tags: whiptail always quotes, dialog only where
    /// a tag needs it, escaping what a shell would read.
    @Test(arguments: [
        (Personality.whiptail, false, [String]?.none, ["a", "b c"], #""a" "b c""#),
        (.whiptail, true, nil, ["a", "b"], "a\nb\n"),
        (.dialog, false, nil, ["a", "b c", "it's", #"say "hi""#, "$HOME", ""], #"a "b c" it's "say \"hi\"" "\$HOME" """#),
        (.dialog, false, [","], ["a", "b"], ",a,b"),
        (.dialog, true, [";"], ["a", "b"], "a;b;"),
    ])
    func tags(personality: Personality, separate: Bool, separator: [String]?, tags: [String], bytes: String) {
        var compat = CompatInvocation(personality: personality, answer: .tags(separate: separate))
        compat.quotesOnlyWhenNeeded = personality == .dialog
        compat.separator = separator.map { Array($0[0].utf8) }
        #expect(String(decoding: compat.bytes(chosen: tags.map { Array($0.utf8) }), as: UTF8.self) == bytes)
    }

    /// How each outcome ends, and dialog's variables.
    @Test func statuses() throws {
        let whiptail = try Self.compat(["--whiptail", "--msgbox", "Hi", "8", "40"])
        #expect([Outcome.accepted(.ok), .accepted(.cancel), .cancelled, .timedOut].map(whiptail.status) == [0, 1, 255, 255])
        let dialog = try Self.compat(["--dialog", "--msgbox", "Hi", "8", "40"],
                                     environment: ["DIALOG_OK": "10", "DIALOG_ESC": "9", "DIALOG_HELP": "x"])
        #expect([Outcome.accepted(.ok), .accepted(.cancel), .accepted(.help), .accepted(.secondary), .cancelled, .timedOut]
            .map(dialog.status) == [10, 1, 2, 3, 9, 9])
        #expect(dialog.status(.interrupted(signal: 2)) == nil)
        let timing = try Self.compat(["--dialog", "--timeout", "5", "--msgbox", "Hi", "8", "40"], environment: ["DIALOG_TIMEOUT": "7"])
        #expect(timing.status(.timedOut) == 7 && timing.saysTimeout && timing.invocation.options.timeout == 5)
    }

    /// The text as each program reads it.
    static let texts: [(String, Bool, Bool, Bool, String)] = [
        ("a\\nb", false, true, false, "a\nb"), ("a\nb", false, true, false, "a\nb"), ("a\nb", true, true, false, "a b"),
        ("a\\nb", false, false, false, "a\\nb"), ("\\Zbbold\\Zn and \\Z1red", false, true, true, "bold and red"),
        ("\\Zb kept", false, true, false, "\\Zb kept"),
    ]

    @Test(arguments: texts)
    func dialogsText(text: String, trim: Bool, expands: Bool, colors: Bool, shown: String) throws {
        var arguments = ["--dialog"]
        if trim { arguments.append("--trim") }
        if !expands { arguments.append("--no-nl-expand") }
        if colors { arguments.append("--colors") }
        #expect(try Self.compat(arguments + ["--msgbox", text, "8", "40"]).invocation.spec.message == shown)
    }

    @Test(arguments: [("One\\nTwo", "One\nTwo"), ("a\\\\nb", "a\\\nb"), ("back\\slash", "back\\slash"), ("end\\", "end\\")])
    func whiptailsLineBreaks(text: String, shown: String) throws {
        #expect(try Self.compat(["--whiptail", "--msgbox", text, "8", "40"]).invocation.spec.message == shown)
    }

    /// Refusals, with each program's status.
    static let refused: [([String], Int32)] = [
        (["--whiptail", "--bogus"], Int32(1)), (["--whiptail", "--msgbox", "T", "8"], 255),
        (["--whiptail", "--msgbox", "T", "x", "40"], 255), (["--whiptail", "--title"], 1),
        (["--whiptail", "--menu", "T", "8", "40", "2", "a"], 255), (["--whiptail", "--gauge", "T", "8", "40"], 255),
        (["--dialog", "--bogus", "--msgbox", "T", "8", "40"], 255), (["--dialog", "--calendar", "T", "8", "40"], 255),
        (["--dialog", "--msgbox", "T", "8", "40", "--and-widget"], 255),
        (["--dialog", "--form", "T", "8", "40", "1", "L", "1", "1", "v", "1", "5", "x", "0"], 255),
        (["--dialog", "--separate-output", "--menu", "T", "8", "40", "1", "a", "A"], 255),
        (["--dialog", "--default-button", "maybe", "--msgbox", "T", "8", "40"], 255),
        (["--dialog", "--item-help", "--form", "T", "8", "40", "1", "L", "1", "1", "v", "1", "5", "5", "0"], 255),
        (["--whiptail", "--output-fd", "x", "--msgbox", "T", "8", "40"], 1),
    ]

    @Test(arguments: refused)
    func refusals(arguments: [String], status: Int32) throws {
        guard case let .compatRefused(_, error) = try Self.parse(arguments) else {
            Issue.record("accepted: \(arguments)")
            return
        }
        #expect(error.status == status && !error.message.isEmpty, "\(error)")
    }
}
