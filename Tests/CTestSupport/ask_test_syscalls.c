#define _GNU_SOURCE
#include "ask_test_syscalls.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int ask_test_trace_syscalls(pid_t pid) {
    if (ptrace(PTRACE_INTERRUPT, pid, 0, 0) != 0) return -1;
    for (;;) {
        int status = 0;
        if (waitpid(pid, &status, __WALL) != pid) return -1;
        if (WIFEXITED(status) || WIFSIGNALED(status)) return -1;
        int event = status >> 16;
        if (event == PTRACE_EVENT_EXIT) {
            ptrace(PTRACE_CONT, pid, 0, 0);
            return -1;
        }
        if (event == PTRACE_EVENT_STOP) break;
        ptrace(PTRACE_CONT, pid, 0, (void *)(long)WSTOPSIG(status));  /* a signal on its way: passed on */
    }
    if (ptrace(PTRACE_SETOPTIONS, pid, 0, (void *)(long)(PTRACE_O_TRACEEXIT | PTRACE_O_TRACESYSGOOD)) != 0) return -1;
    return ptrace(PTRACE_SYSCALL, pid, 0, 0) == 0 ? 0 : -1;
}

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

typedef int (*syscall_match)(const struct __ptrace_syscall_info *info, long wanted);

/// Runs the tracee from syscall stop to syscall stop until `matches` holds at an entry.
static int stop_at(pid_t pid, syscall_match matches, long wanted, int milliseconds) {
    double deadline = now() + milliseconds / 1000.0;
    for (;;) {
        int status = 0;
        pid_t got = waitpid(pid, &status, __WALL | WNOHANG);
        if (got == 0) {
            if (now() > deadline) return 0;
            poll(NULL, 0, 1);
            continue;
        }
        if (got != pid || WIFEXITED(status) || WIFSIGNALED(status)) return -1;
        int signal = WSTOPSIG(status);
        int event = status >> 16;
        if (signal == (SIGTRAP | 0x80)) {
            struct __ptrace_syscall_info info;
            if (ptrace(PTRACE_GET_SYSCALL_INFO, pid, (void *)sizeof info, &info) > 0 &&
                info.op == PTRACE_SYSCALL_INFO_ENTRY && matches(&info, wanted)) {
                return 1;
            }
            ptrace(PTRACE_SYSCALL, pid, 0, 0);
        } else if (event == PTRACE_EVENT_EXIT) {
            ptrace(PTRACE_CONT, pid, 0, 0);
            return -1;
        } else {
            /* A group stop is listened through; a signal is passed on. */
            ptrace(PTRACE_SYSCALL, pid, 0, (void *)(long)(event ? 0 : signal));
        }
    }
}

static int sets_terminal(const struct __ptrace_syscall_info *info, long wanted) {
    (void)wanted;
    unsigned long long request = info->entry.args[1];
    return info->entry.nr == SYS_ioctl && (request == TCSETS || request == TCSETSW || request == TCSETSF);
}

static int writes_to(const struct __ptrace_syscall_info *info, long fd) {
    return (info->entry.nr == SYS_write || info->entry.nr == SYS_writev) && (long)info->entry.args[0] == fd;
}

int ask_test_stop_at_terminal_settings(pid_t pid, int milliseconds) {
    return stop_at(pid, sets_terminal, 0, milliseconds);
}

int ask_test_stop_at_write(pid_t pid, int fd, int milliseconds) {
    return stop_at(pid, writes_to, fd, milliseconds);
}

int ask_test_blocked_in_write(pid_t pid, int fd) {
    char path[64], text[256];
    snprintf(path, sizeof path, "/proc/%d/syscall", (int)pid);
    int file = open(path, O_RDONLY | O_CLOEXEC);
    if (file < 0) return -1;
    ssize_t length = read(file, text, sizeof text - 1);
    close(file);
    if (length <= 0) return -1;
    text[length] = 0;
    /* "number arg1 ... arg6 sp pc" while blocked in a call; "running" or "-1 ..." otherwise. */
    char *rest;
    long number = strtol(text, &rest, 10);
    if (rest == text) return 0;
    long first = (long)strtoull(rest, NULL, 16);
    return (number == SYS_write || number == SYS_writev) && first == fd;
}

int ask_test_count_reads_to_exit(pid_t pid, int fd, int milliseconds) {
    double deadline = now() + milliseconds / 1000.0;
    int reads = 0;
    for (;;) {
        int status = 0;
        pid_t got = waitpid(pid, &status, __WALL | WNOHANG);
        if (got == 0) {
            if (now() > deadline) return -1;
            poll(NULL, 0, 1);
            continue;
        }
        if (got != pid || WIFEXITED(status) || WIFSIGNALED(status)) return -1;
        int signal = WSTOPSIG(status);
        int event = status >> 16;
        if (signal == (SIGTRAP | 0x80)) {
            struct __ptrace_syscall_info info;
            if (ptrace(PTRACE_GET_SYSCALL_INFO, pid, (void *)sizeof info, &info) > 0 &&
                info.op == PTRACE_SYSCALL_INFO_ENTRY && info.entry.nr == SYS_read && (long)info.entry.args[0] == fd) {
                reads += 1;
            }
            ptrace(PTRACE_SYSCALL, pid, 0, 0);
        } else if (event == PTRACE_EVENT_EXIT) {
            return reads;  /* left stopped at its exit */
        } else {
            ptrace(PTRACE_SYSCALL, pid, 0, (void *)(long)(event ? 0 : signal));
        }
    }
}
