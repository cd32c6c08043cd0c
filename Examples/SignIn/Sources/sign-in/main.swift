import AskKit

// Asks for a user name, then a password, and hands the password to another program on a
// pipe (here descriptor 1) without ever making it a String.

var name = TextAlert(title: "Sign In", message: "Your account", placeholder: "Jane Appleseed")
name.isRequired = true
name.fallback = .standardInput  // no terminal (a CI job): a line from stdin instead

var password = TextAlert(title: "Sign In", message: "Password", acceptLabel: "Log In", isSecure: true)
password.fallback = .standardInput
password.timeout = 60

do {
    if case let .accepted(user) = try name.present() {
        print("Signing in as \(user.text ?? "")")
        switch try password.present() {
        case let .accepted(secret):
            try secret.write(to: 1, ending: [0x0A])  // wiped when `secret` goes away
        case .timedOut:
            print("Too slow.")
        default:
            print("Cancelled.")
        }
    } else {
        print("Cancelled.")
    }
} catch {
    print("sign-in: \(error)")  // no terminal and no stdin, say
}
