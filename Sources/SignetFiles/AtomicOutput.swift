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
    package private(set) var size = 0
    /// Where the next `startWriteback()` range begins.
    private var writebackStart = 0

    /// - Parameter owner: Create the file readable and writable by its owner only (0600, whatever
    ///   the umask or a replaced file's mode): for biometric data.
    package init(path: String, ownerOnly owner: Bool = false) throws {
        self.path = path
        if path == "-" {
            temporaryPath = nil
            fd = 1
            return
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        // open(O_CREAT, 0666) lets the kernel apply the umask (mkstemp would make every output 0600
        // and an fchmod would have to guess the mask); a replaced output keeps its own mode.
        var random = SystemRandomNumberGenerator()
        var created: (fd: Int32, path: String)?
        for _ in 0..<100 where created == nil {
            let suffix = String(random.next() & 0xFFFF_FFFF_FFFF, radix: 36)
            let candidate = folder + "." + name + ".signet-" + suffix
            let fd = Posix.retrying { open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, owner ? 0o600 : 0o666) }
            if fd >= 0 {
                created = (fd, candidate)
            } else if errno != EEXIST {
                throw FileError(path, .cannotWrite(Posix.errorText()))
            }
        }
        guard let created else { throw FileError(path, .cannotWrite(Posix.errorText())) }
        let fd = created.fd
        var existing = stat()
        if !owner, stat(path, &existing) == 0, existing.st_mode & S_IFMT == S_IFREG {
            fchmod(fd, existing.st_mode & 0o777)
        }
        self.fd = fd
        temporaryPath = created.path
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
            guard n > 0 else { throw FileError(path, .cannotWrite(Posix.errorText())) }
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
        guard n == bytes.count else { throw FileError(path, .cannotWrite(Posix.errorText())) }
    }

    /// The bytes written so far: the temporary file read by position (or, for `-`, the held bytes),
    /// named `path` in messages.
    package func writtenBytes() throws -> any ByteSource {
        guard let temporaryPath else { return MemorySource(pending, name: path) }
        return try ReadableFile(path: temporaryPath, name: path)
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
        guard fsync(fd) == 0 else { throw FileError(path, .cannotWrite(Posix.errorText())) }
        close(fd)
        fd = -1
        guard rename(temporaryPath, path) == 0 else {
            throw FileError(path, .cannotWrite(Posix.errorText()))
        }
        committed = true
    }

    /// Writes `bytes` to `path` atomically in one call (`ownerOnly`: see `init`).
    package static func write(_ bytes: [UInt8], to path: String, ownerOnly: Bool = false) throws {
        let out = try AtomicOutput(path: path, ownerOnly: ownerOnly)
        try out.write(bytes)
        try out.commit()
    }
}
