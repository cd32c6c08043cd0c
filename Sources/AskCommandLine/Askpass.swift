import AskChoices
import AskFields
import AskKit
import AskGauge
import AskModel
import AskPresentation
import AskTextBox

/// `ask` as an askpass helper: what SSH_ASKPASS, SUDO_ASKPASS and GIT_ASKPASS programs are run
/// as. The client runs `helper "Prompt text: "` and reads one line from the helper's stdout.
/// (sudo's `-p` lets the prompt be anything, `-n` or `--> password: ` included: under an
/// askpass name no argument is an option.)
package enum Askpass {
    /// Whether `ask` was started under a name ending in `askpass` (a link such as `ask-askpass`).
    package static func isHelperName(_ argument0: String) -> Bool {
        // ASCII letters folded to lower case: "ASKPASS" and "Askpass" count too.
        ProgramName.endsIn("askpass", argument0)
    }

    /// The alert for `prompt`: the prompt becomes the message; entry is secure unless the
    /// prompt asks for a user name or a yes/no question. OpenSSH's `SSH_ASKPASS_PROMPT` asks for a confirmation
    /// (`confirm`: OK or Cancel, no field) or a notice (`none`: shown until a key is pressed or
    /// the helper is ended).
    package static func spec(prompt: String, environment: Environment, base: PromptSpec = PromptSpec()) -> PromptSpec {
        var spec = base
        var message = prompt
        while message.last == " " || message.last == "\n" { message.removeLast() }
        spec.message = message
        var question = false
        switch environment["SSH_ASKPASS_PROMPT"] {
        case "confirm":
            spec.editFields { $0 = [] }
        case "none":
            spec.editFields { $0 = [] }
            spec.cancelLabel = nil
            spec.closesOnAnyKey = true
        default:
            // Secure unless the prompt plainly asks for a user name or a yes/no question (an
            // answer of yes shown as dots helps nobody); an explicit --secure stays.
            question = isYesNoQuestion(prompt)
            let secure = base.hasSecret || !(question || asksForUserName(prompt))
            spec.editFields { if !$0.isEmpty { $0[0].isSecure = secure } }
        }
        if spec.title.isEmpty {
            switch environment["SSH_ASKPASS_PROMPT"] {
            case "confirm": spec.title = "Confirm"
            case "none": spec.title = "Notice"
            default: spec.title = spec.hasSecret ? "Password" : question ? "Confirm" : "User Name"
            }
        }
        return spec
    }

    /// `Username for 'https://example.com': `, `login: `, `User name:` — and never a prompt that
    /// mentions a password, passphrase, PIN or passcode (`[sudo] password for appuser: `,
    /// `Password for 'https://username@host': `).
    package static func asksForUserName(_ prompt: String) -> Bool {
        let lowered = prompt.lowercased()
        for secretWord in ["password", "passphrase", "passcode", "passwort", "secret", "token"] where contains(lowered, secretWord) {
            return false
        }
        let words = lowered.split { !$0.isLetter }
        if words.contains("pin") { return false }
        if contains(lowered, "username") || contains(lowered, "user name") { return true }
        var trimmed = Substring(lowered)
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        return trimmed.hasSuffix("login:") || trimmed.hasSuffix("user:")
    }

    /// A question answered by typing yes or no: its last words are a list of answers in
    /// parentheses or brackets that starts with yes and no, before a final `?` or `:` —
    /// OpenSSH's `Are you sure you want to continue connecting (yes/no/[fingerprint])? `, older
    /// OpenSSH's `(yes/no)? `, `Overwrite [yes/no]: `.
    package static func isYesNoQuestion(_ prompt: String) -> Bool {
        var text = Substring(prompt.lowercased())
        while let last = text.last, last == " " || last == "\n" || last == "\t" { text = text.dropLast() }
        if text.last == "?" || text.last == ":" { text = text.dropLast() }
        guard let close = text.last, close == ")" || close == "]" else { return false }
        text = text.dropLast()
        guard let open = text.lastIndex(of: close == ")" ? "(" : "[") else { return false }
        let answers = text[text.index(after: open)...].split(separator: "/", omittingEmptySubsequences: false)
        return answers.count >= 2 && answers[0] == "yes" && answers[1] == "no"
    }

    /// Substring search by bytes (String.contains(String) brings in costly generic machinery).
    static func contains(_ text: String, _ part: String) -> Bool {
        let haystack = Array(text.utf8), needle = Array(part.utf8)
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
