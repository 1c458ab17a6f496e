import Glibc

/// An open file read by position (`pread`), for streaming large inputs in bounded chunks.
/// Owns one file descriptor and closes it in `deinit`.
package final class ReadableFile {
    package let path: String
    /// What messages call the file: its path, or the name of what it holds (an output's temporary
    /// file is called by the output's name, so no message shows the temporary path).
    package let name: String
    package let size: Int
    private let fd: Int32

    package init(path: String, name: String? = nil) throws {
        let name = name ?? path
        let fd = Posix.retrying { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw FileError(name, .cannotOpen(Posix.errorText())) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let why = Posix.errorText()
            close(fd)
            throw FileError(name, .cannotRead(why))
        }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw FileError(name, .isDirectory)
        }
        self.path = path
        self.name = name
        self.fd = fd
        self.size = Int(st.st_size)
    }

    deinit { close(fd) }

    /// A second descriptor for the same open file, for a C library that takes ownership of it
    /// and closes it itself (poppler); this object keeps and closes its own.
    package func duplicatedDescriptor() throws -> Int32 {
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw FileError(name, .cannotRead(Posix.errorText())) }
        return copy
    }

    /// Reads exactly `count` bytes at `offset` into `buffer` (which must have room).
    package func read(at offset: Int, count: Int, into buffer: UnsafeMutableRawPointer) throws {
        var done = 0
        while done < count {
            let n = Posix.retrying { pread(fd, buffer + done, count - done, off_t(offset + done)) }
            guard n > 0 else {
                throw FileError(name, .cannotRead(n == 0 ? "unexpected end of file" : Posix.errorText()))
            }
            done += n
        }
    }

    /// The bytes in `range`.
    package func bytes(_ range: Range<Int>) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: range.count)
        try out.withUnsafeMutableBytes { (buf) throws in
            if let base = buf.baseAddress { try read(at: range.lowerBound, count: range.count, into: base) }
        }
        return out
    }

    /// Calls `body` with consecutive chunks of `range`, each at most `chunkSize` bytes, reusing
    /// one buffer so memory stays flat whatever the file size.
    package func forEachChunk(
        of range: Range<Int>, chunkSize: Int = 1 << 20,
        _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var offset = range.lowerBound
        while offset < range.upperBound {
            let n = min(chunkSize, range.upperBound - offset)
            try read(at: offset, count: n, into: buffer)
            try body(UnsafeRawBufferPointer(start: buffer, count: n))
            offset += n
        }
    }

    /// The same chunks read through a read-only mapping of each, unmapped once `body` returns:
    /// the page cache is read in place instead of being copied into a buffer (a writer that
    /// copies and hashes a large input touches each byte once less), and memory stays flat.
    /// The file's size is checked before each chunk is mapped, so a file cut short while it is
    /// read is an error, not a fault on a page past its end.
    package func forEachMappedChunk(
        of range: Range<Int>, chunkSize: Int = 1 << 20, _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        var offset = range.lowerBound
        while offset < range.upperBound {
            let start = offset - offset % page
            let end = min(offset + chunkSize, range.upperBound)
            var st = stat()
            guard fstat(fd, &st) == 0, Int(st.st_size) >= end else {
                let why = "it became shorter while it was read, so another program is changing it; try again later"
                throw FileError(name, .cannotRead(why))
            }
            let length = end - start
            let mapping = mmap(nil, length, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, off_t(start))
            guard let mapping, mapping != MAP_FAILED else {
                throw FileError(name, .cannotRead(Posix.errorText()))
            }
            defer { munmap(mapping, length) }
            try body(UnsafeRawBufferPointer(start: mapping + (offset - start), count: end - offset))
            offset = end
        }
    }
}
