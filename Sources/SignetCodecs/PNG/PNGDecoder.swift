import SignetRaster

/// Reads PNG files of any colour type and bit depth (palette, tRNS, 16-bit, interlaced) into
/// straight-alpha RGBA `Bitmap`s, refusing images over the pixel limit before allocating them.
package enum PNGDecoder {
    package static func decode(_ bytes: [UInt8], limits: DecodeLimits = DecodeLimits()) throws -> Bitmap {
        let info = try LibPNG.info(bytes)
        let (width, height) = (Int(info.width), Int(info.height))
        guard width.multipliedReportingOverflow(by: height).partialValue <= limits.maxPixels else {
            throw CodecError(.tooLarge(width: width, height: height, maxPixels: limits.maxPixels))
        }
        let pixels =
            try PNGPixelData.rgba(bytes, header: info) ?? LibPNG.decodeRGBA(bytes, width: width, height: height)
        return Bitmap(width: width, height: height, pixels: pixels, dpi: info.dpi > 0 ? info.dpi : nil)
    }
}
