import FoundationEssentials

/// Two-step signing: the signature's place is written first, and a CMS made elsewhere (a remote
/// signing service, a smart card on another machine) over the printed digest completes it.
extension SignetAPI {
    /// `signet sign IN.pdf -o PREPARED.pdf --prepare`: writes `output`, `input` with the signature
    /// field, its appearance and a zero-filled `/Contents` of `options.reserve` bytes (16,384 by
    /// default), and returns the SHA-256 digest over its `/ByteRange` that the CMS must sign.
    /// - Parameters:
    ///   - input: The PDF to sign.
    ///   - output: The prepared PDF to write (atomically).
    ///   - password: The PDF's password, when it is encrypted and its user password is not empty.
    ///   - options: Field, name, reason, certification, reserve; no timestamp (it comes at completion).
    ///   - appearance: The artwork and place of a visible signature; `nil` for an invisible one.
    ///   - renderer: Makes a page renderer of the PDF at a path, opened with `password`: what it
    ///     resolves of `input` is compared with what qpdf resolves, and a document that reads two ways
    ///     is refused before anything is written (without one, only the byte scans run), as for
    ///     ``sign(pdfAt:to:password:identity:options:appearance:network:ltv:renderer:)``.
    /// - Returns: What was written and the digest to sign.
    /// - Throws: ``PDFSignError`` or ``PDFError`` when the document cannot be prepared or reads two ways; ``FileError``.
    public static func prepareSignature(
        pdfAt input: String, to output: String, password: Secret? = nil, options: PDFSignOptions,
        appearance: SignatureAppearance? = nil, renderer: ((String) throws -> any PageRenderer)? = nil
    ) throws -> PreparedSignature {
        let check = PlacementCheck(
            renderer: renderer, input: input, password: password, context: input, what: "the signature's appearance",
            judged: false)
        return try TwoStepSigner.prepare(
            input: input, output: output, password: password, options: options, appearance: appearance,
            hooks: check.readingHooks)
    }

    /// `signet sign PREPARED.pdf --complete --cms SIG.der -o OUT.pdf`: writes `output`, the prepared
    /// file with `cms` (a detached CMS SignedData, DER) in its placeholder, after checking that its
    /// messageDigest is the prepared digest, its signature value verifies and its signer has the
    /// name the prepared signature shows (unless `allowOtherName`).
    /// - Parameters:
    ///   - prepared: The file ``prepareSignature(pdfAt:to:password:options:appearance:renderer:)`` wrote.
    ///   - cms: The CMS, DER.
    ///   - cmsName: How errors name the CMS (its file, say).
    ///   - output: The signed PDF to write (atomically).
    ///   - password: The prepared file's password, as at preparation.
    ///   - timestamp: With it, a signature timestamp is added to the CMS first, and
    ///     `documentTimestamp` asks this authority for a document timestamp after the signature.
    ///   - network: Carries the timestamp and revocation requests (libcurl by default).
    ///   - ltv: With it, an update after the signature adds the validation data of its chains.
    ///   - documentTimestamp: Add a document timestamp (needs `timestamp`).
    ///   - allowOtherName: Accept a signer whose name is not the prepared one.
    ///   - now: The time of the completion.
    /// - Returns: The field, the CMS's size and signer, and what the updates after it added.
    /// - Throws: a ``SignetError`` of kind `badInput` when the CMS does not fit the prepared file (its message says
    ///   how); ``PDFSignError``,
    ///   ``PDFError``, ``FileError``; ``HTTPError``, ``TimestampError`` or ``RevocationError`` from the network.
    public static func completeSignature(
        preparedAt prepared: String, cms: [UInt8], cmsName: String, to output: String, password: Secret? = nil,
        timestamp: TimestampOptions? = nil, network: any HTTPTransport = CurlTransport(),
        ltv: OnlineRevocation? = nil, documentTimestamp: Bool = false, allowOtherName: Bool = false, now: Date
    ) throws -> CompletedSignature {
        let collector = try ltv.map {
            try RevocationCollector(
                extraCertificates: ForeignSignature.carriedCertificates(cms) + $0.certificates, now: now,
                nonce: $0.nonce, fetch: $0.request)
        }
        return try TwoStepSigner.complete(
            prepared: prepared, password: password, cms: cms, cmsName: cmsName, output: output,
            timestamping: timestamp.map { TimestampAuthority(options: $0, transport: network, now: now) },
            collector: collector, documentTimestamp: documentTimestamp, allowOtherName: allowOtherName, now: now)
    }
}
