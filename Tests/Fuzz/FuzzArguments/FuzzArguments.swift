import AskKit

/// libFuzzer target: argv (NUL-separated) → a command or a usage error, never a crash; an
/// error is one line.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    let names = ["ask", "ask-askpass"]
    let parser = ArgumentParser(environment: ["SSH_ASKPASS_PROMPT": size % 3 == 0 ? "confirm" : ""],
                                programName: names[size % names.count])
    do {
        _ = try parser.parse(arguments)
    } catch let error as UsageError {
        if error.message.contains("\n") && !arguments.contains(where: { $0.contains("\n") }) {
            fatalError("a usage error of more than one line: \(error.message)")
        }
    } catch {
        fatalError("an error that is not a usage error: \(error)")
    }
    return 0
}
