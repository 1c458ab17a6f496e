import Signet

/// `signet compress IN -o OUT --max-bytes SIZE`: fit an image under a byte budget as a PNG or JPEG.
enum CompressCommand: Command {
    static let spec = CommandSpec(
        name: "compress",
        summary:
            "fit an image under a byte budget as a PNG or JPEG (JPEG quality search, resize fallback, PNG kept when it fits)",
        usage: "IN -o OUT [--max-bytes SIZE] [options]",
        positionals: 1...1,
        options: BudgetFlags.options + [
            .value(.output, "OUT", "where to write the result ('-' for standard output)", short: "o"),
            .value(
                .maxPixels, "N",
                "largest input accepted, in pixels of the file's own size (default \(DecodeLimits.defaultMaxPixels))"),
        ],
        notes: BudgetFlags.notes + [
            "Input: \(InputFormat.readable) (told apart by content; a GIF's first frame), at most \(SignetAPI.maxImageFileBytes / 1_048_576) MiB; turned upright by its EXIF orientation and converted to sRGB from its ICC profile. HEIC, AVIF, JPEG XL and the other formats docs/budget.md lists are refused by name.",
            "Example: signet compress seal.png -o seal.jpg --max-bytes 100KB",
        ])

    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        let input = args.positionals[0]
        let output = try args.required(.output)
        var options = try BudgetFlags.options(args, output: output)
        options.threads = context.budgetThreads
        try OutputGuard.refuseOverwriting([input], with: [output], command: spec.name)
        // The search allocates and frees the same image-sized buffers: reused, they are not faulted
        // in again; and the first touch of each 2 MiB is one fault.
        AllocatorTuning.hugePagesForImageBuffers()
        let limits = DecodeLimits(
            maxPixels: try args.int(.maxPixels, in: 1...4_000_000_000) ?? DecodeLimits.defaultMaxPixels)
        let result = try SignetAPI.fit(imageAt: input, to: output, options: options, limits: limits)
        if let named = BudgetFlags.format(forOutput: output), named.rawValue != result.format.rawValue {
            context.warn(
                "\(output) holds a \(result.format.name) although its name says \(named.rawValue); rename it to .\(result.format.fileExtension)."
            )
        }
        let report = BudgetReport(input: input, output: output, result: result)
        return CommandOutcome(json: report, lines: [report.line], outputUsedStdout: output == "-")
    }
}
