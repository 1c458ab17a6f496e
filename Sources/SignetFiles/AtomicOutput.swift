import Glibc

/// An output file that is complete or absent: bytes go to a temporary file in the same folder,
/// which replaces the destination only on `commit()`. Dropping it uncommitted removes the
/// temporary file, so a failed run never leaves a partial output behind.
///
/// `-` means standard output: the bytes are held in memory and written at `commit()`.
package final class AtomicOutput {
    package let path: String
    private let temporaryPath: String?
    private var fd: Int32
    private var pending: [UInt8] = []
    private var committed = false
    /// Bytes written so far.
    public private(set) var size = 0
    /// Where the next `startWriteback()` range begins.
    private var writebackStart = 0

    package init(path: String) throws {
        self.path = path
        if path == "-" {
            temporaryPath = nil
            fd = 1
            return
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((folder + "." + name + ".signet-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileError(path: path, reason: .cannotWrite(Posix.errorText())) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        fchmod(fd, 0o644)
        self.fd = fd
        temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        guard let temporaryPath else { return }
        if fd >= 0 { close(fd) }
        if !committed { unlink(temporaryPath) }
    }

    /// The temporary file's path while writing (`nil` for standard output).
    package var workingPath: String? { temporaryPath }

    package func write(_ bytes: some Collection<UInt8>) throws {
        size += bytes.count
        if temporaryPath == nil {
            pending.append(contentsOf: bytes)
            return
        }
        let array = Array(bytes)
        try array.withUnsafeBytes { (buf) throws in try writeAll(buf) }
    }

    package func write(_ buffer: UnsafeRawBufferPointer) throws {
        size += buffer.count
        if temporaryPath == nil {
            pending.append(contentsOf: buffer)
            return
        }
        try writeAll(buffer)
    }

    private func writeAll(_ buf: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < buf.count {
            let n = Posix.retrying { Glibc.write(fd, buf.baseAddress! + done, buf.count - done) }
            guard n > 0 else { throw FileError(path: path, reason: .cannotWrite(Posix.errorText())) }
            done += n
        }
    }

    /// Writes `bytes` at `offset` of the temporary file (to fill a placeholder reserved earlier).
    package func overwrite(_ bytes: [UInt8], at offset: Int) throws {
        guard temporaryPath != nil else {
            pending.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
            return
        }
        let n = bytes.withUnsafeBytes { buf in
            Posix.retrying { pwrite(fd, buf.baseAddress, buf.count, off_t(offset)) }
        }
        guard n == bytes.count else { throw FileError(path: path, reason: .cannotWrite(Posix.errorText())) }
    }

    /// The bytes written so far: the temporary file read by position (or, for `-`, the held bytes).
    public func writtenBytes() throws -> any ByteSource {
        guard let temporaryPath else { return MemorySource(pending, name: path) }
        return try ReadableFile(path: temporaryPath)
    }

    /// Asks the kernel to start writing the bytes written since the last call to disk now, in the
    /// background, so the `fsync` of `commit()` has less left to wait for (a hint: errors still
    /// surface at `commit()`). Linux starts writeback of dirty pages on `POSIX_FADV_DONTNEED`;
    /// only the new range is named, so pages written back earlier are not walked again or evicted.
    package func startWriteback() {
        guard temporaryPath != nil, size > writebackStart else { return }
        _ = posix_fadvise(fd, off_t(writebackStart), off_t(size - writebackStart), POSIX_FADV_DONTNEED)
        writebackStart = size
    }

    /// Flushes to disk and moves the file into place (or writes standard output).
    package func commit() throws {
        guard let temporaryPath else {
            let bytes = pending
            pending = []
            try bytes.withUnsafeBytes { (buf) throws in try writeAll(buf) }
            committed = true
            return
        }
        guard fsync(fd) == 0 else { throw FileError(path: path, reason: .cannotWrite(Posix.errorText())) }
        close(fd)
        fd = -1
        guard rename(temporaryPath, path) == 0 else {
            throw FileError(path: path, reason: .cannotWrite(Posix.errorText()))
        }
        committed = true
    }

    /// Writes `bytes` to `path` atomically in one call.
    package static func write(_ bytes: [UInt8], to path: String) throws {
        let out = try AtomicOutput(path: path)
        try out.write(bytes)
        try out.commit()
    }
}
