import AskKit
import Glibc

// A program that uses AskKit as any other would, through its public API only, for the
// end-to-end tests of `TextAlert`: it presents the alert its arguments describe, says how it
// was answered, then what the process is left with (signal handlers, core dumps, dumpability).
//
//   alertdemo [fields] [secure] [ignore-int] [fallback-text] [fallback-stdin] [timeout]
//   alertdemo sheet [multiple] [required] [empty] [ignore-int] [fallback-selected] [fallback-stdin] [timeout]
//                   [query] [no-sort]
//
// `fields`: a sign-in of two fields, a user name (required; secure too with `secure`) and a
// password (always secure), each answer said and written on its own, then all in one write.
// `sheet`: an action sheet of Archive, Delete (destructive, so shown first) and Move, Move
// selected (with `multiple`, a checklist with Archive and Move marked); `empty`: no actions.

let arguments = Set(CommandLine.arguments.dropFirst())
if arguments.contains("ignore-int") { signal(SIGINT, SIG_IGN) }
var coreBefore = rlimit()
getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &coreBefore)

var alert = TextAlert(title: "Demo", message: "Say something", placeholder: "here", text: "start",
                      isSecure: arguments.contains("secure"))
if arguments.contains("fields") {
    var user = TextAlert.Field(label: "User", placeholder: "name", text: "start", isSecure: arguments.contains("secure"))
    user.isRequired = true
    alert = TextAlert(title: "Demo", message: "Sign in", fields: [user, TextAlert.Field(label: "Password", isSecure: true)])
}
if arguments.contains("fallback-text") { alert.fallback = .text }
if arguments.contains("fallback-stdin") { alert.fallback = .standardInput }
if arguments.contains("timeout") { alert.timeout = 0.5 }

func say(_ text: String, ending: String = "\n") {
    var text = text + ending
    text.withUTF8 { _ = write(1, $0.baseAddress, $0.count) }
}

/// The action sheet: says how it was answered, by the actions' indices and titles.
func presentSheet() {
    let actions: [ActionSheet.Action] = arguments.contains("empty") ? []
        : [ActionSheet.Action("Archive", detail: arguments.contains("detail") ? "Kept, out of the way" : nil),
           ActionSheet.Action("Delete", style: .destructive), ActionSheet.Action("Move")]
    var sheet = ActionSheet(title: "Demo", message: "The message", actions: actions)
    sheet.allowsMultipleSelection = arguments.contains("multiple")
    sheet.isSelectionRequired = arguments.contains("required")
    if arguments.contains("limit") { sheet.selectionLimit = 2 }
    sheet.selectedIndices = sheet.allowsMultipleSelection ? [2, 0] : [2]
    if arguments.contains("fallback-selected") { sheet.fallback = .selected }
    if arguments.contains("fallback-stdin") { sheet.fallback = .standardInput }
    if arguments.contains("timeout") { sheet.timeout = 0.5 }
    if arguments.contains("query") { sheet.query = "v" }
    if arguments.contains("no-sort") { sheet.sortsMatches = false }
    do {
        switch try sheet.present() {
        case let .chosen(indices): say("chosen \(indices) " + indices.map { actions[$0].title }.joined(separator: ","))
        case .cancelled: say("cancelled")
        case .timedOut: say("timed out")
        case let .interrupted(signal): say("interrupted \(signal)")
        }
    } catch {
        say("failed \(error) noTerminal=\(error.isNoTerminal)")
    }
}

/// The text alert: says how it was answered, and writes the answer.
func present(_ alert: TextAlert) {
    do {
        switch try alert.present() {
        case let .accepted(answer) where answer.count > 1:
            say("accepted count=\(answer.count)")
            for index in 0..<answer.count {
                try answer.withAnswer(at: index) { field throws(TextAlert.Failure) in
                    say("\(index) secret=\(field.isSecret) text=\(field.text ?? "-")", ending: ": ")
                    try field.write(to: 1, ending: [0x0A])
                }
            }
            try answer.write(to: 1, ending: [0x3B])
            say("")
        case let .accepted(answer):
            say("accepted secret=\(answer.isSecret) text=\(answer.text ?? "-")")
            try answer.write(to: 1, ending: [0x0A])
        case let .secondary(answer):
            say("secondary \(answer.text ?? "-")")
        case .cancelled:
            say("cancelled")
        case .timedOut:
            say("timed out")
        case let .interrupted(signal):
            say("interrupted \(signal)")
        }
    } catch {
        say("failed \(error) noTerminal=\(error.isNoTerminal)")
    }
}

if arguments.contains("sheet") { presentSheet() } else { present(alert) }

// What is left of the alert in the process.
var core = rlimit()
getrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &core)
say("core \(core.rlim_cur == coreBefore.rlim_cur && core.rlim_max == coreBefore.rlim_max ? "restored" : "changed")")
var action = sigaction()
sigaction(SIGINT, nil, &action)
let handler = unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
say("sigint \(handler == unsafeBitCast(SIG_IGN, to: Int.self) ? "ignored" : handler == 0 ? "default" : "caught")")
say("sigpipe \(unsafeBitCast(signal(SIGPIPE, SIG_DFL), to: Int.self) == 0 ? "default" : "changed")")
