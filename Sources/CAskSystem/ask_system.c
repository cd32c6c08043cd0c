#define _GNU_SOURCE
// Large files on 32-bit machines too: open, stat and readdir here are their 64-bit forms (the
// header shares no type whose size this changes).
#define _FILE_OFFSET_BITS 64
#include "ask_system.h"

#include <stdatomic.h>
#include <stdio.h>
#include <spawn.h>
#include <sys/wait.h>
#include <sys/prctl.h>
#include <sys/socket.h>

static volatile int signal_write_fd = -1;
static int signal_read_fd = -1;

static void note_signal(int signo) {
    int saved_errno = errno;
    unsigned char byte = (unsigned char)signo;
    if (signal_write_fd >= 0) {
        ssize_t ignored = write(signal_write_fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

/* The stack the pipe's handlers run on. To run a handler, the kernel saves every register the
   program had (vector registers included, which may hold typed bytes that a copy passed
   through) in a frame on the stack the handler runs on. On the program's own stack that frame
   would outlive the handler, below the stack pointer, until something happened to write over
   it; on this one it is wiped once the signal has been seen (ask_signal_stack_wipe). */
static unsigned char *signal_stack = NULL;
static size_t signal_stack_size = 0;

void ask_signal_stack_use(void) {
    if (signal_stack) return;
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE) && current.ss_sp) {
        /* The program has one already (a runtime's crash handler, say): use it, and wipe it. */
        signal_stack = current.ss_sp;
        signal_stack_size = current.ss_size;
        return;
    }
    /* A handler here writes one byte: what the kernel's frame needs is enough. Not locked: a
       frame lives only until the loop reads its signal, and RLIMIT_MEMLOCK (64 KiB in many
       places) is kept for the text itself. */
    size_t size = 16384;
#ifdef _SC_SIGSTKSZ
    long wanted = sysconf(_SC_SIGSTKSZ);
    if (wanted > 0 && (size_t)wanted > size) size = (size_t)wanted;
#endif
    void *mapped = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapped == MAP_FAILED) return;
    stack_t stack = {.ss_sp = mapped, .ss_size = size, .ss_flags = 0};
    if (sigaltstack(&stack, NULL) != 0) {
        munmap(mapped, size);
        return;
    }
    signal_stack = mapped;
    signal_stack_size = size;
}

void ask_signal_stack_wipe(void) {
    if (signal_stack) explicit_bzero(signal_stack, signal_stack_size);
}

int ask_signal_pipe(void) {
    if (signal_read_fd >= 0) return signal_read_fd;
    int fds[2];
    if (pipe2(fds, O_CLOEXEC | O_NONBLOCK) != 0) return -1;
    signal_read_fd = fds[0];
    signal_write_fd = fds[1];
    return signal_read_fd;
}

/* The signals ask_catch_signal routed to the pipe, so that releasing them leaves alone the
   ones it found ignored. */
static sigset_t caught_signals;
/* What each caught signal did before, put back on release: a program that embeds the alert
   keeps its own handlers. */
static struct sigaction previous_actions[65];

int ask_catch_signal(int signo) {
    if (signo <= 0 || signo >= 65) return -1;
    if (sigismember(&caught_signals, signo)) return 0;
    struct sigaction current;
    if ((signo == SIGINT || signo == SIGQUIT || signo == SIGHUP || signo == SIGTERM) &&
        sigaction(signo, NULL, &current) == 0 && current.sa_handler == SIG_IGN) {
        return 1;  /* ignored by whoever started us (a background job): leave it ignored */
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = note_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART | SA_ONSTACK;
    if (sigaction(signo, &action, &previous_actions[signo]) != 0) return -1;
    sigaddset(&caught_signals, signo);
    return 0;
}

int ask_release_signal(int signo) {
    if (signo <= 0 || signo >= 65 || !sigismember(&caught_signals, signo)) return 0;
    sigdelset(&caught_signals, signo);
    return sigaction(signo, &previous_actions[signo], NULL);
}

void ask_stop_self(void) {
    struct sigaction ours;
    int caught = sigismember(&caught_signals, SIGTSTP) == 1 && sigaction(SIGTSTP, NULL, &ours) == 0;
    ask_default_signal(SIGTSTP);
    raise(SIGTSTP);
    if (caught) sigaction(SIGTSTP, &ours, NULL);
}

int ask_default_signal(int signo) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    return sigaction(signo, &action, NULL);
}

