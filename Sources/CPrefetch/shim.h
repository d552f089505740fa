// A cache prefetch hint, which Swift has no spelling for: a sink asks for the next rows'
// account cells while it writes this one (a million accounts in shuffled rows each missed).
static inline void txfeed_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }
