import TestSupport
import Testing

/// Where the terminal's cursor is, in real tmux: after each key, tmux is asked where its cursor
/// stands and whether it shows (`cursor_x`, `cursor_y`, `cursor_flag`). It shows where typing
/// goes — after the typed text in a field, at the caret in a list's query — and is hidden where
/// the focus is drawn already (a button in inverse, a personality's list): a block cursor there
/// would punch a hole in the highlight.
///
/// Skipped when tmux is not installed, unless ASK_REQUIRE_TOOLS is set (then it fails).
@Suite struct CursorEndToEndTests {
    /// Keys sent to the pane: text as typed, or keys by tmux's names (`Tab`, `BTab`, `Down`).
    enum Keys: Sendable {
        case typed(String)
        case named(String)
    }

    /// Keys, then what the screen shows once they are taken, and where the cursor stands: on a
    /// cell the text `at` begins at, after the text `before` on its row; or that it is hidden.
    struct Step: Sendable {
        var keys: [Keys] = []
        let shows: String
        var at: String = ""
        var before: String = ""
        var hidden = false
    }

    struct Walk: Sendable, CustomTestStringConvertible {
        let name: String
        let arguments: String
        let steps: [Step]
        /// The status once Esc has closed it.
        var status = 1
        var testDescription: String { name }
    }

    static let walks: [Walk] = [
        Walk(name: "a text alert: the insertion point, hidden on the buttons", arguments: "--title Name --message 'Who is it?'", steps: [
            Step(shows: "Who is it?", before: "│ "),
            Step(keys: [.typed("jo")], shows: "│ jo ", before: "│ jo"),
            Step(keys: [.named("Tab")], shows: "Cancel", hidden: true),
            Step(keys: [.named("Tab")], shows: "OK", hidden: true),
            Step(keys: [.named("BTab")], shows: "Cancel", hidden: true),
            Step(keys: [.typed("e")], shows: "│ joe ", before: "│ joe"),
        ]),
        Walk(name: "a form of three fields: each insertion point, hidden on the buttons, and round", arguments:
                "--title Connect --field Host --field Port --field User", steps: [
            Step(shows: "│ Host ", before: "│ Host "),
            Step(keys: [.typed("db")], shows: "│ Host db ", before: "│ Host db"),
            Step(keys: [.named("Enter")], shows: "│ Port ", before: "│ Port "),
            Step(keys: [.typed("5432")], shows: "│ Port 5432 ", before: "│ Port 5432"),
            Step(keys: [.named("Tab")], shows: "│ User ", before: "│ User "),
            Step(keys: [.named("Tab")], shows: "Cancel", hidden: true),
            Step(keys: [.named("Tab")], shows: "OK", hidden: true),
            Step(keys: [.named("Tab")], shows: "│ Host db ", before: "│ Host db"),
        ]),
        Walk(name: "an action sheet: the query's caret whatever the highlight, hidden on Cancel", arguments:
                "--title Fruit --choice Apple --choice Banana --choice Cherry", steps: [
            Step(shows: "› 1 Apple", at: "Type to filter", before: "│ "),
            Step(keys: [.named("Down")], shows: "› 2 Banana", at: "Type to filter", before: "│ "),
            Step(keys: [.typed("ch")], shows: "› Cherry", at: " ", before: "│ ch"),
            Step(keys: [.named("Left")], shows: "│ ch ", at: "h ", before: "│ c"),
            Step(keys: [.named("C-e")], shows: "› Cherry", at: " ", before: "│ ch"),
            Step(keys: [.named("Tab")], shows: "Cancel", hidden: true),
            Step(keys: [.named("BTab")], shows: "› Cherry", at: " ", before: "│ ch"),
        ]),
        Walk(name: "dialog's menu: a button holds the focus, the cursor hidden", arguments:
                "--dialog --menu 'Pick a fruit' 12 40 3 a Apple b Banana c Cherry", steps: [
            Step(shows: "› a  Apple", hidden: true),
            Step(keys: [.named("Down")], shows: "› b  Banana", hidden: true),
            Step(keys: [.named("Tab")], shows: "› b  Banana", hidden: true),
            Step(keys: [.named("Up")], shows: "› a  Apple", hidden: true),
        ], status: 255),
    ]

    /// Where tmux's cursor is in the first pane, and whether it shows.
    static func cursor(_ server: TmuxTests.Server) throws -> (column: Int, row: Int, visible: Bool) {
        let numbers = try server.run(["display-message", "-p", "-t", "t:0.0", "#{cursor_x} #{cursor_y} #{cursor_flag}"])
            .split(whereSeparator: { $0 == " " || $0 == "\n" }).compactMap { Int($0) }
        guard numbers.count == 3 else { throw PtyProcess.Failure("tmux said \(numbers) of its cursor") }
        return (numbers[0], numbers[1], numbers[2] == 1)
    }

    /// Whether the screen shows `step` done: its text, the cursor showing, on its cell.
    static func reached(_ step: Step, lines: [String], cursor: (column: Int, row: Int, visible: Bool)) -> Bool {
        guard lines.contains(where: { $0.contains(step.shows) }) else { return false }
        if step.hidden { return !cursor.visible }
        guard cursor.visible, lines.indices.contains(cursor.row) else { return false }
        // The screen holds no wide glyph: a column is a character.
        let row = Array(lines[cursor.row]) + Array(repeating: " ", count: max(cursor.column + 1 - lines[cursor.row].count, 0))
        let before = String(row[..<cursor.column]), from = String(row[cursor.column...])
        return before.hasSuffix(step.before) && from.hasPrefix(step.at)
    }

    @Test(.enabled(if: Tools.available("tmux"), "tmux is not installed"), arguments: walks)
    func theCursorFollowsTheFocus(_ walk: Walk) throws {
        let server = try TmuxTests.Server(columns: 80, rows: 24)
        try server.type("./ask \(walk.arguments); echo $? >status; echo done", enter: true)
        for (number, step) in walk.steps.enumerated() {
            for keys in step.keys {
                switch keys {
                case let .typed(text): try server.type(text)
                case let .named(name): try server.run(["send-keys", "-t", "t:0.0", name])
                }
            }
            let reached = try server.wait { lines in
                (try? Self.cursor(server)).map { Self.reached(step, lines: lines, cursor: $0) } ?? false
            }
            let (cursor, lines) = (try Self.cursor(server), try server.lines())
            #expect(reached, "step \(number) (\(step.shows)): the cursor at \(cursor) on \(lines)")
            guard reached else { break }
        }
        try server.run(["send-keys", "-t", "t:0.0", "Escape"])
        #expect(try server.wait { $0.suffix(2) == ["done", "$"] })
        #expect(server.directory.read("status") == "\(walk.status)\n")
    }
}
