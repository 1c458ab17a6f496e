import Signet

/// The rendering options shared by `signet render` and `signet pipeline`: pen overrides, scale or
/// resolution, padding and crop, read into a `RenderOptions`.
enum RenderFlags {
    static let specs: [OptionSpec] = [
        .value(
            .color, "COLOR", "pen colour for every stroke: \(Color.acceptedForms) (default: as captured, else black)"),
        .value(
            .background, "COLOR", "paint this colour under the ink, in any form --color takes (default: transparent)"),
        .value(
            .scale, "N",
            "output pixels per capture unit (per CSS pixel when the file states its resolution); default 2"),
        .value(
            .dpi, "N",
            "output resolution: capture units are CSS pixels (1/96 in) unless the file says otherwise; written to the PNG"
        ),
        .value(
            .penWidth, "N",
            "pen width for every stroke in capture units (default: as captured, else 2.5 CSS px; variable pens keep their proportions)"
        ),
        .choice(.widthModel, "MODEL", WidthModel.self, "how the pen width varies (default: as captured, else fixed)"),
        .value(
            .padding, "PX",
            "margin around the ink in output pixels, the same on every side (cropped output only); default 8"),
        .flag(.noCrop, "keep the whole capture canvas instead of cropping to the ink"),
        .value(
            .fit, "WxH",
            "scale the signature and its pen to the largest size that fits this box of pixels (with --dpi, the dpi is only recorded)"
        ),
        .value(.minInkLength, "N", "refuse ink shorter than N capture units (a blank or accidental tap)"),
        .choice(
            .antialias, "MODE", RenderOptions.Antialias.self,
            "best (default: exact coverage, also the fastest) or fast: cairo's 4x4 sampling"),
    ]

    /// The options from the command line, checked (bad values are usage errors).
    static func options(_ args: Arguments) throws -> RenderOptions {
        var o = RenderOptions()
        if args.string(.scale) != nil, args.string(.dpi) != nil {
            throw UsageError(args.command, "give --scale or --dpi, not both")
        }
        if args.string(.scale) != nil, args.string(.fit) != nil {
            throw UsageError(args.command, "give --scale or --fit, not both (--fit chooses the scale)")
        }
        o.color = try args.color(.color)
        o.background = try args.color(.background)
        o.scale = try args.double(.scale, in: 0.01...1000) ?? o.scale
        o.dpi = try args.double(.dpi, in: 1...100_000)
        o.penWidth = try args.double(.penWidth, in: 0.001...100_000)
        o.widthModel = try args.choice(.widthModel, WidthModel.self)
        o.padding = try args.int(.padding, in: 0...10_000) ?? o.padding
        o.crop = !args.flag(.noCrop)
        o.fit = try args.size(.fit)
        o.minInkLength = try args.double(.minInkLength, in: 0...1e9)
        o.antialias = try args.choice(.antialias, RenderOptions.Antialias.self) ?? o.antialias
        do {
            try o.validate()
        } catch let error as RenderError {
            let line = FlagAdvice.line(error)
            throw UsageError(args.command, line.hasSuffix(".") ? String(line.dropLast()) : line)
        }
        return o
    }
}
