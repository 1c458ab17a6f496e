import Signet

/// `--image FILE` or `--strokes FILE`: what a stamp or a visible signature shows (shared by
/// `stamp` and `sign`).
enum ArtworkFlags {
    static let specs: [OptionSpec] =
        [
            .value(
                .image, "FILE",
                "a JPEG (embedded untouched, turned by its EXIF orientation, in its ICC profile's colours), or a PNG, TIFF, GIF or WebP (alpha kept as a soft mask; upright, in sRGB)"
            ),
            .value(
                .maxPixels, "N",
                "largest --image accepted, in pixels of the file's own size (default \(DecodeLimits.defaultMaxPixels))"),
            .value(.strokes, "FILE", "a stroke file of any format 'signet render' reads, embedded as vector paths"),
        ] + StrokeInputFlags.specs

    /// The artwork asked for, or `nil` when neither option is given.
    static func read(_ args: Arguments) throws -> StampArtwork? {
        switch (args.string(.image), args.string(.strokes)) {
        case (let image?, nil):
            let limit = try args.int(.maxPixels, in: 1...4_000_000_000) ?? DecodeLimits.defaultMaxPixels
            return try StampArtwork.image(at: image, limits: DecodeLimits(maxPixels: limit))
        case (nil, let strokes?):
            return try StampArtwork.strokes(at: strokes, reading: try StrokeInputFlags.readOptions(args))
        case (nil, nil):
            return nil
        default:
            throw UsageError(args.command, "give either --image or --strokes, not both")
        }
    }
}
