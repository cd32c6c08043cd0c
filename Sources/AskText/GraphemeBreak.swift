/// Extended grapheme cluster boundaries (UAX #29) decided one scalar at a time.
///
/// The field's text is kept as UTF-8 bytes so that a secret never becomes a `String`; this
/// decides where one grapheme ends without building one. It follows the rules of UAX #29
/// that matter for typed text (controls, Hangul syllables, extenders and spacing marks,
/// emoji ZWJ sequences, regional-indicator pairs), and the tests compare it with `String`.
package struct GraphemeBreak: Sendable {
    package enum Category: Equatable {
        case carriageReturn, lineFeed, control, extend, zwj, regionalIndicator, spacingMark, prepend
        case hangulL, hangulV, hangulT, hangulLV, hangulLVT
        case pictographic, other
    }

    private var previous: Category?
    /// Regional indicators since the last boundary.
    private var regionalCount = 0
    /// 0: no pictograph in this cluster; 1: pictograph then extenders; 2: ... then ZWJ.
    private var pictographState = 0
    /// GB9c: 0: no conjunct; 1: consonant then extenders; 2: ... then a linker (virama).
    private var conjunctState = 0

    package init() {}

    /// Whether there is a boundary before `scalar`, given every scalar fed so far; then
    /// takes `scalar` in.
    package mutating func isBoundary(before scalar: Unicode.Scalar) -> Bool {
        let next = Self.category(of: scalar)
        let conjunct = Self.conjunctRole(of: scalar)
        let boundary = decide(next) && !(conjunctState == 2 && conjunct == .consonant)
        if boundary {
            regionalCount = 0
            pictographState = 0
        }
        switch conjunct {
        case .consonant: conjunctState = 1
        case .linker: conjunctState = conjunctState >= 1 ? 2 : 0
        case .extend: break
        case .none: conjunctState = 0
        }
        switch next {
        case .regionalIndicator: regionalCount += 1
        case .pictographic: pictographState = 1
        case .extend: if pictographState != 1 { pictographState = 0 }
        case .zwj: pictographState = pictographState == 1 ? 2 : 0
        default: pictographState = 0
        }
        previous = next
        return boundary
    }

    private func decide(_ next: Category) -> Bool {
        guard let previous else { return true }  // GB1: start of text
        if previous == .carriageReturn && next == .lineFeed { return false }  // GB3
        let controls: [Category] = [.control, .carriageReturn, .lineFeed]
        if controls.contains(previous) || controls.contains(next) { return true }  // GB4, GB5
        switch (previous, next) {
        case (.hangulL, .hangulL), (.hangulL, .hangulV), (.hangulL, .hangulLV), (.hangulL, .hangulLVT):
            return false  // GB6
        case (.hangulLV, .hangulV), (.hangulLV, .hangulT), (.hangulV, .hangulV), (.hangulV, .hangulT):
            return false  // GB7
        case (.hangulLVT, .hangulT), (.hangulT, .hangulT):
            return false  // GB8
        default: break
        }
        if next == .extend || next == .zwj || next == .spacingMark { return false }  // GB9, GB9a
        if previous == .prepend { return false }  // GB9b
        if previous == .zwj && next == .pictographic && pictographState == 2 { return false }  // GB11
        if previous == .regionalIndicator && next == .regionalIndicator { return regionalCount % 2 == 0 }  // GB12, GB13
        return true  // GB999
    }

    package static func category(of scalar: Unicode.Scalar) -> Category {
        let value = scalar.value
        if value < 0x7F {
            switch value {
            case 0x0D: return .carriageReturn
            case 0x0A: return .lineFeed
            case 0..<0x20: return .control
            default: return .other
            }
        }
        switch value {
        case 0x200D: return .zwj
        case 0x0E33, 0x0EB3: return .spacingMark  // Thai and Lao AM: letters that break as marks
        case 0x1F1E6...0x1F1FF: return .regionalIndicator
        case 0x1100...0x115F, 0xA960...0xA97C: return .hangulL
        case 0x1160...0x11A7, 0xD7B0...0xD7C6: return .hangulV
        case 0x11A8...0x11FF, 0xD7CB...0xD7FB: return .hangulT
        case 0xAC00...0xD7A3: return (value - 0xAC00) % 28 == 0 ? .hangulLV : .hangulLVT
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD: return .prepend
        default: break
        }
        let properties = scalar.properties
        if properties.isGraphemeExtend || properties.isEmojiModifier { return .extend }
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator, .format, .surrogate: return .control
        case .spacingMark: return .spacingMark
        default: break
        }
        if value > 0x7F && properties.isEmoji { return .pictographic }
        return .other
    }

    enum ConjunctRole { case consonant, linker, extend, none }

    /// Indic_Conjunct_Break (UAX #29 GB9c): consonant [extend linker]* linker [extend linker]* × consonant.
    static func conjunctRole(of scalar: Unicode.Scalar) -> ConjunctRole {
        let value = scalar.value
        guard (0x0900...0x0D7F).contains(value) else {
            return value == 0x200D || (value > 0x7F && scalar.properties.isGraphemeExtend) ? .extend : .none
        }
        switch value {
        case 0x094D, 0x09CD, 0x0ACD, 0x0B4D, 0x0C4D, 0x0D4D: return .linker
        case 0x0915...0x0939, 0x0958...0x095F, 0x0978...0x097F,
             0x0995...0x09A8, 0x09AA...0x09B0, 0x09B2, 0x09B6...0x09B9, 0x09DC...0x09DD, 0x09DF, 0x09F0...0x09F1,
             0x0A95...0x0AA8, 0x0AAA...0x0AB0, 0x0AB2...0x0AB3, 0x0AB5...0x0AB9, 0x0AF9,
             0x0B15...0x0B28, 0x0B2A...0x0B30, 0x0B32...0x0B33, 0x0B35...0x0B39, 0x0B5C...0x0B5D, 0x0B5F, 0x0B71,
             0x0C15...0x0C28, 0x0C2A...0x0C39, 0x0C58...0x0C5A,
             0x0D15...0x0D3A:
            return .consonant
        default:
            return scalar.properties.isGraphemeExtend ? .extend : .none
        }
    }
}
