import SignetFiles

/// A copy of a source's bytes at an address that stays put for qpdf's `qpdf_read_memory`
/// (which keeps the pointer for the document's lifetime); freed in `deinit`.
final class PinnedBytes {
    let base: UnsafeRawPointer
    let count: Int

    init(_ source: any ByteSource) throws {
        count = source.size
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: 16)
        var offset = 0
        do {
            try source.forEachChunk(of: 0..<count, chunkSize: 1 << 20) { chunk in
                if let from = chunk.baseAddress { (buffer + offset).copyMemory(from: from, byteCount: chunk.count) }
                offset += chunk.count
            }
        } catch {
            buffer.deallocate()
            throw error
        }
        base = UnsafeRawPointer(buffer)
    }

    deinit { UnsafeMutableRawPointer(mutating: base).deallocate() }
}
