#define _GNU_SOURCE
#include "cprocess.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

int txfeed_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int txfeed_set_pipe_size(int fd, int bytes) { return fcntl(fd, F_SETPIPE_SZ, bytes); }

void txfeed_close_from(int first) {
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 0) == 0) return;
    // Kernels before 5.9: one by one, up to the descriptor limit.
    long most = sysconf(_SC_OPEN_MAX);
    for (long fd = first; fd < (most > 0 ? most : 65536); fd++) close((int)fd);
}

int txfeed_limit_address_space(size_t bytes) {
    struct rlimit limit = {bytes, bytes};
    return setrlimit(RLIMIT_AS, &limit);
}

int txfeed_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); }

static int kept_from_forks[3] = {-1, -1, -1};

static void close_in_fork(void) {
    for (int i = 0; i < 3; i++)
        if (kept_from_forks[i] >= 0) close(kept_from_forks[i]);
}

int txfeed_keep_from_forks(int first, int second, int third) {
    kept_from_forks[0] = first;
    kept_from_forks[1] = second;
    kept_from_forks[2] = third;
    return pthread_atfork(NULL, NULL, close_in_fork);
}
