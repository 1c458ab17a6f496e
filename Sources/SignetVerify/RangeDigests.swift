import SignetCrypto
import SignetFiles

/// The digests of every signature's byte ranges, read and hashed once for all of them.
///
/// Every ByteRange starts at 0, and each later signature's first range runs past the earlier
/// ones': the file's first bytes are common to all. So one running hash goes through the file
/// in order, a copy of it is taken where each signature's first range ends, and only each
/// signature's own second range is hashed on top. Five signatures over a 100 MB file hash about
/// 100 MB instead of 500 MB.
final class RangeDigests {
    let file: any ByteSource
    let ranges: [[Range<Int>]]
    private var computed: [String: [Int: [UInt8]]] = [:]

    /// `ranges`: per signature, its signed ranges (any shape; the sharing applies to those
    /// that are two ranges starting at 0).
    init(file: any ByteSource, ranges: [[Range<Int>]]) {
        self.file = file
        self.ranges = ranges
    }

    /// The digest of signature `index`'s ranges with `algorithm`; the first request for an
    /// algorithm computes it for every signature.
    func digest(_ index: Int, _ algorithm: DigestAlgorithm) throws -> [UInt8] {
        if let known = computed[algorithm.name]?[index] { return known }
        var results: [Int: [UInt8]] = [:]
        let shared = ranges.indices.filter { ranges[$0].count == 2 && ranges[$0][0].lowerBound == 0 }
            .sorted { ranges[$0][0].upperBound < ranges[$1][0].upperBound }
        let running = try DigestContext(hashing: algorithm)
        var position = 0
        for i in shared {
            let end = ranges[i][0].upperBound
            try file.forEachChunk(of: position..<end, chunkSize: 1 << 20) { try running.update($0) }
            position = end
            results[i] = try ContentDigest.finish(try running.copy(), file: file, ranges: [ranges[i][1]])
        }
        for i in ranges.indices where results[i] == nil {
            results[i] = try ContentDigest.compute(file, ranges: ranges[i], algorithm: algorithm)
        }
        computed[algorithm.name] = results
        return results[index]!
    }
}
