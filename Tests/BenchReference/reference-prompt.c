/* The smallest honest raw-mode prompt, the yardstick for ask's benchmark: open the terminal,
   raw mode, write the prompt, echo printable bytes, Backspace, Enter answers on stdout,
   restore. No layout, no Unicode, no signals. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

int main(int argc, char **argv) {
    const char *prompt = argc > 1 ? argv[1] : "Prompt";
    int tty = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (tty < 0) return 69;
    struct termios saved, raw;
    tcgetattr(tty, &saved);
    raw = saved;
    cfmakeraw(&raw);
    tcsetattr(tty, TCSAFLUSH, &raw);
    char line[256];
    int n = snprintf(line, sizeof line, "%s: ", prompt);
    write(tty, line, n);
    size_t size = 0, capacity = 4096;
    char *answer = malloc(capacity);
    unsigned char buffer[65536];
    int done = 0;
    while (!done) {
        ssize_t count = read(tty, buffer, sizeof buffer);
        if (count <= 0) break;
        size_t echo_start = size;
        for (ssize_t i = 0; i < count && !done; i++) {
            unsigned char c = buffer[i];
            if (c == '\r' || c == '\n') { done = 1; break; }
            if (c == 0x7f && size > 0) { size--; write(tty, "\b \b", 3); echo_start = size; continue; }
            if (c < 0x20) continue;
            if (size + 1 >= capacity) { capacity *= 2; answer = realloc(answer, capacity); }
            answer[size++] = (char)c;
        }
        if (size > echo_start) write(tty, answer + echo_start, size - echo_start);
    }
    write(tty, "\r\n", 2);
    tcsetattr(tty, TCSADRAIN, &saved);
    answer[size++] = '\n';
    write(1, answer, size);
    return 0;
}
