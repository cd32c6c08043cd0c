import AskText

/// What a key means to the alert, before it is applied.
package enum Action: Equatable, Sendable {
    case edit(EditCommand)
    /// Return: the focused button, or the default one from the field.
    case activate
    /// Space: activates a focused button; in the field it is typed.
    case press(Unicode.Scalar)
    case cancel
    /// Ctrl-D: cancels on an empty field, deletes forward otherwise.
    case endOfInput
    case interrupt
    case suspend
    case focusNext, focusPrevious
    /// Arrow keys: between buttons when one is focused, through the text otherwise.
    case arrow(Key)
    case redraw
    /// Ctrl-R: show or hide secure text, when `--allow-reveal` allows it.
    case toggleReveal
    case ignore
}

/// The key map, readline-style. One table, so `--help`, README and the tests agree.
package enum KeyBindings {
    package static func action(for event: InputEvent) -> Action {
        switch event {
        case let .character(scalar): return .press(scalar)
        case .key(.enter, _): return .activate
        case .key(.escape, _): return .cancel
        case .key(.tab, let modifiers): return modifiers.contains(.shift) ? .focusPrevious : .focusNext
        case .key(.backspace, let modifiers):
            return .edit(modifiers.contains(.alt) || modifiers.contains(.control) ? .deleteWordBackward : .deleteBackward)
        case .key(.delete, let modifiers): return .edit(modifiers.contains(.control) ? .deleteWordForward : .deleteForward)
        case .key(.home, _): return .edit(.moveToStart)
        case .key(.end, _): return .edit(.moveToEnd)
        case .key(.left, let modifiers) where !modifiers.isDisjoint(with: [.control, .alt]): return .edit(.moveWordLeft)
        case .key(.right, let modifiers) where !modifiers.isDisjoint(with: [.control, .alt]): return .edit(.moveWordRight)
        case let .key(key, _) where [.left, .right, .up, .down].contains(key): return .arrow(key)
        case .control("a"): return .edit(.moveToStart)
        case .control("e"): return .edit(.moveToEnd)
        case .control("b"): return .edit(.moveLeft)
        case .control("f"): return .edit(.moveRight)
        case .control("k"): return .edit(.deleteToEnd)
        case .control("u"): return .edit(.deleteToStart)
        case .control("w"): return .edit(.deleteBigWordBackward)
        case .control("c"): return .interrupt
        case .control("d"): return .endOfInput
        case .control("z"): return .suspend
        case .control("l"): return .redraw
        case .control("r"): return .toggleReveal
        case .alt("b"), .alt("B"): return .edit(.moveWordLeft)
        case .alt("f"), .alt("F"): return .edit(.moveWordRight)
        case .alt("d"), .alt("D"): return .edit(.deleteWordForward)
        default: return .ignore
        }
    }
}
