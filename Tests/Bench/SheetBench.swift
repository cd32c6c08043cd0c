import AskSystem
import Glibc
import TestSupport

// The action sheet with a list piped in: `ask --choices-from -` against fzf, a million lines on
// stdin, through the same pseudo-terminal script.

/// A list piped in, and the query typed to narrow it.
struct PipedList {
    let name: String
    /// Where the lines come from, in words.
    let origin: String
    let bytes: [UInt8]
    let lineCount: Int
    let firstLine: String
    let query: String
    /// How many lines match the query after each key (its characters in order; case ignored
    /// unless the query has a capital), as both tools count them.
    let matches: [Int]
    /// Whether an answer is one of the lines.
    let isLine: (String) -> Bool
    /// What both tools are given for this list (`--ansi` for coloured lines).
    var arguments: [String] = []

    /// `coloured`: each line as it is piped in (its escape sequences), from its plain text and
    /// its place; the plain lines are what is shown, matched and answered.
    init(name: String, origin: String, lines: [String], query: String, coloured: ((Int, String) -> String)? = nil,
         isLine: @escaping (String) -> Bool) {
        self.name = name
        self.origin = origin
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 } * (coloured == nil ? 1 : 2))
        for (place, line) in lines.enumerated() {
            bytes += (coloured?(place, line) ?? line).utf8
            bytes.append(0x0A)
        }
        if coloured != nil { arguments = ["--ansi"] }
        self.bytes = bytes
        lineCount = lines.count
        firstLine = lines[0]
        self.query = query
        var matches: [Int] = []
        var typed = ""
        for key in query {
            typed.append(key)
            let pattern = Array(typed.utf8)
            matches.append(lines.reduce(0) { $0 + (Self.matches(pattern, Array($1.utf8)) ? 1 : 0) })
        }
        self.matches = matches
        self.isLine = isLine
    }

    /// Whether `line` has the query's bytes in order (ASCII case ignored unless the query has a
    /// capital).
    static func matches(_ query: [UInt8], _ line: [UInt8]) -> Bool {
        let ignoresCase = !query.contains { $0 &- 0x41 < 26 }
        func folded(_ byte: UInt8) -> UInt8 { ignoresCase && byte &- 0x41 < 26 ? byte | 0x20 : byte }
        var next = 0
        for byte in line where next < query.count && folded(byte) == query[next] { next += 1 }
        return next == query.count
    }

    static func numbers(_ count: Int) -> PipedList {
        PipedList(name: "`seq \(count)`", origin: "the numbers 1 to \(grouped(count)), a line each",
                  lines: (1...count).map { String($0) }, query: "9999") { answer in
            Int(answer).map { (1...count).contains($0) && String($0) == answer } ?? false
        }
    }

    /// A word list of `count` lines: the system's (repeated, each pass with a number after the
    /// word) when there is one, else pseudo-words made from syllables by a generator of fixed seed.
    static func words(_ count: Int) -> PipedList {
        let dictionary = systemWords()
        var lines: [String] = []
        lines.reserveCapacity(count)
        let origin: String
        if dictionary.count >= 1000 {
            origin = "/usr/share/dict/words (its \(grouped(dictionary.count)) words in ASCII), repeated, each pass after the first "
                + "with its number after each word"
            var pass = 0
            while lines.count < count {
                for word in dictionary where lines.count < count { lines.append(pass == 0 ? word : "\(word)\(pass)") }
                pass += 1
            }
        } else {
            origin = "pseudo-words of two to four syllables from a generator of fixed seed (what the bench uses when "
                + "there is no /usr/share/dict/words)"
            lines = pseudoWords(count)
        }
        let known = Set(lines)
        return PipedList(name: "a word list of \(grouped(count)) lines", origin: origin, lines: lines, query: "stone") { known.contains($0) }
    }

    /// The word list above coloured as `ls --color` and `git branch --color` write lines, read with
    /// `--ansi`: a bold blue line, a green one, one whose first three characters are in a colour
    /// of 256 and the rest plain, one underlined in its middle, one plain, in turn.
    static func colouredWords(_ count: Int) -> PipedList {
        let plain = words(count)
        let lines = String(decoding: plain.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        let known = Set(lines)
        return PipedList(name: "the word list of \(grouped(count)) lines in colour", origin: "the word list above, its lines coloured "
                            + "in turn as `ls --color` and `git branch --color` write them (bold blue, green, a 256-colour start, "
                            + "an underlined middle, plain), read with `--ansi` by both", lines: lines, query: "stone",
                         coloured: { place, line in
                             let escape = "\u{1B}["
                             switch place % 5 {
                             case 0: return escape + "01;34m" + line + escape + "0m"
                             case 1: return escape + "32m" + line + escape + "m"
                             case 2: return escape + "38;5;208m" + line.prefix(3) + escape + "0m" + line.dropFirst(3)
                             case 3: return line.prefix(1) + escape + "4m" + line.dropFirst(1).prefix(2) + escape + "24m" + line.dropFirst(3)
                             default: return line
                             }
                         }) { known.contains($0) }
    }
}

