// swift-tools-version:6.0
import PackageDescription

/// Programs that ask with AskKit: the examples README's "From Swift" shows.
let package = Package(
    name: "SignIn",
    dependencies: [.package(name: "ask", path: "../..")],
    targets: [
        .executableTarget(name: "sign-in", dependencies: [.product(name: "AskKit", package: "ask")]),
        .executableTarget(name: "clean-up", dependencies: [.product(name: "AskKit", package: "ask")]),
    ]
)
