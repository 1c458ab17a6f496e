import Glibc

/// A file mapped read-only into memory: a C library that reads from a buffer (qpdf's
/// `qpdf_read_memory`) can then open any prefix of it without a copy, and only the pages it
/// touches are read. Owns the mapping and unmaps it in `deinit`.
package final class MappedFile {
    package let path: String
    package let size: Int
    package let base: UnsafeRawPointer?

    package init(_ file: ReadableFile) throws {
        path = file.path
        size = file.size
        guard size > 0 else {
            base = nil
            return
        }
        let fd = try file.duplicatedDescriptor()
        defer { close(fd) }
        let pointer = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let pointer, pointer != MAP_FAILED else { throw FileError(path: path, reason: .cannotRead(Posix.errorText())) }
        // qpdf jumps from object to object: no read-ahead around each one.
        _ = madvise(pointer, size, MADV_RANDOM)
        base = UnsafeRawPointer(pointer)
    }

    deinit {
        if let base { munmap(UnsafeMutableRawPointer(mutating: base), size) }
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
