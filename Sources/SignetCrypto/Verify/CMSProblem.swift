/// One thing a CMS check (a signature, or a timestamp token) found wrong, and what kind of thing
/// it is, so that a verifier can rank it against what else it found.
package struct CMSProblem: Sendable, Hashable, Codable {
    /// What a problem is about.
    package enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The content's digest is not the signed one (or the signed attributes hold none).
        case digest
        /// The signature value does not verify with the signer's key, or its certificate is missing.
        case signatureValue = "signature-value"
        /// The SignedData is not shaped as a signature: signers, content type, signed attributes.
        case structure
        /// An algorithm Signet cannot check: neither verified nor refuted.
        case unsupported
        /// A weak or refused algorithm, key size or defective key.
        case algorithm
        /// The certificate's key usage or extended key usage does not allow what it did.
        case keyUsage = "key-usage"
        /// The certificate was not yet valid, or had expired, at the time it was judged at.
        case certificateValidity = "certificate-validity"
        /// The certificate chain leads to no trust anchor.
        case trust
        /// A certificate of the chain is revoked, or its revocation data could not be read.
        case revocation
        /// The attached signature timestamp is not valid.
        case timestamp
    }

    /// What the problem is about.
    package var kind: Kind
    /// One sentence, starting in lower case ("the signature value does not verify with …").
    package var sentence: String

    /// A problem of `kind` said in `sentence`.
    /// - Parameters:
    ///   - kind: What the problem is about.
    ///   - sentence: One sentence in lower case.
    package init(_ kind: Kind, _ sentence: String) {
        (self.kind, self.sentence) = (kind, sentence)
    }
}
