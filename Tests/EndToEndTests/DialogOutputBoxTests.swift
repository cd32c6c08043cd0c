import TestSupport
import Testing

/// dialog's output boxes, side by side with Debian's dialog (`SideBySide`): `--progressbox` and
/// `--programbox` fed a log, `--prgbox` running a command, `--tailbox` following a file — the
/// same statuses and answer bytes (none: these boxes answer with their status alone), the
/// terminal restored.
@Suite struct DialogOutputBoxTests {
    typealias Row = SideBySide.Row

    static let esc = "\u{1B}"
    /// A log as a build writes one, colours and a counter rewritten in place included.
    static let log = Array(((1...40).map { "\u{1B}[32m[\($0)/40]\u{1B}[0m cc -c file\($0).c\n" }.joined()
                            + "progress 10%\rprogress 100%\nwarning: done\n").utf8)

    static let rows: [Row] = [
        Row(name: "progressbox: a log, to its end", arguments: ["--progressbox", "Building", "16", "60"], input: log),
        Row(name: "progressbox: without its text", arguments: ["--progressbox", "16", "60"], input: log),
        Row(name: "progressbox: --title, DIALOG_OK", arguments: ["--title", "Build", "--progressbox", "16", "60"], input: log,
            environment: ["DIALOG_OK": "5"]),
        Row(name: "programbox: a log, then Return", arguments: ["--programbox", "Building", "16", "60"], keys: ["\r"], input: log),
        Row(name: "programbox: a log, then Esc", arguments: ["--programbox", "16", "60"], keys: [esc], input: log),
        Row(name: "programbox: --ok-label, Space", arguments: ["--ok-label", "Close", "--programbox", "16", "60"], keys: [" "],
            input: log),
        Row(name: "prgbox: a command, then Return", arguments: ["--prgbox", "Building", "echo one; echo two >&2", "16", "60"],
            keys: ["\r"]),
        Row(name: "prgbox: without its text", arguments: ["--prgbox", "seq 1 30", "16", "60"], keys: ["\r"]),
        Row(name: "prgbox: a command that fails: the box's status", arguments: ["--prgbox", "Failing", "echo no; exit 3", "16", "60"],
            keys: ["\r"]),
        Row(name: "prgbox: Esc once it has ended", arguments: ["--prgbox", "echo done", "16", "60"], keys: [esc]),
        Row(name: "tailbox: a file followed, Return", arguments: ["--tailbox", "TEXTFILE", "16", "60"], keys: ["\r"]),
        Row(name: "tailbox: Esc", arguments: ["--title", "Log", "--tailbox", "TEXTFILE", "16", "60"], keys: [esc]),
        Row(name: "error: tailbox: no such file", arguments: ["--tailbox", "/nonexistent/log", "16", "60"]),
        Row(name: "error: progressbox: no width", arguments: ["--progressbox", "16"], input: log),
    ]

    @Test(.enabled(if: Tools.available("dialog")), arguments: rows)
    func answersAsDialogDoes(_ row: Row) throws {
        try SideBySide.compare("dialog", row)
    }
}
