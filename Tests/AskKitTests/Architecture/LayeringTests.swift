import AskSystem
import Glibc
import Testing

/// The layers hold by construction: each module imports only the layers below it (SwiftPM
/// lets a target import what its dependencies depend on, so this is checked here), Package.swift
/// declares no more than that, and the Makefile's Embedded build compiles the modules in an
/// order that puts each after those it uses. docs/ARCHITECTURE.md shows the same table.
struct LayeringTests {
    /// What each module may import, from the bottom up.
    static let allowed: [(module: String, imports: Set<String>)] = [
        ("AskMemory", ["CAskSystem"]),
        ("AskSystem", ["AskMemory", "CAskSystem"]),
        ("AskText", ["AskMemory"]),
        ("AskModel", ["AskMemory", "AskText"]),
        ("AskLayout", ["AskMemory", "AskModel", "AskText"]),
        ("AskRender", ["AskLayout", "AskMemory", "AskModel", "AskText"]),
        ("AskSession", ["AskLayout", "AskMemory", "AskModel", "AskRender", "AskText"]),
        ("AskPresentation", ["AskLayout", "AskMemory", "AskModel", "AskRender", "AskSession", "AskSystem", "AskText"]),
    ] + controls.map { ($0, controlLayers) } + [
        ("AskPinentry", ["AskFields", "AskMemory", "AskModel", "AskText"]),
        ("AskKit", controlLayers.union(controls + ["AskPinentry"])),
        ("AskCommandLine", controlLayers.union(controls + ["AskKit", "AskPinentry"])),
        ("ask", controlLayers.union(controls + ["AskCommandLine", "AskKit", "AskPinentry"])),
        // The documentation written from the tables: not part of the binary.
        ("AskDocs", ["AskCommandLine", "AskKit"]),
        ("ask-docs", ["AskCommandLine", "AskDocs", "AskSystem"]),
    ]

    /// The controls: each folder of Sources/Controls is one, its module `Ask` and the folder's
    /// name. Each imports the layers below the controls, and no other control.
    static let controls: [String] = {
        guard let handle = opendir(root + "/Sources/Controls") else { return [] }
        defer { closedir(handle) }
        var found: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") && entry.pointee.d_type == UInt8(DT_DIR) { found.append("Ask" + name) }
        }
        return found.sorted()
    }()
    /// What a control may import (Package.swift's `controlLayers`).
    static let controlLayers: Set<String> = ["AskLayout", "AskMemory", "AskModel", "AskPresentation", "AskRender", "AskSession", "AskSystem", "AskText"]

    /// Where a module's sources are: a control's in its folder.
    static func directory(of module: String) -> String {
        controls.contains(module) ? "Sources/Controls/" + module.dropFirst("Ask".count) : "Sources/" + module
    }

    @Test func theFourControlsAreFound() {
        #expect(Set(Self.controls).isSuperset(of: ["AskFields", "AskChoices", "AskGauge", "AskTextBox"]))
    }

    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    static func read(_ path: String) -> String {
        guard case let .success(bytes) = FileContents.read(root + "/" + path) else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(arguments: allowed.map(\.module))
    func aModuleImportsOnlyTheLayersBelowIt(module: String) throws {
        let allowed = Self.allowed.first { $0.module == module }!.imports
        let imported = try ModuleSources.imports(of: Self.directory(of: module), root: Self.root)
        #expect(!imported.isEmpty || module == "AskMemory", "no sources found for \(module)")
        #expect(imported.subtracting(allowed).isEmpty, "\(module) imports \(imported.subtracting(allowed).sorted())")
        // Only the system layer reaches the C library.
        if imported.contains("CAskSystem") { #expect(["AskMemory", "AskSystem"].contains(module)) }
    }

    /// Package.swift declares for each target no dependency the table does not allow.
    @Test(arguments: allowed.map(\.module))
    func thePackageDeclaresNoMore(module: String) {
        let package = Self.read("Package.swift")
        let allowed = Self.allowed.first { $0.module == module }!.imports
        let declared = Self.controls.contains(module)
            ? ModuleSources.controlDependencies(in: package) : ModuleSources.dependencies(of: module, in: package, controls: Self.controls)
        #expect(declared != nil, "\(module) is not in Package.swift")
        #expect((declared ?? []).subtracting(allowed).isEmpty, "\(module) depends on \((declared ?? []).subtracting(allowed).sorted())")
    }

    /// What a file in a control's folder is, by its name: the model (its body's spec, its state,
    /// its rules), its view (`…View`, `…Layout`, `…Content`, `…Viewport`), its control and plain
    /// form (`…Control`, `Plain…`), or its room (`…Presentation`, `…Failure`: how it is presented
    /// and what it fails with).
    enum Role: Int, Comparable {
        case model, view, control, room

        init(file: String) {
            let name = String((file.split(separator: "/").last ?? "").dropLast(".swift".count))
            if name.hasSuffix("Presentation") || name.hasSuffix("Failure") { self = .room }
            else if name.hasSuffix("Control") || name.hasPrefix("Plain") { self = .control }
            else if ["View", "Layout", "Content", "Viewport"].contains(where: { name.contains($0) }) { self = .view }
            else { self = .model }
        }

        /// What a file of this role may import.
        var imports: Set<String> {
            switch self {
            case .model: ["AskMemory", "AskModel", "AskText"]
            case .view: Role.model.imports.union(["AskLayout"])
            case .control: Role.view.imports.union(["AskRender", "AskSession"])
            case .room: LayeringTests.controlLayers
            }
        }

        static func < (a: Role, b: Role) -> Bool { a.rawValue < b.rawValue }
    }

    /// Inside a control's folder the layers hold file by file: each file imports only what its
    /// role may, and no file names a type that a file of a higher role declares (the state names
    /// no view, the view no control) — the compiler cannot see this inside one module.
    @Test(arguments: controls)
    func aControlsFolderKeepsItsLayers(module: String) throws {
        let files = try ModuleSources.swiftFiles(under: Self.root + "/" + Self.directory(of: module))
        #expect(Set(files.map { Role(file: $0) }).count >= 3, "\(module): too few roles")
        let texts = files.map { Self.read(String($0.dropFirst(Self.root.count + 1))) }
        var declared: [(name: String, role: Role)] = []
        for (file, text) in zip(files, texts) {
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init).filter { !["package", "private", "final", "indirect", "fileprivate"].contains($0) }
                if words.count >= 2, ["struct", "enum", "class", "protocol", "typealias"].contains(words[0]) {
                    declared.append((String(words[1].prefix { $0.isLetter || $0.isNumber }), Role(file: file)))
                }
            }
        }
        for (file, text) in zip(files, texts) {
            let role = Role(file: file)
            let imported = try ModuleSources.imports(of: String(file.dropFirst(Self.root.count + 1)), root: Self.root)
            #expect(imported.isSubset(of: role.imports), "\(file) (\(role)) imports \(imported.subtracting(role.imports).sorted())")
            // The code, not its comments (a comment may say where the view draws it).
            let code = text.split(separator: "\n").map { $0.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }
            let words = Set(code.joined(separator: " ").split { !$0.isLetter && !$0.isNumber }.map(String.init))
            for (name, higher) in declared where higher > role && words.contains(name) {
                Issue.record("\(file) (\(role)) names \(name), of a \(higher) file")
            }
        }
    }

    /// The Embedded build compiles each module after every one it imports.
    @Test func theEmbeddedBuildsOrderPutsEachAfterWhatItUses() throws {
        let makefile = Self.read("Makefile")
        let line = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("MODULES = ") })
        // `$(CONTROLS:%=Ask%)`: every control's module, in the order of their names.
        let order = line.dropFirst("MODULES = ".count).split(separator: " ").flatMap { word in
            word == "$(CONTROLS:%=Ask%)" ? Self.controls : [String(word)]
        }
        let library = Self.allowed.map(\.module).filter { $0.hasPrefix("Ask") && $0 != "AskDocs" }
        #expect(Set(order) == Set(library), "Makefile's MODULES: \(order)")
        for (index, module) in order.enumerated() {
            let uses = try ModuleSources.imports(of: Self.directory(of: module), root: Self.root).filter { $0 != "CAskSystem" }
            #expect(uses.isSubset(of: Set(order[..<index])), "\(module) comes before \(uses.subtracting(order[..<index]).sorted())")
        }
    }
}

