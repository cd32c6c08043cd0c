import CAskSystem

/// Monotonic seconds, for deadlines: the one clock `ask` reads. Everything that decides by time
/// is given a reading of it, never reads it itself.
package enum MonotonicClock {
    package static var now: Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Waits `seconds` (whole), through interruptions.
    package static func sleep(seconds: Int) {
        var left = timespec(tv_sec: seconds, tv_nsec: 0)
        var remaining = timespec()
        while nanosleep(&left, &remaining) != 0 && ask_errno() == EINTR { left = remaining }
    }
}
