/// `stamp`: artwork placed on PDF pages, upright where the reader sees it.
extension SignetAPI {
    /// `signet stamp IN.pdf -o OUT.pdf`: opens `input` (with `password` when encrypted), places
    /// `artwork` on the pages of `options`, and writes `output` atomically — incrementally when the
    /// input is signed, certified or carries usage rights, else rewritten (see `StampOptions.Mode`).
    /// Every placement is checked before anything is written; on an input that already holds a
    /// signature, a stamp that would hide what it signed is refused (see `StampPlacement.overSignedContent`).
    /// Throws `PDFError`.
    /// - Parameters:
    ///   - input: The PDF to stamp.
    ///   - password: The PDF's password, when it is encrypted.
    ///   - artwork: What the stamp shows.
    ///   - options: Pages, placement, opacity, blend mode, how the file is written.
    ///   - output: The PDF to write.
    ///   - renderer: Makes a page renderer (see ``PageRenderer``) of the PDF at a path, opened with
    ///     `password`: the input, or the output about to be written. Through it a `freeArea` placement
    ///     finds its place, and on an input that already holds a signature, what is added is judged as
    ///     `verify` judges it before anything is written. Without one (`nil`), both are refused,
    ///     unless `placement.overSignedContent`.
    ///   - progress: Called as pages are stamped and the file is written; `nil` for none.
    /// - Returns: The pages stamped and where.
    /// - Throws: ``PDFError`` when the PDF cannot be read, a placement misses its page, finds no free area or would
    ///   hide signed content, or the document refuses stamps; ``FileError``.
    @discardableResult
    public static func stamp(
        pdfAt input: String, password: Secret? = nil, with artwork: StampArtwork,
        options: StampOptions = StampOptions(),
        to output: String, renderer: ((String) throws -> any PageRenderer)? = nil,
        progress: ((StampProgress) -> Void)? = nil
    ) throws -> StampReport {
        let check = PlacementCheck(
            renderer: renderer, input: input, password: password, context: input, what: "the stamp",
            judged: !options.placement.overSignedContent)
        return try Stamper.stamp(
            input: input, password: password, artwork: artwork, options: options, output: output,
            ciphers: OpenSSLCiphers(), hooks: check.hooks, progress: progress)
    }

    /// The same on a PDF in memory (nothing touches the disk): the stamped document's bytes and the report.
    /// No page is rendered, so a `freeArea` placement is refused, and so is a stamp on an input that
    /// holds a signature unless `placement.overSignedContent`.
    /// - Parameters:
    ///   - pdf: The PDF's bytes.
    ///   - password: The PDF's password, when it is encrypted.
    ///   - artwork: What the stamp shows.
    ///   - options: Pages, placement, opacity, blend mode, how the file is written.
    /// - Returns: The stamped document's bytes and the report.
    /// - Throws: ``PDFError``.
    public static func stamp(
        pdf: [UInt8], password: Secret? = nil, with artwork: StampArtwork, options: StampOptions = StampOptions()
    ) throws -> StampedPDF {
        let output = MemorySink(name: returnedPDF)
        let check = PlacementCheck(
            renderer: nil, input: nil, password: password, context: memoryPDF, what: "the stamp",
            judged: !options.placement.overSignedContent)
        let report = try Stamper.stamp(
            source: MemorySource(pdf, name: memoryPDF), password: password, artwork: artwork, options: options,
            to: output, ciphers: OpenSSLCiphers(), hooks: check.hooks)
        return StampedPDF(pdf: output.bytes, report: report)
    }

    /// How errors name a PDF handed over in memory.
    static let memoryPDF = "the PDF in memory"
    /// How reports name a PDF returned in memory.
    static let returnedPDF = "the returned PDF"
}
