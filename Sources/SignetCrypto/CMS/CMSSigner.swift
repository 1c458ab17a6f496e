import COpenSSL
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
        let chain = try CertificateStack(identity.chain)
        let flags = UInt32(CMS_PARTIAL | CMS_DETACHED | CMS_BINARY | CMS_NOSMIMECAP)
        let cms = CMSMessage(taking: try OpenSSL.notNull(CMS_sign(nil, nil, chain.pointer, nil, flags), "CMS_sign"))
        let signer = try OpenSSL.notNull(
            CMS_add1_signer(
                cms.pointer, identity.certificate.pointer, identity.publicKey.pointer, digest.md,
                flags | UInt32(CMS_CADES)),
            "CMS_add1_signer")
        try withExtendedLifetime(cms) {
            try addAttributes(to: signer, digest: contentDigest, signingTime: signingTime)
            let signedAttributes = try encodedSignedAttributes(of: signer)
            if identity.rsaPadding == .pss, identity.publicKey.algorithm == "RSA" { try namePSS(in: signer) }
            let signature =
                sizingOnly
                ? [UInt8](repeating: 0xFF, count: identity.publicKey.maximumSignatureSize)
                : try identity.sign(signedAttributes)
            let slot = try OpenSSL.notNull(CMS_SignerInfo_get0_signature(signer), "CMS_SignerInfo_get0_signature")
            try OpenSSL.check(ASN1_STRING_set(slot, signature, Int32(signature.count)), "ASN1_STRING_set(signature)")
            if let timestamping {
                let token = try timestamping.token(over: signature)
                try OpenSSL.check(
                    CMS_unsigned_add1_attr_by_NID(
                        signer, NID_id_smime_aa_timeStampToken, V_ASN1_SEQUENCE, token, Int32(token.count)),
                    "CMS_unsigned_add1_attr_by_NID(signature-time-stamp)")
            }
        }
        return try cms.der
    }

    /// CMS_add1_signer names rsaEncryption (PKCS#1 v1.5); a PSS signature needs id-RSASSA-PSS
    /// with its parameters (RFC 4056 §2.2).
    private static func namePSS(in signer: OpaquePointer) throws {
        var algorithm: UnsafeMutablePointer<X509_ALGOR>?
        CMS_SignerInfo_get0_algs(signer, nil, nil, nil, &algorithm)
        let parameters = try OpenSSL.notNull(ASN1_STRING_new(), "ASN1_STRING_new")
        guard ASN1_STRING_set(parameters, RSAPadding.pssParameters, Int32(RSAPadding.pssParameters.count)) == 1,
            X509_ALGOR_set0(algorithm, OBJ_nid2obj(NID_rsassaPss), V_ASN1_SEQUENCE, parameters) == 1
        else {
            ASN1_STRING_free(parameters)
            throw OpenSSL.failure("X509_ALGOR_set0(RSASSA-PSS)")
        }
    }

    private static func addAttributes(to signer: OpaquePointer, digest: [UInt8], signingTime: Date?) throws {
        try OpenSSL.check(
            CMS_signed_add1_attr_by_NID(
                signer, NID_pkcs9_contentType, V_ASN1_OBJECT, UnsafeRawPointer(OBJ_nid2obj(NID_pkcs7_data)), -1),
            "CMS_signed_add1_attr_by_NID(content-type)")
        try OpenSSL.check(
            CMS_signed_add1_attr_by_NID(
                signer, NID_pkcs9_messageDigest, V_ASN1_OCTET_STRING, digest, Int32(digest.count)),
            "CMS_signed_add1_attr_by_NID(message-digest)")
        if let signingTime {
            let time = try ASN1Time(signingTime)
            try OpenSSL.check(
                CMS_signed_add1_attr_by_NID(signer, NID_pkcs9_signingTime, time.type, time.pointer, -1),
                "CMS_signed_add1_attr_by_NID(signing-time)")
        }
    }

    /// The signed attributes as the DER SET OF that the signature covers.
    private static func encodedSignedAttributes(of signer: OpaquePointer) throws -> [UInt8] {
        let count = CMS_signed_get_attr_count(signer)
        guard count > 0 else { throw OpenSSL.failure("CMS_signed_get_attr_count") }
        let attributes = try (0..<count).map { index -> [UInt8] in
            let attribute = try OpenSSL.notNull(CMS_signed_get_attr(signer, index), "CMS_signed_get_attr")
            return try OpenSSL.encode("i2d_X509_ATTRIBUTE") { i2d_X509_ATTRIBUTE(attribute, $0) }
        }
        return DER.set(of: attributes)
    }
}
