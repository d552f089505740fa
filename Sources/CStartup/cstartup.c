#include "cstartup.h"

#include <signal.h>
#include <stddef.h>

// Swift's runtime installs its crash reporter's SIGQUIT handler as its library starts, before
// main: a Ctrl-\ in those first milliseconds (longer on a loaded machine) reached the reporter,
// which lets the run go on and commit its output. An executable's .preinit_array runs before
// every shared library's initializer, so SIGQUIT is blocked before the reporter exists, and
// every thread a library starts inherits the block. An ignored SIGQUIT (nohup) stays ignored.
static void txfeed_hold_sigquit(int argc, char **argv, char **envp) {
    (void)argc;
    (void)argv;
    (void)envp;
    struct sigaction current;
    if (sigaction(SIGQUIT, NULL, &current) == 0 && current.sa_handler == SIG_IGN) return;
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGQUIT);
    sigprocmask(SIG_BLOCK, &set, NULL);
}

__attribute__((section(".preinit_array"), used)) static void (*const txfeed_preinit)(int, char **, char **) =
    txfeed_hold_sigquit;

void txfeed_release_sigquit(void) {
    struct sigaction current;
    if (sigaction(SIGQUIT, NULL, &current) == 0 && current.sa_handler == SIG_IGN) return;
    signal(SIGQUIT, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGQUIT);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}
