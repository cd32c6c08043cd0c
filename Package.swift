// swift-tools-version:6.0
import Foundation
import PackageDescription

/// `ask`: a terminal text alert. The library `AskKit` holds everything; `ask` is a thin
/// executable over it. No package dependencies: only the toolchain.
/// Every symbol bound at start (`-z now`): a function first called while a secret is in the
/// vector registers would otherwise have the dynamic linker save those registers on the stack
/// to resolve it, leaving a copy there that nothing wipes.
/// What a control's folder may use: every layer below the controls.
/// The controls: each folder of Sources/Controls is one, a module named `Ask` and the folder's
/// name (a new control is a folder, found here, by the Makefile and by the layering tests).
let controls = ((try? FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory + "/Sources/Controls")) ?? [])
    .filter { !$0.hasPrefix(".") }.sorted()
let controlModules: [Target.Dependency] = controls.map { .byName(name: "Ask" + $0) }
let controlLayers: [Target.Dependency] = ["AskLayout", "AskMemory", "AskModel", "AskPresentation", "AskRender", "AskSession", "AskSystem", "AskText"]
let bindNow: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "-z", "-Xlinker", "now"])]

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
        /// The system layer: the only Swift that reaches the C library. Memory that holds secrets
        /// (locked, wiped) on its own, so that the layers above it that keep text need nothing
        /// else of the system.
        .target(name: "AskMemory", dependencies: ["CAskSystem"]),
        .target(name: "AskSystem", dependencies: ["AskMemory", "CAskSystem"]),
        /// Text and input: graphemes and widths, the field's text, keys decoded from bytes, line
        /// editing. No system calls.
        .target(name: "AskText", dependencies: ["AskMemory"]),
        /// The model: what the alert shows and how it answers (spec, rules, state, focus,
        /// outcome). Events in, reactions out; nothing of the view or the system.
        .target(name: "AskModel", dependencies: ["AskMemory", "AskText"]),
        /// The view: a state in, a `Screen` out (and the view's own decisions: the box's size,
        /// stacked buttons, the field's scroll, the countdown's text).
        .target(name: "AskLayout", dependencies: ["AskMemory", "AskModel", "AskText"]),
        /// Rendering: a screen into the bytes that draw it inline (or plain lines).
        .target(name: "AskRender", dependencies: ["AskLayout", "AskMemory", "AskModel", "AskText"]),
        /// The session without the system: bytes, signals and time in; bytes and the outcome out.
        .target(name: "AskSession", dependencies: ["AskLayout", "AskMemory", "AskModel", "AskRender", "AskText"]),
        /// Presenting any control: the terminal session (poll, keys, signals, time, the control's
        /// own source), a control's failures in words, and reading a control's source without a
        /// terminal.
        .target(name: "AskPresentation", dependencies: ["AskLayout", "AskMemory", "AskModel", "AskRender", "AskSession", "AskSystem", "AskText"]),
        /// GnuPG's pinentry protocol (Assuan) without the system: request lines in, replies and
        /// requests for an alert out.
        .target(name: "AskPinentry", dependencies: ["AskFields", "AskMemory", "AskModel", "AskText"]),
        /// The alert as its front ends build it (chrome and one control's body) and the one switch
        /// that presents each body by its control; the Swift API.
        .target(name: "AskKit", dependencies: ["AskLayout", "AskMemory", "AskModel", "AskPinentry", "AskPresentation", "AskRender", "AskSession", "AskSystem", "AskText"] + controlModules),
        /// The command line: argv and the environment into what to present, every failure in
        /// words, the exit statuses, and the documentation generated from the option table.
        .target(name: "AskCommandLine", dependencies: ["AskKit", "AskLayout", "AskModel", "AskPinentry", "AskPresentation", "AskSystem"] + controlModules),
        .executableTarget(name: "ask", dependencies: ["AskCommandLine", "AskKit", "AskLayout", "AskModel", "AskPinentry", "AskPresentation", "AskSystem"] + controlModules,
                         linkerSettings: bindNow),
        /// The documentation written from the option table and the key tables: the completions,
        /// the man page's OPTIONS and key tables, README's key tables (not part of `ask`: the
        /// binary carries none of it).
        .target(name: "AskDocs", dependencies: ["AskCommandLine", "AskKit"]),
        /// Writes the completions and the man page's OPTIONS from the option table (`make docs`).
        .executableTarget(name: "ask-docs", dependencies: ["AskCommandLine", "AskDocs", "AskSystem"]),
        /// Test helpers shared by both test targets: a virtual terminal and a pty runner.
        .target(name: "TestSupport", dependencies: ["AskCommandLine", "AskKit", "AskPinentry", "AskPresentation", "AskSession", "AskLayout", "AskRender", "AskMemory", "AskModel", "AskSystem", "AskText", "CAskSystem", "CTestSupport"] + controlModules,
                path: "Tests/TestSupport"),
        /// ptrace for the test that reads `ask`'s memory as it exits (ptrace is variadic).
        .target(name: "CTestSupport", path: "Tests/CTestSupport"),
        .testTarget(name: "AskKitTests", dependencies: ["AskCommandLine", "AskDocs", "AskKit", "AskPinentry", "AskPresentation", "AskSession", "AskLayout", "AskRender", "AskMemory", "AskModel", "AskSystem", "AskText", "TestSupport"] + controlModules),
        /// The benchmark driver (`make bench`): ask against a C reference, whiptail and dialog.
        .executableTarget(name: "ask-bench", dependencies: ["AskKit", "AskSystem", "TestSupport"], path: "Tests/Bench"),
        /// A minimal job-control shell for end-to-end tests of Ctrl-Z: it runs `ask` in its own
        /// foreground process group, reports each stop on stderr and continues it.
        .executableTarget(name: "jobshell", dependencies: ["CAskSystem"], path: "Tests/JobShell"),
        /// A program that uses AskKit through its public API only, for the tests of `TextAlert`.
        .executableTarget(name: "alertdemo", dependencies: ["AskKit"], path: "Tests/AlertDemo", linkerSettings: bindNow),
        .testTarget(name: "EndToEndTests", dependencies: ["AskCommandLine", "AskDocs", "AskKit", "AskPinentry", "AskPresentation", "AskSession", "AskLayout", "AskRender", "AskMemory", "AskModel", "AskSystem", "AskText", "TestSupport", "alertdemo", "ask", "jobshell"] + controlModules),
    ]
        /// The controls, one folder each that owns all of it: its body (spec), state, view, plain
        /// form, key table, buttons, failures and how it answers without a terminal. A control
        /// imports no other control.
        + controls.map { .target(name: "Ask" + $0, dependencies: controlLayers, path: "Sources/Controls/" + $0) }
)

/// Fuzz targets (libFuzzer), only when ASK_FUZZ is set: each defines LLVMFuzzerTestOneInput and
/// has no main, so it cannot be part of an ordinary build. Build one with
/// `ASK_FUZZ=1 swift build --product FuzzDecoder --sanitize=fuzzer --sanitize=address`;
/// `Tests/Fuzz/run` builds and runs them all.
if Context.environment["ASK_FUZZ"] != nil {
    for name in ["FuzzDecoder", "FuzzEditor", "FuzzArguments", "FuzzLayout", "FuzzPlain", "FuzzResize", "FuzzSheet"] {
        package.targets.append(.executableTarget(name: name, dependencies: ["AskCommandLine", "AskKit", "AskLayout", "AskModel", "AskPresentation", "AskRender", "AskSession", "AskText", "TestSupport"] + controlModules,
                                                 path: "Tests/Fuzz/\(name)"))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
