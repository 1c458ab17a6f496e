import SignetRaster

/// Decodes PNG or JPEG, told apart by their signatures (never by file name).
package enum ImageDecoder {
    package static func decode(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits()) throws -> Bitmap {
        switch ImageFormat.sniff(bytes) {
        case .png: return try PNGDecoder.decode(bytes, limits: limits)
        case .jpeg: return try JPEGCodec.decode(bytes, limits: limits)
        case nil: throw CodecError(.notAnImage(format: "PNG or JPEG"))
        }
    }
}
