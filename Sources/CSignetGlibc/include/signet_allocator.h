// glibc's mallopt, which Swift's Glibc module does not import (it lives in <malloc.h>).
#ifndef SIGNET_ALLOCATOR_H
#define SIGNET_ALLOCATOR_H

/// Serves allocations below `mmap_threshold` bytes from the heap and keeps up to
/// `trim_threshold` bytes of freed heap instead of returning it to the kernel.
/// Returns 1 when glibc took both settings, 0 otherwise.
int signet_keep_freed_memory(int mmap_threshold, int trim_threshold);

#endif