static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
enum { crash_signal_count = sizeof crash_signals / sizeof crash_signals[0] };

static volatile sig_atomic_t guard_armed = 0;
static int guard_fd = -1;
static struct termios guard_termios;
/* Two buffers for the reset bytes: an update fills the one the handler is not told to use,
   then switches `guard_current`, so a signal in the middle of an update writes whole bytes. */
static char guard_reset[2][256];
static size_t guard_reset_len[2] = { 0, 0 };
static volatile sig_atomic_t guard_current = 0;
/* The crash signals' actions before the guard was armed (a runtime's crash reporter, say). */
static struct sigaction guard_previous[crash_signal_count];

static void crash_handler(int signo) {
    if (guard_armed) {
        guard_armed = 0;
        tcsetattr(guard_fd, TCSANOW, &guard_termios);
        int current = guard_current;
        if (guard_reset_len[current] > 0) {
            ssize_t ignored = write(guard_fd, guard_reset[current], guard_reset_len[current]);
            (void)ignored;
        }
    }
    /* Then the default action: a crash ends the process (a core dump where allowed). */
    ask_default_signal(signo);
    raise(signo);
}

void ask_crash_guard_update(const char *reset, size_t reset_len) {
    int next = 1 - guard_current;
    if (reset_len > sizeof guard_reset[next]) reset_len = sizeof guard_reset[next];
    if (reset_len > 0) memcpy(guard_reset[next], reset, reset_len);
    guard_reset_len[next] = reset_len;
    /* The bytes are in place before the handler is told to use them. */
    atomic_signal_fence(memory_order_seq_cst);
    guard_current = next;
}

void ask_crash_guard_arm(int tty_fd, const struct termios *saved, const char *reset, size_t reset_len) {
    guard_fd = tty_fd;
    guard_termios = *saved;
    ask_crash_guard_update(reset, reset_len);
    if (guard_armed) return;
    for (int i = 0; i < crash_signal_count; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = crash_handler;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_NODEFER;
        sigaction(crash_signals[i], &action, &guard_previous[i]);
    }
    guard_armed = 1;
}

void ask_crash_guard_disarm(void) {
    if (!guard_armed) return;
    guard_armed = 0;
    for (int i = 0; i < crash_signal_count; i++) sigaction(crash_signals[i], &guard_previous[i], NULL);
}

int ask_set_dumpable(int on) {
    return prctl(PR_SET_DUMPABLE, (unsigned long)on, 0UL, 0UL, 0UL);
}

int ask_get_dumpable(void) {
    return prctl(PR_GET_DUMPABLE, 0UL, 0UL, 0UL, 0UL);
}

int ask_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

void *ask_mremap(void *old, size_t old_size, size_t new_size) {
    void *moved = mremap(old, old_size, new_size, MREMAP_MAYMOVE);
    return moved == MAP_FAILED ? NULL : moved;
}

int ask_errno(void) { return errno; }

void ask_set_errno(int value) { errno = value; }

int ask_open(const char *path, int flags) { return open(path, flags); }

int ask_open_mode(const char *path, int flags, unsigned int mode) { return open(path, flags, (mode_t)mode); }

int ask_is_open(int fd) { return fcntl(fd, F_GETFD) != -1; }

