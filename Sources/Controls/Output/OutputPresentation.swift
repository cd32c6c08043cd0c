import AskModel
import AskPresentation
import AskSession
import AskSystem

/// A command-output box presented. Its source is opened, or its command started, before
/// anything is drawn:
///
/// - standard input (refused when it is the terminal: the keys would be taken for output);
/// - a command, started as a terminal's job (`ChildProcess`), its output kept whole in a file of
///   its own as it is shown. When the box ends before the command (Esc, Ctrl-C, a signal, the
///   time), the command's process group is sent the interrupt a terminal's Ctrl-C sends (the
///   signal that ended the box; the time sends SIGTERM, as `timeout` does), and what it writes
///   until it ends is kept too. With `passesStatus` the command's status is the call's (a
///   signal that ended it ends the call the same way), and when it failed its whole output is
///   left on standard error once the terminal is given back — or, over `shownOnFailure` bytes,
///   kept in its file, named in one line;
/// - a file followed, by `tail -f` as a command of its own.
///
/// Without a terminal the output is passed on to standard error as it comes, and the command's
/// status is the call's all the same.
package struct OutputRoom: Room {
    let chrome: AlertChrome
    let output: OutputSpec
    package private(set) var source: Descriptor?
    private var job: Job?

    /// A command started, and the file its output is kept in.
    final class Job {
        let process: ChildProcess
        let log: Descriptor?
        let logPath: String
        var logged = 0
        var logFailed = false

        init(process: ChildProcess, log: Descriptor?, logPath: String) {
            self.process = process
            self.log = log
            self.logPath = logPath
        }

        func keep(_ bytes: UnsafeRawBufferPointer) {
            guard let log, !logFailed else { return }
            if log.writeAll(bytes) != nil { logFailed = true }
            logged += bytes.count
        }
    }

    /// SIGTERM (15 on Linux, every architecture): what the time sends, as `timeout` does.
    static let terminate: Int32 = 15

    /// A failed command's output up to this is written out; more is left in its file.
    package static let shownOnFailure = 1 << 20

    package init(chrome: AlertChrome, output: OutputSpec) {
        self.chrome = chrome.showing(output.buttonRow)
        self.output = output
    }

    package mutating func prepare(_ options: PresentationOptions) -> Result<Response, PresentationFailure>? {
        switch output.source {
        case .standardInput:
            if Descriptor.standardInput.isTerminal { return .failure(.control(Self.outputFromTerminal)) }
            source = .standardInput
        case let .file(path):
            switch Descriptor.open(forReading: path, nonBlocking: true) {
            case .failure(let error): return .failure(.fileUnreadable(path, error))
            case .success: break
            }
            return start(["tail", "-n", String(OutputState.keptLines), "-f", "--", path], logged: false)
        case let .command(arguments):
            return start(arguments, logged: true)
        }
        return nil
    }

    private mutating func start(_ arguments: [String], logged: Bool) -> Result<Response, PresentationFailure>? {
        var log: (String, Descriptor)?
        if logged {
            switch ChildProcess.temporaryFile("ask-output") {
            case let .success(file): log = file
            case let .failure(error): return .failure(.control(Self.noLog(error)))
            }
        }
        switch ChildProcess.start(arguments) {
        case let .success((process, pipe)):
            source = pipe
            job = Job(process: process, log: log?.1, logPath: log?.0 ?? "")
            return nil
        case let .failure(error):
            if let log { ChildProcess.remove(log.0) }
            return .failure(.control(Self.notStarted(arguments.first ?? "", error)))
        }
    }

    package func control(plain: Bool) -> OutputControl {
        OutputControl(chrome: chrome, output: output, keep: job.flatMap { job in job.log == nil ? nil : { job.keep($0) } })
    }

    package func ended(_ response: Response, problem: SourceProblem?, sourceError: SystemError?) -> Result<Response, PresentationFailure> {
        guard let job else {
            return problem == nil ? .success(response) : .failure(.inputUnreadable(sourceError ?? SystemError(0)))
        }
        // Ended before the command: stopped as a terminal stops a job.
        switch response.outcome {
        case let .interrupted(signal): job.process.signal(signal)
        case .timedOut: job.process.signal(Self.terminate)
        case .cancelled, .accepted:
            if output.isFollowing { job.process.signal(Self.terminate) } else if response.outcome == .cancelled { job.process.signal(Signals.interrupt) }
        }
        // What it writes until it ends is kept too.
        if let source { _ = Presentation.readAll(source, until: nil) { job.keep($0); return true } }
        let ending = job.process.wait()
        return .success(finished(response, ending, job))
    }

    /// The call's response once the command ended: its status, and when it failed, its output.
    private func finished(_ response: Response, _ ending: ChildProcess.Ending, _ job: Job) -> Response {
        guard output.passesStatus, !output.isFollowing else {
            if job.log != nil { ChildProcess.remove(job.logPath) }
            return response
        }
        if ending != .exited(0) { reportFailure(ending, job) } else { ChildProcess.remove(job.logPath) }
        if response.outcome == .timedOut { return response }
        if case let .signalled(signal) = ending { return Response(nothing: .interrupted(signal: signal)) }
        var passed = Response(nothing: ending == .exited(0) ? .accepted(.ok) : .cancelled)
        passed.exitStatus = ending.status
        return passed
    }

    /// Its whole output on standard error, or the file it is kept in named there.
    private func reportFailure(_ ending: ChildProcess.Ending, _ job: Job) {
        let command = output.label
        let how = switch ending {
        case let .exited(status): "exited with status \(status)"
        case let .signalled(signal): "was ended by signal \(signal)"
        }
        if job.logged <= Self.shownOnFailure && !job.logFailed, case let .success(log) = Descriptor.open(forReading: job.logPath) {
            _ = Presentation.readAll(log, until: nil) { Descriptor.standardError.writeAll($0) == nil }
            ChildProcess.remove(job.logPath)
            Descriptor.standardError.writeAll("ask: \(command) \(how)\n")
        } else {
            Descriptor.standardError.writeAll("ask: \(command) \(how); its whole output (\(job.logged) bytes) is in \(job.logPath)\n")
        }
    }

    /// Without a terminal: the output passed on to standard error as it comes.
    package mutating func withoutTerminal(_ reason: SystemError?, _ options: PresentationOptions, keepsHygiene: Bool) -> Result<Response, PresentationFailure> {
        if output.isFollowing, let failure = Presentation.noTerminal(reason, options) { return .failure(failure) }
        guard let source else { return .success(Response(nothing: .accepted(.ok))) }
        let deadline = output.isFollowing ? Presentation.deadline(options) ?? MonotonicClock.now : Presentation.deadline(options)
        let read = Presentation.readAll(source, until: deadline) { Descriptor.standardError.writeAll($0) == nil }
        let outcome: Outcome
        switch read {
        case .complete: outcome = .accepted(.ok)
        case .timedOut: outcome = output.isFollowing || chrome.onTimeout == .accept ? .accepted(.ok) : .timedOut
        case let .failed(error): return .failure(.inputUnreadable(error))
        }
        return ended(Response(nothing: outcome), problem: nil, sourceError: nil)
    }

    /// The output would be read from standard input, a terminal.
    package static let outputFromTerminal = ControlFailure(
        .usage, "cannot read the output from standard input: it is a terminal",
        commandLine: "--output reads the output from standard input, which is a terminal; pipe a command's output in, or use --run -- COMMAND")

    static func notStarted(_ program: String, _ error: SystemError) -> ControlFailure {
        ControlFailure(.unreadable, "cannot run '\(program)': \(error)")
    }

    static func noLog(_ error: SystemError) -> ControlFailure {
        ControlFailure(.unreadable, "cannot make a file to keep the command's output in: \(error)")
    }
}
