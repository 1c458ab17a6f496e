/// `pipeline`: strokes → image under a budget (or vector ink) → stamped into a PDF → signed.
extension SignetAPI {
    /// `signet pipeline STROKES --pdf IN.pdf -o OUT.pdf`: reads the stroke file and runs
    /// `pipeline(_:pdfAt:password:to:options:signing:renderer:)`. Reading and rendering errors name `strokes`.
    /// - Parameters:
    ///   - strokes: The stroke file (any format ``StrokeReader`` reads; `-` = standard input).
    ///   - input: The PDF to stamp.
    ///   - password: The PDF's password, when it is encrypted.
    ///   - output: The PDF to write.
    ///   - options: The options of every stage.
    ///   - signing: The identity and options to sign with; `nil` only stamps.
    ///   - renderer: Makes a page renderer of the PDF at a path, as for ``stamp(pdfAt:password:with:options:to:renderer:progress:)``:
    ///     a `freeArea` placement and the judgement of a stamp on an input that holds a signature need it.
    /// - Returns: What every stage did.
    /// - Throws: The error of the stage that failed: ``StrokeReadError``, ``RenderError``, ``CodecError``,
    ///   ``TimeSeriesError`` (sealing evidence of strokes without times), ``PDFError``, ``SignError`` or ``FileError``.
    @discardableResult
    public static func pipeline(
        strokesAt strokes: String, pdfAt input: String, password: Secret? = nil, to output: String,
        options: PipelineOptions = PipelineOptions(), signing: PipelineSigning? = nil,
        renderer: ((String) throws -> any PageRenderer)? = nil
    ) throws -> PipelineReport {
        let drawing = try StrokeFile.read(path: strokes, options: options.reading)
        return try pipeline(
            drawing, named: strokes, ends: .files(input: input, output: output), password: password, options: options,
            signing: signing, renderer: renderer)
    }

    /// Renders `drawing` and fits it under the budget (or prepares it as vector ink), stamps it
    /// into `input`, then — with `signing` — appends a signature. With `signing` the
    /// stamp and the signature are one incremental update, covered by the signature (the
    /// stamp's `mode` is not consulted: a signer always appends, an encrypted input opened with
    /// `password` and kept encrypted); on an input that is already signed the stamp is never page
    /// content: it is the new signature's visible appearance (one page, full opacity, normal
    /// blending, no `asAnnotation`, not certified), else a Stamp annotation. With `signing.examiner`,
    /// the drawing's ISO/IEC 19794-7 record is sealed for the examiner in that update, on the
    /// stamp's form XObject or on the signature's widget (see ``PipelineSigning/examiner``). Only `output` (and `options.imageOutput` when set) is
    /// written, atomically, once every stage has succeeded: the image stays in memory.
    /// - Parameters:
    ///   - drawing: The strokes to render.
    ///   - input: The PDF to stamp.
    ///   - password: The PDF's password, when it is encrypted.
    ///   - output: The PDF to write.
    ///   - options: The options of every stage.
    ///   - signing: The identity and options to sign with; `nil` only stamps.
    ///   - renderer: Makes a page renderer of the PDF at a path, as for ``stamp(pdfAt:password:with:options:to:renderer:progress:)``:
    ///     a `freeArea` placement and the judgement of a stamp on an input that holds a signature need it.
    /// - Returns: What every stage did.
    /// - Throws: The error of the stage that failed: ``RenderError``, ``CodecError``, ``TimeSeriesError``
    ///   (sealing evidence of strokes without times), ``PDFError``, ``SignError`` or ``FileError``.
    @discardableResult
    public static func pipeline(
        _ drawing: Drawing, pdfAt input: String, password: Secret? = nil, to output: String,
        options: PipelineOptions = PipelineOptions(), signing: PipelineSigning? = nil,
        renderer: ((String) throws -> any PageRenderer)? = nil
    ) throws -> PipelineReport {
        try pipeline(
            drawing, named: nil, ends: .files(input: input, output: output), password: password, options: options,
            signing: signing, renderer: renderer)
    }

    /// Where the PDF comes from and goes to: files by path, or bytes read already (in memory) and
    /// a sink (memory, or an atomic file).
    enum Ends {
        case files(input: String, output: String)
        case streams(any ByteSource, any ByteSink)

        var input: String {
            switch self {
            case .files(let input, _): input
            case .streams(let source, _): source.name
            }
        }

        var output: String {
            switch self {
            case .files(_, let output): output
            case .streams(_, let sink): sink.name
            }
        }
    }

