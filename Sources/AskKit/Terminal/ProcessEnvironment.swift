import CAskSystem

/// The environment variables `ask` reads. A few names and values in two arrays: cheaper to
/// build at start-up than a dictionary (whose hashing machinery costs more than the rest of
/// start-up), and written as a dictionary literal in tests.
public struct Environment: ExpressibleByDictionaryLiteral, Sendable {
    private var names: [String] = []
    private var values: [String] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self[name] = value }
    }

    public subscript(name: String) -> String? {
        get { names.firstIndex(of: name).map { values[$0] } }
        set {
            if let index = names.firstIndex(of: name) {
                if let newValue { values[index] = newValue } else {
                    names.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                names.append(name)
                values.append(newValue)
            }
        }
    }
}

/// The process's own environment, read with `getenv` for just the variables that matter.
public enum ProcessEnvironment {
    /// The program's arguments, its name first (what `CommandLine.arguments` gives, which
    /// Embedded Swift does not have).
    public static func arguments() -> [String] {
        #if hasFeature(Embedded)
        var count: Int32 = 0
        guard let argv = ask_arguments(&count) else { return [] }
        return (0..<Int(count)).map { argv[$0].map { String(cString: $0) } ?? "" }
        #else
        return CommandLine.arguments
        #endif
    }

    /// Every variable that changes what `ask` does.
    public static let names = ["TERM", "NO_COLOR", "LANG", "LC_ALL", "LC_CTYPE", "ASK_FALLBACK", "SSH_ASKPASS_PROMPT"]

    public static func current() -> Environment {
        var result = Environment()
        for name in names {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}
