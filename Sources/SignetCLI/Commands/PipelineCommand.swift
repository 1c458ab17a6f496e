import FoundationEssentials
import Signet

/// `signet pipeline STROKES --pdf IN.pdf -o OUT.pdf`: strokes → image under a byte budget (or
/// vector ink) → stamped into the PDF → signed when an identity is given, in one run.
enum PipelineCommand: Command {
    static let spec = CommandSpec(
        name: "pipeline",
        summary: "strokes to a budgeted image (or vector ink) stamped into a PDF, then optionally signed, in one run",
        usage:
            "STROKES --pdf IN.pdf -o OUT.pdf [--max-bytes SIZE | --vector] [placement] [--p12 FILE | --key FILE --cert FILE | --external-signer COMMAND --cert FILE] [options]",
        positionals: 1...1,
        options: [
            .value(.output, "FILE", "the finished PDF", short: "o"),
            .value(.pdf, "FILE", "the PDF to stamp (- for standard input)"),
            .value(.saveImage, "FILE", "also write the fitted PNG/JPEG here (otherwise it never touches the disk)"),
            .flag(
                .vector, "stamp the strokes as vector paths (sharp at any zoom, a few KB) instead of a fitted image"),
            .choice(
                .imageFormat, "FORMAT", BudgetFormat.self,
                "format of the fitted image (default png: transparency kept, downscaled to fit)"),
            BudgetFlags.maxBytes,
        ] + BudgetFlags.searchOptions + StrokeInputFlags.specs + RenderFlags.specs + StampFlags.specs
            + SecretInput.signedPDFPasswordSpecs + IdentityFlags.options + SignatureFlags.specs
            + SignatureTextFlags.specs + EvidenceFlags.specs,
        notes: [
            """
            stages: read STROKES (any format of 'signet render'), render them as 'signet render' does (same
              options), fit the image under --max-bytes as 'signet compress' does, stamp it as 'signet stamp'
              does, and — with --p12 or --key/--cert — append an invisible signature as 'signet sign' does
              (the stamp is what shows: when signing, it also shows the signer's name and the signing time
              as 'signet sign' does, unless --no-text). When signing, the stamp and the signature are one incremental update
              that the signature covers; on an already signed input the stamp is a Stamp annotation. With
              --evidence-for, the STROKES' pen dynamics (they need timestamps) are sealed for the examiner on the
              stamp's form, bound to the document, the stamp and where it is drawn, and the signer (docs/evidence.md).
              Only -o (and --save-image) is written, atomically, once every stage has succeeded.
            """
        ] + StampFlags.notes + StrokeInputFlags.notes)

    /// Options that only make sense for a fitted image, or only when signing.
    static let imageOnly = [
        OptionName.maxBytes, .imageFormat, .saveImage, .minQuality, .maxQuality, .resizeQuality, .minDimension,
    ]
    static let signatureOnly =
        [OptionName.pades, .certify, .strict, .passwordStdin, SignatureTextFlags.flag].map { ($0, true) }
        + ([
            OptionName.name, .reason, .location, .contactInfo, .field, .reserve, .chain, .passwordEnv, .passwordFile,
            .evidenceFor,
        ] + SignatureTextFlags.values)
        .map { ($0, false) }

    static func run(_ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        let strokes = args.positionals[0]
        let output = try args.required(.output)
        let pdf = try args.required(.pdf)
        let options = try pipelineOptions(args, context)
        let signs = [OptionName.p12, .key, .cert].contains { args.string($0) != nil }
        if !signs, let (name, _) = signatureOnly.first(where: { $0.1 ? args.flag($0.0) : args.string($0.0) != nil }) {
            throw UsageError(
                spec.name, "--\(name) is about the signature; give --p12 FILE or --key FILE --cert FILE to sign")
        }
        if signs, args.flag(.rewrite) {
            throw UsageError(
                spec.name,
                "--rewrite cannot go with signing: the stamp is appended in the signature's own incremental update")
        }
        if strokes == "-", pdf == "-" {
            throw UsageError(spec.name, "standard input can carry the strokes or the PDF, not both")
        }
        let source = try PDFInput(pdf)
        try OutputGuard.refuseOverwriting(
            [strokes, source.name]
                + [OptionName.p12, .key, .cert, .chain, .passwordFile, .pdfPasswordFile, .evidenceFor].compactMap(
                    args.string),
            with: [output] + [options.imageOutput].compactMap { $0 }, command: spec.name)
        var signing: PipelineSigning?
        var warnings: [String] = []
        let now = Date()
        if signs {
            let identity = try IdentityFlags.load(args, context)
            warnings = try IdentityFlags.checkValidity(identity, at: now, args, context)
            let signatureOptions = try SignatureFlags.options(args, signingTime: now)
            signing = PipelineSigning(
                identity: identity, options: signatureOptions,
                text: try SignatureTextFlags.text(args, identity: identity, options: signatureOptions),
                examiner: try EvidenceFlags.examiner(args))
        }
        var report = try SecretInput.withSignedPDFPassword(args, context) { password in
            try source.open { path in
                try SignetAPI.pipeline(
                    strokesAt: strokes, pdfAt: path, password: password, to: output, options: options, signing: signing,
                    renderer: OverlayRenderer.renderers(password: password, context))
            }
        }
        report.stamp.input = source.name
        report.signature?.input = source.name
        context.noteRepaired(source.name, report.signature?.repaired ?? report.stamp.repaired)
        report.stamp.addHiddenWarnings()
        for warning in report.stamp.warnings { context.warn("\(source.name): \(warning)") }
        let result = PipelineResult(
            strokes: strokes, report: report, imageOutput: options.imageOutput, signer: signing?.identity.subject,
            signingTime: signing.map { _ in UTCTime.iso8601(now) }, warnings: warnings,
            sealedFor: signing?.examiner?.subject)
        return CommandOutcome(json: result, lines: [result.line], outputUsedStdout: output == "-")
    }

    /// Reading, rendering, artwork and stamping options; contradictions are usage errors.
    private static func pipelineOptions(_ args: Arguments, _ context: CommandContext) throws -> PipelineOptions {
        let render = try RenderFlags.options(args)
        let artwork: PipelineOptions.Artwork
        if args.flag(.vector) {
            if let name = imageOnly.first(where: { args.string($0) != nil })
                ?? (args.flag(.noResize) ? OptionName.noResize : nil)
            {
                throw UsageError(spec.name, "--\(name) is about the fitted image; --vector stamps the strokes as paths")
            }
            artwork = .vector
        } else {
            let format = try args.choice(.imageFormat, BudgetFormat.self) ?? .png
            var budget = try BudgetFlags.options(args, format: format, background: render.background ?? .white)
            budget.threads = context.budgetThreads
            artwork = .image(budget)
        }
        return PipelineOptions(
            reading: try StrokeInputFlags.readOptions(args), render: render, artwork: artwork,
            stamp: try StampFlags.options(args), imageOutput: args.string(.saveImage))
    }
}
