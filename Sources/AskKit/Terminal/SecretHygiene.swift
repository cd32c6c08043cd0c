import CAskSystem

/// What secure entry changes in the process while a secret is in memory: no core dumps, and
/// no ptrace or /proc/PID/mem reads by other processes of the same user. Both stay so until
/// the process exits (a hard limit cannot be raised again), which is soon after.
enum SecretHygiene {
    static func enter() {
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        _ = ask_set_dumpable(0)
    }
}
