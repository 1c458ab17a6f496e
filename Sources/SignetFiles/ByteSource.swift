/// Bytes read by position: a file read with `pread`, or bytes in memory. Stages that parse take
/// one of these instead of a path, so the same code reads a file in bounded chunks or a buffer.
package protocol ByteSource: AnyObject {
    /// What the bytes are called in messages (a path, or "the PDF in memory").
    var name: String { get }
    var size: Int { get }
    /// The bytes of `range` (which lies inside `0..<size`).
    func bytes(_ range: Range<Int>) throws -> [UInt8]
    /// Calls `body` with consecutive chunks of `range`, each at most `chunkSize` bytes, so a
    /// file is streamed with flat memory whatever its size.
    func forEachChunk(of range: Range<Int>, chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Void) throws
}

extension ByteSource {
    /// Chunks copied out with `bytes(_:)`.
    package func forEachChunk(
        of range: Range<Int>, chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var offset = range.lowerBound
        while offset < range.upperBound {
            let end = min(offset + chunkSize, range.upperBound)
            try bytes(offset..<end).withUnsafeBytes { try body($0) }
            offset = end
        }
    }

    /// Every byte (for sources known to be small).
    package func allBytes() throws -> [UInt8] { try bytes(0..<size) }
}

extension ReadableFile: ByteSource {}

/// Bytes in memory as a `ByteSource`.
package final class MemorySource: ByteSource {
    package let name: String
    package let storage: [UInt8]

    package init(_ bytes: [UInt8], name: String) {
        storage = bytes
        self.name = name
    }

    package var size: Int { storage.count }

    package func bytes(_ range: Range<Int>) throws -> [UInt8] { Array(storage[range]) }

    /// The buffer itself, chunk by chunk: no copy.
    package func forEachChunk(
        of range: Range<Int>, chunkSize: Int, _ body: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try storage.withUnsafeBytes { all in
            var offset = range.lowerBound
            while offset < range.upperBound {
                let end = min(offset + chunkSize, range.upperBound)
                try body(UnsafeRawBufferPointer(rebasing: all[offset..<end]))
                offset = end
            }
        }
    }
}
