import Signet

/// `signet stamp IN.pdf -o OUT.pdf (--image FILE | --strokes FILE) [placement] [--pages …]`
enum StampCommand: Command {
    static let spec = CommandSpec(
        name: "stamp",
        summary: "stamp a signature image or the strokes themselves onto PDF pages, upright where the reader sees them",
        usage: "IN.pdf -o OUT.pdf (--image FILE | --strokes FILE) [options]   (IN.pdf - reads standard input)",
        positionals: 1...1,
        options: [
            .value(.output, "FILE", "the stamped PDF (- for standard output)", short: "o")
        ] + ArtworkFlags.specs + StampFlags.specs + SecretInput.pdfPasswordSpecs,
        notes: StampFlags.notes + StrokeInputFlags.notes)

    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        let output = try args.required(.output)
        let options = try StampFlags.options(args)
        try OutputGuard.refuseOverwriting(
            [args.positionals[0]] + [OptionName.image, .strokes, .passwordFile].compactMap(args.string), with: [output],
            command: spec.name)
        guard let artwork = try ArtworkFlags.read(args) else {
            throw UsageError(args.command, "say what to stamp with --image FILE or --strokes FILE")
        }
        let input = try PDFInput(args.positionals[0])
        let bars = PhaseBars(context)
        var report = try SecretInput.withPDFPassword(args, context) { password in
            try input.open { path in
                try SignetAPI.stamp(
                    pdfAt: path, password: password, with: artwork, options: options, to: output,
                    renderer: OverlayRenderer.renderers(password: password, context),
                    progress: context.stderrIsTerminal ? bars.update : nil)
            }
        }
        bars.finish()
        report.input = input.name
        context.noteRepaired(input.name, report.repaired)
        report.addHiddenWarnings()
        for warning in report.warnings { context.warn("\(input.name): \(warning)") }
        return CommandOutcome(
            json: report,
            lines: [
                "stamped \(report.pagesPhrase) of \(StreamName.input(input.name)) into \(StreamName.output(output)) (\(report.howPhrase), \(report.sizeChange))"
            ],
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
