import CAskSystem

/// What the process was started with: its arguments and environment variables.
package enum ProcessEnvironment {
    /// The program's arguments, its name first (what `CommandLine.arguments` gives, which
    /// Embedded Swift does not have).
    package static func arguments() -> [String] {
        #if hasFeature(Embedded)
        var count: Int32 = 0
        guard let argv = ask_arguments(&count) else { return [] }
        return (0..<Int(count)).map { argv[$0].map { String(cString: $0) } ?? "" }
        #else
        return CommandLine.arguments
        #endif
    }

    /// The value of the environment variable `name`, if it is set.
    package static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}

extension ProcessEnvironment {
    /// Ends the process with `status`.
    package static func exit(_ status: Int32) -> Never {
        CAskSystem.exit(status)
    }
}
