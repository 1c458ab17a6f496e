import SignetRaster

/// JPEG encode and decode with libjpeg-turbo, in memory.
package enum JPEGCodec {
    /// `bitmap` as a JPEG. Transparent pixels are composited onto `options.background` first.
    package static func encode(_ bitmap: Bitmap, options: JPEGEncodeOptions = JPEGEncodeOptions()) throws -> [UInt8] {
        try validate(bitmap)
        let opaque = bitmap.isOpaque ? bitmap : bitmap.flattened(onto: options.background)
        let source = JPEGSource(opaque: opaque, grayscale: options.grayscale ?? opaque.isGray)
        // Without a byte limit the encoder always returns bytes or throws.
        return try source.encode(
            quality: options.quality, subsampling: options.subsampling,
            progressive: options.progressive, optimize: options.optimizeHuffman)!
    }

    /// Decodes a gray, YCbCr/RGB or CMYK/YCCK JPEG into opaque RGBA, at `scale` eighths of its
    /// size (libjpeg's DCT scaling: each side rounded up; the dpi scaled with it). With `profile`
    /// (the file's ICC profile) the pixels are converted from it to sRGB; without one CMYK becomes
    /// RGB by the naive formula. The pixel area is checked against `limits` from the header, before
    /// anything is allocated. Truncated or damaged data throws `CodecError` (libjpeg's warnings are
    /// not passed over).
    package static func decode(
        _ bytes: [UInt8], limits: DecodeLimits = DecodeLimits(), scale: Int = 8, profile: [UInt8]? = nil
    ) throws -> Bitmap {
        let (info, stored) = try decodeStored(bytes, limits: limits, scale: scale)
        var pixels = stored
        let (width, height) = (LibJPEG.scaled(info.width, scale), LibJPEG.scaled(info.height, scale))
        if info.components == 1 { expandGray(&pixels, count: width * height) }
        let layout: SRGBConversion.Layout = info.components == 4 ? .cmyk(inverted: info.isAdobeInverted) : .rgba
        if let profile, let conversion = SRGBConversion(profile: profile, layout: layout) {
            conversion.apply(to: &pixels)
        } else if info.components == 4 {
            convertCMYK(&pixels, inverted: info.isAdobeInverted)
        }
        return Bitmap(width: width, height: height, pixels: pixels, dpi: info.dpi.map { $0 * Double(scale) / 8 })
    }

    /// The header and the pixels as libjpeg delivers them at `scale` eighths of the size: width ×
    /// height × 4 bytes (of the scaled size) whose first width × height hold the gray values of a
    /// 1-component file (see `signet_jpeg_decode`).
    static func decodeStored(
        _ bytes: [UInt8], limits: DecodeLimits = DecodeLimits(), scale: Int = 8
    ) throws -> (JPEGInfo, [UInt8]) {
        let header = try LibJPEG.readInfo(bytes)
        let info = JPEGInfo(header)
        guard info.width * info.height <= limits.maxPixels else {
            throw CodecError(.tooLarge(width: info.width, height: info.height, maxPixels: limits.maxPixels))
        }
        // Not zeroed first: a successful decode writes every byte the layout above promises.
        let count = LibJPEG.scaled(info.width, scale) * LibJPEG.scaled(info.height, scale) * 4
        let pixels = try [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            try LibJPEG.decode(bytes, info: header, maxPixels: limits.maxPixels, scale: scale, into: out)
            initialized = count
        }
        return (info, pixels)
    }

    static func validate(_ bitmap: Bitmap) throws {
        guard bitmap.width > 0, bitmap.height > 0, bitmap.width <= 65_500, bitmap.height <= 65_500 else {
            throw CodecError(
                .cannotRepresent(
                    "a JPEG must be 1 to 65500 pixels on each side, not \(bitmap.width)×\(bitmap.height)."))
        }
    }

    /// Gray bytes packed at the start of the buffer become R = G = B, A = 255 (back to front, in place).
    private static func expandGray(_ pixels: inout [UInt8], count: Int) {
        pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: count - 1, through: 0, by: -1) {
                let v = p[i]
                p[4 * i] = v; p[4 * i + 1] = v; p[4 * i + 2] = v; p[4 * i + 3] = 255
            }
        }
    }

    /// C, M, Y, K become R, G, B, 255 by the naive formula (no color management):
    /// R = (255 − C)(255 − K) / 255. Adobe files store 255 − C (inverted), so there R = C·K / 255.
    private static func convertCMYK(_ pixels: inout [UInt8], inverted: Bool) {
        pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                var (c, m, y, k) = (UInt32(p[i]), UInt32(p[i + 1]), UInt32(p[i + 2]), UInt32(p[i + 3]))
                if !inverted { (c, m, y, k) = (255 - c, 255 - m, 255 - y, 255 - k) }
                p[i] = UInt8((c * k + 127) / 255)
                p[i + 1] = UInt8((m * k + 127) / 255)
                p[i + 2] = UInt8((y * k + 127) / 255)
                p[i + 3] = 255
            }
        }
    }
}
