import AskLayout
import AskModel
import AskKit
import AskSystem

// `ask`: parse, present, write the answer, exit with the status that says how it ended.

/// One line on stderr. Messages quote what was given (an option, a line from stdin): its
/// control characters are shown, never sent to the terminal.
func fail(_ message: String, _ status: Int32) -> Never {
    Descriptor.writeAll(2, "ask: " + DisplayText.visible(message) + "\n")
    ProcessEnvironment.exit(status)
}

Signals.ignoreBrokenPipe()

let environment = Environment(reading: ProcessEnvironment.value)
let command: ParsedCommand
let arguments = ProcessEnvironment.arguments()
do throws(UsageError) {
    let parser = ArgumentParser(environment: environment, programName: arguments.first ?? "ask")
    command = try parser.parse(Array(arguments.dropFirst()))
} catch {
    fail(error.message, UsageError.exitStatus)
}

switch command {
case .help:
    Descriptor.writeAll(1, HelpText.render())
    ProcessEnvironment.exit(0)
case .version:
    Descriptor.writeAll(1, "ask \(HelpText.version)\n")
    ProcessEnvironment.exit(0)
case let .prompt(spec):
    let streams = StandardStreams.secure()
    if spec.hasField && !streams.stdoutOpen {
        fail("standard output is closed: the answer would have nowhere to go", ExitStatus.ioError)
    }
    switch Runner.run(spec, environment: environment) {
    case let .fail(message, status):
        fail(message, status)
    case let .respond(response):
        if case let .interrupted(signal) = response.outcome { Signals.reraise(signal) }
        if response.outcome.printsAnswer && spec.hasField {
            // From the first byte of the answer, a terminating signal waits until it is written
            // and is then dropped: stdout holds the whole answer and the status is 0, or the
            // signal came before and nothing was written.
            Signals.holdTerminating()
            let failure = response.write(terminator: spec.terminator, to: 1)
            response.wipe()
            if let failure { fail("cannot write the answer: \(failure)", ExitStatus.ioError) }
        }
        ProcessEnvironment.exit(response.outcome.exitStatus)
    }
}
