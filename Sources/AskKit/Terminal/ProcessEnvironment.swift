import Glibc

/// The environment variables `ask` reads, looked up with `getenv` (building a dictionary of the
/// whole environment costs more than the rest of start-up).
public enum ProcessEnvironment {
    /// Every variable that changes what `ask` does.
    public static let names = ["TERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE", "ASK_FALLBACK", "SSH_ASKPASS_PROMPT"]

    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}
