import Signet

/// `signet stamp IN.pdf -o OUT.pdf (--image FILE | --strokes FILE) [placement] [--pages …]`
enum StampCommand: Command {
    static let spec = CommandSpec(
        name: "stamp",
        summary: "stamp a signature image or the strokes themselves onto PDF pages, upright where the reader sees them",
        usage: "IN.pdf -o OUT.pdf (--image FILE | --strokes FILE) [options]   (IN.pdf - reads standard input)",
        positionals: 1...1,
        options: [
            .value("output", "FILE", "the stamped PDF (- for standard output)", short: "o"),
        ] + ArtworkOptions.specs + [
            .value("pages", "LIST", "pages to stamp: all, first, last (default), 1,3-5, -1 (last), -2 …"),
        ] + PlacementOptions.specs + [
            .value("opacity", "A", "stamp opacity, above 0 up to 1 (default 1)"),
            .value("blend", "MODE", "normal (default) or multiply (a white background disappears)"),
            .flag("incremental", "append an incremental update even when not needed (the output starts with the input's bytes)"),
            .flag("rewrite", "rewrite the whole file even when it is signed (needs --break-signatures then)"),
            .flag("break-signatures", "allow --rewrite to invalidate existing signatures, certification or usage rights"),
        ] + SecretInput.pdfPasswordSpecs,
        notes: [
            PlacementOptions.notes,
            """
            output: a signed, certified (DocMDP) or usage-rights (UR3) input gets an incremental update, so the
              existing signatures stay valid; anything else is rewritten compactly through qpdf.
            """,
        ] + StrokeInputOptions.notes)

    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        let output = try args.required("output")
        if args.flag("incremental"), args.flag("rewrite") {
            throw UsageError(args.command, "give either --incremental or --rewrite, not both")
        }
        if args.flag("break-signatures"), !args.flag("rewrite") {
            throw UsageError(args.command, "--break-signatures only makes sense with --rewrite")
        }
        let options = StampOptions(
            pages: PageSelection(args.string("pages") ?? "last"),
            placement: try PlacementOptions.placement(args),
            opacity: try args.double("opacity", in: 0...1) ?? 1,
            blend: try args.choice("blend", BlendMode.self) ?? .normal,
            mode: args.flag("incremental") ? .incremental : args.flag("rewrite") ? .rewrite : .automatic,
            breakSignatures: args.flag("break-signatures"))
        if options.opacity == 0 { throw UsageError(args.command, "--opacity 0 would make the stamp invisible") }
        try OutputGuard.refuseOverwriting(
            [args.positionals[0]] + ["image", "strokes", "password-file"].compactMap(args.string), with: [output], command: spec.name)
        let password = try SecretInput.read(args, context)
        guard let artwork = try ArtworkOptions.read(args) else {
            throw UsageError(args.command, "say what to stamp with --image FILE or --strokes FILE")
        }
        let input = try PDFInput(args.positionals[0])
        let bars = PhaseBars(context)
        var report = try input.open { path in
            try Stamper.stamp(
                input: path, password: password, artwork: artwork, options: options, output: output,
                progress: context.stderrIsTerminal ? bars.update : nil)
        }
        bars.finish()
        report.input = input.name
        for warning in report.warnings { context.warn("\(input.name): \(warning)") }
        let pages = report.pagesStamped == 1 ? "page \(report.perPage[0].page)" : "\(report.pagesStamped) pages"
        let how = report.mode == "incremental" ? "appended as an incremental update" : "rewritten"
        let size = report.bytesAdded >= 0 ? "+\(report.bytesAdded) bytes" : "\(report.bytesAdded) bytes"
        return CommandOutcome(
            json: report, lines: ["stamped \(pages) of \(input.name == "-" ? "standard input" : input.name) into \(output == "-" ? "standard output" : output) (\(how), \(size))"],
            outputUsedStdout: output == "-")
    }
}

/// One progress bar per phase of a stamping run (pages stamped, then per mille written).
private final class PhaseBars {
    private let context: CommandContext
    private var current: (phase: StampProgress.Phase, bar: ProgressBar)?

    init(_ context: CommandContext) { self.context = context }

    func update(_ progress: StampProgress) {
        if current?.phase != progress.phase {
            current?.bar.finish()
            current = (progress.phase, ProgressBar(label: progress.phase.rawValue, total: 1000, context: context))
        }
        current?.bar.update(Int((progress.fraction * 1000).rounded()))
    }

    func finish() { current?.bar.finish() }
}
