import Signet

/// The byte-budget options shared by `signet compress` and `signet render --max-bytes`.
enum BudgetFlags {
    static let maxBytes = OptionSpec.value(
        .maxBytes, "SIZE",
        "byte budget: 100000, 100k or 100kB (×1000), 100Ki or 100KiB (×1024), 1M, 1MiB (default 100KiB)")
    /// The options both commands take (render has its own --background and --format meanings).
    static let searchOptions: [OptionSpec] = [
        .value(
            .minQuality, "Q",
            "lowest JPEG quality of any size (1-100, default \(BudgetOptions().minQuality): no limit)"),
        .value(.maxQuality, "Q", "highest JPEG quality tried (1-100, default \(BudgetOptions().maxQuality))"),
        .value(
            .resizeQuality, "Q",
            "lowest JPEG quality of a downscaled size (1-100, default \(BudgetOptions().resizeQuality): no limit)"),
        .flag(.noResize, "keep the full size: fail instead of downscaling when the lowest quality does not fit"),
        .value(
            .minDimension, "PX",
            "never downscale the shorter side below PX pixels (default \(BudgetOptions().minDimension))"),
    ]
    static let options: [OptionSpec] =
        [
            maxBytes,
            .choice(.format, "FORMAT", BudgetFormat.self, "output format (default: from OUT's extension, else auto)"),
            .value(
                .background, "COLOR", "what transparency becomes in a JPEG: \(Color.acceptedForms) (default white)"),
        ] + searchOptions

    static let notes = [
        """
        JPEG: the full size and a few downscaled sizes (aimed by the size model at qualities 30, 50, \
        70 and 85), each at the largest quality that fits; the winner is the one with the best score \
        against the original at the original size (at most 12 full encodes in all; a smaller size whose \
        estimate on a sample of rows is below the best so far is not searched; the runner-up reported is \
        the best other size searched, or else that ruled-out size with its estimate). Gray images become 1-component JPEGs; 4:4:4 chroma only when it fits at the top \
        quality, else 4:2:0; progressive when that is smaller. PNG: lossless (gray, gray+alpha or \
        palette when exact), at the largest size found that fits. auto: PNG when the image has \
        transparency and a lossless PNG fits at full size, else JPEG.
        """,
        "SSIM: luma (Rec. 601), Gaussian window sigma 1.5 (11x11), against the flattened original at the original size (a downscaled result upscaled back with Lanczos-3).",
        "Score: 0.8 SSIM of Y + 0.1 of Cb + 0.1 of Cr, less 0.01 x the mean colour difference (CIE76 delta E); what the choice ranks by, shown as 'score' (JSON: score, also color_ssim).",
        "Exit 1 when the budget cannot be met (the message names the smallest result reached); 2 for bad input.",
    ]

    /// The format an output path asks for by its extension.
    static func format(forOutput path: String) -> BudgetFormat? {
        let lower = path.lowercased()
        if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") { return .jpeg }
        if lower.hasSuffix(".png") { return .png }
        return nil
    }

    /// The format `output`'s extension asks for; nil for standard output ('-') or a name without
    /// an extension. A usage error for any other extension: a budgeted image is a PNG or JPEG,
    /// and `writer` (what writes it, e.g. "--max-bytes") says so.
    static func format(forOutput output: String, command: String, writer: String) throws -> BudgetFormat? {
        if let named = format(forOutput: output) { return named }
        let name = output.split(separator: "/").last.map(String.init) ?? output
        guard output == "-" || !name.dropFirst().contains(".") else {
            throw UsageError(command, "\(writer) writes a PNG or JPEG; name the output .png or .jpg, not '\(name)'")
        }
        return nil
    }

    /// The options from the command line; `format` and `background` come from the caller when
    /// the command gives those words another meaning.
    static func options(_ args: Arguments, format: BudgetFormat, background: Color) throws -> BudgetOptions {
        var options = BudgetOptions(format: format, background: background)
        if let size = try args.byteSize(.maxBytes) { options.maxBytes = size }
        if let q = try args.int(.minQuality, in: 1...100) { options.minQuality = q }
        if let q = try args.int(.maxQuality, in: 1...100) { options.maxQuality = q }
        if let q = try args.int(.resizeQuality, in: 1...100) { options.resizeQuality = q }
        if let px = try args.int(.minDimension, in: 1...65_500) { options.minDimension = px }
        options.allowResize = !args.flag(.noResize)
        guard options.minQuality <= options.maxQuality else {
            throw UsageError(
                args.command, "--min-quality \(options.minQuality) is above --max-quality \(options.maxQuality)")
        }
        return options
    }

    /// `signet compress`'s reading: --format, else the output's extension, else auto; --background.
    /// An output extension that is not PNG or JPEG is refused, whatever --format says.
    static func options(_ args: Arguments, output: String) throws -> BudgetOptions {
        let named = try Self.format(forOutput: output, command: args.command, writer: "compress")
        let format = try args.choice(.format, BudgetFormat.self) ?? named ?? .auto
        let background = try args.color(.background) ?? .white
        guard background.alpha >= 1 else {
            throw UsageError(
                args.command,
                "--background must be opaque (JPEG has no transparency), not '\(args.string(.background)!)'")
        }
        return try options(args, format: format, background: background)
    }
}
