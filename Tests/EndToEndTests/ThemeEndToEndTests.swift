import AskLayout
import Glibc
import TestSupport
import Testing

/// Themes end to end: `ask` in a real pseudo-terminal draws the roles in the colours
/// `ASK_COLORS` (whiptail's `NEWT_COLORS`, dialog's `DIALOGRC`) gives them, says a bad or
/// unreadable theme in one line on stderr and goes on, and `NO_COLOR` wins.
@Suite struct ThemeEndToEndTests {
    /// An alert drawn, its title's and its top border's styles, Esc pressed: the styles, what
    /// stderr said, and how it ended.
    func drawn(_ arguments: [String], environment: [String: String], title: String = "Deploy",
               border: String = "╭") throws -> (title: Style?, border: Style?, said: String) {
        let process = try PtyProcess(arguments, environment: environment)
        #expect(process.waitForScreen(title) && process.waitForScreen("╰"), "\(process.terminal.lines)")
        let styles = (process.terminal.style(of: title), process.terminal.style(of: border))
        process.type("\u{1B}")
        #expect(process.waitForExit() != nil)
        #expect(process.settingsRestored)
        return (styles.0, styles.1, process.stderrText)
    }

    static let alert = ["--title", "Deploy", "--message", "Ship it?"]

    /// The colours given, in 256 colours and by name; a base theme's under them.
    @Test func theRolesAreDrawnInTheirColours() throws {
        let (title, border, said) = try drawn(Self.alert, environment: ["ASK_COLORS": "dark,title:214,border:33:bold"])
        #expect(title == Style(bold: true, foreground: Style.Color(214)))
        #expect(border == Style(bold: true, foreground: Style.Color(33)))
        #expect(said == "")
    }

    /// A line that cannot be read: one line on stderr, the default look, the answer as ever.
    @Test func aBadLineIsSaidAndTheDefaultLookDrawn() throws {
        let process = try PtyProcess(["--title", "Name"], environment: ["ASK_COLORS": "title:purple,border:33"])
        #expect(process.waitForScreen("╰"))
        #expect(process.terminal.style(of: "Name") == Style(bold: true))
        #expect(process.terminal.style(of: "╭") == Style())
        process.type("Ada\r")
        #expect(process.waitForExit() == .exited(0))
        #expect(process.stdoutText == "Ada\n")
        #expect(process.stderrText == "ask: ASK_COLORS: 'title:purple': 'purple' is no colour (a name, 0–255, #rrggbb, -1) nor attribute; "
            + "the default look is used\n")
    }

    /// A colour below 3:1 against the background is said and drawn in the terminal's own; on a
    /// background COLORFGBG says is light, the same colour reads and is drawn.
    @Test(arguments: [([String: String](), false), (["COLORFGBG": "0;15"], true)])
    func anUnreadableColourIsSaidNotDrawn(more: [String: String], readable: Bool) throws {
        let (title, _, said) = try drawn(Self.alert, environment: ["ASK_COLORS": "title:blue"].merging(more) { $1 })
        #expect(title == Style(bold: true, foreground: readable ? .blue : nil))
        #expect(said == (readable ? "" : "ask: ASK_COLORS: title:blue (2.2:1 on a dark background) below 3:1; drawn in the terminal's own colour\n"))
    }

    /// NO_COLOR wins over the theme's colours (its attributes stay), as `--color never` does.
    @Test(arguments: [(["NO_COLOR": "1"], [String]()), ([:], ["--color", "never"])])
    func noColorWins(environment: [String: String], options: [String]) throws {
        let (title, border, said) = try drawn(Self.alert + options, environment: ["ASK_COLORS": "title:214,border:33:bold"].merging(environment) { $1 })
        #expect(title == Style(bold: true))
        #expect(border == Style(bold: true))
        #expect(said == "")
    }

    /// whiptail's NEWT_COLORS: the title's foreground is the title's colour; yellow borders
    /// (unreadable on a light background, which may be the terminal's) are left out, in silence
    /// since whiptail answers on stderr; NEWT_MONO takes every colour off.
    @Test(arguments: [([String: String](), Style.Color(9) as Style.Color?), (["NEWT_MONO": "1"], nil)])
    func whiptailsColours(more: [String: String], titleColour: Style.Color?) throws {
        let environment = ["NEWT_COLORS": "root=,blue\ntitle=brightred,blue border=yellow,blue"].merging(more) { $1 }
        let (title, border, said) = try drawn(["--whiptail", "--title", "Deploy", "--msgbox", "Ship it?", "8", "30"], environment: environment)
        #expect(title?.foreground == titleColour)
        #expect(border == Style())
        #expect(said == "")
    }

    /// dialog's DIALOGRC: its title colour, bold when dialog's highlight is ON.
    @Test func dialogsColours() throws {
        let directory = TemporaryDirectory()
        directory.write("dialogrc", "use_shadow = OFF\ntitle_color = (RED,WHITE,ON)\nborder_color = (MAGENTA,WHITE,OFF)\n")
        let (title, border, _) = try drawn(["--dialog", "--title", "Deploy", "--msgbox", "Ship it?", "8", "30"],
                                           environment: ["DIALOGRC": directory.path + "/dialogrc"])
        #expect(title == Style(bold: true, foreground: .red))
        #expect(border == Style(foreground: .magenta))
    }
}
