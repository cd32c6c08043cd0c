import AskChoices
import AskFields
import AskKit
import AskGauge
import AskModel
import AskPinentry
import AskPresentation
import AskTextBox

/// `ask` as GnuPG's pinentry: what gpg-agent runs (`pinentry-program` in gpg-agent.conf) to ask
/// for a passphrase, started under a name that begins or ends with `pinentry` (a link such as
/// `pinentry-ask`, as pinentry-tty and pinentry-curses are named, or `ask-pinentry`) or with
/// `--pinentry`. The arguments are pinentry's own options; the requests come on
/// standard input (`PinentrySession`).
package enum Pinentry {
    /// Whether `ask` was started under a name that begins or ends with `pinentry`.
    package static func isPinentryName(_ argument0: String) -> Bool {
        ProgramName.endsIn("pinentry", argument0) || ProgramName.beginsWith("pinentry", argument0)
    }

    /// Whether the arguments ask for pinentry mode (`--pinentry` before any `--`).
    static func isRequested(by arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "--pinentry" { return true }
        }
        return false
    }

    /// Pinentry's command-line options: those that mean something on a terminal (the terminal,
    /// its type, the locale, the timeout; the display, which GETINFO ttyinfo says back), and the
    /// others taken and ignored: those for windows and colours, debugging output (what is said
    /// on stderr is said anyway), the language of pinentry's own texts (the alert's are English).
    /// (`short`, `long`, whether it takes a value.)
    static let options: [(short: Character?, long: String, takesValue: Bool)] = [
        ("d", "debug", false), ("D", "display", true), ("T", "ttyname", true), ("N", "ttytype", true),
        ("C", "lc-ctype", true), ("M", "lc-messages", true), ("o", "timeout", true), ("g", "no-global-grab", false),
        ("W", "parent-wid", true), ("c", "colors", true), ("a", "ttyalert", true), (nil, "pinentry", false),
        ("h", "help", false), (nil, "version", false),
    ]

    /// pinentry's command line: long options with a value after `=` or next, a short option
    /// alone with its value attached or next (`-T/dev/tty`), `--` ending the options.
    package static let dialect = ArgumentDialect(long: { name in options.first { $0.long == name }.map { $0.takesValue ? 1 : 0 } },
                                         short: { letter in options.first { $0.short == letter }.map { $0.takesValue ? 1 : 0 } },
                                         shorts: .single)

    /// Parses pinentry's arguments (after the program name), GNU style as pinentry takes them.
    static func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommand {
        var options = PinentryOptions()
        var scanner = ArgumentScanner(arguments, dialect: dialect)
        while let token = try scanner.next(or: { $0.usageError() }) {
            let scanned: ScannedOption
            switch token {
            case let .option(option): scanned = option
            case let .operand(argument), let .nextGroup(argument): throw UsageError.unexpectedArgument(argument.text)
            }
            let long = scanned.isShort ? Self.options.first { $0.short.map(String.init) == scanned.name }?.long : scanned.name
            let value = scanned.value?.text ?? ""
            switch long {
            case "help": return .help
            case "version": return .version
            case "display": options.display = value
            case "ttyname": options.ttyName = value
            case "ttytype": options.ttyType = value
            case "lc-ctype": options.lcCtype = value
            case "timeout":
                guard let seconds = Int(value), seconds >= 0 else { throw UsageError.invalidNumber(option: scanned.spelled, value: value) }
                options.timeout = seconds
            default: break  // debug, lc-messages, a window's grab, parent, colours, alert
            }
        }
        return .pinentry(options)
    }
}

/// The name `ask` was started under.
enum ProgramName {
    /// Whether the last part of `argument0` ends in `suffix`, ASCII letters of either case.
    /// Looked at byte by byte: it runs on every start.
    static func endsIn(_ suffix: String, _ argument0: String) -> Bool {
        let name = lastPart(of: argument0)
        return same(name.suffix(suffix.utf8.count), suffix)
    }

    /// Whether the last part of `argument0` begins with `prefix`, ASCII letters of either case.
    static func beginsWith(_ prefix: String, _ argument0: String) -> Bool {
        same(lastPart(of: argument0).prefix(prefix.utf8.count), prefix)
    }

    /// Whether `part` is `word` (lower case), ASCII letters of either case.
    private static func same(_ part: Substring.UTF8View.SubSequence, _ word: String) -> Bool {
        part.count == word.utf8.count && zip(part, word.utf8).allSatisfy { $0 | 0x20 == $1 }
    }

    /// The program's file name, without the directories.
    private static func lastPart(of argument0: String) -> Substring.UTF8View {
        let bytes = argument0.utf8
        return bytes.lastIndex(of: UInt8(ascii: "/")).map { Substring(argument0)[bytes.index(after: $0)...].utf8 } ?? Substring(argument0).utf8
    }
}
