/* libxlsxwriter as Debian ships it (libxlsxwriter-dev): the xlsx sink, in constant-memory mode. */
#include <xlsxwriter.h>
