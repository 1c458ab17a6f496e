import COpenSSL
import FoundationEssentials

/// A view of one `CMS_SignerInfo`, borrowed from the `CMSMessage` it keeps alive.
struct SignerInfo {
    let pointer: OpaquePointer
    let message: CMSMessage

    /// The digestAlgorithm's object identifier.
    var digestAlgorithm: ObjectID? {
        var algorithm: UnsafeMutablePointer<X509_ALGOR>?
        CMS_SignerInfo_get0_algs(pointer, nil, nil, &algorithm, nil)
        return Self.object(of: algorithm)
    }

    /// The signatureAlgorithm's object identifier (rsaEncryption, ecdsa-with-SHA256, ED25519 …).
    var signatureAlgorithm: ObjectID? {
        var algorithm: UnsafeMutablePointer<X509_ALGOR>?
        CMS_SignerInfo_get0_algs(pointer, nil, nil, nil, &algorithm)
        return Self.object(of: algorithm)
    }

    /// The signer's certificate, once `CMSMessage.attachSignerCertificates` found it.
    func signerCertificate() throws -> Certificate? {
        var signer: OpaquePointer?
        CMS_SignerInfo_get0_algs(pointer, nil, &signer, nil, nil)
        return try signer.map { try Certificate(retaining: $0) }
    }

    var hasSignedAttributes: Bool { CMS_signed_get_attr_count(pointer) >= 0 }

    /// The signature value octets.
    var signatureValue: [UInt8]? {
        OpenSSL.bytes(of: CMS_SignerInfo_get0_signature(pointer).map { UnsafePointer($0) })
    }

    /// The single value of a signed attribute, as ASN.1 type `type`; `nil` when absent (or repeated).
    private func signedValue(_ nid: Int32, type: Int32) -> UnsafeMutableRawPointer? {
        defer { OpenSSL.clearErrors() }
        return CMS_signed_get0_data_by_OBJ(pointer, OBJ_nid2obj(nid), -3, type)
    }

    /// The bytes of a signed OCTET STRING attribute, or the whole DER of a SEQUENCE one.
    private func signedBytes(_ nid: Int32, type: Int32) -> [UInt8]? {
        signedValue(nid, type: type).flatMap {
            OpenSSL.bytes(of: UnsafePointer($0.assumingMemoryBound(to: ASN1_STRING.self)))
        }
    }

    /// The message-digest attribute's octets.
    var messageDigest: [UInt8]? { signedBytes(NID_pkcs9_messageDigest, type: V_ASN1_OCTET_STRING) }

    /// The whole DER of the single value of a signed attribute.
    func signedSequence(_ attribute: SequenceAttribute) -> [UInt8]? {
        signedBytes(attribute.nid, type: V_ASN1_SEQUENCE)
    }

    /// The whole DER of the single value of an unsigned attribute (a timestamp token).
    func unsignedSequence(_ attribute: SequenceAttribute) -> [UInt8]? {
        defer { OpenSSL.clearErrors() }
        let raw = CMS_unsigned_get0_data_by_OBJ(pointer, OBJ_nid2obj(attribute.nid), -3, V_ASN1_SEQUENCE)
        return raw.flatMap { OpenSSL.bytes(of: UnsafePointer($0.assumingMemoryBound(to: ASN1_STRING.self))) }
    }

    /// True when an unsigned attribute of this type is present at all.
    func hasUnsigned(_ attribute: SequenceAttribute) -> Bool {
        defer { OpenSSL.clearErrors() }
        return CMS_unsigned_get_attr_by_NID(pointer, attribute.nid, -1) >= 0
    }

    /// The signing-time attribute.
    var signingTime: Date? {
        for type in [V_ASN1_UTCTIME, V_ASN1_GENERALIZEDTIME] {
            if let raw = signedValue(NID_pkcs9_signingTime, type: type) {
                return Certificate.date(raw.assumingMemoryBound(to: ASN1_TIME.self))
            }
        }
        return nil
    }

    /// The content-type attribute's object identifier.
    var contentTypeAttribute: ObjectID? {
        signedValue(NID_pkcs9_contentType, type: V_ASN1_OBJECT).map { ObjectID(OpaquePointer($0)) }
    }

    /// OpenSSL's check of the signature over the signed attributes: 1 verifies, 0 does not,
    /// negative when OpenSSL could not run the check (an algorithm it cannot use here).
    func verifySignedAttributes() -> (status: Int32, reason: String) {
        OpenSSL.clearErrors()
        let status = CMS_SignerInfo_verify(pointer)
        let reason = status == 1 ? "" : OpenSSL.failure("CMS_SignerInfo_verify").summary
        return (status, reason)
    }

    /// The DER of the signed attributes as a SET (what the signature is made over).
    /// Each attribute is re-encoded in the order it was read (OpenSSL keeps that order).
    func signedAttributesDER() throws -> [UInt8] {
        let content = try signedAttributes().flatMap { $0 }
        return [0x31] + DER.length(content.count) + content
    }

    /// Whether the signed attributes came in DER order (a SET OF sorted, X.690 §11.6), the only
    /// order whose encoding RFC 5652 §5.4 signs.
    func signedAttributesInDEROrder() throws -> Bool {
        try DER.set(of: signedAttributes()) == signedAttributesDER()
    }

    /// The DER of each signed attribute, in the order OpenSSL holds them.
    func signedAttributes() throws -> [[UInt8]] {
        try (0..<max(CMS_signed_get_attr_count(pointer), 0)).map { index in
            let attribute = try OpenSSL.notNull(CMS_signed_get_attr(pointer, index), "CMS_signed_get_attr")
            return try OpenSSL.encode("i2d_X509_ATTRIBUTE") { i2d_X509_ATTRIBUTE(attribute, $0) }
        }
    }

    private static func object(of algorithm: UnsafeMutablePointer<X509_ALGOR>?) -> ObjectID? {
        guard let algorithm else { return nil }
        var object: OpaquePointer?
        X509_ALGOR_get0(&object, nil, nil, algorithm)
        return object.map(ObjectID.init)
    }
}

/// The CMS attributes whose single value is a SEQUENCE Signet reads or adds whole, as DER.
enum SequenceAttribute {
    /// ESS signing-certificate (RFC 2634: SHA-1 certificate hashes).
    case signingCertificate
    /// ESS signing-certificate-v2 (RFC 5035: any hash).
    case signingCertificateV2
    /// id-aa-signatureTimeStampToken: an RFC 3161 token over the signature value (RFC 3161 appendix A).
    case signatureTimestampToken

    var nid: Int32 {
        switch self {
        case .signingCertificate: NID_id_smime_aa_signingCertificate
        case .signingCertificateV2: NID_id_smime_aa_signingCertificateV2
        case .signatureTimestampToken: NID_id_smime_aa_timeStampToken
        }
    }
}
