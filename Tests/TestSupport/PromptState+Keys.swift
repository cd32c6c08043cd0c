import AskKit
import AskModel
import AskRender
import AskText

extension PromptState {
    /// Applies `event` with the buttons in the order they have without a layout to say
    /// otherwise: stacked when there are three, else side by side (as plain mode orders them).
    @discardableResult
    package mutating func handle(_ event: InputEvent) -> Reaction {
        let order = PlainRenderer.buttonOrder(of: spec)
        return handle(event, buttonOrder: order)
    }
}
