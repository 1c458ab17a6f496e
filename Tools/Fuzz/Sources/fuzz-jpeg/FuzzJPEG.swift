import FuzzSupport
import Signet

/// The JPEG header reader (`JPEGInfo`, all a stamp embeds needs), the decoder (libjpeg-turbo
/// behind the setjmp shim), the input decoder every command reads images with (`ImageDecoder`:
/// the format's signature, EXIF and ICC metadata, Little CMS, the turn; TIFF, GIF and WebP when a
/// mutation lands on their signatures), and the EXIF Orientation parser on the raw bytes, with the
/// default pixel limit.
@_cdecl("fuzz_jpeg_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.run(argc, argv) { data, size in
        let bytes = Fuzz.bytes(data, size)
        Fuzz.expect("JPEG header", accepting: [CodecError.self]) {
            let info = try JPEGInfo(bytes)
            Fuzz.require(info.width > 0 && info.height > 0 && (1...4).contains(info.components), "header \(info)")
        }
        Fuzz.expect("JPEG decode", accepting: [CodecError.self]) {
            let bitmap = try JPEGCodec.decode(bytes)
            Fuzz.require(
                bitmap.width > 0 && bitmap.height > 0 && bitmap.width * bitmap.height <= DecodeLimits().maxPixels,
                "decoded \(bitmap.width)×\(bitmap.height)")
            Fuzz.require(
                bitmap.pixels.count == bitmap.width * bitmap.height * 4, "pixel buffer of \(bitmap.pixels.count) bytes")
        }
        Fuzz.expect("image decode", accepting: [CodecError.self]) {
            let bitmap = try ImageDecoder.decode(bytes, budget: 30_000)
            Fuzz.require(
                bitmap.pixels.count == bitmap.width * bitmap.height * 4, "pixel buffer of \(bitmap.pixels.count) bytes")
        }
        let orientation = ExifOrientation.parse(bytes)
        Fuzz.require((1...8).contains(orientation.rawValue), "orientation \(orientation)")
        return 0
    }
}
