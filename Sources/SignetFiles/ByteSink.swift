/// Where a stage writes its output: an atomic file (`AtomicOutput`) or memory (`MemorySink`).
/// Bytes are appended in order; `overwrite` changes bytes already written (a signer fills the
/// placeholder it reserved), and nothing is final before `commit()`.
package protocol ByteSink: AnyObject {
    /// What the bytes are called in messages (a path, or "the returned PDF").
    var name: String { get }
    /// Bytes written so far (where the next `write` goes).
    var size: Int { get }
    func write(_ buffer: UnsafeRawBufferPointer) throws
    /// Replaces `bytes.count` bytes at `offset` (which lie inside `0..<size`).
    func overwrite(_ bytes: [UInt8], at offset: Int) throws
    /// What has been written so far, to read back (a signer hashes the bytes it appended).
    func writtenBytes() throws -> any ByteSource
    /// Makes the output final: the file moves into place; memory is complete.
    func commit() throws
}

extension ByteSink {
    package func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { (buffer) throws in try write(buffer) }
    }
}

extension AtomicOutput: ByteSink {
    package var name: String { path }
}

/// Output collected in memory (`bytes` once committed).
package final class MemorySink: ByteSink {
    package let name: String
    package private(set) var bytes: [UInt8] = []

    package init(name: String) {
        self.name = name
    }

    package var size: Int { bytes.count }

    package func write(_ buffer: UnsafeRawBufferPointer) throws {
        bytes.append(contentsOf: buffer)
    }

    package func overwrite(_ replacement: [UInt8], at offset: Int) throws {
        precondition(offset >= 0 && offset + replacement.count <= bytes.count, "overwrite past the end of \(name)")
        bytes.replaceSubrange(offset..<(offset + replacement.count), with: replacement)
    }

    package func writtenBytes() throws -> any ByteSource { MemorySource(bytes, name: name) }

    package func commit() throws {}
}
