import AskCommandLine
import Testing

/// The one argument scanner, in each command line's dialect: what each argument is read as
/// (an option with its values, an operand, where another group begins) and where it stops.
/// Tokens are written short: `--title(T)` an option and its values, `'x'` an operand,
/// `next:--x` the next group, `!unknown --x` the mistake the scanning ends in.
struct ArgumentScannerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let dialect: String
        let arguments: [String]
        let expected: [String]

        init(_ dialect: String, _ arguments: [String], _ expected: [String]) {
            self.dialect = dialect
            self.arguments = arguments
            self.expected = expected
        }

        var testDescription: String { dialect + ": " + arguments.joined(separator: " ") }
    }

    static func dialect(_ name: String) -> ArgumentDialect {
        switch name {
        case "whiptail": Whiptail.dialect
        case "dialog": Dialog.dialect
        case "pinentry": Pinentry.dialect
        default: .ask()
        }
    }

    /// The tokens of `arguments`, written short, and the mistake that ended them, if any.
    static func scan(_ arguments: [String], bytes: [[UInt8]]? = nil, dialect: ArgumentDialect) -> [String] {
        var scanner = ArgumentScanner(arguments, bytes: bytes, dialect: dialect)
        var written: [String] = []
        do throws(ScanError) {
            while let token = try scanner.next() {
                switch token {
                case let .option(option):
                    written.append(option.spelled + (option.values.isEmpty ? "" : "(" + option.values.map(\.text).joined(separator: ",") + ")"))
                case let .operand(argument): written.append("'" + argument.text + "'")
                case let .nextGroup(argument): written.append("next:" + argument.text)
                }
            }
        } catch {
            switch error {
            case let .unknownOption(option): written.append("!unknown " + option)
            case let .missingValue(option, count): written.append("!missing \(count) " + option)
            case let .unexpectedValue(option): written.append("!unexpected " + option)
            }
        }
        return written
    }

    static let cases: [Case] = [
        // ask: GNU style.
        Case("ask", ["-t", "Title", "Message"], ["-t(Title)", "'Message'"]),
        Case("ask", ["--title=A=B"], ["--title(A=B)"]),
        Case("ask", ["--title="], ["--title()"]),
        Case("ask", ["--title", "--secure"], ["--title(--secure)"]),
        Case("ask", ["-sn"], ["-s", "-n"]),
        Case("ask", ["-stTitle"], ["-s", "-t(Title)"]),
        Case("ask", ["-st", "Title", "-n"], ["-s", "-t(Title)", "-n"]),
        Case("ask", ["Message", "--secure"], ["'Message'", "--secure"]),
        Case("ask", ["--", "--title", "-s"], ["'--title'", "'-s'"]),
        Case("ask", ["-"], ["'-'"]),
        Case("ask", ["--secure=yes"], ["!unexpected --secure"]),
        Case("ask", ["--title"], ["!missing 1 --title"]),
        Case("ask", ["-st"], ["-s", "!missing 1 -t"]),
        Case("ask", ["--titel", "T"], ["!unknown --titel"]),
        Case("ask", ["-sx"], ["-s", "!unknown -x"]),
        Case("ask", ["--=x"], ["!unknown --"]),
        // whiptail: popt's long options, -h and -v, a flag's =value ignored.
        Case("whiptail", ["--title", "T", "--msgbox", "Hi", "8", "40"], ["--title(T)", "--msgbox", "'Hi'", "'8'", "'40'"]),
        Case("whiptail", ["--msgbox=x", "Hi"], ["--msgbox", "'Hi'"]),
        Case("whiptail", ["--title=T", "Hi", "--clear"], ["--title(T)", "'Hi'", "--clear"]),
        Case("whiptail", ["-hv"], ["-h", "-v"]),
        Case("whiptail", ["-hx"], ["-h", "!unknown -x"]),
        Case("whiptail", ["--", "--msgbox", "-"], ["'--msgbox'", "'-'"]),
        Case("whiptail", ["--output-fd"], ["!missing 1 --output-fd"]),
        Case("whiptail", ["--yes-label", "Y"], ["!unknown --yes-label"]),
        // dialog: common options, then one box and its arguments up to the next --.
        Case("dialog", ["--title", "T", "--msgbox", "Hi", "8", "40"], ["--title(T)", "--msgbox", "'Hi'", "'8'", "'40'"]),
        Case("dialog", ["--begin", "1", "2", "--yesno", "Q", "8", "40"], ["--begin(1,2)", "--yesno", "'Q'", "'8'", "'40'"]),
        Case("dialog", ["--begin", "1"], ["!missing 2 --begin"]),
        Case("dialog", ["--title=T"], ["!unknown --title=T"]),
        Case("dialog", ["--title", "--msgbox"], ["--title(--msgbox)"]),
        Case("dialog", ["-t", "--msgbox"], ["'-t'", "--msgbox"]),
        Case("dialog", ["--"], ["!unknown --"]),
        Case("dialog", ["--msgbox", "--", "-5", "8", "40"], ["--msgbox", "'-5'", "'8'", "'40'"]),
        Case("dialog", ["--msgbox", "a", "--", "b"], ["--msgbox", "'a'", "next:--", "'b'"]),
        Case("dialog", ["--msgbox", "a", "--and-widget", "--yesno", "b"], ["--msgbox", "'a'", "next:--and-widget", "--yesno", "'b'"]),
        Case("dialog", ["--nosuch"], ["!unknown --nosuch"]),
        // dialog's names with `no` added or taken away, whiptail's spellings, a box's too.
        Case("dialog", ["--nocollapse", "--ok-button", "Go", "--notitle", "T"], ["--nocollapse", "--ok-button(Go)", "--notitle(T)"]),
        Case("dialog", ["--no-nocancel"], ["!unknown --no-nocancel"]),
        Case("dialog", ["--guage", "T", "--", "x"], ["--guage", "'T'", "next:--", "'x'"]),
        // pinentry: GNU long options; a short one alone, its value attached or next.
        Case("pinentry", ["-T/dev/pts/1", "-N", "xterm"], ["-T(/dev/pts/1)", "-N(xterm)"]),
        Case("pinentry", ["--ttyname=/dev/tty", "--display", ":0"], ["--ttyname(/dev/tty)", "--display(:0)"]),
        Case("pinentry", ["-d", "-g"], ["-d", "-g"]),
        Case("pinentry", ["-dg"], ["!unexpected -d"]),
        Case("pinentry", ["--debug=1"], ["!unexpected --debug"]),
        Case("pinentry", ["-z"], ["!unknown -z"]),
        Case("pinentry", ["--", "x"], ["'x'"]),
        Case("pinentry", ["--timeout"], ["!missing 1 --timeout"]),
    ]

    @Test(arguments: cases)
    func scans(_ testCase: Case) {
        #expect(Self.scan(testCase.arguments, dialect: Self.dialect(testCase.dialect)) == testCase.expected)
    }

    /// A value and an operand keep the bytes they had in argv (text that is not UTF-8 is
    /// repaired, its bytes are not): after `=`, as the next argument, as an operand.
    @Test func valuesKeepTheirBytes() throws {
        let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9]  // "café" in Latin-1
        let text = String(decoding: latin1, as: UTF8.self)
        let arguments = ["--choice=" + text, "--choice", text, text]
        let bytes = [Array("--choice=".utf8) + latin1, Array("--choice".utf8), latin1, latin1]
        var scanner = ArgumentScanner(arguments, bytes: bytes, dialect: .ask())
        let tokens = try scanner.all()
        #expect(tokens == [
            .option(ScannedOption(name: "choice", isShort: false, values: [ScannedArgument(text, bytes: latin1)])),
            .option(ScannedOption(name: "choice", isShort: false, values: [ScannedArgument(text, bytes: latin1)])),
            .operand(ScannedArgument(text, bytes: latin1)),
        ])
    }
}
