import AskChoices
import AskCommandLine
import AskFields
import AskGauge
import AskKit
import AskLayout
import AskModel
import AskSession
import AskText
import TestSupport
import AskPresentation
import AskRender
import AskTextBox

/// libFuzzer target: argv (NUL-separated) → a command or a usage error, never a crash; an
/// error is one line, and a choice is one line of the bytes given. A prompt is then laid out, begun in plain mode and timed as the session
/// would, so that whatever parsing lets through (a timeout, a width, lengths) reaches the
/// arithmetic that uses it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let raw = bytes.split(separator: 0, omittingEmptySubsequences: false).map { Array($0) }
    let arguments = raw.map { String(decoding: $0, as: UTF8.self) }
    let names = ["ask", "ask-askpass"]
    let parser = ArgumentParser(environment: ["SSH_ASKPASS_PROMPT": size % 3 == 0 ? "confirm" : ""],
                                programName: names[size % names.count])
    do {
        if case let .prompt(invocation) = try parser.parse(arguments, bytes: raw) {
            // A choice is one line, kept as given: never a line break, never bytes made up.
            for choice in invocation.spec.sheet?.choices ?? [] where choice.label.contains(0x0A) || choice.value?.contains(0x0A) == true
                || !raw.contains(where: { $0.reversed().starts(with: choice.label.reversed()) }) {
                fatalError("a choice that was not given as one line: \(choice)")
            }
            present(invocation.spec, options: invocation.options, size: size)
        }
    } catch let error as UsageError {
        if error.message.contains("\n") && !arguments.contains(where: { $0.contains("\n") }) {
            fatalError("a usage error of more than one line: \(error.message)")
        }
    } catch {
        fatalError("an error that is not a usage error: \(error)")
    }
    return 0
}

/// What the session does with a spec before the first key, without a terminal.
func present(_ spec: PromptSpec, options: PresentationOptions, size: Int) {
    let content = AlertContent(spec: spec, charset: size % 2 == 0 ? .utf8 : .ascii, usesColor: size % 3 == 0, timeout: options.timeout)
    var layout = AlertLayout(content: content, fields: spec.fields, size: TerminalSize(rows: size % 40 + 1, columns: size % 150 + 1),
                             preferredWidth: options.width)
    let state = PromptState(spec: spec)
    _ = layout.render(state)
    var plain = PlainRenderer()
    _ = plain.begin(content, state)
    if let timeout = options.timeout {
        let deadline = Deadline(seconds: timeout, after: 1000)
        _ = deadline.wait(at: 1000)
        _ = deadline.countdown(at: deadline.time - 1)
    }
}
