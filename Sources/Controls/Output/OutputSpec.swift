import AskModel

/// A command-output box: the last lines of an output shown as they come, under the title and
/// the message. Where the output comes from:
///
/// - standard input (`cmd | ask --output`, dialog's `--progressbox` and `--programbox`): the
///   box ends with it;
/// - a command `ask` runs (`ask --run -- cmd args…`, dialog's `--prgbox`), its standard output
///   and standard error together: the box ends when the command has closed them, and the
///   command's status is the call's;
/// - a file followed as `tail -f` follows it (dialog's `--tailbox`): it never ends by itself,
///   its OK closes it.
package struct OutputSpec: Equatable, Sendable {
    package enum Source: Equatable, Sendable {
        case standardInput
        /// The program and its arguments (dialog's `--prgbox`: `sh -c` and its command).
        case command([String])
        /// A file followed.
        case file(String)
    }

    package var source = Source.standardInput
    /// Once the output has ended, the box waits for its OK (dialog's `--programbox`, `--prgbox`).
    package var waitsForOK = false
    /// How many of the last lines the box shows, when the terminal has the rows.
    package var rows = OutputSpec.defaultRows
    /// A command's status is the call's, and its output is left on standard error when it
    /// failed (`--run`; dialog's `--prgbox` answers as its box does).
    package var passesStatus = true

    package static let defaultRows = 10
    /// The most rows the box shows.
    package static let mostRows = OutputState.keptLines

    package init(source: Source = .standardInput, waitsForOK: Bool = false, rows: Int = OutputSpec.defaultRows) {
        self.source = source
        self.waitsForOK = waitsForOK
        self.rows = min(max(rows, 1), Self.mostRows)
    }

    /// A followed file never ends: it has its OK from the start.
    package var buttonRow: ButtonRow { waitsForOK || isFollowing ? .ok : .none }

    package var isFollowing: Bool {
        if case .file = source { return true }
        return false
    }

    /// What the box names: the command, or the file.
    package var label: String {
        switch source {
        case let .command(arguments): arguments.joined(separator: " ")
        case let .file(path): path
        case .standardInput: ""
        }
    }

    package var runsCommand: Bool {
        if case .command = source { return true }
        return false
    }
}
