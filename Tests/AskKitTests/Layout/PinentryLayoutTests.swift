import AskChoices
import AskFields
import AskGauge
import AskLayout
import AskModel
import AskRender
import AskSession
import AskText
import AskKit
import AskPresentation
import AskTextBox
import TestSupport
import Testing

/// Golden screens of what a pinentry client adds to the alert: a reason under the field from
/// the start (SETERROR), gone at the first edit; a quality meter under the field (SETQUALITYBAR)
/// filled as the client rates the passphrase.
struct PinentryLayoutTests {
    static func spec(_ change: (inout FieldSpec) -> Void) -> PromptSpec {
        var spec = PromptSpec(title: "", message: "Please enter the passphrase")
        spec.body = .fields([FieldSpec(label: "Passphrase:", isSecure: true)])
        spec.editFields { change(&$0[0]) }
        return spec
    }

    static func render(_ spec: PromptSpec, typed: String = "", quality: Int? = nil, charset: Charset = .utf8) -> [String] {
        let content = AlertContent(spec: spec, charset: charset, usesColor: false)
        var layout = AlertLayout(content: content, fields: spec.fields, size: TerminalSize(rows: 24, columns: 80))
        var state = PromptState(spec: spec)
        for scalar in typed.unicodeScalars { _ = state.handle(.character(scalar)) }
        if let quality { state.setQuality(quality, ofField: 0) }
        return layout.render(state).goldenLines
    }

    @Test func aRetrysReasonShowsUntilTheFirstEdit() {
        let spec = Self.spec { $0.initialError = "Bad Passphrase (try 2 of 3)" }
        #expect(Self.render(spec) == [
            "╭─────────────────────────────────────────╮",
            "│       Please enter the passphrase       │",
            "│                                         │",
            "│ Passphrase: ___________________________ │",
            "│             Bad Passphrase (try 2 of 3) │",  // under the field, as every reason
            "├────────────────────┬────────────────────┤",
            "│       Cancel       │         OK         │",
            "╰────────────────────┴────────────────────╯",
        ])
        #expect(Self.render(spec, typed: "a") == [
            "╭─────────────────────────────────────────╮",
            "│       Please enter the passphrase       │",
            "│                                         │",
            "│ Passphrase: •__________________________ │",
            "│                                         │",
            "├────────────────────┬────────────────────┤",
            "│       Cancel       │         OK         │",
            "╰────────────────────┴────────────────────╯",
        ])
    }

    /// Under the field, the box as wide as the meter at its widest (so it never changes
    /// size as the rating does); the meter fills by tenths, and a negative rating is marked too
    /// weak. Nothing rated yet reads 0%.
    @Test(arguments: [
        (nil, "│             Quality: ▱▱▱▱▱▱▱▱▱▱ 0%              │"),
        (47, "│             Quality: ▰▰▰▰▰▱▱▱▱▱ 47%             │"),
        (100, "│             Quality: ▰▰▰▰▰▰▰▰▰▰ 100%            │"),
        (-30, "│             Quality: ▰▰▰▱▱▱▱▱▱▱ 30% (too weak)  │"),
    ] as [(Int?, String)])
    func aQualityMeterFillsAsRated(quality: Int?, meter: String) {
        let spec = Self.spec { $0.qualityLabel = "Quality:" }
        #expect(Self.render(spec, typed: "abc", quality: quality) == [
            "╭─────────────────────────────────────────────────╮",
            "│           Please enter the passphrase           │",
            "│                                                 │",
            "│ Passphrase: •••________________________________ │",
            meter,
            "├────────────────────────┬────────────────────────┤",
            "│         Cancel         │           OK           │",
            "╰────────────────────────┴────────────────────────╯",
        ])
    }

    /// On a terminal that is not UTF-8 the meter is drawn in ASCII, as the box is (it was
    /// `??????????`: its cells have no ASCII form of their own).
    @Test func aQualityMeterInASCII() {
        let spec = Self.spec { $0.qualityLabel = "Quality:" }
        #expect(Self.render(spec, typed: "abc", quality: 47, charset: .ascii) == [
            "+-------------------------------------------------+",
            "|           Please enter the passphrase           |",
            "|                                                 |",
            "| Passphrase: ***________________________________ |",
            "|             Quality: #####----- 47%             |",
            "+------------------------+------------------------+",
            "|         Cancel         |           OK           |",
            "+------------------------+------------------------+",
        ])
    }
}
