#ifndef ASK_SYSTEM_H
#define ASK_SYSTEM_H

/* AskKit imports the C library through this header only (not through Swift's Glibc overlay),
   so that the same code builds for the ordinary runtime and for Embedded Swift, which has no
   overlay. What the overlay would add (errno, the variadic calls, macros Swift cannot import)
   is here as small functions. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <regex.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

/// Opens the self-pipe that signal handlers write to. Returns its read end (non-blocking,
/// close-on-exec) or -1. Calling it again returns the same descriptor.
int ask_signal_pipe(void);

/// Has the handlers run on a stack of their own (the calling thread's alternate signal stack,
/// or the one it already has), so that the frames the kernel saves there can be wiped: set up
/// while a secret is in memory.
void ask_signal_stack_use(void);

/// Wipes the handlers' stack, where the kernel saved the program's registers for each
/// handler. Call it on the thread that handles the signals, once they have been seen.
void ask_signal_stack_wipe(void);

/// Routes `signo` to the self-pipe: the handler writes the signal number as one byte and
/// does nothing else. Returns 0, or 1 when SIGINT, SIGQUIT, SIGHUP or SIGTERM was ignored at start
/// (a background job) and is left ignored, or -1.
int ask_catch_signal(int signo);

/// Stops the process as the terminal's suspend key would (SIGTSTP with its default action),
/// then, once continued, routes SIGTSTP to the pipe again if it was.
void ask_stop_self(void);

/// Restores the default action for `signo`. Returns 0 or -1.
int ask_default_signal(int signo);

/// Puts back the action `signo` had before `ask_catch_signal` caught it (a signal it left
/// ignored stays ignored; a program's own handler comes back). Returns 0 or -1.
int ask_release_signal(int signo);

/// Arms the crash guard: on SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT or SIGTRAP the handler
/// restores `saved` on `tty_fd`, writes `reset` (at most 256 bytes) to it, then re-raises the
/// signal with its default action. Copies its arguments; the reset bytes can be given again
/// while armed. Disarming puts back the actions the crash signals had before arming.
void ask_crash_guard_arm(int tty_fd, const struct termios *saved, const char *reset, size_t reset_len);

/// Replaces the bytes the armed crash guard writes (at most 256), safely against a signal
/// arriving meanwhile.
void ask_crash_guard_update(const char *reset, size_t reset_len);

/// Disarms the crash guard and puts back the actions the crash signals had before.
void ask_crash_guard_disarm(void);

/// prctl(PR_SET_DUMPABLE, on): prctl is variadic, so Swift cannot call it directly.
int ask_set_dumpable(int on);

/// prctl(PR_GET_DUMPABLE).
int ask_get_dumpable(void);

/// errno, which is a macro.
int ask_errno(void);

/// Sets errno.
void ask_set_errno(int value);

/// open(path, flags) without a mode (open is variadic).
int ask_open(const char *path, int flags);

/// open(path, flags, mode): for a file that may be created.
int ask_open_mode(const char *path, int flags, unsigned int mode);

/// Whether `fd` is an open descriptor: fcntl(fd, F_GETFD) (fcntl is variadic).
int ask_is_open(int fd);

/// ioctl(fd, TIOCGWINSZ): the terminal's rows and columns, or -1.
int ask_window_size(int fd, unsigned short *rows, unsigned short *columns);

/// signal(SIGPIPE, SIG_IGN): a closed stdout becomes EPIPE, not death.
void ask_ignore_sigpipe(void);

/// mmap of `size` zero-filled private bytes, or NULL.
void *ask_map_anonymous(size_t size);

/// Compiles `pattern` once in a child process held to `megabytes` of data more than the
/// program has and `milliseconds` of CPU: returns 1 when it compiles there, 0 when it does not (too slow or too big: glibc's
/// compile time and memory grow fast with optional repeats, and its recursion can overflow the
/// stack on deep nesting), -1 when no child could be started.
int ask_regex_probe(const char *pattern, int megabytes, int milliseconds);

/// Compiles a POSIX extended regular expression. Returns NULL and writes a one-line reason to
/// `reason` when the pattern is not valid.
regex_t *ask_regex_compile(const char *pattern, char *reason, size_t reason_size);

/// Whether `regex` matches all of the `length` bytes at `text` (no terminating NUL needed, so a
/// secret is matched where it lies).
int ask_regex_matches(const regex_t *regex, const char *text, size_t length);

/// Frees a compiled expression.
void ask_regex_free(regex_t *regex);

/// The program's arguments, argv[0] first, as the C library gave them to the program's
/// initialisers (Embedded Swift has no CommandLine). `count` receives argc.
char **ask_arguments(int *count);

/// pipe2(fds, O_CLOEXEC): not imported into Swift without _GNU_SOURCE.
int ask_pipe_cloexec(int fds[2]);
/// How a line can be read from `fd` without reading past its end: ASK_INPUT_FILE (a regular
/// file: read blocks, then seek back), ASK_INPUT_PIPE or ASK_INPUT_SOCKET (peek with
/// `ask_peek`), ASK_INPUT_LINES (a terminal in canonical mode: one read gives at most one
/// line), or ASK_INPUT_OTHER (a byte at a time).
#define ASK_INPUT_OTHER 0
#define ASK_INPUT_FILE 1
#define ASK_INPUT_PIPE 2
#define ASK_INPUT_SOCKET 3
#define ASK_INPUT_LINES 4
int ask_input_kind(int fd);

/// Copies up to `size` bytes waiting on the pipe or socket `fd` into `buffer` without taking
/// them: a socket with recv(MSG_PEEK), a pipe with tee(2) into a private pipe that is read
/// empty again. Waits for input as read(2) does. Returns the count, 0 at end of input, or -1
/// with errno set.
ssize_t ask_peek(int fd, void *buffer, size_t size);

/// mremap(old, old_size, new_size, MREMAP_MAYMOVE): grows a mapping by moving its pages, so
/// no copy of the contents is left behind. Returns the new address or NULL.
void *ask_mremap(void *old, size_t old_size, size_t new_size);

#endif

/// Runs `argv[0]` (looked for on PATH) in a session and process group of its own, without a
/// controlling terminal: its standard input /dev/null, its standard output and error `output`,
/// every signal at its default action and none blocked. Its pid, or -1 with errno set (a program
/// not found: ENOENT).
pid_t ask_spawn(char *const argv[], int output);

/// The next entry of `directory` (from opendir), read with readdir64 so that a 32-bit machine
/// reads every directory (readdir there fails with EOVERFLOW on a 64-bit inode number or
/// offset, which ext4 gives a 32-bit program run by qemu-user): its name, its d_type in `type`;
/// NULL at the end or on an error.
const char *ask_next_entry(DIR *directory, unsigned char *type);

/// What stat says of a file, in sizes every machine holds (fstat64 and stat64: on a 32-bit
/// machine stat fails with EOVERFLOW on a file over 2 GiB or a 64-bit inode number).
struct ask_file_status {
    uint64_t device;
    uint64_t inode;
    int64_t size;
    uint32_t mode;
    uint32_t owner;
    uint32_t group;
};

/// The status of the file open on `fd`: 0, or -1 with errno set.
int ask_descriptor_status(int fd, struct ask_file_status *status);

/// The status of the file at `path` (a link followed): 0, or -1 with errno set.
int ask_path_status(const char *path, struct ask_file_status *status);

/// Waits for `child` to end: its exit status, or, ended by a signal, -(the signal).
int ask_wait_child(pid_t child);

/// Sends `signo` to the process group `group`, then SIGCONT (so that a stopped one takes it).
int ask_signal_group(pid_t group, int signo);

/// Creates a file from `path_template` (ending in XXXXXX, replaced), closed on exec, only its
/// owner's: its descriptor, or -1.
int ask_make_temporary(char *path_template);

/// Makes reads of `fd` never wait.
int ask_set_nonblocking(int fd);
