import AskCommandLine
import AskDocs
import AskSystem

// `ask-docs [ROOT]`: writes, from the option table and the controls' key tables, the shell
// completions, the man page's OPTIONS and KEYS, and README's key tables under ROOT (the
// package's root; `make docs` runs it there). Each option's text in the man page comes from
// docs/options.roff (`OptionManual`), which the binary does not carry. And po/ask.pot, the
// template of the catalogs, from the words the sources mark (`MessageTemplate`).

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
/// Writes the file at `path` anew as `update` makes it from what it holds (nil: it lacks what
/// `missing` names).
func update(_ path: String, lacking missing: String, _ update: (String) -> String?) {
    switch FileContents.read(root + "/" + path) {
    case let .failure(error):
        fail("cannot read \(path): \(error)")
    case let .success(bytes):
        guard let text = update(String(decoding: bytes, as: UTF8.self)) else { fail("\(path) lacks \(missing)") }
        write(text, to: path)
    }
}

let manual: OptionManual
switch FileContents.read(root + "/" + OptionManual.path) {
case let .failure(error): fail("cannot read \(OptionManual.path): \(error)")
case let .success(bytes): manual = OptionManual(parsing: String(decoding: bytes, as: UTF8.self))
}
if let problem = manual.problems().first { fail("\(OptionManual.path): \(problem)") }
update(Documentation.manPath, lacking: "the markers of OPTIONS or of a key table") { Documentation.manPage(updating: $0, manual: manual) }
update(Documentation.readmePath, lacking: "the markers of a key table", Documentation.readme(updating:))

let sources = FileContents.files(under: root + "/" + MessageTemplate.sourceDirectory, ending: ".swift").map { file in
    let path = String(file.dropFirst(root.count + 1))
    switch FileContents.read(root + "/" + path) {
    case let .failure(error): fail("cannot read \(path): \(error)")
    case let .success(bytes): return (path: path, text: String(decoding: bytes, as: UTF8.self))
    }
}
write(MessageTemplate.pot(MessageTemplate.entries(sources)), to: MessageTemplate.path)
