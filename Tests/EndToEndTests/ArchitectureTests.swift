import Glibc
import TestSupport
import Testing

/// The `ask` under test (`ASK_BINARY`: an aarch64 or armv7 build under qemu-user, with
/// `make check-arm`) side by side with the `ask` built beside the tests for this machine: the
/// same arguments and keys, each in a pseudo-terminal of its own, give the same bytes on the
/// terminal, the same answer and status, and the terminal's settings restored. A text alert, a
/// sheet and a checklist (the lists ranked and marked in 64-bit words), whiptail's and dialog's
/// menus, a multi-line field, a text box and an error. Run without `ASK_BINARY`, both are the same
/// build and this only shows that a run is the same bytes twice.
@Suite struct ArchitectureTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: [String]
        var keys: [String] = []
        /// The name it is run under (whiptail, dialog), else ask.
        var program = "ask"
        /// The terminal's bytes compared, not only the screen they leave: false where how a key's
        /// frames are written (one write or two, the cursor hidden around it) follows the time the
        /// keys took to arrive, which under an emulator on a loaded machine is not the same twice.
        var bytesCompared = true
        var testDescription: String { name }
    }

    struct Result: Equatable, CustomStringConvertible {
        let status: PtyProcess.Termination?
        let stdout: String
        let stderr: String
        let transcript: [UInt8]
        let screen: [String]
        let restored: Bool
        var description: String {
            "\(status.map { "\($0)" } ?? "running") \(stdout.debugDescription) \(stderr.debugDescription) restored: \(restored)"
        }
    }

    static let down = "\u{1B}[B", tab = "\t"
    static let fruit = ["--choice", "Apple", "--choice", "Banana", "--choice", "Cherry"]

    static let rows: [Row] = [
        Row(name: "a text alert: typed, Return", arguments: ["--title", "Name", "--message", "Who?"], keys: ["Zoë 42", "\r"]),
        Row(name: "a secure field: typed, Return", arguments: ["--secure", "--message", "Password"], keys: ["s3cret", "\r"]),
        Row(name: "a sheet: Down, Return", arguments: ["--title", "Fruit"] + fruit, keys: [down, "\r"]),
        Row(name: "a sheet: filtered, ranked", arguments: (1...2000).flatMap { ["--choice", "item \($0) banana"] }
            + ["--choice", "Banana", "--choice", "Ananas"], keys: ["an", down, "\r"]),
        Row(name: "a checklist: marked, Return", arguments: ["--multiple"] + fruit, keys: [" ", down, down, " ", "\r"]),
        Row(name: "whiptail's menu: Down, Return", arguments: ["--menu", "Pick", "12", "40", "3", "a", "Apple", "b", "Banana", "c", "Cherry"],
            keys: [down, "\r"], program: "whiptail"),
        Row(name: "whiptail's checklist: Space, Return",
            arguments: ["--checklist", "Pick", "12", "40", "3", "a", "Apple", "off", "b", "Banana", "on", "c", "Cherry", "off"],
            keys: [" ", "\r"], program: "whiptail"),
        Row(name: "dialog's menu: Down, Return", arguments: ["--menu", "Pick", "12", "40", "3", "a", "Apple", "b", "Banana", "c", "Cherry"],
            keys: [down, "\r"], program: "dialog"),
        Row(name: "a multi-line field: two lines, Ctrl-D", arguments: ["--multiline", "--message", "Notes"],
            keys: ["one", "\r", "two", "\u{4}"], bytesCompared: false),
        Row(name: "a text box: Down, Return", arguments: ["--text-file", "NOTES", "--message", "Notes"], keys: [down, down, "\r"]),
        Row(name: "an error: a choice and a field", arguments: ["--choice", "Apple", "--field", "Name"]),
    ]

    static func run(_ program: String, _ row: Row, notes: String) throws -> Result {
        let arguments = row.arguments.map { $0 == "NOTES" ? notes : $0 }
        let process = try PtyProcess(arguments, executable: program)
        for keys in row.keys {
            process.waitUntilWaitingForKeys()
            process.type(keys)
        }
        let status = process.waitForExit(seconds: 20)
        return Result(status: status, stdout: process.stdoutText, stderr: process.stderrText, transcript: process.transcript,
                      screen: process.terminal.lines, restored: process.settingsRestored)
    }

    @Test(arguments: rows)
    func theSameKeysGiveTheSameBytes(row: Row) throws {
        let directory = TemporaryDirectory()
        directory.write("notes.txt", (1...40).map { "Line \($0) of the notes\n" }.joined())
        // Each under the row's name (whiptail, dialog, ask), in a directory of its own.
        for side in ["tested", "built-here"] { mkdir(directory.path + "/" + side, 0o700) }
        let tested = directory.link("tested/" + row.program, to: PtyProcess.askPath)
        let builtHere = directory.link("built-here/" + row.program, to: PtyProcess.builtAskPath)
        let ours = try Self.run(tested, row, notes: directory.path + "/notes.txt")
        let theirs = try Self.run(builtHere, row, notes: directory.path + "/notes.txt")
        let sameAnswer = ours.status == theirs.status && ours.stdout == theirs.stdout && ours.stderr == theirs.stderr
        #expect(sameAnswer, "tested: \(ours); built here: \(theirs)")
        #expect(ours.screen == theirs.screen, "the screens differ:\n\(ours.screen)\n\(theirs.screen)")
        let sameBytes = !row.bytesCompared || ours.transcript == theirs.transcript
        #expect(sameBytes, """
            the terminal's bytes differ:
            \(String(decoding: ours.transcript, as: UTF8.self).debugDescription)
            \(String(decoding: theirs.transcript, as: UTF8.self).debugDescription)
            """)
        #expect(ours.status != nil && ours.restored)
    }
}

/// A release is named for the architecture its binary is: `ARCH`'s names (uname -m's and
/// Debian's) lead to one file name each; an architecture that cannot be built is refused in one
/// line, and a binary of another machine is never packaged under `ARCH`'s name.
@Suite struct ReleaseArchitectureTests {
    @Test(.enabled(if: Tools.available("make"), "make is not installed"), arguments: [
        ("x86_64", "x86_64", "amd64"), ("amd64", "x86_64", "amd64"),
        ("aarch64", "aarch64", "arm64"), ("arm64", "aarch64", "arm64"),
        ("armv7", "armv7", "armhf"), ("armhf", "armv7", "armhf"), ("armv7l", "armv7", "armhf"),
        ("armv6", "armv6", "armel"), ("armel", "armv6", "armel"), ("armv6l", "armv6", "armel"),
    ])
    func eachNameLeadsToItsFiles(arch: String, archive: String, package: String) throws {
        let make = try Tools.require("make")
        let version = try Util.run(make, ["-C", Paths.root, "-s", "version", "ARCH=\(arch)"])
        let lines = version.stdoutText.split(separator: "\n").map(String.init)
        try #require(version.termination == .exited(0) && lines.count == 3, "\(version.stderrText)")
        #expect(lines[1] == ".build/dist/ask-\(lines[0])-linux-\(archive).tar.gz")
        #expect(lines[2] == ".build/dist/ask_\(lines[0])_\(package).deb")
    }

    @Test(.enabled(if: Tools.available("make"), "make is not installed"), arguments: ["mips", "riscv64", "i386", "powerpc"])
    func anArchitectureThatCannotBeBuiltIsRefusedInOneLine(arch: String) throws {
        let make = try Tools.require("make")
        for target in ["build", "dist", "deb", "version"] {
            let refused = try Util.run(make, ["-C", Paths.root, "-s", target, "ARCH=\(arch)"])
            #expect(refused.termination == .exited(2))
            #expect(refused.stdout.isEmpty)
            let lines = refused.stderrText.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains("ask is not built for ARCH=\(arch)"), "\(refused.stderrText)")
        }
    }

    /// This machine's binary given as the ARM one (`BINARY=`) is refused before any file is made.
    @Test(.enabled(if: Tools.available("make"), "make is not installed"), arguments: ["arm64", "armhf", "armel"])
    func aBinaryOfAnotherMachineIsNotPackaged(arch: String) throws {
        let make = try Tools.require("make")
        let directory = TemporaryDirectory()
        for target in ["dist", "deb"] {
            let refused = try Util.run(make, ["-C", Paths.root, "-s", target, "ARCH=\(arch)", "BINARY=\(PtyProcess.builtAskPath)",
                                              "DIST_DIR=\(directory.path)"])
            #expect(refused.termination == .exited(2))
            let lines = refused.stderrText.split(separator: "\n").filter { !$0.hasPrefix("make: ***") }
            #expect(lines.count == 1 && lines[0].contains("is not an executable for"), "\(refused.stderrText)")
            let left = try Util.listing(directory.path)
            #expect(left.files.isEmpty && left.directories.isEmpty, "\(target) left \(left)")
        }
    }

    /// armhf and armel are both 32-bit ARM: the float ABI their ELF header names tells them apart.
    @Test(.enabled(if: Tools.available("make"), "make is not installed"),
          arguments: [("armhf", UInt32(0x0500_0200), false), ("armel", UInt32(0x0500_0400), false),
                      ("armhf", UInt32(0x0500_0400), true), ("armel", UInt32(0x0500_0200), true)])
    func aBinaryOfTheOtherFloatABIIsNotPackaged(arch: String, flags: UInt32, packaged: Bool) throws {
        let make = try Tools.require("make")
        let directory = TemporaryDirectory()
        // An ELF header alone: 32-bit, little-endian, an executable for ARM (40), with those flags.
        var header = [UInt8](repeating: 0, count: 52)
        header.replaceSubrange(0..<7, with: [0x7F, 0x45, 0x4C, 0x46, 1, 1, 1])
        (header[16], header[18], header[20]) = (2, 40, 1)
        for byte in 0..<4 { header[36 + byte] = UInt8(truncatingIfNeeded: flags >> (8 * UInt32(byte))) }
        try Util.writeFile(directory.path + "/ask", String(decoding: header, as: UTF8.self))
        chmod(directory.path + "/ask", 0o755)
        let result = try Util.run(make, ["-C", Paths.root, "-s", "dist", "ARCH=\(arch)", "BINARY=\(directory.path)/ask",
                                         "DIST_DIR=\(directory.path)/dist"])
        #expect((result.termination == .exited(0)) == packaged, "\(result.stderrText)")
        #expect(result.stderrText.contains("another float ABI") == !packaged, "\(result.stderrText)")
    }
}