int ask_window_size(int fd, unsigned short *rows, unsigned short *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

int ask_input_kind(int fd) {
    struct stat status;
    if (fstat(fd, &status) != 0) return ASK_INPUT_OTHER;
    if (S_ISREG(status.st_mode)) return lseek(fd, 0, SEEK_CUR) >= 0 ? ASK_INPUT_FILE : ASK_INPUT_OTHER;
    if (S_ISFIFO(status.st_mode)) return ASK_INPUT_PIPE;
    if (S_ISSOCK(status.st_mode)) return ASK_INPUT_SOCKET;
    struct termios settings;
    if (isatty(fd) && tcgetattr(fd, &settings) == 0 && (settings.c_lflag & ICANON)) return ASK_INPUT_LINES;
    return ASK_INPUT_OTHER;
}

/* The private pipe tee(2) copies into; it is always left empty. */
static int peek_pipe[2] = {-1, -1};

ssize_t ask_peek(int fd, void *buffer, size_t size) {
    struct stat status;
    if (fstat(fd, &status) != 0) return -1;
    if (S_ISSOCK(status.st_mode)) {
        ssize_t count;
        do count = recv(fd, buffer, size, MSG_PEEK); while (count < 0 && errno == EINTR);
        return count;
    }
    if (peek_pipe[0] < 0 && pipe2(peek_pipe, O_CLOEXEC) != 0) return -1;
    ssize_t count;
    do count = tee(fd, peek_pipe[1], size, 0); while (count < 0 && errno == EINTR);
    if (count <= 0) return count;
    /* tee copies at most what the private pipe holds, and `size` at most: read it all back. */
    size_t got = 0;
    while (got < (size_t)count) {
        ssize_t part = read(peek_pipe[0], (char *)buffer + got, (size_t)count - got);
        if (part < 0 && errno == EINTR) continue;
        if (part <= 0) return -1;
        got += (size_t)part;
    }
    return count;
}

void ask_ignore_sigpipe(void) {
    static int done = 0;
    if (!done) signal(SIGPIPE, SIG_IGN);
    done = 1;
}

void *ask_map_anonymous(size_t size) {
    void *mapped = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    return mapped == MAP_FAILED ? NULL : mapped;
}


int ask_regex_probe(const char *pattern, int megabytes, int milliseconds) {
    pid_t child = fork();
    if (child < 0) return -1;
    if (child == 0) {
        /* Holds no copy of the program's descriptors (a pipe end kept open here would delay
           someone else's end of file or EPIPE). */
        close_range(3, ~0U, 0);
        /* `megabytes` more than the program already has (a program embedding AskKit may be big). */
        rlim_t data = 0;
        int statm = open("/proc/self/statm", O_RDONLY);
        if (statm >= 0) {
            char text[128] = {0};
            ssize_t count = read(statm, text, sizeof text - 1);
            close(statm);
            unsigned long fields[6] = {0};
            if (count > 0 && sscanf(text, "%lu %lu %lu %lu %lu %lu", &fields[0], &fields[1], &fields[2],
                                    &fields[3], &fields[4], &fields[5]) == 6) {
                data = (rlim_t)fields[5] * (rlim_t)sysconf(_SC_PAGESIZE);
            }
        }
        struct rlimit memory = {data + ((rlim_t)megabytes << 20), data + ((rlim_t)megabytes << 20)};
        setrlimit(RLIMIT_DATA, &memory);
        struct rlimit core = {0, 0};
        setrlimit(RLIMIT_CORE, &core);
        /* Dies quietly: no crash reporter (a stack overflow is one way to fail), nothing on stderr. */
        for (int i = 0; i < crash_signal_count; i++) signal(crash_signals[i], SIG_DFL);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) dup2(null, 2);
        signal(SIGPROF, SIG_DFL);  /* its default action ends the child */
        struct itimerval cpu = {{0, 0}, {milliseconds / 1000, (milliseconds % 1000) * 1000}};
        setitimer(ITIMER_PROF, &cpu, NULL);
        regex_t regex;
        _exit(regcomp(&regex, pattern, REG_EXTENDED) == 0 ? 0 : 1);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) return -1;
    }
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

