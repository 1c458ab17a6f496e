import Signet

/// Where a stamp or a visible signature goes on its page: `--at`, `--size`, `--width`,
/// `--units`, `--origin`, `--anchor`, read into a `StampPlacement` (shared by stamp and sign).
enum PlacementFlags {
    static let specs: [OptionSpec] = [
        .value(
            .at, "X,Y",
            "where the anchor corner goes, in the page as displayed; default 36 pt in from the bottom-right corner"),
        .value(.size, "WxH", "stamp width and height (stretches the stamp)"),
        .value(.width, "W", "stamp width, height from the stamp's aspect ratio; default 180 pt"),
        .choice(
            .units, "UNIT", StampPlacement.Units.self,
            "units of --at, --size and --width: pt (default), mm, in, or % of the displayed page"),
        .choice(
            .origin, "ORIGIN", StampPlacement.Origin.self,
            "where 0,0 is: top-left (default, y grows down) or bottom-left (y grows up)"),
        .choice(
            .anchor, "CORNER", StampPlacement.Anchor.self,
            "which corner of the stamp --at names: top-left, top-right, bottom-left, bottom-right, center; default the origin's corner"
        ),
    ]

    static let notes = """
        placement: coordinates are in the page as a reader displays it — inside the CropBox, after
          /Rotate and /UserUnit — so the stamp lands upright where you see it on screen.
        """

    static func placement(_ args: Arguments) throws -> StampPlacement {
        if args.string(.size) != nil, args.string(.width) != nil {
            throw UsageError(args.command, "give either --size or --width, not both")
        }
        let width = try args.double(.width)
        if let width, !(width > 0) { throw UsageError(args.command, "--width must be positive, not \(width)") }
        return StampPlacement(
            at: try args.point(.at), size: try args.size(.size), width: width,
            units: try args.choice(.units, StampPlacement.Units.self) ?? .pt,
            origin: try args.choice(.origin, StampPlacement.Origin.self) ?? .topLeft,
            anchor: try args.choice(.anchor, StampPlacement.Anchor.self))
    }
}
