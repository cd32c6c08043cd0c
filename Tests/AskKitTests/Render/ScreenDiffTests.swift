import AskLayout
import AskRender
import Testing

/// The diff half of the renderer: which runs of cells changed between two screens.
struct ScreenDiffTests {
    /// A one-row screen showing `text` (a `*` drawn wide, two columns).
    static func screen(_ text: String, width: Int = 10, bold: Set<Int> = []) -> Screen {
        var screen = Screen(width: width, height: 2)
        var column = 0
        for scalar in text.unicodeScalars {
            let wide = scalar == "*"
            let glyph = wide ? Glyph("中", width: 2) : Glyph(String(scalar), width: 1)
            screen.draw(CollectionOfOne(glyph), row: 0, column: column, style: Style(bold: bold.contains(column)))
            column += wide ? 2 : 1
        }
        return screen
    }

    @Test(arguments: [
        ("abc", "abc", [], "the same: nothing"),
        ("abc", "abd", [2..<3], "one cell"),
        ("abcdef", "xbcdey", [0..<1, 5..<6], "two runs on a row"),
        ("abcdef", "axydef", [1..<3], "one run of two"),
        ("ab", "abc", [2..<3], "typed at the end"),
        ("a*b", "a*c", [3..<4], "after a wide glyph"),
        ("a*b", "ax b", [1..<3], "a wide glyph replaced by two narrow ones"),
        ("axyb", "a*b", [1..<3], "two narrow ones replaced by a wide glyph: both halves"),
    ] as [(String, String, [Range<Int>], String)])
    func runs(old: String, new: String, expected: [Range<Int>], name: String) {
        let runs = ScreenDiff.runs(from: Self.screen(old), to: Self.screen(new))
        #expect(runs == expected.map { ScreenDiff.Run(row: 0, columns: $0) }, "\(name)")
    }

    @Test func aChangedStyleIsAChange() {
        let runs = ScreenDiff.runs(from: Self.screen("abc"), to: Self.screen("abc", bold: [1]))
        #expect(runs == [ScreenDiff.Run(row: 0, columns: 1..<2)])
    }

    @Test func rowsAreDiffedEachOnItsOwn() {
        var old = Screen(width: 4, height: 3)
        var new = old
        old.draw([Glyph("x", width: 1)], row: 1, column: 0)
        new.draw([Glyph("y", width: 1)], row: 1, column: 0)
        new.draw([Glyph("z", width: 1)], row: 2, column: 3)
        #expect(ScreenDiff.runs(from: old, to: new) == [ScreenDiff.Run(row: 1, columns: 0..<1), ScreenDiff.Run(row: 2, columns: 3..<4)])
    }
}
