// swift-tools-version:6.0
import PackageDescription

/// `ask`: a terminal text alert. The library `AskKit` holds everything; `ask` is a thin
/// executable over it. No package dependencies: only the toolchain.
let package = Package(
    name: "ask",
    products: [
        .library(name: "AskKit", targets: ["AskKit"]),
        .executable(name: "ask", targets: ["ask"]),
    ],
    targets: [
        /// The few system calls Swift cannot make directly: prctl (variadic) and the
        /// async-signal-safe handlers.
        .target(name: "CAskSystem"),
        .target(name: "AskKit", dependencies: ["CAskSystem"]),
        .executableTarget(name: "ask", dependencies: ["AskKit"]),
        /// Test helpers shared by both test targets: a virtual terminal and a pty runner.
        .target(name: "TestSupport", dependencies: ["AskKit"], path: "Tests/TestSupport"),
        .testTarget(name: "AskKitTests", dependencies: ["AskKit", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["AskKit", "TestSupport", "ask"]),
    ]
)
