/* Runs a program with its stdin and stdout on files, and says how long it took and how much
   memory it held at the most:

     run-measured INPUT OUTPUT PROGRAM [ARGUMENT...]

   prints "STATUS WALL_MICROSECONDS PEAK_RSS_KIB CPU_MICROSECONDS" on stderr (STATUS: the exit
   status, or 128 + the signal). The program is started with fork and exec from this small
   process, so its peak RSS (wait4's ru_maxrss) is its own: a child spawned from a large process
   with vfork or posix_spawn is charged with that process's memory at its exec. */
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: run-measured INPUT OUTPUT PROGRAM [ARGUMENT...]\n");
        return 2;
    }
    int input = open(argv[1], O_RDONLY | O_CLOEXEC);
    int output = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (input < 0 || output < 0) {
        perror("run-measured");
        return 2;
    }
    long long start = now_us();
    pid_t child = fork();
    if (child < 0) {
        perror("run-measured: fork");
        return 2;
    }
    if (child == 0) {
        dup2(input, 0);
        dup2(output, 1);
        execv(argv[3], argv + 3);
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    if (wait4(child, &status, 0, &usage) < 0) {
        perror("run-measured: wait4");
        return 2;
    }
    long long wall = now_us() - start;
    long long cpu = (long long)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000
        + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    fprintf(stderr, "%d %lld %ld %lld\n", code, wall, usage.ru_maxrss, cpu);
    return 0;
}
