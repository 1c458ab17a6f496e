import Glibc

/// A file mapped read-only into memory: a C library that reads from a buffer (qpdf's
/// `qpdf_read_memory`) can then open any prefix of it without a copy, and only the pages it
/// touches are read. Owns the mapping and unmaps it in `deinit`. Bytes that are not a file
/// (`init(copying:)`) are copied into memory of its own instead, freed in `deinit`.
package final class MappedFile {
    /// What messages call it: the file's name (`ReadableFile.name`) or the copied source's.
    package let path: String
    package let size: Int
    package let base: UnsafeRawPointer?
    private let isMapped: Bool

    package init(_ file: ReadableFile) throws {
        path = file.name
        size = file.size
        isMapped = true
        guard size > 0 else {
            base = nil
            return
        }
        let fd = try file.duplicatedDescriptor()
        defer { close(fd) }
        let pointer = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let pointer, pointer != MAP_FAILED else {
            throw FileError(path, .cannotRead(Posix.errorText()))
        }
        // qpdf jumps from object to object: no read-ahead around each one.
        _ = madvise(pointer, size, MADV_RANDOM)
        base = UnsafeRawPointer(pointer)
    }

    /// The bytes of `source` (memory, say) copied once to an address that stays put; `path` is its name.
    package init(copying source: any ByteSource) throws {
        path = source.name
        size = source.size
        isMapped = false
        guard size > 0 else {
            base = nil
            return
        }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        var offset = 0
        do {
            try source.forEachChunk(of: 0..<size, chunkSize: 1 << 20) { chunk in
                if let from = chunk.baseAddress { (buffer + offset).copyMemory(from: from, byteCount: chunk.count) }
                offset += chunk.count
            }
        } catch {
            buffer.deallocate()
            throw error
        }
        base = UnsafeRawPointer(buffer)
    }

    /// A file is mapped; any other source is copied (`init(copying:)`).
    package static func of(_ source: any ByteSource) throws -> MappedFile {
        if let file = source as? ReadableFile { return try MappedFile(file) }
        return try MappedFile(copying: source)
    }

    deinit {
        guard let base else { return }
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: base), size)
        } else {
            UnsafeMutableRawPointer(mutating: base).deallocate()
        }
    }
}

/// The first `count` bytes of a mapped file as a `ByteSource`.
package final class MappedPrefix: ByteSource {
    package let file: MappedFile
    package let size: Int

    package init(_ file: MappedFile, count: Int) {
        self.file = file
        size = min(count, file.size)
    }

    package var name: String { file.path }

    package func bytes(_ range: Range<Int>) throws -> [UInt8] {
        guard let base = file.base, range.lowerBound >= 0, range.upperBound <= size else { return [] }
        return Array(UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count))
    }
}
