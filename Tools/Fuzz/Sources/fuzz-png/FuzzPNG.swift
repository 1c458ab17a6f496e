import FuzzSupport
import Signet

/// The PNG decoder (libpng behind the setjmp shim, and the libdeflate path for 8-bit RGB and RGBA,
/// which must give libpng's bytes wherever libpng decodes), with the default pixel limit.
@_cdecl("fuzz_png_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.run(argc, argv) { data, size in
        let bytes = Fuzz.bytes(data, size)
        Fuzz.expect("PNG decode", accepting: [CodecError.self]) {
            let bitmap = try PNGDecoder.decode(bytes)
            Fuzz.require(
                bitmap.width > 0 && bitmap.height > 0 && bitmap.width * bitmap.height <= DecodeLimits().maxPixels,
                "decoded \(bitmap.width)×\(bitmap.height)")
            Fuzz.require(
                bitmap.pixels.count == bitmap.width * bitmap.height * 4, "pixel buffer of \(bitmap.pixels.count) bytes")
        }
        // Where libpng decodes a file, the libdeflate path returns the same bytes.
        if let info = try? LibPNG.info(bytes), Int(info.width) * Int(info.height) <= DecodeLimits().maxPixels,
            let fast = PNGPixelData.rgba(bytes, header: info),
            let reference = try? LibPNG.decodeRGBA(bytes, width: Int(info.width), height: Int(info.height))
        {
            Fuzz.require(reference == fast, "the libdeflate path and libpng decode differently")
        }
        return 0
    }
}
