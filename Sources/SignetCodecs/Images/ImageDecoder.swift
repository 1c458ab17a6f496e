import SignetRaster

/// Decodes every format Signet reads (`InputFormat`, told apart by content, never by file name)
/// into the image as it is meant to be seen: turned upright by its EXIF orientation and converted
/// to sRGB from its ICC profile (`SRGBConversion`), so that nothing about it needs a tag any more.
/// Formats known by name and not read are refused by name.
package enum ImageDecoder {
    /// The upright sRGB image of `bytes`.
    /// - Parameters:
    ///   - bytes: A PNG, JPEG, TIFF, GIF or WebP file.
    ///   - limits: The largest image accepted (the file's own size, before any scaling).
    ///   - budget: A byte budget the image is decoded for: a JPEG far larger than such a file can
    ///     show is decoded at a fraction of its size (`JPEGDecodeScale`); nil decodes every pixel.
    package static func decode(
        _ bytes: [UInt8], limits: DecodeLimits = DecodeLimits(), budget: Int? = nil
    ) throws -> Bitmap {
        try decodeWithMetadata(bytes, limits: limits, budget: budget).bitmap
    }

    /// `decode`, and whether the file's metadata changed the pixels (then the file itself shows
    /// differently in viewers that ignore the metadata, and is not kept as it is).
    package static func decodeWithMetadata(
        _ bytes: [UInt8], limits: DecodeLimits = DecodeLimits(), budget: Int? = nil
    ) throws -> (bitmap: Bitmap, changed: Bool) {
        let (stored, metadata): (Bitmap, ImageMetadata)
        switch InputFormat.sniff(bytes) {
        case .png:
            metadata = try LibPNG.readMetadata(bytes)
            stored = try PNGDecoder.decode(bytes, limits: limits)
        case .jpeg:
            metadata = try LibJPEG.readMetadata(bytes)
            let info = try JPEGInfo(bytes)
            let scale = budget.map { JPEGDecodeScale.eighths(width: info.width, height: info.height, budget: $0) } ?? 8
            // The profile is applied by the decode itself (CMYK needs it before becoming RGB).
            let bitmap = try JPEGCodec.decode(bytes, limits: limits, scale: scale, profile: metadata.iccProfile)
            return (bitmap.oriented(metadata.orientation), metadata.changesPixels || info.components == 4)
        case .tiff: (stored, metadata) = try TIFFDecoder.decode(bytes, limits: limits)
        case .gif: (stored, metadata) = (try GIFDecoder.decode(bytes, limits: limits), ImageMetadata())
        case .webp: (stored, metadata) = try WebPDecoder.decode(bytes, limits: limits)
        case .unsupported(let name): throw CodecError(.unsupportedFormat(name: name))
        case nil: throw CodecError(.notAnImage(format: InputFormat.readable))
        }
        var bitmap = stored
        if let profile = metadata.iccProfile, let conversion = SRGBConversion(profile: profile, layout: .rgba) {
            conversion.apply(to: &bitmap.pixels)
        }
        return (bitmap.oriented(metadata.orientation), metadata.changesPixels)
    }
}
