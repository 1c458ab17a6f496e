/// `stamp`: artwork placed on PDF pages, upright where the reader sees it.
extension SignetAPI {
    /// `signet stamp IN.pdf -o OUT.pdf`: opens `input` (with `password` when encrypted), places
    /// `artwork` on the pages of `options`, and writes `output` atomically — incrementally when the
    /// input is signed, certified or carries usage rights, else rewritten (see `StampOptions.Mode`).
    /// Every placement is checked before anything is written. Throws `PDFError`.
    /// - Parameters:
    ///   - input: The PDF to stamp.
    ///   - password: The PDF's password, when it is encrypted.
    ///   - artwork: What the stamp shows.
    ///   - options: Pages, placement, opacity, blend mode, how the file is written.
    ///   - output: The PDF to write.
    ///   - progress: Called as pages are stamped and the file is written; `nil` for none.
    /// - Returns: The pages stamped and where.
    /// - Throws: ``PDFError`` when the PDF cannot be read, a placement misses its page or the document refuses stamps; ``FileError``.
    @discardableResult
    public static func stamp(
        pdfAt input: String, password: Secret? = nil, with artwork: StampArtwork,
        options: StampOptions = StampOptions(),
        to output: String, progress: ((StampProgress) -> Void)? = nil
    ) throws -> StampReport {
        try Stamper.stamp(
            input: input, password: password, artwork: artwork, options: options, output: output,
            ciphers: OpenSSLCiphers(), progress: progress)
    }

    /// The same on a PDF in memory (nothing touches the disk): the stamped document's bytes and the report.
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
        let report = try Stamper.stamp(
            source: MemorySource(pdf, name: memoryPDF), password: password, artwork: artwork, options: options,
            to: output, ciphers: OpenSSLCiphers())
        return StampedPDF(pdf: output.bytes, report: report)
    }

    /// How errors name a PDF handed over in memory.
    static let memoryPDF = "the PDF in memory"
    /// How reports name a PDF returned in memory.
    static let returnedPDF = "the returned PDF"
}
