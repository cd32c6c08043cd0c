import AskChoices
import AskFields
import AskGauge
import AskModel
import AskRender
import AskSession
import AskLayout
import AskText
import AskKit
import AskPresentation
import AskTextBox
import Testing

/// `Int` is 64 bits on x86_64 and aarch64 and 32 bits on armv7, and the release is built for
/// all three. A conversion to `Int` of a value that does not fit in 32 bits traps on armv7 alone
/// (an armv7 build of the sheet stopped so on `Int(UInt32.max)` as soon as it opened), so no
/// source converts a wider type's bound to `Int`, and the limits those conversions kept are
/// held here with explicit widths: the same answers on every word size.
struct WordSizeTests {
    /// A conversion to `Int` of a bound of a type wider than 31 bits, in a line of Swift.
    static func trapsWhereIntIs32Bits(_ line: Substring) -> Bool {
        let code = line.prefix { $0 != "/" }  // (not in a comment)
        return ["UInt32", "UInt64", "Int64", "UInt"].contains { type in
            ["max", "min"].contains { code.contains("Int(\(type).\($0))") }
        }
    }

    static let lines: [(line: Substring, traps: Bool)] = [
        ("            self.bytes = min(bytes, Int(UInt32.max))", true),
        ("        guard index >= 0 && index <= Int(UInt32.max) else { return nil }", true),
        ("        let most = Int(UInt64.max)", true),
        ("        let least = Int(Int64.min)", true),
        ("            self.bytes = min(bytes, Int(clamping: UInt32.max))", false),
        ("        guard let at = UInt32(exactly: index) else { return nil }", false),
        ("        let small = Int(UInt16.max)", false),
        ("        let most = UInt64(Int.max)", false),
        ("    /// (at most 4 GiB: once written as Int(UInt32.max))", false),
    ]

    @Test(arguments: lines)
    func aConversionThatTrapsOnArmv7IsRecognised(line: Substring, traps: Bool) {
        #expect(Self.trapsWhereIntIs32Bits(line) == traps)
    }

    @Test(arguments: LayeringTests.allowed.map(\.module).filter { $0.hasPrefix("Ask") } + ["ask"])
    func noSourceConvertsAWiderBoundToInt(module: String) throws {
        let files = try ModuleSources.swiftFiles(under: LayeringTests.root + "/" + LayeringTests.directory(of: module))
        #expect(!files.isEmpty, "no sources found for \(module)")
        for file in files {
            let text = LayeringTests.read(String(file.dropFirst(LayeringTests.root.count + 1)))
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.trapsWhereIntIs32Bits(line) {
                Issue.record("\(file):\(number + 1): traps where Int is 32 bits: \(line.trimmingPrefix(" "))")
            }
        }
    }

    /// A list holds at most 4 GiB (its offsets are 32 bits): asked for more, it takes 4 GiB where
    /// `Int` reaches that far, and all it asked for where it does not.
    @Test(arguments: [UInt64(0), 1 << 30, 4_294_967_295, 4_294_967_296, UInt64(Int.max)])
    func aListsByteLimitIsHeldTo4GiB(asked: UInt64) throws {
        let bytes = try #require(Int(exactly: asked))
        let limits = ChoiceList.Limits(bytes: bytes, count: 1, lineBytes: 1)
        #expect(UInt64(limits.bytes) == min(asked, 4_294_967_295))
    }

    /// The position of a list index no list can hold (beyond 32 bits, or negative) is none, and
    /// asking for it traps on no word size.
    @Test(arguments: [Int.min, -1, Int(Int32.max), Int.max])
    func aListIndexBeyond32BitsHasNoPosition(index: Int) {
        let list = ChoiceList()
        for label in ["Apple", "Banana", "Cherry"] { list.append(label: label) }
        for (query, banana) in [("", 1), ("an", 0)] {
            var filter = ChoiceFilter()
            filter.setQuery(Array(query.utf8), in: list)
            #expect(filter.position(of: index) == nil, "\(query.debugDescription)")
            #expect(filter.position(of: 1) == banana, "\(query.debugDescription)")
        }
    }
}
