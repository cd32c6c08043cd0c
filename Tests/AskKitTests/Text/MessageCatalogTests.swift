import AskText
import Testing
import TestSupport

/// The `.mo` reader, the plural rules, the choice of language and the words' formatting.
struct MessageCatalogTests {
    static let german: [(String, String)] = [
        MoFile.header("nplurals=2; plural=(n != 1);"),
        ("Cancel", "Abbrechen"), ("Yes", "Ja"), ("No", "Nein"),
        ("digit group separator\u{4},", "."),
        ("%d choice\u{0}%d choices", "%d Auswahl\u{0}%d Auswahlen"),
        ("Empty", ""),
    ]

    @Test(arguments: [false, true])
    func aCatalogIsReadInEitherByteOrder(_ bigEndian: Bool) throws {
        let catalog = try #require(MessageCatalog(MoFile.bytes(Self.german, bigEndian: bigEndian)))
        #expect(catalog.entries == 7)
        #expect(catalog.translation(of: "Cancel") == "Abbrechen")
        #expect(catalog.translation(of: "Yes") == "Ja")
        #expect(catalog.translation(of: "No") == "Nein")
        #expect(catalog.translation(of: "OK") == nil)
        #expect(catalog.translation(of: "Empty") == nil, "an empty translation is none, as gettext has it")
        #expect(catalog.translation(of: ",", context: "digit group separator") == ".")
        #expect(catalog.translation(of: ",") == nil)
        #expect(catalog.translation(singular: "%d choice", plural: "%d choices", count: 1) == "%d Auswahl")
        #expect(catalog.translation(singular: "%d choice", plural: "%d choices", count: 2) == "%d Auswahlen")
        #expect(catalog.header("Plural-Forms") == "nplurals=2; plural=(n != 1);")
    }

    @Test func everyShorterFileIsNoCatalog() {
        let bytes = MoFile.bytes(Self.german)
        for length in 0..<bytes.count {
            #expect(MessageCatalog(Array(bytes[0..<length])) == nil, "cut at \(length)")
        }
    }

    @Test(arguments: [
        // Not a catalog at all, the wrong magic, a later major revision.
        ("empty", [UInt8]()), ("text", Array("msgid \"Cancel\"\nmsgstr \"Abbrechen\"\n".utf8)),
        ("magic", [0x95, 0x04, 0x12, 0xdf] + [UInt8](repeating: 0, count: 24)),
        ("revision 2", [0xde, 0x12, 0x04, 0x95, 0, 0, 2, 0] + [UInt8](repeating: 0, count: 20)),
    ])
    func aFileOfAnotherKindIsNoCatalog(_ name: String, _ bytes: [UInt8]) {
        #expect(MessageCatalog(bytes) == nil, "\(name)")
    }

    /// A count or a table's offset past the end, a string's past the end or without its NUL.
    @Test(arguments: [(8, UInt32(1_000_000)), (12, UInt32(0xffff_fff0)), (16, UInt32(4000)), (32, UInt32(5000)), (28, UInt32(0x7fff_ffff))])
    func aTablePointingOutsideTheFileIsNoCatalog(_ offset: Int, _ value: UInt32) {
        var bytes = MoFile.bytes(Self.german)
        for index in 0..<4 { bytes[offset + index] = UInt8(value >> (8 * UInt32(index)) & 0xff) }
        #expect(MessageCatalog(bytes) == nil)
    }

    @Test func aStringWithoutItsEndIsNoCatalog() {
        var bytes = MoFile.bytes(Self.german)
        bytes[bytes.count - 1] = UInt8(ascii: "x")
        #expect(MessageCatalog(bytes) == nil)
    }

