#ifndef ASK_TEST_SUPPORT_H
#define ASK_TEST_SUPPORT_H

#include <sys/resource.h>
#include <sys/types.h>

/// Attaches to `pid` with PTRACE_SEIZE, asking to be stopped when it is about to exit
/// (PTRACE_O_TRACEEXIT), while its memory is still there. Returns 0 or -1.
int ask_test_seize(pid_t pid);

/// Looks once (WNOHANG) at the traced `pid`. Returns 0: nothing new; 1: stopped at its exit
/// (memory readable); 2: exited or killed (*status set, as from waitpid); -1: error. Any other
/// stop is continued with its signal passed on. `usage` (may be NULL) receives the resources
/// used, once it has ended.
int ask_test_poll_trace(pid_t pid, int *status, struct rusage *usage);

/// Lets a tracee stopped at its exit go on.
int ask_test_continue(pid_t pid);

/// Whether any process still has an end of the pipe with this inode open, for reading
/// (`access` O_RDONLY) or writing (O_WRONLY), looked up in /proc. Returns 1 or 0, or -1 if /proc
/// cannot be read.
int ask_test_pipe_end_is_open(ino_t inode, int access);

/// What `pid`'s main thread is blocked in, from /proc/PID/syscall. Returns 1: waiting for input
/// with no time limit (poll with timeout -1, or ppoll with none); 2: waiting for input with a time
/// limit; 0: anything else (running, in another call); -1: /proc cannot say.
int ask_test_input_wait(pid_t pid);

#endif
