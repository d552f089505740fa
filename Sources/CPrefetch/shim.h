#include <sys/types.h>
#include <sys/uio.h>

// A cache prefetch hint, which Swift has no spelling for: a sink asks for the next rows'
// account cells while it writes this one (a million accounts in shuffled rows each missed).
static inline void txfeed_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

// preadv2 (glibc 2.26, Linux 4.6) is declared only under _GNU_SOURCE, which Swift's Glibc module
// is not built with.
extern ssize_t preadv2(int fd, const struct iovec *iov, int iovcnt, off_t offset, int flags);

// Reads up to `count` bytes at `offset` of `fd` only as far as they are in the page cache
// (RWF_NOWAIT): -1 with errno EAGAIN when reading them would wait for the disk, or with
// EOPNOTSUPP, EINVAL or ENOSYS when the kernel or the file system cannot say. Routing a folder
// asks the kernel to read files ahead only once it finds one that is not in memory.
static inline ssize_t txfeed_read_cached(int fd, void *buffer, size_t count, off_t offset) {
    struct iovec piece = {buffer, count};
    return preadv2(fd, &piece, 1, offset, 0x00000008 /* RWF_NOWAIT */);
}
