import AskLayout
import AskModel
import AskText

/// Text fields in their frame at one size, with the view state a caller keeps between frames
/// (`scroll`): what the tests and the fuzzers draw; the controller keeps a `Frame<FieldsView>`
/// and the view state itself.
package struct AlertLayout: Sendable {
    package typealias Scroll = FieldsView.Scroll

    package private(set) var frame: Frame<FieldsView>
    /// Where the fields are scrolled to; kept from frame to frame (and across sizes).
    package var scroll = Scroll()
    package let content: AlertContent
    package let size: TerminalSize

    package init(content: AlertContent, fields: [FieldSpec], size: TerminalSize, preferredWidth: Int? = nil) {
        self.content = content
        self.size = size
        var scroll = Scroll()
        // Text fields are laid out from the content alone: any state does.
        frame = Frame(PromptState(chrome: content.chrome, fields: fields), content: content, size: size, preferredWidth: preferredWidth, view: &scroll)
    }

    package var width: Int { frame.width }
    package var height: Int { frame.height }
    package var isCompact: Bool { frame.isCompact }
    /// The buttons as drawn: Tab and the arrows follow this order.
    package var buttonOrder: [ButtonRole] { frame.buttonOrder }

    /// The rows Up and Down move through in a multi-line field (`PromptState.handle`'s `rows`).
    package func textRows(of field: FieldState, at index: Int) -> TextRows? {
        FieldsView.textRows(of: field, at: index, in: frame)
    }

    /// Draws `state`; `countdown`: whole seconds left, once the countdown shows.
    package mutating func render(_ state: PromptState, countdown: Int? = nil) -> Screen {
        frame.render(state, view: &scroll, countdown: countdown)
    }

    /// `count` held to what a terminal can report: 0...65535 cells.
    package static func held(_ count: Int) -> Int { Frame<FieldsView>.held(count) }
    package static var minimumWidth: Int { Frame<FieldsView>.minimumWidth }
    package static var maximumWidth: Int { Frame<FieldsView>.maximumWidth }
    package static var smallestBox: Int { Frame<FieldsView>.smallestBox }
}
