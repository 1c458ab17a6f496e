/// Stamp artwork read from files: what `--image FILE` and `--strokes FILE` name.
extension StampArtwork {
    /// The largest image file read as artwork.
    package static let maxImageFileBytes = 64 << 20

    /// A JPEG (embedded untouched) or a PNG, TIFF, GIF or WebP (decoded upright in sRGB, alpha as a
    /// soft mask) file; `-` = standard input.
    /// - Parameters:
    ///   - path: The image file (`-` = standard input).
    ///   - limits: The largest image accepted (default 60 million pixels).
    /// - Throws: ``FileError``, or ``CodecError`` naming the file.
    public static func image(at path: String, limits: DecodeLimits = DecodeLimits()) throws -> StampArtwork {
        try image(try InputFile.read(path, limit: maxImageFileBytes), name: path, limits: limits)
    }

    /// A stroke file of any format `StrokeFile` reads, as vector ink (smoothed, pens as captured).
    /// - Parameters:
    ///   - path: The stroke file (`-` = standard input).
    ///   - reading: The format, drawing index and limits to read with.
    /// - Throws: ``FileError`` or ``StrokeReadError``.
    public static func strokes(at path: String, reading: StrokeReadOptions = StrokeReadOptions()) throws -> StampArtwork
    {
        .ink(Ink(try StrokeFile.read(path: path, options: reading)))
    }
}
