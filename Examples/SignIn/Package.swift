// swift-tools-version:6.0
import PackageDescription

/// A program that asks with AskKit: the example README's "From Swift" shows.
let package = Package(
    name: "SignIn",
    dependencies: [.package(name: "ask", path: "../..")],
    targets: [
        .executableTarget(name: "sign-in", dependencies: [.product(name: "AskKit", package: "ask")]),
    ]
)
