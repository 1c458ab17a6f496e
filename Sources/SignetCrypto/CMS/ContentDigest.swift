import SignetFiles

/// Hashes byte ranges of a file (or of bytes in memory) by streaming them in bounded chunks: memory stays flat whatever
/// the file size, and nothing is copied beyond one chunk buffer.
package enum ContentDigest {
    /// Bytes read (and hashed) at a time.
    static let chunkSize = 1 << 20

    package static func compute(
        _ file: any ByteSource, ranges: [Range<Int>], algorithm: DigestAlgorithm
    ) throws -> [UInt8] {
        try finish(try DigestContext(hashing: algorithm), file: file, ranges: ranges)
    }

    /// Adds `ranges` of `file` to a running hash and returns the digest.
    package static func finish(_ context: DigestContext, file: any ByteSource, ranges: [Range<Int>]) throws -> [UInt8] {
        for range in ranges {
            try file.forEachChunk(of: range, chunkSize: chunkSize) { chunk in try context.update(chunk) }
        }
        return try context.finish()
    }

    /// The digest of bytes already in memory.
    package static func compute(_ bytes: [UInt8], algorithm: DigestAlgorithm) throws -> [UInt8] {
        let context = try DigestContext(hashing: algorithm)
        try bytes.withUnsafeBytes { try context.update($0) }
        return try context.finish()
    }
}
