import AskChoices
import AskFields
import AskGauge
import AskModel
import AskRender
import AskSession
import AskLayout
import AskText
import AskKit
import AskPresentation
import AskSystem
import AskTextBox
import Glibc
import TestSupport

// How well the filter ranks: lists any machine has (the Swift toolchain's file tree, /usr/bin, a
// word list), lines wanted from them drawn by a generator of fixed seed, and for each the queries
// a person types to reach it; `ask --filter` and `fzf --filter` rank the list for each query, and
// the wanted line's place is counted. Then `--filter` on the million-line lists: the whole run's
// time and memory, beside fzf's.

/// A list to rank, as a person would filter it.
struct RelevanceList {
    let name: String
    /// Where the lines come from, in words.
    let origin: String
    let lines: [String]
    /// Its lines are paths: the name is the last component, and directories can be typed.
    let isPaths: Bool
}

/// How a query is made from the line it is to reach.
enum QueryKind: CaseIterable {
    case prefix, directoryAndName, initials

    var title: String {
        switch self {
        case .prefix: return "start of the name"
        case .directoryAndName: return "directory fragment + name fragment"
        case .initials: return "initials"
        }
    }
}

struct RelevanceQuery {
    let kind: QueryKind
    let wanted: String
    let text: String
}

/// Where the Swift toolchain is: `--toolchain DIR`, else the directory above the `bin` holding
/// the `swift` found on the PATH (its links followed).
func toolchainRoot() -> String? {
    if let given = option("--toolchain") { return given }
    let path = getenv("PATH").map { String(cString: $0) } ?? ""
    for directory in path.split(separator: ":") {
        let candidate = "\(directory)/swift"
        guard access(candidate, X_OK) == 0, let resolved = realpath(candidate, nil) else { continue }
        defer { free(resolved) }
        var parts = String(cString: resolved).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 2 else { continue }
        parts.removeLast(2)
        return parts.joined(separator: "/")
    }
    return nil
}

/// The files under `root` (regular files and symbolic links, the links not followed), as paths
/// relative to it, sorted.
func files(under root: String) -> [String] {
    var found: [String] = []
    func walk(_ relative: String) {
        guard let directory = opendir(relative.isEmpty ? root : root + "/" + relative) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
            if name == "." || name == ".." { continue }
            let path = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(root + "/" + path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: walk(path)
            case S_IFREG, S_IFLNK: found.append(path)
            default: break
            }
        }
    }
    walk("")
    return found.sorted()
}

/// The names in a directory (not `.`, `..`), sorted.
func names(in path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var found: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.bindMemory(to: CChar.self).baseAddress!) }
        if name != "." && name != ".." { found.append(name) }
    }
    return found.sorted()
}

/// The lists the relevance is measured on: those this machine has.
func relevanceLists() -> [RelevanceList] {
    var lists: [RelevanceList] = []
    if let root = toolchainRoot() {
        let tree = files(under: root)
        if tree.count >= 100 {
            lists.append(RelevanceList(name: "the Swift toolchain's files", origin: "every file under the toolchain's "
                                       + "directory (the one holding its `bin/swift`), as paths relative to it", lines: tree, isPaths: true))
        }
    }
    let commands = names(in: "/usr/bin")
    if commands.count >= 100 {
        lists.append(RelevanceList(name: "/usr/bin", origin: "the names in /usr/bin", lines: commands, isPaths: false))
    }
    let dictionary = systemWords()
    if dictionary.count >= 1000 {
        lists.append(RelevanceList(name: "a word list", origin: "/usr/share/dict/words, its words in ASCII", lines: dictionary, isPaths: false))
    } else {
        lists.append(RelevanceList(name: "a word list", origin: "100,000 pseudo-words from a generator of fixed seed (there is "
                                   + "no /usr/share/dict/words)", lines: pseudoWords(100_000), isPaths: false))
    }
    return lists
}

/// The words of a name: split at `-`, `_`, `.`, `/` and spaces.
func words(of name: Substring) -> [Substring] {
    name.split { "-_./ ".contains($0) }
}

