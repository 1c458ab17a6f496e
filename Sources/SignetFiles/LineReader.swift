import Glibc

/// Reads a file (or standard input for `-`) line by line in bounded chunks, so memory stays
/// flat whatever the input size: at most one chunk plus one line (`maxLineLength`) is held.
/// Lines end at `\n`; a `\r` before it is dropped; the last line may lack its `\n`.
/// Reads sequentially, so pipes and FIFOs work as well as regular files. Owns its file
/// descriptor (standard input excepted) and closes it in `deinit`.
package final class LineReader {
    package let path: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    private let maxLineLength: Int
    private let chunkSize: Int
    private var buffer: [UInt8] = []
    /// Start of the unread part of `buffer`.
    private var start = 0
    private var atEnd = false
    /// The number of the last line returned (1 for the first).
    package private(set) var lineNumber = 0

    package init(path: String, maxLineLength: Int, chunkSize: Int = 1 << 16) throws {
        self.path = path
        self.maxLineLength = maxLineLength
        self.chunkSize = max(chunkSize, 1)
        ownsDescriptor = path != "-"
        if path == "-" {
            fd = 0
            return
        }
        let fd = Posix.retrying { open(path, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw FileError(path, .cannotOpen(Posix.errorText())) }
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw FileError(path, .isDirectory)
        }
        self.fd = fd
    }

    deinit { if ownsDescriptor { close(fd) } }

    /// The next line without its line break, or `nil` at the end of the input.
    package func nextLine() throws -> ArraySlice<UInt8>? {
        var scanned = start
        while true {
            if let newline = buffer[scanned...].firstIndex(of: 0x0A) {
                try checkLength(upTo: newline)
                return take(upTo: newline, skipping: 1)
            }
            scanned = buffer.count
            try checkLength(upTo: buffer.count)
            if atEnd {
                guard start < buffer.count else { return nil }
                return take(upTo: buffer.count, skipping: 0)
            }
            let shift = start
            try fill()
            scanned -= shift
        }
    }

    /// The unread bytes from the current position, at least `count` of them unless the input
    /// ends sooner; nothing is consumed.
    package func peek(_ count: Int) throws -> ArraySlice<UInt8> {
        while buffer.count - start < count, !atEnd { try fill() }
        return buffer[start..<min(buffer.count, start + count)]
    }

    /// Everything not read yet, refusing more than `limit` bytes in all.
    package func readRest(limit: Int) throws -> [UInt8] {
        var out = Array(buffer[start...])
        buffer = []
        start = 0
        guard out.count <= limit else { throw FileError(path, .tooLarge(limit: limit)) }
        while !atEnd {
            try fill()
            guard out.count + buffer.count <= limit else {
                throw FileError(path, .tooLarge(limit: limit))
            }
            out += buffer
            buffer = []
        }
        return out
    }

    private func take(upTo end: Int, skipping: Int) -> ArraySlice<UInt8> {
        lineNumber += 1
        var lineEnd = end
        if lineEnd > start, buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        let line = buffer[start..<lineEnd]
        start = end + skipping
        return line
    }

    /// Checks the line from `start` to `end`, without the `\r` that `take` drops before a break.
    private func checkLength(upTo end: Int) throws {
        let length = end - start - (end > start && buffer[end - 1] == 0x0D ? 1 : 0)
        guard length <= maxLineLength else {
            throw FileError(path, .lineTooLong(line: lineNumber + 1, limit: maxLineLength))
        }
    }

    /// Drops the consumed bytes and appends the next chunk (or notes the end).
    private func fill() throws {
        if start > 0 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        let old = buffer.count
        // An array, not `repeatElement`: appended with one copy even in debug builds, where the
        // element-by-element `Repeated` path cost ~20 ms per 64 KB chunk.
        buffer.append(contentsOf: [UInt8](repeating: 0, count: chunkSize))
        let n = buffer.withUnsafeMutableBytes { raw in
            Posix.retrying { Glibc.read(fd, raw.baseAddress! + old, chunkSize) }
        }
        buffer.removeSubrange((old + max(n, 0))...)
        guard n >= 0 else { throw FileError(path, .cannotRead(Posix.errorText())) }
        if n == 0 { atEnd = true }
    }
}
