import FuzzSupport
import Signet

/// The PNG decoder (libpng behind the setjmp shim, and the libdeflate path for 8-bit RGB and RGBA,
/// which must give libpng's bytes wherever libpng decodes), with the default pixel limit. Each
/// input is also tried with every chunk's CRC recomputed: random mutations almost never keep a
/// CRC, and without mending, the libdeflate path would decline nearly every input.
@_cdecl("fuzz_png_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.run(argc, argv) { data, size in
        let bytes = Fuzz.bytes(data, size)
        let mended = mendedCRCs(bytes)
        for input in mended == bytes ? [bytes] : [bytes, mended] { check(input) }
        return 0
    }
}

private func check(_ bytes: [UInt8]) {
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
}

/// `bytes` with the CRC of every whole chunk after the 8-byte signature recomputed.
private func mendedCRCs(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var at = 8
    while out.count - at >= 12 {
        let length = out[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
        guard length <= out.count - at - 12 else { break }
        let crc = out[(at + 4)..<(at + 8 + length)].withUnsafeBytes { ZlibInflater.crc32($0) }
        for i in 0..<4 { out[at + 8 + length + i] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * i)) }
        at += 12 + length
    }
    return out
}
