import AskChoices
import AskFields
import AskGauge
import AskKit
import AskModel
import AskSession
import AskLayout
import AskPresentation
import AskRender
import AskText
import AskTextBox

extension PromptState {
    /// Applies `event` with the buttons in the order they have without a layout to say
    /// otherwise: stacked when there are three, else side by side (as plain mode orders them).
    @discardableResult
    package mutating func handle(_ event: InputEvent) -> Reaction {
        let order = Plain.buttonOrder(of: chrome)
        return handle(event, buttonOrder: order)
    }
}

extension SheetState {
    /// Applies `event` with the buttons in the order they have without a layout to say
    /// otherwise, as `PromptState.handle(_:)` does.
    @discardableResult
    package mutating func handle(_ event: InputEvent, page: Int) -> Reaction {
        let order = Plain.buttonOrder(of: chrome)
        return handle(event, page: page, buttonOrder: order)
    }
}

extension InputEvent {
    /// Keys written as text, for tables of cases: Return, Tab, Shift-Tab, Ctrl-A, Ctrl-D,
    /// Backspace, Up, Down and Right as `\r`, `\t`, `\u{19}`, `\u{1}`, `\u{4}`, `\u{7F}`, `↑`, `↓`, `→`;
    /// anything else typed as itself.
    package static func typed(_ keys: String) -> [InputEvent] {
        keys.unicodeScalars.map {
            switch $0 {
            case "\r": return .key(.enter)
            case "\t": return .key(.tab)
            case "\u{19}": return .key(.tab, .shift)
            case "\u{1}": return .control("a")
            case "\u{4}": return .control("d")
            case "\u{7F}": return .key(.backspace)
            case "↑": return .key(.up)
            case "↓": return .key(.down)
            case "→": return .key(.right)
            default: return .character($0)
            }
        }
    }
}
