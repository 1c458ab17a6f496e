import FoundationEssentials
import Signet

/// `signet capture --pdf IN.pdf -o OUT.pdf`: the page shows the PDF's page with the box to sign
/// in; Done stamps the strokes there as vector ink and, with an identity, signs, as `signet
/// pipeline --vector` does.
extension CaptureCommand {
    static let pdfOptions: [OptionSpec] =
        [
            .value(.pdf, "FILE", "sign this PDF: the page shows its page with the box to sign in; -o is the result"),
            PageFlags.spec("PAGE", "with --pdf: the page to sign, from 1, first or last (default)"),
        ] + PlacementFlags.specs + IdentityFlags.options + SignatureFlags.specs + SignatureTextFlags.specs
        + SecretInput.signedPDFPasswordSpecs + EvidenceFlags.specs

    /// Options that mean nothing without --pdf.
    static let pdfOnly = pdfOptions.map(\.name).filter { $0 != .pdf }

    static let pdfNote = """
        --pdf: the page shows page --pages (default the last) of the PDF as displayed, rendered by \
        signet-preview, with the box the signer draws in: --size WxH is that box (--width W alone keeps 3:1; \
        default 180 x 60 pt); --at, --units, --origin and --anchor place the whole stamp (the box and, when \
        signing, its text) as 'signet stamp' places one (default 36 pt in from the bottom-right corner). On Done the strokes are stamped there as drawn (vector ink) and, with \
        --p12 or --key/--cert, the document is signed in the same incremental update, as 'signet pipeline \
        --vector' does; the signer's name and the signing time go below the box (or --text-position right) \
        unless --no-text; with --evidence-for the pen dynamics drawn on the pad are sealed for the examiner \
        on the stamp (docs/evidence.md). An encrypted PDF takes its password from --pdf-password-env, -file or -stdin (or, \
        at a terminal, a prompt) and stays encrypted. The page names the file, the page and the signer. -o is written only when Done \
        succeeds. IN.pdf is read once, at the start: those bytes are shown and signed, whatever happens to the file \
        meanwhile; a document that reads two ways (as signet verify judges signed bytes: duplicate keys with different \
        values, unlisted objects, offsets not in digits, a rebuilt cross-reference table, an object poppler resolves \
        otherwise than qpdf) is refused before it is shown.
        """

    static func runPDF(_ pdf: String, _ args: Arguments, _ context: CommandContext) throws -> CommandOutcome {
        guard let output = args.string(.output) else {
            throw UsageError("capture", "say where the signed PDF goes: -o OUT.pdf")
        }
        guard pdf != "-" else {
            throw UsageError("capture", "--pdf needs a file: its page is shown while the signer draws")
        }
        let refused = RenderCommand.budgetOptions.map(\.name) + [OptionName.noCrop, .padding, .fit, .dpi, .scale]
        if let name = refused.first(where: { args.string($0) != nil || args.flag($0) }) {
            throw UsageError("capture", "--\(name) is about an image; --pdf stamps the strokes as vector ink")
        }
        let signs = [OptionName.p12, .key, .cert].contains { args.string($0) != nil }
        let signatureOnly = PipelineCommand.signatureOnly
        if !signs, let (name, _) = signatureOnly.first(where: { $0.1 ? args.flag($0.0) : args.string($0.0) != nil }) {
            throw UsageError(
                "capture", "--\(name) is about the signature; give --p12 FILE or --key FILE --cert FILE to sign")
        }
        try OutputGuard.refuseOverwriting(
            [pdf]
                + [OptionName.p12, .key, .cert, .chain, .passwordFile, .pdfPasswordFile, .evidenceFor].compactMap(
                    args.string),
            with: [output],
            command: "capture")
        let server = try serverOptions(args)
        var options = PipelineOptions(render: try RenderFlags.options(args), artwork: .vector)
        options.stamp.placement = try PlacementFlags.placement(args)
        let page = try PageFlags.one(args, last: .isDefault)
        var warnings: [String] = []
        var signingTime: Date?
        var signing: (() throws -> PipelineSigning)?
        var layoutText: SignatureText?
        var signer: String?
        let examiner = try EvidenceFlags.examiner(args)
        if signs {
            let identity = try IdentityFlags.load(args, context)
            let now = Date()
            warnings = try IdentityFlags.checkValidity(identity, at: now, args, context)
            let signatureOptions = try SignatureFlags.options(args, signingTime: now)
            layoutText = try SignatureTextFlags.text(args, identity: identity, options: signatureOptions)
            signer = signatureOptions.name ?? identity.commonName ?? identity.subject
            // Called at Done: the signature's time (and the text's) is when the signer finished.
            signing = {
                let at = Date()
                signingTime = at
                let options = try SignatureFlags.options(args, signingTime: at)
                return PipelineSigning(
                    identity: identity, options: options,
                    text: try SignatureTextFlags.text(args, identity: identity, options: options), examiner: examiner)
            }
        }
        let name = StreamName.stem(pdf, orElse: "document.pdf")
        // Read once: these bytes are laid out, shown and signed, whatever happens to the file meanwhile.
        let document = try InputFile.read(pdf, limit: maxDocumentBytes)
        let (sheet, password) = try SecretInput.withSignedPDFPassword(args, context) { password in
            // poppler draws the page the signer sees and qpdf signs: the two readings are compared first.
            let reader = OverlayRenderer(
                input: .bytes(document), password: password, secretVariables: context.secretVariables)
            let sheet = try SignetAPI.captureSheet(
                pdf: document, password: password, name: pdf, page: page, placement: options.stamp.placement,
                text: layoutText, signer: signer, rendering: .renderer(reader))
            return (sheet, password)
        }
        let image = try PagePreview.png(
            .bytes(document), page: sheet.page, arguments: ["--width", String(pageImageWidth)], password: password,
            withholding: context.secretVariables,
            missing: "the signer sees; build it with 'swift build -c release --product \(PagePreview.executable)'")
        var shown = sheet
        shown.fileName = name
        var report = try announcing("sign page \(sheet.page) of \(name)", args, context) { listening in
            try SignetAPI.capture(
                intoPDF: document, named: pdf, password: password, to: output, sheet: shown, pageImage: image,
                options: options, signing: signing, capture: server, listening: listening,
                renderer: OverlayRenderer.renderers(password: password, context))
        }
        report.stamp.addHiddenWarnings()
        for warning in report.stamp.warnings { context.warn("\(pdf): \(warning)") }
        let result = PipelineResult(
            strokes: "the signing page", report: report, imageOutput: nil, signer: signer,
            signingTime: signingTime.map(UTCTime.iso8601), warnings: warnings, sealedFor: examiner?.subject)
        return CommandOutcome(json: result, lines: [result.line], outputUsedStdout: output == "-")
    }

    /// Pixels across the page image the signer sees (sharp on a 2× screen at about 700 CSS px).
    static let pageImageWidth = 1400

    /// The largest PDF signed in the browser (1 GiB): it is held in memory from the start to Done.
    static let maxDocumentBytes = 1 << 30
}
