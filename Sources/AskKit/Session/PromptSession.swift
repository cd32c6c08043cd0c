import CAskSystem
import Glibc

/// How the alert looks on this terminal: decided once from the environment and the options.
public struct Appearance: Equatable, Sendable {
    public var charset: Charset
    public var usesColor: Bool
    /// `--width`: the box's width, overriding the one chosen from the content.
    public var preferredWidth: Int?

    public init(charset: Charset = .utf8, usesColor: Bool = false, preferredWidth: Int? = nil) {
        self.charset = charset
        self.usesColor = usesColor
        self.preferredWidth = preferredWidth
    }

    /// UTF-8 from the locale; colour as `--color` says, where `auto` means a TERM that is set
    /// and not `dumb`, and NO_COLOR unset or empty (https://no-color.org).
    public static func from(environment: [String: String], spec: PromptSpec = PromptSpec()) -> Appearance {
        let usesColor: Bool
        switch spec.color {
        case .always: usesColor = true
        case .never: usesColor = false
        case .auto:
            let term = environment["TERM"] ?? ""
            usesColor = !term.isEmpty && term != "dumb" && (environment["NO_COLOR"] ?? "").isEmpty
        }
        return Appearance(charset: .fromEnvironment(environment), usesColor: usesColor, preferredWidth: spec.width)
    }
}

/// What the person answered: how the alert ended, and the field's text.
///
/// The text stays in its `TextBuffer` (wiped by `wipe()` or when released), so a secret can
/// be written to stdout without ever becoming a `String`.
public struct Response {
    public let outcome: Outcome
    public let text: TextBuffer

    /// Writes the answer and `terminator` to `fd` in one piece. Returns 0 or errno.
    public func write(terminator: Terminator, to fd: Int32) -> Int32 {
        let out = SecureBytes(capacity: text.byteCount + 1)
        text.withBytes { out.insert($0, at: 0) }
        for byte in terminator.bytes { out.append(byte) }
        return FileDescriptor.writeAll(fd, out.bytes)
    }

    public func wipe() { text.wipe() }
}

