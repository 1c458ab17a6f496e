import CSignetPNG
import Glibc
import SignetRaster

// The one place SignetCodecs talks to libpng, through the setjmp traps in CSignetPNG: every
// status is checked by `LibPNG.check`, and the encoder's malloc'd output is owned by `PNGBytes`.

package enum LibPNG {
    /// A fresh message buffer for one shim call.
    static func messageBuffer() -> [CChar] { [CChar](repeating: 0, count: Int(SIGNET_PNG_MESSAGE_SIZE)) }

    /// Throws the `CodecError` that `status` and the shim's `message` describe.
    static func check(_ status: signet_png_status, _ message: [CChar], encoding: Bool) throws {
        guard status != SIGNET_PNG_OK else { return }
        let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case SIGNET_PNG_NOT_PNG: throw CodecError(.notAnImage(format: "PNG"))
        case SIGNET_PNG_NO_MEMORY: throw CodecError(.outOfMemory(format: "PNG"))
        default:
            throw CodecError(
                encoding ? .encoderFailed(format: "PNG", detail: detail) : .corrupt(format: "PNG", detail: detail))
        }
    }

    /// Encodes packed 8-bit pixels of `type` (not `auto`): `palette` holds RGB triples and
    /// `alphas` the tRNS values of the first palette entries. A palette may have `bitDepth` 1, 2
    /// or 4: each row then packs its indices into `(width * bitDepth + 7) / 8` bytes, first pixel
    /// in the high bits.
    static func encode(
        _ pixels: [UInt8], width: Int, height: Int, type: PNGOptions.ColorType, options: PNGOptions, dpi: Double?,
        palette: [UInt8] = [], alphas: [UInt8] = [], bitDepth: Int = 8
    ) throws -> [UInt8] {
        var params = signet_png_encode_params()
        params.bit_depth = Int32(bitDepth)
        params.color_type =
            switch type {
            case .gray: PNG_COLOR_TYPE_GRAY
            case .grayAlpha: PNG_COLOR_TYPE_GRAY_ALPHA
            case .rgb: PNG_COLOR_TYPE_RGB
            case .palette: PNG_COLOR_TYPE_PALETTE
            case .rgba, .auto: PNG_COLOR_TYPE_RGB_ALPHA
            }
        params.compression_level = Int32(options.compressionLevel)
        params.filters =
            switch options.filter {
            case .none: PNG_FILTER_NONE
            case .sub: PNG_FILTER_SUB
            case .up: PNG_FILTER_UP
            case .average: PNG_FILTER_AVG
            case .paeth: PNG_FILTER_PAETH
            case .adaptive: PNG_FILTER_NONE | PNG_FILTER_SUB | PNG_FILTER_UP | PNG_FILTER_AVG | PNG_FILTER_PAETH
            }
        params.strategy =
            switch options.strategy {
            case .standard: Z_DEFAULT_STRATEGY
            case .filtered: Z_FILTERED
            case .rle: Z_RLE
            case .huffmanOnly: Z_HUFFMAN_ONLY
            }
        params.dpi = dpi.map { $0.isFinite && $0 > 0 ? $0 : 0 } ?? 0
        params.palette_count = Int32(palette.count / 3)
        params.alpha_count = Int32(alphas.count)
        var message = messageBuffer()
        let output = PNGBytes()
        let status = pixels.withUnsafeBufferPointer { px in
            palette.withUnsafeBufferPointer { rgb in
                alphas.withUnsafeBufferPointer { trns in
                    params.palette = rgb.baseAddress
                    params.alphas = trns.baseAddress
                    return signet_png_encode(
                        px.baseAddress, UInt32(width), UInt32(height), (width * type.channels * bitDepth + 7) / 8,
                        &params, &output.buffer,
                        &message)
                }
            }
        }
        try check(status, message, encoding: true)
        return output.bytes
    }

    /// Width, height and dpi from the header.
    package static func info(_ data: [UInt8]) throws -> signet_png_info {
        var message = messageBuffer()
        var info = signet_png_info()
        let status = data.withUnsafeBufferPointer { signet_png_read_info($0.baseAddress, $0.count, &info, &message) }
        try check(status, message, encoding: false)
        return info
    }

    /// The `eXIf` TIFF data and the `iCCP` profile before the pixel data (`signet_png_read_metadata`).
    static func readMetadata(_ data: [UInt8]) throws -> ImageMetadata {
        var message = messageBuffer()
        var exif: UnsafeMutablePointer<UInt8>?
        var icc: UnsafeMutablePointer<UInt8>?
        var exifSize = 0
        var iccSize = 0
        let status = data.withUnsafeBufferPointer {
            signet_png_read_metadata($0.baseAddress, $0.count, &exif, &exifSize, &icc, &iccSize, &message)
        }
        defer {
            free(exif)
            free(icc)
        }
        try check(status, message, encoding: false)
        return ImageMetadata(exif: ImageMetadata.copy(exif, exifSize), iccProfile: ImageMetadata.copy(icc, iccSize))
    }

    /// The pixels as straight-alpha RGBA, `width * height * 4` bytes.
    package static func decodeRGBA(_ data: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        var message = messageBuffer()
        let count = width * height * 4
        // Not zeroed first: a successful decode writes every byte.
        return try [UInt8](unsafeUninitializedCapacity: count) { rgba, initialized in
            let status = data.withUnsafeBufferPointer { src in
                signet_png_decode_rgba(src.baseAddress, src.count, rgba.baseAddress, count, &message)
            }
            try check(status, message, encoding: false)
            initialized = count
        }
    }
}

/// The encoder's output buffer (allocated by C with malloc), freed in `deinit`.
final class PNGBytes {
    var buffer = signet_png_buffer()

    deinit { signet_png_buffer_free(&buffer) }

    var bytes: [UInt8] {
        guard let data = buffer.data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: buffer.size))
    }
}
