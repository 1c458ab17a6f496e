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
        let (stored, read): (Bitmap, ImageMetadata)
        switch InputFormat.sniff(bytes) {
        case .png:
            read = try LibPNG.readMetadata(bytes)
            stored = try PNGDecoder.decode(bytes, limits: limits)
        case .jpeg:
            let metadata = try LibJPEG.readMetadata(bytes)
            let info = try JPEGInfo(bytes)
            let scale = budget.map { JPEGDecodeScale.eighths(width: info.width, height: info.height, budget: $0) } ?? 8
            // The profile is applied by the decode itself (CMYK needs it before becoming RGB).
            let cmyk = info.components == 4
            let profile = metadata.iccProfile.flatMap { cmyk || SRGBConversion.changesColours($0) ? $0 : nil }
            let bitmap = try JPEGCodec.decode(bytes, limits: limits, scale: scale, profile: profile)
            return (bitmap.oriented(metadata.orientation), metadata.orientation != .up || profile != nil || cmyk)
        case .tiff: (stored, read) = try TIFFDecoder.decode(bytes, limits: limits)
        case .gif: (stored, read) = (try GIFDecoder.decode(bytes, limits: limits), ImageMetadata())
        case .webp: (stored, read) = try WebPDecoder.decode(bytes, limits: limits)
        case .unsupported(let name): throw CodecError(.unsupportedFormat(name: name))
        case nil: throw CodecError(.notAnImage(format: InputFormat.readable))
        }
        var bitmap = stored
        // A profile that changes nothing (sRGB) is not applied, and does not stop the file being kept.
        let profile = read.iccProfile.flatMap { SRGBConversion.changesColours($0) ? $0 : nil }
        if let profile, let conversion = SRGBConversion(profile: profile, layout: .rgba) {
            conversion.apply(to: &bitmap.pixels)
        }
        return (bitmap.oriented(read.orientation), read.orientation != .up || profile != nil)
    }
}
