import FoundationEssentials

/// `sign`: an embedded PDF signature, or a detached CMS signature of any content.
extension SignetAPI {
    /// `signet sign IN.pdf -o OUT.pdf`: appends a signature to `input` as an incremental update
    /// (earlier signatures stay valid) and writes `output` atomically. `options.signingTime` is
    /// the time written; `appearance` makes it visible. Throws `SignError` or `PDFError`.
    /// - Parameters:
    ///   - input: The PDF to sign.
    ///   - output: The signed PDF to write.
    ///   - password: The PDF's user or owner password, when it is encrypted and its user password
    ///     is not empty; the updates are encrypted with the file's own key either way.
    ///   - identity: The key, certificate and chain that sign.
    ///   - options: Format, signing time, reason, location, field, certification.
    ///   - appearance: The artwork and place of a visible signature; `nil` for an invisible one.
    ///   - network: Carries the timestamp requests of `options.timestamp` (libcurl by default).
    ///   - ltv: With it, PAdES B-LT: an incremental update after the signature adds a DSS with the
    ///     certificates and OCSP responses (or CRLs) of the signer's and the timestamp authority's
    ///     chains, fetched through it at `options.signingTime` (before any document timestamp); a
    ///     revoked signer or a certificate without OCSP or CRL URL is refused and nothing is written.
    ///   - renderer: Makes a page renderer (see ``PageRenderer``) of the PDF at a path, opened with
    ///     `password`: the input, or the output about to be written. Through it a `freeArea` placement
    ///     finds its place, and on an input that already holds a signature, what is added is judged as
    ///     `verify` judges it before anything is written. Without one (`nil`), both are refused,
    ///     unless `the appearance's `placement.overSignedContent``.
    /// - Returns: The field, page, byte range and bytes added.
    /// - Throws: ``SignError`` when the document cannot be signed or the key fails; ``PDFError`` when the PDF cannot
    ///   be read; ``FileError``; ``HTTPError`` or ``TimestampError`` when the timestamp authority fails;
    ///   ``RevocationError`` when validation material cannot be gathered.
    @discardableResult
    public static func sign(
        pdfAt input: String, to output: String, password: Secret? = nil, identity: SigningIdentity,
        options: PDFSignOptions,
        appearance: SignatureAppearance? = nil, network: any HTTPTransport = CurlTransport(),
        ltv: OnlineRevocation? = nil, renderer: ((String) throws -> any PageRenderer)? = nil
    ) throws -> PDFSignResult {
        let collector = try ltv.map {
            try RevocationCollector(
                identity: identity, extraCertificates: $0.certificates, now: options.signingTime, nonce: $0.nonce,
                fetch: $0.request)
        }
        let check = PlacementCheck(
            renderer: renderer, input: input, password: password, context: input,
            what: "the signature's appearance", judged: appearance.map { !$0.placement.overSignedContent } ?? false)
        return try PDFSigner.sign(
            input: input, output: output, password: password, identity: identity, options: options,
            appearance: appearance, network: network, collector: collector, hooks: check.hooks)
    }

    /// The same on a PDF in memory (nothing touches the disk): the signed document's bytes and what was signed.
    /// No page is rendered, so a visible appearance with a `freeArea` placement is refused, and so is a visible
    /// appearance on an input that holds a signature unless its `placement.overSignedContent`.
    /// - Parameters:
    ///   - pdf: The PDF's bytes.
    ///   - identity: The key, certificate and chain that sign.
    ///   - options: Format, signing time, reason, location, field, certification.
    ///   - appearance: The artwork and place of a visible signature; `nil` for an invisible one.
    ///   - network: Carries the timestamp requests of `options.timestamp` (libcurl by default).
    /// - Returns: The signed document's bytes and what was signed.
    /// - Throws: ``SignError`` or ``PDFError``; ``HTTPError`` or ``TimestampError`` from the timestamp authority.
    public static func sign(
        pdf: [UInt8], identity: SigningIdentity, options: PDFSignOptions, appearance: SignatureAppearance? = nil,
        network: any HTTPTransport = CurlTransport()
    ) throws -> SignedPDF {
        let output = MemorySink(name: returnedPDF)
        let check = PlacementCheck(
            renderer: nil, input: nil, password: nil, context: memoryPDF, what: "the signature's appearance",
            judged: appearance.map { !$0.placement.overSignedContent } ?? false)
        let result = try PDFSigner.sign(
            source: MemorySource(pdf, name: memoryPDF), to: output, identity: identity, options: options,
            appearance: appearance, network: network, hooks: check.hooks)
        return SignedPDF(pdf: output.bytes, result: result)
    }

    /// `signet sign IN --detached OUT.p7s`: a DER CMS SignedData (SHA-256) over the whole of
    /// `input` (any file, streamed; `-` is not accepted, the content must be a file), written to
    /// `signature` atomically (`-` = standard output) and returned. `signingTime` goes into a
    /// signing-time attribute (`nil` leaves it out).
    /// - Parameters:
    ///   - input: The file to sign.
    ///   - signature: The `.p7s` file to write (`-` = standard output).
    ///   - identity: The key, certificate and chain that sign.
    ///   - signingTime: The signing-time attribute; `nil` leaves it out.
    ///   - timestamp: The authority that timestamps the signature; `nil` for none.
    ///   - now: The time the timestamp token's certificate is judged at.
    ///   - network: Carries the timestamp request (libcurl by default).
    /// - Returns: The DER signature.
    /// - Throws: ``SignError`` when signing fails; ``FileError`` when a file cannot be read or written;
    ///   ``HTTPError`` or ``TimestampError`` when the timestamp authority fails.
    @discardableResult
    public static func signDetached(
        fileAt input: String, to signature: String, identity: SigningIdentity, signingTime: Date?,
        timestamp: TimestampOptions? = nil, now: Date = Date(), network: any HTTPTransport = CurlTransport()
    ) throws -> [UInt8] {
        let cms = try DetachedSigner.sign(
            contentOf: input, identity: identity, signingTime: signingTime,
            timestamping: timestamp.map { TimestampAuthority(options: $0, transport: network, now: now) })
        try AtomicOutput.write(cms, to: signature)
        return cms
    }

    /// A detached CMS signature of `content` in memory (nothing touches the disk).
    /// - Parameters:
    ///   - content: The bytes to sign.
    ///   - identity: The key, certificate and chain that sign.
    ///   - signingTime: The signing-time attribute; `nil` leaves it out.
    /// - Returns: The DER signature.
    /// - Throws: ``SignError`` when signing fails.
    public static func signDetached(_ content: [UInt8], identity: SigningIdentity, signingTime: Date?) throws -> [UInt8]
    {
        try DetachedSigner.sign(
            content: MemorySource(content, name: memoryContent), identity: identity, signingTime: signingTime)
    }

    /// How errors name content handed over in memory.
    static let memoryContent = "the content in memory"
}
