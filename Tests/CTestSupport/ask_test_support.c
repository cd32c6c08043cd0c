#define _GNU_SOURCE
#include "ask_test_support.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>

int ask_test_seize(pid_t pid) {
    /* System call stops (only ever asked for by ask_test_deliver) are told from others. */
    return ptrace(PTRACE_SEIZE, pid, 0, (void *)(long)(PTRACE_O_TRACEEXIT | PTRACE_O_TRACESYSGOOD)) == 0 ? 0 : -1;
}

int ask_test_poll_trace(pid_t pid, int *status, struct rusage *usage) {
    struct rusage ignored;
    int got = wait4(pid, status, WNOHANG | __WALL, usage ? usage : &ignored);
    if (got == 0) return 0;
    if (got < 0) return -1;
    if (WIFEXITED(*status) || WIFSIGNALED(*status)) return 2;
    if (WIFSTOPPED(*status)) {
        if (*status >> 8 == (SIGTRAP | (PTRACE_EVENT_EXIT << 8))) return 1;
        int signal = WSTOPSIG(*status);
        int event = *status >> 16;
        /* A group stop (PTRACE_EVENT_STOP) is listened through; a signal is passed on. */
        ptrace(PTRACE_CONT, pid, 0, (void *)(long)(event ? 0 : signal));
    }
    return 0;
}

/// Milliseconds since `start`.
static long elapsed_since(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000;
}

/// Waits (at most `milliseconds`) for the traced `pid` to stop. Returns its status, or -1 when
/// it ended, on an error or on time out.
static int wait_for_stop(pid_t pid, const struct timespec *start, int milliseconds) {
    for (;;) {
        int status = 0;
        pid_t got = waitpid(pid, &status, WNOHANG | __WALL);
        if (got < 0) return -1;
        if (got > 0) return WIFSTOPPED(status) ? status : -1;
        if (elapsed_since(start) > milliseconds) return -1;
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, NULL);
    }
}

size_t ask_test_vector_state_size(void) {
#ifdef __x86_64__
    return sizeof(struct user_fpregs_struct);
#else
    return 0;
#endif
}

/// Puts the 16 bytes at `value` in every vector register of the stopped tracee `pid`, keeping
/// what they held in `saved`.
static int plant_in_vector_registers(pid_t pid, const unsigned char *value, unsigned char *saved) {
#ifdef __x86_64__
    struct user_fpregs_struct registers;
    if (ptrace(PTRACE_GETFPREGS, pid, 0, &registers) != 0) return -1;
    memcpy(saved, &registers, sizeof registers);
    for (int index = 0; index < 16; index++) memcpy(&registers.xmm_space[index * 4], value, 16);
    return ptrace(PTRACE_SETFPREGS, pid, 0, &registers) == 0 ? 0 : -1;
#else
    (void)pid;
    (void)value;
    (void)saved;
    return -1;
#endif
}

int ask_test_deliver(pid_t pid, int signo, int stop_at_handler_return, const unsigned char *vector_value,
                     unsigned char *saved, int milliseconds) {
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int delivered = 0;
    for (;;) {
        int status = wait_for_stop(pid, &start, milliseconds);
        if (status < 0) return -1;
        int stop = WSTOPSIG(status);
        int event = status >> 16;
        /* Once the signal is delivered, its handler's system calls are followed. */
        int resume = delivered && stop_at_handler_return ? PTRACE_SYSCALL : PTRACE_CONT;
        if (stop == (SIGTRAP | 0x80)) {
            /* A system call stop: on the way in to rt_sigreturn, the handler is done. */
            struct __ptrace_syscall_info info;
            if (ptrace(PTRACE_GET_SYSCALL_INFO, pid, (void *)sizeof info, &info) > 0 &&
                info.op == PTRACE_SYSCALL_INFO_ENTRY && info.entry.nr == SYS_rt_sigreturn) {
                return 0;
            }
            ptrace(resume, pid, 0, 0);
        } else if (event != 0) {
            /* A group stop (the signal was a stop signal: it is done) or another event. */
            ptrace(resume, pid, 0, 0);
            if (delivered && !stop_at_handler_return) return 0;
        } else if (stop == signo && !delivered) {
            delivered = 1;
            if (vector_value && plant_in_vector_registers(pid, vector_value, saved) != 0) return -1;
            ptrace(stop_at_handler_return ? PTRACE_SYSCALL : PTRACE_CONT, pid, 0, (void *)(long)signo);
            if (!stop_at_handler_return && signo != SIGSTOP && signo != SIGTSTP) return 0;
        } else {
            ptrace(resume, pid, 0, (void *)(long)stop);
        }
    }
}

int ask_test_return_from_handler(pid_t pid, const unsigned char *saved, int milliseconds) {
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    if (ptrace(PTRACE_SYSCALL, pid, 0, 0) != 0) return -1;
    int status = wait_for_stop(pid, &start, milliseconds);
    if (status < 0 || WSTOPSIG(status) != (SIGTRAP | 0x80)) return -1;
#ifdef __x86_64__
    if (saved && ptrace(PTRACE_SETFPREGS, pid, 0, (void *)saved) != 0) return -1;
#endif
    return ptrace(PTRACE_CONT, pid, 0, 0) == 0 ? 0 : -1;
}

int ask_test_continue(pid_t pid) {
    return ptrace(PTRACE_CONT, pid, 0, 0) == 0 ? 0 : -1;
}

/// Reads the small file at `path` (a /proc entry) into `text` as a C string. Returns its length,
/// or -1.
static ssize_t read_small(const char *path, char *text, size_t size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t length = read(fd, text, size - 1);
    close(fd);
    if (length < 0) return -1;
    text[length] = 0;
    return length;
}

int ask_test_input_wait(pid_t pid) {
    char path[64], text[256];
    snprintf(path, sizeof path, "/proc/%d/syscall", (int)pid);
    if (read_small(path, text, sizeof text) <= 0) return -1;
    // "number arg1 ... arg6 sp pc", or "running", or "-1 sp pc" (not in a call).
    char *rest;
    long number = strtol(text, &rest, 10);
    if (rest == text) return 0;
    unsigned long long arguments[5] = {0, 0, 0, 0, 0};
    for (int i = 0; i < 5; i++) arguments[i] = strtoull(rest, &rest, 16);
#ifdef SYS_poll
    if (number == SYS_poll) return (int)arguments[2] < 0 ? 1 : 2;
#endif
    if (number == SYS_ppoll) return arguments[2] == 0 ? 1 : 2;
    // select's timeout is its fifth argument (whiptail's slang waits in pselect6).
#ifdef SYS_select
    if (number == SYS_select) return arguments[4] == 0 ? 1 : 2;
#endif
    if (number == SYS_pselect6) return arguments[4] == 0 ? 1 : 2;
    // A blocking read of standard input (dialog's ncurses waits so for a key).
    if (number == SYS_read && arguments[0] == 0) return 1;
    return 0;
}

int ask_test_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}
