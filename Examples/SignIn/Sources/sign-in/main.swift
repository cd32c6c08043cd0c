import AskKit

// Asks for a user name and a password in one alert, then hands both to another program on a
// pipe (here descriptor 1), a line each, without ever making the password a String.

var user = TextAlert.Field(label: "User name", placeholder: "Jane Appleseed")
user.isRequired = true
var password = TextAlert.Field(label: "Password", isSecure: true)
password.isRequired = true

var alert = TextAlert(title: "Sign In", message: "Your account", fields: [user, password], acceptLabel: "Log In")
alert.fallback = .standardInput  // no terminal (a CI job): a line per field from stdin instead
alert.timeout = 60

do {
    switch try alert.present() {
    case let .accepted(answer):
        // Each field's answer is lent by `answer.withAnswer(at:)`; the password's `text` is nil.
        try answer.write(to: 1, ending: [0x0A])  // both wiped when `answer` goes away
    case .timedOut:
        print("Too slow.")
    default:
        print("Cancelled.")
    }
} catch {
    print("sign-in: \(error)")  // no terminal and no stdin, say
}
