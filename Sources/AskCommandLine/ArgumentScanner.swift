/// One argument, as text and as the bytes it was in argv (a value or an operand that is not
/// UTF-8 is kept as given where the command line asks for its bytes).
package struct ScannedArgument: Equatable, Sendable {
    package let text: String
    package let bytes: [UInt8]

    package init(_ text: String, bytes: [UInt8]? = nil) {
        self.text = text
        self.bytes = bytes ?? Array(text.utf8)
    }
}

/// An option as given: its name in the dialect's table (a long name without its dashes, or a
/// short option's letter), how it was spelled (`--title`, `-t`: what a message names), and the
/// values it took.
package struct ScannedOption: Equatable, Sendable {
    package let name: String
    package let isShort: Bool
    package let values: [ScannedArgument]

    package init(name: String, isShort: Bool, values: [ScannedArgument] = []) {
        self.name = name
        self.isShort = isShort
        self.values = values
    }

    package var spelled: String { (isShort ? "-" : "--") + name }
    /// Its one value, or nothing for a flag.
    package var value: ScannedArgument? { values.first }
}

/// What the scanner reads, one at a time.
package enum ScannedToken: Equatable, Sendable {
    case option(ScannedOption)
    case operand(ScannedArgument)
    /// An argument beginning with `--` after the operands of an option that ends the options
    /// (`ArgumentDialect.endsOptions`): where another group of options would begin (dialog's
    /// `--and-widget`), taken as it is.
    case nextGroup(ScannedArgument)
}

/// A command line the scanner cannot read, in the dialect's terms; each front end says it in
/// its own words and status. `option`: as spelled (`--title`, `-t`).
package enum ScanError: Error, Equatable, Sendable {
    case unknownOption(String)
    /// `count`: how many values the option takes.
    case missingValue(String, count: Int)
    case unexpectedValue(String)
}

/// What differs between the command lines `ask` reads: which options there are and how many
/// values each takes, how short options are written, whether a long option's value may follow
/// `=`, what `--` does, and whether an option ends the options (dialog's box).
package struct ArgumentDialect: Sendable {
    /// How short options are written.
    package enum Shorts: Sendable {
        /// None: an argument with one dash is an operand (dialog).
        case none
        /// Bundled (`-sn`), the first that takes a value taking the rest or the next argument
        /// (`-tTitle`, `-t Title`): getopt's and popt's.
        case bundled
        /// One an argument, a value attached or next (`-T/dev/tty`); more after a flag is a value
        /// it does not take (pinentry's).
        case single
    }

    /// What a value after `=` given to a flag does.
    package enum FlagValue: Sendable {
        case refused
        /// Ignored: popt's flags as whiptail reads them.
        case ignored
    }

    /// How many values the long option `name` takes; nil: no such option.
    package var long: @Sendable (String) -> Int?
    /// How many values the short option takes; nil: no such option.
    package var short: @Sendable (Character) -> Int?
    package var shorts: Shorts
    /// `--name=value` gives a long option its value (otherwise `name=value` is the name).
    package var attachesLongValue: Bool
    package var flagValue: FlagValue
    /// `--` ends the options: every argument after it is an operand (otherwise it is an option
    /// with an empty name).
    package var doubleDashEndsOptions: Bool
    /// The option named ends the options: the arguments after it (a first `--` skipped) are
    /// operands up to the next that begins with `--` (dialog's box and its arguments).
    package var endsOptions: @Sendable (String) -> Bool

    package init(long: @escaping @Sendable (String) -> Int?, short: @escaping @Sendable (Character) -> Int? = { _ in nil },
                 shorts: Shorts = .bundled, attachesLongValue: Bool = true, flagValue: FlagValue = .refused,
                 doubleDashEndsOptions: Bool = true, endsOptions: @escaping @Sendable (String) -> Bool = { _ in false }) {
        self.long = long
        self.short = short
        self.shorts = shorts
        self.attachesLongValue = attachesLongValue
        self.flagValue = flagValue
        self.doubleDashEndsOptions = doubleDashEndsOptions
        self.endsOptions = endsOptions
    }
}

