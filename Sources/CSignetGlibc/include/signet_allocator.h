// glibc's mallopt, which Swift's Glibc module does not import (it lives in <malloc.h>).
#ifndef SIGNET_ALLOCATOR_H
#define SIGNET_ALLOCATOR_H

/// Serves allocations below `mmap_threshold` bytes from the heap and keeps up to
/// `trim_threshold` bytes of freed heap instead of returning it to the kernel.
/// Returns 1 when glibc took both settings, 0 otherwise.
int signet_keep_freed_memory(int mmap_threshold, int trim_threshold);

/// Serves every thread from the main heap (one arena), grows that heap by `block` + `reserve`
/// bytes, none of them touched, and asks the kernel to back that range with transparent huge
/// pages (madvise MADV_HUGEPAGE): the allocations that come after fill it, and each first touch
/// of 2 MiB is then one page fault instead of 512.
/// Call after signet_keep_freed_memory with a trim threshold above `block` + `reserve` and an
/// mmap threshold above `block`, on the main thread before others allocate. Returns 1 when the
/// kernel took the advice, 0 otherwise (THP compiled out, or the heap not grown by brk): the
/// memory is then ordinary, which is slower, not wrong.
int signet_heap_huge_pages(int block, int reserve);

#endif
