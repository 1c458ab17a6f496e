import COpenSSL
import FoundationEssentials

/// Building a detached SignedData whose signature value is made elsewhere (`CMSSigner`): OpenSSL
/// lays out the structure (`CMS_PARTIAL`), never signs and never sees the content.
extension CMSMessage {
    private static let partialDetached = UInt32(CMS_PARTIAL | CMS_DETACHED | CMS_BINARY | CMS_NOSMIMECAP)

    /// An unfinished detached SignedData carrying `certificates` (the chain), without a signer yet.
    static func partialDetachedSignedData(certificates: [Certificate]) throws -> CMSMessage {
        let chain = try CertificateStack(certificates)
        return CMSMessage(
            taking: try OpenSSL.notNull(CMS_sign(nil, nil, chain.pointer, nil, partialDetached), "CMS_sign"))
    }

    /// Adds the SignerInfo of `certificate` with digest `digest`. `publicKey` (the certificate's)
    /// only names the algorithms; the CAdES flag adds the signing-certificate-v2 attribute.
    func addSigner(_ certificate: Certificate, publicKey: PrivateKey, digest: DigestAlgorithm) throws -> SignerInfo {
        let signer = try OpenSSL.notNull(
            CMS_add1_signer(
                pointer, certificate.pointer, publicKey.pointer, digest.md, Self.partialDetached | UInt32(CMS_CADES)),
            "CMS_add1_signer")
        return SignerInfo(pointer: signer, message: self)
    }
}

extension SignerInfo {
    /// Adds the signed attributes content-type (id-data), message-digest (`messageDigest`) and,
    /// when given, signing-time.
    func addSignedAttributes(messageDigest: [UInt8], signingTime: Date?) throws {
        try OpenSSL.check(
            CMS_signed_add1_attr_by_NID(
                pointer, NID_pkcs9_contentType, V_ASN1_OBJECT, UnsafeRawPointer(OBJ_nid2obj(NID_pkcs7_data)), -1),
            "CMS_signed_add1_attr_by_NID(content-type)")
        try OpenSSL.check(
            CMS_signed_add1_attr_by_NID(
                pointer, NID_pkcs9_messageDigest, V_ASN1_OCTET_STRING, messageDigest, Int32(messageDigest.count)),
            "CMS_signed_add1_attr_by_NID(message-digest)")
        if let signingTime {
            let time = try ASN1Time(signingTime)
            try OpenSSL.check(
                CMS_signed_add1_attr_by_NID(pointer, NID_pkcs9_signingTime, time.type, time.pointer, -1),
                "CMS_signed_add1_attr_by_NID(signing-time)")
        }
    }

    /// The signed attributes as the DER SET OF that the signature covers (sorted, as DER encodes a
    /// SET OF and as OpenSSL will write them).
    func signedAttributesToSign() throws -> [UInt8] {
        let attributes = try signedAttributes()
        guard !attributes.isEmpty else { throw OpenSSL.failure("CMS_signed_get_attr_count") }
        return DER.set(of: attributes)
    }

    /// Names id-RSASSA-PSS with `parameters` (the DER RSASSA-PSS-params) as the signature
    /// algorithm, in place of the rsaEncryption `CMS_add1_signer` names (RFC 4056 §2.2).
    func nameRSASSAPSS(parameters: [UInt8]) throws {
        var algorithm: UnsafeMutablePointer<X509_ALGOR>?
        CMS_SignerInfo_get0_algs(pointer, nil, nil, nil, &algorithm)
        let value = try OpenSSL.notNull(ASN1_STRING_new(), "ASN1_STRING_new")
        guard ASN1_STRING_set(value, parameters, Int32(parameters.count)) == 1,
            X509_ALGOR_set0(algorithm, OBJ_nid2obj(NID_rsassaPss), V_ASN1_SEQUENCE, value) == 1
        else {
            ASN1_STRING_free(value)
            throw OpenSSL.failure("X509_ALGOR_set0(RSASSA-PSS)")
        }
    }

    /// Sets the signature value.
    func setSignatureValue(_ signature: [UInt8]) throws {
        let slot = try OpenSSL.notNull(CMS_SignerInfo_get0_signature(pointer), "CMS_SignerInfo_get0_signature")
        try OpenSSL.check(ASN1_STRING_set(slot, signature, Int32(signature.count)), "ASN1_STRING_set(signature)")
    }

    /// Adds an unsigned attribute whose single value is the SEQUENCE `value` (DER).
    func addUnsigned(_ attribute: SequenceAttribute, value: [UInt8]) throws {
        try OpenSSL.check(
            CMS_unsigned_add1_attr_by_NID(pointer, attribute.nid, V_ASN1_SEQUENCE, value, Int32(value.count)),
            "CMS_unsigned_add1_attr_by_NID(\(attribute))")
    }
}
