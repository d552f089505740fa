// What txfeed's executable does before any library's initializer runs, and undoes in main.
#ifndef TXFEED_CSTARTUP_H
#define TXFEED_CSTARTUP_H

// SIGQUIT to its default action, then unblocked: a SIGQUIT that arrived while the libraries
// started waited, pending, and ends the process now. Call it first thing in main.
void txfeed_release_sigquit(void);

#endif
