#define _GNU_SOURCE
#include "ask_test_support.h"

#include <errno.h>
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/wait.h>

int ask_test_seize(pid_t pid) {
    return ptrace(PTRACE_SEIZE, pid, 0, (void *)(long)PTRACE_O_TRACEEXIT) == 0 ? 0 : -1;
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

int ask_test_continue(pid_t pid) {
    return ptrace(PTRACE_CONT, pid, 0, 0) == 0 ? 0 : -1;
}