    /// Every byte of a catalog changed, and random files: each is refused or read, and no
    /// lookup in it fails (an entry that is not UTF-8 is none).
    @Test func damagedCatalogsNeverFailALookup() {
        let bytes = MoFile.bytes(Self.german)
        var random = SplitMix(seed: 38)
        var damaged: [[UInt8]] = []
        for index in 0..<bytes.count {
            for value: UInt8 in [0, 0xff, bytes[index] ^ 0x80, bytes[index] &+ 1] {
                var copy = bytes
                copy[index] = value
                damaged.append(copy)
            }
        }
        for _ in 0..<500 {
            var copy = bytes
            for _ in 0..<Int(random.next() % 8 + 1) { copy[Int(random.next() % UInt64(copy.count))] = UInt8(truncatingIfNeeded: random.next()) }
            damaged.append(copy)
            damaged.append((0..<Int(random.next() % 200)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        }
        var read = 0
        for file in damaged {
            guard let catalog = MessageCatalog(file) else { continue }
            read += 1
            for (original, _) in Self.german { _ = catalog.translation(of: original) }
            _ = catalog.translation(singular: "%d choice", plural: "%d choices", count: 5)
            _ = catalog.translation(of: ",", context: "digit group separator")
        }
        #expect(read > 0 && read < damaged.count)
    }

    @Test func aTranslationThatIsNotUTF8IsNone() throws {
        let bytes = MoFile.bytes([("Cancel", "Abbrechen"), ("Yes", "J\u{E4}")])
        var damaged = bytes
        let at = try #require(damaged.lastIndex(of: 0xc3))
        damaged[at] = 0xff
        let catalog = try #require(MessageCatalog(damaged))
        #expect(catalog.translation(of: "Yes") == nil)
        #expect(catalog.translation(of: "Cancel") == "Abbrechen")
    }

    static let rules = [
        "nplurals=2; plural=(n != 1);",
        "nplurals=2; plural=(n > 1);",
        "nplurals=1; plural=0;",
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
        "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
        "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;",
        "nplurals=2; plural=!(n==1)",
        "nplurals=3; plural=n/10%3",
        "nplurals=2; plural=n-1;",
    ]

    @Test(arguments: [
        // English and German, French (0 and 1 singular), Japanese (one form).
        (0, 1, 0), (0, 0, 1), (0, 2, 1), (1, 0, 0), (1, 1, 0), (1, 2, 1), (2, 1, 0), (2, 1_000_000, 0),
        // Russian and Ukrainian: 1, 21 one; 2-4, 22-24 few; 5-20, 11-14, 25 many.
        (3, 1, 0), (3, 21, 0), (3, 11, 2), (3, 2, 1), (3, 24, 1), (3, 12, 2), (3, 5, 2), (3, 0, 2), (3, 101, 0), (3, 111, 2),
        // Polish: only 1 is singular.
        (4, 1, 0), (4, 21, 2), (4, 22, 1), (4, 12, 2), (4, 5, 2),
        // Arabic's six forms.
        (5, 0, 0), (5, 1, 1), (5, 2, 2), (5, 3, 3), (5, 10, 3), (5, 11, 4), (5, 99, 4), (5, 100, 5), (5, 102, 5),
        // Negation, division; a form the rule names past the catalog's is the first; unsigned as in C.
        (6, 1, 0), (6, 7, 1), (7, 25, 2), (7, 35, 0), (8, 0, 0), (8, 2, 1), (8, 3, 0),
    ])
    func aRuleGivesEachNumberItsForm(_ rule: Int, _ n: Int, _ form: Int) throws {
        let parsed = try #require(PluralRule(Self.rules[rule]))
        #expect(parsed.index(for: n) == form, "\(Self.rules[rule]) for \(n)")
    }

    @Test(arguments: [
        "", "nplurals=2;", "plural=(n != 1);", "nplurals=0; plural=0;", "nplurals=2; plural=(n != 1",
        "nplurals=2; plural=n != ;", "nplurals=2; plural=n ? 1;", "nplurals=2; plural=x;", "nplurals=2; plural=(n != 1); extra",
        "nplurals=99999999999999999999999; plural=0;", "nplurals=2; plural=" + String(repeating: "(", count: 5000) + "n" + String(repeating: ")", count: 5000),
        "nplurals=2; plural=" + String(repeating: "!", count: 200) + "n;", "nplurals=2; plural=n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n?n:0",
    ])
    func aRuleThatDoesNotReadIsNone(_ header: String) {
        #expect(PluralRule(header) == nil, "\(header.prefix(60))")
    }

    @Test func aCatalogWithoutARuleTakesEnglishs() throws {
        let catalog = try #require(MessageCatalog(MoFile.bytes([("%d choice\u{0}%d choices", "a\u{0}b\u{0}c")])))
        #expect(catalog.plural == .english)
        #expect(catalog.translation(singular: "%d choice", plural: "%d choices", count: 1) == "a")
        #expect(catalog.translation(singular: "%d choice", plural: "%d choices", count: 7) == "b")
        let wrong = try #require(MessageCatalog(MoFile.bytes([MoFile.header("nplurals=2; plural=n %% 2;")])))
        #expect(wrong.plural == .english)
    }

    static let locales: [([(String, String)], [String])] = [
        // gettext's order: LC_ALL, LC_MESSAGES, LANG; C and POSIX are English whatever LANGUAGE says.
        ([("LANG", "de_DE.UTF-8")], ["de_DE", "de"]),
        ([("LANG", "de_DE.UTF-8"), ("LC_MESSAGES", "fr_FR.UTF-8")], ["fr_FR", "fr"]),
        ([("LANG", "de_DE.UTF-8"), ("LC_MESSAGES", "fr_FR.UTF-8"), ("LC_ALL", "ja_JP.UTF-8")], ["ja_JP", "ja"]),
        ([("LANG", "de_DE.UTF-8"), ("LC_ALL", "")], ["de_DE", "de"]),
        ([("LANG", "C.UTF-8"), ("LANGUAGE", "de")], []),
        ([("LC_ALL", "POSIX"), ("LANGUAGE", "de"), ("LANG", "de_DE.UTF-8")], []),
        ([("LANGUAGE", "de")], []),
        ([("LANG", "C")], []), ([(String, String)](), []),
        // LANGUAGE's list, ahead of the locale; an empty one is none.
        ([("LANG", "fr_FR.UTF-8"), ("LANGUAGE", "xx:de")], ["xx", "de"]),
        ([("LANG", "fr_FR.UTF-8"), ("LANGUAGE", "pt_BR:pt:::es")], ["pt_BR", "pt", "es"]),
        ([("LANG", "fr_FR.UTF-8"), ("LANGUAGE", "")], ["fr_FR", "fr"]),
        // A modifier, then without it; English stops the list.
        ([("LANG", "sr_RS.UTF-8@latin")], ["sr_RS@latin", "sr@latin", "sr_RS", "sr"]),
        ([("LANG", "de_DE.UTF-8"), ("LANGUAGE", "en_GB:de")], []),
        ([("LANG", "de_DE.UTF-8"), ("LANGUAGE", "nl:en:de")], ["nl"]),
        ([("LANG", "en_US.UTF-8")], []),
        // Nothing that leaves the directory.
        ([("LANG", "de_DE.UTF-8"), ("LANGUAGE", "../../etc:/tmp/x:..:de")], ["de"]),
    ]

    @Test(arguments: locales)
    func theLanguageIsChosenAsGettextChoosesIt(_ variables: [(String, String)], _ expected: [String]) {
        let candidates = LanguageChoice.candidates { name in variables.first { $0.0 == name }?.1 }
        #expect(candidates == expected, "\(variables)")
    }

    @Test(arguments: [
        ("%d of %d", ["3", "43"], "3 of 43"), ("%2$d von %1$d", ["43", "3"], "3 von 43"), ("100%%", [], "100%"),
        ("%s: %s", ["a"], "a: %s"), ("%x %", ["1"], "%x %"), ("%1$s%1$s", ["ab"], "abab"), ("%0$s", ["a"], "%0$s"),
        ("%9$s", ["a"], "%9$s"), ("残り%d秒", ["5"], "残り5秒"), ("", ["a"], ""),
    ])
    func directivesAreFilledInTurnOrByNumber(_ template: String, _ arguments: [String], _ expected: String) {
        #expect(Words.format(template, arguments) == expected)
    }

    @Test(arguments: [
        (0, ",", "0"), (999, ",", "999"), (1000, ",", "1,000"), (1619, ".", "1.619"), (1_234_567, "\u{202F}", "1\u{202F}234\u{202F}567"),
        (-1_234, ",", "-1,234"), (100_000, "", "100000"),
    ])
    func numbersAreGroupedByThrees(_ number: Int, _ separator: String, _ expected: String) {
        #expect(Words.grouped(number, separator: separator) == expected)
    }
}