/// The system's word list (`/usr/share/dict/words`), its words in ASCII (fzf matches `ö` for
/// `o`, ask does not: the counts would differ); empty when there is none.
func systemWords() -> [String] {
    String(decoding: PtyProcess.readAll("/usr/share/dict/words"), as: UTF8.self)
        .split(separator: "\n").map(String.init)
        .filter { !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
}

/// `count` pseudo-words of two to four syllables, from a generator of fixed seed.
func pseudoWords(_ count: Int) -> [String] {
    var random = SplitMix(seed: 0x5EED)
    let onsets = ["b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "w", "ch", "sh", "st", "tr"]
    let vowels = ["a", "e", "i", "o", "u", "ai", "ea", "ou"]
    let codas = ["", "", "", "n", "r", "s", "t", "l", "ng"]
    var words: [String] = []
    words.reserveCapacity(count)
    for _ in 0..<count {
        var word = ""
        for _ in 0..<(2 + random.next(3)) {
            word += onsets[random.next(onsets.count)] + vowels[random.next(vowels.count)] + codas[random.next(codas.count)]
        }
        words.append(word)
    }
    return words
}

/// A fixed sequence of pseudo-random numbers (SplitMix64).
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    /// A number in 0..<bound.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

/// A tool that reads a list on stdin and shows it on the terminal.
struct ListTool {
    let name: String
    let executable: String
    let arguments: [String]
    var environment: [String: String] = [:]
    /// Its environment with the bench's terminal.
    var terminalEnvironment: [String: String] { environment.merging(["TERM": "xterm-256color"]) { $1 } }
    /// Draws on stderr (fzf inline), as a shell gives it the terminal there.
    var drawsOnStderr = false
    /// The screen shows the list, `line` (its first) highlighted.
    let showsFirst: (VirtualTerminal, String) -> Bool
    /// The screen shows all `total` lines loaded.
    let showsLoaded: (VirtualTerminal, Int) -> Bool
    /// The screen shows `matches` of `total` lines matching.
    let showsMatches: (VirtualTerminal, Int, Int) -> Bool

    /// Reading the list from `source` (a file's path, or `-`: stdin).
    static func ask(_ path: String, from source: String = "-") -> ListTool {
        ListTool(name: "ask", executable: path, arguments: ["--choices-from", source],
                 showsFirst: { terminal, line in terminal.contains("› \(line) ") },
                 // `1–10 of 1,000,000`, without `loading`; a list that shows whole has no counter.
                 showsLoaded: { terminal, total in
                     !terminal.contains("loading")
                         && (terminal.containsCount("of \(grouped(total))") || total <= 10 && terminal.contains("› "))
                 },
                 // The counter as it reads now, `43/1,000` (all matches fit) and `1–10 of 43/1,000`
                 // (scrolling); and as it read before, `43 of 1,000` and `1–10 of 43 matches`.
                 showsMatches: { terminal, matches, total in
                     terminal.containsCount("\(grouped(matches))/\(grouped(total))")
                         || terminal.containsCount("of \(grouped(matches)) matches")
                         || terminal.containsCount("\(grouped(matches)) of \(grouped(total))")
                 })
    }

    /// Reading the list from its stdin: the harness's pipe, or `file` (redirected by the shell).
    static func fzf(_ path: String, from file: String? = nil) -> ListTool {
        let command = file.map { _ in ["/bin/sh", "-c", "exec \"$0\" \"$@\" < \"$FZF_BENCH_INPUT\"", path] } ?? [path]
        return ListTool(name: "fzf", executable: command[0], arguments: Array(command.dropFirst()) + fzfArguments,
                        environment: file.map { ["FZF_BENCH_INPUT": $0] } ?? [:], drawsOnStderr: true,
                        showsFirst: { terminal, line in terminal.lines.contains { $0.hasPrefix("> \(line)") } },
                        showsLoaded: { terminal, total in terminal.contains(" \(total)/\(total)") },
                        showsMatches: { terminal, matches, total in terminal.contains(" \(matches)/\(total)") })
    }

    /// Inline, below the prompt as ask is, with as many rows of the list as ask shows.
    static let fzfArguments = ["--height=50%"]
}

extension VirtualTerminal {
    /// Whether a line holds `text` as a count stands: no digit or comma just before or after it
    /// (so `43/1,000` is not found in `143/1,000`, nor `of 1,000` in `of 1,000,000`).
    func containsCount(_ text: String) -> Bool {
        let needle = Array(text.unicodeScalars)
        func partOfNumber(_ scalar: Unicode.Scalar) -> Bool { scalar == "," || ("0"..."9").contains(scalar) }
        return lines.contains { line in
            let scalars = Array(line.unicodeScalars)
            guard scalars.count >= needle.count else { return false }
            return (0...(scalars.count - needle.count)).contains { at in
                scalars[at..<(at + needle.count)].elementsEqual(needle)
                    && (at == 0 || !partOfNumber(scalars[at - 1]))
                    && (at + needle.count == scalars.count || !partOfNumber(scalars[at + needle.count]))
            }
        }
    }
}

/// `1234567` as `1,234,567`, as ask's counter writes it.
func grouped(_ number: Int) -> String {
    let digits = Array(String(number))
    var result = ""
    for (offset, digit) in digits.enumerated() {
        if offset > 0 && (digits.count - offset) % 3 == 0 { result += "," }
        result.append(digit)
    }
    return result
}

struct ListSample {
    var firstPaint = Double.nan, loaded = Double.nan, peakRSS = 0
    /// For each key of the query: from writing it until the last output before the terminal
    /// went quiet.
    var keys: [Double] = []
    /// What went wrong, if anything: then no number of this session counts.
    var failure: String?
}

/// Writes a list into a pipe on a thread of its own, as `seq` would, and closes it at the end.
final class PipeFeeder: @unchecked Sendable {
    private let fd: Int32
    private let bytes: [UInt8]
    private var thread = pthread_t()
    /// The first write: one page, as a program writing through stdio to a pipe begins.
    static let firstWrite = 4096

    init(fd: Int32, bytes: [UInt8]) {
        self.fd = fd
        self.bytes = bytes
    }

    /// Writes the first page now, the rest on a thread; returns when the first was written.
    func start() -> Double {
        let first = min(Self.firstWrite, bytes.count)
        let started = MonotonicClock.now
        bytes[0..<first].withUnsafeBytes { _ = Descriptor(borrowing: fd).writeAll($0) }
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&thread, nil, { context in
            let feeder = Unmanaged<PipeFeeder>.fromOpaque(context!).takeRetainedValue()
            feeder.bytes[min(PipeFeeder.firstWrite, feeder.bytes.count)...].withUnsafeBytes { rest in
                var offset = 0
                while offset < rest.count {
                    let piece = UnsafeRawBufferPointer(rebasing: rest[offset..<min(offset + 65536, rest.count)])
                    guard Descriptor(borrowing: feeder.fd).writeAll(piece) == nil else { break }
                    offset += piece.count
                }
            }
            close(feeder.fd)
            return nil
        }, context)
        return started
    }

    /// Waits until everything was written (or the reader went away).
    func join() { pthread_join(thread, nil) }
}

func listSession(_ tool: ListTool, _ list: PipedList) throws -> ListSample {
    var sample = ListSample()
    let process = try PtyProcess(tool.arguments + list.arguments, executable: tool.executable, environment: tool.terminalEnvironment,
                                 screen: screen(leaving: 16), input: .pipe, stderrToTerminal: tool.drawsOnStderr)
    process.watch { tool.showsFirst($0, list.firstLine) }
    let feeder = PipeFeeder(fd: process.takeStdinPipe(), bytes: list.bytes)
    let start = feeder.start()
    defer {
        if process.termination == nil { process.signal(SIGKILL) }
        feeder.join()
    }
    func failed(_ what: String) -> ListSample {
        sample.failure = what + "; the screen:\n" + process.terminal.lines.joined(separator: "\n")
        return sample
    }
    guard process.wait(seconds: 30, until: { $0.watchedTime != nil }), let painted = process.watchedTime else {
        return failed("the list never showed")
    }
    sample.firstPaint = painted - start
    process.watch { tool.showsLoaded($0, list.lineCount) }
    guard process.wait(seconds: 60, until: { $0.watchedTime != nil }), let loaded = process.watchedTime else {
        return failed("the list never showed as loaded")
    }
    sample.loaded = loaded - start
    waitQuiet(process, milliseconds: 50)
    for (typed, matches) in zip(list.query, list.matches) {
        let sent = MonotonicClock.now
        process.type(String(typed))
        guard process.wait(seconds: 30, until: { tool.showsMatches($0.terminal, matches, list.lineCount) }) else {
            return failed("\(matches) matches never showed")
        }
        // Done once the terminal has been quiet for 50 ms; that quiet is not counted.
        waitQuiet(process, milliseconds: 50)
        sample.keys.append((process.lastOutputTime ?? sent) - sent)
    }
    // Its high-water mark once the work is done, while it still runs (no tracing: tracing
    // would stop a Go program at each of its runtime's signals).
    sample.peakRSS = peakRSS(process.pid)
    process.type("\r")
    guard process.waitForExit(seconds: 10) == .exited(0) else { return failed("it did not exit with status 0") }
    var answer = process.stdoutText
    while answer.last == "\n" { answer.removeLast() }
    guard list.isLine(answer), PipedList.matches(Array(list.query.utf8), Array(answer.utf8)) else {
        return failed("it answered \(answer.debugDescription), not a line matching \(list.query.debugDescription)")
    }
    return sample
}

/// The piped-list benchmark: every tool on every list, interleaved over `rounds` rounds. Returns
/// a table per list, then whether ask met its targets.
func listBenchmark(tools: [ListTool], lists: [PipedList], rounds: Int, verbose: Bool) throws -> [String] {
    var samples: [String: [ListSample]] = [:]
    for round in stride(from: 1, through: rounds, by: 1) {
        for list in lists {
            for tool in tools {
                let sample = try listSession(tool, list)
                if verbose || sample.failure != nil { Descriptor.standardError.writeAll("\(tool.name), \(list.name): \(sample)\n") }
                samples[tool.name + list.name, default: []].append(sample)
            }
        }
        Descriptor.standardError.writeAll("list round \(round)/\(rounds)\n")
    }
    var lines: [String] = []
    var targets: [String] = []
    for list in lists {
        var typed = ""
        let keyColumns = zip(list.query, list.matches).map { key, matches in
            typed.append(key)
            return "`\(typed)` → \(grouped(matches)) (ms)"
        }
        lines.append("\(list.name.prefix(1).uppercased() + list.name.dropFirst()): \(list.origin). Each key's column: the "
                     + "query after that key → the lines it matches.")
        lines.append("")
        lines.append("| tool | first paint (ms) | fully loaded (ms) | " + keyColumns.joined(separator: " | ") + " | peak RSS (KiB) |")
        lines.append("|---|---|---|" + String(repeating: "---|", count: keyColumns.count) + "---|")
        /// Each tool's medians: first paint, fully loaded, each key, peak RSS (in ms and KiB).
        var medians: [String: [Double]] = [:]
        for tool in tools {
            let all = samples[tool.name + list.name] ?? []
            let good = all.filter { $0.failure == nil }
            guard !all.isEmpty, good.count == all.count else {
                lines.append("| \(tool.name) (wrong in \(all.count - good.count) of \(all.count) rounds) |"
                             + String(repeating: " — |", count: 3 + keyColumns.count))
                continue
            }
            let row = [median(good.map { $0.firstPaint * 1000 }), median(good.map { $0.loaded * 1000 })]
                + list.matches.indices.map { key in median(good.map { $0.keys[key] * 1000 }) }
                + [median(good.map { Double($0.peakRSS) })]
            medians[tool.name] = row
            lines.append("| \(tool.name) | " + row.dropLast().map(format3).joined(separator: " | ") + " | \(count(row.last!)) |")
        }
        lines.append("")
        guard let ask = medians["ask"] else {
            targets.append("- \(list.name): ask answered wrong; no target can be judged.")
            continue
        }
        var verdicts = ["first paint within 50 ms of the first line: " + verdict(ask[0] <= 50, "\(format3(ask[0])) ms")]
        if let fzf = medians["fzf"] {
            let keys = 2..<(ask.count - 1)
            let worst = keys.max { ask[$0] / fzf[$0] < ask[$1] / fzf[$1] }!
            verdicts.append("each key at most half fzf's time: " + verdict(keys.allSatisfy { ask[$0] <= fzf[$0] / 2 },
                                                                        "at worst \(formatRatio(ask[worst] / fzf[worst])) fzf's time"))
            verdicts.append("peak RSS at most half fzf's: " + verdict(ask.last! <= fzf.last! / 2,
                                                                   formatRatio(ask.last! / fzf.last!) + " fzf's"))
        } else {
            verdicts.append("against fzf: not judged (fzf is not installed, or answered wrong)")
        }
        targets.append("- \(list.name): " + verdicts.joined(separator: "; ") + ".")
    }
    return lines + ["Targets:", ""] + targets + [""]
}

func verdict(_ met: Bool, _ detail: String) -> String { (met ? "met" : "**missed**") + " (\(detail))" }

/// What the piped-list tables measure, for the document.
func listProse(rounds: Int, lines: Int) -> String {
    """
    ### \(grouped(lines)) lines piped in

    `ask --choices-from -` against fzf (`fzf \(ListTool.fzfArguments.joined(separator: " "))`), each reading the list \
    from a pipe on its stdin while a thread of the harness writes it there as fast as the tool reads (as `seq` \
    would), on a pseudo-terminal of 24 × 80 with the same keys, interleaved over \(rounds) rounds; medians. fzf runs \
    inline, below the shell's prompt as ask draws (its default takes the whole screen), its height set to half the \
    terminal: 12 rows, 10 of them the list, as many as ask's sheet shows here (the prompt stands where 16 rows are \
    left below the cursor, which ask's sheet with a list of ten takes); it draws on stderr, the terminal as in a shell.

    - **First paint**: from writing the first 4 KiB of the list (one page, as a program writing through stdio to a \
    pipe begins) to the arrival of the output that shows the list with its first line highlighted.
    - **Fully loaded**: from the same moment to the output that shows every line read: ask's counter at \
    `of \(grouped(lines))` without `loading`; fzf's at `\(lines)/\(lines)`.
    - **Each key**: once loaded and quiet, the query is typed a key at a time, each narrowing the list: from writing \
    the key until the last output before the terminal has been quiet for 50 ms (that quiet not counted), the tool \
    showing by then as many matches as the harness counts (the query's characters in order, case ignored: both \
    tools' default matching).
    - **Peak RSS**: the tool's VmHWM, read after the last key while it still runs (not traced: tracing would stop \
    fzf's Go runtime at each of its signals).
    - Then Enter: the answer must be a line of the list that matches the query; a tool that answered otherwise in \
    any round shows no number.


    """
}
