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
        ("AskPinentry", ["AskMemory", "AskModel", "AskText"]),
        ("AskLayout", ["AskMemory", "AskModel", "AskText"]),
        ("AskRender", ["AskLayout", "AskMemory", "AskModel", "AskText"]),
        ("AskSession", ["AskLayout", "AskMemory", "AskModel", "AskRender", "AskText"]),
        ("AskKit", ["AskLayout", "AskMemory", "AskModel", "AskPinentry", "AskRender", "AskSession", "AskSystem", "AskText"]),
        ("AskCommandLine", ["AskKit", "AskLayout", "AskMemory", "AskModel", "AskPinentry", "AskSystem", "AskText"]),
        ("ask", ["AskCommandLine", "AskKit", "AskLayout", "AskModel", "AskPinentry", "AskSystem"]),
        ("ask-docs", ["AskCommandLine", "AskSystem"]),
    ]

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
        let imported = try ModuleSources.imports(of: module, root: Self.root)
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
        let declared = ModuleSources.dependencies(of: module, in: package)
        #expect(declared != nil, "\(module) is not in Package.swift")
        #expect((declared ?? []).subtracting(allowed).isEmpty, "\(module) depends on \((declared ?? []).subtracting(allowed).sorted())")
    }

    /// The Embedded build compiles each module after every one it imports.
    @Test func theEmbeddedBuildsOrderPutsEachAfterWhatItUses() throws {
        let makefile = Self.read("Makefile")
        let line = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("MODULES = ") })
        let order = line.dropFirst("MODULES = ".count).split(separator: " ").map(String.init)
        let library = Self.allowed.map(\.module).filter { $0.hasPrefix("Ask") }
        #expect(Set(order) == Set(library), "Makefile's MODULES: \(order)")
        for (index, module) in order.enumerated() {
            let uses = try ModuleSources.imports(of: module, root: Self.root).filter { $0 != "CAskSystem" }
            #expect(uses.isSubset(of: Set(order[..<index])), "\(module) comes before \(uses.subtracting(order[..<index]).sorted())")
        }
    }
}

/// Reading a module's sources and Package.swift's declarations, by plain text.
enum ModuleSources {
    /// The modules the Swift files under `Sources/module` import.
    static func imports(of module: String, root: String) throws -> Set<String> {
        var found: Set<String> = []
        for file in try swiftFiles(under: root + "/Sources/" + module) {
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
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var files: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".") { continue }
            let path = directory + "/" + name
            if entry.pointee.d_type == UInt8(DT_DIR) { files += try swiftFiles(under: path) } else if name.hasSuffix(".swift") { files.append(path) }
        }
        return files
    }

    /// The names in the `dependencies:` of the target `name` in Package.swift's text.
    static func dependencies(of name: String, in package: String) -> Set<String>? {
        let marker = "name: \"\(name)\""
        guard let start = package.firstRange(of: marker) else { return nil }
        let rest = package[start.upperBound...]
        let end = rest.firstIndex(of: ")") ?? rest.endIndex
        let declaration = rest[..<end]
        guard let open = declaration.firstRange(of: "dependencies: [") else { return [] }
        let list = declaration[open.upperBound...].prefix { $0 != "]" }
        return Set(list.split(separator: ",").map { String($0.filter { $0 != "\"" && $0 != " " && $0 != "\n" }) }.filter { !$0.isEmpty })
    }
}
