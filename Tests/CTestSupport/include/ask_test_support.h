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

#endif
