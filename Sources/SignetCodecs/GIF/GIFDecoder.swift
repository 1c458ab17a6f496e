import CSignetGIF
import SignetRaster

/// Reads the first frame of a GIF with giflib (through CSignetGIF), on a transparent canvas of
/// the GIF's screen size. GIF has no orientation and no colour profile: its colours are sRGB.
enum GIFDecoder {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits) throws -> Bitmap {
        var message = [CChar](repeating: 0, count: Int(SIGNET_GIF_MESSAGE_SIZE))
        var (w, h) = (UInt32(0), UInt32(0))
        try check(
            bytes.withUnsafeBufferPointer { signet_gif_read_info($0.baseAddress, $0.count, &w, &h, &message) }, message)
        let (width, height) = (Int(w), Int(h))
        guard width * height <= limits.maxPixels else {
            throw CodecError(.tooLarge(width: width, height: height, maxPixels: limits.maxPixels))
        }
        let count = width * height * 4
        let pixels = try [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            let status = bytes.withUnsafeBufferPointer {
                signet_gif_decode_first($0.baseAddress, $0.count, w, h, out.baseAddress, &message)
            }
            try check(status, message)
            initialized = count
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    private static func check(_ status: signet_gif_status, _ message: [CChar]) throws {
        let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case SIGNET_GIF_OK: return
        case SIGNET_GIF_NO_MEMORY: throw CodecError(.outOfMemory(format: "GIF"))
        default: throw CodecError(.corrupt(format: "GIF", detail: detail))
        }
    }
}
