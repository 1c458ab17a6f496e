import FoundationEssentials

/// Handwriting evidence: what an examiner opens (sealing happens in `sign`, through
/// ``SignatureAppearance/evidence``).
extension SignetAPI {
    /// `signet evidence extract IN.pdf --key KEY`: the handwriting evidence of every signature of
    /// `input` that carries some, opened with the examiner's `key` (the envelope's GCM tag and the
    /// binding's seal checked) and checked against the document: each must be bound to the revision
    /// its signature covers, to its signer and to the appearance it shows, and the signature must
    /// hold (its digest and signature value), cover it, and its signed bytes must read one way.
    /// Whether the signer is trusted is ``verify(pdfAt:password:options:rendering:)``'s to say.
    /// - Parameters:
    ///   - input: The signed PDF.
    ///   - password: The PDF's password, when it is encrypted.
    ///   - key: The examiner's key.
    ///   - rendering: How to read what a reader resolves, as for
    ///     ``verify(pdfAt:password:options:rendering:)``: a renderer compares poppler's reading of the
    ///     signed bytes with Signet's; without one, the byte scans alone find bytes that read two ways.
    /// - Returns: Each signature's record and binding, oldest signature first (evidence sealed for
    ///   another examiner is skipped when some other opens).
    /// - Throws: ``EvidenceError`` when there is none, it does not open, its signature does not
    ///   hold or cover it, or it is bound to another document, signer or appearance; ``PDFError``
    ///   or ``FileError`` when the file cannot be read.
    public static func extractEvidence(
        pdfAt input: String, password: Secret? = nil, key: EvidenceKey, rendering: PageRendering = .unavailable
    ) throws -> [ExtractedEvidence] {
        try evidenceExtraction(pdfAt: input, password: password, key: key, rendering: rendering).opened
    }

    /// ``extractEvidence(pdfAt:password:key:rendering:)`` with the signatures whose evidence it skipped.
    package static func evidenceExtraction(
        pdfAt input: String, password: Secret? = nil, key: EvidenceKey, rendering: PageRendering = .unavailable
    ) throws -> EvidenceExtraction {
        try EvidenceExtractor.extract(
            source: try ReadableFile(path: input), password: password, key: key, now: Date(), rendering: rendering)
    }
}
