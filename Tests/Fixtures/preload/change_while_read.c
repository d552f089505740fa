/* Preloaded into txfeed by tests (LD_PRELOAD): another process changing a file at the worst
 * moment, every time, instead of a thread that may or may not be scheduled in time.
 *
 *   TXFEED_TEST_CHANGE_PATH=FILE   the file to change
 *   TXFEED_TEST_CHANGE=truncate:N  cut it to N bytes
 *   TXFEED_TEST_CHANGE=append:N    append N spaces
 *
 * The change is made once, just before the first read(2)/pread(2) of FILE asking for more than
 * 4096 bytes (the host's own look at a file's head asks for 4096: that one is let through), or
 * just after FILE is mapped (mmap), as if it happened between the reader's fstat and its read. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

static int changed;

static int is_target(int fd) {
    const char *wanted = getenv("TXFEED_TEST_CHANGE_PATH");
    if (wanted == NULL || __atomic_load_n(&changed, __ATOMIC_SEQ_CST)) return 0;
    char real[PATH_MAX], link[64], target[PATH_MAX];
    if (realpath(wanted, real) == NULL) return 0;
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, target, sizeof target - 1);
    if (n <= 0) return 0;
    target[n] = 0;
    return strcmp(target, real) == 0;
}

static void change(void) {
    if (__atomic_exchange_n(&changed, 1, __ATOMIC_SEQ_CST)) return;
    const char *path = getenv("TXFEED_TEST_CHANGE_PATH");
    const char *how = getenv("TXFEED_TEST_CHANGE");
    if (how == NULL) return;
    if (strncmp(how, "truncate:", 9) == 0) {
        if (truncate(path, atol(how + 9)) != 0) perror("change_while_read: truncate");
    } else if (strncmp(how, "append:", 7) == 0) {
        int fd = open(path, O_WRONLY | O_APPEND);
        long count = atol(how + 7);
        for (long i = 0; fd >= 0 && i < count; i++) {
            if (write(fd, " ", 1) != 1) break;
        }
        if (fd >= 0) close(fd);
    }
}

ssize_t read(int fd, void *buffer, size_t count) {
    static ssize_t (*real)(int, void *, size_t);
    if (real == NULL) real = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
    if (count > 4096 && is_target(fd)) change();
    return real(fd, buffer, count);
}

ssize_t pread(int fd, void *buffer, size_t count, off_t offset) {
    static ssize_t (*real)(int, void *, size_t, off_t);
    if (real == NULL) real = (ssize_t (*)(int, void *, size_t, off_t))dlsym(RTLD_NEXT, "pread");
    if (count > 4096 && is_target(fd)) change();
    return real(fd, buffer, count, offset);
}

ssize_t pread64(int fd, void *buffer, size_t count, off_t offset) {
    return pread(fd, buffer, count, offset);
}

void *mmap(void *address, size_t length, int protection, int flags, int fd, off_t offset) {
    static void *(*real)(void *, size_t, int, int, int, off_t);
    if (real == NULL) real = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
    void *mapped = real(address, length, protection, flags, fd, offset);
    if (fd >= 0 && mapped != MAP_FAILED && is_target(fd)) change();
    return mapped;
}

void *mmap64(void *address, size_t length, int protection, int flags, int fd, off_t offset) {
    return mmap(address, length, protection, flags, fd, offset);
}
