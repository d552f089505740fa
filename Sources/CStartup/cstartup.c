#include "cstartup.h"

#include <signal.h>
#include <stddef.h>

static int sigquit_ignored(void) {
    struct sigaction current;
    return sigaction(SIGQUIT, NULL, &current) == 0 && current.sa_handler == SIG_IGN;
}

static void mask_sigquit(int how) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGQUIT);
    sigprocmask(how, &set, NULL);
}

// Swift's runtime installs its crash reporter's SIGQUIT handler as its library starts, before
// main: a Ctrl-\ in those first milliseconds (longer on a loaded machine) reached the reporter,
// which lets the run go on and commit its output. An executable's .preinit_array runs before
// every shared library's initializer, so SIGQUIT is blocked before the reporter exists, and
// every thread a library starts inherits the block. An ignored SIGQUIT (nohup) stays ignored.
static void txfeed_hold_sigquit(int argc, char **argv, char **envp) {
    (void)argc;
    (void)argv;
    (void)envp;
    if (!sigquit_ignored()) mask_sigquit(SIG_BLOCK);
}

__attribute__((section(".preinit_array"), used)) static void (*const txfeed_preinit)(int, char **, char **) =
    txfeed_hold_sigquit;

void txfeed_release_sigquit(void) {
    if (sigquit_ignored()) return;
    signal(SIGQUIT, SIG_DFL);
    mask_sigquit(SIG_UNBLOCK);
}
