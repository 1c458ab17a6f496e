import FoundationEssentials

/// Builds a detached CMS SignedData (RFC 5652) over a digest computed elsewhere, so the content
/// is streamed once by the caller and never handed to OpenSSL.
///
/// Signed attributes: content-type (id-data), message-digest, signing-certificate-v2 (ESS,
/// RFC 5035) and, when `signingTime` is given, signing-time. PAdES B-B forbids signing-time, and
/// OpenSSL's `CMS_SignerInfo_sign` always adds one, so the attributes are DER-encoded and signed here —
/// by the identity's key, which may be on a PKCS#11 token: OpenSSL only sees the certificate's
/// public key (`CMS_add1_signer` with `CMS_PARTIAL` uses it to name the algorithms, never to sign).
/// With a timestamp authority (PAdES B-T), its checked token over the signature value is added as
/// the unsigned attribute id-aa-signatureTimeStampToken (RFC 3161 appendix A).
package enum CMSSigner {
    /// The digest algorithm of every signature Signet makes.
    package static let digest = DigestAlgorithm.sha256

    /// DER bytes of the SignedData. `digest` is the SHA-256 of the signed content; `timestamping`,
    /// when given, is asked for the signature timestamp. With `sizingOnly` the key is not used:
    /// the signature value is a placeholder as long as the longest signature the key can make, so
    /// a dry run that only measures the CMS never asks a token (a smart card, perhaps a PIN
    /// prompt) for a signature that is thrown away.
    package static func sign(
        digest contentDigest: [UInt8], identity: SigningIdentity, signingTime: Date?,
        timestamping: TimestampAuthority? = nil, sizingOnly: Bool = false
    ) throws -> [UInt8] {
        precondition(contentDigest.count == digest.size, "message digest must be SHA-256")
        let cms = try CMSMessage.partialDetachedSignedData(certificates: identity.chain)
        let signer = try cms.addSigner(identity.certificate, publicKey: identity.publicKey, digest: digest)
        try signer.addSignedAttributes(messageDigest: contentDigest, signingTime: signingTime)
        let signedAttributes = try signer.signedAttributesToSign()
        if identity.rsaPadding == .pss, identity.publicKey.algorithm == "RSA" {
            try signer.nameRSASSAPSS(parameters: RSAPadding.pssParameters)
        }
        let signature =
            sizingOnly
            ? [UInt8](repeating: 0xFF, count: identity.publicKey.maximumSignatureSize)
            : try identity.sign(signedAttributes)
        try signer.setSignatureValue(signature)
        if let timestamping {
            try signer.addUnsigned(.signatureTimestampToken, value: try timestamping.token(over: signature))
        }
        return try cms.der
    }
}
