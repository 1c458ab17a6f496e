import CSignetJPEG
import Glibc

/// The one place Signet calls libjpeg (through the setjmp shims in CSignetJPEG): every status
/// is checked here and turned into a `CodecError`.
enum LibJPEG {
    /// Why a call failed, as the shims report it.
    private static func check(_ status: signet_jpeg_status, _ message: [CChar], encoding: Bool) throws {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case SIGNET_JPEG_OK:
            return
        case SIGNET_JPEG_CORRUPT:
            throw CodecError(.corrupt(format: "JPEG", detail: text))
        case SIGNET_JPEG_NO_MEMORY:
            throw CodecError(.outOfMemory(format: "JPEG"))
        case SIGNET_JPEG_ERROR where encoding:
            throw CodecError(.encoderFailed(format: "JPEG", detail: text))
        case SIGNET_JPEG_ERROR where text.hasPrefix("Unsupported"):
            throw CodecError(.unsupported(format: "JPEG", detail: text))
        default:
            throw CodecError(.corrupt(format: "JPEG", detail: text))
        }
    }

    private static func messageBuffer() -> [CChar] {
        [CChar](repeating: 0, count: Int(SIGNET_JPEG_MESSAGE_SIZE))
    }

    /// The header of `bytes`.
    static func readInfo(_ bytes: [UInt8]) throws -> signet_jpeg_info {
        var info = signet_jpeg_info()
        var message = messageBuffer()
        let status = bytes.withUnsafeBufferPointer { data in
            message.withUnsafeMutableBufferPointer {
                signet_jpeg_read_info(data.baseAddress, data.count, &info, $0.baseAddress)
            }
        }
        try check(status, message, encoding: false)
        return info
    }

    /// The Exif TIFF data and the ICC profile of `bytes` (`signet_jpeg_read_metadata`).
    static func readMetadata(_ bytes: [UInt8]) throws -> ImageMetadata {
        var exif: UnsafeMutablePointer<UInt8>?
        var icc: UnsafeMutablePointer<UInt8>?
        var exifSize = 0
        var iccSize = 0
        var message = messageBuffer()
        let status = bytes.withUnsafeBufferPointer { data in
            message.withUnsafeMutableBufferPointer {
                signet_jpeg_read_metadata(
                    data.baseAddress, data.count, &exif, &exifSize, &icc, &iccSize, $0.baseAddress)
            }
        }
        defer {
            free(exif)
            free(icc)
        }
        try check(status, message, encoding: false)
        return ImageMetadata(exif: ImageMetadata.copy(exif, exifSize), iccProfile: ImageMetadata.copy(icc, iccSize))
    }

    /// The size a decode at `scale` eighths gives: each side rounded up, as libjpeg does.
    static func scaled(_ side: Int, _ scale: Int) -> Int { (side * scale + 7) / 8 }

    /// Decodes `bytes` whose header said `info` into `out` at `scale` eighths of its size (room for
    /// the scaled width × height × 4 bytes; see `signet_jpeg_decode` for the layout per color space).
    static func decode(
        _ bytes: [UInt8], info: signet_jpeg_info, maxPixels: Int, scale: Int = 8,
        into out: UnsafeMutableBufferPointer<UInt8>
    ) throws {
        precondition(
            out.count >= scaled(Int(info.width), scale) * scaled(Int(info.height), scale) * 4,
            "room for 4 bytes per pixel")
        var decoded = signet_jpeg_info()
        var message = messageBuffer()
        let status = bytes.withUnsafeBufferPointer { data in
            message.withUnsafeMutableBufferPointer {
                signet_jpeg_decode_scaled(
                    data.baseAddress, data.count, Int64(maxPixels), info.width, info.height, Int32(scale),
                    out.baseAddress, &decoded, $0.baseAddress)
            }
        }
        if status == SIGNET_JPEG_TOO_LARGE {
            throw CodecError(.tooLarge(width: Int(info.width), height: Int(info.height), maxPixels: maxPixels))
        }
        try check(status, message, encoding: false)
    }

    /// Encodes `pixels` (packed rows, 1 or 4 bytes per pixel as `params` says). Returns `nil` when
    /// `params.byte_limit` is set and the output would exceed it.
    static func encode(_ params: signet_jpeg_encode_params, _ pixels: [UInt8]) throws -> [UInt8]? {
        var params = params
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = messageBuffer()
        let stride = Int(params.width) * Int(params.input_components)
        let status = pixels.withUnsafeBufferPointer { data in
            message.withUnsafeMutableBufferPointer {
                signet_jpeg_encode(&params, data.baseAddress, stride, &out, &size, $0.baseAddress)
            }
        }
        if status == SIGNET_JPEG_OVER_LIMIT { return nil }
        try check(status, message, encoding: true)
        guard let out else { throw CodecError(.encoderFailed(format: "JPEG", detail: "no output")) }
        defer { free(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
