#ifndef ASK_TEST_SUPPORT_H
#define ASK_TEST_SUPPORT_H

#include <spawn.h>
#include <stddef.h>
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

/// Lets the traced `pid` take the signal `signo` (already sent, not yet delivered), passing on
/// any other stop meanwhile. With `stop_at_handler_return`, stops it again as that signal's
/// handler returns (at the entry of rt_sigreturn), while the frame the kernel wrote for the
/// handler, with every register the program had, is still in memory (go on with
/// `ask_test_return_from_handler`); a stop signal returns once the program has stopped and been
/// let go on. `vector_value` (16 bytes, or NULL) goes into every vector register just before the
/// signal is delivered, as if the program had just copied it, and what they held into `saved`
/// (`ask_test_vector_state_size` bytes; x86_64 only: elsewhere planting fails). Returns 0, or
/// -1 on an error or after `milliseconds`.
int ask_test_deliver(pid_t pid, int signo, int stop_at_handler_return, const unsigned char *vector_value,
                     unsigned char *saved, int milliseconds);

/// Lets a tracee stopped by `ask_test_deliver` at its handler's return go on; the vector
/// registers get back what they held before the planting (`saved`, or NULL when nothing was
/// planted), so that the planted value was in them only while the signal came.
int ask_test_return_from_handler(pid_t pid, const unsigned char *saved, int milliseconds);

/// The size of the vector register state `ask_test_deliver` saves (0 where it cannot plant).
size_t ask_test_vector_state_size(void);

/// Lets a tracee stopped at its exit go on.
int ask_test_continue(pid_t pid);

/// What `pid`'s main thread is blocked in, from /proc/PID/syscall. Returns 1: waiting for input
/// with no time limit (poll with timeout -1, ppoll or select with none, a read of standard input); 2: waiting for input with a time
/// limit; 0: anything else (running, in another call); -1: /proc cannot say.
int ask_test_input_wait(pid_t pid);

/// posix_spawn_file_actions_addclosefrom_np (a GNU extension, not imported into Swift): the
/// child closes every descriptor from `from` up before its exec.
int ask_test_spawn_close_from(posix_spawn_file_actions_t *actions, int from);

#endif
