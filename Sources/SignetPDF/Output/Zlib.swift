import CZlib

/// The zlib boundary: the only place that calls zlib. Stamps compress their own image data
/// (and incremental updates their cross-reference streams) so the bytes are final before they
/// are written, whichever writer writes them; page content is inflated here with a ceiling.
enum Zlib {
    struct Failure: Error {
        var status: Int32
    }

    /// `input` as a zlib (FlateDecode) stream.
    static func deflate(_ input: [UInt8], level: Int32 = Z_BEST_COMPRESSION) throws -> [UInt8] {
        var length = compressBound(uLong(input.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { inp in
                compress2(out.baseAddress, &length, inp.baseAddress, uLong(inp.count), level)
            }
        }
        guard status == Z_OK else { throw Failure(status: status) }
        output.removeSubrange(Int(length)...)
        return output
    }
}

extension Zlib {
    /// The result of inflating with a ceiling.
    enum Inflated {
        case bytes([UInt8])
        /// The data decodes to more than the limit (decoding stopped there).
        case overLimit
        /// The data is not a zlib stream, or it is damaged.
        case corrupt
    }

    /// `input` (a zlib / FlateDecode stream) decoded, stopping as soon as the output would pass
    /// `limit` bytes: memory is bounded by the limit, not by what the data claims to hold. Data
    /// after the end of the zlib stream is ignored; a stream cut short gives what it holds.
    static func inflate(_ input: [UInt8], limit: Int) -> Inflated {
        guard let inflater = Inflater() else { return .corrupt }
        return inflater.run(input, limit: limit)
    }

    /// The first `count` bytes `input` decodes to (fewer when it holds fewer): decoding stops there.
    static func inflatePrefix(_ input: [UInt8], count: Int) -> Inflated {
        guard let inflater = Inflater() else { return .corrupt }
        return inflater.run(input, limit: count, keepingPrefix: true)
    }
}

/// Owns one `z_stream` set up for inflating; `inflateEnd` frees zlib's state in `deinit`.
private final class Inflater {
    private var stream = z_stream()

    init?() {
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    }

    deinit { inflateEnd(&stream) }

    /// Inflates up to `limit` bytes; past it, `.overLimit`, or the first `limit` bytes when `keepingPrefix`.
    func run(_ input: [UInt8], limit: Int, keepingPrefix: Bool = false) -> Zlib.Inflated {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        return input.withUnsafeBufferPointer { inp -> Zlib.Inflated in
            stream.next_in = UnsafeMutablePointer(mutating: inp.baseAddress)
            stream.avail_in = uInt(inp.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, out.count - Int(stream.avail_out))
                }
                guard output.count + produced <= limit else {
                    return keepingPrefix ? .bytes(output + chunk[..<(limit - output.count)]) : .overLimit
                }
                output += chunk[..<produced]
                switch status {
                case Z_STREAM_END: return .bytes(output)
                case Z_OK: continue
                // No progress possible: the input ended before the stream did (truncated data).
                case Z_BUF_ERROR where produced == 0: return output.isEmpty ? .corrupt : .bytes(output)
                case Z_BUF_ERROR: continue
                default: return .corrupt
                }
            }
        }
    }
}
