// The ABI is the header alone; SwiftPM needs one source file in a C target.
#include "txfeed_plugin.h"
