import AskSystem
import Glibc
import Testing

/// A command is found as the shell finds it, before anything starts: so a program not found is
/// the same error on every machine, under qemu-user too.
struct ChildProcessTests {
    @Test(arguments: [
        ("sh", nil),
        ("no-such-command-here", ENOENT),
        ("/bin/sh", nil),
        ("/no/such/program", ENOENT),
        ("/tmp", EACCES),
        ("/etc/passwd", EACCES),
    ] as [(String, Int32?)])
    func aProgramIsFoundAsTheShellFindsIt(_ program: String, _ error: Int32?) {
        #expect(ChildProcess.findProblem(program)?.code == error)
    }
}