/// Reading a module's sources and Package.swift's declarations, by plain text.
enum ModuleSources {
    /// The modules the Swift files under `directory` import.
    static func imports(of directory: String, root: String) throws -> Set<String> {
        var found: Set<String> = []
        for file in try swiftFiles(under: root + "/" + directory) {
            guard case let .success(bytes) = FileContents.read(file) else { continue }
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                var words = line.split(separator: " ")
                if words.first == "@testable" { words.removeFirst() }
                if words.count == 2 && words[0] == "import" { found.insert(String(words[1])) }
            }
        }
        return found
    }

    /// The Swift files under `directory`, and under its directories.
    static func swiftFiles(under directory: String) throws -> [String] {
        directory.hasSuffix(".swift") ? [directory] : FileContents.files(under: directory, ending: ".swift")
    }

    /// The names in the `dependencies:` of the target `name` in Package.swift's text.
    static func dependencies(of name: String, in package: String, controls: [String]) -> Set<String>? {
        let marker = "name: \"\(name)\""
        guard let start = package.firstRange(of: marker) else { return nil }
        let rest = package[start.upperBound...]
        let end = rest.firstIndex(of: ")") ?? rest.endIndex
        let declaration = rest[..<end]
        guard let open = declaration.firstRange(of: "dependencies: [") else { return [] }
        let list = declaration[open.upperBound...].prefix { $0 != "]" }
        var names = Set(list.split(separator: ",").map { String($0.filter { $0 != "\"" && $0 != " " && $0 != "\n" }) }.filter { !$0.isEmpty })
        // `+ controlModules`: every control's module.
        if declaration[list.endIndex...].dropFirst().prefix(while: { $0 != "," && $0 != ")" }).contains("controlModules") {
            names.formUnion(controls)
        }
        return names
    }

    /// What every control's target depends on: the targets `controls.map` declares, with
    /// `controlLayers`.
    static func controlDependencies(in package: String) -> Set<String>? {
        guard package.contains(".target(name: \"Ask\" + $0, dependencies: controlLayers, path: \"Sources/Controls/\" + $0)"),
              let list = package.firstRange(of: "let controlLayers: [Target.Dependency] = [") else { return nil }
        return Set(package[list.upperBound...].prefix { $0 != "]" }.split(separator: ",")
            .map { String($0.filter { $0 != "\"" && $0 != " " && $0 != "\n" }) }.filter { !$0.isEmpty })
    }
}
