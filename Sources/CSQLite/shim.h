/* SQLite 3 as Debian ships it (libsqlite3-dev): the state file and the sqlite sink. */
#include <sqlite3.h>
