// Not a plugin: preloaded into txfeed (LD_PRELOAD) and linked against Swift's runtime, so that
// its constructor runs after the runtime's has installed the crash reporter and before txfeed's
// main. It raises SIGQUIT there: a Ctrl-\ in the first moments of a run, which on a loaded
// machine can land before main.
#include <signal.h>

__attribute__((constructor)) static void quit_at_load(void) { raise(SIGQUIT); }
