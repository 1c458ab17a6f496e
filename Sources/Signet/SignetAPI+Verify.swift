import FoundationEssentials

/// `verify` and `info`: what a PDF holds and whether its signatures stand.
extension SignetAPI {
    /// `signet verify IN.pdf`: every revision, and per signature (oldest first) its coverage,
    /// digest, CMS signature, algorithms, the changes made after it and whether they are permitted,
    /// what was added after it compared with the page as signed (through `rendering`), certificate
    /// validity at the validation time and the chain to `options.anchors`.
    /// A file without signatures throws `PDFSignError`; an invalid signature is a report, not an error.
    /// - Parameters:
    ///   - path: The PDF to verify.
    ///   - password: The PDF's password, when it is encrypted.
    ///   - options: The time, the trust anchors and what is required.
    ///   - rendering: How pages are rendered for the overlay check. With the default, `unavailable`,
    ///     a signature after which an annotation was added is not valid, and says the check was not run.
    /// - Returns: Every signature, timestamp and revision, with the verdict.
    /// - Throws: ``PDFSignError`` when the file holds no signature; ``PDFError`` or ``FileError`` when it cannot be read.
    public static func verify(
        pdfAt path: String, password: Secret? = nil, options: VerifyOptions,
        rendering: PageRendering = .unavailable
    ) throws -> VerificationReport {
        try PDFVerifier.verify(path: path, password: password, options: options, rendering: rendering)
    }

    /// The same on a PDF in memory (nothing touches the disk).
    /// - Parameters:
    ///   - pdf: The PDF's bytes.
    ///   - password: The PDF's password, when it is encrypted.
    ///   - options: The time, the trust anchors and what is required.
    ///   - rendering: How pages are rendered for the overlay check (see `verify(pdfAt:password:options:rendering:)`).
    /// - Returns: Every signature, timestamp and revision, with the verdict.
    /// - Throws: ``PDFSignError`` when the PDF holds no signature; ``PDFError`` when it cannot be read.
    public static func verify(
        pdf: [UInt8], password: Secret? = nil, options: VerifyOptions, rendering: PageRendering = .unavailable
    ) throws -> VerificationReport {
        try PDFVerifier.verify(
            source: MemorySource(pdf, name: memoryPDF), password: password, options: options, rendering: rendering)
    }

    /// `signet verify IN --p7s SIG`: the detached signature in the file `signature` (DER or PEM)
    /// over the whole of the file `content`.
    /// - Parameters:
    ///   - content: The file the signature is over.
    ///   - signature: The `.p7s` file, DER or PEM.
    ///   - options: The time, the trust anchors and what is required.
    /// - Returns: The signature's report, with its verdict.
    /// - Throws: ``SignError`` when the signature cannot be read; ``FileError``.
    public static func verify(
        fileAt content: String, signatureAt signature: String, options: VerifyOptions
    ) throws -> SignatureReport {
        try DetachedVerifier.verify(signaturePath: signature, contentPath: content, options: options)
    }

    /// The same with content and signature in memory (nothing touches the disk).
    /// - Parameters:
    ///   - content: The bytes the signature is over.
    ///   - signature: The signature, DER or PEM.
    ///   - options: The time, the trust anchors and what is required.
    /// - Returns: The signature's report, with its verdict.
    /// - Throws: ``SignError`` when the signature cannot be read.
    public static func verify(
        _ content: [UInt8], detachedSignature signature: [UInt8], options: VerifyOptions
    ) throws -> SignatureReport {
        try DetachedVerifier.verify(
            signature: MemorySource(signature, name: "the signature in memory"),
            content: MemorySource(content, name: memoryContent),
            options: options)
    }

    /// `signet info IN.pdf`: version, pages as displayed, encryption, signatures, revisions. A
    /// damaged file is described as viewers open it, with the damage among the warnings (a file
    /// without a final `%%EOF` too, unless qpdf cannot read it at all: then it is truncated).
    /// - Parameters:
    ///   - path: The PDF to read.
    ///   - password: The PDF's password, when it is encrypted.
    /// - Returns: What the document holds.
    /// - Throws: ``PDFError`` or ``FileError`` when the PDF cannot be read.
    public static func info(pdfAt path: String, password: Secret? = nil) throws -> DocumentInfo {
        try DocumentInfo(try PDFDocument.reading(path: path, password: password))
    }

    /// The same on a PDF in memory (`file` then names it "the PDF in memory").
    /// - Parameters:
    ///   - pdf: The PDF's bytes.
    ///   - password: The PDF's password, when it is encrypted.
    /// - Returns: What the document holds.
    /// - Throws: ``PDFError`` when the PDF cannot be read.
    public static func info(pdf: [UInt8], password: Secret? = nil) throws -> DocumentInfo {
        var document = try DocumentInfo(
            try PDFDocument.reading(source: MemorySource(pdf, name: memoryPDF), password: password))
        document.file = memoryPDF
        return document
    }
}
