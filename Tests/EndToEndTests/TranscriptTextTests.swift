import AskChoices
import AskFields
import AskGauge
import AskKit
import AskPresentation
import AskTextBox
import TestSupport
import Testing

/// What reaches the terminal reads as the text shown: the words of the title, the message and
/// the placeholder keep their spaces in the bytes (not cursor jumps between them), so a script
/// that waits for a phrase, as `expect "password for"` does, finds it.
@Suite struct TranscriptTextTests {
    @Test(arguments: [
        (["--title", "Server Password", "--message", "Enter the password for \"me\" on registry.", "--secure"],
         ["Server Password", "Enter the password for \"me\" on registry."]),
        (["--title", "Account", "--message", "Your name", "--placeholder", "Jane Appleseed"],
         ["Your name", "Jane Appleseed"]),
        // Wrapped onto two rows: each row's words keep their spaces.
        (["--message", "Type the name of the branch to delete, then press Return to delete it for good"],
         ["Type the name of the branch to delete, then press Return to", "delete it for good"]),
    ])
    func phrasesAreWrittenAsTheyRead(arguments: [String], phrases: [String]) throws {
        let process = try PtyProcess(arguments, screen: "$ ask\n")
        #expect(process.waitForScreen("╰"))
        process.type("\u{1B}")
        #expect(process.waitForExit() == .exited(1))
        for phrase in phrases {
            #expect(process.transcriptText.contains(phrase), "\(phrase) in \(process.transcriptText.debugDescription)")
        }
    }
}
