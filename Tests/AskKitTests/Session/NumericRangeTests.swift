import AskChoices
import AskCommandLine
import AskFields
import AskGauge
@testable import AskKit
import AskLayout
import AskModel
import AskSession
import AskPresentation
import AskRender
import AskText
import AskTextBox
import Testing

/// Numbers from outside — `--timeout`, and what a spec built in code or a terminal may hold —
/// within their ranges and beyond: a usage error on the command line, never a trap anywhere.
struct NumericRangeTests {
    static let message = "(expected seconds above 0 and at most 31536000, such as 30 or 1.5)"

    /// `--timeout` is one range, above 0 and at most 31536000 seconds (365 days): inside it any decimal
    /// spelling is taken, outside it (however it is written) the same one-line error.
    @Test(arguments: [
        ("31536000", 31_536_000), ("31536000.0", 31_536_000), ("31535999.999", 31_535_999.999), ("0.001", 0.001),
        ("0.0000001", 0.000_000_1), ("+31536000", 31_536_000), ("0000000000000000000000001", 1),
        ("31536000.5", nil), ("31536001", nil), ("9223372036854775807", nil), ("18446744073709551616", nil),
        ("1e10", nil), ("1E6", nil), (String(repeating: "9", count: 400), nil), ("0.0000000", nil), ("-0", nil),
        ("infinity", nil), ("1_000", nil),
    ] as [(String, Double?)])
    func timeoutRange(value: String, expected: Double?) {
        let parsed: ParsedCommand
        do throws(UsageError) {
            parsed = try ArgumentParser().parse(["--timeout", value])
        } catch {
            #expect(expected == nil, "--timeout \(value) was refused")
            #expect(error == .invalidSeconds(option: "--timeout", value: value))
            #expect(error.message == "invalid value '\(value)' for '--timeout' \(Self.message)")
            return
        }
        guard case let .prompt(invocation) = parsed, let timeout = invocation.options.timeout, let expected else {
            Issue.record("--timeout \(value) was taken: \(parsed)")
            return
        }
        #expect(abs(timeout - expected) <= 1e-12 * max(expected, 1000))  // digits add up with rounding
    }

    // MARK: - Deadline arithmetic

    /// (timeout, seconds elapsed) → the countdown shown and how long to wait for keys.
    @Test(arguments: [
        (30.0, 0.0, nil, 20_000), (30, 19.5, nil, 500), (30, 20, 10, 1000), (30, 20.25, 10, 750), (30, 29.5, 1, 500),
        (30, 30, 0, 0), (30, 31, 0, 0), (1.5, 0, 2, 500), (0.0004, 0, 1, 1),
        (31_536_000, 0, nil, 86_400_000), (31_536_000, 31_535_990.5, 10, 500),
    ] as [(Double, Double, Int?, Int32)])
    func countdownAndWait(timeout: Double, elapsed: Double, countdown: Int?, wait: Int32) {
        let start = 5_000.0  // any clock reading
        let deadline = Deadline(seconds: timeout, after: start)
        #expect(deadline.countdown(at: start + elapsed) == countdown)
        #expect(deadline.wait(at: start + elapsed) == wait)
        #expect(deadline.hasPassed(at: start + elapsed) == (elapsed >= timeout))
    }

    static let hostile: [Double] = [
        .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 0, -0.0,
        .leastNonzeroMagnitude, 9_223_372_036_854_775_808, 18_446_744_073_709_551_616, 1e10, -1, 31_536_000.5,
    ]

    /// Whatever a timeout and a clock reading are, the arithmetic stays in range: a timeout is
    /// held to 0...31536000 seconds, a wait to 0...a day, a countdown to 0...10.
    @Test(arguments: hostile)
    func anyTimeoutStaysInRange(timeout: Double) {
        #expect((0...31_536_000).contains(Deadline.wholeSeconds(timeout)))
        for now in Self.hostile + [5_000] {
            let deadline = Deadline(seconds: timeout, after: 5_000)
            #expect((0...Deadline.longestWait).contains(deadline.wait(at: now)))
            if let countdown = deadline.countdown(at: now) { #expect((0...10).contains(countdown)) }
            _ = deadline.hasPassed(at: now)
        }
    }

    /// Plain mode says the timeout once, in whole seconds held to the range.
    @Test(arguments: [
        (30.0, "(Cancel in 30 seconds)"), (0.2, "(Cancel in 1 second)"), (31_536_000, "(Cancel in 31536000 seconds)"),
        (9_223_372_036_854_775_808, "(Cancel in 31536000 seconds)"), (.infinity, "(Cancel in 31536000 seconds)"),
        (.nan, "(Cancel in 0 seconds)"), (-5, "(Cancel in 0 seconds)"),
    ] as [(Double, String)])
    func plainModeSaysTheTimeout(timeout: Double, line: String) {
        let spec = PromptSpec()
        var renderer = PlainRenderer()
        let written = renderer.begin(AlertContent(spec: spec, charset: .utf8, usesColor: false, timeout: timeout), PromptState(spec: spec))
        #expect(String(decoding: written, as: UTF8.self) == line + "\r\n> ")
    }

    // MARK: - Widths, sizes and lengths

    /// What a terminal can report: 0...65535.
    static func held(_ count: Int) -> Int { min(max(count, 0), 65_535) }

    static let hostileCounts = [Int.min, -1, 0, 1, 3, 15, 80, 65_535, 65_536, Int.max]

    /// A width, a terminal size or a maximum length from code, however large or negative, gives
    /// an alert that fits the terminal (held to what a terminal can report), never a trap.
    @Test(arguments: hostileCounts)
    func anyWidthSizeOrLengthGivesALayoutThatFits(count: Int) {
        var spec = PromptSpec(title: "Title", message: "A message long enough to wrap somewhere")
        spec.editFields { $0[0].validation.maximumLength = count }
        spec.editFields { $0[0].validation.minimumLength = count }
        for size in [TerminalSize(rows: count, columns: 80), TerminalSize(rows: 24, columns: min(count, 300)),
                     TerminalSize(rows: count, columns: count == Int.max ? 70_000 : 40)] {
            let content = AlertContent(spec: spec, charset: .utf8, usesColor: false)
            var layout = AlertLayout(content: content, fields: spec.fields, size: size, preferredWidth: count)
            var state = PromptState(spec: spec)
            _ = state.handle(.character("x"))
            _ = state.handle(.key(.enter))
            _ = state.currentField!.counter
            let screen = layout.render(state)
            #expect(screen.width <= max(Self.held(size.columns) - 1, 0))
            #expect(screen.height <= max(Self.held(size.rows) - 1, 1))
        }
    }
}