/// What a person types, in lowercase (so that both tools ignore case): nil when it would be
/// read as more than a fuzzy term (a space, `'`, `^`, `$`, `!`, `|`, `\`) or is not ASCII.
func typed(_ text: Substring) -> String? {
    guard text.unicodeScalars.allSatisfy({ $0.isASCII && !" '^$!|\\".unicodeScalars.contains($0) }) else { return nil }
    return text.lowercased()
}

/// The queries for `count` lines of `list` drawn by a generator of fixed seed: for each, the
/// start of its name (2 to 4 characters); for a path in a directory, the start of one of its
/// directories (2 to 4) and, after a space, the start of one of its name's words (2 to 4); for a
/// name of two words or more, their initials.
func relevanceQueries(_ list: RelevanceList, count: Int, seed: UInt64) -> [RelevanceQuery] {
    var random = SplitMix(seed: seed)
    var indices = Array(list.lines.indices)
    // The first `count` of a Fisher–Yates shuffle.
    for position in 0..<min(count, indices.count) {
        indices.swapAt(position, position + random.next(indices.count - position))
    }
    var queries: [RelevanceQuery] = []
    for index in indices.prefix(count) {
        let line = list.lines[index]
        let components = line.split(separator: "/")
        guard let name = list.isPaths ? components.last : Substring(line) else { continue }
        func start(of text: Substring) -> Substring { text.prefix(2 + random.next(3)) }
        if name.count >= 2, let query = typed(start(of: name)) {
            queries.append(RelevanceQuery(kind: .prefix, wanted: line, text: query))
        }
        if list.isPaths && components.count > 1 {
            let directory = components[random.next(components.count - 1)]
            let nameWords = words(of: name)
            if !nameWords.isEmpty {
                let word = nameWords[random.next(nameWords.count)]
                if directory.count >= 2, word.count >= 2, let first = typed(start(of: directory)), let second = typed(start(of: word)) {
                    queries.append(RelevanceQuery(kind: .directoryAndName, wanted: line, text: first + " " + second))
                }
            }
        }
        let nameWords = words(of: name)
        if nameWords.count >= 2, let initials = typed(Substring(String(nameWords.map { $0.first! }))) {
            queries.append(RelevanceQuery(kind: .initials, wanted: line, text: initials))
        }
    }
    return queries
}

/// One run of a program with a file on its stdin, through `run-measured`.
struct MeasuredRun {
    var status = -1
    var seconds = Double.nan
    var cpuSeconds = Double.nan
    var peakRSS = 0
    var output: [UInt8] = []
}

/// Runs `executable` with `input` on its stdin and its stdout into a file of `directory`.
func measured(_ executable: String, _ arguments: [String], input: String, directory: TemporaryDirectory,
              runner: String) throws -> MeasuredRun {
    let output = directory.path + "/output"
    let process = try PtyProcess([input, output, executable] + arguments, executable: runner, input: .null,
                                 controllingTerminal: false)
    _ = process.waitForExit(seconds: 120)
    var run = MeasuredRun()
    let fields = process.stderrText.split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
    guard fields.count == 4 else { return run }
    run.status = fields[0]
    run.seconds = Double(fields[1]) / 1e6
    run.peakRSS = fields[2]
    run.cpuSeconds = Double(fields[3]) / 1e6
    run.output = PtyProcess.readAll(output)
    return run
}

/// How the wanted lines ranked with one tool: each one's place (1 for first), nil when it was
/// not among the matches.
struct Ranks {
    var places: [Int?] = []

    var count: Int { places.count }
    var first: Double { fraction { $0 == 1 } }
    func within(_ rows: Int) -> Double { fraction { $0 <= rows } }
    var meanReciprocalRank: Double {
        places.isEmpty ? .nan : places.reduce(0.0) { $0 + ($1.map { 1 / Double($0) } ?? 0) } / Double(places.count)
    }

    private func fraction(_ holds: (Int) -> Bool) -> Double {
        places.isEmpty ? .nan : Double(places.filter { $0.map(holds) ?? false }.count) / Double(places.count)
    }
}

/// The rows of a first screen: the list's rows ask's sheet shows on the bench's terminal of 24
/// rows (as many as fzf is given there).
let firstScreenRows = 10

