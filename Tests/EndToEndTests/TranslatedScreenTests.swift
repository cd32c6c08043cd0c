import Glibc
import TestSupport
import Testing

/// `ask`'s own words in German and Japanese on the screen: golden screens of the alert, a form,
/// an action sheet, a checklist, a gauge, the one-line form and dialog's four buttons (stacked,
/// whole, where they do not fit side by side), each drawn by the built `ask`
/// under `LANG` with the catalogs compiled from po/. Wide labels are measured as the terminal
/// draws them, the box grows for longer words, and no button's label is cut.
@Suite struct TranslatedScreenTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let locale: String
        let arguments: [String]
        var keys = ""
        var rows = 14
        var columns = 60
        /// Standard input (a list, a gauge's percentages), else the terminal.
        var stdin: String?
        let expected: [String]
        var testDescription: String { name + " " + locale }
    }

    /// 1,619 choices: the counter groups the number as the language does.
    static let packages = (1...1619).map { "Paket \($0)\n" }.joined()
    static let japanesePackages = (1...1619).map { "パッケージ\($0)\n" }.joined()

    static let cases: [Case] = [
        Case(name: "refused", locale: "de_DE", arguments: ["--title", "Konto", "--field", "Name", "--required"], keys: "\r", expected: [
            "╭────────────────────────────────────╮",
            "│               Konto                │",
            "│                                    │",
            "│ Name                               │",
            "│      Eine Antwort ist erforderlich │",
            "├─────────────────┬──────────────────┤",
            "│    Abbrechen    │        OK        │",
            "╰─────────────────┴──────────────────╯",
        ]),
        Case(name: "refused", locale: "ja_JP", arguments: ["--title", "アカウント", "--field", "名前", "--required"], keys: "\r", expected: [
            "╭────────────────────────────────╮",
            "│           アカウント           │",
            "│                                │",
            "│ 名前                           │",
            "│      回答が必要です            │",
            "├───────────────┬────────────────┤",
            "│  キャンセル   │       OK       │",
            "╰───────────────┴────────────────╯",
        ]),
        Case(name: "alert", locale: "de_DE", arguments: ["--title", "Neustart", "--no-field", "Jetzt neu starten?"], expected: [
            "╭────────────────────────────────╮",
            "│            Neustart            │",
            "│       Jetzt neu starten?       │",
            "├───────────────┬────────────────┤",
            "│   Abbrechen   │       OK       │",
            "╰───────────────┴────────────────╯",
        ]),
        Case(name: "form", locale: "de_DE", arguments: ["--title", "Konto", "--field", "Name", "--required", "--field", "PIN", "--secure",
                                                         "--max-length", "4", "--repeat", "--allow-reveal"], keys: "\r12", expected: [
            "╭─────────────────────────────────────────────╮",
            "│                    Konto                    │",
            "│                                             │",
            "│ Name                                        │",
            "│                                             │",
            "│ PIN  ••                                     │",
            "│      Strg-R zeigt den Text              2/4 │",
            "├──────────────────────┬──────────────────────┤",
            "│      Abbrechen       │          OK          │",
            "╰──────────────────────┴──────────────────────╯",
        ]),
        Case(name: "sheet", locale: "de_DE", arguments: ["--title", "Paket", "--choices-from", "-"], stdin: Self.packages, expected: [
            "╭────────────────────────────────╮",
            "│             Paket              │",
            "│ Tippen filtert   1–6 von 1.619 │",
            "├────────────────────────────────┤",
            "│ › Paket 1                      │",
            "│   Paket 2                      │",
            "│   Paket 3                      │",
            "│   Paket 4                      │",
            "│   Paket 5                      │",
            "│   Paket 6                      │",
            "├────────────────────────────────┤",
            "│           Abbrechen            │",
            "╰────────────────────────────────╯",
        ]),
        Case(name: "checklist", locale: "de_DE", arguments: ["--title", "Pakete", "--multiple", "--required", "--choice", "curl",
                                                              "--choice", "git", "--choice", "vim"], keys: "\r", expected: [
            "╭───────────────────────────────────────────────╮",
            "│                    Pakete                     │",
            "│ Leertaste markiert, Tippen filtert            │",
            "├───────────────────────────────────────────────┤",
            "│ › [ ] 1 curl                                  │",
            "│   [ ] 2 git                                   │",
            "│   [ ] 3 vim                                   │",
            "│ Mindestens eine Auswahl markieren (Leertaste) │",
            "├───────────────────────┬───────────────────────┤",
            "│       Abbrechen       │        Fertig         │",
            "╰───────────────────────┴───────────────────────╯",
        ]),
        Case(name: "narrow", locale: "de_DE", arguments: ["--title", "Pakete", "--multiple", "--choice", "curl", "--choice", "git"],
             columns: 24, expected: [
            "╭─────────────────────╮",
            "│       Pakete        │",
            "│ Leertaste markier…  │",
            "├─────────────────────┤",
            "│ › [ ] 1 curl        │",
            "│   [ ] 2 git         │",
            "├─────────────────────┤",
            "│       Fertig        │",
            "├─────────────────────┤",
            "│      Abbrechen      │",
            "╰─────────────────────╯",
        ]),
        Case(name: "four buttons", locale: "ru_RU", arguments: ["--dialog", "--extra-button", "--help-button", "--yesno", "Продолжить?",
                                                                 "8", "30"], columns: 40, expected: [
            "╭────────────────────────────╮",
            "│        Продолжить?         │",
            "├────────────────────────────┤",
            "│             Да             │",
            "├────────────────────────────┤",
            "│       Дополнительно        │",
            "├────────────────────────────┤",
            "│            Нет             │",
            "├────────────────────────────┤",
            "│          Справка           │",
            "╰────────────────────────────╯",
        ]),
        Case(name: "four buttons", locale: "ja_JP", arguments: ["--dialog", "--extra-button", "--help-button", "--yesno", "続けますか?",
                                                                 "8", "30"], columns: 40, expected: [
            "╭────────────────────────────╮",
            "│        続けますか?         │",
            "├────────────────────────────┤",
            "│            はい            │",
            "├────────────────────────────┤",
            "│            拡張            │",
            "├────────────────────────────┤",
            "│           いいえ           │",
            "├────────────────────────────┤",
            "│           ヘルプ           │",
            "╰────────────────────────────╯",
        ]),
        Case(name: "gauge", locale: "de_DE", arguments: ["--gauge", "--title", "Kopieren", "--message", "Fotos"], stdin: "42\n", expected: [
            "╭──────────────────────────────────────────╮",
            "│                 Kopieren                 │",
            "│                  Fotos                   │",
            "│                                          │",
            "│ ██████████████░░░░░░░░░░░░░░░░░░░░░  42% │",
            "╰──────────────────────────────────────────╯",
        ]),
        Case(name: "one line", locale: "de_DE", arguments: ["--title", "Paket", "--multiple", "--choice", "curl", "--choice", "git"],
             keys: "\t", rows: 2, expected: [
            "Paket: [ ] curl                    [Abbrechen] [Fertig] 1/2",
        ]),
        Case(name: "alert", locale: "ja_JP", arguments: ["--title", "再起動", "--no-field", "今すぐ再起動しますか?"], expected: [
            "╭────────────────────────────────╮",
            "│             再起動             │",
            "│     今すぐ再起動しますか?      │",
            "├───────────────┬────────────────┤",
            "│  キャンセル   │       OK       │",
            "╰───────────────┴────────────────╯",
        ]),
        Case(name: "form", locale: "ja_JP", arguments: ["--title", "アカウント", "--field", "名前", "--required", "--field", "PIN", "--secure",
                                                         "--max-length", "4", "--repeat", "--allow-reveal"], keys: "\r12", expected: [
            "╭─────────────────────────────────────────────╮",
            "│                 アカウント                  │",
            "│                                             │",
            "│ 名前                                        │",
            "│                                             │",
            "│ PIN  ••                                     │",
            "│      Ctrl-Rで文字を表示                 2/4 │",
            "├──────────────────────┬──────────────────────┤",
            "│      キャンセル      │          OK          │",
            "╰──────────────────────┴──────────────────────╯",
        ]),
        Case(name: "sheet", locale: "ja_JP", arguments: ["--title", "パッケージ", "--choices-from", "-"], stdin: Self.japanesePackages, expected: [
            "╭────────────────────────────────╮",
            "│           パッケージ           │",
            "│ 入力で絞り込み   1,619件中 1–6 │",
            "├────────────────────────────────┤",
            "│ › パッケージ1                  │",
            "│   パッケージ2                  │",
            "│   パッケージ3                  │",
            "│   パッケージ4                  │",
            "│   パッケージ5                  │",
            "│   パッケージ6                  │",
            "├────────────────────────────────┤",
            "│           キャンセル           │",
            "╰────────────────────────────────╯",
        ]),
        Case(name: "checklist", locale: "ja_JP", arguments: ["--title", "パッケージ", "--multiple", "--required", "--choice", "curl",
                                                              "--choice", "git", "--choice", "vim"], keys: "\r", expected: [
            "╭───────────────────────────────────╮",
            "│            パッケージ             │",
            "│ スペースで選択、入力で絞り込み    │",
            "├───────────────────────────────────┤",
            "│ › [ ] 1 curl                      │",
            "│   [ ] 2 git                       │",
            "│   [ ] 3 vim                       │",
            "│ 1つ以上選択してください(スペース) │",
            "├─────────────────┬─────────────────┤",
            "│   キャンセル    │      完了       │",
            "╰─────────────────┴─────────────────╯",
        ]),
        Case(name: "narrow", locale: "ja_JP", arguments: ["--title", "パッケージ", "--multiple", "--choice", "curl", "--choice", "git"],
             columns: 24, expected: [
            "╭─────────────────────╮",
            "│     パッケージ      │",
            "│ スペースで選択、…   │",
            "├─────────────────────┤",
            "│ › [ ] 1 curl        │",
            "│   [ ] 2 git         │",
            "├─────────────────────┤",
            "│        完了         │",
            "├─────────────────────┤",
            "│     キャンセル      │",
            "╰─────────────────────╯",
        ]),
        Case(name: "gauge", locale: "ja_JP", arguments: ["--gauge", "--title", "コピー", "--message", "写真"], stdin: "42\n", expected: [
            "╭──────────────────────────────────────────╮",
            "│                  コピー                  │",
            "│                   写真                   │",
            "│                                          │",
            "│ ██████████████░░░░░░░░░░░░░░░░░░░░░  42% │",
            "╰──────────────────────────────────────────╯",
        ]),
        Case(name: "one line", locale: "ja_JP", arguments: ["--title", "パッケージ", "--multiple", "--choice", "curl", "--choice", "git"],
             keys: "\t", rows: 2, expected: [
            "パッケージ: [ ] curl                [キャンセル] [完了] 1/2",
        ]),
    ]

    @Test(arguments: cases)
    func theScreenSpeaksTheLanguage(_ test: Case) throws {
        let environment = ["LANG": test.locale + ".UTF-8", "ASK_LOCALEDIR": try CompiledCatalogs.directory()]
        let process = try PtyProcess(test.arguments, environment: environment, rows: test.rows, columns: test.columns,
                                     input: test.stdin == nil ? .terminal : .pipe)
        if let stdin = test.stdin {
            process.writeStdin(stdin)
            if test.name == "sheet" { process.closeStdin() }
        }
        process.waitUntilWaitingForKeys()
        if !test.keys.isEmpty {
            process.type(test.keys)
            process.waitUntilWaitingForKeys()
        }
        _ = process.wait(seconds: 0.5) { _ in false }
        // The box and what is below it: the rows above it (the prompt) and the empty rows after it left out.
        let rows = process.terminal.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        let screen = Array(rows.drop { $0 == "$ ask" || $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed())
        #expect(screen == test.expected, "\n\(screen.map { "\"\($0)\"," }.joined(separator: "\n"))")
        process.type("\u{1B}")
        process.closeStdin()
        _ = process.waitForExit(seconds: 10)
    }

    static func environment(_ locale: String, _ more: [String: String] = [:]) throws -> [String: String] {
        ["LANG": locale + ".UTF-8", "ASK_LOCALEDIR": try CompiledCatalogs.directory()].merging(more) { $1 }
    }

    /// The countdown in the field's row: the seconds as the language writes them (Korean's whole, "5초 후 취소",
    /// fits the room German's "Abbrechen in 5 s" does not).
    @Test(arguments: [("de_DE", " s │"), ("ja_JP", "秒 │"), ("ko_KR", "초 후 취소 │")])
    func theCountdownSpeaksTheLanguage(_ locale: String, _ ending: String) throws {
        let process = try PtyProcess(["--timeout", "9", "--title", "Name"], environment: try Self.environment(locale))
        #expect(process.wait { $0.terminal.lines.contains { line in
            line.hasSuffix(ending) && line.dropLast(ending.count).last.map { ("1"..."9").contains($0) } == true
        } }, "\(process.terminal.lines)")
        process.type("\u{1B}")
        #expect(process.waitForExit() == .exited(1))
    }

    /// Plain mode says the time once, in the language's plural: Russian's three forms.
    @Test(arguments: [("de_DE", 30, "(Abbrechen in 30 Sekunden)"), ("de_DE", 1, "(Abbrechen in 1 Sekunde)"),
                      ("ja_JP", 30, "(30秒後にキャンセル)"), ("ru_RU", 21, "(Отмена через 21 секунду)"),
                      ("ru_RU", 23, "(Отмена через 23 секунды)"), ("ru_RU", 25, "(Отмена через 25 секунд)"),
                      ("pl_PL", 22, "(Anuluj za 22 sekundy)"), ("fr_FR", 1, "(Annuler dans 1 seconde)")])
    func plainModeSaysTheTimeInTheLanguagesPlural(_ locale: String, _ seconds: Int, _ line: String) throws {
        let process = try PtyProcess(["--plain", "--timeout", "\(seconds)", "--title", "Code"], environment: try Self.environment(locale))
        #expect(process.waitForScreen(line), "\(process.terminal.lines)")
        process.type("\u{1B}")
        #expect(process.waitForExit() == .exited(1))
    }

    /// gettext's choice: LANGUAGE's list before LANG, a language without a catalog passed over;
    /// LANGUAGE ignored when the locale is C; a catalog missing, cut short or not a catalog at
    /// all: English, and nothing said of it.
    @Test(arguments: [
        (["LANG": "fr_FR.UTF-8", "LANGUAGE": "xx:de"], "Abbrechen"),
        (["LANG": "de_DE.UTF-8", "LANGUAGE": "ja"], "キャンセル"),
        (["LANG": "C.UTF-8", "LANGUAGE": "de"], "Cancel"),
        (["LANG": "de_DE.UTF-8", "LC_MESSAGES": "C.UTF-8"], "Cancel"),
        (["LANG": "de_DE.UTF-8", "LC_ALL": "ja_JP.UTF-8"], "キャンセル"),
        (["LANG": "de_AT.UTF-8"], "Abbrechen"),
        (["LANG": "xx_YY.UTF-8"], "Cancel"),
        (["LANG": "de_DE.UTF-8", "ASK_LOCALEDIR": "/nonexistent"], "Cancel"),
        (["LANG": "de_DE.UTF-8", "ASK_LOCALEDIR": "DAMAGED"], "Cancel"),
        (["LANG": "fr_FR.UTF-8", "ASK_LOCALEDIR": "DAMAGED"], "Cancel"),
        (["LANG": "ja_JP.UTF-8", "ASK_LOCALEDIR": "DAMAGED"], "Cancel"),
    ])
    func theLanguageIsChosenAsGettextChoosesIt(_ variables: [String: String], _ cancel: String) throws {
        // Damaged: German's cut short, French's random bytes, Japanese's a directory.
        let damaged = TemporaryDirectory()
        let german = try Util.readBytes(try CompiledCatalogs.directory() + "/de/LC_MESSAGES/ask.mo")
        try Util.writeFile(damaged.path + "/de/LC_MESSAGES/ask.mo", String(decoding: german.prefix(german.count / 2), as: UTF8.self))
        var random = SplitMix(seed: 38)
        try Util.writeFile(damaged.path + "/fr/LC_MESSAGES/ask.mo", String((0..<4096).map { _ in Character(Unicode.Scalar(UInt8(random.below(128)))) }))
        _ = try Util.run("/bin/mkdir", ["-p", damaged.path + "/ja/LC_MESSAGES/ask.mo"])
        var environment = try Self.environment("de_DE", variables)
        if environment["ASK_LOCALEDIR"] == "DAMAGED" { environment["ASK_LOCALEDIR"] = damaged.path }
        let process = try PtyProcess(["--no-field", "--title", "Neustart"], environment: environment)
        #expect(process.waitForScreen("Neustart"), "\(process.terminal.lines)")
        process.waitUntilWaitingForKeys()
        #expect(LanguageSideBySideTests.buttons(process.terminal.lines).first == cancel, "\(variables): \(process.terminal.lines)")
        process.type("\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stderrText.isEmpty, "\(process.stderrText)")
        #expect(process.settingsRestored)
    }
}
