import AskLayout
import AskModel

/// A list of choices in its frame at one size, with the view state a caller keeps between
/// frames (the first choice shown, the labels measured): what the tests and the fuzzers draw;
/// the controller keeps a `Frame<ChoicesView>` and the view state itself.
package struct SheetLayout: Sendable {
    package private(set) var frame: Frame<ChoicesView>
    package private(set) var view: SheetView
    package let content: AlertContent

    /// `labelWidths`: the labels measured by an earlier geometry (the box is no narrower).
    package init(content: AlertContent, size: TerminalSize, state: SheetState, preferredWidth: Int? = nil,
                 roomBelow: Int? = nil, labelWidths: LabelWidths = LabelWidths()) {
        self.content = content
        var view = SheetView(labels: labelWidths)
        frame = Frame(state, content: content, size: size, preferredWidth: preferredWidth, roomBelow: roomBelow, view: &view)
        self.view = view
    }

    package var size: TerminalSize { frame.geometry.size }
    package var roomBelow: Int? { frame.geometry.roomBelow }
    package var width: Int { frame.width }
    package var height: Int { frame.height }
    package var isCompact: Bool { frame.isCompact }
    /// How many choices PgUp and PgDn move by.
    package var page: Int { frame.plan.listRows }
    package var listRows: Int { frame.plan.listRows }
    /// The buttons as drawn (Tab and the arrows follow them).
    package var buttonOrder: [ButtonRole] { frame.buttonOrder }
    package var labelWidths: LabelWidths { view.labels }
    /// The first choice shown (its place among those that match), kept between frames.
    package var top: Int {
        get { view.top }
        set { view.top = newValue }
    }

    /// Whether this geometry still suits `state` (measuring the labels read since).
    package mutating func isCurrent(for state: SheetState) -> Bool {
        frame.fits(state, size: size, roomBelow: roomBelow, view: &view)
    }

    /// Draws `state`; `countdown`: whole seconds left, once the countdown shows.
    package mutating func render(_ state: SheetState, countdown: Int? = nil) -> Screen {
        frame.render(state, view: &view, countdown: countdown)
    }

    /// A label's glyphs and what the query matched (`ChoicesView.label`; `tagWidth`, two columns).
    package static func label(_ bytes: UnsafeRawBufferPointer, matches: [Int], charset: Charset, tagWidth: Int? = nil) -> ([Glyph], [Bool]) {
        ChoicesView.label(bytes, matches: matches, charset: charset, tagWidth: tagWidth)
    }

    /// The widest tag of a list of two columns (`ChoicesView.tagWidth`).
    package static func tagWidth(_ state: SheetState, charset: Charset) -> Int? { ChoicesView.tagWidth(state, charset: charset) }

    package static func grouped(_ number: Int) -> String { ChoicesView.grouped(number) }
}
