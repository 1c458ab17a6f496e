int signet_shims_placeholder(void) { return 0; }
