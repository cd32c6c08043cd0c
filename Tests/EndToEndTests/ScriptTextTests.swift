import AskLayout
import Glibc
import TestSupport
import Testing

/// Scripts' texts as their users see them, in a pseudo-terminal: a long text read to its end
/// (no line is ever out of reach), pi-hole's emphasis and its backtitle.
@Suite struct ScriptTextTests {
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
    /// 100%. The text has the focus, as whiptail's: Return does nothing there; Tab goes on to
    /// Ok, and Return then ends it, status 0.
    @Test func aTwoHundredLineScrolltextIsReadToItsEnd() throws {
        let directory = TemporaryDirectory()
        _ = directory.link("whiptail", to: PtyProcess.askPath)
        let script = "exec whiptail --title Licence --scrolltext --msgbox \"$(seq -f 'Line %g' 200)\" 20 60"
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
        #expect(process.waitUntilWaitingForKeys(), "Return on the text ended it")
        process.type("\t\r")
        #expect(process.waitForExit(seconds: 10) == .exited(0))
        #expect(process.settingsRestored)
    }

    /// pi-hole's installer: `dialog --colors --backtitle` with `\Zb\Z1IMPORTANT:\Zn`. The
    /// backtitle is on the row above the box; IMPORTANT: is bold (its red is not drawn: no colour
    /// reaches 4.5:1 on both of xterm's themes), the rest of the text plain.
    @Test func piHolesImportantKeepsItsEmphasis() throws {
        let directory = TemporaryDirectory()
        _ = directory.link("dialog", to: PtyProcess.askPath)
        let script = "dialog --colors --backtitle 'Pi-hole automated installer' --title 'Static IP Needed' "
            + "--msgbox '\\Zb\\Z1IMPORTANT:\\Zn If you have not already done so, you must ensure that this device has a static IP.' 12 70"
        let process = try PtyProcess(["-c", script], executable: "/bin/sh", environment: ["PATH": directory.path + ":/usr/bin:/bin"],
                                     screen: "$ ./install.sh\n")
        #expect(process.waitForScreen("IMPORTANT:", seconds: 10), "\(process.terminal.lines)")
        let lines = process.terminal.lines
        let row = try #require(lines.firstIndex { $0.contains("IMPORTANT:") })
        let backtitle = try #require(lines.firstIndex { $0.hasPrefix("Pi-hole automated installer") })
        #expect(lines[backtitle + 1].hasPrefix("╭"), "\(lines)")
        let cells = process.terminal.grid[row]
        let start = try #require(cells.indices.first { index in
            index + 10 <= cells.count && cells[index..<(index + 10)].map(\.text).joined() == "IMPORTANT:"
        })
        #expect(cells[start..<(start + 10)].allSatisfy { $0.style == Style(bold: true) }, "\(cells[start..<(start + 10)].map(\.style))")
        #expect(cells[(start + 11)..<(start + 13)].map(\.text).joined() == "If" && cells[start + 11].style == Style())
        process.type("\r")
        #expect(process.waitForExit(seconds: 10) == .exited(0))
    }
}
