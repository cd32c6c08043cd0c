import AskCommandLine
import AskLayout
import AskModel
import AskText
import AskSystem
import Testing
import Glibc
@testable import AskKit

/// Cases found in review, each kept so it cannot come back.
struct ReviewFindingsTests {
    @Test(arguments: [
        ("[sudo] password for appuser: ", false),
        ("Password for 'https://username@github.com': ", false),
        ("Enter PIN for 'yubikey': ", false),
        ("Enter passphrase for key '/home/user/.ssh/id': ", false),
        ("Username for 'https://example.com': ", true),
        ("User name: ", true),
        ("login: ", true),
        ("user: ", true),
    ])
    func askpassAsksForAUserNameOnlyWhenNoSecretIsMentioned(prompt: String, userName: Bool) {
        #expect(Askpass.asksForUserName(prompt) == userName)
        let spec = Askpass.spec(prompt: prompt, environment: [:])
        #expect(spec.isSecure == !userName)
        #expect(spec.title == (userName ? "User Name" : "Password"))
    }

    @Test(arguments: [
        ("ask-askpass", true), ("/usr/lib/ask/ssh-askpass", true), ("SSH-ASKPASS", true), ("x/Askpass", true),
        ("askpass", true), ("ask", false), ("/usr/bin/ask", false), ("askpass/ask", false), ("askpas", false),
        ("", false), ("/", false), ("askpass.sh", false), ("ask-askpa\u{17F}s", false), ("ask-ask\u{D0}ass", false),
    ])
    func askpassModeFollowsTheProgramsName(name: String, isHelper: Bool) {
        #expect(Askpass.isHelperName(name) == isHelper)
    }

    @Test func anExplicitSecureStaysSecureInAskpassMode() throws {
        let command = try ArgumentParser().parse(["--secure", "--askpass", "Username for 'https://example.com': "])
        guard case let .prompt(invocation) = command else { Issue.record("not a prompt"); return }
        let spec = invocation.spec
        #expect(spec.isSecure)
        #expect(spec.title == "Password")
    }

    @Test func anEmptyMaskHidesTheLengthFromTheCounterToo() {
        var spec = PromptSpec()
        spec.isSecure = true
        spec.mask = ""
        spec.validation.maximumLength = 12
        var state = PromptState(spec: spec)
        for scalar in "0123456789".unicodeScalars { _ = state.handle(.character(scalar)) }
        #expect(state.counter == nil)
        spec.mask = nil
        state = PromptState(spec: spec)
        for scalar in "0123456789".unicodeScalars { _ = state.handle(.character(scalar)) }
        #expect(state.counter == "10/12")
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("a\u{1B}[2Jb", "a[2Jb"),
        ("one\r\ntwo\nthree\n", "one two three"),
        ("\ntab\there", "tab here"),
        ("c1\u{9B}x\u{7F}y", "c1xy"),
        ("é 中 😀", "é 中 😀"),
    ])
    func valueIsTakenLikeAPaste(value: String, field: String) {
        #expect(PromptState.asPasted(value) == field)
        var spec = PromptSpec()
        spec.value = value
        #expect(PromptState(spec: spec).editor.text.string == field)
    }

    @Test func theOneLineLayoutShowsAnErrorInsteadOfTheTitle() {
        var spec = PromptSpec(title: "Name")
        spec.validation.isRequired = true
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: false)
        // Two rows: the line, and the anchor above it (with more, the error gets its own line).
        var layout = AlertLayout(content: content, size: TerminalSize(rows: 2, columns: 40))
        var state = PromptState(spec: spec)
        #expect(layout.isCompact)
        #expect(layout.render(state).lines == ["Name:"])
        _ = state.handle(.key(.enter))
        #expect(layout.render(state).lines[0].hasPrefix("An answer is required:"))
        #expect(layout.render(state, countdown: 7).lines[0].hasSuffix(" 7s"))
    }

    @Test func aConfirmationWithATimeoutHasARowForTheCountdown() {
        var spec = PromptSpec(title: "Continue deploy?")
        spec.hasField = false
        let content = AlertContent(spec: spec, charset: .utf8, usesColor: false, timeout: 30)
        var layout = AlertLayout(content: content, size: TerminalSize(rows: 24, columns: 80))
        let state = PromptState(spec: spec)
        #expect(layout.render(state, countdown: 9).lines.contains { $0.hasSuffix("9s │") })
    }

    @Test func messagesOnStderrShowControlCharacters() {
        #expect(DisplayText.visible("invalid value '\u{1B}[2J' for '--color'") == "invalid value '^[[2J' for '--color'")
        #expect(DisplayText.visible("bell\u{7}\u{9B}x\u{202E}y") == "bell^G\u{FFFD}xy")
    }

    /// A signal ignored at start (SIGHUP under nohup) stays ignored after the prompt, as it
    /// stayed ignored during it: uninstalling puts back only what was caught.
    @Test func aSignalIgnoredAtStartStaysIgnoredAfterwards() {
        let previous = signal(SIGHUP, SIG_IGN)
        defer { signal(SIGHUP, previous) }
        _ = Signals.install([SIGHUP], secret: false)
        Signals.uninstall([SIGHUP])
        var action = sigaction()
        sigaction(SIGHUP, nil, &action)
        #expect(unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self))
    }
}
