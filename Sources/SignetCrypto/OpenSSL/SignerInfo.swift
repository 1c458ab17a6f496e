import COpenSSL
import FoundationEssentials

/// A view of one `CMS_SignerInfo`, borrowed from the `CMSMessage` it keeps alive.
struct SignerInfo {
    let pointer: OpaquePointer
    let message: CMSMessage

    /// The digestAlgorithm's object identifier.
    var digestAlgorithm: OpaquePointer? {
        var algorithm: UnsafeMutablePointer<X509_ALGOR>?
        CMS_SignerInfo_get0_algs(pointer, nil, nil, &algorithm, nil)
        return Self.object(of: algorithm)
    }

    /// The signatureAlgorithm's object identifier (rsaEncryption, ecdsa-with-SHA256, ED25519 …).
    var signatureAlgorithm: OpaquePointer? {
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
    func signedValue(_ nid: Int32, type: Int32) -> UnsafeMutableRawPointer? {
        defer { OpenSSL.clearErrors() }
        return CMS_signed_get0_data_by_OBJ(pointer, OBJ_nid2obj(nid), -3, type)
    }

    /// The bytes of a signed OCTET STRING attribute, or the whole DER of a SEQUENCE one.
    func signedBytes(_ nid: Int32, type: Int32) -> [UInt8]? {
        signedValue(nid, type: type).flatMap {
            OpenSSL.bytes(of: UnsafePointer($0.assumingMemoryBound(to: ASN1_STRING.self)))
        }
    }

    /// The whole DER of the single SEQUENCE value of an unsigned attribute (a timestamp token).
    func unsignedSequence(_ nid: Int32) -> [UInt8]? {
        defer { OpenSSL.clearErrors() }
        let raw = CMS_unsigned_get0_data_by_OBJ(pointer, OBJ_nid2obj(nid), -3, V_ASN1_SEQUENCE)
        return raw.flatMap { OpenSSL.bytes(of: UnsafePointer($0.assumingMemoryBound(to: ASN1_STRING.self))) }
    }

    /// True when an unsigned attribute of this type is present at all.
    func hasUnsigned(_ nid: Int32) -> Bool {
        defer { OpenSSL.clearErrors() }
        return CMS_unsigned_get_attr_by_NID(pointer, nid, -1) >= 0
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
    var contentTypeAttribute: OpaquePointer? {
        signedValue(NID_pkcs9_contentType, type: V_ASN1_OBJECT).map { OpaquePointer($0) }
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
        let count = CMS_signed_get_attr_count(pointer)
        var content: [UInt8] = []
        for index in 0..<max(count, 0) {
            let attribute = try OpenSSL.notNull(CMS_signed_get_attr(pointer, index), "CMS_signed_get_attr")
            content += try OpenSSL.encode("i2d_X509_ATTRIBUTE") { i2d_X509_ATTRIBUTE(attribute, $0) }
        }
        return DERLength.wrap(0x31, content)
    }

    private static func object(of algorithm: UnsafeMutablePointer<X509_ALGOR>?) -> OpaquePointer? {
        guard let algorithm else { return nil }
        var object: OpaquePointer?
        X509_ALGOR_get0(&object, nil, nil, algorithm)
        return object
    }
}

/// DER tag-length-value framing.
enum DERLength {
    static func wrap(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        var length: [UInt8] = []
        if content.count < 0x80 {
            length = [UInt8(content.count)]
        } else {
            var n = content.count
            while n > 0 {
                length.insert(UInt8(n & 0xFF), at: 0)
                n >>= 8
            }
            length.insert(0x80 | UInt8(length.count), at: 0)
        }
        return [tag] + length + content
    }
}
