import AskSystem
import Glibc
import TestSupport

// The release binaries of each architecture, run under qemu-user and counted by it: every
// instruction the program executes in user space (qemu runs one instruction per block and logs
// each block it runs: -singlestep -d exec,nochain), for the same sessions with the same keys.
// Time and memory under an emulator say little about a board; the instructions executed are
// counted the same way for all three, the x86_64 build included (qemu-x86_64), so they compare.
// What the kernel does for the program (its system calls) is not counted, on any of them.

struct EmulatedBinary {
    let machine: String
    let path: String

    /// The emulator for each machine, as the oldest board the build is for (`make check-arm`).
    var emulator: [String] {
        switch machine {
        case "aarch64": return ["/usr/bin/qemu-aarch64-static", "-cpu", "cortex-a53"]
        case "armv7": return ["/usr/bin/qemu-arm-static", "-cpu", "cortex-a7"]
        case "armv6": return ["/usr/bin/qemu-arm-static", "-cpu", "arm1176"]
        default: return ["/usr/bin/qemu-\(machine)-static"]
        }
    }
}

struct CountedSession {
    let name: String
    let arguments: [String]
    /// Each sent once the program waits for keys.
    let keys: [String]
    /// The name the program is started under (whiptail for its menu).
    var program = "ask"
}

let countedSessions = [
    CountedSession(name: "--version", arguments: ["--version"], keys: []),
    CountedSession(name: "text alert: 9 keys typed, Return", arguments: ["--title", "Bench", "--message", "Type here"],
                   keys: ["b", "e", "n", "c", "h", "m", "a", "r", "k", "\r"]),
    CountedSession(name: "sheet of 3: Down, Return", arguments: ["--choice", "Apple", "--choice", "Banana", "--choice", "Cherry"],
                   keys: ["\u{1B}[B", "\r"]),
    CountedSession(name: "sheet of 2,000: \"an\" typed, Return",
                   arguments: (1...2000).flatMap { ["--choice", "item \($0) banana"] }, keys: ["a", "n", "\r"]),
    CountedSession(name: "whiptail --menu: Down, Return",
                   arguments: ["--menu", "Pick", "12", "40", "3", "a", "Apple", "b", "Banana", "c", "Cherry"],
                   keys: ["\u{1B}[B", "\r"], program: "whiptail"),
]

/// The lines of qemu's log: one per instruction executed.
func countLines(_ path: String) -> Int {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var lines = 0
    while true {
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count <= 0 { break }
        for index in 0..<count where buffer[index] == 0x0A { lines += 1 }
    }
    return lines
}

/// Waits until the program is blocked waiting for input and has run nothing for 200 ms (its
/// log has not grown), so that each key is read on its own. (`waitUntilWaitingForKeys` does not
/// serve: qemu-x86_64 turns a poll without a time limit into one of 4,294,967 seconds.)
func waitUntilIdle(_ process: PtyProcess, log: String) {
    var last = -1, since = MonotonicClock.now
    let deadline = MonotonicClock.now + 120
    while MonotonicClock.now < deadline {
        process.pump(milliseconds: 20)
        let size = fileSize(log), now = MonotonicClock.now
        if size != last { (last, since) = (size, now) }
        // The emulator's own call, in this machine's numbers: ppoll, poll or read.
        let call = String(decoding: PtyProcess.readAll("/proc/\(process.pid)/syscall"), as: UTF8.self).prefix { $0 != " " }
        if now - since >= 0.2 && ["271", "7", "0"].contains(call) { return }
    }
}

/// Instructions executed by `binary` in `session`, and whether it answered with status 0.
func countInstructions(_ binary: EmulatedBinary, _ session: CountedSession, log: String) throws -> (count: Int, answered: Bool) {
    unlink(log)
    let emulator = binary.emulator
    let process = try PtyProcess(Array(emulator.dropFirst()) + ["-singlestep", "-d", "exec,nochain", "-D", log,
                                                                 "-0", session.program, binary.path] + session.arguments,
                                 executable: emulator[0], environment: ["TERM": "xterm-256color"], screen: "$ bench\n",
                                 stdoutToTerminal: session.program == "whiptail")
    for keys in session.keys {
        waitUntilIdle(process, log: log)
        process.type(keys)
    }
    let status = process.waitForExit(seconds: 120)
    defer { unlink(log) }
    return (countLines(log), status == .exited(0))
}

/// A Markdown table: each session's instructions on each machine, and each ARM build's against
/// the x86_64 build's.
func instructionTable(_ binaries: [EmulatedBinary], scratch: String) throws -> [String] {
    var lines = ["| session | " + binaries.map { "\($0.machine) (instructions)" }.joined(separator: " | ")
                 + " | " + binaries.dropFirst().map { "\($0.machine) / \(binaries[0].machine)" }.joined(separator: " | ") + " |"]
    lines.append("|---|" + String(repeating: "---:|", count: 2 * binaries.count - 1))
    for session in countedSessions {
        var counts: [Int] = []
        for binary in binaries {
            let (count, answered) = try countInstructions(binary, session, log: scratch + "/qemu-\(binary.machine).log")
            guard answered else { throw PtyProcess.Failure("\(binary.machine): \(session.name) did not end with status 0") }
            counts.append(count)
        }
        let ratios = counts.dropFirst().map { formatRatio(Double($0) / Double(max(counts[0], 1))) }
        lines.append("| \(session.name) | " + counts.map { grouped($0) }.joined(separator: " | ") + " | "
                     + ratios.joined(separator: " | ") + " |")
    }
    lines.append("")
    lines.append("Sizes: " + binaries.map { "\($0.machine) \(grouped(fileSize($0.path))) bytes" }.joined(separator: ", ") + ".")
    return lines
}

func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
}
