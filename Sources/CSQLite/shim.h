/* SQLite 3 as Debian ships it (libsqlite3-dev): the state file and the sqlite sink. */
#include <sqlite3.h>

/* Turns off SQLite's count of the memory it holds, which takes a global mutex on every malloc
 * and free (a tenth of the sqlite sink's time); sqlite3_config is variadic, so Swift cannot call
 * it. Only before the library initialises: SQLITE_MISUSE after, which changes nothing. */
static inline int txfeed_sqlite_without_memory_count(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
