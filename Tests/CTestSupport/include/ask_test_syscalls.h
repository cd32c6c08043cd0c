#ifndef ASK_TEST_SYSCALLS_H
#define ASK_TEST_SYSCALLS_H

#include <sys/types.h>

/// Has the traced `pid` (seized by `ask_test_seize`) stop at the entry of every system call
/// from now on: interrupts it, adds PTRACE_O_TRACESYSGOOD and resumes it with PTRACE_SYSCALL.
/// Returns 0 or -1.
int ask_test_trace_syscalls(pid_t pid);

/// Runs a process traced by `ask_test_trace_syscalls` until it is about to set its terminal's
/// settings (ioctl TCSETS, TCSETSW or TCSETSF), and leaves it stopped there. Signals on the
/// way are passed on. Returns 1 when stopped there, 0 when `milliseconds` passed first (it is
/// still traced), -1 when it ended (it is let go on to its end) or on error.
int ask_test_stop_at_terminal_settings(pid_t pid, int milliseconds);

/// The same, until it is about to write (write or writev) to descriptor `fd`.
int ask_test_stop_at_write(pid_t pid, int fd, int milliseconds);

/// Whether `pid` is blocked writing (write or writev) to descriptor `fd`, from
/// /proc/PID/syscall: 1 or 0, or -1 when /proc cannot say.
int ask_test_blocked_in_write(pid_t pid, int fd);

/// Runs a process traced by `ask_test_trace_syscalls` to its exit, counting the `read` calls on
/// descriptor `fd`, and leaves it stopped there (`ask_test_continue` lets it end). Returns the
/// count, or -1 when it ended otherwise or `milliseconds` passed first.
int ask_test_count_reads_to_exit(pid_t pid, int fd, int milliseconds);

#endif
