#include <libofx/libofx.h>
