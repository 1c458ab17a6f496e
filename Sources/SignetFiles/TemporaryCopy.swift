import Glibc

/// A copy of part of a file in the system's temporary folder, removed when released
/// (e.g. an earlier revision of a PDF for a library that only opens paths). Copied in
/// bounded chunks, so memory stays flat.
package final class TemporaryCopy {
    package let path: String

    package init(of file: ReadableFile, range: Range<Int>) throws {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((folder + "/signet-copy-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw FileError(folder, .cannotWrite(Posix.errorText())) }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { close(fd) }
        do {
            try file.forEachChunk(of: range) { chunk in
                var done = 0
                while done < chunk.count {
                    let n = Posix.retrying { write(fd, chunk.baseAddress! + done, chunk.count - done) }
                    guard n > 0 else { throw FileError(path, .cannotWrite(Posix.errorText())) }
                    done += n
                }
            }
        } catch {
            unlink(path)
            throw error
        }
    }

    deinit { unlink(path) }
}
