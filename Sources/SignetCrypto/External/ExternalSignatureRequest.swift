/// What an external signer is asked for: one signature value over `digest`, made with the
/// certificate's private key the way `signatureAlgorithm` says. The signer answers with the raw
/// signature value (see ``SigningIdentity/external(certificatePath:chainPath:name:sign:)``).
public struct ExternalSignatureRequest: Sendable, Hashable, Codable {
    /// The digest to sign: the hash of the CMS signed attributes (never the document itself).
    public var digest: [UInt8]
    /// The hash function that made `digest`.
    public var digestAlgorithm: ExternalDigestAlgorithm
    /// How the key signs the digest.
    public var signatureAlgorithm: ExternalSignatureAlgorithm

    /// A request to sign `digest`.
    /// - Parameters:
    ///   - digest: The digest to sign.
    ///   - digestAlgorithm: The hash function that made it.
    ///   - signatureAlgorithm: How the key signs it.
    package init(
        digest: [UInt8], digestAlgorithm: ExternalDigestAlgorithm, signatureAlgorithm: ExternalSignatureAlgorithm
    ) {
        self.digest = digest
        self.digestAlgorithm = digestAlgorithm
        self.signatureAlgorithm = signatureAlgorithm
    }
}

/// The hash function of an external signature. Signet signs with SHA-256 only.
public enum ExternalDigestAlgorithm: String, Sendable, Hashable, Codable, CaseIterable {
    /// SHA-256 (a 32-byte digest), OID 2.16.840.1.101.3.4.2.1.
    case sha256
}

/// How an external signer signs a digest; the names are those of `SIGNET_SIGNATURE_ALGORITHM`.
public enum ExternalSignatureAlgorithm: String, Sendable, Hashable, Codable, CaseIterable {
    /// RSASSA-PKCS1-v1_5: the answer is the key's modulus size in bytes.
    case rsaPKCS1 = "rsa-pkcs1"
    /// RSASSA-PSS with MGF1 over the same hash and a salt as long as the digest (32 bytes).
    case rsaPSS = "rsa-pss"
    /// ECDSA: the answer is a DER ECDSA-Sig-Value or the raw r‖s (each half the curve's size).
    case ecdsa
}
