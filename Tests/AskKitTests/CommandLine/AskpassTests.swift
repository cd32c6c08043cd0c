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

/// `ask` started as an askpass helper: what the client passed becomes the alert.
struct AskpassTests {
    /// The spec `ask` builds when started as `name` with `arguments`.
    static func spec(_ arguments: [String], name: String = "ask-askpass", environment: Environment = [:]) throws -> PromptSpec {
        try invocation(arguments, name: name, environment: environment).spec
    }

    /// The invocation `ask` builds when started as `name` with `arguments`.
    static func invocation(_ arguments: [String], name: String = "ask-askpass", environment: Environment = [:]) throws -> Invocation {
        let command = try ArgumentParser(environment: environment, programName: name).parse(arguments)
        guard case let .prompt(invocation) = command else {
            Issue.record("\(arguments) under \(name) is not a prompt: \(command)")
            return Invocation()
        }
        return invocation
    }

    struct NameCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let message: String
        let secure: Bool
        var testDescription: String { arguments.map { "'\($0)'" }.joined(separator: " ") }

        init(_ arguments: [String], _ message: String, secure: Bool = true) {
            self.arguments = arguments
            self.message = message
            self.secure = secure
        }
    }

    /// Under an askpass name every argument is prompt text, however much it looks like an option
    /// (sudo's `-p` sets the prompt to anything); several are joined with spaces; none is an
    /// alert with no message.
    @Test(arguments: [
        NameCase(["--> password: "], "--> password:"),
        NameCase(["-n"], "-n"),
        NameCase(["--help"], "--help"),
        NameCase(["--version"], "--version"),
        NameCase(["-"], "-"),
        NameCase(["--"], "--"),
        NameCase(["--title=x"], "--title=x"),
        NameCase(["--secure"], "--secure"),
        NameCase(["--askpass", "a"], "--askpass a"),
        NameCase(["Enter PIN", "for key:"], "Enter PIN for key:"),
        NameCase(["-t", "Title", "--", "-m"], "-t Title -- -m"),
        NameCase([], ""),
        NameCase(["login: "], "login:", secure: false),
        NameCase(["-> Username for 'https://example.com': "], "-> Username for 'https://example.com':", secure: false),
    ])
    func everyArgumentIsPromptText(_ example: NameCase) throws {
        let invocation = try Self.invocation(example.arguments)
        let spec = invocation.spec
        #expect(spec.message == example.message)
        #expect(spec.fields[0].isSecure == example.secure)
        #expect(spec.hasField)
        #expect(invocation.terminator == .newline)
        #expect(spec.title == (example.secure ? "Password" : "User Name"))
    }

    /// The option keeps working, with a prompt that looks like an option too.
    @Test(arguments: [
        (["--askpass", "--> password: "], "--> password:"),
        (["--askpass=-n"], "-n"),
        (["--askpass", "-n", "-n"], "-n"),
    ])
    func theOptionTakesAnyPrompt(arguments: [String], message: String) throws {
        let spec = try Self.spec(arguments, name: "ask")
        #expect(spec.message == message)
        #expect(spec.fields[0].isSecure)
    }

    /// The option form still reads its other options.
    @Test func theOptionFormReadsOtherOptions() throws {
        let invocation = try Self.invocation(["--askpass", "Prompt:", "-n", "--title", "Vault"], name: "/usr/bin/ask")
        let spec = invocation.spec
        #expect(invocation.terminator == .none)
        #expect(spec.title == "Vault")
        #expect(spec.message == "Prompt:")
    }

    static let hostKeyPrompt = """
        The authenticity of host 'example.com (192.0.2.1)' can't be established.
        ED25519 key fingerprint is SHA256:6zJ0vYcVw0Yv0u9r2l0mB7q3bXfQx5WnE1cGdKpTqHs.
        This key is not known by any other names.
        Are you sure you want to continue connecting (yes/no/[fingerprint])? 
        """

    struct QuestionCase: Sendable, CustomTestStringConvertible {
        let prompt: String
        let isYesNo: Bool
        var testDescription: String { prompt.debugDescription }

        init(_ prompt: String, _ isYesNo: Bool) {
            self.prompt = prompt
            self.isYesNo = isYesNo
        }
    }

    /// A question answered yes or no (OpenSSH's host-key question, older OpenSSH's, and any
    /// prompt ending so) is told from a request for a secret.
    @Test(arguments: [
        QuestionCase(hostKeyPrompt, true),
        QuestionCase("Are you sure you want to continue connecting (yes/no)? ", true),
        QuestionCase("Are you sure you want to continue connecting (yes/no/[fingerprint])?", true),
        QuestionCase("Save the password? (Yes/No)? ", true),
        QuestionCase("Continue [yes/no]? ", true),
        QuestionCase("Overwrite (yes/no): ", true),
        QuestionCase("Remember this passphrase (yes/no)?\n", true),
        QuestionCase("Enter passphrase for key '/k': ", false),
        QuestionCase("[sudo] password for jane: ", false),
        QuestionCase("Password (yes/no are not passwords): ", false),
        QuestionCase("yes/no? ", false),
        QuestionCase("Pick (no/yes)? ", false),
        QuestionCase("Continue (y/n)? ", false),
        QuestionCase("(yes/no)", true),
        QuestionCase("", false),
        QuestionCase("?", false),
        QuestionCase("()?", false),
    ])
    func yesNoQuestionsAreRecognised(_ example: QuestionCase) {
        #expect(Askpass.isYesNoQuestion(example.prompt) == example.isYesNo)
    }

    /// A yes/no question is asked in clear, under a title that says so; the answer is typed.
    @Test func theHostKeyQuestionIsAskedInClear() throws {
        let spec = try Self.spec([Self.hostKeyPrompt])
        #expect(!spec.fields[0].isSecure)
        #expect(spec.title == "Confirm")
        #expect(spec.hasField)
        #expect(spec.message.hasSuffix("(yes/no/[fingerprint])?"))
        #expect(spec.message.hasPrefix("The authenticity of host"))
    }

    /// `--secure` wins over the question, as it does over a user name.
    @Test func secureWinsOverAQuestion() throws {
        let spec = try Self.spec(["--secure", "--askpass", "Continue (yes/no)? "], name: "ask")
        #expect(spec.fields[0].isSecure)
        #expect(spec.title == "Password")
    }

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
        #expect(spec.fields[0].isSecure == !userName)
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
        #expect(spec.fields[0].isSecure)
        #expect(spec.title == "Password")
    }
}
