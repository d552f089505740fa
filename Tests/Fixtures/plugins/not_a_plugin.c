/* A plain shared library: loads fine, but has no txfeed_plugin_entry. */
int not_a_plugin_answer(void) { return 42; }
