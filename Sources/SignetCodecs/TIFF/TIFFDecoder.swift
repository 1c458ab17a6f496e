import CSignetTIFF
import Glibc
import SignetRaster

/// Reads the first image of a TIFF with libtiff's RGBA reader (through CSignetTIFF): every
/// photometric kind libtiff knows, straight alpha; its Orientation tag and ICC profile as the
/// metadata a decode applies.
enum TIFFDecoder {
    static func decode(_ bytes: [UInt8], limits: DecodeLimits) throws -> (Bitmap, ImageMetadata) {
        var message = [CChar](repeating: 0, count: Int(SIGNET_TIFF_MESSAGE_SIZE))
        var info = signet_tiff_info()
        try check(
            bytes.withUnsafeBufferPointer { signet_tiff_read_info($0.baseAddress, $0.count, &info, &message) }, message)
        let (width, height) = (Int(info.width), Int(info.height))
        guard width.multipliedReportingOverflow(by: height).partialValue <= limits.maxPixels else {
            throw CodecError(.tooLarge(width: width, height: height, maxPixels: limits.maxPixels))
        }
        var icc: UnsafeMutablePointer<UInt8>?
        var iccSize = 0
        defer { free(icc) }
        let count = width * height * 4
        let pixels = try [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            let status = bytes.withUnsafeBufferPointer {
                signet_tiff_decode(
                    $0.baseAddress, $0.count, info.width, info.height, out.baseAddress, &icc, &iccSize, &message)
            }
            try check(status, message)
            initialized = count
        }
        // The Orientation tag as an EXIF block would state it, so one parser reads both.
        let orientation = ExifOrientation(rawValue: Int(info.orientation)) ?? .up
        return (
            Bitmap(width: width, height: height, pixels: pixels),
            ImageMetadata(exif: nil, iccProfile: ImageMetadata.copy(icc, iccSize), stated: orientation)
        )
    }

    private static func check(_ status: signet_tiff_status, _ message: [CChar]) throws {
        let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch status {
        case SIGNET_TIFF_OK: return
        case SIGNET_TIFF_NO_MEMORY: throw CodecError(.outOfMemory(format: "TIFF"))
        default: throw CodecError(.corrupt(format: "TIFF", detail: detail))
        }
    }
}
