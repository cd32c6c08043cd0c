import AskCommandLine
import AskSystem

// `ask-docs [ROOT]`: writes, from the option table and the controls' key tables, the shell
// completions, the man page's OPTIONS and KEYS, and README's key tables under ROOT (the
// package's root; `make docs` runs it there).

let arguments = ProcessEnvironment.arguments()
let root = arguments.count > 1 ? arguments[1] : "."

func fail(_ message: String) -> Never {
    Descriptor.standardError.writeAll("ask-docs: \(message)\n")
    ProcessEnvironment.exit(1)
}

func write(_ text: String, to path: String) {
    if let error = FileContents.write(text, to: root + "/" + path) { fail("cannot write \(path): \(error)") }
}

write(Documentation.bash(), to: Documentation.bashPath)
write(Documentation.zsh(), to: Documentation.zshPath)
write(Documentation.fish(), to: Documentation.fishPath)
switch FileContents.read(root + "/" + Documentation.manPath) {
case let .failure(error):
    fail("cannot read \(Documentation.manPath): \(error)")
case let .success(bytes):
    guard let page = Documentation.manPage(updating: String(decoding: bytes, as: UTF8.self)) else {
        fail("\(Documentation.manPath) has no OPTIONS markers to write between")
    }
    write(page, to: Documentation.manPath)
}
switch FileContents.read(root + "/" + Documentation.readmePath) {
case let .failure(error):
    fail("cannot read \(Documentation.readmePath): \(error)")
case let .success(bytes):
    guard let readme = Documentation.readme(updating: String(decoding: bytes, as: UTF8.self)) else {
        fail("\(Documentation.readmePath) lacks the markers of a key table")
    }
    write(readme, to: Documentation.readmePath)
}
