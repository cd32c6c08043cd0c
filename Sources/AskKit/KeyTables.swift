import AskChoices
import AskFields
import AskGauge
import AskLayout
import AskModel
import AskOutput
import AskPresentation
import AskRange
import AskSession
import AskTextBox

/// Every kind of control's key table, as `--help`, README and the man page print them (from
/// the tables the controls act by).
package enum KeyTables {
    /// One line of a table: the keys as named, and what they do.
    package struct Line: Equatable, Sendable {
        package let keys: String
        package let does: String
    }

    /// A control's table: `name` says where it goes (the README's and the man page's markers).
    package struct Table: Sendable {
        package let name: String
        package let title: String
        package let lines: [Line]
    }

    package static var all: [Table] {
        [table("keys", "Keys", FieldsControl.keys), table("multi-line keys", "Keys in a multi-line field", KeyBindings.multiline),
         table("offering keys", "Keys in a field that offers text", KeyBindings.offering),
         table("sheet keys", "Keys in an action sheet", ChoicesControl.keys),
         table("list keys", "Keys in a whiptail or dialog list (--whiptail, --dialog)", SheetState.listKeys),
         table("message keys", "Keys in a long message", MessageScroll.keys),
         table("range keys", "Keys in a range (--range, dialog's --rangebox)", RangeControl.keys),
         table("output keys", "Keys in an output box (--output, --run)", OutputControl.keys)]
    }

    private static func table<Act>(_ name: String, _ title: String, _ keys: KeyMap<Act>) -> Table {
        Table(name: name, title: title, lines: keys.rows.map { Line(keys: $0.keys, does: $0.does) })
    }
}
