import FoundationEssentials

/// What `signet timestamp --ltv` appended.
public struct ValidationDataResult: Sendable, Hashable, Codable {
    /// The validation data added to the DSS (nothing when every signature already had it).
    public var ltv: LTVUpdateResult
    /// The document timestamp added after it, when one was asked for.
    public var documentTimestamp: DocumentTimestampResult?

    enum CodingKeys: String, CodingKey {
        case ltv
        case documentTimestamp = "document_timestamp"
    }
}

extension SignetAPI {
    /// `signet timestamp IN.pdf -o OUT.pdf --ltv [--tsa URL]`: adds the validation material of every
    /// signature and document timestamp of `input` that has no VRI entry yet (PAdES B-LT, see
    /// `sign(pdfAt:…ltv:)`), then, with `timestamp`, a document timestamp over all of it (B-LTA;
    /// archive renewal). Existing bytes are never touched; `output` is written atomically.
    /// - Parameters:
    ///   - input: The signed PDF.
    ///   - output: The PDF to write.
    ///   - password: The PDF's user or owner password, when it is encrypted and its user password is not empty.
    ///   - ltv: How OCSP responders and CRL distribution points are reached.
    ///   - now: The time of fetching (responses must be current at it).
    ///   - timestamp: The authority of a document timestamp after the validation data; `nil` for none.
    ///   - network: Carries the timestamp request (libcurl by default).
    ///   - renderer: With `timestamp`, makes a page renderer of the PDF at a path, opened with
    ///     `password`, as for ``timestamp(pdfAt:to:password:timestamp:now:network:renderer:)``: a
    ///     document that reads two ways gets no document timestamp, and nothing is written. The
    ///     validation data alone signs nothing, so it is added whatever the document reads.
    /// - Returns: What was added.
    /// - Throws: ``RevocationError`` when material cannot be gathered or a signer's certificate was
    ///   revoked before its signature's time; ``SignError``, ``PDFError`` (also when a document to timestamp
    ///   reads two ways), ``FileError``; ``HTTPError`` or
    ///   ``TimestampError`` when the timestamp authority fails.
    @discardableResult
    public static func addValidationData(
        pdfAt input: String, to output: String, password: Secret? = nil, ltv: OnlineRevocation, now: Date,
        timestamp: TimestampOptions? = nil,
        network: any HTTPTransport = CurlTransport(), renderer: ((String) throws -> any PageRenderer)? = nil
    ) throws -> ValidationDataResult {
        if timestamp != nil {
            try PlacementCheck.refuseTwoReadings(pdfAt: input, password: password, renderer: renderer)
        }
        let collector = try RevocationCollector(
            extraCertificates: ltv.certificates, now: now, nonce: ltv.nonce, fetch: ltv.request)
        let documentPassword = password
        var updates: [any PostSignatureUpdate] = [DSSUpdate(collector: collector, documentPassword: documentPassword)]
        if let timestamp {
            updates.append(
                DocumentTimestamper(
                    authority: TimestampAuthority(options: timestamp, transport: network, now: now),
                    documentPassword: documentPassword))
        }
        let outcome = try DocumentTimestamper.append(updates, toPDFAt: input, output: output)
        return ValidationDataResult(
            ltv: outcome.ltv
                ?? LTVUpdateResult(certificates: 0, ocspResponses: 0, crls: 0, vriEntries: 0, bytesAdded: 0),
            documentTimestamp: outcome.documentTimestamp)
    }
}
