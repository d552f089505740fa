// Linux process calls Swift cannot reach through Glibc (they need _GNU_SOURCE or are
// variadic, or run in a forked child, where Swift must not): the plugin host child's setup
// and close-on-exec pipes.
#ifndef TXFEED_CPROCESS_H
#define TXFEED_CPROCESS_H

#include <stddef.h>

// pipe2(fds, O_CLOEXEC): 0, or -1 with errno.
int txfeed_pipe_cloexec(int fds[2]);
// F_SETPIPE_SZ: the pipe's capacity in bytes (rounded up by the kernel), or -1 with errno.
int txfeed_set_pipe_size(int fd, int bytes);
// Closes every descriptor from `first` up.
void txfeed_close_from(int first);
// RLIMIT_AS, soft and hard: 0, or -1 with errno.
int txfeed_limit_address_space(size_t bytes);
// PR_SET_CHILD_SUBREAPER: orphans below this process become its children. 0, or -1 with errno.
int txfeed_become_subreaper(void);
// Closes these descriptors (-1: none) in the child of every fork(): a process a plugin forks
// does not hold the host's pipes open after the host has ended. pthread_atfork's answer.
int txfeed_keep_from_forks(int first, int second, int third);

#endif
