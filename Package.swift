// swift-tools-version:6.0
import PackageDescription

/// `ask`: a terminal text alert. The library `AskKit` holds everything; `ask` is a thin
/// executable over it. No package dependencies: only the toolchain.
var package = Package(
    name: "ask",
    products: [
        .library(name: "AskKit", targets: ["AskKit"]),
        .executable(name: "ask", targets: ["ask"]),
    ],
    targets: [
        /// The few system calls Swift cannot make directly: prctl (variadic) and the
        /// async-signal-safe handlers.
        .target(name: "CAskSystem", linkerSettings: [.linkedLibrary("m")]),
        .target(name: "AskKit", dependencies: ["CAskSystem"]),
        .executableTarget(name: "ask", dependencies: ["AskKit", "CAskSystem"]),
        /// Test helpers shared by both test targets: a virtual terminal and a pty runner.
        .target(name: "TestSupport", dependencies: ["AskKit", "CAskSystem", "CTestSupport"], path: "Tests/TestSupport"),
        /// ptrace for the test that reads `ask`'s memory as it exits (ptrace is variadic).
        .target(name: "CTestSupport", path: "Tests/CTestSupport"),
        .testTarget(name: "AskKitTests", dependencies: ["AskKit", "TestSupport"]),
        /// The benchmark driver (`make bench`): ask against a C reference, whiptail and dialog.
        .executableTarget(name: "ask-bench", dependencies: ["AskKit", "TestSupport"], path: "Tests/Bench"),
        /// A minimal job-control shell for end-to-end tests of Ctrl-Z: it runs `ask` in its own
        /// foreground process group, reports each stop on stderr and continues it.
        .executableTarget(name: "jobshell", dependencies: ["CAskSystem"], path: "Tests/JobShell"),
        .testTarget(name: "EndToEndTests", dependencies: ["AskKit", "TestSupport", "ask", "jobshell"]),
    ]
)

/// Fuzz targets (libFuzzer), only when ASK_FUZZ is set: each defines LLVMFuzzerTestOneInput and
/// has no main, so it cannot be part of an ordinary build. Build one with
/// `ASK_FUZZ=1 swift build --product FuzzDecoder --sanitize=fuzzer --sanitize=address`;
/// `Tests/Fuzz/run` builds and runs them all.
if Context.environment["ASK_FUZZ"] != nil {
    for name in ["FuzzDecoder", "FuzzEditor", "FuzzArguments", "FuzzLayout", "FuzzResize"] {
        package.targets.append(.executableTarget(name: name, dependencies: ["AskKit"], path: "Tests/Fuzz/\(name)"))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
