import Signet

/// `--image FILE` or `--strokes FILE`: what a stamp or a visible signature shows (shared by
/// `stamp` and `sign`).
enum ArtworkFlags {
    static let specs: [OptionSpec] =
        [
            .value(.image, "FILE", "a PNG (alpha kept as a soft mask) or a JPEG (embedded untouched)"),
            .value(.strokes, "FILE", "a stroke file of any format 'signet render' reads, embedded as vector paths"),
        ] + StrokeInputFlags.specs

    /// The artwork asked for, or `nil` when neither option is given.
    static func read(_ args: Arguments) throws -> StampArtwork? {
        switch (args.string(.image), args.string(.strokes)) {
        case (let image?, nil):
            return try StampArtwork.image(at: image)
        case (nil, let strokes?):
            return try StampArtwork.strokes(at: strokes, reading: try StrokeInputFlags.readOptions(args))
        case (nil, nil):
            return nil
        default:
            throw UsageError(args.command, "give either --image or --strokes, not both")
        }
    }
}
