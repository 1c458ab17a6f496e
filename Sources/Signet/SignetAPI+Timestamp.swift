import FoundationEssentials

/// `timestamp`: a document timestamp appended to an existing PDF.
extension SignetAPI {
    /// `signet timestamp IN.pdf -o OUT.pdf --tsa URL`: appends a document timestamp (`/Type
    /// /DocTimeStamp`, `/SubFilter /ETSI.RFC3161`) over the whole of `input` in an incremental update,
    /// so the bytes already there (and their signatures) stay as they are; writes `output` atomically.
    /// - Parameters:
    ///   - input: The PDF to timestamp (signed or not).
    ///   - output: The PDF to write.
    ///   - password: The PDF's user or owner password, when it is encrypted and its user password is not empty.
    ///   - timestamp: The authority to ask.
    ///   - now: The time the token's certificate is judged at.
    ///   - network: Carries the request (libcurl by default).
    ///   - renderer: Makes a page renderer of the PDF at a path, opened with `password`: what it
    ///     resolves of `input` is compared with what qpdf resolves. A document that reads two ways is
    ///     refused before the authority is asked (without a renderer, only the byte scans run): a
    ///     document timestamp over it is one `verify` calls INVALID.
    /// - Returns: The field, byte range, token size and bytes added.
    /// - Throws: ``SignError`` or ``PDFError`` when the PDF cannot take an update or reads two ways; ``FileError``;
    ///   ``HTTPError`` or ``TimestampError`` when the timestamp authority fails.
    @discardableResult
    public static func timestamp(
        pdfAt input: String, to output: String, password: Secret? = nil, timestamp: TimestampOptions, now: Date,
        network: any HTTPTransport = CurlTransport(), renderer: ((String) throws -> any PageRenderer)? = nil
    ) throws -> DocumentTimestampResult {
        try PlacementCheck.refuseTwoReadings(pdfAt: input, password: password, renderer: renderer)
        let authority = TimestampAuthority(options: timestamp, transport: network, now: now)
        let outcome = try DocumentTimestamper.append(
            [DocumentTimestamper(authority: authority, documentPassword: password)], toPDFAt: input,
            output: output)
        guard let result = outcome.documentTimestamp else {
            throw SignError(input, .crypto(operation: "document timestamp", details: "no timestamp was written"))
        }
        return result
    }
}
