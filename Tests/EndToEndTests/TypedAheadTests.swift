import Glibc
import TestSupport
import Testing

/// Scripts' real shapes, typed into as a person types, side by side with Debian's whiptail and
/// dialog: what each script saw is the same with `ask` under the program's name.
@Suite struct TypedAheadTests {
    /// A menu of VMs, then a confirmation (between them, the script waits on `$GO`).
    static let confirmation = #"""
        vm=$("$P" --menu "Which VM?" 15 50 3 101 web 102 db 110 mail 3>&1 1>&2 2>&3)
        menu=$?
        read -r go <"$GO"
        "$P" --yesno "Destroy VM $vm?" 8 40
        echo "menu=$menu vm=$vm destroy=$?" >"$OUT"
        """#

    /// `102` and Return typed at once into the menu, and a Return more, stay in the menu —
    /// whiptail's digits do nothing there, dialog's `1` moves to 102 and `2` to its second row —
    /// and the confirmation waits for its own keys: none typed ahead of it reaches it, neither in
    /// the menu's burst nor once the menu has gone (`y` Return, waiting in the terminal as the
    /// confirmation starts: whiptail reads and drops what is waiting as it starts, dialog
    /// flushes it, `ask` sets raw mode flushing it).
    @Test(.enabled(if: Tools.available("whiptail") && Tools.available("dialog")), arguments: ["whiptail", "dialog"])
    func keysTypedIntoAMenuStayThere(_ program: String) throws {
        try SideBySide.compareScript(program, Self.confirmation,
                                     [SideBySide.Step(shows: "mail", keys: "102\r\r"), SideBySide.Step(keys: "y\r"),
                                      SideBySide.Step(shows: "Destroy VM", keys: "\t\r")])
    }

    /// Letters typed at once into a long list step through the tags they start, as a person
    /// looking for Brussels in debconf's city list types them.
    @Test(.enabled(if: Tools.available("whiptail") && Tools.available("dialog")), arguments: ["whiptail", "dialog"])
    func lettersStepThroughALongList(_ program: String) throws {
        let cities = WhiptailTests.cities.map { "'\($0)'" }.joined(separator: " ")
        try SideBySide.compareScript(program, #"city=$("$P" --menu City 16 50 6 "# + cities + #" 3>&1 1>&2 2>&3); echo "$? $city" >"$OUT""#,
                                     [SideBySide.Step(shows: "Amsterdam", keys: "BBB\r")])
    }
}
