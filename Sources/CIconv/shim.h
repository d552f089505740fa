#include <iconv.h>
#include <errno.h>
