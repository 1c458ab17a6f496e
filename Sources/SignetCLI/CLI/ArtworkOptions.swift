import Signet

/// `--image FILE` or `--strokes FILE`: what a stamp or a visible signature shows (shared by
/// `stamp` and `sign`).
enum ArtworkOptions {
    static let specs: [OptionSpec] = [
        .value("image", "FILE", "a PNG (alpha kept as a soft mask) or a JPEG (embedded untouched)"),
        .value("strokes", "FILE", "a stroke file of any format 'signet render' reads, embedded as vector paths"),
    ] + StrokeInputOptions.specs

    static let maxImageBytes = 64 << 20

    /// The artwork asked for, or `nil` when neither option is given.
    static func read(_ args: Arguments) throws -> StampArtwork? {
        switch (args.string("image"), args.string("strokes")) {
        case (let image?, nil):
            return try StampArtwork.image(try InputFile.read(image, limit: maxImageBytes), name: image)
        case (nil, let strokes?):
            let drawing = try StrokeFile.read(path: strokes, options: try StrokeInputOptions.readOptions(args))
            return .ink(Ink(drawing))
        case (nil, nil):
            return nil
        default:
            throw UsageError(args.command, "give either --image or --strokes, not both")
        }
    }
}
