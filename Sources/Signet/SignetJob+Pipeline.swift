/// `pipeline`: strokes → image under a budget (or vector ink) → stamped into a PDF → signed.
extension SignetJob {
    /// `signet pipeline STROKES --pdf IN.pdf -o OUT.pdf`: reads the stroke file and runs
    /// `pipeline(_:pdfAt:password:to:options:signing:)`. Reading and rendering errors name `strokes`.
    /// - Parameters:
    ///   - strokes: The stroke file (any format ``StrokeReader`` reads; `-` = standard input).
    ///   - input: The PDF to stamp.
    ///   - password: The PDF's password, when it is encrypted.
    ///   - output: The PDF to write.
    ///   - options: The options of every stage.
    ///   - signing: The identity and options to sign with; `nil` only stamps.
    /// - Returns: What every stage did.
    /// - Throws: The error of the stage that failed: ``StrokeReadError``, ``RenderError``, ``CodecError``, ``PDFError``, ``SignError`` or ``FileError``.
    @discardableResult
    public static func pipeline(
        strokesAt strokes: String, pdfAt input: String, password: String? = nil, to output: String,
        options: PipelineOptions = PipelineOptions(), signing: PipelineSigning? = nil
    ) throws -> PipelineReport {
        let drawing = try StrokeFile.read(path: strokes, options: options.reading)
        return try pipeline(drawing, named: strokes, pdfAt: input, password: password, to: output, options: options, signing: signing)
    }

    /// Renders `drawing` and fits it under the budget (or prepares it as vector ink), stamps it
    /// into `input`, then — with `signing` — appends an invisible signature. With `signing` the
    /// stamp and the signature are one incremental update, covered by the signature (the
    /// stamp's `mode` is not consulted: a signer always appends; `password` is not used, a signer
    /// refuses encrypted files); on an input that is already signed the stamp is a Stamp
    /// annotation, never page content. Only `output` (and `options.imageOutput` when set) is
    /// written, atomically, once every stage has succeeded: the image stays in memory.
    /// - Parameters:
    ///   - drawing: The strokes to render.
    ///   - input: The PDF to stamp.
    ///   - password: The PDF's password, when it is encrypted.
    ///   - output: The PDF to write.
    ///   - options: The options of every stage.
    ///   - signing: The identity and options to sign with; `nil` only stamps.
    /// - Returns: What every stage did.
    /// - Throws: The error of the stage that failed: ``RenderError``, ``CodecError``, ``PDFError``, ``SignError`` or ``FileError``.
    @discardableResult
    public static func pipeline(
        _ drawing: Drawing, pdfAt input: String, password: String? = nil, to output: String,
        options: PipelineOptions = PipelineOptions(), signing: PipelineSigning? = nil
    ) throws -> PipelineReport {
        try pipeline(drawing, named: nil, pdfAt: input, password: password, to: output, options: options, signing: signing)
    }

    private static func pipeline(
        _ drawing: Drawing, named strokes: String?, pdfAt input: String, password: String?, to output: String,
        options: PipelineOptions, signing: PipelineSigning?
    ) throws -> PipelineReport {
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
            // signature covers them; on a signed input the stamp is an annotation (see `Stamper.apply`).
            var edit: StampEdit?
            let signed = try PDFSigner.sign(
                input: input, output: output, identity: signing.identity, options: signing.options,
                editing: { edit = try Stamper.apply(art.artwork, options: options.stamp, to: $0, incremental: true) })
            guard let edit else { throw PDFError(file: input, .structure("internal: the stamp was not applied")) }
            stampReport = edit.report(input: input, output: output, incremental: true, bytesAdded: signed.bytesAdded)
            signature = signed
        } else {
            stampReport = try stamp(pdfAt: input, password: password, with: art.artwork, options: options.stamp, to: output)
        }
        if let imageOutput = options.imageOutput, let image = art.image {
            try AtomicOutput.write(image.bytes, to: imageOutput)
        }
        return PipelineReport(
            strokes: drawing.strokes.count, points: drawing.sampleCount, image: art.image, layout: art.layout,
            stamp: stampReport, signature: signature)
    }

    /// The same on a PDF in memory: the finished document's bytes and the report.
    /// - Parameters:
    ///   - drawing: The strokes to render.
    ///   - pdf: The PDF's bytes.
    ///   - password: The PDF's password, when it is encrypted.
    ///   - options: The options of every stage.
    ///   - signing: The identity and options to sign with; `nil` only stamps.
    /// - Returns: The finished document's bytes and what every stage did.
    /// - Throws: The error of the stage that failed: ``RenderError``, ``CodecError``, ``PDFError`` or ``SignError``.
    public static func pipeline(
        _ drawing: Drawing, pdf: [UInt8], password: String? = nil, options: PipelineOptions = PipelineOptions(),
        signing: PipelineSigning? = nil
    ) throws -> (pdf: [UInt8], report: PipelineReport) {
        let scratch = try ScratchSpace.temporary()
        let input = try scratch.write(pdf, as: "in.pdf")
        let report = try ScratchSpace.naming(input, as: memoryPDF) {
            try pipeline(drawing, named: nil, pdfAt: input, password: password, to: scratch.path("out.pdf"), options: options, signing: signing)
        }
        var named = report
        (named.stamp.input, named.stamp.output) = (memoryPDF, returnedPDF)
        if named.signature != nil { (named.signature!.input, named.signature!.output) = (memoryPDF, returnedPDF) }
        return (try scratch.read("out.pdf"), named)
    }

    /// The stamp artwork: the fitted image (PNG decoded to pixels, JPEG kept as it is) or the ink.
    private static func artwork(_ drawing: Drawing, _ options: PipelineOptions) throws
        -> (artwork: StampArtwork, image: BudgetResult?, layout: RenderLayout)
    {
        switch options.artwork {
        case .vector:
            let prepared = try Renderer.prepare(drawing, options: options.render)
            return (.ink(prepared.ink), nil, prepared.layout)
        case .image(let budget):
            let rendering = try render(drawing, options: options.render, budget: budget)
            return (try StampArtwork.image(rendering.result.bytes, name: "the fitted image"), rendering.result, rendering.layout)
        }
    }
}