/// The relevance benchmark: every list, every query, both tools. Returns the tables and whether
/// ask met its target (at least fzf's on each list).
func relevanceBenchmark(askPath: String, fzfPath: String?, runner: String, samples: Int, verbose: Bool) throws -> [String] {
    let directory = TemporaryDirectory()
    let lists = relevanceLists()
    var tools: [(name: String, executable: String, arguments: (String) -> [String])] = [
        ("ask", askPath, { ["--choices-from", "-", "--filter", $0] }),
    ]
    if let fzfPath { tools.append(("fzf", fzfPath, { ["--filter", $0] })) }
    var summary = ["| list | lines | queries | tool | wanted line first | on the first screen | mean reciprocal rank |",
                   "|---|---|---|---|---|---|---|"]
    var breakdown = ["| list | query | queries | " + tools.map { "\($0.name): first" }.joined(separator: " | ") + " | "
                         + tools.map { "\($0.name): first screen" }.joined(separator: " | ") + " | "
                         + tools.map { "\($0.name): MRR" }.joined(separator: " | ") + " |",
                     "|---|---|---|" + String(repeating: "---|", count: 3 * tools.count)]
    var origins: [String] = []
    var examples: [String] = []
    var targets: [String] = []
    for (number, list) in lists.enumerated() {
        let input = directory.path + "/list\(number)"
        directory.write("list\(number)", list.lines.joined(separator: "\n") + "\n")
        let queries = relevanceQueries(list, count: samples, seed: 0x5EED &+ UInt64(number))
        origins.append("- \(list.name) (\(grouped(list.lines.count)) lines): \(list.origin).")
        for kind in QueryKind.allCases {
            if let query = queries.first(where: { $0.kind == kind }) { examples.append("`\(query.text)` for `\(query.wanted)`") }
        }
        var ranks: [String: [QueryKind: Ranks]] = [:]
        for (done, query) in queries.enumerated() {
            for tool in tools {
                let run = try measured(tool.executable, tool.arguments(query.text), input: input, directory: directory, runner: runner)
                let lines = run.output.split(separator: 0x0A, omittingEmptySubsequences: false)
                let place = lines.firstIndex { $0.elementsEqual(query.wanted.utf8) }.map { $0 + 1 }
                if verbose || place == nil {
                    Descriptor.standardError.writeAll("\(tool.name) \(query.text.debugDescription) for \(query.wanted): "
                                                      + "\(place.map(String.init) ?? "not matched") (status \(run.status))\n")
                }
                ranks[tool.name, default: [:]][query.kind, default: Ranks()].places.append(place)
            }
            if (done + 1) % 100 == 0 { Descriptor.standardError.writeAll("\(list.name): \(done + 1)/\(queries.count) queries\n") }
        }
        func percent(_ value: Double) -> String { value.isFinite ? "\(Int((value * 100).rounded()))%" : "—" }
        func mrr(_ value: Double) -> String {
            guard value.isFinite else { return "—" }
            let thousandths = Int((value * 1000).rounded())
            let fraction = String(thousandths % 1000)
            return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
        }
        var totals: [String: Ranks] = [:]
        for tool in tools {
            var all = Ranks()
            for kind in QueryKind.allCases { all.places += ranks[tool.name]?[kind]?.places ?? [] }
            totals[tool.name] = all
            summary.append("| \(list.name) | \(grouped(list.lines.count)) | \(all.count) | \(tool.name) | \(percent(all.first)) | "
                           + "\(percent(all.within(firstScreenRows))) | \(mrr(all.meanReciprocalRank)) |")
        }
        for kind in QueryKind.allCases {
            let byTool = tools.map { ranks[$0.name]?[kind] ?? Ranks() }
            guard let count = byTool.first?.count, count > 0 else { continue }
            breakdown.append("| \(list.name) | \(kind.title) | \(count) | " + byTool.map { percent($0.first) }.joined(separator: " | ")
                             + " | " + byTool.map { percent($0.within(firstScreenRows)) }.joined(separator: " | ")
                             + " | " + byTool.map { mrr($0.meanReciprocalRank) }.joined(separator: " | ") + " |")
        }
        if let ask = totals["ask"], let fzf = totals["fzf"] {
            let met = ask.first >= fzf.first && ask.within(firstScreenRows) >= fzf.within(firstScreenRows)
                && ask.meanReciprocalRank >= fzf.meanReciprocalRank
            targets.append("- \(list.name): at least fzf's on each measure: " + verdict(met, "first \(percent(ask.first)) against "
                + "\(percent(fzf.first)), first screen \(percent(ask.within(firstScreenRows))) against "
                + "\(percent(fzf.within(firstScreenRows))), MRR \(mrr(ask.meanReciprocalRank)) against \(mrr(fzf.meanReciprocalRank))") + ".")
        } else {
            targets.append("- \(list.name): not judged (fzf is not installed).")
        }
    }
    return ["The lists:", ""] + origins + ["", "Examples of the queries: " + examples.joined(separator: ", ") + ".", ""]
        + summary + ["", "By the kind of query:", ""] + breakdown + ["", "Targets:", ""] + targets + [""]
}

