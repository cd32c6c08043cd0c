/// A named key.
package enum Key: Equatable, Sendable {
    case enter, tab, backspace, delete, escape, insert
    case up, down, left, right, home, end, pageUp, pageDown
    case function(UInt8)
}

/// Modifier keys held with a named key, as xterm encodes them (`CSI 1 ; m X`, m - 1 a bit set).
package struct Modifiers: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    package static let shift = Modifiers(rawValue: 1)
    package static let alt = Modifiers(rawValue: 2)
    package static let control = Modifiers(rawValue: 4)
}

/// One thing the person did at the keyboard, decoded from the bytes the terminal sent.
///
/// Every payload is a plain value (no heap storage), so a buffer of events can be wiped with
/// `explicit_bzero` after a secret has passed through it.
package enum InputEvent: Equatable, Sendable {
    /// A printable scalar typed (never a control character).
    case character(Unicode.Scalar)
    case key(Key, Modifiers)
    /// Ctrl with a letter or one of `@ [ \ ] ^ _`, given as the lowercase letter (`a` for 0x01).
    case control(Unicode.Scalar)
    /// Alt (sent as ESC first) with a printable scalar.
    case alt(Unicode.Scalar)
    /// Bracketed paste (`CSI 200 ~ ... CSI 201 ~`): the markers, and every scalar between them,
    /// controls included, for the receiver to filter.
    case pasteBegin
    case pasted(Unicode.Scalar)
    case pasteEnd
    /// Bytes that are not UTF-8.
    case invalid
    /// A well-formed escape sequence or string this decoder does not name (ignored).
    case unknown
    /// The terminal's answer to a cursor-position report asked for (`CSI row ; column R`,
    /// 1-based): never a key.
    case cursorReport(row: UInt16, column: UInt16)
    /// The terminal's answer to the secondary device attributes asked for (`CSI > kind ; … c`):
    /// which terminal it is (tmux says 84).
    case terminalKind(UInt16)

    package static func key(_ key: Key) -> InputEvent { .key(key, []) }
}
