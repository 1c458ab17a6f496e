/// Bytes read by position: a file read with `pread`, or bytes in memory. Stages that parse take
/// one of these instead of a path, so the same code reads a file in bounded chunks or a buffer.
package protocol ByteSource: AnyObject {
    /// What the bytes are called in messages (a path, or "the PDF in memory").
    var name: String { get }
    var size: Int { get }
    /// The bytes of `range` (which lies inside `0..<size`).
    func bytes(_ range: Range<Int>) throws -> [UInt8]
}

extension ReadableFile: ByteSource {
    package var name: String { path }
}

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
}
