import AskChoices
import AskCommandLine
import AskFields
import AskGauge
@testable import AskKit
import AskLayout
import AskModel
import AskRender
import AskSession
import AskPresentation
import AskSystem
import AskText
import AskTextBox
import Glibc
import Testing

/// The system layer's signals, as a program that embeds the alert sees them.
struct SignalsTests {

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