/// What the relevance tables measure, for the document.
func relevanceProse(samples: Int) -> String {
    """
    ### Relevance

    How often the line a person wants comes first, or on the first screen, when the query is \
    typed as people type it. From each list, \(samples) lines are drawn by a generator of fixed seed \
    (SplitMix64), and for each the queries it gives: the **start of its name** (the last component of \
    a path; 2 to 4 characters); for a path in a directory, the **start of one of its directories** \
    (2 to 4 characters), a space, and the **start of one of the name's words** (2 to 4; words split at \
    `-`, `_`, `.`, `/` and spaces) — two terms, both to match, in both tools' syntax; for a name of two \
    words or more, their **initials**. Queries are typed in lowercase (both tools then ignore case); \
    one that would read as more than a fuzzy term, or is not ASCII, is left out. Each query ranks the \
    whole list with `ask --choices-from - --filter QUERY` and `fzf --filter QUERY` (its defaults), \
    the list on stdin; the wanted line's place in the output is counted. **First**: the share of \
    queries that put it first. **On the first screen**: within the first \(firstScreenRows) lines, the \
    rows of the list both tools show on the bench's terminal above. **Mean reciprocal rank**: the \
    mean of 1 / its place (0 when it did not match). The target: ask at least fzf's on each list.


    """
}

// MARK: - --filter on a million lines

