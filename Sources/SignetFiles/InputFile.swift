import Glibc

/// Reads whole inputs with a size limit; `-` is standard input.
package enum InputFile {
    /// The bytes of `path` (or of standard input for `-`), refusing inputs over `limit` bytes
    /// before reading them all.
    package static func read(_ path: String, limit: Int) throws -> [UInt8] {
        if path == "-" { return try readStream(fd: 0, path: path, limit: limit) }
        let file = try ReadableFile(path: path)
        guard file.size <= limit else { throw FileError(path, .tooLarge(limit: limit)) }
        return try file.bytes(0..<file.size)
    }

    private static func readStream(fd: Int32, path: String, limit: Int) throws -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { buf in Posix.retrying { Glibc.read(fd, buf.baseAddress, buf.count) }
            }
            if n == 0 { return out }
            guard n > 0 else { throw FileError(path, .cannotRead(Posix.errorText())) }
            guard out.count + n <= limit else { throw FileError(path, .tooLarge(limit: limit)) }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    /// True when `path` names an existing directory.
    package static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// True when `path` names an existing regular file.
    package static func exists(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    }
}

/// Which file a path names (device and inode), so two different paths to one file compare equal.
package struct FileIdentity: Hashable, Sendable {
    package let device: UInt64
    package let inode: UInt64

    /// The identity of the existing file at `path`, or `nil` when there is none (or for `-`).
    package init?(path: String) {
        var st = stat()
        guard path != "-", stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
    }
}
