import Glibc

// jobshell PROGRAM [ARGS...]: what an interactive shell does for a foreground job, and no more.
// Runs PROGRAM in its own process group with the terminal (fd 0) given to it. Each time it
// stops, writes "stopped, settings restored: yes|no" to stderr (comparing the terminal's
// settings with those from before it started), takes the terminal back, gives it again and
// continues it. Exits with PROGRAM's status, or "signal N" on stderr and 128+N.

func say(_ text: String) {
    var text = text + "\n"
    _ = text.withUTF8 { write(2, $0.baseAddress, $0.count) }
}

func same(_ a: termios, _ b: termios) -> Bool {
    var a = a, b = b
    return a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_cflag == b.c_cflag && a.c_lflag == b.c_lflag
        && withUnsafeBytes(of: &a.c_cc) { x in withUnsafeBytes(of: &b.c_cc) { y in x.elementsEqual(y) } }
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard !arguments.isEmpty else {
    say("usage: jobshell PROGRAM [ARGS...]")
    exit(2)
}
signal(SIGTTOU, SIG_IGN)  // so that the shell may take the terminal back while in the background
var before = termios()
tcgetattr(0, &before)

// As shells do, both sides put the child in its own group and give it the terminal, so the
// program never starts in the background (where setting up the terminal would stop it).
let argv = arguments.map { strdup($0) } + [nil]
let child = fork()
if child == 0 {
    setpgid(0, 0)
    tcsetpgrp(0, getpid())
    signal(SIGTTOU, SIG_DFL)
    execv(argv[0]!, argv)
    _exit(127)
}
guard child > 0 else {
    say("jobshell: cannot start \(arguments[0])")
    exit(127)
}
setpgid(child, child)
tcsetpgrp(0, child)

while true {
    var status: Int32 = 0
    guard waitpid(child, &status, WUNTRACED) == child else {
        if errno == EINTR { continue }
        say("jobshell: waitpid failed")
        exit(125)
    }
    if status & 0xFF == 0x7F {
        tcsetpgrp(0, getpgrp())
        var now = termios()
        tcgetattr(0, &now)
        say("stopped, settings restored: \(same(before, now) ? "yes" : "no")")
        tcsetpgrp(0, child)
        kill(-child, SIGCONT)
        continue
    }
    tcsetpgrp(0, getpgrp())
    if status & 0x7F == 0 { exit((status >> 8) & 0xFF) }
    say("signal \(status & 0x7F)")
    exit(128 + (status & 0x7F))
}