regex_t *ask_regex_compile(const char *pattern, char *reason, size_t reason_size) {
    regex_t *regex = malloc(sizeof *regex);
    if (!regex) {
        snprintf(reason, reason_size, "out of memory");
        return NULL;
    }
    int status = regcomp(regex, pattern, REG_EXTENDED);
    if (status != 0) {
        regerror(status, regex, reason, reason_size);
        free(regex);
        return NULL;
    }
    return regex;
}

int ask_regex_matches(const regex_t *regex, const char *text, size_t length) {
    /* POSIX picks the leftmost, then longest match: when the whole text can match, that is it. */
    regmatch_t range = {.rm_so = 0, .rm_eo = (regoff_t)length};
    if (regexec(regex, text ? text : "", 1, &range, REG_STARTEND) != 0) return 0;
    return range.rm_so == 0 && (size_t)range.rm_eo == length;
}

void ask_regex_free(regex_t *regex) {
    if (!regex) return;
    regfree(regex);
    free(regex);
}

static int saved_argc;
static char **saved_argv;

#ifdef __GLIBC__
/* glibc calls initialisers with the arguments main gets (other C libraries do not). */
__attribute__((constructor)) static void save_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    saved_argc = argc;
    saved_argv = argv;
}
#endif

char **ask_arguments(int *count) {
    *count = saved_argc;
    return saved_argv;
}

pid_t ask_spawn(char *const argv[], int output) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    if (posix_spawn_file_actions_init(&actions) != 0) return -1;
    if (posix_spawnattr_init(&attributes) != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return -1;
    }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, output, 1);
    posix_spawn_file_actions_adddup2(&actions, output, 2);
    sigset_t all, none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setsigmask(&attributes, &none);
    // A session of its own, without a terminal: a command that opens /dev/tty (sudo asking for a
    // password) fails at once with its own words, instead of stopping for ever in a background
    // group; its process group is its own (the session's), which the signals go to.
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    extern char **environ;
    pid_t child = -1;
    int failed = posix_spawnp(&child, argv[0], &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (failed != 0) {
        errno = failed;
        return -1;
    }
    return child;
}

const char *ask_next_entry(DIR *directory, unsigned char *type) {
    struct dirent64 *entry = readdir64(directory);
    if (entry == NULL) return NULL;
    *type = entry->d_type;
    return entry->d_name;
}

static int ask_fill_status(int result, const struct stat64 *info, struct ask_file_status *status) {
    if (result != 0) return -1;
    status->device = (uint64_t)info->st_dev;
    status->inode = (uint64_t)info->st_ino;
    status->size = (int64_t)info->st_size;
    status->mode = (uint32_t)info->st_mode;
    status->owner = (uint32_t)info->st_uid;
    status->group = (uint32_t)info->st_gid;
    return 0;
}

int ask_descriptor_status(int fd, struct ask_file_status *status) {
    struct stat64 info;
    return ask_fill_status(fstat64(fd, &info), &info, status);
}

int ask_path_status(const char *path, struct ask_file_status *status) {
    struct stat64 info;
    return ask_fill_status(stat64(path, &info), &info, status);
}

int ask_wait_child(pid_t child) {
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) return 127;
    }
    return WIFSIGNALED(status) ? -WTERMSIG(status) : WEXITSTATUS(status);
}

int ask_signal_group(pid_t group, int signo) {
    int sent = kill(-group, signo);
    // As a shell does for a job: a stopped process takes the signal once continued.
    if (sent == 0 && signo != SIGKILL && signo != SIGCONT) kill(-group, SIGCONT);
    return sent;
}

int ask_make_temporary(char *path_template) {
    return mkostemp(path_template, O_CLOEXEC);
}

int ask_set_nonblocking(int fd) {
    int flags = fcntl(fd, F_GETFL);
    return flags < 0 ? -1 : fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}