/// Reads a command line, argument by argument, as a dialect says: options (a long one with its
/// value after `=` or in the next arguments, short ones alone or bundled), operands, and `--`.
/// One token at a time, so that a front end may stop at a command (`--help`) before reading on.
package struct ArgumentScanner: Sendable {
    package let dialect: ArgumentDialect
    private let arguments: [String]
    private let bytes: [[UInt8]]
    private var index = 0
    /// Short options still to read in the current bundle, and where they are.
    private var bundle: Substring = ""
    private var optionsEnded = false
    /// After an option that ends the options: operands until one begins with `--`.
    private var inGroupOperands = false
    private var groupStarted = false

    /// `bytes`: the same arguments as they were in argv; without them, the bytes of the texts.
    package init(_ arguments: [String], bytes: [[UInt8]]? = nil, dialect: ArgumentDialect) {
        self.arguments = arguments
        self.bytes = bytes?.count == arguments.count ? bytes! : arguments.map { Array($0.utf8) }
        self.dialect = dialect
    }

    /// Every token to the end.
    package mutating func all() throws(ScanError) -> [ScannedToken] {
        var tokens: [ScannedToken] = []
        while let token = try next() { tokens.append(token) }
        return tokens
    }

    /// The next token, a mistake said as the front end says it (`words`).
    package mutating func next<Failure: Error>(or words: (ScanError) -> Failure) throws(Failure) -> ScannedToken? {
        do throws(ScanError) {
            return try next()
        } catch {
            throw words(error)
        }
    }

    /// Takes back the argument just read as `.nextGroup`: the next call reads it again, as an
    /// option (dialog's next box begun by its options, with no `--and-widget` between).
    package mutating func unread() {
        index -= 1
    }

    package mutating func next() throws(ScanError) -> ScannedToken? {
        if !bundle.isEmpty { return try nextShort() }
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        let argumentBytes = bytes[index]
        index += 1
        if inGroupOperands {
            if groupStarted, argument == "--" {
                groupStarted = false
                return try next()
            }
            groupStarted = false
            guard argument.hasPrefix("--") else { return .operand(ScannedArgument(argument, bytes: argumentBytes)) }
            inGroupOperands = false
            return .nextGroup(ScannedArgument(argument, bytes: argumentBytes))
        }
        if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
            return .operand(ScannedArgument(argument, bytes: argumentBytes))
        }
        if argument == "--" && dialect.doubleDashEndsOptions {
            optionsEnded = true
            return try next()
        }
        if argument.hasPrefix("--") { return try long(argument, bytes: argumentBytes) }
        switch dialect.shorts {
        case .none: return .operand(ScannedArgument(argument, bytes: argumentBytes))
        case .bundled, .single:
            bundle = argument.dropFirst()
            return try nextShort()
        }
    }

    private mutating func long(_ argument: String, bytes argumentBytes: [UInt8]) throws(ScanError) -> ScannedToken {
        let body = argument.dropFirst(2)
        let splits = dialect.attachesLongValue && body.contains("=")
        let name = splits ? String(body.prefix { $0 != "=" }) : String(body)
        guard let count = dialect.long(name) else { throw ScanError.unknownOption("--" + name) }
        var values: [ScannedArgument] = []
        if splits {
            let text = String(body.drop { $0 != "=" }.dropFirst())
            let after = argumentBytes.firstIndex(of: UInt8(ascii: "=")).map { argumentBytes.index(after: $0) } ?? argumentBytes.endIndex
            if count == 0 {
                if dialect.flagValue == .refused { throw ScanError.unexpectedValue("--" + name) }
            } else {
                values.append(ScannedArgument(text, bytes: Array(argumentBytes[after...])))
            }
        }
        try take(count - values.count, into: &values, for: "--" + name, count: count)
        if dialect.endsOptions(name) {
            inGroupOperands = true
            groupStarted = true
        }
        return .option(ScannedOption(name: name, isShort: false, values: values))
    }

    /// The next letter of the bundle being read.
    private mutating func nextShort() throws(ScanError) -> ScannedToken {
        let letter = bundle.removeFirst()
        guard let count = dialect.short(letter) else {
            bundle = ""
            throw ScanError.unknownOption("-\(letter)")
        }
        var values: [ScannedArgument] = []
        if count > 0, !bundle.isEmpty {
            values.append(ScannedArgument(String(bundle)))
            bundle = ""
        } else if count == 0, dialect.shorts == .single, !bundle.isEmpty {
            bundle = ""
            throw ScanError.unexpectedValue("-\(letter)")
        }
        try take(count - values.count, into: &values, for: "-\(letter)", count: count)
        return .option(ScannedOption(name: String(letter), isShort: true, values: values))
    }

    /// The next `wanted` arguments, whatever they look like, as values.
    private mutating func take(_ wanted: Int, into values: inout [ScannedArgument], for option: String, count: Int) throws(ScanError) {
        guard wanted > 0 else { return }
        guard index + wanted <= arguments.count else { throw ScanError.missingValue(option, count: count) }
        for _ in 0..<wanted {
            values.append(ScannedArgument(arguments[index], bytes: bytes[index]))
            index += 1
        }
    }
}
