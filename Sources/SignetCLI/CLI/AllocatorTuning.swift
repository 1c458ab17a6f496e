import CSignetGlibc

/// glibc's allocator settings for runs of many small jobs in one process (`batch`, `render`
/// over several files), and for the image buffers of one budget search (`compress`).
///
/// By default glibc hands memory above a threshold back to the kernel as soon as it is freed
/// (`munmap`, or trimming a thread's heap). Each job allocates and frees the same few image
/// buffers, so every job then faults its pages in again and, with several threads, makes the
/// kernel flush the other cores' TLBs: on 10,000 small renders that was 15–20 % of the CPU time
/// and most of what kept two workers from being twice as fast as one. Keeping freed memory for
/// reuse removes it; the peak does not grow, because the same buffers are reused.
enum AllocatorTuning {
    /// Allocations under 32 MiB come from the heap, and up to 128 MiB of free heap is kept.
    static func keepFreedMemoryForReuse() {
        // A refusal only leaves glibc's defaults in place: slower, not wrong.
        _ = signet_keep_freed_memory(32 << 20, 128 << 20)
    }

    /// `keepFreedMemoryForReuse`, every thread served from the main heap, and the next 80 MiB of
    /// it backed by transparent huge pages. A budget search touches tens of megabytes once (the
    /// decoded image, each size's pixels, libjpeg's coefficient buffers); one 4 KiB page fault
    /// each was 11,000 faults and 15 % of the CPU time on the 2400×800 signature at 30 KB, and
    /// 1,500 with 2 MiB pages and one heap (docs/performance.md): with a heap per thread, each
    /// worker thread touched its own 4 KiB pages, and what one thread freed the other could not
    /// reuse. The buffers fill the pages they touch. Needs the kernel's THP mode `always` or
    /// `madvise` (the default of most distributions); with `never` only the one heap remains.
    static func hugePagesForImageBuffers() {
        keepFreedMemoryForReuse()
        // A refusal leaves ordinary pages: slower, not wrong.
        _ = signet_heap_huge_pages(16 << 20, 64 << 20)
    }
}
