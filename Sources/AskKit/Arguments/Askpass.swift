/// `ask` as an askpass helper: what SSH_ASKPASS, SUDO_ASKPASS and GIT_ASKPASS programs are run
/// as. The client runs `helper "Prompt text: "` and reads one line from the helper's stdout.
public enum Askpass {
    /// Whether `ask` was started under a name ending in `askpass` (a link such as `ask-askpass`).
    public static func isHelperName(_ argument0: String) -> Bool {
        let name = argument0.split(separator: "/").last.map(String.init) ?? argument0
        return name.lowercased().hasSuffix("askpass")
    }

    /// The alert for `prompt`: the prompt becomes the message; entry is secure unless the
    /// prompt asks for a user name. OpenSSH's `SSH_ASKPASS_PROMPT` asks for a confirmation
    /// (`confirm`: OK or Cancel, no field) or a notice (`none`: shown until a key is pressed or
    /// the helper is ended).
    public static func spec(prompt: String, environment: Environment, base: PromptSpec = PromptSpec()) -> PromptSpec {
        var spec = base
        var message = prompt
        while message.last == " " || message.last == "\n" { message.removeLast() }
        spec.message = message
        if spec.title.isEmpty { spec.title = title(for: prompt, environment: environment) }
        switch environment["SSH_ASKPASS_PROMPT"] {
        case "confirm":
            spec.hasField = false
        case "none":
            spec.hasField = false
            spec.cancelLabel = nil
            spec.closesOnAnyKey = true
        default:
            spec.isSecure = !asksForUserName(prompt)
        }
        return spec
    }

    /// `Username for 'https://example.com': `, `login: `, `User name:`.
    public static func asksForUserName(_ prompt: String) -> Bool {
        let lowered = prompt.lowercased()
        if lowered.contains("username") || lowered.contains("user name") { return true }
        var trimmed = Substring(lowered)
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        return trimmed.hasSuffix("login:") || trimmed.hasSuffix("user:")
    }

    private static func title(for prompt: String, environment: Environment) -> String {
        switch environment["SSH_ASKPASS_PROMPT"] {
        case "confirm": return "Confirm"
        case "none": return "Notice"
        default: return asksForUserName(prompt) ? "User Name" : "Password"
        }
    }
}