    static func pipeline(
        _ drawing: Drawing, named strokes: String?, ends: Ends, password: Secret?,
        options: PipelineOptions, signing: PipelineSigning?, renderer: ((String) throws -> any PageRenderer)? = nil
    ) throws -> PipelineReport {
        let (input, output) = (ends.input, ends.output)
        let path: String? = if case .files(let input, _) = ends { input } else { nil }
        let hooks = PlacementCheck(
            renderer: renderer, input: path, password: password, context: input, what: "the stamp",
            judged: !options.stamp.placement.overSignedContent
        ).hooks
        let art: (artwork: StampArtwork, image: BudgetResult?, layout: RenderLayout)
        do {
            art = try artwork(drawing, options)
        } catch let error as RenderError {
            throw strokes.map(error.naming) ?? error
        } catch let error as CodecError {
            throw strokes.map(error.naming) ?? error
        }
        let stampReport: StampReport
        var signature: PDFSignResult?
        if let signing {
            // One revision: the stamp's objects go into the signer's incremental update, so the new
            // signature covers them; on a signed input the stamp is the new signature's appearance
            // (see `Stamper.signaturePage`), else a Stamp annotation there (see `Stamper.apply`).
            var edit: StampEdit?
            let evidence = try signing.examiner.map {
                var evidence = try handwritingEvidence(drawing, named: strokes, for: $0)
                evidence.presealed = signing.presealed
                return evidence
            }
            let editing = { (document: PDFDocument) -> SignatureAppearance? in
                if let page = try Stamper.signaturePage(options.stamp, in: document) {
                    return SignatureAppearance(
                        artwork: art.artwork, page: page, placement: options.stamp.placement, text: signing.text,
                        evidence: evidence)
                }
                let stamped = try Stamper.apply(
                    art.artwork, text: signing.text, options: options.stamp, to: document, incremental: true,
                    pageImage: hooks.pageImage)
                edit = stamped
                if let evidence {
                    guard let form = try stamped.formID.flatMap(document.object) else {
                        throw PDFError(input, .structure("internal: the stamp has no form XObject"))
                    }
                    try EvidenceAttachment.attach(
                        evidence, to: .stamp(form), in: document, signer: try signing.identity.certificateSHA256)
                }
                return nil
            }
            let signed =
                switch ends {
                case .files(let input, let output):
                    try PDFSigner.sign(
                        input: input, output: output, password: password, identity: signing.identity,
                        options: signing.options, editing: editing, network: CurlTransport(), hooks: hooks)
                case .streams(let source, let sink):
                    try PDFSigner.sign(
                        source: source, to: sink, password: password, identity: signing.identity,
                        options: signing.options, editing: editing, network: CurlTransport(), hooks: hooks)
                }
            stampReport = (edit ?? StampEdit.signature(page: signed.page, rect: signed.rect))
                .report(input: input, output: output, incremental: true, bytesAdded: signed.bytesAdded)
            signature = signed
        } else {
            stampReport =
                switch ends {
                case .files(let input, let output):
                    try Stamper.stamp(
                        input: input, password: password, artwork: art.artwork, options: options.stamp, output: output,
                        ciphers: OpenSSLCiphers(), hooks: hooks)
                case .streams(let source, let sink):
                    try Stamper.stamp(
                        source: source, password: password, artwork: art.artwork, options: options.stamp,
                        to: sink, ciphers: OpenSSLCiphers(), hooks: hooks)
                }
        }
        if let imageOutput = options.imageOutput, let image = art.image {
            try AtomicOutput.write(image.bytes, to: imageOutput)
        }
        return PipelineReport(
            strokes: drawing.strokes.count, points: drawing.sampleCount, image: art.image, layout: art.layout,
            stamp: stampReport, signature: signature)
    }

    /// The same on a PDF in memory (the PDF touches no disk): the finished document's bytes and the report.
    /// - Parameters:
    ///   - drawing: The strokes to render.
    ///   - pdf: The PDF's bytes.
    ///   - password: The PDF's password, when it is encrypted.
    ///   - options: The options of every stage.
    ///   - signing: The identity and options to sign with; `nil` only stamps.
    /// - Returns: The finished document's bytes and what every stage did.
    /// - Throws: The error of the stage that failed: ``RenderError``, ``CodecError``, ``TimeSeriesError``, ``PDFError``
    ///   or ``SignError``.
    public static func pipeline(
        _ drawing: Drawing, pdf: [UInt8], password: Secret? = nil, options: PipelineOptions = PipelineOptions(),
        signing: PipelineSigning? = nil
    ) throws -> PipelinedPDF {
        let output = MemorySink(name: returnedPDF)
        let report = try pipeline(
            drawing, named: nil, ends: .streams(MemorySource(pdf, name: memoryPDF), output), password: password,
            options: options,
            signing: signing)
        return PipelinedPDF(pdf: output.bytes, report: report)
    }

    /// The record of `drawing` (read from `strokes`, which errors name) sealed for `examiner`.
    private static func handwritingEvidence(
        _ drawing: Drawing, named strokes: String?, for examiner: EvidenceExaminer
    ) throws -> HandwritingEvidence {
        do {
            return HandwritingEvidence(record: try ISO19794_7.encode(drawing), examiner: examiner)
        } catch let error as TimeSeriesError {
            throw strokes.map(error.naming) ?? error
        }
    }

    /// The stamp artwork: the fitted image (PNG decoded to pixels, JPEG kept as it is) or the ink.
    private static func artwork(
        _ drawing: Drawing, _ options: PipelineOptions
    ) throws
        -> (artwork: StampArtwork, image: BudgetResult?, layout: RenderLayout)
    {
        switch options.artwork {
        case .vector:
            let prepared = try Renderer.prepare(drawing, options: options.render)
            var ink = prepared.ink
            if !options.render.crop {
                // `crop: false` keeps the capture canvas, as `signet render --no-crop` does: the stamp's
                // box is the canvas, so the ink sits in it where it was drawn.
                let inked = prepared.layout.inkBounds
                let canvas = drawing.canvas ?? Size(width: inked.maxX, height: inked.maxY)
                ink.bounds = Rect(origin: .zero, size: canvas)
            }
            return (.ink(ink), nil, prepared.layout)
        case .image(let budget):
            let rendering = try render(drawing, options: options.render, budget: budget)
            return (
                try StampArtwork.image(rendering.result.bytes, name: "the fitted image"), rendering.result,
                rendering.layout
            )
        }
    }
}
