/* The one symbol librandom-users.so exports (SwiftPM wants a public header for a C target). */
#ifndef RANDOM_USERS_H
#define RANDOM_USERS_H

#include "txfeed_plugin.h"

TXFEED_EXPORT const txfeed_plugin *txfeed_plugin_entry(void);

#endif