/// Puts an alert on the terminal, runs it until it is answered, and leaves the terminal as it
/// found it. The only place that reads keys and writes frames.
public final class PromptSession {
    private let tty: TTY
    private var state: PromptState
    private let content: AlertContent
    private let appearance: Appearance
    private var layout: AlertLayout
    private var decoder = KeyDecoder()
    private var renderer = ScreenRenderer()
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 65536, alignment: 16)
    private var events: [InputEvent] = []
    private var signalFD: Int32 = -1

    /// How long to wait for the rest of an escape sequence before taking ESC as the Escape key.
    static let escapeTimeoutMilliseconds: Int32 = 50
    /// Everything that puts the terminal back, for the crash guard.
    static let crashReset = ANSI.restoreCursor + ANSI.eraseBelow + ANSI.leave

    /// Opens the controlling terminal. Throws `TerminalError.noTerminal` at once when there is none.
    public init(spec: PromptSpec, appearance: Appearance) throws {
        tty = try TTY()
        state = PromptState(spec: spec)
        self.appearance = appearance
        content = AlertContent(spec: spec, charset: appearance.charset, usesColor: appearance.usesColor)
        layout = AlertLayout(content: content, size: tty.size(), preferredWidth: appearance.preferredWidth)
        state.buttonsStacked = layout.buttonsStacked
        events.reserveCapacity(readBuffer.count)
    }

    deinit {
        explicit_bzero(readBuffer.baseAddress!, readBuffer.count)
        readBuffer.deallocate()
    }

    /// Runs the alert to its end. The terminal is restored before this returns, whatever happened.
    public func run() throws -> Response {
        if state.spec.isSecure { SecretHygiene.enter() }
        signalFD = Signals.install()
        try tty.enterRawMode()
        Signals.armCrashGuard(tty: tty, reset: Self.crashReset)
        tty.write(ANSI.pasteOn)
        draw()

        var outcome: Outcome?
        while outcome == nil {
            var descriptors = [pollfd(fd: tty.fd, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0)]
            let timeout = decoder.isAwaitingMore ? Self.escapeTimeoutMilliseconds : -1
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                outcome = .interrupted(signal: SIGHUP)
                break
            }
            if ready == 0 {
                // Nothing followed: a lone ESC is the Escape key.
                decoder.feed(UnsafeRawBufferPointer(start: nil, count: 0), moreAvailable: false, into: &events)
                outcome = processEvents()
                continue
            }
            if descriptors[1].revents & Int16(POLLIN) != 0 {
                for signal in Signals.drain(signalFD) where outcome == nil { outcome = handle(signal: signal) }
                if outcome != nil { break }
            }
            if descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
                let count = read(tty.fd, readBuffer.baseAddress, readBuffer.count)
                if count > 0 {
                    decoder.feed(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]), moreAvailable: true, into: &events)
                    explicit_bzero(readBuffer.baseAddress!, count)
                    outcome = processEvents()
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    outcome = .interrupted(signal: SIGHUP)  // the terminal hung up
                }
            }
        }
        leave()
        decoder.reset()
        if state.spec.isSecure { SecretHygiene.leave() }
        let response = Response(outcome: outcome!, text: state.editor.text)
        if !response.outcome.printsAnswer { response.wipe() }
        return response
    }

    /// Applies the decoded events; stops at the first that ends the alert.
    private func processEvents() -> Outcome? {
        defer {
            events.withUnsafeMutableBytes { if let base = $0.baseAddress { explicit_bzero(base, $0.count) } }
            events.removeAll(keepingCapacity: true)
        }
        var bell = false
        for event in events {
            switch state.handle(event) {
            case .proceed: break
            case .bell: bell = true
            case .redraw:
                tty.write(renderer.end())
                renderer.invalidate()
            case .suspend: if let outcome = suspend() { return outcome }
            case let .finish(outcome): return outcome
            }
        }
        draw()
        if bell { tty.write(ANSI.bell) }
        return nil
    }

    private func handle(signal: Int32) -> Outcome? {
        switch signal {
        case SIGWINCH:
            tty.write(renderer.end())
            draw()
        case SIGTSTP:
            return suspend()
        case SIGCONT:
            resume()
        default:
            return .interrupted(signal: signal)
        }
        return nil
    }

    /// Ctrl-Z: give the terminal back as it was and stop. Once continued — or at once, when
    /// the kernel discards the stop because no shell could continue us (an orphaned process
    /// group) — the alert comes back.
    private func suspend() -> Outcome? {
        tty.write(renderer.end() + ANSI.leave)
        renderer.invalidate()
        tty.restore()
        Signals.stopSelf()
        resume()
        var outcome: Outcome?
        for signal in Signals.drain(signalFD) where signal != SIGCONT && outcome == nil {
            outcome = handle(signal: signal)
        }
        return outcome
    }

    /// Back from a stop (ours or anyone's): the shell may have reset the terminal and written
    /// over the alert meanwhile.
    private func resume() {
        try? tty.enterRawMode()
        tty.write(renderer.end() + ANSI.pasteOn)
        renderer.invalidate()
        draw()
    }

    private func draw() {
        let size = tty.size()
        if size != layout.size {
            layout = AlertLayout(content: content, size: size, preferredWidth: appearance.preferredWidth)
            state.buttonsStacked = layout.buttonsStacked
        }
        let (screen, scroll) = layout.render(state)
        state.fieldScroll = scroll
        tty.write(renderer.frame(screen))
    }

    /// Erases the alert, puts the cursor back, restores the settings.
    private func leave() {
        tty.write(renderer.end() + ANSI.leave)
        tty.restore()
        Signals.disarmCrashGuard()
    }
}

/// What secure entry changes in the process while a secret is in memory: no core dumps, and
/// no ptrace or /proc/PID/mem reads by other processes of the same user.
enum SecretHygiene {
    nonisolated(unsafe) private static var savedCoreLimit = rlimit()

    static func enter() {
        getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &savedCoreLimit)
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &none)
        _ = ask_set_dumpable(0)
    }

    static func leave() {
        // The limit stays at zero (a hard limit cannot be raised again); dumpable stays off until exit.
    }
}
