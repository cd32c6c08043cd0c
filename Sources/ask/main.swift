import AskChoices
import AskCommandLine
import AskFields
import AskGauge
import AskKit
import AskLayout
import AskModel
import AskPinentry
import AskPresentation
import AskSystem
import AskTextBox

// `ask`: parse, present, write the answer, exit with the status that says how it ended.

/// One line on stderr, then the status the failure has. Messages quote what was given (an
/// option, a line from stdin): its control characters are shown, never sent to the terminal.
func fail(_ failure: CommandFailure) -> Never {
    Descriptor.standardError.writeAll("ask: " + DisplayText.visible(Diagnostics.message(failure)) + "\n")
    ProcessEnvironment.exit(Diagnostics.status(failure).rawValue)
}

/// One line on stderr in another program's name (none for an empty message), then its status.
func refuseAs(_ personality: Personality, _ message: String, _ status: Int32) -> Never {
    if !message.isEmpty {
        Descriptor.standardError.writeAll(personality.rawValue + " (ask): " + DisplayText.visible(message) + "\n")
    }
    ProcessEnvironment.exit(status)
}

/// What is wrong with the theme the options and the environment give (a line that cannot be
/// read, colours too faint), in one line on stderr after `prefix`; the alert goes on without it.
func warnOfTheme(_ options: PresentationOptions, prefix: String) {
    guard let warning = Appearance.from(environment: environment, options: options).themeWarning else { return }
    Descriptor.standardError.writeAll(prefix + DisplayText.visible(warning) + "\n")
}

/// Draws one of another program's boxes and writes its answer as that program does; its
/// outcome. `answering`: how many boxes that answer have run before it in this call (dialog's
/// joined boxes: from the second on, its widget separator goes before what a box writes).
func presentCompat(_ compat: CompatInvocation, answering: inout Int) -> Outcome {
    func refuse(_ message: String, _ status: Int32) -> Never { refuseAs(compat.personality, message, status) }
    // What dialog prints as it reads its command line: the terminal's size (24×80 without one).
    if !compat.prints.isEmpty {
        let size = (try? Terminal(path: "/dev/tty")).map { $0.size() } ?? Terminal.Size(rows: 24, columns: 80)
        for print in compat.prints {
            if case let .rcFile(path) = print, let error = FileContents.write(Dialog.rcFile, to: path) {
                refuse("cannot write \(path): \(error)", compat.errorStatus)
            }
            if let line = print.line(rows: size.rows, columns: size.columns) { Descriptor(borrowing: compat.output).write(Array(line.utf8)) }
        }
    }
    if !compat.drawsBox { return .accepted(.ok) }
    // Not where the answer goes (whiptail's and dialog's is stderr unless told otherwise).
    if compat.output != 2 { warnOfTheme(compat.invocation.options, prefix: compat.personality.rawValue + " (ask): ") }
    switch Presentation.present(compat.invocation.spec, options: compat.invocation.options, environment: environment, keepsHygiene: true) {
    case let .failure(failure):
        refuse(Diagnostics.message(.presentation(failure)), compat.errorStatus)
    case let .success(response):
        guard compat.status(response.outcome) != nil else {
            if case let .interrupted(signal) = response.outcome { Signals.reraise(signal) }
            fatalError("an outcome without a status")
        }
        if compat.answer != .none { answering += 1 }
        let separator = response.outcome.printsAnswer && answering > 1 ? compat.widgetSeparator ?? [0x09] : []
        let pieces = response.outcome.printsAnswer && compat.answer != .none ? compat.pieces(for: response) : []
        if !separator.isEmpty || !pieces.isEmpty {
            Signals.holdTerminating()
            let failure = response.write([.bytes(separator)] + pieces, to: Descriptor(borrowing: compat.output))
            if let failure { refuse(Diagnostics.message(.answerNotWritten(failure)), compat.errorStatus) }
        }
        response.wipe()
        if response.outcome == .timedOut && compat.saysTimeout { Descriptor.standardError.writeAll("\ntimeout\n") }
        if compat.sleep > 0 { MonotonicClock.sleep(seconds: compat.sleep) }
        return response.outcome
    }
}

Signals.ignoreBrokenPipe()

let environment = Environment(reading: ProcessEnvironment.value)
Catalogs.install(environment)
let command: ParsedCommand
let arguments = ProcessEnvironment.arguments()
do throws(UsageError) {
    let parser = ArgumentParser(environment: environment, programName: arguments.first ?? "ask")
    command = try parser.parse(Array(arguments.dropFirst()), bytes: Array(ProcessEnvironment.argumentBytes().dropFirst()))
} catch {
    fail(.usage(error))
}

