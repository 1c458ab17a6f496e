/// Stamp artwork read from files: what `--image FILE` and `--strokes FILE` name.
extension StampArtwork {
    /// The largest image file read as artwork.
    public static let maxImageFileBytes = 64 << 20

    /// A PNG (alpha becomes a soft mask) or a JPEG (embedded untouched) file; `-` = standard input.
    public static func image(at path: String) throws -> StampArtwork {
        try image(try InputFile.read(path, limit: maxImageFileBytes), name: path)
    }

    /// A stroke file of any format `StrokeFile` reads, as vector ink (smoothed, pens as captured).
    public static func strokes(at path: String, reading: StrokeReadOptions = StrokeReadOptions()) throws -> StampArtwork {
        .ink(Ink(try StrokeFile.read(path: path, options: reading)))
    }
}
