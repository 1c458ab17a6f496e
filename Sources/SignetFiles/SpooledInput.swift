import Glibc

/// Bytes copied to a temporary file, for readers that need a path and random access (qpdf, the
/// incremental writer, a page renderer run as a program): standard input, or a source held in
/// memory. The copy is streamed in chunks, and the file is removed when the value is released.
package final class SpooledInput {
    /// The temporary file holding the input.
    package let path: String

    /// Copies standard input (file descriptor `fd`) into a new file under `$TMPDIR` (or /tmp),
    /// at most `limit` bytes.
    package init(fd: Int32 = 0, limit: Int) throws {
        let (out, path) = try Self.create("stdin", failing: "-")
        self.path = path
        defer { close(out) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { buf in Posix.retrying { read(fd, buf.baseAddress, buf.count) } }
            if n == 0 { break }
            guard n > 0 else { throw FileError("-", .cannotRead(Posix.errorText())) }
            total += n
            guard total <= limit else { throw FileError("-", .tooLarge(limit: limit)) }
            try chunk.withUnsafeBytes { try Self.write(UnsafeRawBufferPointer(rebasing: $0[..<n]), to: out, "-") }
        }
    }

    /// Copies every byte of `source` into a new file under `$TMPDIR` (or /tmp).
    package init(copying source: any ByteSource) throws {
        let (out, path) = try Self.create("copy", failing: source.name)
        self.path = path
        defer { close(out) }
        try source.forEachChunk(of: 0..<source.size, chunkSize: 1 << 20) {
            try Self.write($0, to: out, source.name)
        }
    }

    deinit { unlink(path) }

    /// A new file `$TMPDIR/signet-<kind>-XXXXXX`, open for writing; errors name `context`.
    private static func create(_ kind: String, failing context: String) throws -> (Int32, String) {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((folder + "/signet-\(kind)-XXXXXX").utf8CString)
        let out = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard out >= 0 else { throw FileError(context, .cannotRead("no temporary file: " + Posix.errorText())) }
        return (out, String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Writes all of `buffer` to `out`; errors name `context`, never the temporary file.
    private static func write(_ buffer: UnsafeRawBufferPointer, to out: Int32, _ context: String) throws {
        var done = 0
        while done < buffer.count {
            let w = Posix.retrying { Glibc.write(out, buffer.baseAddress! + done, buffer.count - done) }
            guard w > 0 else {
                throw FileError(context, .cannotRead("cannot copy it to a temporary file: " + Posix.errorText()))
            }
            done += w
        }
    }
}
