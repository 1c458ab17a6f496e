import Signet

/// Where a stamp or a visible signature goes on its page: `--at`, `--size`, `--width`,
/// `--units`, `--origin`, `--anchor`, `--over-signed-content`, read into a `StampPlacement`
/// (shared by stamp, sign, pipeline and capture).
enum PlacementFlags {
    /// `--at auto`.
    static let auto = "auto"

    static let specs: [OptionSpec] = [
        .value(
            .at, "X,Y|auto",
            "where the anchor corner goes, in the page as displayed; default 36 pt in from the bottom-right corner; auto: the free area (no ink, text or annotation) nearest to that spot, or to --anchor's corner"
        ),
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
        .flag(
            .overSignedContent,
            "write the stamp even where it hides content an existing signature signed (verify then finds that signature not valid)"
        ),
    ]

    static let notes = """
        placement: coordinates are in the page as a reader displays it — inside the CropBox, after
          /Rotate and /UserUnit — so the stamp lands upright where you see it on screen. --at auto renders
          the page (signet-preview) and picks the free area nearest to where the stamp would go on a blank
          page: --anchor's corner (default bottom-right), 36 pt in; free means no ink, text or annotation
          under it, 6 pt around included.
        signed input: before writing, what the stamp (or visible signature) adds is judged as 'signet verify'
          judges it; one that would hide signed content is refused and nothing is written, unless
          --over-signed-content.
        """

    static func placement(_ args: Arguments) throws -> StampPlacement {
        if args.string(.size) != nil, args.string(.width) != nil {
            throw UsageError(args.command, "give either --size or --width, not both")
        }
        let width = try args.double(.width)
        if let width, !(width > 0) { throw UsageError(args.command, "--width must be positive, not \(width)") }
        let auto = args.string(.at)?.lowercased() == Self.auto
        return StampPlacement(
            at: auto ? nil : try args.point(.at, form: ValueForm.pointOrAuto), size: try args.size(.size), width: width,
            units: try args.choice(.units, StampPlacement.Units.self) ?? .pt,
            origin: try args.choice(.origin, StampPlacement.Origin.self) ?? .topLeft,
            anchor: try args.choice(.anchor, StampPlacement.Anchor.self), freeArea: auto,
            overSignedContent: args.flag(.overSignedContent))
    }
}
