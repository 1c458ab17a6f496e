import SignetCrypto

/// One thing a check of a signature found wrong, or could not check, with its kind. A signature's
/// verdict is made from its problems alone (`Judge`), and its one-line reason is the most
/// serious of them.
public struct Problem: Sendable, Hashable, Codable {
    /// What a problem is about, from the most serious to the least (`rank`): the bytes are not what
    /// was signed; a change the signature does not permit; the signature cannot be relied on at
    /// all; then what could be put right with other evidence (revocation, trust), then the
    /// certificate's own dates and usage, and last what was not checked.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The covered bytes' digest is not the signed one.
        case digest
        /// The signature value does not verify.
        case signatureValue = "signature-value"
        /// The `/ByteRange` leaves out bytes, or does not end a revision.
        case coverage
        /// A change after the signature that it does not permit.
        case refusedChange = "refused-change"
        /// The signed bytes read two ways (duplicate keys with different values, say): what a
        /// reader shows may not be what was judged.
        case ambiguous
        /// The signature's `/Contents` cannot be read as a CMS signature or timestamp token.
        case unreadable
        /// The signature or its place in the document is not shaped as it must be.
        case structure
        /// An algorithm Signet cannot check.
        case unsupported
        /// A weak or refused algorithm or key.
        case algorithm
        /// A certificate is revoked, or revocation data could not be read or ruled out.
        case revocation
        /// Whether something added after the signature hides signed content could not be checked.
        case rendering
        /// The signature timestamp is not valid.
        case timestamp
        /// The signer's (or a timestamp authority's) chain leads to no trust anchor.
        case trust
        /// The certificate's key usage does not allow signing.
        case keyUsage = "key-usage"
        /// The certificate was not valid at the time it was judged at.
        case certificateValidity = "certificate-validity"
        /// Signet does not check signatures of this kind (its sub-filter).
        case notChecked = "not-checked"

        /// 0 for the most serious kind.
        var rank: Int { Self.allCases.firstIndex(of: self)! }

        /// The kind a CMS problem is among a PDF signature's problems.
        init(_ kind: CMSProblem.Kind) {
            switch kind {
            case .digest: self = .digest
            case .signatureValue: self = .signatureValue
            case .structure: self = .structure
            case .unsupported: self = .unsupported
            case .algorithm: self = .algorithm
            case .keyUsage: self = .keyUsage
            case .certificateValidity: self = .certificateValidity
            case .trust: self = .trust
            case .revocation: self = .revocation
            case .timestamp: self = .timestamp
            }
        }
    }

    /// What the problem is about.
    public var kind: Kind
    /// One sentence in lower case, never empty.
    public var sentence: String

    /// A problem of `kind` said in `sentence`.
    /// - Parameters:
    ///   - kind: What the problem is about.
    ///   - sentence: One sentence in lower case.
    public init(_ kind: Kind, _ sentence: String) {
        (self.kind, self.sentence) = (kind, sentence)
    }

    /// The CMS check's problem as a problem of the signature.
    init(_ problem: CMSProblem) {
        self.init(Kind(problem.kind), problem.sentence)
    }
}
