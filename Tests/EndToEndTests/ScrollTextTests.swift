import Glibc
import TestSupport
import Testing

/// A script's long text read to its end: no line is ever out of reach.
@Suite struct ScrollTextTests {
    /// The numbers of the `Line N` rows on the screen.
    static func lineNumbers(_ lines: [String]) -> Set<Int> {
        var found = Set<Int>()
        for line in lines {
            guard let range = line.firstRange(of: "Line ") else { continue }
            if let number = Int(line[range.upperBound...].prefix { $0.isNumber }) { found.insert(number) }
        }
        return found
    }

    /// DietPi's and debconf's shape: `whiptail --scrolltext --msgbox` with 200 lines, in a box of
    /// 20 rows (14 of them the text's, as whiptail gives it). PgDn pages through it, the
    /// position showing in the gutter, until every line has been on the screen and it says
    /// 100%; Return then ends it, status 0.
    @Test func aTwoHundredLineScrolltextIsReadToItsEnd() throws {
        let directory = TemporaryDirectory()
        _ = directory.link("whiptail", to: PtyProcess.askPath)
        let script = "whiptail --title Licence --scrolltext --msgbox \"$(seq -f 'Line %g' 200)\" 20 60"
        let process = try PtyProcess(["-c", script], executable: "/bin/sh",
                                     environment: ["PATH": directory.path + ":/usr/bin:/bin"], rows: 40, columns: 100,
                                     screen: "$ ./licence.sh\n")
        #expect(process.waitForScreen("↓7%", seconds: 10), "\(process.terminal.lines)")
        var seen = Self.lineNumbers(process.terminal.lines)
        #expect(seen == Set(1...14), "the first 14 lines: \(seen.sorted())")
        var top = 0
        while top < 186 {
            top = min(top + 13, 186)
            process.type("\u{1B}[6~")  // PgDn
            let percent = "\((top + 14) * 100 / 200)%"
            #expect(process.waitForScreen(percent), "after PgDn to \(top): \(process.terminal.lines)")
            let shown = Self.lineNumbers(process.terminal.lines)
            #expect(shown == Set((top + 1)...(top + 14)), "\(shown.sorted())")
            seen.formUnion(shown)
        }
        #expect(seen == Set(1...200))
        #expect(process.terminal.contains("100%") && !process.terminal.contains("↓"))
        process.type("\r")
        #expect(process.waitForExit(seconds: 10) == .exited(0))
        #expect(process.settingsRestored)
    }
}
