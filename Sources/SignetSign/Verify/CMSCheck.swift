import FoundationEssentials

/// What checking one CMS SignedData against its content found.
public struct CMSCheck: Sendable, Hashable {
    /// The digest algorithm the signer used ("SHA256").
    public var digestAlgorithm: String
    /// The content's digest equals the signed message-digest attribute.
    public var digestMatches: Bool
    /// The signature over the signed attributes (or the digest) verifies with the signer's key.
    public var signatureVerifies: Bool
    public var signer: SignerSummary?
    /// The signing-time attribute, when the signature carries one.
    public var signingTimeAttribute: Date?
    /// Validity of the signer certificate at the time judged (signing time).
    public var certificateValidity: CertificateValidity?
    public var trust: TrustStatus
    /// Why the chain is untrusted (OpenSSL's reason).
    public var trustDetail: String?
    /// Sentences describing each failed check.
    public var problems: [String]
}