switch command {
case let .pinentry(options):
    let host = PinentryServer.Host(pid: ProcessEnvironment.processID, version: HelpText.version,
                                   effectiveUser: ProcessEnvironment.effectiveUser, effectiveGroup: ProcessEnvironment.effectiveGroup,
                                   deviceStatus: { ProcessEnvironment.fileStatus($0) })
    let session = PinentrySession(server: PinentryServer(host: host, options: options), environment: environment) { error in
        Descriptor.standardError.writeAll("ask: " + DisplayText.visible(Diagnostics.message(error)) + "\n")
    }
    let ending = session.run()
    if case let .interrupted(signal) = ending { Signals.reraise(signal) }
    if let failure = Diagnostics.failure(ending) { fail(failure) }
    ProcessEnvironment.exit(ExitStatus.accepted.rawValue)
case let .compat(compat):
    // The program's answer on its descriptor (stderr unless --output-fd or --stdout), its
    // bytes, its statuses; dialog's joined boxes one after another, the status the last one's.
    _ = StandardStreams.secure()  // 0, 1 and 2 open (on /dev/null when they were closed)
    guard Descriptor.isOpen(compat.output) else { refuseAs(compat.personality, "cannot open output-fd \(compat.output)", compat.errorStatus) }
    // dialog's settings file (DIALOGRC, else ~/.dialogrc, as dialog finds it): what of it maps onto
    // ask's look (an unreadable one, as dialog, is passed over).
    let settings: String? = if compat.personality == .dialog,
        let path = environment["DIALOGRC"] ?? environment["HOME"].map({ $0 + "/.dialogrc" }), !path.isEmpty,
        case let .success(bytes) = FileContents.read(path, limit: 1 << 20) { String(decoding: bytes, as: UTF8.self) } else { nil }
    let boxes = [compat] + compat.joined
    var status: Int32 = 0
    var answering = 0
    for (index, box) in boxes.enumerated() {
        var box = box
        if let settings { Dialog.apply(settings: settings, to: &box) }
        let outcome = presentCompat(box, answering: &answering)
        status = box.status(outcome) ?? box.errorStatus
        guard index + 1 < boxes.count, boxes[index + 1].joinedBy?.follows(outcome) == true else { break }
        Signals.releaseTerminating()
    }
    ProcessEnvironment.exit(status)
case let .compatHelp(personality):
    switch personality {
    case .whiptail: Descriptor.standardOutput.writeAll(Whiptail.usage)
    case .dialog: Descriptor.standardOutput.writeAll(Dialog.usage)
    }
    ProcessEnvironment.exit(0)
case let .compatVersion(personality):
    Descriptor.standardOutput.writeAll("\(personality.rawValue) (ask): \(HelpText.version)\n")
    ProcessEnvironment.exit(0)
case let .compatRefused(personality, error):
    refuseAs(personality, error.message, error.status)
case .help:
    Descriptor.standardOutput.writeAll(HelpText.render())
    ProcessEnvironment.exit(ExitStatus.accepted.rawValue)
case .version:
    Descriptor.standardOutput.writeAll("ask \(HelpText.version)\n")
    ProcessEnvironment.exit(ExitStatus.accepted.rawValue)
case let .prompt(invocation):
    let spec = invocation.spec
    let streams = StandardStreams.secure()
    if spec.body.printsAnswer && !streams.stdoutOpen { fail(.standardOutputClosed) }
    warnOfTheme(invocation.options, prefix: "ask: ")
    switch Presentation.present(spec, options: invocation.options, environment: environment, keepsHygiene: true) {
    case let .failure(failure):
        fail(.presentation(failure))
    case let .success(response):
        guard let status = ExitStatus(response.outcome) else {
            if case let .interrupted(signal) = response.outcome { Signals.reraise(signal) }
            fatalError("an outcome without a status")
        }
        if response.outcome.printsAnswer && spec.body.printsAnswer {
            // From the first byte of the answer, a terminating signal waits until it is written
            // and is then dropped: stdout holds the whole answer and the status is 0, or the
            // signal came before and nothing was written.
            Signals.holdTerminating()
            let failure = response.write(ending: invocation.terminator.bytes, to: .standardOutput)
            response.wipe()
            if let failure { fail(.answerNotWritten(failure)) }
        }
        ProcessEnvironment.exit(response.exitStatus ?? status.rawValue)
    }
}
