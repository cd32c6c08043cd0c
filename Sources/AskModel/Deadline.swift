/// `--timeout` as time: when the prompt gives up, how long it may wait for keys meanwhile, and
/// the whole seconds its countdown shows. Pure: the time is always given (a `MonotonicClock`
/// reading in the session), so that tests and fuzzing choose it.
///
/// Any number of seconds is held to `0...longest` first (NaN counts as 0), so no arithmetic
/// here can overflow or trap, whatever a spec built in code holds.
package struct Deadline: Equatable, Sendable {
    /// The longest `--timeout` in seconds (365 days): parsing refuses more.
    package static let longest = 31_536_000.0
    /// The countdown shows in the last seconds before the deadline.
    package static let countdownSeconds = 10.0
    /// The longest single wait for input, in milliseconds (a day; poll takes an Int32): a
    /// longer one is waited for in steps.
    package static let longestWait: Int32 = 86_400_000

    /// When it runs out, on the clock `now` was read from.
    package let time: Double
    /// How many seconds before `time` the countdown shows (`countdownSeconds`, or all of them
    /// for a countdown drawn as a bar from the start: `AlertChrome.countdownBar`).
    package let countsFrom: Double

    /// The deadline `seconds` after `now`, its countdown showing in its last `countsFrom` seconds.
    package init(seconds: Double, after now: Double, countsFrom: Double = Deadline.countdownSeconds) {
        time = now + Self.held(seconds)
        self.countsFrom = countsFrom
    }

    /// `seconds` held to `0...longest`; NaN gives 0.
    package static func held(_ seconds: Double) -> Double {
        seconds > 0 ? min(seconds, longest) : 0
    }

    /// A timeout in whole seconds, rounded up, as it is said once (plain mode).
    package static func wholeSeconds(_ seconds: Double) -> Int {
        Int(held(seconds).rounded(.up))
    }

    /// Whether the time is up at `now`.
    package func hasPassed(at now: Double) -> Bool { !(now < time) }

    /// Whole seconds left at `now`, once the countdown shows (the last `countsFrom`).
    package func countdown(at now: Double) -> Int? {
        let remaining = time - now
        guard remaining <= countsFrom else { return nil }
        return remaining > 0 ? Int(remaining.rounded(.up)) : 0
    }

    /// How long to wait for input at `now`, in milliseconds: until the countdown's next tick
    /// (while it shows, a whole second; before, until it starts) or the deadline, whichever
    /// comes first, and at most `longestWait`. 0 once the time is up.
    package func wait(at now: Double) -> Int32 {
        let remaining = time - now
        guard remaining > 0 else { return 0 }
        let nextTick = remaining > countsFrom ? remaining - countsFrom
                                                         : remaining - (remaining.rounded(.up) - 1)
        return Int32(min((max(nextTick, 0.001) * 1000).rounded(.up), Double(Self.longestWait)))
    }
}
