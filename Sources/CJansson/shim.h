// jansson as a Swift module; installed by bin/ scripts (libjansson-dev).
#include <jansson.h>
