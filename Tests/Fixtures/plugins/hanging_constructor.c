/* A shared library whose constructor never returns, for txfeed's own tests: whoever loads it
 * waits forever. A shell completion must not: it reads plugins in a plugin host child and
 * stops waiting for it. (It never gets as far as being a plugin.)
 */
#include <unistd.h>

__attribute__((constructor)) static void never_returns(void) {
    for (;;) pause();
}
