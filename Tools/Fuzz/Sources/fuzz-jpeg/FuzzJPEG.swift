import FuzzSupport
import Signet

/// The JPEG header reader (`JPEGInfo`, all a stamp embeds needs) and the decoder (libjpeg-turbo
/// behind the setjmp shim), with the default pixel limit.
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
        return 0
    }
}
