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

    /// The program's arguments as they are in argv, its name first: bytes, UTF-8 or not (the
    /// texts of `arguments()` have what is not UTF-8 replaced).
    package static func argumentBytes() -> [[UInt8]] {
        #if hasFeature(Embedded)
        var count: Int32 = 0
        guard let argv = ask_arguments(&count) else { return [] }
        #else
        let count = CommandLine.argc
        let argv = CommandLine.unsafeArgv
        #endif
        return (0..<Int(count)).map { index in
            guard let argument = argv[index] else { return [] }
            return Array(UnsafeBufferPointer(start: argument, count: strlen(argument)).map { UInt8(bitPattern: $0) })
        }
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

extension ProcessEnvironment {
    /// This process's id.
    package static var processID: Int32 { getpid() }
    package static var effectiveUser: UInt32 { geteuid() }
    package static var effectiveGroup: UInt32 { getegid() }

    /// The file at `path`'s mode (in octal), owner and group, as `20620/1000/5`; `?` when it
    /// cannot be looked at.
    package static func fileStatus(_ path: String) -> String {
        guard let info = FileStatus.at(path) else { return "?" }
        return String(UInt(info.mode), radix: 8) + "/\(info.owner)/\(info.group)"
    }
}

extension ProcessEnvironment {
    /// The path of this process's program, as the kernel names it (`/proc/self/exe`), nil where
    /// it cannot be read.
    package static func executablePath() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { readlink("/proc/self/exe", $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count) }
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }
}