/// `--filter` on the piped lists: the whole run (the list read from a file on stdin, ranked,
/// written to a file) of the first key's query and of the whole query, interleaved over `rounds`.
func filterBenchmark(askPath: String, fzfPath: String?, runner: String, lists: [PipedList], rounds: Int) throws -> [String] {
    let directory = TemporaryDirectory()
    var tools: [(name: String, executable: String, arguments: (String) -> [String])] = [
        ("ask", askPath, { ["--choices-from", "-", "--filter", $0] }),
    ]
    if let fzfPath { tools.append(("fzf", fzfPath, { ["--filter", $0] })) }
    var cases: [(list: Int, query: String, matches: Int)] = []
    for (number, list) in lists.enumerated() {
        let fd = open(directory.path + "/list\(number)", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        list.bytes.withUnsafeBytes { _ = Descriptor(borrowing: fd).writeAll($0) }
        close(fd)
        cases.append((number, String(list.query.prefix(1)), list.matches[0]))
        cases.append((number, list.query, list.matches.last!))
    }
    var runs: [String: [MeasuredRun]] = [:]
    var wrong: [String: Int] = [:]
    for round in stride(from: 1, through: rounds, by: 1) {
        for (index, item) in cases.enumerated() {
            for tool in tools {
                var run = try measured(tool.executable, tool.arguments(item.query), input: directory.path + "/list\(item.list)",
                                       directory: directory, runner: runner)
                let printed = run.output.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                if run.status != 0 || printed != item.matches {
                    wrong["\(tool.name) \(index)", default: 0] += 1
                    Descriptor.standardError.writeAll("\(tool.name) --filter \(item.query): status \(run.status), "
                                                      + "\(printed) lines, not \(item.matches)\n")
                }
                run.output = []
                runs["\(tool.name) \(index)", default: []].append(run)
            }
        }
        Descriptor.standardError.writeAll("filter round \(round)/\(rounds)\n")
    }
    var lines = ["| list | query → matches | tool | whole run (ms) | CPU (ms) | peak RSS (KiB) |", "|---|---|---|---|---|---|"]
    var targets: [String] = []
    for (index, item) in cases.enumerated() {
        var medians: [String: (Double, Double, Double)] = [:]
        for tool in tools {
            let key = "\(tool.name) \(index)"
            let all = runs[key] ?? []
            guard wrong[key] == nil else {
                lines.append("| \(lists[item.list].name) | `\(item.query)` → \(grouped(item.matches)) | \(tool.name) (wrong in "
                             + "\(wrong[key]!) of \(all.count) rounds) | — | — | — |")
                continue
            }
            let row = (median(all.map { $0.seconds * 1000 }), median(all.map { $0.cpuSeconds * 1000 }), median(all.map { Double($0.peakRSS) }))
            medians[tool.name] = row
            lines.append("| \(lists[item.list].name) | `\(item.query)` → \(grouped(item.matches)) | \(tool.name) | \(format3(row.0)) | "
                         + "\(format3(row.1)) | \(count(row.2)) |")
        }
        if let ask = medians["ask"], let fzf = medians["fzf"] {
            targets.append("- \(lists[item.list].name), `\(item.query)`: whole run \(formatRatio(ask.0 / fzf.0)) fzf's, "
                           + "peak RSS \(formatRatio(ask.2 / fzf.2)) fzf's.")
        }
    }
    return lines + ["", "Beside fzf:", ""] + targets + [""]
}

/// What the `--filter` table measures, for the document.
func filterProse(rounds: Int) -> String {
    """
    ### `--filter` on the same lists

    `ask --choices-from - --filter QUERY` against `fzf --filter QUERY`: no terminal; each reads the \
    list from a file on its stdin, ranks every match and writes them to a file, one a line; for the \
    first key's query and the whole query of each list above, interleaved over \(rounds) rounds; \
    medians. **Whole run**: from starting the program (fork and exec from a small C program, \
    `Tests/BenchReference/run-measured.c`) to its exit; **CPU**: user + system time; **peak RSS**: \
    wait4's maximum resident set, the program's own. Every run must exit 0 and print as many lines as \
    the harness counts matches; a tool that did not in any round shows no number.


    """
}

// MARK: - The scorer

/// The filter on its own, one query on a million labels: matched only (`--no-sort`), and
/// matched, scored and ranked; the best of five runs each, and the matches scored a second.
func scorerBenchmark(lists: [PipedList]) -> [String] {
    var lines = ["| list | query → matches | matched only (ms) | matched, scored and ranked (ms) | labels a second | matches scored a second |",
                 "|---|---|---|---|---|---|"]
    for list in lists {
        let choices = ChoiceList()
        list.bytes.withUnsafeBytes { choices.append(bytes: $0) }
        choices.finish()
        for query in [String(list.query.prefix(1)), list.query] {
            var matches = 0
            func time(sorts: Bool) -> Double {
                bestOf(5) {
                    var filter = ChoiceFilter(sorts: sorts)
                    filter.setQuery(Array(query.utf8), in: choices)
                    matches = filter.count
                }
            }
            let matched = time(sorts: false)
            let ranked = time(sorts: true)
            lines.append("| \(list.name) | `\(query)` → \(grouped(matches)) | \(format3(matched * 1000)) | \(format3(ranked * 1000)) | "
                         + "\(grouped(Int(Double(choices.count) / ranked))) | \(grouped(Int(Double(matches) / ranked))) |")
        }
    }
    return lines + [""]
}

/// What the scorer's table measures, for the document.
func scorerProse(lines: Int) -> String {
    """
    ### The scorer on its own

    The filter without a terminal or a process: the lists above (\(grouped(lines)) labels) loaded, then \
    one query set on a new filter: matched only (as `--no-sort` does), and matched, scored and ranked \
    (what the sheet does for a query that narrows nothing); the best of five runs. **Labels a second**: \
    the list's labels over the time to match, score and rank them; **matches scored a second**: the \
    matches over that time.


    """
}
