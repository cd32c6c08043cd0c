#ifndef ASK_SYSTEM_H
#define ASK_SYSTEM_H

#include <stddef.h>
#include <termios.h>

/// Opens the self-pipe that signal handlers write to. Returns its read end (non-blocking,
/// close-on-exec) or -1. Calling it again returns the same descriptor.
int ask_signal_pipe(void);

/// Routes `signo` to the self-pipe: the handler writes the signal number as one byte and
/// does nothing else. Returns 0, or 1 when SIGINT, SIGQUIT or SIGHUP was ignored at start
/// (a background job) and is left ignored, or -1.
int ask_catch_signal(int signo);

/// Restores the default action for `signo`. Returns 0 or -1.
int ask_default_signal(int signo);

/// Arms the crash guard: on SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT or SIGTRAP the handler
/// restores `saved` on `tty_fd`, writes `reset` (at most 256 bytes) to it, then re-raises the
/// signal with its default action. Copies its arguments.
void ask_crash_guard_arm(int tty_fd, const struct termios *saved, const char *reset, size_t reset_len);

/// Disarms the crash guard and restores the default actions.
void ask_crash_guard_disarm(void);

/// prctl(PR_SET_DUMPABLE, on): prctl is variadic, so Swift cannot call it directly.
int ask_set_dumpable(int on);

/// prctl(PR_GET_DUMPABLE).
int ask_get_dumpable(void);



/// pipe2(fds, O_CLOEXEC): not imported into Swift without _GNU_SOURCE.
int ask_pipe_cloexec(int fds[2]);
/// mremap(old, old_size, new_size, MREMAP_MAYMOVE): grows a mapping by moving its pages, so
/// no copy of the contents is left behind. Returns the new address or NULL.
void *ask_mremap(void *old, size_t old_size, size_t new_size);

#endif
