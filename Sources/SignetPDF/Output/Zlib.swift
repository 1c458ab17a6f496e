import CZlib

/// The zlib boundary: the only place that calls zlib. Stamps compress their own image data
/// (and incremental updates their cross-reference streams) so the bytes are final before they
/// are written, whichever writer writes them.
enum Zlib {
    struct Failure: Error {
        var status: Int32
    }

    /// `input` as a zlib (FlateDecode) stream.
    static func deflate(_ input: [UInt8], level: Int32 = Z_BEST_COMPRESSION) throws -> [UInt8] {
        var length = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { inp in compress2(out.baseAddress, &length, inp.baseAddress, uLong(inp.count), level) }
        }
        guard status == Z_OK else { throw Failure(status: status) }
        output.removeSubrange(Int(length)...)
        return output
    }
}
