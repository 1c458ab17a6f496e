import Glibc

/// Standard input copied to a temporary file, for readers that need a path and random access
/// (qpdf, the incremental writer). The copy is streamed in chunks, bounded by `limit`, and the
/// file is removed when the value is released.
package final class SpooledInput {
    /// The temporary file holding the input.
    package let path: String

    /// Copies standard input (file descriptor `fd`) into a new file under `$TMPDIR` (or /tmp).
    package init(fd: Int32 = 0, limit: Int) throws {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((folder + "/signet-stdin-XXXXXX").utf8CString)
        let out = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard out >= 0 else {
            throw FileError("-", .cannotRead("no temporary file: " + Posix.errorText()))
        }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { close(out) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { buf in Posix.retrying { read(fd, buf.baseAddress, buf.count) } }
            if n == 0 { break }
            guard n > 0 else { throw FileError("-", .cannotRead(Posix.errorText())) }
            total += n
            guard total <= limit else { throw FileError("-", .tooLarge(limit: limit)) }
            var done = 0
            while done < n {
                let w = chunk.withUnsafeBytes { buf in Posix.retrying { write(out, buf.baseAddress! + done, n - done) }
                }
                guard w > 0 else {
                    throw FileError("-", .cannotRead("cannot spool to \(path): " + Posix.errorText()))
                }
                done += w
            }
        }
    }

    deinit { unlink(path) }
}
