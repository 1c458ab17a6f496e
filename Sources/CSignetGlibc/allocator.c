#include "signet_allocator.h"
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int signet_keep_freed_memory(int mmap_threshold, int trim_threshold) {
    return mallopt(M_MMAP_THRESHOLD, mmap_threshold) == 1 && mallopt(M_TRIM_THRESHOLD, trim_threshold) == 1;
}

int signet_heap_huge_pages(int block, int reserve) {
    enum { huge = 2 << 20, default_top_pad = 128 << 10 };
    // Every thread allocates from the main heap: the huge pages below serve them all, and what
    // one thread frees the next reuses instead of touching a heap of its own for the first time.
    if (mallopt(M_ARENA_MAX, 1) != 1 || mallopt(M_TOP_PAD, reserve) != 1) return 0;
    // Grows the heap by block + reserve bytes (nothing is touched yet), then gives the block back
    // to the heap's top, which keep_freed_memory's trim threshold keeps.
    void *probe = malloc((size_t)block);
    free(probe);
    mallopt(M_TOP_PAD, default_top_pad);
    uintptr_t end = (uintptr_t)sbrk(0);
    uintptr_t start = ((uintptr_t)probe + huge - 1) & ~(uintptr_t)(huge - 1);
    // A heap that could not grow by brk took the block from a mapping of its own, already unmapped.
    if (!probe || end == (uintptr_t)-1 || start >= end || end - start > (uintptr_t)block + (uintptr_t)reserve)
        return 0;
    return madvise((void *)start, end - start, MADV_HUGEPAGE) == 0;
}
