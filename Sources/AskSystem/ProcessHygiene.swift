import CAskSystem

/// What secure entry changes in the process while a secret is in memory: no core dumps, and
/// no ptrace or /proc/PID/mem reads by other processes of the same user.
package struct ProcessHygiene {
    private let savedCoreLimit: rlimit
    private let wasDumpable: Bool
    private let permanent: Bool

    /// Turns core dumps off and makes the process not dumpable. `permanently` (the command
    /// line, which exits soon after): the hard core limit goes to 0 too, and `leave` keeps it
    /// all so; otherwise only the soft limit changes, and `leave` puts both back.
    package static func enter(permanently: Bool) -> ProcessHygiene {
        var saved = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &saved)
        var none = rlimit(rlim_cur: 0, rlim_max: permanently ? 0 : saved.rlim_max)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        let wasDumpable = ask_get_dumpable() == 1
        _ = ask_set_dumpable(0)
        return ProcessHygiene(savedCoreLimit: saved, wasDumpable: wasDumpable, permanent: permanently)
    }

    /// Puts back what `enter` changed, unless it was permanent.
    package func leave() {
        guard !permanent else { return }
        var saved = savedCoreLimit
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &saved)
        if wasDumpable { _ = ask_set_dumpable(1) }
    }
}
